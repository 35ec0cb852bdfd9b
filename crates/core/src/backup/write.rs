//! Writing a survey backup: the records first, then media one at a time, then the manifest
//! and the zip's central directory. Output streams to any `Write`; memory holds one
//! record file or one medium at a time.

use std::io::Write;

use super::{BackupError, Counts, FORMAT_NAME, FORMAT_VERSION, Manifest, MediaEntry, entries};
use crate::export::MediaKind;
use crate::export::naming::media_file_name;
use crate::survey::{Measurement, SurveyData};
use crate::zip_writer::ZipStreamWriter;

/// A backup being written to `W`.
pub struct BackupWriter<W: Write> {
    zip: ZipStreamWriter<W>,
    manifest: Manifest,
}

impl<W: Write> BackupWriter<W> {
    /// Starts a backup of `data` and writes its records. `created` is the time of the backup,
    /// ISO 8601 UTC (the core has no clock).
    ///
    /// ```
    /// use clearway_core::{backup::write::BackupWriter, survey::SurveyData};
    /// let backup = BackupWriter::new(Vec::new(), &SurveyData::default(), "2024-05-01T08:00:00Z")
    ///     .unwrap()
    ///     .finish()
    ///     .unwrap();
    /// assert_eq!(&backup[..2], b"PK");
    /// ```
    pub fn new(out: W, data: &SurveyData, created: &str) -> Result<Self, BackupError> {
        let mut zip = ZipStreamWriter::new(out);
        zip.set_modified(created);
        let mut buf = Vec::new();
        serde_json::to_writer(&mut buf, &data.survey)?;
        zip.add(entries::SURVEY, &buf)?;
        for (name, write) in [
            (entries::MEASUREMENTS, to_json(&data.measurements)),
            (entries::ROUTES, to_json(&data.routes)),
            (entries::TRACES, to_json(&data.traces)),
            (entries::ALERTS, to_json(&data.alerts)),
        ] {
            zip.add(name, &write?)?;
        }
        let manifest = Manifest {
            format: FORMAT_NAME.to_owned(),
            version: FORMAT_VERSION,
            created_by: format!("clearway-core {}", crate::VERSION),
            created: created.to_owned(),
            survey_id: data.survey.fields.id.clone(),
            counts: Counts {
                measurements: data.measurements.len(),
                routes: data.routes.len(),
                traces: data.traces.len(),
                alerts: data.alerts.len(),
                media: 0,
            },
            media: Vec::new(),
        };
        Ok(Self { zip, manifest })
    }

    /// Adds a photo, video or drawing of a measurement, under `media/` with its SPEC file
    /// name (suffixed `-2`, `-3`, ... if taken). Returns the entry's path.
    pub fn add_media(
        &mut self,
        m: &Measurement,
        kind: MediaKind,
        bytes: &[u8],
    ) -> Result<String, BackupError> {
        let file = media_file_name(m, kind);
        let mut path = format!("{}{file}", entries::MEDIA_DIR);
        let mut n = 2;
        while self.zip.contains(&path) {
            let (stem, ext) = file.rsplit_once('.').unwrap_or((&file, ""));
            path = format!("{}{stem}-{n}.{ext}", entries::MEDIA_DIR);
            n += 1;
        }
        self.zip.add(&path, bytes)?;
        self.manifest.media.push(MediaEntry {
            path: path.clone(),
            measurement_id: m.id.clone(),
            kind: kind.as_str().to_owned(),
            bytes: bytes.len() as u64,
        });
        self.manifest.counts.media += 1;
        Ok(path)
    }

    /// The output, to drain what has been written so far.
    pub fn get_mut(&mut self) -> &mut W {
        self.zip.get_mut()
    }

    /// Writes the manifest and the central directory; gives the output back.
    pub fn finish(mut self) -> Result<W, BackupError> {
        let manifest = serde_json::to_vec_pretty(&self.manifest)?;
        self.zip.add(entries::MANIFEST, &manifest)?;
        Ok(self.zip.finish()?)
    }
}

fn to_json<T: serde::Serialize>(items: &[T]) -> Result<Vec<u8>, BackupError> {
    Ok(serde_json::to_vec(items)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Cursor, Read};

    #[test]
    fn manifest_lists_media_and_counts() {
        let data = SurveyData {
            survey: serde_json::from_str(r#"{"id": "s-9"}"#).unwrap(),
            measurements: serde_json::from_str(r#"[{"id": "abcdefgh-1", "poi_type": "tree"}]"#)
                .unwrap(),
            ..Default::default()
        };
        let mut w = BackupWriter::new(Vec::new(), &data, "2024-05-01T08:00:00Z").unwrap();
        let path = w
            .add_media(&data.measurements[0], MediaKind::Drawing, b"png")
            .unwrap();
        assert_eq!(path, "media/image_R000_POI00000_tree_abcdefgh.png");
        let bytes = w.finish().unwrap();
        let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
        let mut text = String::new();
        zip.by_name("clearway-backup.json")
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        let manifest: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(manifest["format"], "clearway-survey-backup");
        assert_eq!(manifest["version"], 1);
        assert_eq!(manifest["surveyId"], "s-9");
        assert_eq!(manifest["counts"]["measurements"], 1);
        assert_eq!(manifest["counts"]["media"], 1);
        assert_eq!(manifest["media"][0]["measurementId"], "abcdefgh-1");
        assert_eq!(manifest["media"][0]["kind"], "drawing");
        assert_eq!(manifest["media"][0]["bytes"], 3);
    }
}
