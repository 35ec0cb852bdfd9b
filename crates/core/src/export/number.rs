//! Fixed-decimal number text for exports (SPEC §9 "Export number formats"), byte for byte
//! what JavaScript's `Number.prototype.toFixed` gives, so exports read the same whether the
//! app wrote them before or after the core did.
//!
//! `toFixed` rounds the exact binary value of the number (not its shortest decimal form):
//! the result is the nearest multiple of 10^-d, and an exact tie goes up in magnitude.
//! A negative number that rounds to zero keeps its sign (`-0.000`), as in JavaScript.
//!
//! The fast path scales by 10^d and rounds; it is exact whenever the scaled value is not
//! within its own rounding error of a half. Near a half, the exact decimal expansion of the
//! number decides (Rust prints it exactly with enough digits).

/// Decimal places of each SPEC §9 quantity.
pub mod decimals {
    pub const HEIGHT: usize = 3;
    pub const GPS_ALTITUDE: usize = 1;
    pub const LAT_LON: usize = 6;
    pub const SPEED: usize = 1;
    pub const HEADING: usize = 1;
    pub const WIDTH_LENGTH: usize = 3;
}

const POW10: [f64; 10] = [1.0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];
const POW10_U64: [u64; 10] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
    1_000_000_000,
];

/// Appends `x` with `decimals` places (at most 9), as `x.toFixed(decimals)` would.
/// Nothing is appended for NaN or infinities (an empty cell).
///
/// ```
/// use clearway_core::export::number::push_fixed;
/// let mut out = Vec::new();
/// push_fixed(&mut out, -73.5, 6);
/// out.push(b' ');
/// push_fixed(&mut out, 1.005, 2); // 1.005 is 1.00499999999999989... in binary
/// out.push(b' ');
/// push_fixed(&mut out, 0.125, 2); // an exact tie goes up
/// assert_eq!(out, b"-73.500000 1.00 0.13");
/// ```
#[inline]
pub fn push_fixed(out: &mut Vec<u8>, x: f64, decimals: usize) {
    if !x.is_finite() {
        return;
    }
    let d = decimals.min(9);
    let magnitude = x.abs();
    let scaled = magnitude * POW10[d];
    if scaled < 4.0e15 {
        let floor = scaled.floor();
        let frac = scaled - floor;
        // The product is within half an ulp of the exact scaled value; stay well clear.
        if (frac - 0.5).abs() > scaled * 4.5e-16 + 1e-300 {
            // Below 2^52, so exact in u64.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let n = floor as u64 + u64::from(frac > 0.5);
            push_scaled(out, x < 0.0, n, d);
            return;
        }
    }
    push_fixed_exact(out, x, d);
}

/// [`push_fixed`] near a half or for large magnitudes, kept out of line.
#[cold]
#[inline(never)]
fn push_fixed_exact(out: &mut Vec<u8>, x: f64, d: usize) {
    if x < 0.0 {
        out.push(b'-');
    }
    let magnitude = x.abs();
    if magnitude < 1e21 {
        push_exact(out, magnitude, d);
    } else {
        // JavaScript falls back to its shortest representation here; so do we.
        out.extend_from_slice(magnitude.to_string().as_bytes());
    }
}

/// [`push_fixed`] into a new `String`.
pub fn fixed(x: f64, decimals: usize) -> String {
    let mut out = Vec::with_capacity(24);
    push_fixed(&mut out, x, decimals);
    String::from_utf8(out).unwrap_or_default()
}

