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

fn decode_impl<const CHECK_RANGE: bool>(
    bytes: &[u8],
    precision: Precision,
) -> Result<Vec<f64>, PolylineError> {
    let (values, all_valid) = survey(bytes);
    if all_valid && values % 2 == 0 {
        if let Some(flat) = decode_words::<CHECK_RANGE>(bytes, precision, values) {
            return Ok(flat);
        }
    }
    decode_bytes::<CHECK_RANGE>(bytes, precision, values)
}

/// The number of values in a well-formed polyline (every value ends with exactly one chunk
/// below `0x20 + 63 = 95`), and whether every byte is a polyline character (63 to 126).
/// Branch-free over blocks, so compilers vectorise it.
fn survey(bytes: &[u8]) -> (usize, bool) {
    let mut blocks = bytes.chunks_exact(128);
    let (mut values, mut low, mut high) = (0usize, u8::MAX, 0u8);
    for block in &mut blocks {
        let mut ends = 0u8;
        for &b in block {
            ends += u8::from(b < 95);
            low = low.min(b);
            high = high.max(b);
        }
        values += usize::from(ends);
    }
    for &b in blocks.remainder() {
        values += usize::from(b < 95);
        low = low.min(b);
        high = high.max(b);
    }
    (values, bytes.is_empty() || (low >= 63 && high <= 126))
}

/// The fast path, for a text of polyline characters only. Eight bytes are read as one word;
/// the chunks that end a value (bit 5 clear) and the 5-bit payloads are packed side by side,
/// and every value that ends in the word is cut off the packed payloads with a shift and a
/// mask. No step waits on the length of the value before, and there is no branch per byte.
/// `None` on anything out of the ordinary (a value out of range or cut off, an overflow):
/// [`decode_bytes`] then finds the error and its position.
fn decode_words<const CHECK_RANGE: bool>(
    bytes: &[u8],
    precision: Precision,
    values: usize,
) -> Option<Vec<f64>> {
    // 63 in every byte.
    const OFFSET: u64 = 0x3f3f_3f3f_3f3f_3f3f;
    let factor = precision.factor();
    let mut out = vec![0.0f64; values];
    let mut slots = out.iter_mut();
    let (mut lat, mut lon) = (0i64, 0i64);
    let mut lon_next = false;
    let mut pos = 0;
    while pos < bytes.len() {
        // The last bytes are padded with '_' (a continuation chunk): a value cut off at the
        // end never ends, so the slow read below reports it.
        let word = if let Some(eight) = bytes.get(pos..pos + 8) {
            <[u8; 8]>::try_from(eight).unwrap_or([b'_'; 8])
        } else {
            let mut padded = [b'_'; 8];
            padded[..bytes.len() - pos].copy_from_slice(&bytes[pos..]);
            padded
        };
        // Every byte is 63..=126, so the subtraction borrows across no byte.
        let chunks = u64::from_le_bytes(word) - OFFSET;
        // Bit 0 of byte i set: chunk i ends a value.
        let flags = (!chunks >> 5) & 0x0101_0101_0101_0101;
        if flags == 0 {
            // A value of more than 8 chunks (high precisions only), or a cut-off end.
            let delta = read_value(bytes, &mut pos).ok()?;
            if lon_next {
                lon = lon.checked_add(delta)?;
                put_degrees::<CHECK_RANGE>(&mut slots, lon, factor, 180.0)?;
            } else {
                lat = lat.checked_add(delta)?;
                put_degrees::<CHECK_RANGE>(&mut slots, lat, factor, 90.0)?;
            }
            lon_next = !lon_next;
            continue;
        }
        // Up to the last chunk that ends a value; a value begun after it is read again with
        // the next word.
        pos += (flags.ilog2() / 8 + 1) as usize;
        // Payloads and flags packed the same way: chunk i at bit 5i.
        let mut rest = pack(chunks & 0x1f1f_1f1f_1f1f_1f1f);
        let mut ends = pack(flags);
        if lon_next {
            lon = add_delta::<CHECK_RANGE>(lon, next_value(&mut rest, &mut ends))?;
            put_degrees::<CHECK_RANGE>(&mut slots, lon, factor, 180.0)?;
            lon_next = false;
        }
        while ends != 0 {
            lat = add_delta::<CHECK_RANGE>(lat, next_value(&mut rest, &mut ends))?;
            put_degrees::<CHECK_RANGE>(&mut slots, lat, factor, 90.0)?;
            if ends == 0 {
                lon_next = true;
                break;
            }
            lon = add_delta::<CHECK_RANGE>(lon, next_value(&mut rest, &mut ends))?;
            put_degrees::<CHECK_RANGE>(&mut slots, lon, factor, 180.0)?;
        }
    }
    Some(out)
}

/// Writes `scaled / factor` into the next slot, if it is within `±limit` degrees (or
/// unchecked).
#[inline]
fn put_degrees<const CHECK_RANGE: bool>(
    slots: &mut std::slice::IterMut<'_, f64>,
    scaled: i64,
    factor: f64,
    limit: f64,
) -> Option<()> {
    let degrees = scaled as f64 / factor;
    if CHECK_RANGE && degrees.abs() > limit {
        return None;
    }
    *slots.next()? = degrees;
    Some(())
}

