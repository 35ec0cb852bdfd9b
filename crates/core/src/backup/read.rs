//! Reading a survey backup: the zip's end record is checked first (entry count, truncation),
//! then the manifest (format, version, media paths, no medium twice), then records and
//! media are read on demand, each within [`Limits`]. Records stream from the unpacking entry
//! one by one within a memory budget ([`super::records`]). Every failure is a
//! [`BackupError`] whose text tells the user what is wrong; nothing panics.

use std::collections::HashSet;
use std::io::{Read, Seek};

use serde::{Deserialize, Serialize};
use zip::ZipArchive;
use zip::read::ZipFile;
use zip::result::ZipError;

use super::heap::Record;
use super::records::{Bounds, Budget, read_array, read_one};
use super::{BackupError, FORMAT_NAME, FORMAT_VERSION, Manifest, MediaEntry, entries, limits};
use crate::survey::SurveyData;

/// The limits a backup is read within; [`Limits::default`] holds [`limits`]' values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub max_entries: usize,
    pub max_json_bytes: u64,
    pub max_media_bytes: u64,
    pub max_total_bytes: u64,
    pub max_ratio: u64,
    pub ratio_floor_bytes: u64,
    pub max_records: usize,
    pub records_memory: u64,
    pub record_memory: u64,
    pub large_record_memory: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_entries: limits::MAX_ENTRIES,
            max_json_bytes: limits::MAX_JSON_BYTES,
            max_media_bytes: limits::MAX_MEDIA_BYTES,
            max_total_bytes: limits::MAX_TOTAL_BYTES,
            max_ratio: limits::MAX_RATIO,
            ratio_floor_bytes: limits::RATIO_FLOOR_BYTES,
            max_records: limits::MAX_RECORDS,
            records_memory: limits::RECORDS_MEMORY,
            record_memory: limits::RECORD_MEMORY,
            large_record_memory: limits::LARGE_RECORD_MEMORY,
        }
    }
}

/// An open backup.
pub struct BackupReader<R: Read + Seek> {
    zip: ZipArchive<R>,
    manifest: Manifest,
    limits: Limits,
    budget: Budget,
}

impl<R: Read + Seek> BackupReader<R> {
    /// Opens a backup with the default limits and checks its manifest.
    pub fn open(reader: R) -> Result<Self, BackupError> {
        Self::open_with(reader, Limits::default())
    }

    /// Opens a backup within `limits` and checks its manifest.
    pub fn open_with(mut reader: R, limits: Limits) -> Result<Self, BackupError> {
        let directory = super::eocd::read(&mut reader)?;
        if directory.entries > limits.max_entries as u64 {
            return Err(BackupError::TooManyEntries {
                count: directory.entries,
                max: limits.max_entries,
            });
        }
        let mut zip = ZipArchive::new(reader).map_err(|e| match e {
            ZipError::Io(io) => BackupError::Io(io),
            ZipError::InvalidArchive(why) => {
                BackupError::BrokenZip(format!("its zip directory is damaged ({why})"))
            }
            ZipError::UnsupportedArchive(why) => BackupError::BrokenZip(format!(
                "it uses a zip feature this version cannot read ({why})"
            )),
            e => BackupError::BrokenZip(e.to_string()),
        })?;
        if zip.len() as u64 != directory.entries {
            return Err(BackupError::DuplicateEntries {
                names: zip.len(),
                entries: directory.entries,
            });
        }
        let mut total = 0u64;
        for i in 0..zip.len() {
            let size = zip
                .by_index_raw(i)
                .map_err(|e| damaged(&format!("entry {i}"), &e))?
                .size();
            total = total.saturating_add(size);
        }
        if total > limits.max_total_bytes {
            return Err(BackupError::TooLarge {
                max: limits.max_total_bytes,
            });
        }
        let mut budget = Budget::new(limits.records_memory);
        let bounds = Bounds {
            name: entries::MANIFEST,
            record_memory: limits.large_record_memory,
            max_records: 1,
        };
        // Twice: the format and version alone first, then the whole manifest.
        let (file, size) = open_manifest(&mut zip, &limits)?;
        let probe: Probe = read_one(file, size, &bounds, &mut budget)?;
        check_version(&probe)?;
        let (file, size) = open_manifest(&mut zip, &limits)?;
        let manifest: Manifest = read_one(file, size, &bounds, &mut budget)?;
        check_media(&manifest)?;
        Ok(Self {
            zip,
            manifest,
            limits,
            budget,
        })
    }

    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    /// Reads the survey and all its records, and checks their positions.
    pub fn read_data(&mut self) -> Result<SurveyData, BackupError> {
        let (normal, large) = (self.limits.record_memory, self.limits.large_record_memory);
        let data = SurveyData {
            survey: self.one(entries::SURVEY, large)?,
            measurements: self.array(entries::MEASUREMENTS, normal)?,
            routes: self.array(entries::ROUTES, large)?,
            traces: self.array(entries::TRACES, normal)?,
            alerts: self.array(entries::ALERTS, normal)?,
        };
        super::check::positions(&data)?;
        Ok(data)
    }

