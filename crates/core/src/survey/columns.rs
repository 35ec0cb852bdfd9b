//! Measurements as columns: how 100,000 measurements cross from JavaScript into the core
//! without a JSON text per record (issue 10 point 2; docs/record-model.md).
//!
//! - `numbers`: [`NUMBER_COLUMNS`] values per measurement, `NaN` for none.
//! - `text`: every text value of every measurement, one after the other, in one string
//!   (it crosses as UTF-8 bytes);
//!   `text_lengths`: [`TEXT_COLUMNS`] lengths per measurement, in UTF-16 code units (what
//!   JavaScript's `length` counts), `-1` for none.
//! - The last text column, [`REST`], is a JSON object with the measurement's other fields
//!   (the rarely set ones, unknown fields, and any value of an unexpected type, such as a
//!   height typed as text): it is read by the same lenient serde path as a whole record, so
//!   nothing the JSON path would keep or refuse is treated differently. Empty for none.
//!
//! A value is in a column or in `REST`, never both; the writer
//! (`web/src/core/measurementColumns.ts`) decides which.

use serde_json::Value;

use super::Measurement;

/// The numeric columns, in order (the app's field names).
pub const NUMBER_COLUMNS: [&str; 9] = [
    "rel",
    "altGPS",
    "latitude",
    "longitude",
    "speed",
    "heading",
    "poiNumber",
    "widthMeasure",
    "lengthMeasure",
];

/// The text columns, in order; the last is [`REST`].
pub const TEXT_COLUMNS: [&str; 13] = [
    "id",
    "user_id",
    "utcDate",
    "utcTime",
    "roadNumber",
    "poi_type",
    "note",
    "source",
    "imageUrl",
    "videoUrl",
    "drawingUrl",
    "createdAt",
    REST,
];

/// The text column holding the other fields as a JSON object.
pub const REST: &str = "(rest)";

/// Why columns cannot be read. Each names the measurement (from 0) where it can.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ColumnsError {
    #[error(
        "measurement columns: {numbers} numbers and {lengths} text lengths do not make whole measurements"
    )]
    Shape { numbers: usize, lengths: usize },
    #[error("measurement {index}: the text ends before its {column}")]
    TextTooShort { index: usize, column: &'static str },
    #[error("measurement columns: {0} characters of text are left over")]
    TextLeftOver(usize),
    #[error("measurement {index}: poiNumber {value} is not a whole number from 0")]
    PoiNumber { index: usize, value: f64 },
    #[error("measurement {index}: {message}")]
    Rest { index: usize, message: String },
}

/// The text, read in order, a length in UTF-16 code units at a time.
struct TextCursor<'a> {
    text: &'a str,
    ascii: bool,
}

impl<'a> TextCursor<'a> {
    fn take(&mut self, utf16_units: usize) -> Option<&'a str> {
        let bytes = if self.ascii {
            utf16_units
        } else {
            let mut units = 0;
            let mut bytes = 0;
            for c in self.text.chars() {
                if units >= utf16_units {
                    break;
                }
                units += c.len_utf16();
                bytes += c.len_utf8();
            }
            if units != utf16_units {
                return None;
            }
            bytes
        };
        let (head, tail) = (self.text.get(..bytes)?, self.text.get(bytes..)?);
        self.text = tail;
        Some(head)
    }
}

