//! One sentence, scanned in a single pass: the `$` start, the comma-separated fields, the
//! `*hh` checksum, and where the sentence ends (a line ending, or a `$` starting the next).
//!
//! ```text
//! $GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47
//! ^ └┬┘└┬┘ └──────────────────── fields ──────────────────────┘ └┬┘
//! │ talker type                                              checksum: XOR of the bytes
//! start                                                      between '$' and '*', in hex
//! ```

/// At most this many fields are kept per sentence; GSV (20) and GSA (19) fit.
pub const MAX_FIELDS: usize = 24;

/// Why a sentence is not usable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reject {
    /// The text does not start with `$` (SPEC §5: ignored with a warning).
    NoDollar,
    /// A checksum is present and does not match.
    BadChecksum,
    /// Too short to hold an address, or the address is not letters and digits.
    BadAddress,
}

/// A sentence whose checksum (if present) is correct. Fields are kept as offsets into the
/// text, so scanning allocates nothing and copies nothing.
#[derive(Debug, Clone, Copy)]
pub struct Sentence<'a> {
    /// Two-letter talker (`GP`, `GN`, `GL`...), or `P` plus the maker for proprietary sentences.
    pub talker: [u8; 2],
    /// Three-letter sentence type (`GGA`, `RMC`...).
    pub kind: [u8; 3],
    text: &'a [u8],
    /// Offsets of the commas; field `i` runs from `commas[i - 1] + 1` to the next comma.
    commas: [u16; MAX_FIELDS + 1],
    count: usize,
    data_end: u16,
}

/// What [`Sentence::scan`] found at the start of its input.
#[derive(Debug)]
pub enum Scan<'a> {
    /// A sentence of `len` bytes (its line ending or the next `$` is not included).
    Complete {
        len: usize,
        sentence: Result<Sentence<'a>, Reject>,
    },
    /// The input ended before the sentence did: it continues in the next chunk.
    Incomplete,
}

impl<'a> Sentence<'a> {
    /// Parses the sentence at the start of `text`, up to a line ending, a second `$` or the
    /// end of `text`.
    pub fn parse(text: &'a [u8]) -> Result<Self, Reject> {
        match Self::scan(text, true) {
            Scan::Complete { sentence, .. } => sentence,
            Scan::Incomplete => Err(Reject::NoDollar), // not reached: the text is whole
        }
    }

