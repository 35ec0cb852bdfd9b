//! The survey backup, format version 1 (documented in `docs/backup-format.md`): a zip the
//! app writes and the CLI reads, holding one survey, all its records and its media.
//!
//! ```text
//! clearway-backup.json   the manifest: format, version, creator, created, counts, media list
//! survey.json            the survey record (SPEC §3, as the app stores it)
//! measurements.json      array of measurements
//! routes.json            array of planned routes (with their points)
//! traces.json            array of vehicle trace points
//! alerts.json            array of alerts
//! media/<file name>      photos, videos, drawings (listed in the manifest)
//! ```
//!
//! - [`write::BackupWriter`] streams a backup out (media one at a time).
//! - [`read::BackupReader`] checks and reads one, with explicit limits ([`limits`]): the
//!   entry count from the zip's end record before its directory is parsed ([`eocd`]),
//!   every entry through one bounded reader ([`entry`]), records streamed one by one
//!   within a memory budget ([`records`], [`heap`]), positions checked ([`check`]).

pub mod check;
pub mod entry;
pub mod eocd;
pub mod heap;
pub mod read;
pub mod records;
pub mod write;

use serde::{Deserialize, Serialize};

use crate::export::MediaKind;

/// The manifest's `format` value.
pub const FORMAT_NAME: &str = "clearway-survey-backup";

/// The format version this core writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// Entry names.
pub mod entries {
    pub const MANIFEST: &str = "clearway-backup.json";
    pub const SURVEY: &str = "survey.json";
    pub const MEASUREMENTS: &str = "measurements.json";
    pub const ROUTES: &str = "routes.json";
    pub const TRACES: &str = "traces.json";
    pub const ALERTS: &str = "alerts.json";
    /// The folder of media files.
    pub const MEDIA_DIR: &str = "media/";
}

/// Limits a backup must respect to be read: hostile or damaged files get a clear error,
/// never an out-of-memory. Together they keep the `clearway` CLI within about 64 MiB plus
/// the largest medium on any input (`crates/cli/tests/hostile.rs` runs the worst cases
/// under that limit).
pub mod limits {
    /// Entries in the archive (each costs about 300 bytes once the directory is parsed).
    pub const MAX_ENTRIES: usize = 10_000;
    /// Unpacked bytes of one JSON entry (512 MiB; it is streamed, never held whole).
    pub const MAX_JSON_BYTES: u64 = 512 << 20;
    /// Records in one JSON entry.
    pub const MAX_RECORDS: usize = 1_000_000;
    /// Memory all the records of a backup may take once read (40 MiB: about 10,000
    /// measurements with 100,000 trace points).
    pub const RECORDS_MEMORY: u64 = 40 << 20;
    /// Worst-case memory of one measurement, trace point or alert while it is parsed.
    pub const RECORD_MEMORY: u64 = 4 << 20;
    /// The same for the survey, the manifest and a route (whose geometry can be long).
    pub const LARGE_RECORD_MEMORY: u64 = 16 << 20;
    /// Unpacked bytes of one media file (2 GiB).
    pub const MAX_MEDIA_BYTES: u64 = 2 << 30;
    /// Unpacked bytes of the whole archive (64 GiB).
    pub const MAX_TOTAL_BYTES: u64 = 64 << 30;
    /// Largest unpacked / packed ratio of an entry above [`RATIO_FLOOR_BYTES`]. Survey JSON
    /// packs about 5–20 to 1; deflate cannot exceed about 1032 to 1.
    pub const MAX_RATIO: u64 = 200;
    /// Entries smaller than this are not checked for their ratio.
    pub const RATIO_FLOOR_BYTES: u64 = 1 << 20;
}

/// The manifest, `clearway-backup.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    /// Always [`FORMAT_NAME`].
    pub format: String,
    /// [`FORMAT_VERSION`] when written by this core.
    pub version: u32,
    /// What wrote it, e.g. `clearway-core 0.1.0`.
    pub created_by: String,
    /// When it was written, ISO 8601 UTC.
    pub created: String,
    pub survey_id: String,
    pub counts: Counts,
    pub media: Vec<MediaEntry>,
}

