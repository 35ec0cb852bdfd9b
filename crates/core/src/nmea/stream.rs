//! [`NmeaStream`]: bytes in chunks of any size → sentences → the merged [`GpsState`].
//!
//! Framing: a line ends at CR or LF (so CRLF, LF and CR all work); a sentence may be split
//! anywhere across chunks and several may arrive in one. A partial line is carried in a
//! buffer of at most [`MAX_LINE_BYTES`]; a longer run without a line ending (line noise from
//! a wrong baud rate) is counted and dropped, so memory never grows. A `$` inside a line
//! starts a new sentence (two sentences collided on the wire): each part is judged alone.

use super::gsv::SkyView;
use super::raw::RawRing;
use super::sentence::{Reject, Sentence};
use super::state::GpsState;
use super::{Outcome, gga, gsa, gst, rmc, vtg};

/// Longest line carried between chunks. NMEA allows 82 bytes; proprietary sentences run
/// longer, and nothing legitimate comes near this.
pub const MAX_LINE_BYTES: usize = 256;

/// Which sentence produced a position update.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PositionKind {
    Gga,
    Rmc,
}

impl PositionKind {
    pub const fn name(self) -> &'static str {
        match self {
            Self::Gga => "GGA",
            Self::Rmc => "RMC",
        }
    }
}

/// Counters a surveyor (or the CLI summary) reads to judge the link.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Candidate sentences: text starting with `$`.
    pub sentences: u64,
    /// Sentences used: every position update plus every quality update.
    pub accepted: u64,
    /// Of those, GGA and RMC position updates.
    pub positions: u64,
    /// Sentences whose checksum did not match: never used.
    pub bad_checksum: u64,
    /// Supported sentences that failed the rules (too few fields, no position, void).
    pub rejected: u64,
    /// Well-formed sentences of other types or talkers.
    pub ignored: u64,
    /// Lines, or the start of lines, not beginning with `$` (SPEC §5: ignored with a warning).
    pub not_nmea: u64,
    /// Runs of more than [`MAX_LINE_BYTES`] without a line ending, dropped.
    pub overlong: u64,
}

/// The streaming engine. Create one per receiver connection.
#[derive(Debug, Clone, Default)]
pub struct NmeaStream {
    carry: Vec<u8>,
    discarding: bool,
    state: GpsState,
    sky: SkyView,
    gga_seen: bool,
    stats: Stats,
    raw: RawRing,
}

impl NmeaStream {
    pub fn new() -> Self {
        Self::default()
    }

    pub const fn state(&self) -> &GpsState {
        &self.state
    }

    pub const fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The last [`super::RAW_SENTENCES`] sentences, oldest first.
    pub fn raw_sentences(&self) -> Vec<String> {
        self.raw.sentences()
    }

    /// Feeds a chunk of bytes. `on_position` runs after every accepted GGA or RMC with the
    /// merged state. Returns how many position updates the chunk produced.
    pub fn push(
        &mut self,
        chunk: &[u8],
        mut on_position: impl FnMut(PositionKind, &GpsState),
    ) -> u32 {
        let before = self.stats.positions;
        let mut rest = chunk;
        while !rest.is_empty() {
            let end = rest.iter().position(|&b| b == b'\n' || b == b'\r');
            let (segment, terminated) = match end {
                Some(i) => (&rest[..i], true),
                None => (rest, false),
            };
            rest = end.map_or(&[][..], |i| &rest[i + 1..]);
            if self.carry.is_empty() && !self.discarding && terminated {
                self.line(segment, &mut on_position); // the common case: no copy
                continue;
            }
            self.carry_segment(segment);
            if terminated {
                let line = std::mem::take(&mut self.carry);
                if !self.discarding {
                    self.line(&line, &mut on_position);
                }
                self.carry = line;
                self.carry.clear();
                self.discarding = false;
            }
        }
        u32::try_from(self.stats.positions - before).unwrap_or(u32::MAX)
    }

