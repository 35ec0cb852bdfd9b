//! Google's Encoded Polyline Algorithm Format, decoded and encoded by hand for speed.
//!
//! Each value is `round(degrees · 10^precision)` (round half away from zero), stored as the
//! difference from the previous value of the same axis, zig-zag signed, and written as
//! 5-bit chunks, least significant first, each plus 63 (`?`), with `0x20` set on every chunk
//! but the last. Values alternate latitude, longitude. The directions service of SPEC §7
//! answers at precision 5; routing engines often use 6.
//!
//! Coordinates are flat `[lat0, lon0, lat1, lon1, ...]` slices of `f64`, as they cross the
//! wasm boundary. [`decode`] checks that latitudes are within ±90° and longitudes within
//! ±180°; [`decode_unchecked`] is the bare algorithm (no range check), for polylines of other
//! quantities. Decoding allocates once: the output length is known from the count of
//! terminating chunks before any value is read.
//!
//! Speed: a first pass counts the values and checks that every byte is a polyline
//! character; then the decoder reads 8 bytes at a time and cuts every value that ends in
//! them off one 64-bit word (`decode_words`), with no branch per byte and no step waiting on
//! the length of the value before. Anything unusual (a bad byte, a value cut off or out of
//! range) sends the text to the plain byte-at-a-time decoder, which names the position.

use crate::geodesy::LatLon;

/// Why a polyline cannot be decoded or encoded. Positions are byte offsets in the encoded
/// text; indices count points from 0.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PolylineError {
    #[error(
        "Invalid polyline: byte 0x{byte:02x} at position {position} is not a polyline character"
    )]
    InvalidByte { position: usize, byte: u8 },
    #[error("Invalid polyline: the value starting at position {position} is cut off")]
    Truncated { position: usize },
    #[error("Invalid polyline: the value at position {position} is too large")]
    Overflow { position: usize },
    #[error("Invalid polyline: the latitude at position {position} has no longitude")]
    MissingLongitude { position: usize },
    #[error("Invalid polyline: latitude {lat} at position {position} is outside -90..90")]
    LatitudeOutOfRange { position: usize, lat: f64 },
    #[error("Invalid polyline: longitude {lon} at position {position} is outside -180..180")]
    LongitudeOutOfRange { position: usize, lon: f64 },
    #[error("Cannot encode point {index}: ({lat}, {lon}) is not a valid position")]
    InvalidCoordinate { index: usize, lat: f64, lon: f64 },
    #[error("Cannot encode {len} values: coordinates come in latitude, longitude pairs")]
    OddCoordinateCount { len: usize },
    #[error("Polyline precision must be 0 to {max} decimal digits, got {digits}")]
    UnsupportedPrecision { digits: u32, max: u32 },
}

/// Exact powers of ten (each is exactly representable as an f64 up to 10^22).
const POWERS_OF_TEN: [f64; 16] = [
    1.0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
];

/// Number of decimal digits kept: 5 for Google's directions, 6 for OSRM-style "polyline6".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Precision(u32);

impl Precision {
    /// 10^-5 degree (about 1.1 m): Google's directions service.
    pub const E5: Self = Self(5);
    /// 10^-6 degree (about 0.11 m): "polyline6" of routing engines.
    pub const E6: Self = Self(6);
    /// Most digits supported: 180 · 10^15 and its zig-zagged differences fit in 64 bits.
    pub const MAX_DIGITS: u32 = 15;

    /// Any precision from 0 to [`Self::MAX_DIGITS`] digits.
    ///
    /// ```
    /// use clearway_core::polyline::{Precision, PolylineError};
    /// assert_eq!(Precision::new(6), Ok(Precision::E6));
    /// assert!(matches!(Precision::new(16), Err(PolylineError::UnsupportedPrecision { .. })));
    /// ```
    pub fn new(digits: u32) -> Result<Self, PolylineError> {
        if digits > Self::MAX_DIGITS {
            return Err(PolylineError::UnsupportedPrecision {
                digits,
                max: Self::MAX_DIGITS,
            });
        }
        Ok(Self(digits))
    }

    pub const fn digits(self) -> u32 {
        self.0
    }

    fn factor(self) -> f64 {
        // `new` bounds the digits, so the index is in range.
        POWERS_OF_TEN[self.0 as usize]
    }
}

/// Largest magnitude of a scaled value that [`encode`] accepts: differences of two such
/// values, shifted left once for the zig-zag sign, still fit in an i64.
const MAX_SCALED: f64 = 2_305_843_009_213_693_952.0; // 2^61

