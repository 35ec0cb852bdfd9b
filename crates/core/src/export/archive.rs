//! The export archive (SPEC §9 "Zip contents"): a zip with the survey's documents, its
//! traces, its routes, its media and a README, streamed out as it is built.
//!
//! ```text
//! README.txt
//! documents/measurements.csv    the survey's output files (default CSV, JSON, GeoJSON;
//! documents/survey.json          GPX and KML when the survey lists them)
//! documents/survey.geojson
//! traces/vehicle-trace.gpx      the vehicle trace, when there is one
//! traces/vehicle-trace.geojson
//! traces/vehicle-trace.kml
//! routes/routes.gpx             the planned routes, when there are some
//! routes/routes.geojson
//! routes/routes.kml
//! images/image_R001_POI00001_bridge_0a1b2c3d.jpg     SPEC file names (export::naming)
//! videos/image_R001_POI00001_bridge_0a1b2c3d.webm
//! drawings/image_R001_POI00001_bridge_0a1b2c3d.png
//! ```
//!
//! Documents are written when the archive is created; media are added one at a time by the
//! caller, each written out at once (STORED), so memory stays at the largest single item.

use std::io::Write;

use super::naming::media_file_name;
use super::{ExportError, ExportFormat, Layers, MediaKind, csv, geojson, gpx, json, kml};
use crate::survey::{Measurement, SurveyData};
use crate::zip_writer::ZipStreamWriter;

/// An export archive being written to `W`.
pub struct ExportArchive<W: Write> {
    zip: ZipStreamWriter<W>,
    media: usize,
}

impl<W: Write> ExportArchive<W> {
    /// Starts the archive and writes the README, documents, traces and routes. `created` is
    /// the export time (ISO 8601 UTC), shown in the README and used to date the entries.
    pub fn new(out: W, data: &SurveyData, created: Option<&str>) -> Result<Self, ExportError> {
        let mut zip = ZipStreamWriter::new(out);
        if let Some(created) = created {
            zip.set_modified(created);
        }
        zip.add("README.txt", readme(data, created).as_bytes())?;
        let mut doc = Vec::new();
        for format in document_formats(data) {
            doc.clear();
            let name = match format {
                ExportFormat::Csv => "documents/measurements.csv",
                ExportFormat::Json => "documents/survey.json",
                ExportFormat::GeoJson => "documents/survey.geojson",
                ExportFormat::Gpx => "documents/survey.gpx",
                ExportFormat::Kml => "documents/survey.kml",
                ExportFormat::Zip => continue,
            };
            match format {
                ExportFormat::Csv => csv::write_survey_csv(&mut doc, data)?,
                ExportFormat::Json => json::write_json(&mut doc, data)?,
                ExportFormat::GeoJson => geojson::write_geojson(&mut doc, data, Layers::POIS)?,
                ExportFormat::Gpx => gpx::write_gpx(&mut doc, data, Layers::POIS)?,
                _ => kml::write_kml(&mut doc, data, Layers::POIS)?,
            }
            zip.add(name, &doc)?;
        }
        for (present, folder, stem, layers) in [
            (
                !data.traces.is_empty(),
                "traces",
                "vehicle-trace",
                Layers::TRACE,
            ),
            (!data.routes.is_empty(), "routes", "routes", Layers::ROUTES),
        ] {
            if !present {
                continue;
            }
            doc.clear();
            gpx::write_gpx(&mut doc, data, layers)?;
            zip.add(&format!("{folder}/{stem}.gpx"), &doc)?;
            doc.clear();
            geojson::write_geojson(&mut doc, data, layers)?;
            zip.add(&format!("{folder}/{stem}.geojson"), &doc)?;
            doc.clear();
            kml::write_kml(&mut doc, data, layers)?;
            zip.add(&format!("{folder}/{stem}.kml"), &doc)?;
        }
        Ok(Self { zip, media: 0 })
    }

