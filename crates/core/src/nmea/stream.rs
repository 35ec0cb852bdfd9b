//! [`NmeaStream`]: bytes in chunks of any size → sentences → the merged [`GpsState`].
//!
//! Framing: a sentence starts at `$` and ends at CR or LF (so CRLF, LF and CR all work) or at
//! the next `$` (two sentences collided on the wire, as gpsd's packet layer also resyncs).
//! Text before a `$` on a line is line noise, counted once per run (SPEC §5: ignored with a
//! warning). A sentence may be split anywhere across chunks and several may arrive in one;
//! only an unfinished sentence is carried over, in a buffer of at most [`MAX_LINE_BYTES`]:
//! a longer one is counted and dropped, so memory never grows.

use super::gsv::SkyView;
use super::raw::RawRing;
use super::sentence::{Reject, Scan, Sentence};
use super::state::GpsState;
use super::{Outcome, gga, gsa, gst, rmc, vtg};

/// Longest sentence carried between chunks. NMEA allows 82 bytes; proprietary sentences run
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
    /// Of those, real NMEA: a well-formed address and a checksum that matches (or none),
    /// whatever the sentence says and whether or not it is used. SPEC §4's "NMEA data
    /// arriving": a talking receiver, with or without a fix.
    pub valid: u64,
    /// Sentences used: every position update plus every quality update.
    pub accepted: u64,
    /// Of those, GGA and RMC position updates.
    pub positions: u64,
    /// Sentences whose checksum did not match: never used.
    pub bad_checksum: u64,
    /// Of the valid sentences, those with no `*hh` checksum at all. They are used, as gpsd
    /// uses them (its packet layer: "checksum passed or not present") and as SPEC §5 says
    /// (the checksum is verified when present), and counted here so a log or a link that
    /// drops checksums shows it.
    pub no_checksum: u64,
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
    /// An unfinished sentence from the previous chunk (starts with `$`).
    carry: Vec<u8>,
    /// Dropping an overlong sentence up to its end.
    discarding: bool,
    /// Inside a run of text that is not a sentence, up to the next `$` or line ending.
    in_noise: bool,
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

    /// Bytes held for an unfinished sentence: never more than [`MAX_LINE_BYTES`].
    pub fn buffered_bytes(&self) -> usize {
        self.carry.len()
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
        if self.discarding || !self.carry.is_empty() {
            let Some(end) = end_of_sentence(rest) else {
                self.carry_more(rest);
                return 0;
            };
            self.carry_more(&rest[..end]);
            if !self.discarding {
                let carried = std::mem::take(&mut self.carry);
                if let Scan::Complete { sentence, .. } = Sentence::scan(&carried, true) {
                    self.judge(&carried, sentence, &mut on_position);
                }
                self.carry = carried;
            }
            self.carry.clear();
            self.discarding = false;
            rest = &rest[end..];
        }
        let used = self.drain(rest, &mut on_position);
        self.carry_more(&rest[used..]);
        u32::try_from(self.stats.positions - before).unwrap_or(u32::MAX)
    }

    /// Ends the input: a last sentence without a line ending is judged as it is.
    pub fn finish(&mut self, mut on_position: impl FnMut(PositionKind, &GpsState)) {
        if !self.discarding && !self.carry.is_empty() {
            let carried = std::mem::take(&mut self.carry);
            if let Scan::Complete { sentence, .. } = Sentence::scan(&carried, true) {
                self.judge(&carried, sentence, &mut on_position);
            }
        }
        self.carry.clear();
        self.discarding = false;
        self.in_noise = false;
    }

    /// Judges every complete sentence at the start of `bytes`; returns how many bytes it used.
    /// What is left is the start of a sentence that continues in the next chunk.
    fn drain(
        &mut self,
        bytes: &[u8],
        on_position: &mut impl FnMut(PositionKind, &GpsState),
    ) -> usize {
        let mut at = 0;
        while at < bytes.len() {
            match bytes[at] {
                b'\r' | b'\n' => {
                    self.in_noise = false;
                    at += 1;
                }
                b'$' => {
                    self.in_noise = false;
                    match Sentence::scan(&bytes[at..], false) {
                        Scan::Complete { len, sentence } => {
                            if len > MAX_LINE_BYTES {
                                self.stats.overlong += 1;
                            } else {
                                self.judge(&bytes[at..at + len], sentence, on_position);
                            }
                            at += len;
                        }
                        Scan::Incomplete => return at,
                    }
                }
                _ => {
                    if !self.in_noise {
                        self.in_noise = true;
                        self.stats.not_nmea += 1;
                    }
                    at += bytes[at..]
                        .iter()
                        .position(|&b| matches!(b, b'$' | b'\r' | b'\n'))
                        .unwrap_or(bytes.len() - at);
                }
            }
        }
        at
    }

    /// Adds to the carried sentence, or starts dropping it once it is too long.
    fn carry_more(&mut self, bytes: &[u8]) {
        if self.discarding || bytes.is_empty() {
            return;
        }
        if self.carry.len() + bytes.len() > MAX_LINE_BYTES {
            self.stats.overlong += 1;
            self.discarding = true;
            self.carry.clear();
        } else {
            self.carry.extend_from_slice(bytes);
        }
    }

    fn judge(
        &mut self,
        text: &[u8],
        sentence: Result<Sentence, Reject>,
        on_position: &mut impl FnMut(PositionKind, &GpsState),
    ) {
        self.stats.sentences += 1;
        self.raw.push(text);
        let sentence = match sentence {
            Ok(s) => {
                self.stats.valid += 1;
                if !text.contains(&b'*') {
                    self.stats.no_checksum += 1;
                }
                s
            }
            Err(Reject::BadChecksum) => {
                self.stats.bad_checksum += 1;
                return;
            }
            Err(Reject::BadAddress | Reject::NoDollar) => {
                self.stats.rejected += 1;
                return;
            }
        };
        self.apply(&sentence, on_position);
    }

    fn apply(
        &mut self,
        sentence: &Sentence,
        on_position: &mut impl FnMut(PositionKind, &GpsState),
    ) {
        let (outcome, kind) = self.dispatch(sentence);
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

/// Where a carried sentence ends in the next chunk: a line ending or the next `$`.
fn end_of_sentence(bytes: &[u8]) -> Option<usize> {
    bytes
        .iter()
        .position(|&b| matches!(b, b'$' | b'\r' | b'\n'))
}
