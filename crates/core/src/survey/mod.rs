//! The survey model (SPEC §3): serde types for the records the app stores, camelCase JSON
//! with the app's field names, the SPEC's mirrored aliases and defaults, and the
//! survey-creation validation of SPEC §5.
//!
//! - [`record::Survey`]: the survey, with `surveyTitle`/`name`, `surveyorName`/`surveyor`,
//!   `clientName`/`customerName` mirrored.
//! - [`measurement::Measurement`]: a measurement at a point of interest.
//! - [`route::Route`], [`route::RoutePoint`]: planned routes.
//! - [`trace::VehicleTracePoint`], [`trace::Alert`]: the vehicle trace and the alert log.
//! - [`media::MediaRecord`]: a measurement's photo, video or drawing (its bytes kept apart).
//! - [`columns`]: measurements as columns, how bulk records cross from JavaScript.
//! - [`create`]: a new survey, measurement and START measurement, with the SPEC defaults.
//! - [`SurveyData`]: one survey with all its records, what exports and backups carry.
//!
//! Every record keeps the fields this version does not know (`extra`), so reading and
//! writing a record never drops app data.

pub mod columns;
pub mod create;
pub mod lenient;
pub mod measurement;
pub mod media;
pub mod record;
pub mod route;
pub mod trace;
#[cfg(test)]
mod typescript;

pub use measurement::Measurement;
pub use media::MediaRecord;
pub use record::{Survey, SurveyFields};
pub use route::{GeoPoint, Route, RoutePoint, RoutePointType};
pub use trace::{Alert, VehicleTracePoint};

/// One survey and everything recorded for it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SurveyData {
    pub survey: Survey,
    pub measurements: Vec<Measurement>,
    pub routes: Vec<Route>,
    pub traces: Vec<VehicleTracePoint>,
    pub alerts: Vec<Alert>,
}

impl SurveyData {
    /// Reads the app's JSON texts: the survey object and the arrays of measurements,
    /// routes, trace points and alerts. A blank text counts as none. The error names the
    /// part and the position.
    ///
    /// ```
    /// use clearway_core::survey::SurveyData;
    /// let data = SurveyData::from_json_parts(r#"{"name": "A20"}"#, "[]", "", "", "").unwrap();
    /// assert_eq!(data.survey.survey_title, "A20");
    /// let err = SurveyData::from_json_parts("{}", "[{\"rel\": true}]", "", "", "").unwrap_err();
    /// assert!(err.starts_with("measurements: "), "{err}");
    /// ```
    pub fn from_json_parts(
        survey: &str,
        measurements: &str,
        routes: &str,
        traces: &str,
        alerts: &str,
    ) -> Result<Self, String> {
        fn parse<T: serde::de::DeserializeOwned + Default>(
            what: &str,
            json: &str,
        ) -> Result<T, String> {
            if json.trim().is_empty() {
                return Ok(T::default());
            }
            serde_json::from_str(json).map_err(|e| format!("{what}: {e}"))
        }
        Ok(Self {
            survey: parse("survey", survey)?,
            measurements: parse("measurements", measurements)?,
            routes: parse("routes", routes)?,
            traces: parse("traces", traces)?,
            alerts: parse("alerts", alerts)?,
        })
    }
}

/// Why a new survey cannot be created. The texts are SPEC §5's, word for word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SurveyError {
    #[error("Survey title is required")]
    TitleRequired,
    #[error("Surveyor name is required")]
    SurveyorRequired,
    #[error("Client name is required")]
    ClientRequired,
}

/// Checks a survey about to be created: a title, a surveyor name and a client name, each
/// from either of its aliases, not blank. The first missing one is the error.
///
/// ```
/// use clearway_core::survey::{validate_new_survey, Survey, SurveyError};
/// let s: Survey = serde_json::from_str(
///     r#"{"name": "A20", "surveyor": "Ana", "customerName": " "}"#).unwrap();
/// assert_eq!(validate_new_survey(&s), Err(SurveyError::ClientRequired));
/// assert_eq!(SurveyError::ClientRequired.to_string(), "Client name is required");
/// ```
pub fn validate_new_survey(survey: &Survey) -> Result<(), SurveyError> {
    if survey.survey_title.trim().is_empty() {
        return Err(SurveyError::TitleRequired);
    }
    if survey.surveyor_name.trim().is_empty() {
        return Err(SurveyError::SurveyorRequired);
    }
    if survey.client_name.trim().is_empty() {
        return Err(SurveyError::ClientRequired);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn survey(json: &str) -> Survey {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn spec_messages_in_order() {
        assert_eq!(
            validate_new_survey(&survey("{}")).unwrap_err().to_string(),
            "Survey title is required"
        );
        assert_eq!(
            validate_new_survey(&survey(r#"{"surveyTitle": "T"}"#))
                .unwrap_err()
                .to_string(),
            "Surveyor name is required"
        );
        assert_eq!(
            validate_new_survey(&survey(r#"{"surveyTitle": "T", "surveyorName": "S"}"#))
                .unwrap_err()
                .to_string(),
            "Client name is required"
        );
    }

    #[test]
    fn either_alias_satisfies_each_rule() {
        assert_eq!(
            validate_new_survey(&survey(
                r#"{"name": "T", "surveyor": "S", "clientName": "C"}"#
            )),
            Ok(())
        );
        assert_eq!(
            validate_new_survey(&survey(
                r#"{"surveyTitle": "T", "surveyorName": "S", "customerName": "C"}"#
            )),
            Ok(())
        );
        assert_eq!(
            validate_new_survey(&survey(
                r#"{"surveyTitle": "  ", "surveyorName": "S", "customerName": "C"}"#
            )),
            Err(SurveyError::TitleRequired)
        );
    }
}
