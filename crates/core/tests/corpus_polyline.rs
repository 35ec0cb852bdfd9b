//! Every vector of `corpus/polyline/polyline-vectors.json` (transcribed from the tests of
//! five other implementations) and the real precision-6 route of georust/polyline.

mod common;

use clearway_core::polyline::{
    PolylineError, Precision, decode, decode_unchecked, encode, encode_unchecked,
};
use serde_json::Value;

fn vectors() -> Value {
    let path = common::corpus_dir().join("polyline/polyline-vectors.json");
    let text = std::fs::read_to_string(&path).expect("polyline-vectors.json");
    serde_json::from_str(&text).expect("valid JSON")
}

fn precision_of(vector: &Value) -> Precision {
    let digits = vector["precision"].as_u64().unwrap_or(5);
    Precision::new(u32::try_from(digits).expect("small")).expect("supported precision")
}

/// The vector's coordinates as flat `[lat, lon, ...]`, whatever its `order`.
fn flat_lat_lon(vector: &Value) -> Vec<f64> {
    let lon_first = vector["order"].as_str() == Some("lonlat");
    let mut flat = Vec::new();
    for pair in vector["coordinates"].as_array().expect("coordinates") {
        let a = pair[0].as_f64().expect("number");
        let b = pair[1].as_f64().expect("number");
        if lon_first {
            flat.extend([b, a]);
        } else {
            flat.extend([a, b]);
        }
    }
    flat
}

