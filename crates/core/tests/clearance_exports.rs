//! The readings per lane, the wire temperature and time and the sag flag of issue 15
//! (point 3) in the GeoJSON properties and the KML `ExtendedData`: each value checked
//! against the measurement it came from. The KML is read back with quick-xml (entities
//! resolved), not searched as text.

use std::collections::BTreeMap;

use clearway_core::clearance::{LoadProfile, Reading, ReadingMethod};
use clearway_core::export::{Layers, geojson, kml};
use clearway_core::survey::{Measurement, SurveyData};
use quick_xml::events::Event;
use serde_json::{Value, json};

const LOAD_HEIGHT: f64 = 4.6;
const MOVE_TEMP: f64 = 25.0;
/// The default allowed difference before a wire is flagged for sag (°C).
const SAG_DELTA: f64 = 5.0;
/// The default buffer above the load (m).
const BUFFER: f64 = 0.15;

fn reading(lane: &str, method: ReadingMethod, height_m: f64, weak: bool) -> Reading {
    Reading {
        lane: lane.into(),
        method,
        height_m,
        weak,
    }
}

/// The text of one reading as the columns document it: `lane method sign height`, the
/// height in metres with 3 decimals, `>=` for a pole pass, `<` for a strike, `(weak)` after
/// a weak target.
fn reading_text(r: &Reading) -> String {
    let (label, sign) = match r.method {
        ReadingMethod::Laser => ("laser", ""),
        ReadingMethod::PolePass => ("pole pass", ">="),
        ReadingMethod::PoleStrike => ("pole strike", "<"),
        ReadingMethod::Tape => ("tape", ""),
        ReadingMethod::Manual => ("manual", ""),
    };
    let weak = if r.weak { " (weak)" } else { "" };
    format!("{} {label} {sign}{:.3}{weak}", r.lane, r.height_m)
}

fn readings_text(rs: &[Reading]) -> String {
    rs.iter().map(reading_text).collect::<Vec<_>>().join("; ")
}

/// A wire read in three lanes (the lowest a pole pass), surveyed 12.5 °C cooler than the
/// move; a power line read in one lane, surveyed within the allowed difference; a bridge
/// with neither readings nor a temperature.
fn survey(load: bool) -> SurveyData {
    let mut data = SurveyData::default();
    data.survey.survey_title = "A20 heavy haul".into();
    data.survey.fields.id = "s1".into();
    data.survey.fields.load_profile = load.then(|| LoadProfile {
        height_m: Some(LOAD_HEIGHT),
        move_temp_c: Some(MOVE_TEMP),
        ..Default::default()
    });
    let at = |n: u32| (Some(45.5 + f64::from(n) * 0.01), Some(-73.6));
    let (lat1, lon1) = at(1);
    let (lat2, lon2) = at(2);
    let (lat3, lon3) = at(3);
    data.measurements = vec![
        Measurement {
            id: "m1".into(),
            survey_id: "s1".into(),
            latitude: lat1,
            longitude: lon1,
            height_m: Some(5.48),
            poi_type: "wire".into(),
            road_number: Some("20".into()),
            poi_number: Some(1),
            readings: Some(vec![
                reading("left edge", ReadingMethod::Laser, 5.62, true),
                reading("centre", ReadingMethod::PolePass, 5.48, false),
                reading("right edge", ReadingMethod::Laser, 5.57, false),
            ]),
            wire_temp_c: Some(12.5),
            wire_time: Some("2026-07-01T05:40:00Z".into()),
            ..Default::default()
        },
        Measurement {
            id: "m2".into(),
            survey_id: "s1".into(),
            latitude: lat2,
            longitude: lon2,
            height_m: Some(6.3),
            poi_type: "powerLine".into(),
            road_number: Some("20".into()),
            poi_number: Some(2),
            readings: Some(vec![reading("lane 2", ReadingMethod::Tape, 6.3, false)]),
            wire_temp_c: Some(22.0),
            wire_time: Some("14:05".into()),
            ..Default::default()
        },
        Measurement {
            id: "m3".into(),
            survey_id: "s1".into(),
            latitude: lat3,
            longitude: lon3,
            height_m: Some(5.1),
            poi_type: "bridge".into(),
            road_number: Some("20".into()),
            poi_number: Some(3),
            ..Default::default()
        },
    ];
    data
}

