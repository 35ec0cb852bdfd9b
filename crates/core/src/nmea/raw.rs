//! The last sentences received, for the raw NMEA view (SPEC §3: the last 20).

/// How many sentences the raw view keeps (SPEC §3, §9).
pub const RAW_SENTENCES: usize = 20;
/// Longest sentence kept whole; longer ones are cut (NMEA's own limit is 82).
const KEEP_BYTES: usize = 120;

/// A fixed ring of the last [`RAW_SENTENCES`] sentences: no allocation after creation.
#[derive(Debug, Clone)]
pub struct RawRing {
    bytes: Box<[u8]>,
    lens: [u8; RAW_SENTENCES],
    next: usize,
    filled: usize,
}

impl Default for RawRing {
    fn default() -> Self {
        Self {
            bytes: vec![0; RAW_SENTENCES * KEEP_BYTES].into_boxed_slice(),
            lens: [0; RAW_SENTENCES],
            next: 0,
            filled: 0,
        }
    }
}

impl RawRing {
    pub fn push(&mut self, sentence: &[u8]) {
        let n = sentence.len().min(KEEP_BYTES);
        let start = self.next * KEEP_BYTES;
        self.bytes[start..start + n].copy_from_slice(&sentence[..n]);
        self.lens[self.next] = u8::try_from(n).unwrap_or(u8::MAX);
        self.next = (self.next + 1) % RAW_SENTENCES;
        self.filled = (self.filled + 1).min(RAW_SENTENCES);
    }

    /// Oldest first. Bytes that are not UTF-8 (line noise) are shown as U+FFFD.
    pub fn sentences(&self) -> Vec<String> {
        let first = (self.next + RAW_SENTENCES - self.filled) % RAW_SENTENCES;
        (0..self.filled)
            .map(|i| {
                let slot = (first + i) % RAW_SENTENCES;
                let start = slot * KEEP_BYTES;
                String::from_utf8_lossy(&self.bytes[start..start + usize::from(self.lens[slot])])
                    .into_owned()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_last_twenty_oldest_first() {
        let mut ring = RawRing::default();
        for i in 0..25 {
            ring.push(format!("$GPTXT,{i}").as_bytes());
        }
        let kept = ring.sentences();
        assert_eq!(kept.len(), 20);
        assert_eq!(kept[0], "$GPTXT,5");
        assert_eq!(kept[19], "$GPTXT,24");
    }

    #[test]
    fn long_sentences_are_cut_not_dropped() {
        let mut ring = RawRing::default();
        ring.push(&[b'x'; 300]);
        assert_eq!(ring.sentences()[0].len(), KEEP_BYTES);
    }
}
