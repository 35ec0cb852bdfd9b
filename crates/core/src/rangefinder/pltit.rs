//! One LTI TruPulse / Impulse `$PLTIT` sentence ("CR400", TruPulse 200 manual §8).
//!
//! ```text
//! $PLTIT,HV,HD,u,AZ,D,INC,D,SD,u*cs     horizontal vector: horizontal distance, azimuth,
//!                                       inclination, slope distance
//! $PLTIT,HT,HT,u*cs                     height (the device's own 3-shot routine)
//! $PLTIT,ML,HD,u,AZ,D,INC,D,SD,u*cs     missing line between two shots
//! $PLTIT,ID,model,version,*cs           identification (answer to $PLTIT,RQ,ID)
//! ```
//!
//! - The checksum (XOR of the bytes between `$` and `*`, two hex digits) is required and
//!   must match: a reading that may go into a clearance field is never taken on trust.
//! - Units: `F` feet, `Y` yards, `M` metres; distances are converted to metres.
//! - An empty field is absent (the 200 sends no distance on an angle-only shot).
//! - **The second decimal of a distance is a target-quality flag, not precision**: `7.01,M`
//!   is 7.0 m from a weak return; `HT,15.70,F` is 15.7 ft from a good one (review §1; the
//!   manual's own example computes to 15.694 ft and the device sends `15.70`).
#![allow(clippy::doc_markdown)] // product names (TruPulse, CaveSurvey) are not code

/// Metres per foot and per yard, exactly.
pub const M_PER_FOOT: f64 = 0.3048;
pub const M_PER_YARD: f64 = 0.9144;

/// Longest sentence accepted; a real one is under 60 bytes.
pub const MAX_SENTENCE_BYTES: usize = 128;

/// Why a `$PLTIT` sentence was not used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PltitError {
    #[error("not a $PLTIT sentence")]
    NotPltit,
    #[error("rangefinder sentence has no checksum")]
    NoChecksum,
    #[error(
        "rangefinder sentence checksum does not match (expected {expected:02X}, found {found})"
    )]
    BadChecksum { expected: u8, found: String },
    #[error("unknown rangefinder sentence type {0}")]
    UnknownType(String),
    #[error("rangefinder sentence {kind}: field {field} is not valid: {value}")]
    BadField {
        kind: &'static str,
        field: usize,
        value: String,
    },
    #[error("rangefinder sentence {kind} has {found} fields, expected {expected}")]
    FieldCount {
        kind: &'static str,
        found: usize,
        expected: usize,
    },
}

/// A distance unit as the device sends it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LaserUnit {
    Feet,
    Yards,
    Metres,
}

impl LaserUnit {
    fn parse(s: &str) -> Option<Self> {
        match s {
            "F" => Some(Self::Feet),
            "Y" => Some(Self::Yards),
            "M" => Some(Self::Metres),
            _ => None,
        }
    }

    /// Metres per one of this unit.
    pub fn metres(self) -> f64 {
        match self {
            Self::Feet => M_PER_FOOT,
            Self::Yards => M_PER_YARD,
            Self::Metres => 1.0,
        }
    }
}

/// A distance read from the device.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Distance {
    /// In metres, the quality digit removed.
    pub metres: f64,
    /// As sent, in the device's unit, the quality digit removed (`15.7` for `15.70,F`).
    pub value: f64,
    pub unit: LaserUnit,
    /// The quality digit was 1: a weak target.
    pub weak: bool,
}

/// A parsed sentence.
#[derive(Debug, Clone, PartialEq)]
pub enum PltitSentence {
    /// `HV`: a shot. Angles in degrees.
    HorizontalVector {
        horizontal: Option<Distance>,
        azimuth_deg: Option<f64>,
        inclination_deg: Option<f64>,
        slope: Option<Distance>,
    },
    /// `HT`: a height computed by the device.
    Height(Distance),
    /// `ML`: the missing line between the last two shots.
    MissingLine {
        horizontal: Option<Distance>,
        azimuth_deg: Option<f64>,
        inclination_deg: Option<f64>,
        slope: Option<Distance>,
    },
    /// `ID`: the device's model and firmware version.
    Id { model: String, version: String },
}

/// The vertical part of a shot: how far the target lies above the instrument (HV) or the
/// second point above the first (ML), in metres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VerticalRise {
    /// Negative when the target lies below.
    pub metres: f64,
    /// The distance it was worked out from came from a weak target.
    pub weak: bool,
}

