//! Single sentences and fields transcribed from two other parsers' unit tests
//! (`nmea/vectors/nmea-sentence-vectors.json`: adrianmo/go-nmea and AeroRust/nmea), and two
//! whole logs with other tools' expectations (the nmea1 log of `AeroRust`, furkot's camera log).

mod common;

use clearway_core::nmea::{GpsState, KNOTS_TO_KMH, NmeaStream, fields};
use serde_json::Value;

/// Vectors where our reading differs from the upstream parser's: whether we take a
/// position from the sentence, and why (the SPEC's rule, or the stream's resynchronisation).
const DIFFERS: &[(&str, bool, &str)] = &[
    (
        "go-nmea/gga_test/4",
        true,
        "fix quality 12: go-nmea rejects it; SPEC §5 says any quality other than 0 or 1 is 'DGPS Fix'",
    ),
    (
        "go-nmea/gga_test/8",
        true,
        "fix quality 12: go-nmea rejects it; SPEC §5 says any quality other than 0 or 1 is 'DGPS Fix'",
    ),
    (
        "nmea/functional_tests/5",
        true,
        "quality 0 with a position: AeroRust returns an error; SPEC §5 parses it (time, latitude and \
         longitude are present) and reports 'No Fix'",
    ),
    (
        "go-nmea/sentence_test/8",
        true,
        "`abc$GPRMC,...`: go-nmea rejects a line not starting with '$'; a serial stream resynchronises \
         on '$', so the garbage prefix is warned about and the sentence after it is read",
    ),
    (
        "nmea/gga/2",
        false,
        "an empty GGA: AeroRust accepts it with no data; SPEC §5 needs a time and a position",
    ),
    (
        "nmea/rmc/3",
        false,
        "a void RMC (status V): AeroRust accepts it with no data; status V is never a fix",
    ),
];