    /// Reads one media file listed in the manifest, whole (media are the one thing read
    /// whole: at most [`Limits::max_media_bytes`]).
    pub fn read_media(&mut self, entry: &MediaEntry) -> Result<Vec<u8>, BackupError> {
        read_entry(
            &mut self.zip,
            &entry.path,
            self.limits.max_media_bytes,
            &self.limits,
        )
    }

    fn array<T: serde::de::DeserializeOwned + Record>(
        &mut self,
        name: &str,
        record_memory: u64,
    ) -> Result<Vec<T>, BackupError> {
        let (file, size) = open_entry(
            &mut self.zip,
            name,
            self.limits.max_json_bytes,
            &self.limits,
        )?;
        let bounds = Bounds {
            name,
            record_memory,
            max_records: self.limits.max_records,
        };
        read_array(file, size, &bounds, &mut self.budget)
    }

    fn one<T: serde::de::DeserializeOwned + Record>(
        &mut self,
        name: &str,
        record_memory: u64,
    ) -> Result<T, BackupError> {
        let (file, size) = open_entry(
            &mut self.zip,
            name,
            self.limits.max_json_bytes,
            &self.limits,
        )?;
        let bounds = Bounds {
            name,
            record_memory,
            max_records: 1,
        };
        read_one(file, size, &bounds, &mut self.budget)
    }
}

/// The manifest's format and version, read before anything else of it, so a newer backup
/// gets the "update Clearway" message rather than a parse error.
#[derive(Serialize, Deserialize)]
struct Probe {
    #[serde(default)]
    format: Option<serde_json::Value>,
    #[serde(default)]
    version: Option<serde_json::Value>,
}

impl Record for Probe {
    fn unknown_fields(&self) -> Option<&serde_json::Map<String, serde_json::Value>> {
        None
    }
}

impl Record for Manifest {
    fn unknown_fields(&self) -> Option<&serde_json::Map<String, serde_json::Value>> {
        None
    }
}

fn check_version(probe: &Probe) -> Result<(), BackupError> {
    let format = probe.format.as_ref().and_then(|f| f.as_str()).unwrap_or("");
    if format != FORMAT_NAME {
        return Err(BackupError::UnknownFormat(format.to_owned()));
    }
    let version = probe
        .version
        .as_ref()
        .and_then(serde_json::Value::as_u64)
        .ok_or_else(|| BackupError::Malformed {
            name: entries::MANIFEST.to_owned(),
            detail: "it has no version number".to_owned(),
        })?;
    let found = u32::try_from(version).unwrap_or(u32::MAX);
    if found > FORMAT_VERSION {
        return Err(BackupError::NewerVersion { found });
    }
    if found == 0 {
        return Err(BackupError::BadVersion { found });
    }
    Ok(())
}

/// Media paths must be safe names under `media/`, of a known kind, each listed once (a
/// medium listed twice would be written twice: a 120 KB backup could fill a disk).
fn check_media(manifest: &Manifest) -> Result<(), BackupError> {
    let mut seen = HashSet::with_capacity(manifest.media.len());
    for media in &manifest.media {
        let path = &media.path;
        let safe = path.starts_with(entries::MEDIA_DIR)
            && path.len() > entries::MEDIA_DIR.len()
            && !path.contains('\\')
            && !path.split('/').any(|part| part == "..");
        if !safe || media.media_kind().is_none() {
            return Err(BackupError::BadMediaPath { path: path.clone() });
        }
        if !seen.insert(path.as_str()) {
            return Err(BackupError::DuplicateMedia(path.clone()));
        }
    }
    Ok(())
}

fn open_manifest<'z, R: Read + Seek>(
    zip: &'z mut ZipArchive<R>,
    limits: &Limits,
) -> Result<(ZipFile<'z, R>, u64), BackupError> {
    match open_entry(zip, entries::MANIFEST, limits.max_json_bytes, limits) {
        Err(BackupError::MissingEntry { .. }) => Err(BackupError::NoManifest),
        other => other,
    }
}

