//! VTG — Course Over Ground and Ground Speed.
//!
//! ```text
//!        1   2 3   4 5   6 7   8 9
//!        |   | |   | |   | |   | |
//! $--VTG,x.x,T,x.x,M,x.x,N,x.x,K,m*hh
//!  1 course, degrees true   3 course, magnetic   5 speed, knots   7 speed, km/h
//!  9 mode (NMEA 2.3: N = not valid)
//! ```

use super::Outcome;
use super::fields::decimal;
use super::rmc::KNOTS_TO_KMH;
use super::sentence::Sentence;
use super::state::GpsState;

pub fn apply(s: &Sentence, state: &mut GpsState) -> Outcome {
    if s.field(9) == b"N" {
        return Outcome::Rejected;
    }
    // Knots first, converted as the SPEC converts RMC's: the km/h field is rounded to fewer
    // significant digits by most receivers (hemi.log: `0.04,N,0.07,K`).
    let speed_kmh = decimal(s.field(5))
        .map(|kn| kn * KNOTS_TO_KMH)
        .or_else(|| decimal(s.field(7)));
    let Some(speed_kmh) = speed_kmh else {
        return Outcome::Rejected;
    };
    state.speed_kmh = Some(speed_kmh);
    if let Some(course) = decimal(s.field(1)) {
        state.course_deg = Some(course);
    }
    Outcome::Quality
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_course_and_knots() {
        let mut state = GpsState::default();
        let s = Sentence::parse(b"$GPVTG,054.7,T,034.4,M,005.5,N,010.2,K*48").unwrap();
        assert_eq!(apply(&s, &mut state), Outcome::Quality);
        assert_eq!(state.course_deg, Some(54.7));
        // 5.5 kn × 1.852 = 10.186 km/h (the sentence's own km/h field says 10.2).
        assert!((state.speed_kmh.unwrap() - 10.186).abs() < 1e-9);
    }

    #[test]
    fn falls_back_to_kmh_and_rejects_invalid_mode() {
        let mut state = GpsState::default();
        apply(
            &Sentence::parse(b"$GPVTG,10.0,T,,M,,N,3.7,K").unwrap(),
            &mut state,
        );
        assert_eq!(state.speed_kmh, Some(3.7));
        let mut fresh = GpsState::default();
        let void = Sentence::parse(b"$GPVTG,,T,,M,0.0,N,0.0,K,N").unwrap();
        assert_eq!(apply(&void, &mut fresh), Outcome::Rejected);
    }
}
