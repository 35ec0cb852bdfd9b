//! Survey exports (SPEC §9): CSV, JSON, GeoJSON, GPX, KML and a zip archive with media.
//!
//! Every writer streams into a `std::io::Write`, record by record. Numbers follow SPEC §9's
//! formats through [`number::push_fixed`] (JavaScript `toFixed`, byte for byte).
//!
//! - [`csv`]: the SPEC columns, commas in notes as semicolons, formula-safe text cells.
//! - [`json`]: the survey and all its records as the app stores them.
//! - [`geojson`], [`gpx`], [`kml`]: POIs as points, routes and the vehicle trace as lines.
//! - [`archive`]: the zip of documents, traces, routes, media and a README.
//! - [`naming`]: the SPEC file names and POI identifiers.

pub mod archive;
pub mod csv;
pub mod geojson;
pub mod gpx;
pub mod json;
pub mod kml;
pub mod naming;
pub mod number;

use crate::zip_writer::ZipWriteError;

/// Why an export failed. The texts of the first two are SPEC §5's.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("No active survey to export")]
    NoActiveSurvey,
    #[error("Unsupported export format: {0}")]
    UnsupportedFormat(String),
    #[error("cannot write the export: {0}")]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Zip(#[from] ZipWriteError),
    #[error("cannot write the export: {0}")]
    Json(#[from] serde_json::Error),
}

/// An export format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Csv,
    Json,
    GeoJson,
    Gpx,
    Kml,
    Zip,
}

impl ExportFormat {
    /// Reads a format name, in any letter case (`csv`, `GeoJSON`, ...).
    ///
    /// ```
    /// use clearway_core::export::ExportFormat;
    /// assert_eq!(ExportFormat::parse("GeoJSON").unwrap(), ExportFormat::GeoJson);
    /// assert_eq!(ExportFormat::parse("xlsx").unwrap_err().to_string(),
    ///            "Unsupported export format: xlsx");
    /// ```
    pub fn parse(name: &str) -> Result<Self, ExportError> {
        Ok(match name.trim().to_ascii_lowercase().as_str() {
            "csv" => Self::Csv,
            "json" => Self::Json,
            "geojson" => Self::GeoJson,
            "gpx" => Self::Gpx,
            "kml" => Self::Kml,
            "zip" => Self::Zip,
            _ => return Err(ExportError::UnsupportedFormat(name.to_owned())),
        })
    }

    /// The file extension, without a dot.
    pub fn extension(self) -> &'static str {
        match self {
            Self::Csv => "csv",
            Self::Json => "json",
            Self::GeoJson => "geojson",
            Self::Gpx => "gpx",
            Self::Kml => "kml",
            Self::Zip => "zip",
        }
    }
}

/// A measurement's media: photo, video or drawing (`"image"`, `"video"`, `"drawing"` in JSON).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum MediaKind {
    Image,
    Video,
    Drawing,
}

impl MediaKind {
    pub const ALL: [Self; 3] = [Self::Image, Self::Video, Self::Drawing];

    /// SPEC §9: `.jpg`, `.webm`, `.png`.
    pub fn extension(self) -> &'static str {
        match self {
            Self::Image => "jpg",
            Self::Video => "webm",
            Self::Drawing => "png",
        }
    }

    /// The archive folder: `images`, `videos`, `drawings`.
    pub fn folder(self) -> &'static str {
        match self {
            Self::Image => "images",
            Self::Video => "videos",
            Self::Drawing => "drawings",
        }
    }

    /// The name used in backups and in the wasm API: `image`, `video`, `drawing`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Image => "image",
            Self::Video => "video",
            Self::Drawing => "drawing",
        }
    }

    /// The inverse of [`Self::as_str`].
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == name)
    }

    /// The measurement's URL field for this kind, when it holds something.
    pub fn url(self, m: &crate::survey::Measurement) -> Option<&str> {
        match self {
            Self::Image => m.image_url.as_deref(),
            Self::Video => m.video_url.as_deref(),
            Self::Drawing => m.drawing_url.as_deref(),
        }
        .filter(|u| !u.trim().is_empty())
    }
}

/// Which parts of a survey a map format (GeoJSON, GPX, KML) carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layers {
    /// Measurements with a position, as points.
    pub pois: bool,
    /// Planned routes, as lines.
    pub routes: bool,
    /// The vehicle trace, as a line.
    pub trace: bool,
}

impl Layers {
    pub const ALL: Self = Self {
        pois: true,
        routes: true,
        trace: true,
    };
    pub const POIS: Self = Self {
        pois: true,
        routes: false,
        trace: false,
    };
    pub const ROUTES: Self = Self {
        pois: false,
        routes: true,
        trace: false,
    };
    pub const TRACE: Self = Self {
        pois: false,
        routes: false,
        trace: true,
    };
}

/// Writes one document of `format` (not [`ExportFormat::Zip`], which needs media: see
/// [`archive::ExportArchive`]).
pub fn write_document(
    out: &mut impl std::io::Write,
    data: &crate::survey::SurveyData,
    format: ExportFormat,
) -> Result<(), ExportError> {
    match format {
        ExportFormat::Csv => csv::write_survey_csv(out, data)?,
        ExportFormat::Json => json::write_json(out, data)?,
        ExportFormat::GeoJson => geojson::write_geojson(out, data, Layers::ALL)?,
        ExportFormat::Gpx => gpx::write_gpx(out, data, Layers::ALL)?,
        ExportFormat::Kml => kml::write_kml(out, data, Layers::ALL)?,
        ExportFormat::Zip => return Err(ExportError::UnsupportedFormat("zip".to_owned())),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_messages_word_for_word() {
        assert_eq!(
            ExportError::NoActiveSurvey.to_string(),
            "No active survey to export"
        );
        assert_eq!(
            ExportError::UnsupportedFormat("PDF".into()).to_string(),
            "Unsupported export format: PDF"
        );
    }

    #[test]
    fn every_format_name_reads_back() {
        for f in [
            ExportFormat::Csv,
            ExportFormat::Json,
            ExportFormat::GeoJson,
            ExportFormat::Gpx,
            ExportFormat::Kml,
            ExportFormat::Zip,
        ] {
            assert_eq!(ExportFormat::parse(f.extension()).unwrap(), f);
        }
        for k in MediaKind::ALL {
            assert_eq!(MediaKind::parse(k.as_str()), Some(k));
        }
    }
}