/// Eight 5-bit fields, one in the low bits of each byte, side by side: byte i at bit 5i.
#[inline]
fn pack(fields: u64) -> u64 {
    let pairs = (fields & 0x001f_001f_001f_001f) | ((fields & 0x1f00_1f00_1f00_1f00) >> 3);
    let quads = (pairs & 0x0000_03ff_0000_03ff) | ((pairs & 0x03ff_0000_03ff_0000) >> 6);
    (quads & 0x0000_0000_000f_ffff) | ((quads & 0x000f_ffff_0000_0000) >> 12)
}

/// Takes the next value off packed payloads whose ends are flagged in `ends` (non-zero).
#[inline]
fn next_value(rest: &mut u64, ends: &mut u64) -> i64 {
    let bits = ends.trailing_zeros() + 5;
    let value = *rest & ((1u64 << bits) - 1);
    *rest >>= bits;
    *ends >>= bits;
    // Zig-zag, as in `read_value`; at most 40 bits, so the cast is exact.
    #[allow(clippy::cast_possible_wrap)]
    let magnitude = (value >> 1) as i64;
    if value & 1 == 1 {
        !magnitude
    } else {
        magnitude
    }
}

/// `running + delta` for a delta below 2^40: when ranges are checked, the running value is
/// at most 180 · 10^15 < 2^58 and the sum cannot overflow.
#[inline]
fn add_delta<const CHECK_RANGE: bool>(running: i64, delta: i64) -> Option<i64> {
    if CHECK_RANGE {
        Some(running + delta)
    } else {
        running.checked_add(delta)
    }
}

/// The plain decoder, one byte at a time, which names the position of any error.
fn decode_bytes<const CHECK_RANGE: bool>(
    bytes: &[u8],
    precision: Precision,
    values: usize,
) -> Result<Vec<f64>, PolylineError> {
    let mut out = Vec::with_capacity(values + (values & 1));
    let factor = precision.factor();
    let (mut lat, mut lon) = (0i64, 0i64);
    let mut pos = 0;
    while pos < bytes.len() {
        let lat_start = pos;
        lat = lat
            .checked_add(read_value(bytes, &mut pos)?)
            .ok_or(PolylineError::Overflow {
                position: lat_start,
            })?;
        if pos >= bytes.len() {
            return Err(PolylineError::MissingLongitude {
                position: lat_start,
            });
        }
        let lon_start = pos;
        lon = lon
            .checked_add(read_value(bytes, &mut pos)?)
            .ok_or(PolylineError::Overflow {
                position: lon_start,
            })?;
        let (lat_deg, lon_deg) = (lat as f64 / factor, lon as f64 / factor);
        if CHECK_RANGE {
            if !(-90.0..=90.0).contains(&lat_deg) {
                return Err(PolylineError::LatitudeOutOfRange {
                    position: lat_start,
                    lat: lat_deg,
                });
            }
            if !(-180.0..=180.0).contains(&lon_deg) {
                return Err(PolylineError::LongitudeOutOfRange {
                    position: lon_start,
                    lon: lon_deg,
                });
            }
        }
        out.push(lat_deg);
        out.push(lon_deg);
    }
    Ok(out)
}