/// The lowest reading of a measurement (the POI's clearance).
fn lowest(m: &Measurement) -> &Reading {
    m.readings
        .as_deref()
        .unwrap()
        .iter()
        .min_by(|a, b| a.height_m.total_cmp(&b.height_m))
        .unwrap()
}

fn geojson_features(data: &SurveyData) -> Vec<Value> {
    let mut out = Vec::new();
    geojson::write_geojson(&mut out, data, Layers::ALL).unwrap();
    let doc: Value = serde_json::from_slice(&out).unwrap();
    doc["features"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["geometry"]["type"] == "Point")
        .cloned()
        .collect()
}

/// Each POI placemark's `ExtendedData`, as name → value, in document order.
fn kml_extended_data(data: &SurveyData) -> Vec<BTreeMap<String, String>> {
    let mut out = Vec::new();
    kml::write_kml(&mut out, data, Layers::ALL).unwrap();
    let text = String::from_utf8(out).unwrap();
    let mut reader = quick_xml::Reader::from_str(&text);
    let mut placemarks = Vec::new();
    let (mut in_placemark, mut is_point, mut current) = (false, false, BTreeMap::new());
    let (mut name, mut value, mut in_value): (Option<String>, String, bool) =
        (None, String::new(), false);
    loop {
        match reader.read_event().unwrap() {
            Event::Start(e) => match e.name().as_ref() {
                b"Placemark" => {
                    in_placemark = true;
                    is_point = false;
                    current = BTreeMap::new();
                }
                b"Data" if in_placemark => {
                    let attr = e.try_get_attribute("name").unwrap().unwrap();
                    name = Some(attr.unescape_value().unwrap().into_owned());
                }
                b"value" if name.is_some() => {
                    in_value = true;
                    value.clear();
                }
                b"Point" => is_point = true,
                _ => {}
            },
            Event::Text(t) if in_value => value.push_str(&t.decode().unwrap()),
            Event::GeneralRef(r) if in_value => {
                if let Some(c) = r.resolve_char_ref().unwrap() {
                    value.push(c);
                } else {
                    let entity = r.decode().unwrap();
                    value.push_str(
                        quick_xml::escape::resolve_predefined_entity(&entity)
                            .unwrap_or_else(|| panic!("unknown entity {entity}")),
                    );
                }
            }
            Event::End(e) => match e.name().as_ref() {
                b"value" => in_value = false,
                b"Data" => {
                    current.insert(name.take().unwrap(), std::mem::take(&mut value));
                }
                b"Placemark" => {
                    in_placemark = false;
                    if is_point {
                        placemarks.push(std::mem::take(&mut current));
                    }
                }
                _ => {}
            },
            Event::Eof => break,
            _ => {}
        }
    }
    placemarks
}

#[test]
fn geojson_carries_the_readings_wire_temperature_and_sag_of_each_poi() {
    let data = survey(true);
    let features = geojson_features(&data);
    assert_eq!(features.len(), 3);
    let (wire, line, bridge) = (
        &data.measurements[0],
        &data.measurements[1],
        &data.measurements[2],
    );

    let p = &features[0]["properties"];
    assert_eq!(p["id"], "m1");
    // Every lane's reading, in the order taken, the weak one marked.
    assert_eq!(
        p["readings"],
        json!(readings_text(wire.readings.as_deref().unwrap()))
    );
    assert_eq!(
        p["readings"],
        "left edge laser 5.620 (weak); centre pole pass >=5.480; right edge laser 5.570"
    );
    // The clearance is the lowest reading, and its method says it is a bound.
    let low = lowest(wire);
    assert_eq!(p["clearanceM"], json!(low.height_m));
    assert_eq!(p["bound"], ">=");
    assert_eq!(p["method"], "pole pass");
    let margin = low.height_m - LOAD_HEIGHT - BUFFER;
    assert!(
        (p["marginM"].as_f64().unwrap() - margin).abs() < 5e-4,
        "{}",
        p["marginM"]
    );
    // Surveyed at 12.5 °C for a move at 25 °C: 12.5 °C cooler, beyond the allowed 5 °C.
    let temp = wire.wire_temp_c.unwrap();
    assert_eq!(p["wireTempC"], json!(temp));
    assert_eq!(p["wireTime"], json!(wire.wire_time.as_deref().unwrap()));
    let cooler = MOVE_TEMP - temp;
    assert!(cooler > SAG_DELTA);
    assert_eq!(
        p["sag"],
        json!(format!("sag: surveyed {cooler:.1} °C cooler than the move"))
    );

    // A power line surveyed 3 °C cooler than the move: its temperature, no sag flag.
    let p = &features[1]["properties"];
    assert_eq!(p["id"], "m2");
    assert_eq!(
        p["readings"],
        json!(readings_text(line.readings.as_deref().unwrap()))
    );
    assert_eq!(p["readings"], "lane 2 tape 6.300");
    assert_eq!(p["method"], "tape");
    assert_eq!(p["wireTempC"], json!(line.wire_temp_c.unwrap()));
    assert_eq!(p["wireTime"], "14:05");
    assert!(MOVE_TEMP - line.wire_temp_c.unwrap() <= SAG_DELTA);
    assert_eq!(p["sag"], Value::Null);

    // A bridge: its height is the clearance; no readings, no temperature.
    let p = &features[2]["properties"];
    assert_eq!(p["id"], "m3");
    assert_eq!(p["clearanceM"], json!(bridge.height_m.unwrap()));
    for key in [
        "readings",
        "wireTempC",
        "wireTime",
        "sag",
        "method",
        "bound",
    ] {
        assert_eq!(p[key], Value::Null, "{key}");
        assert!(p.as_object().unwrap().contains_key(key), "{key} present");
    }
}