    /// Adds a photo, video or drawing of a measurement under its SPEC file name (a `-2`,
    /// `-3`, ... suffix if two measurements share one). Returns the entry's path.
    pub fn add_media(
        &mut self,
        m: &Measurement,
        kind: MediaKind,
        bytes: &[u8],
    ) -> Result<String, ExportError> {
        let file = media_file_name(m, kind);
        let mut path = format!("{}/{file}", kind.folder());
        let mut n = 2;
        while self.zip.contains(&path) {
            let (stem, ext) = file.rsplit_once('.').unwrap_or((&file, ""));
            path = format!("{}/{stem}-{n}.{ext}", kind.folder());
            n += 1;
        }
        self.zip.add(&path, bytes)?;
        self.media += 1;
        Ok(path)
    }

    /// Media added so far.
    pub fn media_count(&self) -> usize {
        self.media
    }

    /// The output, to drain what has been written so far.
    pub fn get_mut(&mut self) -> &mut W {
        self.zip.get_mut()
    }

    /// Writes the zip's central directory and gives the output back.
    pub fn finish(self) -> Result<W, ExportError> {
        Ok(self.zip.finish()?)
    }
}

/// The survey's `outputFiles` that are document formats, in a fixed order; the SPEC
/// default (CSV, JSON, GeoJSON) when it lists none.
fn document_formats(data: &SurveyData) -> Vec<ExportFormat> {
    let listed: Vec<ExportFormat> = data
        .survey
        .fields
        .output_files
        .iter()
        .filter_map(|name| ExportFormat::parse(name).ok())
        .filter(|f| *f != ExportFormat::Zip)
        .collect();
    let all = [
        ExportFormat::Csv,
        ExportFormat::Json,
        ExportFormat::GeoJson,
        ExportFormat::Gpx,
        ExportFormat::Kml,
    ];
    if listed.is_empty() {
        return all[..3].to_vec();
    }
    all.into_iter().filter(|f| listed.contains(f)).collect()
}

