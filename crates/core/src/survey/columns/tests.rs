//! Columns read back into the same measurements as the JSON path, for records of every
//! shape the app may hold (numbers as text, unknown fields, non-ASCII text, nulls).

use super::*;
use proptest::prelude::*;
use serde_json::{Map, json};

/// A plain writer of the layout (the rules of web/src/core/measurementColumns.ts): a value
/// of the column's type goes to its column, anything else to REST.
fn write(records: &[Map<String, Value>]) -> (Vec<f64>, String, Vec<i32>) {
    let (mut numbers, mut text, mut lengths) = (Vec::new(), String::new(), Vec::new());
    for record in records {
        let mut nums = [f64::NAN; 9];
        let mut texts: [Option<String>; 13] = Default::default();
        let mut rest = Map::new();
        for (key, value) in record {
            if let Some(i) = NUMBER_COLUMNS.iter().position(|c| c == key) {
                match value {
                    Value::Null => {}
                    Value::Number(n)
                        if i != 6 || n.as_u64().is_some_and(|p| u32::try_from(p).is_ok()) =>
                    {
                        nums[i] = n.as_f64().unwrap();
                    }
                    _ => drop(rest.insert(key.clone(), value.clone())),
                }
            } else if let Some(i) = TEXT_COLUMNS[..12].iter().position(|c| c == key) {
                match value {
                    Value::Null => {}
                    Value::String(s) => texts[i] = Some(s.clone()),
                    _ => drop(rest.insert(key.clone(), value.clone())),
                }
            } else {
                rest.insert(key.clone(), value.clone());
            }
        }
        if !rest.is_empty() {
            texts[12] = Some(Value::Object(rest).to_string());
        }
        numbers.extend(nums);
        for t in texts {
            lengths.push(
                t.as_ref()
                    .map_or(-1, |t| i32::try_from(t.encode_utf16().count()).unwrap()),
            );
            text.push_str(t.as_deref().unwrap_or(""));
        }
    }
    (numbers, text, lengths)
}

fn via_columns(records: &[Value]) -> Result<Vec<Measurement>, ColumnsError> {
    let maps: Vec<Map<String, Value>> = records
        .iter()
        .map(|r| r.as_object().unwrap().clone())
        .collect();
    let (numbers, text, lengths) = write(&maps);
    measurements_from_columns(&numbers, &text, &lengths)
}

fn via_json(records: &[Value]) -> Vec<Measurement> {
    serde_json::from_value(Value::Array(records.to_vec())).unwrap()
}

#[test]
fn columns_and_json_read_the_same_measurements() {
    let records = vec![
        json!({"id": "m-1", "user_id": "s-1", "rel": 4.25, "altGPS": "101.5", "latitude": -33.8688,
               "longitude": 151.2093, "speed": 42, "heading": 270.5, "roadNumber": 12, "poiNumber": "7",
               "poi_type": "powerLine", "note": "sag, at mid-span", "widthMeasure": 3.5,
               "lengthMeasure": null, "createdAt": "2024-05-01T08:00:00.000Z", "cameraTilt": {"deg": 2}}),
        json!({"id": "m-2", "note": "épaule 🚧 \"quoted\"", "source": "", "imageUrl": "blob:x",
               "createdAt": 1_714_550_400_000_u64, "frameIndex": 3}),
        json!({}),
        json!({"id": 17, "user_id": null, "poi_type": "", "source": "slaveApp", "drawingUrl": null}),
    ];
    assert_eq!(via_columns(&records).unwrap(), via_json(&records));
}

#[test]
fn what_json_refuses_columns_refuse_naming_the_measurement() {
    let err = via_columns(&[json!({}), json!({"rel": "tall"})]).unwrap_err();
    assert!(matches!(err, ColumnsError::Rest { index: 1, .. }), "{err}");
    assert!(err.to_string().contains("numeric string"), "{err}");
    let err = via_columns(&[json!({"poiNumber": 1.5})]).unwrap_err();
    assert!(err.to_string().starts_with("measurement 0: "), "{err}");
}

#[test]
fn a_broken_layout_is_an_error_not_a_panic() {
    assert_eq!(
        measurements_from_columns(&[1.0; 10], "", &[-1; 13]),
        Err(ColumnsError::Shape {
            numbers: 10,
            lengths: 13
        })
    );
    let mut lengths = [-1; 13];
    lengths[0] = 5;
    assert_eq!(
        measurements_from_columns(&[f64::NAN; 9], "abc", &lengths),
        Err(ColumnsError::TextTooShort {
            index: 0,
            column: "id"
        })
    );
    // A length that ends inside a surrogate pair.
    lengths[0] = 1;
    assert!(measurements_from_columns(&[f64::NAN; 9], "🚧", &lengths).is_err());
    assert_eq!(
        measurements_from_columns(&[f64::NAN; 9], "abcd", &lengths),
        Err(ColumnsError::TextLeftOver(3))
    );
    let mut nums = [f64::NAN; 9];
    nums[6] = -1.0;
    assert_eq!(
        measurements_from_columns(&nums, "", &[-1; 13]),
        Err(ColumnsError::PoiNumber {
            index: 0,
            value: -1.0
        })
    );
}

fn value() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        // Decimals of up to 9 digits: serde_json reads those exactly from text (longer ones
        // it may read 1 ULP off without its `float_roundtrip` feature, which the REST text
        // would then show and the exact columns would not).
        (-100_000_000_i64..100_000_000).prop_map(|x| json!(x as f64 / 1000.0)),
        (0u32..100_000).prop_map(|x| json!(x)),
        "\\PC{0,8}".prop_map(Value::String),
        "[0-9]{1,4}(\\.[0-9]{1,2})?".prop_map(Value::String),
    ]
}

proptest! {
    #[test]
    fn any_record_the_json_path_reads_reads_the_same_from_columns(
        records in proptest::collection::vec(
            proptest::collection::btree_map(
                prop_oneof![
                    proptest::sample::select(NUMBER_COLUMNS.to_vec()).prop_map(String::from),
                    proptest::sample::select(TEXT_COLUMNS[..12].to_vec()).prop_map(String::from),
                    "[a-z]{1,6}",
                ],
                value(),
                0..12,
            ),
            0..6,
        )
    ) {
        let records: Vec<Value> = records.into_iter().map(|r| Value::Object(r.into_iter().collect())).collect();
        let json: Result<Vec<Measurement>, _> = serde_json::from_value(Value::Array(records.clone()));
        match (json, via_columns(&records)) {
            (Ok(a), Ok(b)) => prop_assert_eq!(a, b),
            (Err(_), Err(_)) => {}
            (a, b) => prop_assert!(false, "json {:?} vs columns {:?}", a.map(|_| ()), b.map(|_| ())),
        }
    }
}
