//! `clearway`: the command line over clearway-core.
//!
//! Errors are one clear line on stderr, exit code 2 for bad input, 1 for other failures;
//! never a panic.

mod nmea_cmd;

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
}

impl CliError {
    pub fn input(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            code: 2,
        }
    }

    pub fn output(err: &std::io::Error) -> Self {
        Self {
            message: format!("cannot write the output: {err}"),
            code: 1,
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Distance {
            lat1,
            lon1,
            lat2,
            lon2,
        } => {
            use clearway_core::geodesy::{LatLon, haversine_km};
            println!(
                "{:.3}",
                haversine_km(LatLon::new(lat1, lon1), LatLon::new(lat2, lon2))
            );
            Ok(())
        }
        Command::Nmea { file, format } => nmea_cmd::run(&file, format),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`clearway nmea big.log | head`) is the reader's choice, not an error.
        Err(e) if e.message.contains("Broken pipe") => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("clearway: {}", e.message);
            ExitCode::from(e.code)
        }
    }
}