fn vectors() -> Value {
    let path = common::corpus_dir().join("nmea/vectors/nmea-sentence-vectors.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("vectors file"))
        .expect("vectors JSON")
}

fn feed(sentence: &str) -> (NmeaStream, u32) {
    let mut stream = NmeaStream::new();
    let positions = stream.push(format!("{sentence}\r\n").as_bytes(), |_, _| {});
    (stream, positions)
}

fn close(actual: Option<f64>, expected: &Value, tolerance: f64) -> bool {
    match (actual, expected.as_f64()) {
        (Some(a), Some(e)) => (a - e).abs() <= tolerance,
        (None, None) => true,
        _ => false,
    }
}

fn check_position(id: &str, e: &Value, s: &GpsState) -> Vec<String> {
    // Only what the upstream test asserted is compared.
    let asserted = |key: &str| e.get(key).is_some();
    let mut wrong = Vec::new();
    let time = s.time_text();
    if asserted("time") && e["time"].as_str() != time.as_deref() {
        wrong.push(format!("{id}: time {time:?} vs {}", e["time"]));
    }
    for (name, ours) in [("lat", s.lat), ("lon", s.lon)] {
        if asserted(name) && !close(ours, &e[name], 1e-9) {
            wrong.push(format!("{id}: {name} {ours:?} vs {}", e[name]));
        }
    }
    match e["type"].as_str() {
        Some("GGA") => {
            let label = match e["fix_quality"].as_u64() {
                Some(0) => "No Fix",
                Some(1) => "GPS Fix",
                _ => "DGPS Fix",
            };
            if s.fix.label() != label {
                wrong.push(format!("{id}: fix {} vs {label}", s.fix.label()));
            }
            if asserted("num_satellites")
                && e["num_satellites"].as_u64() != s.satellites.map(u64::from)
            {
                wrong.push(format!("{id}: satellites {:?}", s.satellites));
            }
            if asserted("hdop") && !close(s.hdop, &e["hdop"], 1e-12) {
                wrong.push(format!("{id}: hdop {:?}", s.hdop));
            }
            if asserted("altitude") && !close(s.alt_m, &e["altitude"], 1e-12) {
                wrong.push(format!("{id}: altitude {:?}", s.alt_m));
            }
        }
        Some("RMC") => {
            if asserted("speed_knots") {
                let kmh = e["speed_knots"]
                    .as_f64()
                    .map_or(Value::Null, |kn| Value::from(kn * KNOTS_TO_KMH));
                if !close(s.speed_kmh, &kmh, 1e-9) {
                    wrong.push(format!("{id}: speed {:?} km/h", s.speed_kmh));
                }
            }
            if asserted("course") && !close(s.course_deg, &e["course"], 1e-12) {
                wrong.push(format!("{id}: course {:?}", s.course_deg));
            }
            if asserted("date")
                && e["date"].as_str() != s.date.map(clearway_core::nmea::Date::iso).as_deref()
            {
                wrong.push(format!("{id}: date {:?} vs {}", s.date, e["date"]));
            }
        }
        _ => {}
    }
    wrong
}

#[test]
fn sentences_from_other_parsers_tests() {
    let all = vectors();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for v in all["sentences"].as_array().expect("sentences") {
        let id = v["id"].as_str().unwrap_or_default();
        let sentence = v["sentence"].as_str().unwrap_or_default();
        let (stream, positions) = feed(sentence);
        let kind = v["expected"]["type"].as_str().unwrap_or_default();
        let talker = sentence.get(1..3).unwrap_or_default();
        let spec_position = matches!(kind, "GGA" | "RMC") && matches!(talker, "GP" | "GN");
        let valid = v["valid"].as_bool() == Some(true);
        checked += 1;
        if v["checksum_ok"].as_bool() == Some(false) {
            if stream.stats().bad_checksum != 1 || positions != 0 {
                wrong.push(format!(
                    "{id}: a bad checksum must be counted and never used"
                ));
            }
        } else if let Some((_, take, why)) = DIFFERS.iter().find(|(x, _, _)| *x == id) {
            if (positions == 1) != *take {
                wrong.push(format!("{id}: {why}"));
            }
        } else if valid && spec_position {
            if positions == 1 {
                wrong.extend(check_position(id, &v["expected"], stream.state()));
            } else {
                wrong.push(format!("{id}: valid {kind} not accepted"));
            }
        } else if valid && kind == "VTG" {
            let e = &v["expected"];
            let speed = e["speed_knots"].as_f64().map(|kn| kn * KNOTS_TO_KMH);
            let s = stream.state();
            if !close(s.speed_kmh, &speed.map_or(Value::Null, Value::from), 1e-9)
                || !close(s.course_deg, &e["true_track"], 1e-12)
            {
                wrong.push(format!(
                    "{id}: VTG speed/course {:?}/{:?}",
                    s.speed_kmh, s.course_deg
                ));
            }
        } else if positions != 0 {
            wrong.push(format!(
                "{id}: {} gave a position",
                if valid {
                    "a sentence outside GP/GN GGA/RMC"
                } else {
                    "an invalid sentence"
                }
            ));
        }
    }
    assert!(checked >= 60, "{checked} vectors");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn field_vectors_from_go_nmea() {
    let all = vectors();
    for v in all["lat_long_strings"]
        .as_array()
        .expect("lat_long_strings")
    {
        let input = v["input"].as_str().unwrap_or_default();
        let (value, hemisphere) = input.split_once(' ').unwrap_or((input, ""));
        let ours = fields::coordinate(value.as_bytes(), hemisphere.as_bytes(), 180.0);
        if v["error"].as_bool() == Some(true) {
            assert_eq!(ours, None, "{input}");
        } else {
            let tolerance = v["tolerance"].as_f64().unwrap_or(1e-9);
            assert!(close(ours, &v["expected"], tolerance), "{input}: {ours:?}");
        }
    }
    for v in all["time_fields"].as_array().expect("time_fields") {
        let input = v["input"].as_str().unwrap_or_default();
        let ours = fields::time_of_day_ms(input.as_bytes()).map(fields::format_time);
        if v["error"].as_bool() == Some(true) || v["expected"].is_null() {
            // An empty field (go-nmea: "no time") or a malformed one: no time.
            assert_eq!(ours, None, "{input:?}");
        } else {
            assert_eq!(ours.as_deref(), v["expected"].as_str(), "{input:?}");
        }
    }
    for v in all["date_fields"].as_array().expect("date_fields") {
        let input = v["input"].as_str().unwrap_or_default();
        let ours = fields::date(input.as_bytes());
        match v["expected"].as_object() {
            Some(e) => {
                let (year, month, day) = ours.unwrap_or_else(|| panic!("{input:?} should parse"));
                assert_eq!(
                    u64::from(year % 100),
                    e["YY"].as_u64().unwrap_or(999),
                    "{input}"
                );
                assert_eq!(u64::from(month), e["MM"].as_u64().unwrap_or(99), "{input}");
                assert_eq!(u64::from(day), e["DD"].as_u64().unwrap_or(99), "{input}");
            }
            None => assert_eq!(ours, None, "{input:?}"),
        }
    }
}

#[test]
fn aerorust_log_every_line_is_a_valid_sentence() {
    let dir = common::corpus_dir().join("nmea/aerorust-nmea");
    let log = std::fs::read(dir.join("nmea1.log")).expect("nmea1.log");
    let types = std::fs::read_to_string(dir.join("nmea1.log.expected")).expect("expected");
    let lines = types.lines().count() as u64;
    // GGA/RMC lines carrying a fix, read with plain string splitting: GGA quality not 0,
    // RMC status A (this log also has 314 of each without a fix).
    let text = String::from_utf8_lossy(&log);
    let with_fix = text
        .lines()
        .filter(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (l.starts_with("$GPGGA") && f.get(6).is_some_and(|q| !q.is_empty() && *q != "0"))
                || (l.starts_with("$GPRMC") && f.get(2) == Some(&"A"))
        })
        .count() as u64;
    let mut stream = NmeaStream::new();
    stream.push(&log, |_, _| {});
    stream.finish(|_, _| {});
    let st = stream.stats();
    assert_eq!(st.sentences, lines, "one sentence per line");
    assert_eq!(st.bad_checksum, 0);
    assert_eq!(st.ignored, 0, "GGA, RMC, GSA, GSV and VTG are all used");
    assert!(with_fix > 1900, "{with_fix}");
    assert_eq!(st.positions, with_fix, "{st:?}");
    assert_eq!(
        stream.state().sats_in_view.map(|n| n > 0),
        Some(true),
        "GP and GL GSV read"
    );
}

#[test]
fn furkot_camera_log_gives_the_same_track() {
    let dir = common::corpus_dir().join("nmea/furkot-import-nmea");
    let log = std::fs::read(dir.join("example.log")).expect("example.log");
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("example.json")).expect("json"))
            .expect("json");
    let points: Vec<&Value> = expected["track"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|seg| seg.as_array().into_iter().flatten())
        .collect();
    let mut ours = Vec::new();
    let mut stream = NmeaStream::new();
    stream.push(&log, |kind, s| {
        if kind.name() == "GGA" {
            ours.push((s.lat, s.lon));
        }
    });
    assert_eq!(
        stream.stats().not_nmea,
        1,
        "the '@Olympus' header line is warned about"
    );
    assert_eq!(ours.len(), points.len());
    for (i, (p, (lat, lon))) in points.iter().zip(&ours).enumerate() {
        assert!(
            close(*lat, &p["coordinates"]["lat"], 1e-9)
                && close(*lon, &p["coordinates"]["lon"], 1e-9),
            "point {i}"
        );
    }
}
