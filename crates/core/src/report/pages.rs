//! The report's pages laid out on the canvas: cover, overview map, POI table, a page per
//! Fail/Tight POI, the alert log summary, and the footers.

use serde_json::Value;

use super::Photo;
use super::canvas::{
    BLACK, Canvas, FAIL, FAIL_FILL, GREY, MARGIN, Op, PAGE_W, PASS, Rgb, TIGHT, TIGHT_FILL,
};
use super::font::{Weight, fit};
use super::map::{MapInput, draw_map};
use crate::clearance::{
    Assessment, ClearanceStatus, UnitSystem, assess, format_clearance, format_load_height,
    units::format_margin,
};
use crate::export::naming::poi_identifier;
use crate::poi;
use crate::survey::{Measurement, SurveyData};

/// The table's columns: title and width in points (they add up to the text width, 515).
const COLUMNS: [(&str, f32); 9] = [
    ("POI", 68.0),
    ("Type", 52.0),
    ("Road", 30.0),
    ("Position", 78.0),
    ("Clearance", 50.0),
    ("Method", 46.0),
    ("Margin", 44.0),
    ("Status", 32.0),
    ("Note", 115.0),
];
const ROW_H: f32 = 13.0;
const TABLE_SIZE: f32 = 7.5;

pub(super) fn status_colour(s: Option<ClearanceStatus>) -> Rgb {
    match s {
        Some(ClearanceStatus::Fail) => FAIL,
        Some(ClearanceStatus::Tight) => TIGHT,
        Some(ClearanceStatus::Pass) => PASS,
        None => BLACK,
    }
}

/// The POIs of the report: every measurement but the START one, in survey order.
fn pois(data: &SurveyData) -> Vec<(&Measurement, Option<Assessment>)> {
    let load = data.survey.fields.load_profile.as_ref();
    data.measurements
        .iter()
        .filter(|m| m.poi_type != "START")
        .map(|m| (m, assess(m, load)))
        .collect()
}

fn bound_sign(a: &Assessment) -> &'static str {
    a.bound.sign()
}

/// Lays out every page.
pub fn lay_out(
    canvas: &mut Canvas,
    data: &SurveyData,
    photos: &[Photo],
    units: UnitSystem,
    progress: &mut dyn FnMut(u32, u32),
) {
    let rows = pois(data);
    let flagged: Vec<_> = rows
        .iter()
        .filter(|(_, a)| {
            matches!(
                a.as_ref().and_then(|a| a.status),
                Some(ClearanceStatus::Fail | ClearanceStatus::Tight)
            )
        })
        .collect();
    let total = u32::try_from(flagged.len() + 3).unwrap_or(u32::MAX);
    cover(canvas, data, &rows, units);
    progress(1, total);
    canvas.page();
    canvas.line(Weight::Bold, 14.0, "Overview map", BLACK);
    let mut lines: Vec<(Vec<f64>, Rgb)> = data
        .routes
        .iter()
        .map(|r| (r.line_flat(), [0.23, 0.51, 0.96]))
        .collect();
    lines.extend(
        crate::export::geojson::trace_lines(&data.traces)
            .into_iter()
            .map(|l| (l, GREY)),
    );
    let map_pois = rows
        .iter()
        .filter_map(|(m, a)| {
            Some((
                m.latitude?,
                m.longitude?,
                m.poi_number.map(|n| n.to_string()).unwrap_or_default(),
                a.as_ref().and_then(|a| a.status),
            ))
        })
        .collect();
    draw_map(
        canvas,
        &MapInput {
            lines,
            pois: map_pois,
        },
        380.0,
    );
    canvas.line(Weight::Regular, 8.0, "Routes in blue, the vehicle trace in grey; POIs by number: red Fail, amber Tight, green Pass, grey no margin.", GREY);
    progress(2, total);
    canvas.page();
    table(canvas, &rows, units);
    progress(3, total);
    for (i, (m, a)) in flagged.iter().enumerate() {
        super::detail::detail(canvas, data, m, a.as_ref(), photos, units);
        progress(u32::try_from(i + 4).unwrap_or(u32::MAX), total);
    }
    super::detail::alerts(canvas, data);
}