/// Opens an entry for reading after checking its declared size against `max` and its
/// packing ratio; returns it with its declared size.
fn open_entry<'z, R: Read + Seek>(
    zip: &'z mut ZipArchive<R>,
    name: &str,
    max: u64,
    limits: &Limits,
) -> Result<(ZipFile<'z, R>, u64), BackupError> {
    let file = zip.by_name(name).map_err(|e| match e {
        ZipError::FileNotFound => BackupError::MissingEntry {
            name: name.to_owned(),
        },
        e => damaged(name, &e),
    })?;
    let size = file.size();
    if size > max {
        return Err(BackupError::EntryTooLarge {
            name: name.to_owned(),
            bytes: size,
            max,
        });
    }
    let ratio = size / file.compressed_size().max(1);
    if size > limits.ratio_floor_bytes && ratio > limits.max_ratio {
        return Err(BackupError::SuspiciousRatio {
            name: name.to_owned(),
            ratio,
        });
    }
    Ok((file, size))
}

/// Reads an entry whole, within `max` unpacked bytes and the ratio limit, checking that it
/// unpacks to its declared size (the zip crate checks the CRC at the end).
fn read_entry<R: Read + Seek>(
    zip: &mut ZipArchive<R>,
    name: &str,
    max: u64,
    limits: &Limits,
) -> Result<Vec<u8>, BackupError> {
    let (file, size) = open_entry(zip, name, max, limits)?;
    // Below `max`, which is far below usize::MAX on 64-bit and checked on 32-bit.
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    file.take(size + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| damaged(name, &e))?;
    if bytes.len() as u64 != size {
        return Err(BackupError::Damaged {
            name: name.to_owned(),
            detail: format!("it unpacks to {} bytes, not {size}", bytes.len()),
        });
    }
    Ok(bytes)
}

