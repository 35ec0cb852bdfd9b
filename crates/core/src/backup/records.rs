//! Reading a backup's JSON entries as a stream, record by record, within three bounds:
//!
//! - each record's worst-case memory while it is parsed ([`super::entry::BoundedEntry`]),
//! - the number of records of an entry,
//! - one memory [`Budget`] for every record kept (`2 × size_of` for the record and its
//!   vector slot, plus [`super::heap::estimate`] of what it holds).
//!
//! The JSON text itself is never held: serde reads from the unpacking zip entry.

use std::cell::{Cell, RefCell};
use std::fmt;
use std::io::Read;
use std::marker::PhantomData;
use std::rc::Rc;

use serde::Deserialize;
use serde::de::{self, DeserializeOwned, SeqAccess, Visitor};

use super::BackupError;
use super::entry::{BoundedEntry, Meter, Stop};
use super::heap::{self, Record};

/// Memory left for the records of one backup.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    pub max: u64,
    pub left: u64,
}

impl Budget {
    pub fn new(max: u64) -> Self {
        Self { max, left: max }
    }

    fn charge<T: Record>(&mut self, record: &T) -> bool {
        // The record in its vector, with the vector's growth slack (see `grow`).
        let slot = std::mem::size_of::<T>() as u64 * 9 / 8 + 1;
        let cost = slot + heap::record_cost(record);
        match self.left.checked_sub(cost) {
            Some(left) => {
                self.left = left;
                true
            }
            None => false,
        }
    }
}

/// How one entry is read.
pub struct Bounds<'a> {
    /// The entry's name, for messages.
    pub name: &'a str,
    /// Largest worst-case memory of one record while it is parsed.
    pub record_memory: u64,
    /// Most records in the entry.
    pub max_records: usize,
}

/// Reads a JSON array of records from `reader` (an entry's unpacked bytes, at most
/// `max_bytes`), charging each kept record to `budget`.
pub fn read_array<T, R>(
    reader: R,
    max_bytes: u64,
    bounds: &Bounds,
    budget: &mut Budget,
) -> Result<Vec<T>, BackupError>
where
    T: DeserializeOwned + Record,
    R: Read,
{
    let meter = Meter::new(bounds.record_memory);
    let entry = BoundedEntry::new(reader, max_bytes, Rc::clone(&meter));
    let failure = RefCell::new(None);
    let index = Cell::new(0);
    let mut de = serde_json::Deserializer::from_reader(entry);
    let visitor = Records::<T> {
        meter: &meter,
        bounds,
        budget: RefCell::new(budget),
        failure: &failure,
        index: &index,
        record: PhantomData,
    };
    let result = de::Deserializer::deserialize_seq(&mut de, visitor).and_then(|records| {
        de.end()?;
        Ok(records)
    });
    result.map_err(|e| explain(&e, &meter, failure.take(), bounds, index.get(), max_bytes))
}

/// Reads one JSON value from `reader` (the survey, the manifest), charging it to `budget`.
pub fn read_one<T, R>(
    reader: R,
    max_bytes: u64,
    bounds: &Bounds,
    budget: &mut Budget,
) -> Result<T, BackupError>
where
    T: DeserializeOwned + Record,
    R: Read,
{
    let meter = Meter::new(bounds.record_memory);
    let entry = BoundedEntry::new(reader, max_bytes, Rc::clone(&meter));
    let mut de = serde_json::Deserializer::from_reader(entry);
    let value = T::deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v))
        .map_err(|e| explain(&e, &meter, None, bounds, 0, max_bytes))?;
    if budget.charge(&value) {
        Ok(value)
    } else {
        Err(BackupError::OverBudget {
            name: bounds.name.to_owned(),
            record: 1,
            max: budget.max,
        })
    }
}

fn explain(
    e: &serde_json::Error,
    meter: &Meter,
    failure: Option<BackupError>,
    bounds: &Bounds,
    index: usize,
    max_bytes: u64,
) -> BackupError {
    let name = bounds.name.to_owned();
    if let Some(failure) = failure {
        return failure;
    }
    match meter.stop() {
        Some(Stop::TooLong) => BackupError::Damaged {
            name,
            detail: format!("it unpacks to more than the {max_bytes} bytes it declares"),
        },
        Some(Stop::RecordTooLarge) => BackupError::RecordTooLarge {
            name,
            record: index + 1,
            max: bounds.record_memory,
        },
        None if e.is_io() => BackupError::Damaged {
            name,
            detail: e.to_string(),
        },
        None => BackupError::Malformed {
            name,
            detail: e.to_string(),
        },
    }
}

