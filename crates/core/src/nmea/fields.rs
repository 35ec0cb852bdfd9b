//! Field-level parsing shared by every sentence: numbers, NMEA coordinates, UTC time and
//! date. Hand-written over bytes (no UTF-8 checks, no allocation) because it runs for every
//! field of every sentence of a 10–20 Hz stream.

/// Powers of ten exactly representable as `f64`, for decimal fractions.
const POW10: [f64; 19] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18,
];

/// Parses an unsigned decimal such as `123.4567` into its digits and the count of digits after
/// the point. `None` for an empty field, a sign, a second point, any other byte, or more than
/// 18 significant digits.
fn digits(field: &[u8]) -> Option<(u64, usize)> {
    if field.is_empty() || field.len() > 19 {
        return None;
    }
    let mut mantissa: u64 = 0;
    let mut point = None;
    for (i, &b) in field.iter().enumerate() {
        let digit = b.wrapping_sub(b'0');
        if digit < 10 {
            mantissa = mantissa * 10 + u64::from(digit);
        } else if b == b'.' && point.is_none() {
            point = Some(i);
        } else {
            return None;
        }
    }
    match point {
        Some(_) if field.len() == 1 => None, // "." alone
        Some(p) => Some((mantissa, field.len() - 1 - p)),
        None => Some((mantissa, 0)),
    }
}

/// A decimal number with an optional leading sign (`-12.5`, `+3`, `0.9`).
///
/// The mantissa and the power of ten are both exact in `f64`, so the one division rounds
/// correctly: the result equals Rust's own `str::parse::<f64>` for these inputs.
pub fn decimal(field: &[u8]) -> Option<f64> {
    let (negative, rest) = match field.first() {
        Some(b'-') => (true, &field[1..]),
        Some(b'+') => (false, &field[1..]),
        _ => (false, field),
    };
    let (mantissa, decimals) = digits(rest)?;
    #[allow(clippy::cast_precision_loss)]
    // at most 18 digits: below 2^63, exact to 2^53 and rounded beyond
    let value = mantissa as f64 / POW10[decimals];
    Some(if negative { -value } else { value })
}

/// An unsigned integer field (`08`, `12`).
pub fn integer(field: &[u8]) -> Option<u32> {
    let (mantissa, decimals) = digits(field)?;
    if decimals > 0 {
        return None;
    }
    u32::try_from(mantissa).ok()
}

/// A latitude field pair (`4807.038`, `N`) as signed decimal degrees; `S` negates.
pub fn latitude(value: &[u8], hemisphere: &[u8]) -> Option<f64> {
    match hemisphere {
        b"N" | b"S" => coordinate(value, hemisphere, 90.0),
        _ => None,
    }
}

/// A longitude field pair (`01131.000`, `E`) as signed decimal degrees; `W` negates.
pub fn longitude(value: &[u8], hemisphere: &[u8]) -> Option<f64> {
    match hemisphere {
        b"E" | b"W" => coordinate(value, hemisphere, 180.0),
        _ => None,
    }
}

/// An NMEA coordinate `(d)ddmm.mmmm` and its hemisphere letter, as signed decimal degrees.
/// South and west negate (SPEC §5). `None` when empty or malformed, or beyond `max_degrees`.
pub fn coordinate(value: &[u8], hemisphere: &[u8], max_degrees: f64) -> Option<f64> {
    let sign = match hemisphere {
        b"N" | b"E" => 1.0,
        b"S" | b"W" => -1.0,
        _ => return None,
    };
    // One pass: all digits as an integer, then split it. For `4530.10259`: 453010259 with 5
    // decimals → 45 degrees and 3010259 / 10^5 = 30.10259 minutes, exactly as parsing the
    // minutes text would give.
    let (mantissa, decimals) = digits(value)?;
    let integer_digits = value.len() - decimals - usize::from(decimals > 0);
    if integer_digits < 3 {
        return None; // at least one degree digit and two minute digits
    }
    let scale = 10u64.checked_pow(u32::try_from(decimals + 2).ok()?)?;
    let degrees = u32::try_from(mantissa / scale).ok()?;
    #[allow(clippy::cast_precision_loss)] // minutes × 10^decimals: far below 2^53 for real fields
    let minutes = (mantissa % scale) as f64 / POW10[decimals];
    if minutes >= 60.0 {
        return None;
    }
    let result = f64::from(degrees) + minutes / 60.0;
    (result <= max_degrees).then_some(sign * result)
}

/// UTC time of day `hhmmss(.sss)` in milliseconds since midnight.
/// A leap second (`ss` = 60) is accepted, as receivers send it.
pub fn time_of_day_ms(field: &[u8]) -> Option<u32> {
    if field.len() < 6 {
        return None;
    }
    let two = |i: usize| -> Option<u32> {
        let (a, b) = (field[i].wrapping_sub(b'0'), field[i + 1].wrapping_sub(b'0'));
        (a < 10 && b < 10).then(|| u32::from(a) * 10 + u32::from(b))
    };
    let (h, m, s) = (two(0)?, two(2)?, two(4)?);
    if h > 23 || m > 59 || s > 60 {
        return None;
    }
    let mut ms = 0;
    if field.len() > 6 {
        if field[6] != b'.' {
            return None;
        }
        let frac = &field[7..];
        if frac.is_empty() {
            // `hhmmss.` is odd but unambiguous
        } else {
            let (fraction, _) = digits(frac).filter(|&(_, point)| point == 0)?;
            // Keep milliseconds: scale the fraction to three digits, truncating beyond.
            ms = match frac.len() {
                1 => fraction * 100,
                2 => fraction * 10,
                3 => fraction,
                n => fraction / 10u64.pow(u32::try_from(n - 3).ok()?),
            };
            if ms > 999 {
                return None;
            }
        }
    }
    let ms = u32::try_from(ms).ok()?;
    Some(((h * 60 + m) * 60 + s) * 1000 + ms)
}

