//! [`estimate`]: an upper estimate of the heap memory a parsed record holds, found by
//! serializing it into a counter (no output, no allocation). The backup reader charges every
//! record it keeps against one budget, so the records of a backup never take more memory
//! than the budget, whatever the file claims.
//!
//! What is charged: string bytes; a slot per sequence element ([`SLOT`]); for a map below the
//! record itself (a `serde_json::Map` in a record's unknown fields) a B-tree node and a share
//! per entry ([`MAP_NODE`], [`MAP_ENTRY`]); a field slot per field of a nested struct. The
//! record's own fields live in the record (`size_of`, charged by the caller); its unknown
//! fields, which serialize among them, are charged from the record's own map
//! ([`Record::unknown_fields`], [`record_cost`]).

use serde::Serialize;
use serde_json::{Map, Value};

use crate::survey::{Alert, Measurement, Route, Survey, VehicleTracePoint};

/// A record the backup reader keeps.
pub trait Record: Serialize {
    /// The map of the fields this version does not know, if the record has one.
    fn unknown_fields(&self) -> Option<&Map<String, Value>>;
}

macro_rules! records {
    ($($t:ty),*) => {$(
        impl Record for $t {
            fn unknown_fields(&self) -> Option<&Map<String, Value>> {
                Some(&self.extra)
            }
        }
    )*};
}
records!(Measurement, Route, VehicleTracePoint, Alert);

impl Record for Survey {
    fn unknown_fields(&self) -> Option<&Map<String, Value>> {
        Some(&self.fields.extra)
    }
}

impl Record for Value {
    fn unknown_fields(&self) -> Option<&Map<String, Value>> {
        self.as_object()
    }
}

/// Heap bytes a record holds: [`estimate`] of its fields, plus its unknown-field map's nodes
/// and keys.
///
/// ```
/// use clearway_core::backup::heap::{record_cost, MAP_NODE, MAP_ENTRY};
/// let record = serde_json::json!({"ab": "xyz"});
/// assert_eq!(record_cost(&record), MAP_NODE + MAP_ENTRY + 2 + 3);
/// ```
pub fn record_cost<T: Record>(record: &T) -> u64 {
    let map = record
        .unknown_fields()
        .filter(|m| !m.is_empty())
        .map_or(0, |m| {
            MAP_NODE + m.keys().map(|k| MAP_ENTRY + k.len() as u64).sum::<u64>()
        });
    estimate(record) + map
}
use serde::ser;
use std::fmt;

/// A sequence element: a `Value` (32 bytes) with the vector's growth slack.
pub const SLOT: u64 = 64;
/// One B-tree leaf of a `Map<String, Value>` (632 bytes).
pub const MAP_NODE: u64 = 640;
/// A map entry's share of the nodes (a node holds 5 to 11 entries).
pub const MAP_ENTRY: u64 = 120;
/// A field of a struct nested in a record.
pub const FIELD: u64 = 32;

/// Heap bytes `value` holds, estimated from above.
///
/// ```
/// use clearway_core::backup::heap::estimate;
/// assert_eq!(estimate(&"abc"), 3);
/// assert!(estimate(&vec![1u8; 10]) >= 10 * 8);
/// ```
pub fn estimate<T: Serialize + ?Sized>(value: &T) -> u64 {
    let mut counter = Counter { bytes: 0, depth: 0 };
    let _ = value.serialize(&mut counter);
    counter.bytes
}

struct Counter {
    bytes: u64,
    depth: u32,
}

impl Counter {
    fn add(&mut self, n: u64) {
        self.bytes = self.bytes.saturating_add(n);
    }

    fn nested<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), fmt::Error> {
        self.depth += 1;
        let r = value.serialize(&mut *self);
        self.depth -= 1;
        r
    }
}

macro_rules! free {
    ($($name:ident: $t:ty),*) => {
        $(fn $name(self, _: $t) -> Result<(), fmt::Error> { Ok(()) })*
    };
}

impl<'a> ser::Serializer for &'a mut Counter {
    type Ok = ();
    type Error = fmt::Error;
    type SerializeSeq = &'a mut Counter;
    type SerializeTuple = &'a mut Counter;
    type SerializeTupleStruct = &'a mut Counter;
    type SerializeTupleVariant = &'a mut Counter;
    type SerializeMap = &'a mut Counter;
    type SerializeStruct = &'a mut Counter;
    type SerializeStructVariant = &'a mut Counter;