struct Records<'a, 'b, T> {
    meter: &'a Meter,
    bounds: &'a Bounds<'a>,
    budget: RefCell<&'b mut Budget>,
    failure: &'a RefCell<Option<BackupError>>,
    index: &'a Cell<usize>,
    record: PhantomData<T>,
}

impl<'de, T: DeserializeOwned + Record> Visitor<'de> for Records<'_, '_, T> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of records")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut records = Vec::new();
        let mut budget = self.budget.borrow_mut();
        loop {
            self.index.set(records.len());
            self.meter.start_record();
            let Some(record) = seq.next_element::<Element<T>>()? else {
                return Ok(records);
            };
            let failure = if records.len() == self.bounds.max_records {
                Some(BackupError::TooManyRecords {
                    name: self.bounds.name.to_owned(),
                    max: self.bounds.max_records,
                })
            } else if budget.charge(&record.0) {
                None
            } else {
                Some(BackupError::OverBudget {
                    name: self.bounds.name.to_owned(),
                    record: records.len() + 1,
                    max: budget.max,
                })
            };
            if let Some(failure) = failure {
                let text = failure.to_string();
                *self.failure.borrow_mut() = Some(failure);
                return Err(de::Error::custom(text));
            }
            grow(&mut records);
            records.push(record.0);
        }
    }
}

/// Makes room for one more record, growing by an eighth rather than doubling, so a vector
/// never holds more than 12.5 % unused slots (reallocation of large blocks moves pages, it
/// does not copy them).
fn grow<T>(records: &mut Vec<T>) {
    if records.len() == records.capacity() {
        records.reserve_exact(records.len() / 8 + 16);
    }
}

/// A record, deserialized as `T`.
struct Element<T>(T);

impl<'de, T: DeserializeOwned> Deserialize<'de> for Element<T> {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize(d).map(Element)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn bounds(record_memory: u64, max_records: usize) -> Bounds<'static> {
        Bounds {
            name: "x.json",
            record_memory,
            max_records,
        }
    }

    #[test]
    fn reads_records_and_charges_them() {
        let mut budget = Budget::new(1 << 20);
        let v: Vec<Value> = read_array(
            &b"[1, {\"a\": \"b\"}]"[..],
            100,
            &bounds(1 << 20, 10),
            &mut budget,
        )
        .unwrap();
        assert_eq!(v.len(), 2);
        assert!(budget.left < budget.max);
    }

    #[test]
    fn every_bound_gives_its_own_error() {
        let flood = format!("[{}{{}}]", "{},".repeat(100_000)).into_bytes();
        let err = read_array::<Value, _>(
            &flood[..],
            u64::MAX,
            &bounds(1 << 20, 1_000),
            &mut Budget::new(1 << 30),
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "The backup's x.json has more than 1000 records; at most 1000 are accepted"
        );
        let err = read_array::<Value, _>(
            &flood[..],
            u64::MAX,
            &bounds(1 << 20, usize::MAX),
            &mut Budget::new(64 << 10),
        )
        .unwrap_err();
        assert!(matches!(err, BackupError::OverBudget { .. }), "{err}");
        let big = format!("[[{}0]]", "0,".repeat(100_000));
        let err = read_array::<Value, _>(
            big.as_bytes(),
            u64::MAX,
            &bounds(1 << 20, 10),
            &mut Budget::new(1 << 30),
        )
        .unwrap_err();
        assert!(
            matches!(err, BackupError::RecordTooLarge { record: 1, .. }),
            "{err}"
        );
        let err = read_array::<Value, _>(
            &b"[1, 2]"[..],
            3,
            &bounds(1 << 20, 10),
            &mut Budget::new(1 << 30),
        )
        .unwrap_err();
        assert!(matches!(err, BackupError::Damaged { .. }), "{err}");
        let err = read_array::<Value, _>(
            &b"[1, 2"[..],
            100,
            &bounds(1 << 20, 10),
            &mut Budget::new(1 << 30),
        )
        .unwrap_err();
        assert!(matches!(err, BackupError::Malformed { .. }), "{err}");
    }
}