/// UTC date `ddmmyy` as `(year, month, day)`. Two-digit years 80–99 are 1980–1999, the rest
/// 2000–2079 (GPS did not exist before 1980). A day the month does not have (31 April,
/// 29 February 2001) is refused.
pub fn date(field: &[u8]) -> Option<(u16, u8, u8)> {
    if field.len() != 6 {
        return None;
    }
    let (value, decimals) = digits(field)?;
    if decimals > 0 {
        return None;
    }
    let day = u8::try_from(value / 10_000).ok()?;
    let month = u8::try_from(value / 100 % 100).ok()?;
    let yy = u16::try_from(value % 100).ok()?;
    if !(1..=31).contains(&day) || !(1..=12).contains(&month) {
        return None;
    }
    let year = if yy >= 80 { 1900 + yy } else { 2000 + yy };
    (day <= days_in_month(year, month)).then_some((year, month, day))
}

/// Days in `month` (1–12) of `year`, Gregorian.
pub fn days_in_month(year: u16, month: u8) -> u8 {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Formats milliseconds since midnight as `hh:mm:ss.sss`. A leap second (what
/// [`time_of_day_ms`] reads from `235960`, 86 400 000 ms and up) is `23:59:60.sss`.
pub fn format_time(ms: u32) -> String {
    if ms >= 86_400_000 {
        return format!("23:59:60.{:03}", ms % 1000);
    }
    format!(
        "{:02}:{:02}:{:02}.{:03}",
        ms / 3_600_000,
        ms / 60_000 % 60,
        ms / 1000 % 60,
        ms % 1000
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leap_second_is_23_59_60() {
        let ms = time_of_day_ms(b"235960.250").unwrap();
        assert_eq!(format_time(ms), "23:59:60.250");
        assert_eq!(
            format_time(time_of_day_ms(b"235959").unwrap()),
            "23:59:59.000"
        );
    }

    #[test]
    fn impossible_dates_are_refused() {
        assert_eq!(date(b"290201"), None, "2001 is not a leap year");
        assert_eq!(date(b"310499"), None, "April has 30 days");
        assert_eq!(date(b"290200"), Some((2000, 2, 29)), "2000 is a leap year");
        assert_eq!(date(b"310199"), Some((1999, 1, 31)));
    }

    #[test]
    fn decimals_match_the_standard_library() {
        for s in [
            "0",
            "12.5",
            "-25.0",
            "00016",
            "278.161",
            "0.0004",
            "123456.789012345",
        ] {
            let ours = decimal(s.as_bytes()).unwrap();
            let std: f64 = s.parse().unwrap();
            assert_eq!(ours.to_bits(), std.to_bits(), "{s}");
        }
    }

    #[test]
    fn malformed_numbers_are_rejected() {
        for s in ["", "-", ".", "1.2.3", "1e5", "A", " 1", "12,"] {
            assert_eq!(decimal(s.as_bytes()), None, "{s:?}");
        }
    }

    #[test]
    fn coordinates_follow_ddmm_and_negate_south_and_west() {
        // 4807.038 N = 48 + 7.038/60 (the classic NMEA example).
        let lat = coordinate(b"4807.038", b"N", 90.0).unwrap();
        assert!((lat - 48.1173).abs() < 1e-12);
        let lon = coordinate(b"01131.000", b"W", 180.0).unwrap();
        assert!((lon + 11.516_666_666_666_667).abs() < 1e-12);
        assert!(coordinate(b"3356.4650", b"S", 90.0).unwrap() < 0.0);
        assert_eq!(coordinate(b"4807.038", b"", 90.0), None);
        assert_eq!(coordinate(b"A", b"S", 90.0), None);
        assert_eq!(coordinate(b"4875.000", b"N", 90.0), None, "60+ minutes");
        assert_eq!(coordinate(b"9100.000", b"N", 90.0), None, "beyond the pole");
    }

    #[test]
    fn time_of_day_keeps_milliseconds() {
        assert_eq!(time_of_day_ms(b"123519"), Some(45_319_000));
        assert_eq!(time_of_day_ms(b"132819.60"), Some(48_499_600));
        assert_eq!(time_of_day_ms(b"235946.005"), Some(86_386_005));
        assert_eq!(
            time_of_day_ms(b"235960.000"),
            Some(86_400_000),
            "leap second"
        );
        assert_eq!(time_of_day_ms(b"246000"), None);
        assert_eq!(time_of_day_ms(b"12:35"), None);
        assert_eq!(format_time(48_499_600), "13:28:19.600");
    }

    #[test]
    fn dates_use_a_gps_era_century() {
        assert_eq!(date(b"180320"), Some((2020, 3, 18)));
        assert_eq!(date(b"230394"), Some((1994, 3, 23)));
        assert_eq!(date(b"320320"), None);
        assert_eq!(date(b"18032"), None);
    }
}