fn readme(data: &SurveyData, created: Option<&str>) -> String {
    let s = &data.survey;
    let or_dash = |v: Option<&str>| v.filter(|t| !t.trim().is_empty()).unwrap_or("-").to_owned();
    let with_media = |kind: MediaKind| {
        data.measurements
            .iter()
            .filter(|m| kind.url(m).is_some())
            .count()
    };
    format!(
        "Clearway survey export\r\n\
         ======================\r\n\r\n\
         Survey:      {title}\r\n\
         Surveyor:    {surveyor}\r\n\
         Client:      {client}\r\n\
         Project:     {project}\r\n\
         Exported:    {created}\r\n\
         Clearway:    core {version}\r\n\r\n\
         Measurements: {measurements} ({images} with a photo, {videos} with a video, {drawings} with a drawing)\r\n\
         Routes:       {routes}\r\n\
         Trace points: {traces}\r\n\r\n\
         Contents\r\n\
         --------\r\n\
         documents/  the survey as CSV, JSON, GeoJSON (and GPX, KML when chosen)\r\n\
         traces/     the vehicle trace as GPX, GeoJSON and KML\r\n\
         routes/     the planned routes as GPX, GeoJSON and KML\r\n\
         images/     photos, videos/ videos, drawings/ drawings, named\r\n\
         \x20           image_{{road}}_POI{{5-digit}}_{{type}}_{{first 8 characters of the id}}.jpg|.webm|.png\r\n\
         \x20           where road is R and the road number on 3 digits (R000 when unknown).\r\n\
         A POI is identified as R{{3-digit road}}-POI{{5-digit POI number}}.\r\n\r\n\
         CSV columns: {columns}\r\n\
         Heights, widths and lengths have 3 decimals, GPS altitude, speed and heading 1,\r\n\
         latitude and longitude 6. Commas in notes are written as semicolons; text cells that\r\n\
         would start a spreadsheet formula begin with an apostrophe.\r\n\
         Coordinates are WGS 84 degrees; GeoJSON and KML list longitude first.\r\n",
        title = or_dash(Some(&s.survey_title)),
        surveyor = or_dash(Some(&s.surveyor_name)),
        client = or_dash(Some(&s.client_name)),
        project = or_dash(s.fields.project_number.as_deref()),
        created = or_dash(created),
        version = crate::VERSION,
        measurements = data.measurements.len(),
        images = with_media(MediaKind::Image),
        videos = with_media(MediaKind::Video),
        drawings = with_media(MediaKind::Drawing),
        routes = data.routes.len(),
        traces = data.traces.len(),
        columns = csv::HEADER.trim_end(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::io::{Cursor, Read};

    fn data(output_files: &serde_json::Value) -> SurveyData {
        SurveyData {
            survey: serde_json::from_value(
                json!({"surveyTitle": "A20", "outputFiles": output_files}),
            )
            .unwrap(),
            measurements: serde_json::from_value(json!([
                {"id": "0a1b2c3d-1", "roadNumber": 1, "poiNumber": 1, "poi_type": "bridge",
                 "imageUrl": "blob:1", "videoUrl": "blob:2"},
                {"id": "0a1b2c3d-2", "roadNumber": 1, "poiNumber": 1, "poi_type": "bridge",
                 "imageUrl": "blob:3"}
            ]))
            .unwrap(),
            traces: serde_json::from_value(json!([{"latitude": 1, "longitude": 2}])).unwrap(),
            ..Default::default()
        }
    }

    fn names(bytes: Vec<u8>) -> Vec<String> {
        let zip = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
        zip.file_names().map(String::from).collect()
    }

    #[test]
    fn layout_with_spec_names_and_clashing_ids_kept_apart() {
        let d = data(&json!([]));
        let mut archive = ExportArchive::new(Vec::new(), &d, Some("2024-05-01T08:00:00Z")).unwrap();
        let m = &d.measurements;
        assert_eq!(
            archive
                .add_media(&m[0], MediaKind::Image, b"jpeg0")
                .unwrap(),
            "images/image_R001_POI00001_bridge_0a1b2c3d.jpg"
        );
        archive.add_media(&m[0], MediaKind::Video, b"webm").unwrap();
        assert_eq!(
            archive
                .add_media(&m[1], MediaKind::Image, b"jpeg1")
                .unwrap(),
            "images/image_R001_POI00001_bridge_0a1b2c3d-2.jpg"
        );
        let bytes = archive.finish().unwrap();
        let mut listed = names(bytes.clone());
        listed.sort();
        assert_eq!(
            listed,
            [
                "README.txt",
                "documents/measurements.csv",
                "documents/survey.geojson",
                "documents/survey.json",
                "images/image_R001_POI00001_bridge_0a1b2c3d-2.jpg",
                "images/image_R001_POI00001_bridge_0a1b2c3d.jpg",
                "traces/vehicle-trace.geojson",
                "traces/vehicle-trace.gpx",
                "traces/vehicle-trace.kml",
                "videos/image_R001_POI00001_bridge_0a1b2c3d.webm",
            ]
        );
        let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
        let mut readme = String::new();
        zip.by_name("README.txt")
            .unwrap()
            .read_to_string(&mut readme)
            .unwrap();
        assert!(readme.contains("Survey:      A20"), "{readme}");
        assert!(
            readme.contains("Measurements: 2 (2 with a photo, 1 with a video, 0 with a drawing)")
        );
    }

    #[test]
    fn the_survey_chooses_its_documents() {
        let archive = ExportArchive::new(Vec::new(), &data(&json!(["KML", "CSV"])), None).unwrap();
        let listed = names(archive.finish().unwrap());
        assert!(listed.contains(&"documents/survey.kml".to_owned()));
        assert!(listed.contains(&"documents/measurements.csv".to_owned()));
        assert!(!listed.contains(&"documents/survey.json".to_owned()));
    }
}
