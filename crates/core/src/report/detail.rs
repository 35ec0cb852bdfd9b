//! The pages of the report after the table: one per Fail or Tight POI (its figures, readings,
//! wire temperature and sag flag, and its photos), and the alert log summary.

use serde_json::Value;

use super::Photo;
use super::canvas::{BLACK, Canvas, MARGIN, Op, PAGE_W};
use super::font::{Weight, fit};
use super::pages::{cells, status_colour};
use crate::clearance::columns::readings_text;
use crate::clearance::{Assessment, ClearanceStatus, SagCheck, UnitSystem};
use crate::export::naming::poi_identifier;
use crate::poi;
use crate::survey::{Measurement, SurveyData};

pub(super) fn detail(
    canvas: &mut Canvas,
    data: &SurveyData,
    m: &Measurement,
    a: Option<&Assessment>,
    photos: &[Photo],
    units: UnitSystem,
) {
    canvas.page();
    let status = a.and_then(|a| a.status);
    let title = format!(
        "{} — {} — {}",
        poi_identifier(m),
        poi::label_of(&m.poi_type),
        status.map_or("", ClearanceStatus::label)
    );
    canvas.line(Weight::Bold, 16.0, &title, status_colour(status));
    let c = cells(m, a, units);
    let mut facts = vec![
        ("Clearance", c[4].clone()),
        ("Margin", c[6].clone()),
        ("Method", c[5].clone()),
        ("Road", c[2].clone()),
        ("Position", c[3].clone()),
        (
            "Date and time",
            format!(
                "{} {}",
                m.utc_date.as_deref().unwrap_or(""),
                m.utc_time.as_deref().unwrap_or("")
            ),
        ),
        ("Readings", readings_text(m)),
        ("Note", c[8].clone()),
    ];
    if let Some(t) = m.wire_temp_c {
        facts.push((
            "Wire temperature",
            format!("{t:.1} °C at {}", m.wire_time.as_deref().unwrap_or("?")),
        ));
    }
    match a.map(|a| a.sag) {
        Some(SagCheck::Flagged { cooler_by_c }) => facts.push((
            "Wire sag",
            format!("surveyed {cooler_by_c:.1} °C cooler than the move: it will hang lower"),
        )),
        Some(SagCheck::Missing) => {
            facts.push(("Wire sag", "temperature and time not recorded".into()));
        }
        _ => {}
    }
    let _ = data;
    for (k, v) in facts {
        if v.trim().is_empty() {
            continue;
        }
        let y = canvas.y - 10.0;
        canvas.text_at(Weight::Bold, 10.0, MARGIN, y, k, BLACK);
        let lines = super::font::wrap(
            canvas.font(Weight::Regular),
            &v,
            10.0,
            PAGE_W - 2.0 * MARGIN - 120.0,
        );
        for (i, l) in lines.iter().enumerate() {
            canvas.text_at(
                Weight::Regular,
                10.0,
                MARGIN + 120.0,
                y - 13.0 * i as f32,
                l,
                BLACK,
            );
        }
        canvas.y -= 13.0 * lines.len().max(1) as f32 + 3.0;
    }
    canvas.gap(8.0);
    for photo in photos.iter().filter(|p| p.measurement_id == m.id) {
        let Some(info) = super::jpeg::jpeg_info(&photo.jpeg) else {
            continue;
        };
        let max_w = PAGE_W - 2.0 * MARGIN;
        let scale = (max_w / f32::from(info.width)).min(300.0 / f32::from(info.height));
        let (w, h) = (
            f32::from(info.width) * scale,
            f32::from(info.height) * scale,
        );
        canvas.need(h + 4.0);
        let index = canvas.doc.images.len();
        canvas.doc.images.push(photo.jpeg.clone());
        canvas.push(Op::Image {
            index,
            x: MARGIN,
            y: canvas.y - h,
            w,
            h,
        });
        canvas.y -= h + 8.0;
    }
}

pub(super) fn alerts(canvas: &mut Canvas, data: &SurveyData) {
    canvas.page();
    canvas.line(Weight::Bold, 14.0, "Alert log", BLACK);
    if data.alerts.is_empty() {
        canvas.line(Weight::Regular, 10.0, "No alerts were logged.", BLACK);
        return;
    }
    canvas.line(
        Weight::Regular,
        10.0,
        &format!("{} alerts logged.", data.alerts.len()),
        BLACK,
    );
    for alert in &data.alerts {
        let when = alert
            .created_at
            .as_ref()
            .and_then(Value::as_str)
            .unwrap_or("");
        let what = ["message", "title", "type", "kind"]
            .iter()
            .find_map(|k| alert.extra.get(*k).and_then(Value::as_str))
            .unwrap_or("");
        let line = fit(
            canvas.font(Weight::Regular),
            &format!("{when}  {what}"),
            9.0,
            PAGE_W - 2.0 * MARGIN,
        );
        canvas.line(Weight::Regular, 9.0, &line, BLACK);
    }
}