    /// Scans the sentence starting at `text[0]` (which must be `$`) up to a line ending, the
    /// next `$`, or the end of `text`. At the end of `text` the sentence is complete only if
    /// `text_is_whole`; otherwise more bytes may follow.
    pub fn scan(text: &'a [u8], text_is_whole: bool) -> Scan<'a> {
        if text.first() != Some(&b'$') {
            return Scan::Complete {
                len: 0,
                sentence: Err(Reject::NoDollar),
            };
        }
        let mut xor = 0u8;
        let mut commas = [0u16; MAX_FIELDS + 1];
        let mut count = 0;
        let mut record_comma = |at: usize, count: &mut usize| {
            if *count <= MAX_FIELDS {
                commas[*count] = u16::try_from(at).unwrap_or(u16::MAX);
            }
            *count += 1;
        };
        let mut i = 1;
        // The hot loop, 8 bytes at a time: every byte of every sentence passes here once. A
        // word with no byte below ',' holds no stop byte ('*' '$' CR LF are all below it):
        // XOR it whole and find its commas with a zero-byte mask. Any other word, and the
        // tail, go byte by byte.
        let mut wide = 0u64;
        while let Some(word) = text.get(i..).and_then(<[u8]>::first_chunk::<8>) {
            let w = u64::from_le_bytes(*word);
            if has_byte_below(w, b',') {
                break;
            }
            wide ^= w;
            let mut at_commas = bytes_equal(w, b',');
            while at_commas != 0 {
                record_comma(i + (at_commas.trailing_zeros() / 8) as usize, &mut count);
                at_commas &= at_commas - 1;
            }
            i += 8;
        }
        while i < text.len() {
            let b = text[i];
            if matches!(b, b'*' | b'$' | b'\r' | b'\n') {
                break;
            }
            xor ^= b;
            if b == b',' {
                record_comma(i, &mut count);
            }
            i += 1;
        }
        xor ^= fold_xor(wide);
        let data_end = i;
        let mut checksum = None;
        if text.get(i) == Some(&b'*') {
            // The checksum, then whatever runs to the end of the sentence.
            checksum = Some(
                text.get(i + 1..i + 3)
                    .and_then(|hh| Some(hex(hh[0])? << 4 | hex(hh[1])?)),
            );
            i += 1;
            while i < text.len() && !matches!(text[i], b'$' | b'\r' | b'\n') {
                i += 1;
            }
        }
        if i == text.len() && !text_is_whole {
            return Scan::Incomplete;
        }
        let sentence = match checksum {
            Some(Some(expected)) if expected == xor => Ok(()),
            Some(_) => Err(Reject::BadChecksum),
            None => Ok(()),
        }
        .and_then(|()| Self::from_parts(text, commas, count, data_end));
        Scan::Complete { len: i, sentence }
    }

    fn from_parts(
        text: &'a [u8],
        commas: [u16; MAX_FIELDS + 1],
        count: usize,
        data_end: usize,
    ) -> Result<Self, Reject> {
        let address_end = if count > 0 {
            usize::from(commas[0])
        } else {
            data_end
        };
        let address = &text[1..address_end];
        if address.len() < 5 || !address.iter().all(u8::is_ascii_alphanumeric) {
            return Err(Reject::BadAddress);
        }
        let n = address.len();
        Ok(Self {
            talker: [address[0], address[1]],
            kind: [address[n - 3], address[n - 2], address[n - 1]],
            text,
            commas,
            count,
            data_end: u16::try_from(data_end).unwrap_or(u16::MAX),
        })
    }

    /// Number of fields after the address.
    pub const fn len(&self) -> usize {
        self.count
    }

    /// Whether the sentence has no field after its address.
    pub const fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Field `i` (1-based, as in the NMEA field diagrams); empty when absent.
    pub fn field(&self, i: usize) -> &'a [u8] {
        if i == 0 || i > self.count || i > MAX_FIELDS {
            return &[];
        }
        let start = usize::from(self.commas[i - 1]) + 1;
        let end = if i < self.count && i <= MAX_FIELDS {
            usize::from(self.commas[i])
        } else {
            usize::from(self.data_end)
        };
        self.text.get(start..end).unwrap_or_default()
    }

    /// Whether the talker is GPS (`GP`) or multi-constellation (`GN`): the only talkers
    /// whose GGA and RMC the SPEC parses (§5).
    pub fn is_gps_or_gnss(&self) -> bool {
        matches!(&self.talker, b"GP" | b"GN")
    }
}

const LOW_BITS: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// Whether any byte of `w` is below `n` (n ≤ 128). May not say which: a gate only.
const fn has_byte_below(w: u64, n: u8) -> bool {
    w.wrapping_sub(LOW_BITS * n as u64) & !w & HIGH_BITS != 0
}

/// 0x80 in every byte of `w` equal to `b`, 0 elsewhere (exact: no false positives).
const fn bytes_equal(w: u64, b: u8) -> u64 {
    let x = w ^ (LOW_BITS * b as u64);
    !(((x & !HIGH_BITS).wrapping_add(!HIGH_BITS)) | x | !HIGH_BITS)
}

/// The XOR of the eight bytes of `w`.
#[allow(clippy::cast_possible_truncation)] // the low byte is the result
const fn fold_xor(mut w: u64) -> u8 {
    w ^= w >> 32;
    w ^= w >> 16;
    w ^= w >> 8;
    w as u8
}

