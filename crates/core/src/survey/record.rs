//! The survey record (SPEC §3 "Survey"), as the app stores it: camelCase JSON.
//!
//! Three names are mirrored aliases: `surveyTitle`/`name`, `surveyorName`/`surveyor` and
//! `clientName`/`customerName`. Reading accepts either (the first name wins when both are
//! non-blank and differ); writing emits both, in step. Defaults: `enableVehicleTrace` and
//! `enableAlertLog` true, `outputFiles` `["CSV", "JSON", "GeoJSON"]`, `checklistCompleted`
//! false. Fields this version does not know are kept in [`SurveyFields::extra`] and written
//! back unchanged.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use super::lenient;
use crate::clearance::LoadProfile;

/// A survey: its three mirrored names, merged, and every other field.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Survey {
    /// `surveyTitle` / `name`.
    pub survey_title: String,
    /// `surveyorName` / `surveyor`.
    pub surveyor_name: String,
    /// `clientName` / `customerName`.
    pub client_name: String,
    pub fields: SurveyFields,
}

/// The survey's fields other than the mirrored names.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields))]
#[serde(rename_all = "camelCase")]
#[allow(clippy::struct_excessive_bools)] // the app's record, field for field
pub struct SurveyFields {
    #[serde(default, deserialize_with = "lenient::id")]
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_at: Option<Value>,
    #[serde(default)]
    pub active: bool,
    /// When the survey was last auto-saved, ISO 8601 UTC.
    #[serde(
        default,
        deserialize_with = "lenient::text",
        skip_serializing_if = "Option::is_none"
    )]
    pub last_auto_saved: Option<String>,
    #[serde(
        default,
        deserialize_with = "lenient::text",
        skip_serializing_if = "Option::is_none"
    )]
    pub project_number: Option<String>,
    #[serde(
        default,
        deserialize_with = "lenient::text",
        skip_serializing_if = "Option::is_none"
    )]
    pub origin_address: Option<String>,
    #[serde(
        default,
        deserialize_with = "lenient::text",
        skip_serializing_if = "Option::is_none"
    )]
    pub destination_address: Option<String>,
    #[serde(
        default,
        deserialize_with = "lenient::text",
        skip_serializing_if = "Option::is_none"
    )]
    pub description: Option<String>,
    #[serde(
        default,
        deserialize_with = "lenient::text",
        skip_serializing_if = "Option::is_none"
    )]
    pub notes: Option<String>,
    #[serde(default = "yes")]
    pub enable_vehicle_trace: bool,
    #[serde(default = "yes")]
    pub enable_alert_log: bool,
    #[serde(default = "default_output_files")]
    pub output_files: Vec<String>,
    /// `null` or `"synced"`.
    #[serde(default)]
    #[cfg_attr(test, ts(optional = false))]
    pub cloud_upload_status: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sync_id: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub export_target: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub convoy_id: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fleet_unit_role: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub planned_route_id: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub route_analysis: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ai_user_model_id: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ai_history_score: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intervention_type: Option<Value>,
    #[serde(default)]
    pub checklist_completed: bool,
    /// Cloud only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_synced_at: Option<Value>,
    /// Cloud only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measurements_synced: Option<Value>,
    /// Cloud only: the owning account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner_id: Option<Value>,
    /// The load this survey is made for (issue 15); see [`crate::clearance`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load_profile: Option<LoadProfile>,
    /// Fields this version does not know, kept as they came.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

fn yes() -> bool {
    true
}

/// SPEC §3 and §9: CSV, JSON, GeoJSON.
pub fn default_output_files() -> Vec<String> {
    ["CSV", "JSON", "GeoJSON"].map(String::from).to_vec()
}

