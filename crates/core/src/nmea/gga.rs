//! GGA — Global Positioning System Fix Data: time, position, fix quality, satellites, HDOP,
//! altitude.
//!
//! ```text
//!        1         2       3 4        5 6 7  8   9    10 11  12 13  14
//!        |         |       | |        | | |  |   |    |  |   |  |   |
//! $--GGA,hhmmss.ss,ddmm.mm,a,dddmm.mm,a,x,xx,x.x,x.x,M,x.x,M,x.x,xxxx*hh
//!  1 UTC time          6 quality: 0 none, 1 GPS, 2 DGPS, 4 RTK fixed, 5 RTK float, ...
//!  2-3 latitude, N/S   7 satellites used       9-10 altitude above MSL, metres
//!  4-5 longitude, E/W  8 HDOP                  11-12 geoid separation, metres
//! ```
//! SPEC §5: at least 10 comma-separated parts (the address and fields 1–9), and non-empty
//! time, latitude and longitude.

use super::Outcome;
use super::fields::{decimal, integer, latitude, longitude, time_of_day_ms};
use super::sentence::Sentence;
use super::state::{FixQuality, GpsState};

/// Applies a GGA to the state.
pub fn apply(s: &Sentence, state: &mut GpsState) -> Outcome {
    if s.len() + 1 < 10 {
        return Outcome::Rejected;
    }
    let quality = FixQuality::from_gga(s.field(6));
    let (Some(time), Some(lat), Some(lon)) = (
        time_of_day_ms(s.field(1)),
        latitude(s.field(2), s.field(3)),
        longitude(s.field(4), s.field(5)),
    ) else {
        // No usable position. A receiver that says quality 0 has lost its fix: say so, with
        // its time, rather than keep showing the last fix as current.
        if s.field(6) == b"0" {
            state.fix = FixQuality::NoFix;
            if let Some(time) = time_of_day_ms(s.field(1)) {
                state.time_ms = Some(time);
            }
        }
        return Outcome::Rejected;
    };
    state.time_ms = Some(time);
    state.lat = Some(lat);
    state.lon = Some(lon);
    state.fix = quality;
    state.satellites = integer(s.field(7));
    state.hdop = decimal(s.field(8));
    state.alt_m = decimal(s.field(9));
    Outcome::Position
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gga(line: &str) -> (Outcome, GpsState) {
        let mut state = GpsState::default();
        let outcome = apply(&Sentence::parse(line.as_bytes()).unwrap(), &mut state);
        (outcome, state)
    }

    #[test]
    fn reads_the_classic_example() {
        let (o, s) = gga("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47");
        assert_eq!(o, Outcome::Position);
        assert_eq!(s.time_text().as_deref(), Some("12:35:19.000"));
        assert!((s.lat.unwrap() - 48.1173).abs() < 1e-9);
        assert!((s.lon.unwrap() - 11.516_666_667).abs() < 1e-9);
        assert_eq!(s.fix, FixQuality::GpsFix);
        assert_eq!(s.satellites, Some(8));
        assert_eq!(s.hdop, Some(0.9));
        assert_eq!(s.alt_m, Some(545.4));
    }

    #[test]
    fn quality_codes_follow_the_spec() {
        for (q, label) in [
            ("0", "No Fix"),
            ("1", "GPS Fix"),
            ("2", "DGPS Fix"),
            ("4", "DGPS Fix"),
            ("5", "DGPS Fix"),
            // SPEC §5: anything other than 0 or 1 is DGPS Fix, an empty field too.
            ("", "DGPS Fix"),
            ("9", "DGPS Fix"),
        ] {
            let (_, s) = gga(&format!(
                "$GNGGA,132819.60,4134.4979546,N,09345.0343141,W,{q},12,0.7,278.161,M,-31.0,M,,"
            ));
            assert_eq!(s.fix.label(), label, "quality {q}");
        }
    }

    #[test]
    fn needs_ten_parts_and_a_time_and_position() {
        // 9 parts: the address and 8 fields.
        assert_eq!(
            gga("$GPGGA,123519,4807.038,N,01131.000,E,1,08").0,
            Outcome::Rejected
        );
        // Exactly 10 parts is enough.
        assert_eq!(
            gga("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4").0,
            Outcome::Position
        );
        assert_eq!(
            gga("$GPGGA,,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,").0,
            Outcome::Rejected
        );
        assert_eq!(
            gga("$GPGGA,123519,,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,").0,
            Outcome::Rejected
        );
        assert_eq!(
            gga("$GPGGA,123519,4807.038,N,,E,1,08,0.9,545.4,M,46.9,M,,").0,
            Outcome::Rejected
        );
    }

    #[test]
    fn an_empty_no_fix_gga_clears_the_fix() {
        let mut state = GpsState {
            fix: FixQuality::GpsFix,
            ..GpsState::default()
        };
        let s = Sentence::parse(b"$GPGGA,,,,,,0,,,,M,,M,,*66").unwrap();
        assert_eq!(apply(&s, &mut state), Outcome::Rejected);
        assert_eq!(state.fix, FixQuality::NoFix);
        // With a time, the state says when the fix was lost (motorola-t805.log line 38).
        let s = Sentence::parse(b"$GPGGA,212619.000,,,,,0,00,50.0,,M,0.0,M,,0000*42").unwrap();
        apply(&s, &mut state);
        assert_eq!(state.time_text().as_deref(), Some("21:26:19.000"));
    }

    #[test]
    fn south_and_west_are_negative() {
        let (_, s) =
            gga("$GPGGA,034225.077,3356.4650,S,15124.5567,W,1,03,9.7,-25.0,M,21.0,M,,0000");
        assert!(s.lat.unwrap() < 0.0 && s.lon.unwrap() < 0.0);
        assert_eq!(s.alt_m, Some(-25.0));
    }
}
