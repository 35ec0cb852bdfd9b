use clearway_core::nmea::{GpsState, NmeaStream as CoreStream, Stats};
use wasm_bindgen::prelude::*;

/// The slots of the state array, in order. JavaScript reads the names once
/// (`nmeaStateFields()`) and indexes the array by them; `NaN` means unknown.
const FIELDS: [&str; 28] = [
    "timeMs",
    "date",
    "latitude",
    "longitude",
    "altitude",
    "speedKmh",
    "course",
    "satellites",
    "fixQuality",
    "hdop",
    "fixType",
    "pdop",
    "vdop",
    "satsInView",
    "snrMean",
    "snrMax",
    "errLatM",
    "errLonM",
    "errAltM",
    "sentences",
    "valid",
    "accepted",
    "positions",
    "badChecksum",
    "rejected",
    "ignored",
    "notNmea",
    "overlong",
];

/// Names of the slots `NmeaStream.readState` fills, comma-separated.
#[wasm_bindgen(js_name = nmeaStateFields)]
pub fn nmea_state_fields() -> String {
    FIELDS.join(",")
}

/// A streaming NMEA parser for one receiver connection. Free it with `free()`.
#[wasm_bindgen]
pub struct NmeaStream {
    inner: CoreStream,
}

#[wasm_bindgen]
impl NmeaStream {
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)] // a JS constructor, not a Rust API
    pub fn new() -> Self {
        Self {
            inner: CoreStream::new(),
        }
    }

    /// Feeds serial bytes (any chunking). Returns how many GGA/RMC position updates they made.
    pub fn push(&mut self, bytes: &[u8]) -> u32 {
        self.inner.push(bytes, |_, _| {})
    }

    /// Ends the input: judges a last line that had no line ending.
    pub fn finish(&mut self) -> u32 {
        let before = self.inner.stats().positions;
        self.inner.finish(|_, _| {});
        u32::try_from(self.inner.stats().positions - before).unwrap_or(u32::MAX)
    }

    /// Writes the merged state and the counters into `out` (at least 28 slots; see
    /// `nmeaStateFields`).
    #[wasm_bindgen(js_name = readState)]
    pub fn read_state(&self, out: &mut [f64]) {
        let values = slots(self.inner.state(), self.inner.stats());
        let n = out.len().min(values.len());
        out[..n].copy_from_slice(&values[..n]);
    }

    /// The last 20 sentences, oldest first, one per line.
    #[wasm_bindgen(js_name = rawSentences)]
    pub fn raw_sentences(&self) -> String {
        self.inner.raw_sentences().join("\n")
    }
}

#[allow(clippy::cast_precision_loss)] // counters stay far below 2^53
fn slots(s: &GpsState, st: &Stats) -> [f64; 28] {
    let n = |v: Option<f64>| v.unwrap_or(f64::NAN);
    let u = |v: Option<u32>| v.map_or(f64::NAN, f64::from);
    let date = s
        .date
        .map(|d| f64::from(d.year) * 10_000.0 + f64::from(d.month) * 100.0 + f64::from(d.day));
    [
        u(s.time_ms),
        n(date),
        n(s.lat),
        n(s.lon),
        n(s.alt_m),
        n(s.speed_kmh),
        n(s.course_deg),
        u(s.satellites),
        f64::from(s.fix.code()),
        n(s.hdop),
        s.fix_type.map_or(f64::NAN, f64::from),
        n(s.pdop),
        n(s.vdop),
        u(s.sats_in_view),
        n(s.snr_mean),
        n(s.snr_max),
        n(s.err_lat_m),
        n(s.err_lon_m),
        n(s.err_alt_m),
        st.sentences as f64,
        st.valid as f64,
        st.accepted as f64,
        st.positions as f64,
        st.bad_checksum as f64,
        st.rejected as f64,
        st.ignored as f64,
        st.not_nmea as f64,
        st.overlong as f64,
    ]
}
