//! The 3-shot height (LTI blog 2014, "Lesson Learned… Bridge Height"; TruPulse manual
//! p. 31): shoot the structure for its horizontal distance HD, then the base, then the top;
//! H = HD·(tan θtop − tan θbase). It assumes the top is plumb above the base.
//!
//! Fed the device's `HV` sentences in order: a shot with a horizontal distance starts a
//! sequence, the next two angle shots are the base and the top. Anything else restarts.
#![allow(clippy::doc_markdown)] // product names (TruPulse, CaveSurvey) are not code

use super::pltit::{Distance, PltitSentence};

/// The height from a horizontal distance and the two angles, in the distance's unit.
///
/// ```
/// use clearway_core::rangefinder::three_shot::height;
/// let h = height(16.0, -19.10, 32.40); // the manual's example, feet
/// assert!((h - 15.69).abs() < 0.01, "{h}");
/// ```
pub fn height(horizontal: f64, base_deg: f64, top_deg: f64) -> f64 {
    horizontal * (top_deg.to_radians().tan() - base_deg.to_radians().tan())
}

/// A 3-shot height being taken.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ThreeShot {
    horizontal: Option<Distance>,
    base_deg: Option<f64>,
}

/// A finished 3-shot height.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShotHeight {
    /// In metres.
    pub metres: f64,
    /// In the unit of the distance shot.
    pub value: f64,
    /// The distance shot was a weak target.
    pub weak: bool,
}

impl ThreeShot {
    pub fn new() -> Self {
        Self::default()
    }

    /// How many shots of the sequence are in (0, 1 or 2).
    pub fn shots(&self) -> u8 {
        u8::from(self.horizontal.is_some()) + u8::from(self.base_deg.is_some())
    }

    /// Takes a sentence; returns the height when it completes a sequence.
    pub fn feed(&mut self, s: &PltitSentence) -> Option<ShotHeight> {
        let PltitSentence::HorizontalVector {
            horizontal,
            inclination_deg,
            ..
        } = s
        else {
            *self = Self::default();
            return None;
        };
        match (horizontal, inclination_deg, self.horizontal, self.base_deg) {
            (Some(hd), _, _, _) => {
                *self = Self {
                    horizontal: Some(*hd),
                    base_deg: None,
                };
                None
            }
            (None, Some(base), Some(_), None) => {
                self.base_deg = Some(*base);
                None
            }
            (None, Some(top), Some(hd), Some(base)) => {
                *self = Self::default();
                let value = height(hd.value, base, *top);
                let plausible = value.is_finite() && value > 0.0;
                plausible.then(|| ShotHeight {
                    metres: value * hd.unit.metres(),
                    value,
                    weak: hd.weak,
                })
            }
            _ => {
                *self = Self::default();
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rangefinder::pltit::parse;

    #[test]
    fn the_review_sequence_gives_the_manual_height() {
        let mut t = ThreeShot::new();
        assert_eq!(
            t.feed(&parse("$PLTIT,HV,16.00,F,0.00,D,-1.20,D,16.00,F*49").unwrap()),
            None
        );
        assert_eq!(
            t.feed(&parse("$PLTIT,HV,,,0.00,D,-19.10,D,,*73").unwrap()),
            None
        );
        assert_eq!(t.shots(), 2);
        let h = t
            .feed(&parse("$PLTIT,HV,,,0.00,D,32.40,D,,*52").unwrap())
            .unwrap();
        assert!((h.value - 15.69).abs() < 0.01, "{h:?}");
        assert!((h.metres - 15.69 * 0.3048).abs() < 0.004);
        assert_eq!(t.shots(), 0);
    }

    #[test]
    fn an_angle_shot_without_a_distance_first_is_ignored() {
        let mut t = ThreeShot::new();
        assert_eq!(
            t.feed(&parse("$PLTIT,HV,,,0.00,D,-19.10,D,,*73").unwrap()),
            None
        );
        assert_eq!(
            t.feed(&parse("$PLTIT,HV,,,0.00,D,32.40,D,,*52").unwrap()),
            None
        );
        assert_eq!(t.shots(), 0);
    }

    #[test]
    fn a_new_distance_shot_restarts_the_sequence() {
        let mut t = ThreeShot::new();
        t.feed(&parse("$PLTIT,HV,16.00,F,0.00,D,-1.20,D,16.00,F*49").unwrap());
        t.feed(&parse("$PLTIT,HV,,,0.00,D,-19.10,D,,*73").unwrap());
        t.feed(&parse("$PLTIT,HV,11.80,M,0.00,D,3.70,D,11.80,M*63").unwrap());
        assert_eq!(t.shots(), 1);
    }
}
