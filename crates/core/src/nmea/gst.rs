//! GST — GNSS Pseudorange Error Statistics: the receiver's own estimate of position error.
//!
//! ```text
//!        1         2   3   4   5   6   7   8
//!        |         |   |   |   |   |   |   |
//! $--GST,hhmmss.ss,x.x,x.x,x.x,x.x,x.x,x.x,x.x*hh
//!  1 UTC time  2 RMS of ranges  3-5 error ellipse (semi-major, semi-minor m, orientation)
//!  6 latitude error σ, m   7 longitude error σ, m   8 altitude error σ, m
//! ```

use super::Outcome;
use super::fields::decimal;
use super::sentence::Sentence;
use super::state::GpsState;

pub fn apply(s: &Sentence, state: &mut GpsState) -> Outcome {
    if s.len() < 8 {
        return Outcome::Rejected;
    }
    let (lat, lon) = (decimal(s.field(6)), decimal(s.field(7)));
    if lat.is_none() && lon.is_none() {
        return Outcome::Rejected;
    }
    state.err_lat_m = lat;
    state.err_lon_m = lon;
    state.err_alt_m = decimal(s.field(8));
    Outcome::Quality
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_error_sigmas() {
        let mut state = GpsState::default();
        let s = Sentence::parse(b"$GPGST,172814.0,0.006,0.023,0.020,273.6,0.023,0.020,0.031*6A")
            .unwrap();
        assert_eq!(apply(&s, &mut state), Outcome::Quality);
        assert_eq!(
            (state.err_lat_m, state.err_lon_m, state.err_alt_m),
            (Some(0.023), Some(0.020), Some(0.031))
        );
    }
}
