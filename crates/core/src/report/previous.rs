//! The report's "Against the previous survey" section (issue 15 point 6): each POI matched
//! with the previous survey ([`crate::clearance::previous`]), the changed ones first in
//! the survey's order, then the count of unchanged and unmatched POIs.

use super::canvas::{BLACK, Canvas, FAIL, GREY, PASS};
use super::font::Weight;
use crate::clearance::previous::{Change, PreviousPoi, compare};
use crate::clearance::{UnitSystem, format_clearance};
use crate::export::naming::poi_identifier;
use crate::poi;
use crate::survey::SurveyData;

/// Lays the section out on a new page; nothing when no previous survey was given.
pub fn against_previous(
    canvas: &mut Canvas,
    data: &SurveyData,
    previous: &[PreviousPoi],
    units: UnitSystem,
) {
    if previous.is_empty() {
        return;
    }
    let comparisons = compare(&data.measurements, previous);
    canvas.page();
    canvas.line(Weight::Bold, 14.0, "Against the previous survey", BLACK);
    canvas.paragraph(
        Weight::Regular,
        8.0,
        "Each POI is matched with the nearest POI of the same type within 25 m in the previous survey; the change is this survey's clearance minus the previous one.",
        GREY,
    );
    canvas.gap(4.0);
    let by_id = |id: &str| data.measurements.iter().find(|m| m.id == id);
    let mut unchanged = 0;
    for c in &comparisons {
        if c.change == Change::Unchanged {
            unchanged += 1;
            continue;
        }
        let Some(m) = by_id(&c.measurement_id) else {
            continue;
        };
        let colour = if c.change == Change::Lower {
            FAIL
        } else {
            PASS
        };
        let text = format!(
            "{}  {}  {} (previously {} at {}, {:.1} m away): {}",
            poi_identifier(m),
            poi::label_of(&m.poi_type),
            format_clearance(c.clearance_m, units),
            format_clearance(c.previous_clearance_m, units),
            c.previous_label,
            c.distance_m,
            c.wording,
        );
        canvas.paragraph(Weight::Regular, 9.0, &text, colour);
    }
    let unmatched = data.measurements.len() - comparisons.len();
    canvas.gap(4.0);
    canvas.line(
        Weight::Regular,
        9.0,
        &format!(
            "{} changed, {unchanged} unchanged, {unmatched} not matched in the previous survey.",
            comparisons.len() - unchanged
        ),
        BLACK,
    );
}