/// Reads one zig-zag varint starting at `*pos`, leaving `*pos` after its last chunk.
#[inline]
fn read_value(bytes: &[u8], pos: &mut usize) -> Result<i64, PolylineError> {
    let start = *pos;
    let mut bits: u64 = 0;
    let mut shift = 0u32;
    loop {
        let Some(&byte) = bytes.get(*pos) else {
            return Err(PolylineError::Truncated { position: start });
        };
        let chunk = byte.wrapping_sub(63);
        if chunk > 63 {
            return Err(PolylineError::InvalidByte {
                position: *pos,
                byte,
            });
        }
        let payload = u64::from(chunk & 0x1f);
        // At shift 60 only 4 bits are left; a continuation there needs bit 65 and beyond.
        if shift > 59 && (payload >> (64 - shift) != 0 || chunk >= 0x20) {
            return Err(PolylineError::Overflow { position: *pos });
        }
        bits |= payload << shift;
        *pos += 1;
        if chunk < 0x20 {
            break;
        }
        shift += 5;
    }
    // Zig-zag: the low bit is the sign; `bits >> 1` < 2^63 always fits an i64.
    let magnitude = i64::try_from(bits >> 1).unwrap_or(i64::MAX);
    Ok(if bits & 1 == 1 { !magnitude } else { magnitude })
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn signed_values_of_googles_worked_example() {
        // Google's algorithm page: -179.9832104 → -17998321 → "`~oia@".
        let mut out = String::new();
        write_value(&mut out, -17_998_321);
        assert_eq!(out, "`~oia@");
        let mut pos = 0;
        assert_eq!(read_value(b"`~oia@", &mut pos), Ok(-17_998_321));
        assert_eq!(pos, 6);
    }

    #[test]
    fn errors_name_the_byte_position() {
        assert_eq!(
            decode("_p~iF>", Precision::E5),
            Err(PolylineError::InvalidByte {
                position: 5,
                byte: b'>'
            })
        );
        assert_eq!(
            decode("_p~iF~ps|U_", Precision::E5),
            Err(PolylineError::Truncated { position: 10 })
        );
        assert_eq!(
            decode("_p~iF", Precision::E5),
            Err(PolylineError::MissingLongitude { position: 0 })
        );
    }

    #[test]
    fn encode_rejects_what_is_not_a_position() {
        assert_eq!(
            encode(&[1.0], Precision::E5),
            Err(PolylineError::OddCoordinateCount { len: 1 })
        );
        assert!(matches!(
            encode(&[0.0, 0.0, f64::NAN, 0.0], Precision::E5),
            Err(PolylineError::InvalidCoordinate { index: 1, .. })
        ));
        assert!(matches!(
            encode(&[91.0, 0.0], Precision::E5),
            Err(PolylineError::InvalidCoordinate { index: 0, .. })
        ));
        assert!(encode_unchecked(&[91.0, 0.0], Precision::E5).is_ok());
        assert!(encode_unchecked(&[1e300, 0.0], Precision::E5).is_err());
    }

    #[test]
    fn the_display_names_the_position() {
        let err = PolylineError::InvalidByte {
            position: 3,
            byte: 0x80,
        };
        assert_eq!(
            err.to_string(),
            "Invalid polyline: byte 0x80 at position 3 is not a polyline character"
        );
    }

    #[test]
    fn long_values_of_high_precisions_take_the_slow_read() {
        // At precision 15, 179.9... is 1.8 · 10^17: 12 chunks, more than one word.
        let flat = [
            -89.999_999_999_999_9,
            179.999_999_999_999_9,
            0.0,
            0.0,
            1e-15,
            -1e-15,
        ];
        let precision = Precision::new(15).unwrap();
        let text = encode(&flat, precision).unwrap();
        assert!(text.len() > 24);
        let back = decode(&text, precision).unwrap();
        assert_eq!(
            back,
            decode_bytes::<true>(text.as_bytes(), precision, 6).unwrap()
        );
        // Beyond 2^53 the scaled values themselves round: equal to about 10^-13.
        for (a, b) in flat.iter().zip(&back) {
            assert!((a - b).abs() <= 1e-12, "{a} vs {b}");
        }
    }

    #[test]
    fn the_word_decoder_gives_up_on_what_the_byte_decoder_reports() {
        // Cut off in the last word, a latitude out of range, an odd count: the errors and
        // their positions are the byte decoder's.
        assert_eq!(
            decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@_", Precision::E5),
            Err(PolylineError::Truncated { position: 27 })
        );
        let text = encode_unchecked(&[95.0, 0.0], Precision::E5).unwrap();
        assert!(matches!(
            decode(&text, Precision::E5),
            Err(PolylineError::LatitudeOutOfRange { position: 0, .. })
        ));
        assert_eq!(
            decode("_p~iF~ps|U_ulL", Precision::E5),
            Err(PolylineError::MissingLongitude { position: 10 })
        );
    }

    proptest! {
        #[test]
        fn the_word_decoder_agrees_with_the_byte_decoder(
            text in prop::collection::vec(63u8..=126, 0..80),
            digits in 0u32..=15,
        ) {
            // Any text of polyline characters: valid or not, the same values or the same
            // error, checked and unchecked.
            let precision = Precision::new(digits).unwrap();
            let (values, _) = survey(&text);
            prop_assert_eq!(
                decode(&text, precision),
                decode_bytes::<true>(&text, precision, values)
            );
            prop_assert_eq!(
                decode_unchecked(&text, precision),
                decode_bytes::<false>(&text, precision, values)
            );
        }

        #[test]
        fn encode_then_decode_is_within_half_a_unit(
            points in prop::collection::vec((-90.0f64..=90.0, -180.0f64..=180.0), 0..64),
            digits in 0u32..=7,
        ) {
            let precision = Precision::new(digits).unwrap();
            let flat: Vec<f64> = points.iter().flat_map(|&(lat, lon)| [lat, lon]).collect();
            let text = encode(&flat, precision).unwrap();
            let back = decode(&text, precision).unwrap();
            prop_assert_eq!(back.len(), flat.len());
            let half_unit = 0.5 / precision.factor() + 1e-9;
            for (a, b) in flat.iter().zip(&back) {
                prop_assert!((a - b).abs() <= half_unit, "{} vs {}", a, b);
            }
            // Decoded values are on the grid, so they re-encode to the same text.
            prop_assert_eq!(encode(&back, precision).unwrap(), text);
        }

        #[test]
        fn decoding_arbitrary_bytes_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
            let _ = decode(&bytes, Precision::E5);
            let _ = decode_unchecked(&bytes, Precision::E6);
        }
    }
}
