//! The TypeScript record types, rendered from these Rust types (docs/record-model.md).
//!
//! `web/src/model/records.generated.ts` is written from the types of this module's parent
//! by [`ts_rs`] (a dev-dependency: nothing that ships carries it). The test below renders
//! the file and fails when the committed one differs, printing the command that rewrites
//! it: `npm run gen:types` (which runs this test with `CLEARWAY_WRITE_TYPES=1`).
//!
//! The serde attributes decide the shape: a field written only when set
//! (`skip_serializing_if`) is optional (`rel?: number`), a field written as `null` when
//! unset is `T | null`, a flattened `extra` map is an index signature, renamed fields keep
//! the app's names (`user_id`, `rel`, `poi_type`). The survey's mirrored names are written
//! by a hand-made `Serialize`; [`SurveyShape`] states that written shape for the generator.

use serde::Serialize;
use ts_rs::{Config, TS};

use super::create::{NewMeasurement, NewSurvey};
use super::{Alert, Measurement, MediaRecord, Route, RoutePoint, SurveyFields, VehicleTracePoint};
use super::{GeoPoint, RoutePointType};
use crate::export::MediaKind;

/// What `Survey`'s `Serialize` writes: both names of each mirrored pair, then the fields.
#[derive(Serialize, TS)]
#[ts(rename = "Survey")]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // a shape for the generator, never built
struct SurveyShape {
    survey_title: String,
    name: String,
    surveyor_name: String,
    surveyor: String,
    client_name: String,
    customer_name: String,
    #[serde(flatten)]
    fields: SurveyFields,
}

const GENERATED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../web/src/model/records.generated.ts"
);

/// One exported declaration per record type, after a header that says where it comes from.
fn render() -> String {
    let cfg = Config::new();
    let decls = [
        <serde_json::Value as TS>::decl(&cfg),
        crate::clearance::LoadProfile::decl(&cfg),
        crate::clearance::ReadingMethod::decl(&cfg),
        crate::clearance::Reading::decl(&cfg),
        SurveyShape::decl(&cfg),
        Measurement::decl(&cfg),
        MediaKind::decl(&cfg),
        MediaRecord::decl(&cfg),
        GeoPoint::decl(&cfg),
        RoutePointType::decl(&cfg),
        RoutePoint::decl(&cfg),
        Route::decl(&cfg),
        VehicleTracePoint::decl(&cfg),
        Alert::decl(&cfg),
        NewSurvey::decl(&cfg),
        NewMeasurement::decl(&cfg),
    ];
    let mut out = String::from(
        "// GENERATED from the Rust record types in crates/core/src/survey: do not edit.\n\
         // Rewrite with `npm run gen:types`; `cargo test` fails when this file and the Rust\n\
         // types disagree (crates/core/src/survey/typescript.rs, docs/record-model.md).\n",
    );
    for decl in decls {
        out.push('\n');
        out.push_str("export ");
        out.push_str(decl.trim());
        out.push('\n');
    }
    out
}

#[test]
fn the_committed_typescript_types_match_the_rust_types() {
    let rendered = render();
    if std::env::var_os("CLEARWAY_WRITE_TYPES").is_some() {
        std::fs::write(GENERATED, &rendered).expect("write web/src/model/records.generated.ts");
        return;
    }
    let committed = std::fs::read_to_string(GENERATED).unwrap_or_default();
    assert!(
        committed == rendered,
        "web/src/model/records.generated.ts is not what the Rust record types render.\n\
         Regenerate it with `npm run gen:types` and commit the result.\n--- rendered:\n{rendered}"
    );
}

/// The field names a rendered declaration lists, each with whether it is optional.
fn declared_fields(decl: &str) -> Vec<(String, bool)> {
    let mut text = String::new();
    let mut rest = decl;
    while let Some(start) = rest.find("/**") {
        text.push_str(&rest[..start]);
        rest = rest[start..]
            .split_once("*/")
            .map_or("", |(_, after)| after);
    }
    text.push_str(rest);
    let mut fields = Vec::new();
    for piece in text.split([',', '{', '\n']) {
        let piece = piece.trim();
        if let Some((name, _)) = piece.split_once(": ") {
            let (name, optional) = name.strip_suffix('?').map_or((name, false), |n| (n, true));
            if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                fields.push((name.to_owned(), optional));
            }
        }
    }
    fields
}

/// Every key the record writes is declared, and every field declared as required is written.
fn assert_shape<T: Serialize>(record: &T, decl: &str) {
    let written = serde_json::to_value(record).unwrap();
    let written = written.as_object().unwrap();
    let declared = declared_fields(decl);
    for key in written.keys() {
        let known = declared.iter().any(|(name, _)| name == key);
        assert!(
            known || key == "futureField",
            "{key} is written but not declared in {decl}"
        );
    }
    for (name, optional) in &declared {
        assert!(
            *optional || written.contains_key(name),
            "{name} is required in TS but not written"
        );
    }
}

#[test]
fn the_rendered_types_list_what_serde_writes() {
    use serde_json::json;
    let cfg = Config::new();
    let survey: super::Survey = serde_json::from_value(json!({
        "id": "s1", "name": "A20", "surveyor": "Ana", "customerName": "Haul", "active": true,
        "projectNumber": 12, "createdAt": "2026-11-23T10:20:30.456Z", "ownerId": "u1",
        "futureField": [1]
    }))
    .unwrap();
    let survey_decl = SurveyShape::decl(&cfg);
    assert_shape(&survey, &survey_decl);
    assert!(
        survey_decl.contains("cloudUploadStatus: string | null"),
        "{survey_decl}"
    );
    let measurement: Measurement = serde_json::from_value(json!({
        "id": "m1", "user_id": "s1", "rel": 4.2, "roadNumber": 12, "poi_type": "bridge",
        "note": "", "createdAt": "2026-11-23T10:20:30.456Z", "futureField": {"a": 1}
    }))
    .unwrap();
    let measurement_decl = Measurement::decl(&cfg);
    assert_shape(&measurement, &measurement_decl);
    assert_shape(&Measurement::default(), &measurement_decl);
    assert_shape(&super::Survey::default(), &survey_decl);
    for field in [
        "user_id: string",
        "rel?: number",
        "poi_type?: string",
        "source: string",
    ] {
        assert!(
            measurement_decl.contains(field),
            "{field} in {measurement_decl}"
        );
    }
    assert!(
        measurement_decl.contains("[key in string]"),
        "extra is an index signature"
    );
    let media: MediaRecord = serde_json::from_value(json!({
        "id": "f1", "measurementId": "m1", "surveyId": "s1", "kind": "drawing",
        "type": "image/png", "size": 3, "createdAt": "2026-11-23T10:20:30.456Z"
    }))
    .unwrap();
    assert_shape(&media, &MediaRecord::decl(&cfg));
    let route: Route = serde_json::from_value(json!({
        "id": "r1", "surveyId": "s1", "name": "North",
        "points": [{"id": "p", "routeId": "r1", "position": [1.0, 2.0], "type": "origin"}]
    }))
    .unwrap();
    assert_shape(&route, &Route::decl(&cfg));
    assert_shape(&route.points[0], &RoutePoint::decl(&cfg));
    let trace: VehicleTracePoint =
        serde_json::from_value(json!({"id": "t", "surveyId": "s1", "latitude": 1, "longitude": 2}))
            .unwrap();
    assert_shape(&trace, &VehicleTracePoint::decl(&cfg));
    let alert: Alert = serde_json::from_value(json!({"id": "a", "surveyId": "s1"})).unwrap();
    assert_shape(&alert, &Alert::decl(&cfg));
}
