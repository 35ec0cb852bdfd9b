//! Against the previous survey and the Bluetooth laser payloads, for the app (issue 15
//! points 6 and 4): thin crossings over `clearway_core::clearance::previous*` and
//! `clearway_core::rangefinder::ble`. The rules (matching, wording, byte layouts) are the
//! core's.
//!
//! Error codes: `invalid-previous`, `invalid-records`, `laser-payload`.

use clearway_core::clearance::previous::{PreviousPoi, compare};
use clearway_core::clearance::previous_read::read_previous;
use clearway_core::rangefinder::ble;
use clearway_core::survey::Measurement;
use wasm_bindgen::prelude::*;

use crate::error::js_error;
use crate::records::{from_js, to_js};

/// The comparable POIs of a previous survey file (backup zip, JSON export or SPEC CSV):
/// `[{label, poiType, latitude, longitude, clearanceM}]`, or an `Error` saying what is
/// wrong with the file.
#[wasm_bindgen(js_name = readPreviousSurvey)]
pub fn read_previous_survey(bytes: &[u8]) -> Result<JsValue, JsValue> {
    let pois = read_previous(bytes).map_err(|e| js_error("invalid-previous", &e.to_string()))?;
    to_js(&pois)
}

/// This survey's measurements against the previous POIs: one
/// `{measurementId, previousLabel, distanceM, previousClearanceM, clearanceM, changeM,
/// change, wording}` per matched measurement.
#[wasm_bindgen(js_name = compareWithPrevious)]
pub fn compare_with_previous(measurements: JsValue, previous: JsValue) -> Result<JsValue, JsValue> {
    let measurements: Vec<Measurement> = from_js("measurements", measurements)?;
    let previous: Vec<PreviousPoi> = from_js("previous survey", previous)?;
    to_js(&compare(&measurements, &previous))
}

fn laser_error(e: &ble::BleError) -> JsValue {
    js_error("laser-payload", &e.to_string())
}

/// A Bluetooth laser notification decoded to metres. `source` names the characteristic:
/// `disto-distance`, `disto-unit` (returns `NaN` when the unit is metres, an `Error`
/// otherwise) or `glm`. `null` for a GLM frame that is not a measurement (an echo of the
/// autosync command, a status).
#[wasm_bindgen(js_name = decodeLaserNotification)]
pub fn decode_laser_notification(source: &str, bytes: &[u8]) -> Result<Option<f64>, JsValue> {
    match source {
        "disto-distance" => ble::disto_distance(bytes)
            .map(Some)
            .map_err(|e| laser_error(&e)),
        "disto-unit" => ble::disto_unit(bytes)
            .map(|()| Some(f64::NAN))
            .map_err(|e| laser_error(&e)),
        "glm" => match ble::glm_distance(bytes) {
            Ok(m) => Ok(Some(m)),
            Err(ble::BleError::NotAMeasurement) => Ok(None),
            Err(e) => Err(laser_error(&e)),
        },
        other => Err(js_error(
            "laser-payload",
            &format!("unknown laser characteristic {other}"),
        )),
    }
}

/// The GATT identifiers and the GLM's autosync command, as one JS object:
/// `{distoService, distoDistance, distoUnit, glmService, glmCharacteristic, glmAutosync}`.
#[wasm_bindgen(js_name = laserGatt)]
pub fn laser_gatt() -> Result<JsValue, JsValue> {
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Gatt {
        disto_service: &'static str,
        disto_distance: &'static str,
        disto_unit: &'static str,
        glm_service: &'static str,
        glm_characteristic: &'static str,
        glm_autosync: [u8; 6],
    }
    to_js(&Gatt {
        disto_service: ble::DISTO_SERVICE,
        disto_distance: ble::DISTO_DISTANCE,
        disto_unit: ble::DISTO_DISTANCE_UNIT,
        glm_service: ble::GLM_SERVICE,
        glm_characteristic: ble::GLM_CHARACTERISTIC,
        glm_autosync: ble::GLM_ENABLE_AUTOSYNC,
    })
}
