//! [`PltitStream`]: rangefinder bytes in chunks of any size → readings.
//!
//! Framing as the NMEA engine's: a sentence starts at `$` and ends at CR or LF (or at the
//! next `$`); text outside sentences is noise, counted; an unfinished sentence is carried
//! between chunks in at most [`MAX_SENTENCE_BYTES`], a longer run is counted and dropped.
//! Each complete sentence becomes an event: the parsed sentence, a rejection with its
//! reason (a bad checksum is never used), and a 3-shot height when HV shots complete one.
#![allow(clippy::doc_markdown)] // product names (TruPulse, CaveSurvey) are not code

use super::pltit::{MAX_SENTENCE_BYTES, PltitError, PltitSentence, parse};
use super::three_shot::{ShotHeight, ThreeShot};

/// What the stream reports.
#[derive(Debug, Clone, PartialEq)]
pub enum RangefinderEvent {
    Sentence(PltitSentence),
    /// A complete sentence that was not used, and why.
    Rejected(PltitError),
    /// Three HV shots made a height.
    ThreeShotHeight(ShotHeight),
}

/// Counters for the link.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RangefinderStats {
    pub sentences: u64,
    pub accepted: u64,
    pub bad_checksum: u64,
    pub rejected: u64,
    pub noise: u64,
    pub overlong: u64,
}

/// The streaming parser. One per connection.
#[derive(Debug, Clone, Default)]
pub struct PltitStream {
    line: Vec<u8>,
    in_sentence: bool,
    discarding: bool,
    in_noise: bool,
    three_shot: ThreeShot,
    stats: RangefinderStats,
}

impl PltitStream {
    pub fn new() -> Self {
        Self::default()
    }

    pub const fn stats(&self) -> &RangefinderStats {
        &self.stats
    }

    /// Bytes held for an unfinished sentence: never more than [`MAX_SENTENCE_BYTES`].
    pub fn buffered_bytes(&self) -> usize {
        self.line.len()
    }

    /// Shots of a 3-shot height taken so far (0–2).
    pub fn three_shot_progress(&self) -> u8 {
        self.three_shot.shots()
    }

    /// Feeds a chunk; returns the events of the sentences it completed, in order.
    ///
    /// ```
    /// use clearway_core::rangefinder::{PltitStream, RangefinderEvent};
    /// let mut s = PltitStream::new();
    /// assert!(s.push(b"$PLTIT,HT,15.").is_empty());
    /// let events = s.push(b"70,F*0E\r\n");
    /// assert!(matches!(events[0], RangefinderEvent::Sentence(_)));
    /// ```
    pub fn push(&mut self, chunk: &[u8]) -> Vec<RangefinderEvent> {
        let mut events = Vec::new();
        for &b in chunk {
            match b {
                b'$' => {
                    self.end_line(&mut events);
                    self.in_sentence = true;
                    self.in_noise = false;
                    self.line.push(b);
                }
                b'\r' | b'\n' => {
                    self.end_line(&mut events);
                    self.in_noise = false;
                }
                _ if self.discarding => {}
                _ if self.in_sentence => {
                    if self.line.len() >= MAX_SENTENCE_BYTES {
                        self.stats.overlong += 1;
                        self.line.clear();
                        self.in_sentence = false;
                        self.discarding = true;
                    } else {
                        self.line.push(b);
                    }
                }
                _ => {
                    if !self.in_noise {
                        self.stats.noise += 1;
                        self.in_noise = true;
                    }
                }
            }
        }
        events
    }

    /// Ends the input: a sentence without its line ending is still read.
    pub fn finish(&mut self) -> Vec<RangefinderEvent> {
        let mut events = Vec::new();
        self.end_line(&mut events);
        events
    }

    fn end_line(&mut self, events: &mut Vec<RangefinderEvent>) {
        self.discarding = false;
        if !self.in_sentence {
            return;
        }
        self.in_sentence = false;
        let line = std::mem::take(&mut self.line);
        self.stats.sentences += 1;
        let parsed = std::str::from_utf8(&line)
            .map_err(|_| PltitError::NotPltit)
            .and_then(parse);
        match parsed {
            Ok(s) => {
                self.stats.accepted += 1;
                let height = self.three_shot.feed(&s);
                events.push(RangefinderEvent::Sentence(s));
                if let Some(h) = height {
                    events.push(RangefinderEvent::ThreeShotHeight(h));
                }
            }
            Err(e) => {
                if matches!(e, PltitError::BadChecksum { .. }) {
                    self.stats.bad_checksum += 1;
                }
                self.stats.rejected += 1;
                events.push(RangefinderEvent::Rejected(e));
            }
        }
        self.line = line;
        self.line.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noise_overlong_runs_and_collisions_are_counted_not_parsed() {
        let mut s = PltitStream::new();
        let mut input = b"garbage\r\n$PLTIT,HT,15.70,F$PLTIT,HT,15.70,F*0E\r\n$".to_vec();
        input.extend(std::iter::repeat_n(b'9', 300));
        input.extend_from_slice(b"\r\n$PLTIT,HT,15.70,F*0E\n");
        let events = s.push(&input);
        let st = *s.stats();
        assert_eq!((st.noise, st.overlong, st.accepted), (1, 1, 2), "{st:?}");
        assert_eq!(st.rejected, 1, "the collided sentence has no checksum");
        assert_eq!(events.len(), 3);
        assert_eq!(s.buffered_bytes(), 0);
    }

    #[test]
    fn a_sentence_without_its_line_ending_is_read_at_the_end() {
        let mut s = PltitStream::new();
        assert!(s.push(b"$PLTIT,HT,15.70,F*0E").is_empty());
        assert_eq!(s.finish().len(), 1);
    }
}
