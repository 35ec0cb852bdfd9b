//! `clearway`: the command line over clearway-core.
//!
//! Errors are one clear line on stderr, exit code 2 for bad input, 1 for other failures.
//! A bug that panics prints one line too (`clearway: internal error: ...`, no stack trace)
//! and exits with [`INTERNAL_ERROR_EXIT`].

mod demo;
mod export_cmd;
mod geo_cmd;
mod nmea_cmd;
mod report_cmd;
mod terminal;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

#[derive(Parser)]
#[command(
    name = "clearway",
    version,
    about = "Clearway road-survey tools: survey backups, exports, NMEA"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Great-circle distance in km between two positions (haversine, R = 6371 km).
    Distance {
        /// Start latitude, decimal degrees
        #[arg(allow_negative_numbers = true)]
        lat1: f64,
        /// Start longitude, decimal degrees
        #[arg(allow_negative_numbers = true)]
        lon1: f64,
        /// End latitude, decimal degrees
        #[arg(allow_negative_numbers = true)]
        lat2: f64,
        /// End longitude, decimal degrees
        #[arg(allow_negative_numbers = true)]
        lon2: f64,
    },
    /// Reads an NMEA 0183 log and prints the fixes; a summary goes to stderr.
    Nmea {
        /// The log file, or `-` for standard input
        file: String,
        /// jsonl: the merged state after each accepted GGA/RMC; csv: the same as a table;
        /// geojson, gpx: the track of fixes, one point per epoch
        #[arg(long, value_enum, default_value_t = NmeaFormat::Jsonl)]
        format: NmeaFormat,
    },
    /// Exports a survey backup as CSV, JSON, GeoJSON, GPX, KML or a zip with media.
    Export {
        /// The survey backup (a zip written by the app; see docs/backup-format.md)
        backup: String,
        /// csv, json, geojson, gpx, kml or zip
        #[arg(long)]
        format: String,
        /// The file to write
        #[arg(short, long)]
        out: String,
        /// Show the zip export's progress on stderr even when it is not a terminal (one
        /// line per whole percent); on a terminal the bar is always drawn
        #[arg(long)]
        progress: bool,
    },
    /// Writes the survey report PDF of a backup: cover, map, POI table with margins, a page
    /// per Fail/Tight POI with its photos and readings, the alert log.
    Report {
        /// The survey backup (a zip written by the app)
        backup: String,
        /// The PDF file to write
        #[arg(short, long)]
        out: String,
        /// metric or feet-inches (clearances rounded down, load figures up)
        #[arg(long, default_value = "metric")]
        units: String,
        /// An earlier survey of the same route (backup, JSON export or SPEC CSV): adds the
        /// section "Against the previous survey" (POIs matched by type within 25 m)
        #[arg(long)]
        previous: Option<String>,
    },
    /// Imports a route file (GPX, KML, GeoJSON) and prints it as a GeoJSON line.
    Route {
        /// The route file
        file: String,
        /// Simplify (Douglas-Peucker) with this tolerance in metres
        #[arg(long, value_name = "TOLERANCE")]
        simplify: Option<f64>,
    },
    /// Decodes or encodes Google encoded polylines.
    Polyline {
        #[command(subcommand)]
        action: PolylineAction,
    },
    /// Writes a realistic synthetic survey backup (for demos, tests and benchmarks).
    DemoBackup {
        /// The backup file to write
        #[arg(short, long)]
        out: String,
        /// Number of measurements (the first is the survey's START)
        #[arg(long, default_value_t = 100)]
        measurements: usize,
        /// Number of photos (~300 KB JPEG each), one per measurement
        #[arg(long, default_value_t = 10)]
        photos: usize,
    },
    /// Panics on purpose, to check that a bug is reported as one line (for tests).
    #[command(hide = true)]
    InternalErrorCheck,
}

