//! The overview map: routes, the vehicle trace and the POIs drawn as vectors in a box, on
//! an equirectangular projection scaled by the cosine of the mean latitude (true shapes at
//! survey scale; no tiles, no network). POIs are dots coloured by status, numbered.

use super::canvas::{BLACK, Canvas, FAIL, GREY, MARGIN, Op, PAGE_W, PASS, Rgb, TIGHT};
use super::font::Weight;
use crate::clearance::ClearanceStatus;

/// What the map shows.
pub struct MapInput {
    /// Lines as flat lat/lon pairs, with their colours.
    pub lines: Vec<(Vec<f64>, Rgb)>,
    /// POIs: lat, lon, label, status.
    pub pois: Vec<(f64, f64, String, Option<ClearanceStatus>)>,
}

fn status_colour(s: Option<ClearanceStatus>) -> Rgb {
    match s {
        Some(ClearanceStatus::Fail) => FAIL,
        Some(ClearanceStatus::Tight) => TIGHT,
        Some(ClearanceStatus::Pass) => PASS,
        None => GREY,
    }
}

/// Draws the map in a box `height` points high under the cursor.
pub fn draw_map(canvas: &mut Canvas, input: &MapInput, height: f32) {
    let (x0, w) = (MARGIN, PAGE_W - 2.0 * MARGIN);
    let y0 = canvas.y - height;
    canvas.push(Op::Rect {
        x: x0,
        y: y0,
        w,
        h: height,
        fill: None,
        stroke: Some(GREY),
    });
    let coords = input
        .lines
        .iter()
        .flat_map(|(flat, _)| flat.chunks_exact(2).map(|p| (p[0], p[1])))
        .chain(input.pois.iter().map(|p| (p.0, p.1)))
        .filter(|(lat, lon)| lat.is_finite() && lon.is_finite());
    let mut bounds: Option<(f64, f64, f64, f64)> = None;
    for (lat, lon) in coords {
        bounds = Some(match bounds {
            None => (lat, lat, lon, lon),
            Some((a, b, c, d)) => (a.min(lat), b.max(lat), c.min(lon), d.max(lon)),
        });
    }
    let Some((lat_min, lat_max, lon_min, lon_max)) = bounds else {
        canvas.text_at(
            Weight::Regular,
            10.0,
            x0 + 10.0,
            y0 + height / 2.0,
            "No positions to map.",
            GREY,
        );
        canvas.y = y0 - 10.0;
        return;
    };
    let k = f64::midpoint(lat_min, lat_max).to_radians().cos().max(0.01);
    let span_x = ((lon_max - lon_min) * k).max(1e-6);
    let span_y = (lat_max - lat_min).max(1e-6);
    let pad = 20.0;
    let scale = f64::from(w - 2.0 * pad) / span_x;
    let scale = scale.min(f64::from(height - 2.0 * pad) / span_y);
    let cx = f64::from(x0 + w / 2.0);
    let cy = f64::from(y0 + height / 2.0);
    let (mid_lon, mid_lat) = (
        f64::midpoint(lon_min, lon_max),
        f64::midpoint(lat_min, lat_max),
    );
    let project = |lat: f64, lon: f64| -> (f32, f32) {
        (
            (cx + (lon - mid_lon) * k * scale) as f32,
            (cy + (lat - mid_lat) * scale) as f32,
        )
    };
    for (flat, colour) in &input.lines {
        let points: Vec<(f32, f32)> = flat
            .chunks_exact(2)
            .filter(|p| p[0].is_finite() && p[1].is_finite())
            .map(|p| project(p[0], p[1]))
            .collect();
        if points.len() >= 2 {
            canvas.push(Op::Line {
                points,
                width: 1.5,
                colour: *colour,
            });
        }
    }
    for (lat, lon, label, status) in &input.pois {
        let (x, y) = project(*lat, *lon);
        canvas.push(Op::Dot {
            x,
            y,
            r: 3.5,
            fill: status_colour(*status),
        });
        canvas.text_at(Weight::Regular, 6.5, x + 4.5, y + 2.0, label, BLACK);
    }
    // A scale bar: 1 km or less, to fit a fifth of the box.
    let metres_per_point = 111_320.0 / scale;
    let bar_m = [
        10_000.0, 5000.0, 2000.0, 1000.0, 500.0, 200.0, 100.0, 50.0, 20.0, 10.0,
    ]
    .into_iter()
    .find(|m| m / metres_per_point <= f64::from(w) / 5.0)
    .unwrap_or(10.0);
    let bar = (bar_m / metres_per_point) as f32;
    let (bx, by) = (x0 + 10.0, y0 + 10.0);
    canvas.push(Op::Line {
        points: vec![(bx, by), (bx + bar, by)],
        width: 1.5,
        colour: BLACK,
    });
    let label = if bar_m >= 1000.0 {
        format!("{} km", bar_m / 1000.0)
    } else {
        format!("{bar_m} m")
    };
    canvas.text_at(Weight::Regular, 7.0, bx, by + 4.0, &label, BLACK);
    canvas.y = y0 - 10.0;
}
