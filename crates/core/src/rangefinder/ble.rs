//! Bluetooth LE rangefinder payloads (review §1): Leica DISTO and Bosch GLM / PLR.
//!
//! **Leica DISTO** (CaveSurvey `LeicaDistoBluetoothLEDevice`): service
//! `3ab10100-f831-4395-b29d-570977d5bf94`; indications on `…0101` distance (float32 LE,
//! metres), `…0102` distance unit (0–3 are metre units; others refused), `…0103` tilt
//! (float32 LE, **radians**), `…0104` angle unit.
//!
//! **Bosch GLM 50 C / 50-27 C, PLR** (leofuehringer/lasercom and other clients): service
//! `02a6c0d0-0451-4000-b000-fb3210111989`, characteristic `02a6c0d1-…`; write
//! [`GLM_ENABLE_AUTOSYNC`] to have each measurement sent; a measurement frame starts
//! `C0 55 10 06` and holds the distance as float32 LE metres at byte 7.
#![allow(clippy::doc_markdown)] // product names (TruPulse, CaveSurvey) are not code

/// The DISTO's GATT service and characteristics.
pub const DISTO_SERVICE: &str = "3ab10100-f831-4395-b29d-570977d5bf94";
pub const DISTO_DISTANCE: &str = "3ab10101-f831-4395-b29d-570977d5bf94";
pub const DISTO_DISTANCE_UNIT: &str = "3ab10102-f831-4395-b29d-570977d5bf94";
pub const DISTO_TILT: &str = "3ab10103-f831-4395-b29d-570977d5bf94";
/// The GLM's GATT service and characteristic.
pub const GLM_SERVICE: &str = "02a6c0d0-0451-4000-b000-fb3210111989";
pub const GLM_CHARACTERISTIC: &str = "02a6c0d1-0451-4000-b000-fb3210111989";
/// Written to the GLM's characteristic to turn on autosync.
pub const GLM_ENABLE_AUTOSYNC: [u8; 6] = [0xC0, 0x55, 0x02, 0x01, 0x00, 0x1A];
/// The first bytes of a GLM measurement frame.
pub const GLM_FRAME_START: [u8; 4] = [0xC0, 0x55, 0x10, 0x06];

/// Why a Bluetooth payload was not used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BleError {
    #[error("rangefinder payload is {found} bytes, expected {expected}")]
    Length { found: usize, expected: usize },
    #[error("rangefinder distance is not a usable number")]
    NotANumber,
    #[error("the DISTO is set to a unit other than metres (unit code {0}); set it to metres")]
    NotMetres(u8),
    #[error("not a GLM measurement frame")]
    NotAMeasurement,
}

fn float_le(bytes: &[u8]) -> Option<f32> {
    Some(f32::from_le_bytes(bytes.get(..4)?.try_into().ok()?))
}

fn distance(v: f32) -> Result<f64, BleError> {
    let m = f64::from(v);
    if m.is_finite() && m >= 0.0 {
        Ok((m * 10_000.0).round() / 10_000.0)
    } else {
        Err(BleError::NotANumber)
    }
}

/// A DISTO distance indication, in metres (to 0.1 mm).
///
/// ```
/// use clearway_core::rangefinder::ble::disto_distance;
/// // CaveSurvey's vector: the signed bytes [-128, 72, 79, 63].
/// assert_eq!(disto_distance(&[0x80, 72, 79, 63]), Ok(0.8097));
/// ```
pub fn disto_distance(payload: &[u8]) -> Result<f64, BleError> {
    if payload.len() != 4 {
        return Err(BleError::Length {
            found: payload.len(),
            expected: 4,
        });
    }
    distance(float_le(payload).ok_or(BleError::NotANumber)?)
}

/// Checks a DISTO distance-unit indication: only metre units (0–3) are accepted.
pub fn disto_unit(payload: &[u8]) -> Result<(), BleError> {
    match payload.first() {
        Some(&u) if u <= 3 => Ok(()),
        Some(&u) => Err(BleError::NotMetres(u)),
        None => Err(BleError::Length {
            found: 0,
            expected: 1,
        }),
    }
}

/// A DISTO tilt indication (radians on the wire), in degrees.
pub fn disto_tilt_deg(payload: &[u8]) -> Result<f64, BleError> {
    if payload.len() != 4 {
        return Err(BleError::Length {
            found: payload.len(),
            expected: 4,
        });
    }
    let rad = f64::from(float_le(payload).ok_or(BleError::NotANumber)?);
    if rad.is_finite() {
        Ok(rad.to_degrees())
    } else {
        Err(BleError::NotANumber)
    }
}

/// A GLM notification: the distance in metres when it is a measurement frame.
pub fn glm_distance(frame: &[u8]) -> Result<f64, BleError> {
    if !frame.starts_with(&GLM_FRAME_START) {
        return Err(BleError::NotAMeasurement);
    }
    let value = frame.get(7..11).ok_or(BleError::Length {
        found: frame.len(),
        expected: 11,
    })?;
    distance(float_le(value).ok_or(BleError::NotANumber)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disto_vectors() {
        let signed: [i8; 4] = [-128, 72, 79, 63];
        let bytes = signed.map(i8::cast_unsigned);
        assert_eq!(disto_distance(&bytes), Ok(0.8097));
        assert_eq!(
            disto_distance(&bytes[..3]),
            Err(BleError::Length {
                found: 3,
                expected: 4
            })
        );
        assert_eq!(
            disto_distance(&f32::NAN.to_le_bytes()),
            Err(BleError::NotANumber)
        );
        assert_eq!(disto_unit(&[2]), Ok(()));
        assert_eq!(disto_unit(&[4]), Err(BleError::NotMetres(4)));
        let tilt = disto_tilt_deg(&std::f32::consts::FRAC_PI_6.to_le_bytes()).unwrap();
        assert!((tilt - 30.0).abs() < 1e-4, "{tilt}");
    }

    #[test]
    fn glm_frame_layout() {
        // C0 55 10 06, three bytes the layout does not use, then float32 LE metres at byte 7.
        let mut frame = vec![0xC0, 0x55, 0x10, 0x06, 0x00, 0x00, 0x00];
        frame.extend_from_slice(&5.4321_f32.to_le_bytes());
        frame.extend_from_slice(&[0, 0, 0, 0, 0, 0x3A]);
        assert_eq!(glm_distance(&frame), Ok(5.4321));
        assert_eq!(
            glm_distance(&GLM_ENABLE_AUTOSYNC),
            Err(BleError::NotAMeasurement)
        );
        assert_eq!(
            glm_distance(&frame[..9]),
            Err(BleError::Length {
                found: 9,
                expected: 11
            })
        );
    }
}
