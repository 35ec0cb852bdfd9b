//! The clearance workflow and the rangefinder for the app (issue 15): a measurement judged
//! against the load, figures formatted in the chosen units, and the `$PLTIT` stream behind
//! a handle. Small records cross as JS objects; the rules are the core's.
//!
//! Error codes: `invalid-records`, `invalid-load-profile`.

use clearway_core::clearance::{self, LoadProfile, UnitSystem, units};
use clearway_core::rangefinder::pltit::{PltitSentence, VerticalRise};
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
    /// `vertical` (an HV shot aimed steeply up: the target's height above the laser),
    /// `distance` (any other HV shot: its horizontal distance), `height` (HT),
    /// `threeShotHeight`, `angle` (an HV shot with no distance), `missingLine` (the height
    /// between its two points), `id`, `rejected`.
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    metres: Option<f64>,
    weak: bool,
    /// A height for a clearance: the form takes it (a distance or an angle is only shown).
    fills_height: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
}

fn event(e: &CoreEvent) -> Event {
    let ev = |kind, metres: Option<f64>, weak, message| Event {
        kind,
        metres,
        weak,
        fills_height: false,
        message,
    };
    // What the core takes for a clearance (`PltitSentence::height`) fills the height.
    let height = |kind, h: VerticalRise| Event {
        fills_height: true,
        ..ev(kind, Some(h.metres), h.weak, None)
    };
    match e {
        CoreEvent::Sentence(s @ PltitSentence::HorizontalVector { horizontal, .. }) => {
            match (s.height(), horizontal) {
                (Some(h), _) => height("vertical", h),
                (None, Some(d)) => ev("distance", Some(d.metres), d.weak, None),
                (None, None) => ev("angle", None, false, None),
            }
        }
        // An HT always is a height; an ML without inclination or slope distance is not.
        CoreEvent::Sentence(s @ (PltitSentence::Height(_) | PltitSentence::MissingLine { .. })) => {
            let kind = if matches!(s, PltitSentence::Height(_)) {
                "height"
            } else {
                "missingLine"
            };
            match s.height() {
                Some(h) => height(kind, h),
                None => ev(kind, None, false, None),
            }
        }
        CoreEvent::Sentence(PltitSentence::Id { model, version }) => {
            ev("id", None, false, Some(format!("{model} {version}")))
        }
        CoreEvent::ThreeShotHeight(h) => height(
            "threeShotHeight",
            VerticalRise {
                metres: h.metres,
                weak: h.weak,
            },
        ),
        CoreEvent::Rejected(err) => ev("rejected", None, false, Some(err.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(text: &str) -> Vec<Event> {
        PltitStream::new()
            .push(text.as_bytes())
            .iter()
            .map(event)
            .collect()
    }

    fn line(body: &str) -> String {
        format!("${body}*{:02X}\r\n", body.bytes().fold(0u8, |a, b| a ^ b))
    }

    #[test]
    fn only_heights_fill_the_height_field() {
        let sin = |deg: f64| deg.to_radians().sin();
        // Aimed 86.4° up: its rise fills.
        let e = &events(&line("PLTIT,HV,0.30,M,0.00,D,86.40,D,5.00,M"))[0];
        assert_eq!((e.kind, e.fills_height), ("vertical", true));
        assert!((e.metres.unwrap() - 5.0 * sin(86.4)).abs() < 1e-9);
        // 11.8 m at 3.7° up: a distance, shown, not filled.
        let e = &events(&line("PLTIT,HV,11.80,M,0.00,D,3.70,D,11.80,M"))[0];
        assert_eq!(
            (e.kind, e.metres, e.fills_height),
            ("distance", Some(11.8), false)
        );
        // The device's height fills.
        let e = &events(&line("PLTIT,HT,15.70,F"))[0];
        assert_eq!((e.kind, e.fills_height), ("height", true));
        // A missing line down from the underside: the drop fills, as a positive height.
        let e = &events(&line("PLTIT,ML,8.10,Y,0.00,D,-35.00,D,8.10,Y"))[0];
        assert_eq!((e.kind, e.fills_height), ("missingLine", true));
        assert!((e.metres.unwrap() - 8.1 * 0.9144 * sin(35.0)).abs() < 1e-9);
        // A 3-shot: the first shot and the angles fill nothing, the height does.
        let shots = [
            line("PLTIT,HV,16.00,F,0.00,D,-1.20,D,16.00,F"),
            line("PLTIT,HV,,,0.00,D,-19.10,D,,"),
            line("PLTIT,HV,,,0.00,D,32.40,D,,"),
        ]
        .concat();
        let all = events(&shots);
        let filled: Vec<_> = all
            .iter()
            .filter(|e| e.fills_height)
            .map(|e| e.kind)
            .collect();
        assert_eq!(filled, ["threeShotHeight"]);
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
