//! GSA — GNSS DOP and Active Satellites: fix type and dilution of precision.
//!
//! ```text
//!        1 2 3-14 (satellite ids)         15  16  17  18
//!        | | |                            |   |   |   |
//! $--GSA,a,x,xx,xx,xx,xx,xx,xx,xx,xx,xx,xx,xx,xx,x.x,x.x,x.x,h*hh
//!  1 mode: M manual, A automatic   2 fix type: 1 none, 2 = 2D, 3 = 3D
//!  15 PDOP  16 HDOP  17 VDOP  18 system id (NMEA 4.1)
//! ```

use super::Outcome;
use super::fields::{decimal, integer};
use super::sentence::Sentence;
use super::state::GpsState;

pub fn apply(s: &Sentence, state: &mut GpsState) -> Outcome {
    let Some(fix_type) = integer(s.field(2))
        .and_then(|t| u8::try_from(t).ok())
        .filter(|t| (1..=3).contains(t))
    else {
        return Outcome::Rejected;
    };
    if s.len() < 17 {
        return Outcome::Rejected;
    }
    state.fix_type = Some(fix_type);
    state.pdop = decimal(s.field(15));
    state.hdop = decimal(s.field(16)).or(state.hdop);
    state.vdop = decimal(s.field(17));
    Outcome::Quality
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_fix_type_and_dops() {
        let mut state = GpsState::default();
        let s = Sentence::parse(b"$GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1*39").unwrap();
        assert_eq!(apply(&s, &mut state), Outcome::Quality);
        assert_eq!(state.fix_type, Some(3));
        assert_eq!(
            (state.pdop, state.hdop, state.vdop),
            (Some(2.5), Some(1.3), Some(2.1))
        );
    }

    #[test]
    fn an_unknown_fix_type_is_rejected() {
        let mut state = GpsState::default();
        let s = Sentence::parse(b"$GPGSA,A,,,,,,,,,,,,,,,,").unwrap();
        assert_eq!(apply(&s, &mut state), Outcome::Rejected);
        assert_eq!(state.fix_type, None);
    }
}
