//! [`BoundedEntry`]: the one reader every backup entry is read through. It stops with an
//! error, rather than letting memory grow, when
//!
//! - the entry unpacks to more than its declared size (or the cap for its kind), or
//! - the JSON record being read could take more than a set amount of memory once parsed.
//!
//! The second check is a byte-level scan of the JSON as it streams past (no buffering):
//! every `{`, `[` and `,` outside strings is charged what a parsed value of that shape can
//! cost at most (a `serde_json::Map` node, a `Value` slot), every string byte twice (serde
//! buffers unknown fields once before they become `Value`s). So 100 MB of `{}` stops after
//! a few megabytes instead of filling memory, whatever the records claim.

use std::cell::Cell;
use std::io::{self, Read};
use std::rc::Rc;

/// Charge for `{`: one B-tree leaf of a `Map<String, Value>` (632 bytes) and a member slot.
pub const OBJECT_COST: u64 = 760;
/// Charge for `[`: a `Vec<Value>` slot and its first element.
pub const ARRAY_COST: u64 = 128;
/// Charge for `,`: one more member or element (with the vector's growth slack).
pub const ITEM_COST: u64 = 120;
/// Charge per string byte (the buffered copy and the kept one).
pub const STRING_BYTE_COST: u64 = 2;

/// Why the reader stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// More bytes than the entry's declared size or cap.
    TooLong,
    /// The current record's worst-case memory passed the meter's limit.
    RecordTooLarge,
}

/// The running worst-case memory of the record being read, shared between the reader and
/// the code that reads records one by one.
#[derive(Debug, Default)]
pub struct Meter {
    charge: Cell<u64>,
    limit: Cell<u64>,
    stop: Cell<Option<Stop>>,
}

impl Meter {
    pub fn new(limit: u64) -> Rc<Self> {
        Rc::new(Self {
            limit: Cell::new(limit),
            ..Self::default()
        })
    }

    /// Starts a new record: its charge starts from zero.
    pub fn start_record(&self) {
        self.charge.set(0);
    }

    /// Worst-case memory of the current record so far.
    pub fn charge(&self) -> u64 {
        self.charge.get()
    }

    /// Why the reader stopped, if it did.
    pub fn stop(&self) -> Option<Stop> {
        self.stop.get()
    }
}

/// A reader over one entry's unpacked bytes, within `max` bytes and the meter's limit.
pub struct BoundedEntry<R> {
    inner: R,
    read: u64,
    max: u64,
    meter: Rc<Meter>,
    in_string: bool,
    escaped: bool,
}

impl<R: Read> BoundedEntry<R> {
    pub fn new(inner: R, max: u64, meter: Rc<Meter>) -> Self {
        Self {
            inner,
            read: 0,
            max,
            meter,
            in_string: false,
            escaped: false,
        }
    }

    /// Bytes read so far.
    pub fn bytes_read(&self) -> u64 {
        self.read
    }

    fn fail(&self, stop: Stop) -> io::Error {
        self.meter.stop.set(Some(stop));
        io::Error::other(match stop {
            Stop::TooLong => "the entry is longer than it may be",
            Stop::RecordTooLarge => "a record is larger than it may be",
        })
    }

    fn scan(&mut self, bytes: &[u8]) -> u64 {
        let mut charge = 0;
        for &b in bytes {
            if self.in_string {
                charge += STRING_BYTE_COST;
                if self.escaped {
                    self.escaped = false;
                } else if b == b'\\' {
                    self.escaped = true;
                } else if b == b'"' {
                    self.in_string = false;
                }
            } else {
                charge += match b {
                    b'"' => {
                        self.in_string = true;
                        0
                    }
                    b'{' => OBJECT_COST,
                    b'[' => ARRAY_COST,
                    b',' => ITEM_COST,
                    _ => 0,
                };
            }
        }
        charge
    }
}

impl<R: Read> Read for BoundedEntry<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(stop) = self.meter.stop() {
            return Err(self.fail(stop));
        }
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        if self.read > self.max {
            return Err(self.fail(Stop::TooLong));
        }
        let charge = self.meter.charge().saturating_add(self.scan(&buf[..n]));
        self.meter.charge.set(charge);
        if charge > self.meter.limit.get() {
            return Err(self.fail(Stop::RecordTooLarge));
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(text: &[u8], max: u64, limit: u64) -> (io::Result<Vec<u8>>, Option<Stop>) {
        let meter = Meter::new(limit);
        let mut r = BoundedEntry::new(text, max, meter.clone());
        let mut out = Vec::new();
        let result = r.read_to_end(&mut out).map(|_| out);
        (result, meter.stop())
    }

    #[test]
    fn stops_past_the_declared_size() {
        let (result, stop) = read_all(b"0123456789", 9, u64::MAX);
        assert!(result.is_err());
        assert_eq!(stop, Some(Stop::TooLong));
        assert!(read_all(b"0123456789", 10, u64::MAX).0.is_ok());
    }

    #[test]
    fn charges_structure_outside_strings_only() {
        let meter = Meter::new(u64::MAX);
        let mut r = BoundedEntry::new(&br#"[{"a,{[":"\"{"},1]"#[..], 100, meter.clone());
        io::copy(&mut r, &mut io::sink()).unwrap();
        // [ { , — and the 9 bytes after the opening quotes of `"a,{["` and `"\"{"`.
        let strings = 9;
        assert_eq!(
            meter.charge(),
            ARRAY_COST + OBJECT_COST + ITEM_COST + strings * STRING_BYTE_COST
        );
    }

    #[test]
    fn a_flood_of_empty_objects_stops_early() {
        let flood = b"{},".repeat(1 << 20);
        let meter = Meter::new(1 << 20);
        let mut r = BoundedEntry::new(&flood[..], u64::MAX, meter.clone());
        let mut buf = [0u8; 512];
        let mut total = 0;
        while let Ok(n) = r.read(&mut buf) {
            if n == 0 {
                break;
            }
            total += n;
        }
        assert_eq!(meter.stop(), Some(Stop::RecordTooLarge));
        assert!(total < 8 << 10, "stopped after {total} bytes");
    }
}
