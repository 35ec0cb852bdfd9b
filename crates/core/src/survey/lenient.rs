//! Tolerant field readers for records written by the app over several versions: a number
//! may arrive as a JSON number or as a numeric string, an empty string or `null` means
//! "not recorded", and text fields accept numbers (a project number typed as `1234`).
//!
//! What the readers cannot make sense of is an error naming the field's expectation, never
//! a silent loss: the CLI must not drop app data.

use serde::de::{self, Deserializer, Unexpected, Visitor};
use std::fmt;

/// An optional number: a JSON number, a numeric string (`"4.25"`), or `null` / `""` / a
/// missing field for none. Non-finite values are none.
pub fn number<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    d.deserialize_any(NumberVisitor)
}

struct NumberVisitor;

impl<'de> Visitor<'de> for NumberVisitor {
    type Value = Option<f64>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a number, a numeric string or null")
    }

    #[allow(clippy::cast_precision_loss)] // JSON integers beyond 2^53 are not measurements
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Some(v as f64))
    }

    #[allow(clippy::cast_precision_loss)] // as above
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(Some(v as f64))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        Ok(v.is_finite().then_some(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        let t = v.trim();
        if t.is_empty() {
            return Ok(None);
        }
        match t.parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(Some(x)),
            _ => Err(E::invalid_value(Unexpected::Str(v), &self)),
        }
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

/// An optional whole number ≥ 0: as [`number`], and the value must be whole.
pub fn whole<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    match number(d)? {
        None => Ok(None),
        Some(x) if x >= 0.0 && x.fract() == 0.0 && x <= f64::from(u32::MAX) => {
            // Checked above: whole and within u32.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            Ok(Some(x as u32))
        }
        Some(x) => Err(de::Error::invalid_value(
            Unexpected::Float(x),
            &"a whole number from 0",
        )),
    }
}

/// An optional text: a JSON string, or a number or boolean written as text; `null` or a
/// missing field for none.
pub fn text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    d.deserialize_any(TextVisitor)
}

struct TextVisitor;

impl<'de> Visitor<'de> for TextVisitor {
    type Value = Option<String>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string, a number or null")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Some(v.to_owned()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(Some(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(Some(v.to_string()))
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

/// A required text (an id): as [`text`], with `null` read as the empty string.
pub fn id<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(text(d)?.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    #[derive(Deserialize, Debug, PartialEq)]
    struct Probe {
        #[serde(default, deserialize_with = "super::number")]
        n: Option<f64>,
        #[serde(default, deserialize_with = "super::whole")]
        w: Option<u32>,
        #[serde(default, deserialize_with = "super::text")]
        t: Option<String>,
    }

    fn probe(json: &str) -> Result<Probe, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    #[test]
    fn numbers_arrive_as_numbers_or_strings() {
        assert_eq!(probe(r#"{"n": 4.25}"#).unwrap().n, Some(4.25));
        assert_eq!(probe(r#"{"n": " -73.5 "}"#).unwrap().n, Some(-73.5));
        assert_eq!(probe(r#"{"n": ""}"#).unwrap().n, None);
        assert_eq!(probe(r#"{"n": null}"#).unwrap().n, None);
        assert_eq!(probe("{}").unwrap().n, None);
        assert!(
            probe(r#"{"n": "tall"}"#)
                .unwrap_err()
                .contains("numeric string")
        );
    }

    #[test]
    fn whole_numbers_refuse_fractions_and_negatives() {
        assert_eq!(probe(r#"{"w": "12"}"#).unwrap().w, Some(12));
        assert_eq!(probe(r#"{"w": 7}"#).unwrap().w, Some(7));
        assert!(probe(r#"{"w": 1.5}"#).is_err());
        assert!(probe(r#"{"w": -1}"#).is_err());
    }

    #[test]
    fn text_accepts_numbers_as_written() {
        assert_eq!(probe(r#"{"t": 1234}"#).unwrap().t.as_deref(), Some("1234"));
        assert_eq!(probe(r#"{"t": "P-9"}"#).unwrap().t.as_deref(), Some("P-9"));
        assert_eq!(probe(r#"{"t": null}"#).unwrap().t, None);
    }
}
