//! A streaming NMEA 0183 engine: serial bytes in chunks of any size → the merged GPS state.
//!
//! - [`NmeaStream`] frames lines (CR, LF or CRLF; bounded length), verifies checksums and
//!   dispatches each sentence to its file below;
//! - [`GpsState`] is the merged state of SPEC §3;
//! - position comes from GGA and RMC with the `GP` or `GN` talker only (SPEC §5); GSA, GSV,
//!   VTG and GST add what a surveyor needs to judge the fix (DOPs, satellites in view and
//!   their signal, speed, the receiver's own error estimate).

pub mod fields;
mod gga;
mod gsa;
mod gst;
mod gsv;
mod raw;
mod rmc;
mod sentence;
mod state;
mod stream;
mod vtg;

pub use fields::format_time;
pub use raw::RAW_SENTENCES;
pub use rmc::KNOTS_TO_KMH;
pub use sentence::{Reject, Sentence};
pub use state::{Date, FixQuality, GpsState};
pub use stream::{MAX_LINE_BYTES, NmeaStream, PositionKind, Stats};

/// What one sentence did to the state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// A GGA or RMC updated the position.
    Position,
    /// Another supported sentence updated fix-quality details.
    Quality,
    /// A supported sentence failed the SPEC's rules (too few fields, empty position, ...).
    Rejected,
    /// A well-formed sentence of a type or talker the engine does not use.
    Ignored,
}
