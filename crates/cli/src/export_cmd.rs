//! `clearway export BACKUP --format csv|json|geojson|gpx|kml|zip -o OUT`.
//!
//! Reads a survey backup (docs/backup-format.md) and writes one export. The output is
//! written to `OUT.partial` and renamed to `OUT` when complete, so a failed run never
//! leaves a half-written file under the real name. A zip export streams the media from
//! the backup one at a time, with a progress bar on stderr when stderr is a terminal or
//! `--progress` is given. `-o` naming a directory is refused before anything is read or
//! written; `OUT.partial` is removed whatever fails, the rename included. A medium the
//! manifest lists but the backup lacks is skipped with a warning (SPEC §8).

use std::collections::HashMap;
use std::fs::{self, File};
use std::io::{BufReader, BufWriter, IsTerminal, Write};
use std::path::Path;

use clearway_core::backup::BackupError;
use clearway_core::backup::read::BackupReader;
use clearway_core::export::archive::ExportArchive;
use clearway_core::export::{self, ExportError, ExportFormat};

use crate::CliError;

pub fn run(backup: &str, format: &str, out: &str, progress: bool) -> Result<(), CliError> {
    let format = ExportFormat::parse(format).map_err(|e| CliError::input(e.to_string()))?;
    if Path::new(out).is_dir() {
        return Err(CliError::input(format!(
            "cannot write {out}: it is a directory; -o names the file to write"
        )));
    }
    let file =
        File::open(backup).map_err(|e| CliError::input(format!("cannot read {backup}: {e}")))?;
    let mut reader =
        BackupReader::open(BufReader::new(file)).map_err(|e| backup_error(backup, &e))?;
    let data = reader.read_data().map_err(|e| backup_error(backup, &e))?;
    let partial = format!("{out}.partial");
    let terminal = std::io::stderr().is_terminal();
    let draw = if terminal {
        Draw::Terminal
    } else if progress {
        Draw::Lines
    } else {
        Draw::Off
    };
    let result = write(&mut reader, &data, format, &partial, draw).and_then(|()| {
        fs::rename(&partial, out).map_err(|e| CliError::other(format!("cannot write {out}: {e}")))
    });
    if result.is_err() {
        let _ = fs::remove_file(&partial);
    }
    result
}

fn write(
    reader: &mut BackupReader<BufReader<File>>,
    data: &clearway_core::survey::SurveyData,
    format: ExportFormat,
    path: &str,
    draw: Draw,
) -> Result<(), CliError> {
    let file = File::create(path).map_err(|e| {
        CliError::other(format!("cannot create {}: {e}", Path::new(path).display()))
    })?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    if format != ExportFormat::Zip {
        export::write_document(&mut out, data, format).map_err(|e| export_error(&e))?;
        return out.flush().map_err(|e| CliError::output(&e));
    }
    let by_id: HashMap<&str, usize> = data
        .measurements
        .iter()
        .enumerate()
        .map(|(i, m)| (m.id.as_str(), i))
        .collect();
    let created = crate::now_iso();
    let mut archive =
        ExportArchive::new(out, data, Some(&created)).map_err(|e| export_error(&e))?;
    let media = reader.manifest().media.clone();
    let mut progress = Progress::new(media.len(), draw);
    for entry in &media {
        let (Some(&i), Some(kind)) = (by_id.get(entry.measurement_id.as_str()), entry.media_kind())
        else {
            // A medium whose measurement is gone: SPEC §8 skips unknown media with a warning.
            progress.warn(&format!(
                "skipped {}: no measurement {}",
                entry.path, entry.measurement_id
            ));
            continue;
        };
        let bytes = match reader.read_media(entry) {
            Ok(bytes) => bytes,
            Err(BackupError::MissingEntry { name }) => {
                // SPEC §8: unknown media fetch failures during export are skipped with a warning.
                progress.warn(&format!(
                    "skipped {name}: it is listed but not in the backup"
                ));
                continue;
            }
            Err(e) => return Err(backup_error("the backup", &e)),
        };
        archive
            .add_media(&data.measurements[i], kind, &bytes)
            .map_err(|e| export_error(&e))?;
        progress.tick();
    }
    progress.done();
    archive.finish().map_err(|e| export_error(&e))?;
    Ok(())
}

pub(crate) fn backup_error(path: &str, e: &BackupError) -> CliError {
    match e {
        BackupError::Io(io) => CliError::input(format!("cannot read {path}: {io}")),
        e => CliError::input(format!("{path}: {e}")),
    }
}

fn export_error(e: &ExportError) -> CliError {
    match e {
        ExportError::UnsupportedFormat(_) => CliError::input(e.to_string()),
        e => CliError::other(e.to_string()),
    }
}

/// How the progress bar is shown.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Draw {
    Off,
    /// One line redrawn in place (`\r`) at every medium.
    Terminal,
    /// A new line each time the whole percentage changes (logs, pipes, tests).
    Lines,
}

/// The zip export's progress over the media, on stderr:
/// `export [###############               ] 60/120 media (50 %)`.
struct Progress {
    total: usize,
    done: usize,
    draw: Draw,
    /// The percentage last printed as a line.
    printed: Option<usize>,
}

impl Progress {
    fn new(total: usize, draw: Draw) -> Self {
        Self {
            total,
            done: 0,
            draw: if total > 0 { draw } else { Draw::Off },
            printed: None,
        }
    }

    fn tick(&mut self) {
        self.done += 1;
        let percent = self.done * 100 / self.total.max(1);
        let line = || {
            let width = 30;
            let filled = self.done * width / self.total.max(1);
            format!(
                "export [{}{}] {}/{} media ({percent} %)",
                "#".repeat(filled),
                " ".repeat(width - filled),
                self.done,
                self.total
            )
        };
        match self.draw {
            Draw::Off => {}
            Draw::Terminal => eprint!("\r{}", line()),
            Draw::Lines => {
                if self.printed != Some(percent) {
                    eprintln!("{}", line());
                    self.printed = Some(percent);
                }
            }
        }
    }

    fn warn(&self, message: &str) {
        if self.draw == Draw::Terminal && self.done > 0 {
            eprintln!();
        }
        eprintln!("clearway: warning: {}", crate::terminal::escape(message));
    }

    fn done(&self) {
        if self.draw == Draw::Terminal {
            eprintln!();
        }
    }
}