fn encoded_bytes(vector: &Value) -> Vec<u8> {
    if let Some(hex) = vector["encoded_hex"].as_str() {
        (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex"))
            .collect()
    } else {
        vector["encoded"]
            .as_str()
            .expect("encoded")
            .as_bytes()
            .to_vec()
    }
}

/// The corpus says decoded values are exact to 10^-(precision+1).
fn assert_close(actual: &[f64], expected: &[f64], precision: Precision, what: &str) {
    assert_eq!(actual.len(), expected.len(), "{what}: value count");
    let tolerance = 10f64.powi(-i32::try_from(precision.digits()).expect("small") - 1);
    for (i, (a, e)) in actual.iter().zip(expected).enumerate() {
        assert!((a - e).abs() <= tolerance, "{what}: value {i}: {a} != {e}");
    }
}

#[test]
fn every_decode_vector() {
    let all = vectors();
    let list = all["decode"].as_array().expect("decode list");
    assert_eq!(list.len(), 15);
    for vector in list {
        let encoded = vector["encoded"].as_str().expect("encoded");
        let precision = precision_of(vector);
        let flat = decode(encoded, precision).unwrap_or_else(|e| panic!("{encoded}: {e}"));
        assert_close(&flat, &flat_lat_lon(vector), precision, encoded);
        if vector["roundtrip_exact"].as_bool() == Some(true) {
            assert_eq!(encode(&flat, precision).as_deref(), Ok(encoded));
        }
    }
}

#[test]
fn every_encode_vector() {
    let all = vectors();
    let list = all["encode"].as_array().expect("encode list");
    assert_eq!(list.len(), 13);
    for vector in list {
        let expected = vector["encoded"].as_str().expect("encoded");
        let flat = flat_lat_lon(vector);
        assert_eq!(
            encode(&flat, precision_of(vector)).as_deref(),
            Ok(expected),
            "{flat:?}"
        );
    }
}

#[test]
fn every_signed_integer_vector() {
    // Precision 0 encodes integers as they are: a latitude `value` and a longitude 0 ("?").
    let all = vectors();
    let list = all["signed_integers_p5"].as_array().expect("list");
    assert_eq!(list.len(), 7);
    let p0 = Precision::new(0).expect("precision 0");
    for vector in list {
        let value = vector["value"].as_f64().expect("value");
        let expected = format!("{}?", vector["encoded"].as_str().expect("encoded"));
        assert_eq!(encode_unchecked(&[value, 0.0], p0), Ok(expected.clone()));
        assert_eq!(decode_unchecked(&expected, p0), Ok(vec![value, 0.0]));
    }
}

#[test]
fn every_roundtrip_vector() {
    // These come from codecs that do not check ranges (mapbox's [179.12…, -179.12…] is not a
    // latitude), so they go through the unchecked functions.
    let all = vectors();
    let list = all["roundtrip"].as_array().expect("roundtrip list");
    assert_eq!(list.len(), 4);
    for vector in list {
        let precision = precision_of(vector);
        if let Some(encoded) = vector["encoded"].as_str() {
            let flat = decode(encoded, precision).expect("decodes");
            assert_eq!(encode(&flat, precision).as_deref(), Ok(encoded));
        } else {
            let flat = flat_lat_lon(vector);
            let text = encode_unchecked(&flat, precision).expect("encodes");
            if let Some(expected) = vector["collector_encoded"].as_str() {
                assert_eq!(text, expected);
            }
            let back = decode_unchecked(&text, precision).expect("decodes");
            assert_close(&back, &flat, precision, &text);
            // The 32-bit overflow check: the sign survives.
            for (a, b) in back.iter().zip(&flat) {
                assert_eq!(a.is_sign_negative(), b.is_sign_negative(), "{text}");
            }
        }
    }
}

#[test]
fn every_error_vector() {
    let all = vectors();
    let list = all["errors"].as_array().expect("errors list");
    assert_eq!(list.len(), 13);
    for vector in list {
        let precision = precision_of(vector);
        let label = vector["error"].as_str().expect("error label");
        if vector["coordinates"].is_array() {
            let flat = flat_lat_lon(vector);
            assert_eq!(
                encode(&flat, precision),
                Err(PolylineError::InvalidCoordinate {
                    index: 2,
                    lat: 430.252,
                    lon: -126.453
                }),
                "{label}"
            );
            continue;
        }
        let bytes = encoded_bytes(vector);
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let err = decode(&bytes, precision).expect_err(&text);
        let kind_matches = match label {
            "invalid byte" => matches!(err, PolylineError::InvalidByte { .. }),
            "unterminated sequence" => matches!(err, PolylineError::Truncated { .. }),
            "overflow" => matches!(err, PolylineError::Overflow { .. }),
            "missing longitude (odd number of values)" => {
                err == PolylineError::MissingLongitude { position: 8 }
            }
            // georust reports this as a decode error at index 12: the 13th byte continues a
            // value already 60 bits long, which is our overflow at the same position.
            "decode error" => err == PolylineError::Overflow { position: 12 },
            // "ugh_ugh": every byte carries the continuation bit (u=117-63=54, g=40, h=41,
            // _=32, all >= 32), so the first value never ends. georust stops at the end of
            // input and range-checks the partial value; we report the cut-off value.
            "latitude out of range" => err == PolylineError::Truncated { position: 0 },
            // The 13th byte is the first byte (0xF0) of the 4-byte UTF-8 wastebasket emoji.
            "non-ASCII character / out of range" => {
                err == PolylineError::InvalidByte {
                    position: 12,
                    byte: 0xF0,
                }
            }
            other => panic!("unknown error label {other}"),
        };
        assert!(kind_matches, "{text:?} ({label}): got {err:?}");
    }
}

#[test]
fn the_sweden_route_at_precision_6() {
    let dir = common::corpus_dir().join("polyline/georust-polyline");
    let encoded = std::fs::read_to_string(dir.join("route-geometry-sweden-west-coast.polyline6"))
        .expect("route");
    let summary: Value = serde_json::from_str(
        &std::fs::read_to_string(
            dir.join("route-geometry-sweden-west-coast.polyline6.summary.json"),
        )
        .expect("summary"),
    )
    .expect("JSON");
    let flat = decode(encoded.trim_end(), Precision::E6).expect("decodes");
    let count = usize::try_from(summary["route_points"].as_u64().expect("count")).expect("small");
    assert_eq!(flat.len(), 2 * count);
    let first: Vec<f64> = summary["first"]
        .as_array()
        .expect("first")
        .iter()
        .filter_map(Value::as_f64)
        .collect();
    let last: Vec<f64> = summary["last"]
        .as_array()
        .expect("last")
        .iter()
        .filter_map(Value::as_f64)
        .collect();
    assert_close(&flat[..2], &first, Precision::E6, "first point");
    assert_close(&flat[flat.len() - 2..], &last, Precision::E6, "last point");
    // Re-encoding the decoded route gives the same text back.
    assert_eq!(
        encode(&flat, Precision::E6).as_deref(),
        Ok(encoded.trim_end())
    );
}
