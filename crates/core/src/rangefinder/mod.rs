//! Laser rangefinders (issue 15 point 4; review §1): what a height reading looks like when
//! it arrives from the instrument rather than from the keyboard.
//!
//! - [`pltit`]: one LTI/TruPulse `$PLTIT` sentence (HV, HT, ML, ID): checksum, F/Y/M units
//!   to metres, the second decimal's target-quality flag.
//! - [`stream`]: [`PltitStream`], serial bytes in chunks of any size → readings, bounded
//!   like the NMEA engine.
//! - [`three_shot`]: the 3-shot height H = HD·(tan θtop − tan θbase) from three HV shots.
//! - [`ble`]: Leica DISTO and Bosch GLM Bluetooth LE payloads.
#![allow(clippy::doc_markdown)] // product names (TruPulse, CaveSurvey) are not code

pub mod ble;
pub mod pltit;
pub mod stream;
pub mod three_shot;

pub use pltit::{
    Distance, LaserUnit, MIN_HEIGHT_SHOT_DEG, PltitError, PltitSentence, VerticalRise,
};
pub use stream::{PltitStream, RangefinderEvent};
pub use three_shot::ThreeShot;

/// The TruPulse serial preset (manual pp. 28–29; NMEA 0183 data rate and bit format):
/// 4800 baud, 8 data bits, no parity, 1 stop bit.
pub const DEFAULT_BAUD: u32 = 4800;