    free!(serialize_bool: bool, serialize_i8: i8, serialize_i16: i16, serialize_i32: i32,
        serialize_i64: i64, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32,
        serialize_u64: u64, serialize_f32: f32, serialize_f64: f64, serialize_char: char,
        serialize_unit_struct: &'static str);

    fn serialize_str(self, v: &str) -> Result<(), fmt::Error> {
        self.add(v.len() as u64);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), fmt::Error> {
        self.add(v.len() as u64);
        Ok(())
    }
    fn serialize_none(self) -> Result<(), fmt::Error> {
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<(), fmt::Error> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), fmt::Error> {
        Ok(())
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
    ) -> Result<(), fmt::Error> {
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<(), fmt::Error> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        v: &T,
    ) -> Result<(), fmt::Error> {
        v.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self, fmt::Error> {
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self, fmt::Error> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, fmt::Error> {
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self, fmt::Error> {
        Ok(self)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self, fmt::Error> {
        if self.depth > 0 {
            self.add(MAP_NODE);
        }
        Ok(self)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, fmt::Error> {
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self, fmt::Error> {
        Ok(self)
    }
}

impl ser::SerializeSeq for &mut Counter {
    type Ok = ();
    type Error = fmt::Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), fmt::Error> {
        self.add(SLOT);
        self.nested(v)
    }
    fn end(self) -> Result<(), fmt::Error> {
        Ok(())
    }
}

macro_rules! like_seq {
    ($($tr:ident::$method:ident),*) => {$(
        impl ser::$tr for &mut Counter {
            type Ok = ();
            type Error = fmt::Error;
            fn $method<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), fmt::Error> {
                ser::SerializeSeq::serialize_element(self, v)
            }
            fn end(self) -> Result<(), fmt::Error> {
                Ok(())
            }
        }
    )*};
}
like_seq!(
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for &mut Counter {
    type Ok = ();
    type Error = fmt::Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Result<(), fmt::Error> {
        // The record's own keys are its field names, or its unknown fields' keys, which
        // [`record_cost`] charges.
        if self.depth == 0 {
            return Ok(());
        }
        self.add(MAP_ENTRY);
        self.nested(k)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), fmt::Error> {
        self.nested(v)
    }
    fn end(self) -> Result<(), fmt::Error> {
        Ok(())
    }
}

macro_rules! like_struct {
    ($($tr:ident),*) => {$(
        impl ser::$tr for &mut Counter {
            type Ok = ();
            type Error = fmt::Error;
            fn serialize_field<T: Serialize + ?Sized>(&mut self, _: &'static str, v: &T) -> Result<(), fmt::Error> {
                if self.depth > 0 {
                    self.add(FIELD);
                }
                self.nested(v)
            }
            fn end(self) -> Result<(), fmt::Error> {
                Ok(())
            }
        }
    )*};
}
like_struct!(SerializeStruct, SerializeStructVariant);

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn nested_objects_cost_a_node_each_and_strings_their_bytes() {
        let one = estimate(&json!([{"a": 1}]));
        assert_eq!(one, SLOT + MAP_NODE + MAP_ENTRY + 1);
        let many = estimate(&json!([{}, {}, {}, {}]));
        assert_eq!(many, 4 * (SLOT + MAP_NODE));
        assert_eq!(estimate(&json!("x".repeat(1000))), 1000);
    }

    #[test]
    fn a_records_typed_fields_cost_nothing_its_unknown_fields_a_map() {
        use crate::survey::VehicleTracePoint;
        let known: VehicleTracePoint =
            serde_json::from_value(json!({"latitude": 1, "longitude": 2, "speed": 3})).unwrap();
        assert_eq!(record_cost(&known), 0);
        let unknown: VehicleTracePoint =
            serde_json::from_value(json!({"latitude": 1, "longitude": 2, "colour": "red"}))
                .unwrap();
        assert_eq!(record_cost(&unknown), MAP_NODE + MAP_ENTRY + 6 + 3);
    }
}
