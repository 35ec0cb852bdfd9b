//! Clearway's computing core: pure Rust, no I/O, no JavaScript dependency.
//!
//! The same code runs in the browser (through `clearway-wasm`) and natively (through the
//! `clearway` CLI). Each module owns one domain.

/// Great-circle distances on the SPEC's spherical earth.
pub mod geodesy;

/// Ordering route stops: the SPEC's distance-from-origin rule and a shortest-tour option.
pub mod route_optimise;

/// Google encoded polylines (precision 5, 6 and others): fast decode and encode on flat lat/lon.
pub mod polyline;

/// Route import from GPX, GeoJSON and KML files, with thinning and simplification.
pub mod import;

/// The version of this core, as shown in the app and printed by the CLI.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Streaming NMEA 0183: serial bytes → framed, checked sentences → the merged GPS state.
pub mod nmea;

/// A track of GPS fixes, one point per epoch, as GeoJSON or GPX.
pub mod track;

/// Point-of-interest types: stored names, labels, colours and icons, one table for all.
pub mod poi;

/// The survey model: serde types for surveys, measurements, routes, traces and alerts.
pub mod survey;

/// Survey exports: CSV, JSON, GeoJSON, GPX, KML and the zip archive with media.
pub mod export;

/// A streaming zip writer over any `Write`: memory bounded by the largest single entry.
pub mod zip_writer;

/// The survey backup format (v1): the zip the app writes and the CLI reads.
pub mod backup;
