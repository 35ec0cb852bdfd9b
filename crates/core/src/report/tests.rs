//! The report's own checks: the same input gives the same bytes, a page per Fail/Tight POI,
//! fonts subset, photos placed as they are. Text extraction and rendering are checked with
//! poppler in the CLI's tests (crates/cli/tests/report.rs).

use super::{Photo, ReportFonts, survey_report};
use crate::clearance::{LoadProfile, UnitSystem};
use crate::survey::{Measurement, SurveyData};

const REGULAR: &[u8] = include_bytes!("../../../../web/public/fonts/DejaVuSansCondensed.ttf");
const BOLD: &[u8] = include_bytes!("../../../../web/public/fonts/DejaVuSansCondensed-Bold.ttf");
const FONTS: ReportFonts = ReportFonts {
    regular: REGULAR,
    bold: BOLD,
};

fn data() -> SurveyData {
    let mut d = SurveyData::default();
    d.survey.survey_title = "A20 heavy haul".into();
    d.survey.fields.load_profile = Some(LoadProfile {
        height_m: Some(4.6),
        ..Default::default()
    });
    for (i, h) in [5.5, 4.7, 4.8, 6.0].into_iter().enumerate() {
        d.measurements.push(Measurement {
            id: format!("m{i}"),
            height_m: Some(h),
            poi_type: "bridge".into(),
            poi_number: Some(u32::try_from(i).unwrap() + 2),
            latitude: Some(45.5 + i as f64 * 0.01),
            longitude: Some(-73.6),
            ..Default::default()
        });
    }
    d
}

fn pages(pdf: &[u8]) -> usize {
    pdf.windows(b"/Type /Page\n".len())
        .filter(|w| *w == b"/Type /Page\n")
        .count()
}

#[test]
fn same_input_same_bytes_and_a_page_per_flagged_poi() {
    let mut calls = Vec::new();
    let a = survey_report(&data(), &[], FONTS, UnitSystem::Metric, &mut |d, t| {
        calls.push((d, t));
    })
    .unwrap();
    let b = survey_report(&data(), &[], FONTS, UnitSystem::Metric, &mut |_, _| {}).unwrap();
    assert_eq!(a, b);
    assert!(a.starts_with(b"%PDF-"));
    // Cover, map, table, one Fail (4.70) and one Tight (4.80) page, alerts.
    assert_eq!(pages(&a), 6, "{}", String::from_utf8_lossy(&a[..400]));
    assert_eq!(calls.last(), Some(&(6, 6)));
    assert!(
        a.len() < REGULAR.len() / 2,
        "fonts are subset: {} bytes",
        a.len()
    );
}

#[test]
fn photos_are_placed_and_junk_is_skipped() {
    let mut jpeg = vec![
        0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x20, 0x03,
    ];
    jpeg.extend_from_slice(&[0; 9]);
    jpeg.extend_from_slice(&[0xFF, 0xD9]);
    let photos = [
        Photo {
            measurement_id: "m1".into(),
            jpeg: jpeg.clone(),
        },
        Photo {
            measurement_id: "m1".into(),
            jpeg: b"not a jpeg".to_vec(),
        },
    ];
    let pdf = survey_report(&data(), &photos, FONTS, UnitSystem::Metric, &mut |_, _| {}).unwrap();
    let text = String::from_utf8_lossy(&pdf);
    assert_eq!(text.matches("/Subtype /Image").count(), 1);
    assert!(text.contains("/Width 32") && text.contains("/Height 16"));
}

#[test]
fn a_bad_font_is_a_clear_error() {
    let fonts = ReportFonts {
        regular: b"not a font",
        bold: BOLD,
    };
    let err = survey_report(&data(), &[], fonts, UnitSystem::Metric, &mut |_, _| {}).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("the report font (regular) cannot be read"),
        "{err}"
    );
}