/// Reads measurements from columns (the module's layout).
///
/// ```
/// use clearway_core::survey::columns::measurements_from_columns;
/// let nan = f64::NAN;
/// let numbers = [4.25, nan, 45.5, -73.6, nan, nan, 7.0, nan, nan];
/// let text = "m1s1bridge{\"cameraTilt\":2}";
/// let lengths = [2, 2, -1, -1, -1, 6, -1, -1, -1, -1, -1, -1, 16];
/// let ms = measurements_from_columns(&numbers, text, &lengths).unwrap();
/// assert_eq!(ms[0].height_m, Some(4.25));
/// assert_eq!(ms[0].poi_type, "bridge");
/// assert_eq!(ms[0].source, "manual");
/// assert_eq!(ms[0].extra["cameraTilt"], 2);
/// ```
pub fn measurements_from_columns(
    numbers: &[f64],
    text: &str,
    text_lengths: &[i32],
) -> Result<Vec<Measurement>, ColumnsError> {
    let (nn, nt) = (NUMBER_COLUMNS.len(), TEXT_COLUMNS.len());
    let count = numbers.len() / nn;
    if numbers.len() % nn != 0 || text_lengths.len() != count * nt {
        return Err(ColumnsError::Shape {
            numbers: numbers.len(),
            lengths: text_lengths.len(),
        });
    }
    let blank = Measurement::default();
    let mut cursor = TextCursor {
        text,
        ascii: text.is_ascii(),
    };
    let mut out = Vec::with_capacity(count);
    for (index, (nums, lengths)) in numbers
        .chunks_exact(nn)
        .zip(text_lengths.chunks_exact(nt))
        .enumerate()
    {
        let mut texts: [Option<&str>; 13] = [None; 13];
        for (column, (&length, slot)) in lengths.iter().zip(texts.iter_mut()).enumerate() {
            if let Ok(length) = usize::try_from(length) {
                *slot = Some(cursor.take(length).ok_or(ColumnsError::TextTooShort {
                    index,
                    column: TEXT_COLUMNS[column],
                })?);
            }
        }
        let mut m = match texts[12] {
            Some(rest) if !rest.is_empty() => {
                serde_json::from_str(rest).map_err(|e| ColumnsError::Rest {
                    index,
                    message: e.to_string(),
                })?
            }
            _ => blank.clone(),
        };
        let number = |i: usize| Some(nums[i]).filter(|x| x.is_finite());
        let set = |field: &mut Option<f64>, i: usize| {
            if let Some(x) = number(i) {
                *field = Some(x);
            }
        };
        set(&mut m.height_m, 0);
        set(&mut m.alt_gps_m, 1);
        set(&mut m.latitude, 2);
        set(&mut m.longitude, 3);
        set(&mut m.speed_kmh, 4);
        set(&mut m.heading_deg, 5);
        if let Some(x) = number(6) {
            if !(x >= 0.0 && x.fract() == 0.0 && x <= f64::from(u32::MAX)) {
                return Err(ColumnsError::PoiNumber { index, value: x });
            }
            // Checked above: whole and within u32.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let whole = x as u32;
            m.poi_number = Some(whole);
        }
        set(&mut m.width_m, 7);
        set(&mut m.length_m, 8);
        let owned = |i: usize| texts[i].map(str::to_owned);
        if let Some(id) = owned(0) {
            m.id = id;
        }
        if let Some(survey_id) = owned(1) {
            m.survey_id = survey_id;
        }
        let keep = |field: &mut Option<String>, i: usize| {
            if let Some(t) = owned(i) {
                *field = Some(t);
            }
        };
        keep(&mut m.utc_date, 2);
        keep(&mut m.utc_time, 3);
        keep(&mut m.road_number, 4);
        if let Some(poi_type) = owned(5) {
            m.poi_type = poi_type;
        }
        keep(&mut m.note, 6);
        // As the JSON reader: an empty source is the default, manual.
        if let Some(source) = texts[7] {
            source.clone_into(&mut m.source);
            if source.is_empty() {
                blank.source.clone_into(&mut m.source);
            }
        }
        keep(&mut m.image_url, 8);
        keep(&mut m.video_url, 9);
        keep(&mut m.drawing_url, 10);
        if let Some(created) = owned(11) {
            m.created_at = Some(Value::String(created));
        }
        out.push(m);
    }
    if !cursor.text.is_empty() {
        return Err(ColumnsError::TextLeftOver(
            cursor.text.encode_utf16().count(),
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
