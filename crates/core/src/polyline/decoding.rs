//! The decoder behind [`super::decode`]: a fast path eight bytes at a time, and the plain
//! byte-at-a-time read that names the position of any error.

use super::{PolylineError, Precision};

pub(super) fn decode_impl<const CHECK_RANGE: bool>(
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
pub(super) fn survey(bytes: &[u8]) -> (usize, bool) {
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
pub(super) fn decode_words<const CHECK_RANGE: bool>(
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
pub(super) fn put_degrees<const CHECK_RANGE: bool>(
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
pub(super) fn pack(fields: u64) -> u64 {
    let pairs = (fields & 0x001f_001f_001f_001f) | ((fields & 0x1f00_1f00_1f00_1f00) >> 3);
    let quads = (pairs & 0x0000_03ff_0000_03ff) | ((pairs & 0x03ff_0000_03ff_0000) >> 6);
    (quads & 0x0000_0000_000f_ffff) | ((quads & 0x000f_ffff_0000_0000) >> 12)
}

/// Takes the next value off packed payloads whose ends are flagged in `ends` (non-zero).
#[inline]
pub(super) fn next_value(rest: &mut u64, ends: &mut u64) -> i64 {
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
pub(super) fn add_delta<const CHECK_RANGE: bool>(running: i64, delta: i64) -> Option<i64> {
    if CHECK_RANGE {
        Some(running + delta)
    } else {
        running.checked_add(delta)
    }
}

/// The plain decoder, one byte at a time, which names the position of any error.
pub(super) fn decode_bytes<const CHECK_RANGE: bool>(
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
pub(super) fn read_value(bytes: &[u8], pos: &mut usize) -> Result<i64, PolylineError> {
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