/// Appends `-n / 10^d` or `n / 10^d` with `d` decimals (`n` below 10^16): composed right to
/// left in a small buffer, then appended in one copy. With `d` known where it is inlined,
/// the divisions by 10 become multiplications.
#[inline]
fn push_scaled(out: &mut Vec<u8>, negative: bool, mut n: u64, d: usize) {
    // At most 16 digits, the point and the sign.
    let mut text = [0u8; 24];
    let mut at = text.len();
    for _ in 0..d {
        at -= 1;
        text[at] = digit(n);
        n /= 10;
    }
    if d > 0 {
        at -= 1;
        text[at] = b'.';
    }
    loop {
        at -= 1;
        text[at] = digit(n);
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if negative {
        at -= 1;
        text[at] = b'-';
    }
    out.extend_from_slice(&text[at..]);
}

/// The last decimal digit of `n`, as ASCII.
#[inline]
fn digit(n: u64) -> u8 {
    // A single decimal digit.
    #[allow(clippy::cast_possible_truncation)]
    let d = (n % 10) as u8;
    b'0' + d
}

/// Appends the decimal digits of `n`.
pub fn push_u64(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        // A single decimal digit.
        #[allow(clippy::cast_possible_truncation)]
        {
            digits[i] = b'0' + (n % 10) as u8;
        }
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// The slow, exact path: round the exact decimal expansion of `magnitude` (< 1e21) at `d`
/// places, a half going up.
fn push_exact(out: &mut Vec<u8>, magnitude: f64, d: usize) {
    // Doubles of this magnitude have at most ~1074 fractional digits, but a tie at digit
    // d + 1 ends there, and nothing below 10^-100 can lift digit d + 1 to a 5.
    let exact = format!("{magnitude:.120}");
    let (int, frac) = exact.split_once('.').unwrap_or((&exact, ""));
    let mut n: u128 = 0;
    for b in int.bytes().chain(frac.bytes().take(d)) {
        n = n * 10 + u128::from(b - b'0');
    }
    if frac.as_bytes().get(d).is_some_and(|&b| b >= b'5') {
        n += 1;
    }
    let scale = u128::from(POW10_U64[d]);
    let text = (n / scale).to_string();
    out.extend_from_slice(text.as_bytes());
    if d > 0 {
        out.push(b'.');
        let frac_digits = format!("{:0width$}", n % scale, width = d);
        out.extend_from_slice(frac_digits.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_checked_against_node_to_fixed() {
        // Each expected text is what Node 20 prints for `x.toFixed(d)`.
        let cases: &[(f64, usize, &str)] = &[
            (4.25, 3, "4.250"),
            (101.45, 1, "101.5"), // 101.4500000000000028...
            (0.05, 1, "0.1"),     // 0.05000000000000000277...
            (2.5, 0, "3"),
            (-2.5, 0, "-3"),
            (1.45, 1, "1.4"), // 1.4499999999999999556...
            (45.123_456_5, 6, "45.123457"),
            (-0.0001, 3, "-0.000"),
            (0.0, 3, "0.000"),
            (-0.0, 1, "0.0"),
            (1e20, 2, "100000000000000000000.00"),
            (123_456_789.987_654_3, 6, "123456789.987654"),
            (359.95, 1, "359.9"), // 359.94999999999998863...
            (8.345, 2, "8.35"),   // 8.3450000000000006394...
            (1.0005, 3, "1.000"), // 1.000499999999999945...
        ];
        for &(x, d, want) in cases {
            assert_eq!(fixed(x, d), want, "{x}.toFixed({d})");
        }
    }

    proptest::proptest! {
        #[test]
        fn the_fast_path_agrees_with_the_exact_expansion(
            x in -1.0e9f64..1.0e9, d in 0usize..=9,
        ) {
            let mut fast = Vec::new();
            push_fixed(&mut fast, x, d);
            let mut exact = Vec::new();
            if x < 0.0 {
                exact.push(b'-');
            }
            push_exact(&mut exact, x.abs(), d);
            proptest::prop_assert_eq!(fast, exact);
        }
    }

    #[test]
    fn non_finite_values_are_empty_cells() {
        assert_eq!(fixed(f64::NAN, 3), "");
        assert_eq!(fixed(f64::INFINITY, 1), "");
    }

    #[test]
    fn integers_print_plainly() {
        let mut out = Vec::new();
        push_u64(&mut out, 0);
        out.push(b',');
        push_u64(&mut out, 18_446_744_073_709_551_615);
        assert_eq!(out, b"0,18446744073709551615");
    }
}