/// How steeply a single HV shot must point up to be read as a height: a laser on the road
/// aimed at the underside above it. A flatter shot aims at the structure from the side (a
/// 3-shot's first shot, a distance to a pier) and is only a distance.
pub const MIN_HEIGHT_SHOT_DEG: f64 = 45.0;

impl PltitSentence {
    /// The vertical part of an HV or ML shot: slope distance × sin(inclination). `None` for
    /// HT and ID, and for a shot without an inclination or a slope distance (a 3-shot
    /// angle). Never worked out from the horizontal distance: its last decimal is a quality
    /// flag, so it is good to a tenth of a unit, an error tan(inclination) multiplies.
    ///
    /// ```
    /// use clearway_core::rangefinder::pltit::parse;
    /// // 5.00 m at 86.4° up: 5.00 × sin 86.4° = 4.990 m above the instrument.
    /// let rise = parse("$PLTIT,HV,0.30,M,0.00,D,86.40,D,5.00,M*5B").unwrap().vertical().unwrap();
    /// assert!((rise.metres - 5.0 * 86.4_f64.to_radians().sin()).abs() < 1e-9);
    /// ```
    pub fn vertical(&self) -> Option<VerticalRise> {
        let (Self::HorizontalVector {
            inclination_deg: Some(inclination),
            slope: Some(d),
            ..
        }
        | Self::MissingLine {
            inclination_deg: Some(inclination),
            slope: Some(d),
            ..
        }) = self
        else {
            return None;
        };
        Some(VerticalRise {
            metres: d.metres * inclination.to_radians().sin(),
            weak: d.weak,
        })
    }

    /// The height a sentence gives for a clearance, if it is one: the device's HT, an HV shot
    /// aimed at least [`MIN_HEIGHT_SHOT_DEG`] up (its rise above the laser), or an ML's
    /// height between its two points. A shot's horizontal distance is never a height.
    ///
    /// ```
    /// use clearway_core::rangefinder::pltit::parse;
    /// // Aimed 86.4° up: a height. The review's 11.8 m at 3.7° up: a distance, no height.
    /// assert!(parse("$PLTIT,HV,0.30,M,0.00,D,86.40,D,5.00,M*5B").unwrap().height().is_some());
    /// assert!(parse("$PLTIT,HV,11.80,M,0.00,D,3.70,D,11.80,M*63").unwrap().height().is_none());
    /// ```
    pub fn height(&self) -> Option<VerticalRise> {
        match self {
            Self::Height(d) => Some(VerticalRise {
                metres: d.metres,
                weak: d.weak,
            }),
            Self::HorizontalVector {
                inclination_deg: Some(inclination),
                ..
            } if *inclination >= MIN_HEIGHT_SHOT_DEG => self.vertical(),
            Self::MissingLine { .. } => self.vertical().map(|r| VerticalRise {
                metres: r.metres.abs(),
                ..r
            }),
            _ => None,
        }
    }
}

/// The XOR of the bytes of a sentence body (between `$` and `*`).
pub fn checksum(body: &[u8]) -> u8 {
    body.iter().fold(0, |a, b| a ^ b)
}

