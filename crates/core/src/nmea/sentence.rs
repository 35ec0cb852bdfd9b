//! One framed line → a checked sentence: the `$` start, the `*hh` checksum, the address
//! (talker + sentence type) and the comma-separated fields.
//!
//! ```text
//! $GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47
//! ^ └┬┘└┬┘ └──────────────────── fields ──────────────────────┘ └┬┘
//! │ talker type                                              checksum: XOR of the bytes
//! start                                                      between '$' and '*', in hex
//! ```

/// At most this many fields are kept per sentence; GSV (20) and GSA (19) fit.
pub const MAX_FIELDS: usize = 24;

/// Why a line is not a usable sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reject {
    /// The line does not start with `$` (SPEC §5: ignored with a warning).
    NoDollar,
    /// A checksum is present and does not match.
    BadChecksum,
    /// Too short to hold an address, or the address is not letters.
    BadAddress,
}

/// A sentence whose checksum (if present) is correct.
#[derive(Debug, Clone, Copy)]
pub struct Sentence<'a> {
    /// Two-letter talker (`GP`, `GN`, `GL`...), or `P` plus the maker for proprietary sentences.
    pub talker: [u8; 2],
    /// Three-letter sentence type (`GGA`, `RMC`...).
    pub kind: [u8; 3],
    fields: [&'a [u8]; MAX_FIELDS],
    count: usize,
}

impl<'a> Sentence<'a> {
    /// Parses one line without its line ending.
    pub fn parse(line: &'a [u8]) -> Result<Self, Reject> {
        let Some((&b'$', body)) = line.split_first() else {
            return Err(Reject::NoDollar);
        };
        let data = checked_body(body)?;
        let mut parts = data.split(|&b| b == b',');
        let address = parts.next().unwrap_or_default();
        if address.len() < 5 || !address.iter().all(u8::is_ascii_alphanumeric) {
            return Err(Reject::BadAddress);
        }
        let n = address.len();
        let talker = [address[0], address[1]];
        let kind = [address[n - 3], address[n - 2], address[n - 1]];
        let mut fields: [&[u8]; MAX_FIELDS] = [&[]; MAX_FIELDS];
        let mut count = 0;
        for part in parts {
            if count < MAX_FIELDS {
                fields[count] = part;
            }
            count += 1;
        }
        Ok(Self {
            talker,
            kind,
            fields,
            count,
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
        if (1..=MAX_FIELDS.min(self.count)).contains(&i) {
            self.fields[i - 1]
        } else {
            &[]
        }
    }

    /// Whether the talker is GPS (`GP`) or multi-constellation (`GN`): the only talkers
    /// whose GGA and RMC the SPEC parses (§5).
    pub fn is_gps_or_gnss(&self) -> bool {
        matches!(&self.talker, b"GP" | b"GN")
    }
}

/// The sentence body between `$` and `*`, once its checksum is verified (when present).
fn checked_body(body: &[u8]) -> Result<&[u8], Reject> {
    let Some(star) = body.iter().rposition(|&b| b == b'*') else {
        return Ok(body);
    };
    let (data, tail) = (&body[..star], &body[star + 1..]);
    let [hi, lo, ..] = tail else {
        return Err(Reject::BadChecksum);
    };
    let expected = hex(*hi)
        .zip(hex(*lo))
        .map(|(h, l)| h << 4 | l)
        .ok_or(Reject::BadChecksum)?;
    // Bytes after the two hex digits (some receivers pad with spaces) are ignored.
    let actual = data.iter().fold(0u8, |acc, &b| acc ^ b);
    if actual == expected {
        Ok(data)
    } else {
        Err(Reject::BadChecksum)
    }
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
    fn lines_without_a_dollar_or_an_address_are_rejected() {
        assert_eq!(Sentence::parse(b"GPGGA,1").unwrap_err(), Reject::NoDollar);
        assert_eq!(Sentence::parse(b"# comment").unwrap_err(), Reject::NoDollar);
        assert_eq!(Sentence::parse(b"").unwrap_err(), Reject::NoDollar);
        assert_eq!(Sentence::parse(b"$GP,1").unwrap_err(), Reject::BadAddress);
        assert_eq!(
            Sentence::parse(b"$GP G A,1").unwrap_err(),
            Reject::BadAddress
        );
    }
}