#[test]
fn kml_extended_data_carries_the_readings_wire_temperature_and_sag_of_each_poi() {
    let data = survey(true);
    let placemarks = kml_extended_data(&data);
    assert_eq!(placemarks.len(), 3, "{placemarks:?}");
    let (wire, line) = (&data.measurements[0], &data.measurements[1]);

    let d = &placemarks[0];
    assert_eq!(
        d["readings"],
        readings_text(wire.readings.as_deref().unwrap()),
        "{d:?}"
    );
    assert!(d["readings"].contains("left edge laser 5.620 (weak)"));
    let low = lowest(wire);
    assert_eq!(d["clearanceM"], format!("{:.3}", low.height_m));
    assert_eq!(d["bound"], ">=");
    assert_eq!(d["method"], "pole pass");
    let temp = wire.wire_temp_c.unwrap();
    assert_eq!(d["wireTempC"], format!("{temp:.1}"));
    assert_eq!(d["wireTime"], wire.wire_time.as_deref().unwrap());
    assert_eq!(
        d["sag"],
        format!(
            "sag: surveyed {:.1} °C cooler than the move",
            MOVE_TEMP - temp
        )
    );

    let d = &placemarks[1];
    assert_eq!(
        d["readings"],
        readings_text(line.readings.as_deref().unwrap())
    );
    assert_eq!(d["wireTempC"], format!("{:.1}", line.wire_temp_c.unwrap()));
    assert_eq!(d["wireTime"], "14:05");
    assert!(
        !d.contains_key("sag"),
        "within the allowed difference: {d:?}"
    );

    // Fields without a value are left out.
    let d = &placemarks[2];
    assert_eq!(
        d["clearanceM"],
        format!("{:.3}", data.measurements[2].height_m.unwrap())
    );
    for key in ["readings", "wireTempC", "wireTime", "sag"] {
        assert!(!d.contains_key(key), "{key}: {d:?}");
    }
}

#[test]
fn readings_and_wire_temperature_are_exported_without_a_load_profile() {
    // No load: no margin, status or sag comparison, but the readings and the temperature
    // the surveyor took are still in both exports.
    let data = survey(false);
    let wire = &data.measurements[0];
    let expected = readings_text(wire.readings.as_deref().unwrap());
    let temp = wire.wire_temp_c.unwrap();

    let p = &geojson_features(&data)[0]["properties"];
    assert_eq!(p["readings"], json!(expected));
    assert_eq!(p["wireTempC"], json!(temp));
    assert_eq!(p["wireTime"], json!(wire.wire_time.as_deref().unwrap()));
    assert_eq!(p["marginM"], Value::Null);
    assert_eq!(p["status"], Value::Null);
    assert_eq!(p["sag"], Value::Null);

    let d = &kml_extended_data(&data)[0];
    assert_eq!(d["readings"], expected);
    assert_eq!(d["wireTempC"], format!("{temp:.1}"));
    assert!(!d.contains_key("marginM") && !d.contains_key("status") && !d.contains_key("sag"));
}