fn damaged(name: &str, e: &dyn std::fmt::Display) -> BackupError {
    BackupError::Damaged {
        name: name.to_owned(),
        detail: e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backup::write::BackupWriter;
    use crate::export::MediaKind;
    use crate::zip_writer::ZipStreamWriter;
    use serde_json::json;
    use std::io::Cursor;

    fn sample() -> SurveyData {
        SurveyData {
            survey: serde_json::from_value(json!({"id": "s1", "name": "A20", "appOnly": 1}))
                .unwrap(),
            measurements: serde_json::from_value(json!([
                {"id": "m1", "user_id": "s1", "rel": 4.25, "imageUrl": "blob:1", "extraField": [1]}
            ]))
            .unwrap(),
            routes: serde_json::from_value(
                json!([{"id": "r1", "routeGeometry": [[1, 2], [3, 4]]}]),
            )
            .unwrap(),
            traces: serde_json::from_value(json!([{"latitude": 1, "longitude": 2}])).unwrap(),
            alerts: serde_json::from_value(json!([{"id": "a1", "text": "low wire"}])).unwrap(),
        }
    }

    fn backup_bytes() -> Vec<u8> {
        let data = sample();
        let mut w = BackupWriter::new(Vec::new(), &data, "2024-05-01T08:00:00Z").unwrap();
        w.add_media(
            &data.measurements[0],
            MediaKind::Image,
            &[0xFF, 0xD8, 7, 0xFF, 0xD9],
        )
        .unwrap();
        w.finish().unwrap()
    }

    /// A zip with the given entries, to build broken backups.
    fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut zip = ZipStreamWriter::new(Vec::new());
        for (name, bytes) in entries {
            zip.add(name, bytes).unwrap();
        }
        zip.finish().unwrap()
    }

    fn open(bytes: Vec<u8>) -> Result<BackupReader<Cursor<Vec<u8>>>, BackupError> {
        BackupReader::open(Cursor::new(bytes))
    }

    #[test]
    fn write_then_read_gives_back_every_record_and_medium() {
        let mut reader = open(backup_bytes()).unwrap();
        assert_eq!(reader.read_data().unwrap(), sample());
        let media = reader.manifest().media.clone();
        assert_eq!(media.len(), 1);
        assert_eq!(
            reader.read_media(&media[0]).unwrap(),
            [0xFF, 0xD8, 7, 0xFF, 0xD9]
        );
    }

    #[test]
    fn a_newer_version_asks_for_an_update() {
        let manifest =
            br#"{"format": "clearway-survey-backup", "version": 2, "somethingNew": true}"#;
        let err = open(zip_of(&[("clearway-backup.json", manifest)]))
            .err()
            .unwrap();
        assert!(
            matches!(err, BackupError::NewerVersion { found: 2 }),
            "{err}"
        );
    }

    #[test]
    fn other_zips_and_other_files_are_not_backups() {
        let err = open(zip_of(&[("readme.txt", b"hi")])).err().unwrap();
        assert!(matches!(err, BackupError::NoManifest), "{err}");
        let err = open(zip_of(&[("clearway-backup.json", br#"{"format": "x"}"#)]))
            .err()
            .unwrap();
        assert_eq!(
            err.to_string(),
            "Not a Clearway survey backup: its format is \"x\""
        );
        let err = open(b"%PDF-1.7 not a zip".to_vec()).err().unwrap();
        assert!(matches!(err, BackupError::NotZip), "{err}");
    }

    #[test]
    fn missing_and_malformed_entries_are_named() {
        let manifest = br#"{"format": "clearway-survey-backup", "version": 1, "createdBy": "t",
            "created": "", "surveyId": "s", "counts": {"measurements": 0, "routes": 0,
            "traces": 0, "alerts": 0, "media": 0}, "media": []}"#;
        let mut r = open(zip_of(&[
            ("clearway-backup.json", manifest),
            ("survey.json", b"{}"),
            ("measurements.json", b"[{\"rel\": \"high\"}]"),
        ]))
        .unwrap();
        let err = r.read_data().unwrap_err().to_string();
        assert!(
            err.starts_with("The backup's measurements.json is not valid: "),
            "{err}"
        );
        let mut r = open(zip_of(&[
            ("clearway-backup.json", manifest),
            ("survey.json", b"{}"),
            ("measurements.json", b"[]"),
        ]))
        .unwrap();
        assert_eq!(
            r.read_data().unwrap_err().to_string(),
            "The backup is incomplete: routes.json is missing"
        );
    }

    #[test]
    fn unsafe_media_paths_are_refused() {
        let manifest = br#"{"format": "clearway-survey-backup", "version": 1, "createdBy": "t",
            "created": "", "surveyId": "s", "counts": {"measurements": 0, "routes": 0,
            "traces": 0, "alerts": 0, "media": 1}, "media": [{"path": "media/../../etc/passwd",
            "measurementId": "m", "kind": "image", "bytes": 1}]}"#;
        let err = open(zip_of(&[("clearway-backup.json", manifest)]))
            .err()
            .unwrap();
        assert!(matches!(err, BackupError::BadMediaPath { .. }), "{err}");
    }

    #[test]
    fn limits_refuse_bombs_and_floods() {
        // 4 MiB of spaces deflate about 1000 to 1.
        let bomb = vec![b' '; 4 << 20];
        let mut r = open(zip_of(&[
            ("clearway-backup.json", &backup_manifest()),
            ("survey.json", &bomb),
        ]))
        .unwrap();
        let err = r.read_data().unwrap_err();
        assert!(matches!(err, BackupError::SuspiciousRatio { .. }), "{err}");
        let small = Limits {
            max_entries: 3,
            ..Limits::default()
        };
        let many = zip_of(&[("a", b""), ("b", b""), ("c", b""), ("d", b"")]);
        let err = BackupReader::open_with(Cursor::new(many), small)
            .err()
            .unwrap();
        assert_eq!(
            err.to_string(),
            "The backup has 4 entries; at most 3 are accepted"
        );
    }

    #[test]
    fn a_damaged_medium_is_reported_not_returned() {
        let mut bytes = backup_bytes();
        // The stored JPEG bytes sit right after their local header; corrupt the third one.
        let at = bytes.windows(3).position(|w| w == [0xFF, 0xD8, 7]).unwrap();
        bytes[at + 2] = 8;
        let mut r = open(bytes).unwrap();
        let media = r.manifest().media[0].clone();
        let err = r.read_media(&media).unwrap_err();
        assert!(matches!(err, BackupError::Damaged { .. }), "{err}");
    }

    fn backup_manifest() -> Vec<u8> {
        let mut zip = zip::ZipArchive::new(Cursor::new(backup_bytes())).unwrap();
        let mut out = Vec::new();
        zip.by_name("clearway-backup.json")
            .unwrap()
            .read_to_end(&mut out)
            .unwrap();
        out
    }
}