fn cover(
    canvas: &mut Canvas,
    data: &SurveyData,
    rows: &[(&Measurement, Option<Assessment>)],
    units: UnitSystem,
) {
    canvas.page();
    canvas.gap(60.0);
    canvas.line(Weight::Regular, 12.0, "Route clearance survey report", GREY);
    canvas.paragraph(Weight::Bold, 22.0, &data.survey.survey_title, BLACK);
    canvas.gap(16.0);
    let f = &data.survey.fields;
    let dates: Vec<&str> = data
        .measurements
        .iter()
        .filter_map(|m| m.utc_date.as_deref())
        .filter(|d| !d.is_empty())
        .collect();
    let created = f.created_at.as_ref().and_then(Value::as_str).unwrap_or("");
    let mut facts: Vec<(&str, String)> = vec![
        ("Client", data.survey.client_name.clone()),
        ("Surveyor", data.survey.surveyor_name.clone()),
        (
            "Project number",
            f.project_number.clone().unwrap_or_default(),
        ),
        ("Origin", f.origin_address.clone().unwrap_or_default()),
        (
            "Destination",
            f.destination_address.clone().unwrap_or_default(),
        ),
        (
            "Survey created",
            created.get(..10).unwrap_or(created).to_owned(),
        ),
        (
            "Measured",
            match (dates.iter().min(), dates.iter().max()) {
                (Some(a), Some(b)) if a == b => (*a).to_owned(),
                (Some(a), Some(b)) => format!("{a} to {b}"),
                _ => String::new(),
            },
        ),
    ];
    if let Some(l) = &f.load_profile {
        let fig =
            |v: Option<f64>| v.map_or_else(|| "not set".into(), |v| format_load_height(v, units));
        facts.push(("Load height", fig(l.height_m)));
        facts.push(("Load width", fig(l.width_m)));
        facts.push(("Load length", fig(l.length_m)));
        facts.push(("Buffer", format_load_height(l.buffer_m, units)));
        facts.push(("Tight band", format_load_height(l.tight_band_m, units)));
        if let Some(t) = l.move_temp_c {
            facts.push((
                "Move temperature",
                format!(
                    "{t:.1} °C (wires flagged when surveyed more than {:.1} °C cooler)",
                    l.sag_delta_c
                ),
            ));
        }
    } else {
        facts.push(("Load profile", "not set: no margins in this report".into()));
    }
    let count = |s| {
        rows.iter()
            .filter(|(_, a)| a.as_ref().and_then(|a| a.status) == Some(s))
            .count()
    };
    facts.push(("Points of interest", rows.len().to_string()));
    facts.push((
        "Fail / Tight / Pass",
        format!(
            "{} / {} / {}",
            count(ClearanceStatus::Fail),
            count(ClearanceStatus::Tight),
            count(ClearanceStatus::Pass)
        ),
    ));
    for (k, v) in facts {
        canvas.need(16.0);
        let y = canvas.y - 11.0;
        canvas.text_at(Weight::Bold, 11.0, MARGIN, y, k, BLACK);
        let v = fit(
            canvas.font(Weight::Regular),
            &v,
            11.0,
            PAGE_W - 2.0 * MARGIN - 140.0,
        );
        canvas.text_at(Weight::Regular, 11.0, MARGIN + 140.0, y, &v, BLACK);
        canvas.y -= 16.0;
    }
    canvas.gap(10.0);
    canvas.paragraph(Weight::Regular, 9.0, "Margin = clearance − load height − buffer. Fail: below zero, or a high-pole strike. Tight: from zero up to the Tight band. Clearances and margins are rounded down, load figures up. ≥ marks a high-pole pass (the clearance is at least the figure), < a strike.", GREY);
}

