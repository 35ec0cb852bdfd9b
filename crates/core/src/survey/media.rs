//! A measurement's photo, video or drawing as a record of its own (issue 10: media are
//! first-class records, referenced by id, never by `blob:` URLs that die on reload).
//!
//! The record describes the medium; its bytes are not part of it. The app's storage keeps
//! them beside the record (`StoredMedia = MediaRecord & { blob: Blob }` in
//! `web/src/model/index.ts`); a survey backup keeps them as files (docs/backup-format.md).
//!
//! ```json
//! {"id": "f1", "measurementId": "m1", "surveyId": "s1", "kind": "image",
//!  "type": "image/jpeg", "size": 48213, "createdAt": "2026-11-23T10:20:30.456Z"}
//! ```

use serde::{Deserialize, Serialize};

use super::lenient;
use crate::export::MediaKind;

/// One medium of a measurement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MediaRecord {
    #[serde(deserialize_with = "lenient::id")]
    pub id: String,
    /// The measurement this medium belongs to.
    #[serde(deserialize_with = "lenient::id")]
    pub measurement_id: String,
    /// The survey of that measurement (so a survey's media are found without its
    /// measurements).
    #[serde(deserialize_with = "lenient::id")]
    pub survey_id: String,
    /// `image`, `video` or `drawing`.
    pub kind: MediaKind,
    /// The MIME type of the bytes (`image/jpeg`, `video/webm`, `image/png`...).
    #[serde(rename = "type")]
    pub mime_type: String,
    /// The size of the bytes.
    #[serde(rename = "size")]
    #[cfg_attr(test, ts(type = "number"))]
    pub size_bytes: u64,
    /// When the medium was taken, ISO 8601 UTC.
    pub created_at: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_and_writes_the_app_field_names() {
        let input = json!({
            "id": "f1", "measurementId": "m1", "surveyId": "s1", "kind": "video",
            "type": "video/webm", "size": 1_048_576, "createdAt": "2026-11-23T10:20:30.456Z"
        });
        let media: MediaRecord = serde_json::from_value(input.clone()).unwrap();
        assert_eq!(media.kind, MediaKind::Video);
        assert_eq!(media.size_bytes, 1_048_576);
        assert_eq!(media.mime_type, "video/webm");
        assert_eq!(serde_json::to_value(&media).unwrap(), input);
    }

    #[test]
    fn an_unknown_kind_is_an_error_that_names_the_choices() {
        let err = serde_json::from_value::<MediaRecord>(json!({
            "id": "f1", "measurementId": "m1", "surveyId": "s1", "kind": "audio",
            "type": "audio/ogg", "size": 1, "createdAt": "2026-11-23T10:20:30.456Z"
        }))
        .unwrap_err()
        .to_string();
        assert!(err.contains("image") && err.contains("drawing"), "{err}");
    }
}