const fn hex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_address_and_fields() {
        let s =
            Sentence::parse(b"$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47")
                .unwrap();
        assert_eq!(&s.talker, b"GP");
        assert_eq!(&s.kind, b"GGA");
        assert_eq!(s.len(), 14);
        assert_eq!(s.field(1), b"123519");
        assert_eq!(s.field(9), b"545.4");
        assert_eq!(s.field(14), b"");
        assert_eq!(s.field(15), b"", "beyond the last field");
        assert_eq!(s.field(0), b"", "the address is not a field");
    }

    #[test]
    fn checksum_is_verified_when_present() {
        // Same sentence, last checksum digit changed.
        let bad = b"$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*48";
        assert_eq!(Sentence::parse(bad).unwrap_err(), Reject::BadChecksum);
        assert_eq!(
            Sentence::parse(b"$GPGGA,1*4").unwrap_err(),
            Reject::BadChecksum
        );
        assert_eq!(
            Sentence::parse(b"$GPGGA,1*ZZ").unwrap_err(),
            Reject::BadChecksum
        );
        // No checksum at all is accepted (SPEC: verified when present).
        assert!(Sentence::parse(b"$POLYN,1,2").is_ok());
        // Lower-case hex digits are accepted.
        assert!(Sentence::parse(b"$GPTXT,01,01,02,ANTSTATUS=OK*3b").is_ok());
    }

    #[test]
    fn text_without_a_dollar_or_an_address_is_rejected() {
        assert_eq!(Sentence::parse(b"GPGGA,1").unwrap_err(), Reject::NoDollar);
        assert_eq!(Sentence::parse(b"").unwrap_err(), Reject::NoDollar);
        assert_eq!(Sentence::parse(b"$GP,1").unwrap_err(), Reject::BadAddress);
        assert_eq!(
            Sentence::parse(b"$GP G A,1").unwrap_err(),
            Reject::BadAddress
        );
    }

    #[test]
    fn scanning_stops_at_a_line_end_or_the_next_dollar_and_waits_for_more() {
        let text = b"$GPTXT,1*5A\r\n$GPTXT";
        let Scan::Complete { len, .. } = Sentence::scan(text, false) else {
            panic!("complete")
        };
        assert_eq!(len, 11);
        assert!(matches!(
            Sentence::scan(&text[13..], false),
            Scan::Incomplete
        ));
        let Scan::Complete { len, .. } = Sentence::scan(b"$GPGGA,030130$GPGLL,1", true) else {
            panic!("complete")
        };
        assert_eq!(len, 13);
    }

    #[test]
    fn word_tricks_agree_with_bytes() {
        for w in [
            0u64,
            u64::MAX,
            0x2C2C_2C2C_2C2C_2C2C,
            0x2B2C_2D2A_0D0A_FF00,
            0x8081_2C7F_302C_2C01,
        ] {
            let bytes = w.to_le_bytes();
            assert_eq!(
                has_byte_below(w, b','),
                bytes.iter().any(|&b| b < b','),
                "{w:#x}"
            );
            let mask = bytes_equal(w, b',');
            for (k, &b) in bytes.iter().enumerate() {
                assert_eq!(mask >> (8 * k + 7) & 1 == 1, b == b',', "{w:#x} byte {k}");
            }
            assert_eq!(fold_xor(w), bytes.iter().fold(0, |a, &b| a ^ b));
        }
    }

    #[test]
    fn many_fields_keep_the_first_ones() {
        let text = format!("$GPXXX{}", ",1".repeat(40));
        let s = Sentence::parse(text.as_bytes()).unwrap();
        assert_eq!(s.len(), 40);
        assert_eq!(s.field(MAX_FIELDS), b"1");
        assert_eq!(
            s.field(MAX_FIELDS + 1),
            b"",
            "fields past the limit are not kept"
        );
    }
}