pub(super) fn cells(m: &Measurement, a: Option<&Assessment>, units: UnitSystem) -> [String; 9] {
    let position = match (m.latitude, m.longitude) {
        (Some(lat), Some(lon)) => format!("{lat:.5}, {lon:.5}"),
        _ => String::new(),
    };
    [
        poi_identifier(m),
        poi::label_of(&m.poi_type).to_owned(),
        m.road_number.clone().unwrap_or_default(),
        position,
        a.map(|a| {
            format!(
                "{}{}",
                bound_sign(a),
                format_clearance(a.clearance_m, units)
            )
        })
        .unwrap_or_default(),
        a.and_then(|a| a.method).map_or_else(
            || {
                if a.is_some() {
                    "manual".into()
                } else {
                    String::new()
                }
            },
            |m| m.label().to_owned(),
        ),
        a.and_then(|a| a.margin_m)
            .map(|v| format_margin(v, units))
            .unwrap_or_default(),
        a.and_then(|a| a.status)
            .map(|s| s.label().to_owned())
            .unwrap_or_default(),
        m.note.clone().unwrap_or_default(),
    ]
}

fn table_header(canvas: &mut Canvas) {
    let y = canvas.y - ROW_H;
    canvas.push(Op::Rect {
        x: MARGIN,
        y,
        w: PAGE_W - 2.0 * MARGIN,
        h: ROW_H,
        fill: Some([0.9, 0.9, 0.9]),
        stroke: None,
    });
    let mut x = MARGIN + 2.0;
    for (title, w) in COLUMNS {
        canvas.text_at(Weight::Bold, TABLE_SIZE, x, y + 4.0, title, BLACK);
        x += w;
    }
    canvas.y -= ROW_H;
}

fn table(canvas: &mut Canvas, rows: &[(&Measurement, Option<Assessment>)], units: UnitSystem) {
    canvas.line(Weight::Bold, 14.0, "Points of interest", BLACK);
    table_header(canvas);
    for (m, a) in rows {
        if canvas.need(ROW_H) {
            table_header(canvas);
        }
        let status = a.as_ref().and_then(|a| a.status);
        let y = canvas.y - ROW_H;
        let fill = match status {
            Some(ClearanceStatus::Fail) => Some(FAIL_FILL),
            Some(ClearanceStatus::Tight) => Some(TIGHT_FILL),
            _ => None,
        };
        if fill.is_some() {
            canvas.push(Op::Rect {
                x: MARGIN,
                y,
                w: PAGE_W - 2.0 * MARGIN,
                h: ROW_H,
                fill,
                stroke: None,
            });
        }
        let mut x = MARGIN + 2.0;
        for (i, (text, (_, w))) in cells(m, a.as_ref(), units).iter().zip(COLUMNS).enumerate() {
            let weight = if i == 7 && fill.is_some() {
                Weight::Bold
            } else {
                Weight::Regular
            };
            let colour = if i == 7 { status_colour(status) } else { BLACK };
            let shown = fit(canvas.font(weight), text, TABLE_SIZE, w - 4.0);
            canvas.text_at(weight, TABLE_SIZE, x, y + 4.0, &shown, colour);
            x += w;
        }
        canvas.push(Op::Line {
            points: vec![(MARGIN, y), (PAGE_W - MARGIN, y)],
            width: 0.25,
            colour: [0.8, 0.8, 0.8],
        });
        canvas.y -= ROW_H;
    }
}

/// "Page n of N" and the survey title at the foot of every page.
pub fn footers(canvas: &mut Canvas, title: &str) {
    let n = canvas.doc.pages.len();
    for i in 0..n {
        let label = format!("Page {} of {n}", i + 1);
        let w = canvas.font(Weight::Regular).width(&label, 8.0);
        let title = fit(canvas.font(Weight::Regular), title, 8.0, 300.0);
        canvas.regular.mark(&label);
        canvas.regular.mark(&title);
        canvas.doc.pages[i].push(Op::Text {
            weight: Weight::Regular,
            size: 8.0,
            x: PAGE_W - MARGIN - w,
            y: 22.0,
            text: label,
            colour: GREY,
        });
        canvas.doc.pages[i].push(Op::Text {
            weight: Weight::Regular,
            size: 8.0,
            x: MARGIN,
            y: 22.0,
            text: title,
            colour: GREY,
        });
    }
}