impl Default for SurveyFields {
    fn default() -> Self {
        // Through serde, so the defaults live in one place: the attributes above.
        serde_json::from_str("{}").unwrap_or_else(|_| unreachable!("every field has a default"))
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SurveyIn {
    #[serde(default, deserialize_with = "lenient::text")]
    survey_title: Option<String>,
    #[serde(default, deserialize_with = "lenient::text")]
    name: Option<String>,
    #[serde(default, deserialize_with = "lenient::text")]
    surveyor_name: Option<String>,
    #[serde(default, deserialize_with = "lenient::text")]
    surveyor: Option<String>,
    #[serde(default, deserialize_with = "lenient::text")]
    client_name: Option<String>,
    #[serde(default, deserialize_with = "lenient::text")]
    customer_name: Option<String>,
    #[serde(flatten)]
    fields: SurveyFields,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SurveyOut<'a> {
    survey_title: &'a str,
    name: &'a str,
    surveyor_name: &'a str,
    surveyor: &'a str,
    client_name: &'a str,
    customer_name: &'a str,
    #[serde(flatten)]
    fields: &'a SurveyFields,
}

/// The first of two aliases that is not blank, else the other, else empty.
fn merged(first: Option<String>, second: Option<String>) -> String {
    match (first, second) {
        (Some(a), _) if !a.trim().is_empty() => a,
        (_, Some(b)) if !b.trim().is_empty() => b,
        (a, b) => a.or(b).unwrap_or_default(),
    }
}

impl<'de> Deserialize<'de> for Survey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = SurveyIn::deserialize(d)?;
        Ok(Self {
            survey_title: merged(raw.survey_title, raw.name),
            surveyor_name: merged(raw.surveyor_name, raw.surveyor),
            client_name: merged(raw.client_name, raw.customer_name),
            fields: raw.fields,
        })
    }
}

impl Serialize for Survey {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        SurveyOut {
            survey_title: &self.survey_title,
            name: &self.survey_title,
            surveyor_name: &self.surveyor_name,
            surveyor: &self.surveyor_name,
            client_name: &self.client_name,
            customer_name: &self.client_name,
            fields: &self.fields,
        }
        .serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn either_alias_is_read_and_both_are_written_in_step() {
        let s: Survey = serde_json::from_value(json!({
            "id": "s1", "name": "A20 night run", "surveyor": "Ana", "clientName": "Hydro"
        }))
        .unwrap();
        assert_eq!(s.survey_title, "A20 night run");
        assert_eq!(s.surveyor_name, "Ana");
        assert_eq!(s.client_name, "Hydro");
        let out = serde_json::to_value(&s).unwrap();
        assert_eq!(out["surveyTitle"], "A20 night run");
        assert_eq!(out["name"], "A20 night run");
        assert_eq!(out["surveyorName"], "Ana");
        assert_eq!(out["surveyor"], "Ana");
        assert_eq!(out["clientName"], "Hydro");
        assert_eq!(out["customerName"], "Hydro");
    }

    #[test]
    fn a_blank_first_alias_falls_back_to_the_second() {
        let s: Survey =
            serde_json::from_value(json!({"surveyTitle": "  ", "name": "Bridge check"})).unwrap();
        assert_eq!(s.survey_title, "Bridge check");
    }

    #[test]
    fn spec_defaults_apply_to_missing_fields() {
        let s: Survey = serde_json::from_value(json!({"id": "s1"})).unwrap();
        assert!(s.fields.enable_vehicle_trace);
        assert!(s.fields.enable_alert_log);
        assert!(!s.fields.checklist_completed);
        assert_eq!(s.fields.output_files, ["CSV", "JSON", "GeoJSON"]);
        assert_eq!(
            SurveyFields::default().output_files,
            ["CSV", "JSON", "GeoJSON"]
        );
    }

    #[test]
    fn unknown_fields_survive_a_round_trip() {
        let input = json!({
            "id": "s1", "surveyTitle": "T", "name": "T", "surveyorName": "S", "surveyor": "S",
            "clientName": "C", "customerName": "C", "enableVehicleTrace": false,
            "enableAlertLog": true, "outputFiles": ["CSV"], "cloudUploadStatus": "synced",
            "checklistCompleted": true, "active": true, "createdAt": "2024-05-01T08:00:00.000Z",
            "routeAnalysis": {"clearanceM": 4.2}, "futureField": [1, {"x": null}]
        });
        let s: Survey = serde_json::from_value(input.clone()).unwrap();
        assert_eq!(s.fields.extra["futureField"], json!([1, {"x": null}]));
        assert_eq!(serde_json::to_value(&s).unwrap(), input);
    }
}
