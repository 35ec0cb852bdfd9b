//! RMC — Recommended Minimum Specific GNSS Data: time, status, position, speed, course, date.
//!
//! ```text
//!        1         2 3       4 5        6 7   8   9      10  11 12 13
//!        |         | |       | |        | |   |   |      |   |  |  |
//! $--RMC,hhmmss.ss,A,ddmm.mm,a,dddmm.mm,a,x.x,x.x,ddmmyy,x.x,a,m,s*hh
//!  1 UTC time   2 status: A valid, V void   3-4 latitude   5-6 longitude
//!  7 speed over ground, knots   8 course over ground, degrees true   9 UTC date
//!  10-11 magnetic variation   12 mode (NMEA 2.3: A autonomous, D differential, N not valid)
//! ```
//! SPEC §5: at least 9 comma-separated parts (the address and fields 1–8); knots × 1.852.

use super::Outcome;
use super::fields::{date, decimal, latitude, longitude, time_of_day_ms};
use super::sentence::Sentence;
use super::state::{Date, FixQuality, GpsState};

/// Knots to km/h (SPEC §9).
pub const KNOTS_TO_KMH: f64 = 1.852;

/// Applies an RMC to the state. `gga_seen`: whether this receiver sends GGA, whose quality
/// field then owns the fix; an RMC-only receiver's valid RMC counts as a GPS fix.
pub fn apply(s: &Sentence, state: &mut GpsState, gga_seen: bool) -> Outcome {
    if s.len() + 1 < 9 {
        return Outcome::Rejected;
    }
    if s.field(2) != b"A" || s.field(12) == b"N" {
        // Only status A is valid data: V (void), or anything else, is never used for a fix.
        // The receiver's clock still tells when the fix was lost.
        state.fix = FixQuality::NoFix;
        if let Some(time) = time_of_day_ms(s.field(1)) {
            state.time_ms = Some(time);
        }
        return Outcome::Rejected;
    }
    // A date that cannot be (31 April, 29 February 2001) makes the sentence suspect: refused
    // whole, so no fix is stamped with it or with the previous date. An empty one is allowed.
    let day = date(s.field(9));
    let (Some(time), Some(lat), Some(lon), true) = (
        time_of_day_ms(s.field(1)),
        latitude(s.field(3), s.field(4)),
        longitude(s.field(5), s.field(6)),
        day.is_some() || s.field(9).is_empty(),
    ) else {
        return Outcome::Rejected;
    };
    state.time_ms = Some(time);
    state.lat = Some(lat);
    state.lon = Some(lon);
    state.speed_kmh = decimal(s.field(7)).map(|knots| knots * KNOTS_TO_KMH);
    state.course_deg = decimal(s.field(8));
    if let Some((year, month, day)) = day {
        state.date = Some(Date { year, month, day });
    }
    if !gga_seen {
        state.fix = FixQuality::GpsFix;
    }
    Outcome::Position
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rmc(line: &str) -> (Outcome, GpsState) {
        let mut state = GpsState::default();
        let outcome = apply(&Sentence::parse(line.as_bytes()).unwrap(), &mut state, true);
        (outcome, state)
    }

    #[test]
    fn reads_position_speed_course_and_date() {
        let (o, s) = rmc("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A");
        assert_eq!(o, Outcome::Position);
        assert!((s.lat.unwrap() - 48.1173).abs() < 1e-9);
        // 22.4 kn × 1.852 = 41.4848 km/h
        assert!((s.speed_kmh.unwrap() - 41.4848).abs() < 1e-9);
        assert_eq!(s.course_deg, Some(84.4));
        assert_eq!(s.date.unwrap().iso(), "1994-03-23");
    }

    #[test]
    fn an_impossible_date_refuses_the_sentence() {
        for day in ["290201", "310499"] {
            let line = format!("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,{day},003.1,W");
            let (o, s) = rmc(&line);
            assert_eq!(o, Outcome::Rejected, "{day}");
            assert_eq!(
                (s.lat, s.date),
                (None, None),
                "{day}: nothing taken from it"
            );
        }
        assert_eq!(
            rmc("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,290200,003.1,W").0,
            Outcome::Position,
            "2000 was a leap year"
        );
    }

    #[test]
    fn needs_nine_parts() {
        assert_eq!(
            rmc("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4").0,
            Outcome::Rejected
        );
        assert_eq!(
            rmc("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4").0,
            Outcome::Position
        );
    }

    #[test]
    fn a_void_rmc_is_never_a_fix() {
        let mut state = GpsState {
            fix: FixQuality::GpsFix,
            ..GpsState::default()
        };
        let s = Sentence::parse(b"$GPRMC,225446,V,4916.45,N,12311.12,W,000.5,054.7,191194,020.3,E")
            .unwrap();
        assert_eq!(apply(&s, &mut state, false), Outcome::Rejected);
        assert_eq!(state.fix, FixQuality::NoFix);
        assert_eq!(state.lat, None);
        assert_eq!(state.time_text().as_deref(), Some("22:54:46.000"));
    }

    #[test]
    fn an_rmc_only_receiver_gets_a_gps_fix() {
        let mut state = GpsState::default();
        let s = Sentence::parse(b"$GPRMC,225446,A,4916.45,N,12311.12,W,000.5,054.7,191194,020.3,E")
            .unwrap();
        assert_eq!(apply(&s, &mut state, false), Outcome::Position);
        assert_eq!(state.fix, FixQuality::GpsFix);
    }
}