/// Decodes a polyline into flat `[lat, lon, ...]` degrees, checking latitude and longitude
/// ranges.
///
/// ```
/// use clearway_core::polyline::{decode, Precision};
/// // The example of Google's algorithm page.
/// let flat = decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@", Precision::E5).unwrap();
/// assert_eq!(flat, [38.5, -120.2, 40.7, -120.95, 43.252, -126.453]);
/// ```
pub fn decode(encoded: impl AsRef<[u8]>, precision: Precision) -> Result<Vec<f64>, PolylineError> {
    decode_impl::<true>(encoded.as_ref(), precision)
}

/// Decodes a polyline into flat pairs of values without checking that they are positions.
pub fn decode_unchecked(
    encoded: impl AsRef<[u8]>,
    precision: Precision,
) -> Result<Vec<f64>, PolylineError> {
    decode_impl::<false>(encoded.as_ref(), precision)
}

/// [`decode`] into [`LatLon`] values.
///
/// ```
/// use clearway_core::{geodesy::LatLon, polyline::{decode_lat_lons, Precision}};
/// let points = decode_lat_lons("gu`wFf`ys@", Precision::E5).unwrap();
/// assert_eq!(points, [LatLon::new(40.641, -8.653)]);
/// ```
pub fn decode_lat_lons(
    encoded: impl AsRef<[u8]>,
    precision: Precision,
) -> Result<Vec<LatLon>, PolylineError> {
    let flat = decode(encoded, precision)?;
    Ok(crate::geodesy::lat_lons(&flat).collect())
}

mod decoding;
#[cfg(test)]
mod tests;

use decoding::decode_impl;

/// Encodes flat `[lat, lon, ...]` degrees, checking that each is a finite position (latitude
/// within ±90°, longitude within ±180°). Rounds half away from zero.
///
/// ```
/// use clearway_core::polyline::{encode, Precision};
/// let text = encode(&[38.5, -120.2, 40.7, -120.95, 43.252, -126.453], Precision::E5).unwrap();
/// assert_eq!(text, "_p~iF~ps|U_ulLnnqC_mqNvxq`@");
/// ```
pub fn encode(flat: &[f64], precision: Precision) -> Result<String, PolylineError> {
    encode_impl::<true>(flat, precision)
}

/// Encodes flat pairs of finite values without checking that they are positions.
pub fn encode_unchecked(flat: &[f64], precision: Precision) -> Result<String, PolylineError> {
    encode_impl::<false>(flat, precision)
}

/// [`encode`] from [`LatLon`] values.
pub fn encode_lat_lons(points: &[LatLon], precision: Precision) -> Result<String, PolylineError> {
    let flat: Vec<f64> = points.iter().flat_map(|p| [p.lat, p.lon]).collect();
    encode(&flat, precision)
}

fn encode_impl<const CHECK_RANGE: bool>(
    flat: &[f64],
    precision: Precision,
) -> Result<String, PolylineError> {
    if flat.len() % 2 != 0 {
        return Err(PolylineError::OddCoordinateCount { len: flat.len() });
    }
    let factor = precision.factor();
    // A typical point takes 6 to 12 bytes at precision 5.
    let mut out = String::with_capacity(flat.len() * 6);
    let (mut previous_lat, mut previous_lon) = (0i64, 0i64);
    for (index, pair) in flat.chunks_exact(2).enumerate() {
        let (lat, lon) = (pair[0], pair[1]);
        let in_range =
            !CHECK_RANGE || ((-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lon));
        let (Some(lat_scaled), Some(lon_scaled)) = (scale(lat, factor), scale(lon, factor)) else {
            return Err(PolylineError::InvalidCoordinate { index, lat, lon });
        };
        if !in_range {
            return Err(PolylineError::InvalidCoordinate { index, lat, lon });
        }
        write_value(&mut out, lat_scaled - previous_lat);
        write_value(&mut out, lon_scaled - previous_lon);
        (previous_lat, previous_lon) = (lat_scaled, lon_scaled);
    }
    Ok(out)
}

/// `round(value · factor)`, half away from zero, if finite and within ±2^61.
fn scale(value: f64, factor: f64) -> Option<i64> {
    let scaled = (value * factor).round();
    if scaled.is_finite() && scaled.abs() <= MAX_SCALED {
        // Bounded by ±2^61 and integral just above, so the conversion is exact.
        #[allow(clippy::cast_possible_truncation)]
        Some(scaled as i64)
    } else {
        None
    }
}

/// Appends one zig-zag varint. `delta` is within ±2^62 (see [`MAX_SCALED`]).
#[inline]
// Each chunk is masked to 5 bits before the cast, so it cannot truncate.
#[allow(clippy::cast_possible_truncation)]
fn write_value(out: &mut String, delta: i64) {
    let mut bits = u64::from_ne_bytes(((delta << 1) ^ (delta >> 63)).to_ne_bytes());
    while bits >= 0x20 {
        out.push(char::from(b'?' + (0x20 | (bits & 0x1f)) as u8));
        bits >>= 5;
    }
    out.push(char::from(b'?' + bits as u8));
}