    /// Ends the input: a last line without a line ending is judged as it is.
    pub fn finish(&mut self, mut on_position: impl FnMut(PositionKind, &GpsState)) {
        if !self.discarding && !self.carry.is_empty() {
            let line = std::mem::take(&mut self.carry);
            self.line(&line, &mut on_position);
        }
        self.carry.clear();
        self.discarding = false;
    }

    fn carry_segment(&mut self, segment: &[u8]) {
        if self.discarding {
            return;
        }
        if self.carry.len() + segment.len() > MAX_LINE_BYTES {
            self.stats.overlong += 1;
            self.discarding = true;
            self.carry.clear();
        } else {
            self.carry.extend_from_slice(segment);
        }
    }

    /// One line without its ending: split at every `$`, judge each sentence.
    fn line(&mut self, line: &[u8], on_position: &mut impl FnMut(PositionKind, &GpsState)) {
        if line.len() > MAX_LINE_BYTES {
            self.stats.overlong += 1;
            return;
        }
        let mut rest = line;
        if rest.first() != Some(&b'$') {
            if rest.is_empty() {
                return;
            }
            self.stats.not_nmea += 1;
            match rest.iter().position(|&b| b == b'$') {
                Some(i) => rest = &rest[i..],
                None => return,
            }
        }
        while !rest.is_empty() {
            let next = rest[1..]
                .iter()
                .position(|&b| b == b'$')
                .map_or(rest.len(), |i| i + 1);
            self.sentence(&rest[..next], on_position);
            rest = &rest[next..];
        }
    }

    fn sentence(&mut self, text: &[u8], on_position: &mut impl FnMut(PositionKind, &GpsState)) {
        self.stats.sentences += 1;
        self.raw.push(text);
        let sentence = match Sentence::parse(text) {
            Ok(s) => s,
            Err(Reject::BadChecksum) => {
                self.stats.bad_checksum += 1;
                return;
            }
            Err(Reject::BadAddress | Reject::NoDollar) => {
                self.stats.rejected += 1;
                return;
            }
        };
        let (outcome, kind) = self.dispatch(&sentence);
        match outcome {
            Outcome::Position => {
                self.stats.accepted += 1;
                self.stats.positions += 1;
                if let Some(kind) = kind {
                    on_position(kind, &self.state);
                }
            }
            Outcome::Quality => self.stats.accepted += 1,
            Outcome::Rejected => self.stats.rejected += 1,
            Outcome::Ignored => self.stats.ignored += 1,
        }
    }

    fn dispatch(&mut self, s: &Sentence) -> (Outcome, Option<PositionKind>) {
        let gnss = is_gnss_talker(s.talker);
        let position_talker = s.is_gps_or_gnss();
        match &s.kind {
            b"GGA" if position_talker => {
                self.gga_seen = true;
                (gga::apply(s, &mut self.state), Some(PositionKind::Gga))
            }
            b"RMC" if position_talker => (
                rmc::apply(s, &mut self.state, self.gga_seen),
                Some(PositionKind::Rmc),
            ),
            b"VTG" if position_talker => (vtg::apply(s, &mut self.state), None),
            b"GST" if position_talker => (gst::apply(s, &mut self.state), None),
            b"GSA" if gnss => (gsa::apply(s, &mut self.state), None),
            b"GSV" if gnss => (self.sky.apply(s, &mut self.state), None),
            _ => (Outcome::Ignored, None),
        }
    }
}

/// Talkers of satellite systems: GPS, GLONASS, Galileo, BeiDou (two spellings), QZSS,
/// NavIC, and the combined GN. Their GSA and GSV describe the sky; position comes only from
/// GP and GN (SPEC §5).
fn is_gnss_talker(t: [u8; 2]) -> bool {
    matches!(
        &t,
        b"GP" | b"GN" | b"GL" | b"GA" | b"GB" | b"BD" | b"GQ" | b"QZ" | b"GI"
    )
}
