//! `clearway report BACKUP -o report.pdf [--units metric|feet-inches] [--previous OLD]`:
//! the survey report
//! PDF (issue 15 point 5), written by the core exactly as the app writes it: same backup,
//! same bytes. The fonts are the app's (`web/public/fonts`), compiled in. Photos of the
//! Fail and Tight POIs are read from the backup one at a time; one that is missing or not a
//! JPEG is skipped with a warning. `--previous` names an earlier survey of the route (a
//! backup, the JSON export or a SPEC CSV) and adds "Against the previous survey" (issue 15
//! point 6). Written to `OUT.partial`, then renamed.

use std::fs::{self, File};
use std::io::BufReader;
use std::path::Path;

use clearway_core::backup::read::BackupReader;
use clearway_core::clearance::previous_read::read_previous;
use clearway_core::clearance::{ClearanceStatus, UnitSystem, assess};
use clearway_core::report::{Photo, ReportFonts, jpeg::jpeg_info, survey_report_with_previous};

use crate::CliError;
use crate::export_cmd::backup_error;

/// The report's fonts: `DejaVu` Sans Condensed (Bitstream Vera licence, `web/public/fonts`).
pub const FONTS: ReportFonts = ReportFonts {
    regular: include_bytes!("../../../web/public/fonts/DejaVuSansCondensed.ttf"),
    bold: include_bytes!("../../../web/public/fonts/DejaVuSansCondensed-Bold.ttf"),
};

pub fn run(backup: &str, out: &str, units: &str, previous: Option<&str>) -> Result<(), CliError> {
    let units = match units {
        "metric" => UnitSystem::Metric,
        "feet-inches" => UnitSystem::FeetInches,
        other => {
            return Err(CliError::input(format!(
                "unknown units {other}: use metric or feet-inches"
            )));
        }
    };
    if Path::new(out).is_dir() {
        return Err(CliError::input(format!(
            "cannot write {out}: it is a directory; -o names the file to write"
        )));
    }
    let previous = match previous {
        Some(path) => {
            let bytes =
                fs::read(path).map_err(|e| CliError::input(format!("cannot read {path}: {e}")))?;
            read_previous(&bytes).map_err(|e| CliError::input(format!("{path}: {e}")))?
        }
        None => Vec::new(),
    };
    let file =
        File::open(backup).map_err(|e| CliError::input(format!("cannot read {backup}: {e}")))?;
    let mut reader =
        BackupReader::open(BufReader::new(file)).map_err(|e| backup_error(backup, &e))?;
    let data = reader.read_data().map_err(|e| backup_error(backup, &e))?;
    let load = data.survey.fields.load_profile.as_ref();
    let flagged: Vec<&str> = data
        .measurements
        .iter()
        .filter(|m| {
            matches!(
                assess(m, load).and_then(|a| a.status),
                Some(ClearanceStatus::Fail | ClearanceStatus::Tight)
            )
        })
        .map(|m| m.id.as_str())
        .collect();
    let entries: Vec<_> = reader
        .manifest()
        .media
        .iter()
        .filter(|e| e.kind == "image" && flagged.contains(&e.measurement_id.as_str()))
        .cloned()
        .collect();
    let mut photos = Vec::new();
    for entry in entries {
        match reader.read_media(&entry) {
            Ok(bytes) if jpeg_info(&bytes).is_some() => photos.push(Photo {
                measurement_id: entry.measurement_id,
                jpeg: bytes,
            }),
            Ok(_) => eprintln!(
                "clearway: warning: {} is not a JPEG; left out of the report",
                entry.path
            ),
            Err(e) => eprintln!(
                "clearway: warning: {}: {e}; left out of the report",
                entry.path
            ),
        }
    }
    let pdf = survey_report_with_previous(&data, &photos, FONTS, units, &previous, &mut |_, _| {})
        .map_err(|e| CliError::other(e.to_string()))?;
    let partial = format!("{out}.partial");
    let result = fs::write(&partial, &pdf)
        .and_then(|()| fs::rename(&partial, out))
        .map_err(|e| CliError::other(format!("cannot write {out}: {e}")));
    if result.is_err() {
        let _ = fs::remove_file(&partial);
    }
    result
}