#[derive(Subcommand)]
enum PolylineAction {
    /// Prints the positions of an encoded polyline as [[lat, lng], ...]
    Decode {
        /// The encoded polyline
        #[arg(allow_hyphen_values = true)]
        encoded: String,
        /// Decimal digits: 5 (Google) or 6 (OSRM "polyline6")
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(5..=6))]
        precision: u32,
    },
    /// Reads [[lat, lng], ...] on stdin and prints the encoded polyline
    Encode {
        /// Decimal digits: 5 (Google) or 6 (OSRM "polyline6")
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(5..=6))]
        precision: u32,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum NmeaFormat {
    Jsonl,
    Csv,
    Geojson,
    Gpx,
}

/// A failure the user can act on: the message is the whole story.
pub struct CliError {
    pub message: String,
    /// 2 for bad input (a missing or unreadable file, invalid data), 1 otherwise.
    pub code: u8,
    /// The reader of the output went away (`clearway nmea big.log | head`): their choice,
    /// not an error. Set from the error's kind, never from its text.
    pub broken_pipe: bool,
}

impl CliError {
    pub fn input(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            code: 2,
            broken_pipe: false,
        }
    }

    /// A failure that is not the input's fault (exit code 1).
    pub fn other(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            code: 1,
            broken_pipe: false,
        }
    }

    pub fn output(err: &std::io::Error) -> Self {
        Self {
            broken_pipe: err.kind() == std::io::ErrorKind::BrokenPipe,
            ..Self::other(format!("cannot write the output: {err}"))
        }
    }
}

/// The current time, ISO 8601 UTC with milliseconds.
pub fn now_iso() -> String {
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    #[allow(clippy::cast_precision_loss)] // epoch ms stay far below 2^53
    clearway_core::survey::trace::epoch_ms_to_iso(ms as f64).unwrap_or_default()
}

/// Exit code after a panic (a bug): `EX_SOFTWARE` of sysexits.h.
pub const INTERNAL_ERROR_EXIT: i32 = 70;

/// Replaces the default panic report (a message, and a stack trace with `RUST_BACKTRACE`)
/// by one line on stderr, then exits with [`INTERNAL_ERROR_EXIT`]. Exiting from the hook
/// also covers the release profile's `panic = "abort"`, which would otherwise end in
/// SIGABRT.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("unknown panic");
        let place = info
            .location()
            .map(|l| format!(" (at {}:{})", l.file(), l.line()))
            .unwrap_or_default();
        let line = format!("{message}{place}").replace(['\n', '\r'], " ");
        eprintln!("clearway: internal error: {line}");
        std::process::exit(INTERNAL_ERROR_EXIT);
    }));
}

fn main() -> ExitCode {
    install_panic_hook();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Distance {
            lat1,
            lon1,
            lat2,
            lon2,
        } => geo_cmd::distance(lat1, lon1, lat2, lon2),
        Command::Nmea { file, format } => nmea_cmd::run(&file, format),
        Command::Export {
            backup,
            format,
            out,
            progress,
        } => export_cmd::run(&backup, &format, &out, progress),
        Command::Report {
            backup,
            out,
            units,
            previous,
        } => report_cmd::run(&backup, &out, &units, previous.as_deref()),
        Command::Route { file, simplify } => geo_cmd::route(&file, simplify),
        Command::Polyline { action } => match action {
            PolylineAction::Decode { encoded, precision } => geo_cmd::decode(&encoded, precision),
            PolylineAction::Encode { precision } => geo_cmd::encode(precision),
        },
        Command::DemoBackup {
            out,
            measurements,
            photos,
        } => demo::run(&out, measurements, photos),
        Command::InternalErrorCheck => panic!("internal-error-check was asked to fail"),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`clearway nmea big.log | head`) is the reader's choice, not an error.
        Err(e) if e.broken_pipe => ExitCode::SUCCESS,
        Err(e) => {
            // Messages quote names, ids and paths from files: never raw to the terminal.
            eprintln!("clearway: {}", terminal::escape(&e.message));
            ExitCode::from(e.code)
        }
    }
}
