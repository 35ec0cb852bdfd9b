//! The merged GPS state of SPEC §3, updated sentence by sentence.

use super::fields::format_time;

/// The receiver's own statement of fix quality (GGA field 6), in the SPEC's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FixQuality {
    /// GGA quality 0, or no fix reported yet.
    #[default]
    NoFix,
    /// GGA quality 1.
    GpsFix,
    /// Any other GGA quality (2 DGPS, 4 RTK fixed, 5 RTK float, ..., or empty).
    DgpsFix,
}

impl FixQuality {
    /// From the GGA quality field: `0` No Fix, `1` GPS Fix, anything else DGPS Fix (SPEC §5),
    /// an empty field included: the SPEC names only `0` as No Fix.
    pub fn from_gga(field: &[u8]) -> Self {
        match field {
            b"0" => Self::NoFix,
            b"1" => Self::GpsFix,
            _ => Self::DgpsFix,
        }
    }

    /// The SPEC's label: 'No Fix', 'GPS Fix' or 'DGPS Fix'.
    pub const fn label(self) -> &'static str {
        match self {
            Self::NoFix => "No Fix",
            Self::GpsFix => "GPS Fix",
            Self::DgpsFix => "DGPS Fix",
        }
    }

    /// 0, 1, 2: the compact code sent to JavaScript.
    pub const fn code(self) -> u8 {
        match self {
            Self::NoFix => 0,
            Self::GpsFix => 1,
            Self::DgpsFix => 2,
        }
    }
}

/// A UTC calendar date from RMC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl Date {
    /// `YYYY-MM-DD`.
    pub fn iso(self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// Everything known about the receiver's position, merged from every accepted sentence.
/// `None` means "not reported yet" (or reported empty).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GpsState {
    /// UTC time of day of the last accepted GGA/RMC, in milliseconds since midnight.
    pub time_ms: Option<u32>,
    pub date: Option<Date>,
    /// Decimal degrees, north positive.
    pub lat: Option<f64>,
    /// Decimal degrees, east positive.
    pub lon: Option<f64>,
    /// Antenna altitude above mean sea level, metres (GGA).
    pub alt_m: Option<f64>,
    /// Ground speed, km/h (RMC knots × 1.852, or VTG).
    pub speed_kmh: Option<f64>,
    /// Course over ground, degrees true.
    pub course_deg: Option<f64>,
    /// Satellites used in the fix (GGA).
    pub satellites: Option<u32>,
    pub fix: FixQuality,
    pub hdop: Option<f64>,
    /// GSA fix type: 1 none, 2 = 2D, 3 = 3D.
    pub fix_type: Option<u8>,
    pub pdop: Option<f64>,
    pub vdop: Option<f64>,
    /// Satellites in view over all constellations (GSV).
    pub sats_in_view: Option<u32>,
    /// Mean and best signal-to-noise ratio of the satellites in view, dB-Hz (GSV).
    pub snr_mean: Option<f64>,
    pub snr_max: Option<f64>,
    /// 1-sigma position error, metres (GST).
    pub err_lat_m: Option<f64>,
    pub err_lon_m: Option<f64>,
    pub err_alt_m: Option<f64>,
}

impl GpsState {
    /// The time as the SPEC and the CLI print it: `hh:mm:ss.sss`.
    pub fn time_text(&self) -> Option<String> {
        self.time_ms.map(format_time)
    }

    /// Whether the state holds a position the receiver currently vouches for.
    pub fn has_fix(&self) -> bool {
        self.fix != FixQuality::NoFix && self.lat.is_some() && self.lon.is_some()
    }
}