/// Parses one sentence, with or without its line ending.
///
/// ```
/// use clearway_core::rangefinder::{PltitSentence, pltit::parse};
/// let PltitSentence::Height(h) = parse("$PLTIT,HT,15.70,F*0E").unwrap() else { panic!() };
/// assert_eq!(h.value, 15.7);
/// assert!((h.metres - 4.785).abs() < 0.001 && !h.weak);
/// assert_eq!(parse("$PLTIT,ML,8.10,Y,0.00,D,3.20,D,8.10,Y*74").unwrap_err().to_string(),
///            "rangefinder sentence checksum does not match (expected 79, found 74)");
/// ```
pub fn parse(line: &str) -> Result<PltitSentence, PltitError> {
    let line = line.trim_end_matches(['\r', '\n']);
    let body = line.strip_prefix('$').ok_or(PltitError::NotPltit)?;
    if !body.starts_with("PLTIT,") {
        return Err(PltitError::NotPltit);
    }
    let (body, sum) = body.rsplit_once('*').ok_or(PltitError::NoChecksum)?;
    let expected = checksum(body.as_bytes());
    let found = u8::from_str_radix(sum, 16).ok().filter(|_| sum.len() == 2);
    if found != Some(expected) {
        return Err(PltitError::BadChecksum {
            expected,
            found: sum.chars().take(8).collect(),
        });
    }
    let fields: Vec<&str> = body.split(',').collect();
    match fields.get(1).copied().unwrap_or("") {
        "HV" => {
            let (horizontal, azimuth_deg, inclination_deg, slope) = vector("HV", &fields)?;
            Ok(PltitSentence::HorizontalVector {
                horizontal,
                azimuth_deg,
                inclination_deg,
                slope,
            })
        }
        "ML" => {
            let (horizontal, azimuth_deg, inclination_deg, slope) = vector("ML", &fields)?;
            Ok(PltitSentence::MissingLine {
                horizontal,
                azimuth_deg,
                inclination_deg,
                slope,
            })
        }
        "HT" => {
            count("HT", &fields, 4)?;
            distance("HT", &fields, 2)?
                .map(PltitSentence::Height)
                .ok_or_else(|| bad("HT", 2, ""))
        }
        "ID" => {
            if fields.len() < 4 {
                return Err(PltitError::FieldCount {
                    kind: "ID",
                    found: fields.len(),
                    expected: 4,
                });
            }
            Ok(PltitSentence::Id {
                model: fields[2].to_owned(),
                version: fields[3].to_owned(),
            })
        }
        other => Err(PltitError::UnknownType(other.chars().take(8).collect())),
    }
}

type Vector = (Option<Distance>, Option<f64>, Option<f64>, Option<Distance>);

fn vector(kind: &'static str, f: &[&str]) -> Result<Vector, PltitError> {
    count(kind, f, 10)?;
    Ok((
        distance(kind, f, 2)?,
        angle(kind, f, 4)?,
        angle(kind, f, 6)?,
        distance(kind, f, 8)?,
    ))
}

fn count(kind: &'static str, f: &[&str], expected: usize) -> Result<(), PltitError> {
    if f.len() == expected {
        Ok(())
    } else {
        Err(PltitError::FieldCount {
            kind,
            found: f.len(),
            expected,
        })
    }
}

fn bad(kind: &'static str, field: usize, value: &str) -> PltitError {
    PltitError::BadField {
        kind,
        field,
        value: value.chars().take(16).collect(),
    }
}

/// A distance at field `i` with its unit at `i + 1`; both empty for none.
fn distance(kind: &'static str, f: &[&str], i: usize) -> Result<Option<Distance>, PltitError> {
    let (text, unit) = (f[i], f[i + 1]);
    if text.is_empty() && unit.is_empty() {
        return Ok(None);
    }
    let unit = LaserUnit::parse(unit).ok_or_else(|| bad(kind, i + 1, unit))?;
    let (value, weak) = quality(text).ok_or_else(|| bad(kind, i, text))?;
    Ok(Some(Distance {
        metres: value * unit.metres(),
        value,
        unit,
        weak,
    }))
}

/// Splits `7.01` into 7.0 and the weak flag. A figure without exactly two decimals is
/// taken as it is, good.
fn quality(text: &str) -> Option<(f64, bool)> {
    let ok = |v: f64| v.is_finite() && v >= 0.0;
    match text.split_once('.') {
        Some((_, dec)) if dec.len() == 2 && dec.bytes().all(|b| b.is_ascii_digit()) => {
            let flag = dec.as_bytes()[1];
            let kept = &text[..text.len() - 1];
            let v: f64 = kept.parse().ok().filter(|v| ok(*v))?;
            match flag {
                b'0' => Some((v, false)),
                b'1' => Some((v, true)),
                _ => None,
            }
        }
        _ => text.parse().ok().filter(|v| ok(*v)).map(|v| (v, false)),
    }
}

/// An angle at field `i`, in degrees, with `D` at `i + 1`; empty for none.
fn angle(kind: &'static str, f: &[&str], i: usize) -> Result<Option<f64>, PltitError> {
    let (text, unit) = (f[i], f[i + 1]);
    if text.is_empty() {
        return Ok(None);
    }
    if unit != "D" {
        return Err(bad(kind, i + 1, unit));
    }
    text.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && (-360.0..=360.0).contains(v))
        .map(Some)
        .ok_or_else(|| bad(kind, i, text))
}
