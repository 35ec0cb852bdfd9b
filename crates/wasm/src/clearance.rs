//! The clearance workflow and the rangefinder for the app (issue 15): a measurement judged
//! against the load, figures formatted in the chosen units, and the `$PLTIT` stream behind
//! a handle. Small records cross as JS objects; the rules are the core's.
//!
//! Error codes: `invalid-records`, `invalid-load-profile`.

use clearway_core::clearance::{self, LoadProfile, UnitSystem, units};
use clearway_core::rangefinder::pltit::PltitSentence;
use clearway_core::rangefinder::{PltitStream, RangefinderEvent as CoreEvent};
use clearway_core::survey::Measurement;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::error::js_error;
use crate::records::{from_js, to_js};

/// A measurement judged against the load: `{clearanceM, bound, method, marginM, status,
/// sag}`, or `null` when it has no clearance. `load` may be `null`/`undefined`.
#[wasm_bindgen(js_name = assessMeasurement)]
pub fn assess_measurement(measurement: JsValue, load: JsValue) -> Result<JsValue, JsValue> {
    let m: Measurement = from_js("measurement", measurement)?;
    let load: Option<LoadProfile> = if load.is_null() || load.is_undefined() {
        None
    } else {
        Some(from_js("load profile", load)?)
    };
    match clearance::assess(&m, load.as_ref()) {
        Some(a) => to_js(&a),
        None => Ok(JsValue::NULL),
    }
}

/// A load profile as the core stores it (defaults filled), or an `Error` naming the bad
/// figure.
#[wasm_bindgen(js_name = normaliseLoadProfile)]
pub fn normalise_load_profile(load: JsValue) -> Result<JsValue, JsValue> {
    let load: LoadProfile = from_js("load profile", load)?;
    load.validate()
        .map_err(|e| js_error("invalid-load-profile", &e.to_string()))?;
    to_js(&load)
}

/// A clearance for display (`metric` or `feetInches`), rounded down.
#[wasm_bindgen(js_name = formatClearance)]
pub fn format_clearance(value_m: f64, units: &str) -> String {
    clearance::format_clearance(value_m, UnitSystem::parse(units))
}

/// A margin for display, rounded down.
#[wasm_bindgen(js_name = formatMargin)]
pub fn format_margin(value_m: f64, units: &str) -> String {
    units::format_margin(value_m, UnitSystem::parse(units))
}

/// A load dimension for display, rounded up.
#[wasm_bindgen(js_name = formatLoadHeight)]
pub fn format_load_height(value_m: f64, units: &str) -> String {
    clearance::format_load_height(value_m, UnitSystem::parse(units))
}

/// Feet and inches as typed (`15' 6"`) to metres; `undefined` when unreadable.
#[wasm_bindgen(js_name = parseFeetInches)]
pub fn parse_feet_inches(text: &str) -> Option<f64> {
    units::parse_feet_inches(text)
}

/// One rangefinder event as the app reads it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Event {
    /// `vertical` (an HV shot aimed up: the target's height above the laser), `distance`
    /// (a level or downward HV shot: its horizontal distance), `height` (HT),
    /// `threeShotHeight`, `angle` (an HV shot with no distance), `missingLine` (the height
    /// between its two points), `id`, `rejected`.
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    metres: Option<f64>,
    weak: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
}

fn event(e: &CoreEvent) -> Event {
    let ev = |kind, metres: Option<f64>, weak, message| Event {
        kind,
        metres,
        weak,
        message,
    };
    match e {
        // A shot aimed up reads the target's height above the laser; its horizontal
        // distance is never a height (a level or downward shot, such as a 3-shot's first, is
        // only a distance).
        CoreEvent::Sentence(s @ PltitSentence::HorizontalVector { horizontal, .. }) => {
            match (s.vertical(), horizontal) {
                (Some(rise), _) if rise.metres > 0.0 => {
                    ev("vertical", Some(rise.metres), rise.weak, None)
                }
                (_, Some(d)) => ev("distance", Some(d.metres), d.weak, None),
                (_, None) => ev("angle", None, false, None),
            }
        }
        CoreEvent::Sentence(PltitSentence::Height(d)) => ev("height", Some(d.metres), d.weak, None),
        // The height between the two points of a missing line.
        CoreEvent::Sentence(s @ PltitSentence::MissingLine { .. }) => {
            let rise = s.vertical();
            ev(
                "missingLine",
                rise.map(|r| r.metres.abs()),
                rise.is_some_and(|r| r.weak),
                None,
            )
        }
        CoreEvent::Sentence(PltitSentence::Id { model, version }) => {
            ev("id", None, false, Some(format!("{model} {version}")))
        }
        CoreEvent::ThreeShotHeight(h) => ev("threeShotHeight", Some(h.metres), h.weak, None),
        CoreEvent::Rejected(err) => ev("rejected", None, false, Some(err.to_string())),
    }
}

/// The `$PLTIT` stream of one rangefinder connection. Free it with `free()`.
#[wasm_bindgen]
pub struct RangefinderStream {
    inner: PltitStream,
}

#[wasm_bindgen]
impl RangefinderStream {
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)] // a JS constructor, not a Rust API
    pub fn new() -> Self {
        Self {
            inner: PltitStream::new(),
        }
    }

    /// Feeds serial bytes (any chunking); returns the events they completed, in order.
    pub fn push(&mut self, bytes: &[u8]) -> Result<JsValue, JsValue> {
        let events: Vec<Event> = self.inner.push(bytes).iter().map(event).collect();
        to_js(&events)
    }

    /// Shots of a 3-shot height taken so far (0–2).
    #[wasm_bindgen(js_name = threeShotProgress)]
    pub fn three_shot_progress(&self) -> u8 {
        self.inner.three_shot_progress()
    }
}
