//! Clearway's computing core: pure Rust, no I/O, no JavaScript dependency.
//!
//! The same code runs in the browser (through `clearway-wasm`) and natively (through the
//! `clearway` CLI). Each module owns one domain.

pub mod backup;
pub mod clearance;
pub mod export;
pub mod geodesy;
pub mod import;
pub mod nmea;
pub mod poi;
pub mod polyline;
pub mod rangefinder;
pub mod report;
pub mod route_optimise;
pub mod survey;
pub mod track;
pub mod xml_text;
pub mod zip_writer;

/// The version of this core, as shown in the app and printed by the CLI.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
