//! `clearway`: the command line over clearway-core.
//!
//! Errors are one clear line on stderr and exit code 2 for bad input; never a panic.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
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
            ExitCode::SUCCESS
        }
    }
}