/// Record counts, for a quick look without reading the records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    pub measurements: usize,
    pub routes: usize,
    pub traces: usize,
    pub alerts: usize,
    pub media: usize,
}

/// A media file of the backup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MediaEntry {
    /// Entry name in the zip, under `media/`.
    pub path: String,
    /// The measurement it belongs to.
    pub measurement_id: String,
    /// `image`, `video` or `drawing`.
    pub kind: String,
    /// Unpacked size in bytes.
    pub bytes: u64,
}

impl MediaEntry {
    pub fn media_kind(&self) -> Option<MediaKind> {
        MediaKind::parse(&self.kind)
    }
}

/// Why a backup cannot be read or written. Each text is what the user sees.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("Not a Clearway survey backup: the file is not a zip archive")]
    NotZip,
    #[error("Not a Clearway survey backup: it has no clearway-backup.json")]
    NoManifest,
    #[error("Not a Clearway survey backup: its format is {0:?}")]
    UnknownFormat(String),
    #[error(
        "This backup has format version {found}, written by a newer Clearway; this version reads version {FORMAT_VERSION}. Update Clearway to open it."
    )]
    NewerVersion { found: u32 },
    #[error("This backup has format version {found}, which no Clearway has written")]
    BadVersion { found: u32 },
    #[error("The backup is incomplete: {name} is missing")]
    MissingEntry { name: String },
    #[error("The backup's {name} is not valid: {detail}")]
    Malformed { name: String, detail: String },
    #[error("The backup's {name} is damaged: {detail}")]
    Damaged { name: String, detail: String },
    #[error("The backup has {count} entries; at most {max} are accepted")]
    TooManyEntries { count: u64, max: usize },
    #[error("The backup is damaged: {0}")]
    BrokenZip(String),
    #[error(
        "The backup is damaged: its directory lists {entries} entries under only {names} names; two entries with one name are refused, as other programs may read the other copy"
    )]
    DuplicateEntries { names: usize, entries: u64 },
    #[error("The backup lists the media file {0} twice")]
    DuplicateMedia(String),
    #[error("The backup's {name} has more than {max} records; at most {max} are accepted")]
    TooManyRecords { name: String, max: usize },
    #[error(
        "The backup's {name} record {record} would take more than {max} bytes of memory to read; refused"
    )]
    RecordTooLarge {
        name: String,
        record: usize,
        max: u64,
    },
    #[error(
        "The backup is too large to read: its records need more than {max} bytes of memory (reached at {name} record {record})"
    )]
    OverBudget {
        name: String,
        record: usize,
        max: u64,
    },
    #[error("The backup's {name} is not valid: record {record} (id {id:?}) has {detail}")]
    BadPosition {
        name: String,
        record: usize,
        id: String,
        detail: String,
    },
    #[error("The backup's {name} unpacks to {bytes} bytes; at most {max} are accepted")]
    EntryTooLarge { name: String, bytes: u64, max: u64 },
    #[error("The backup unpacks to more than {max} bytes in all")]
    TooLarge { max: u64 },
    #[error(
        "The backup's {name} expands {ratio} times when unpacked: refused as a possible zip bomb"
    )]
    SuspiciousRatio { name: String, ratio: u64 },
    #[error("The backup lists a media file with an unsafe or unknown name: {path}")]
    BadMediaPath { path: String },
    #[error("cannot read the backup: {0}")]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Write(#[from] crate::zip_writer::ZipWriteError),
    #[error("cannot write the backup: {0}")]
    Json(#[from] serde_json::Error),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_errors_say_what_to_do() {
        assert_eq!(
            BackupError::NewerVersion { found: 2 }.to_string(),
            "This backup has format version 2, written by a newer Clearway; this version reads version 1. Update Clearway to open it."
        );
        assert_eq!(
            BackupError::MissingEntry {
                name: "survey.json".into()
            }
            .to_string(),
            "The backup is incomplete: survey.json is missing"
        );
    }
}
