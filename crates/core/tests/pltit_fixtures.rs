//! The review's `$PLTIT` test fixtures (shared/reviews/domain-convoy-laser.md §5, checksums
//! verified there; the `TruPulse` 200 manual §8), as the device would send them: each line passes
//! or fails as the review labels it, whole and cut into chunks of every size.

use clearway_core::rangefinder::pltit::{PltitError, PltitSentence, parse};
use clearway_core::rangefinder::{LaserUnit, PltitStream, RangefinderEvent};

const LOG: &str = include_str!("data/pltit-review.txt");

fn lines() -> Vec<&'static str> {
    LOG.lines().collect()
}

/// A shot's distance (value, unit, weak), azimuth and inclination.
type Shot = (Option<(f64, LaserUnit, bool)>, Option<f64>, Option<f64>);

fn hv(line: &str) -> Shot {
    match parse(line).unwrap() {
        PltitSentence::HorizontalVector {
            horizontal,
            azimuth_deg,
            inclination_deg,
            ..
        } => (
            horizontal.map(|d| (d.value, d.unit, d.weak)),
            azimuth_deg,
            inclination_deg,
        ),
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn each_fixture_passes_or_fails_as_labelled() {
    let l = lines();
    assert_eq!(l.len(), 8);
    // "valid: 11.8 m, good target"
    assert_eq!(
        hv(l[0]),
        (Some((11.8, LaserUnit::Metres, false)), Some(0.0), Some(3.7))
    );
    // "valid: 7.0 m, WEAK target"
    assert_eq!(
        hv(l[1]),
        (Some((7.0, LaserUnit::Metres, true)), Some(0.0), Some(3.0))
    );
    // "height shot 1 (HD)", "shot 2 (base)", "shot 3 (top)"
    assert_eq!(hv(l[2]).0, Some((16.0, LaserUnit::Feet, false)));
    assert_eq!(hv(l[3]), (None, Some(0.0), Some(-19.1)));
    assert_eq!(hv(l[4]), (None, Some(0.0), Some(32.4)));
    // "device height 15.7 ft" = 4.785 m (review §6.2)
    let PltitSentence::Height(h) = parse(l[5]).unwrap() else {
        panic!()
    };
    assert_eq!((h.value, h.unit, h.weak), (15.7, LaserUnit::Feet, false));
    assert!((h.metres - 4.785).abs() < 0.0005, "{}", h.metres);
    // "valid: yards, with azimuth": 5.9 yd = 5.395 m
    assert_eq!(
        hv(l[6]),
        (
            Some((5.9, LaserUnit::Yards, false)),
            Some(265.7),
            Some(11.6)
        )
    );
    // "INVALID checksum (manual typo)": computes to 79
    assert_eq!(
        parse(l[7]),
        Err(PltitError::BadChecksum {
            expected: 0x79,
            found: "74".into()
        })
    );
}

#[test]
fn the_stream_gives_the_same_events_however_the_bytes_are_cut() {
    let whole = {
        let mut s = PltitStream::new();
        let mut e = s.push(LOG.as_bytes());
        e.extend(s.finish());
        e
    };
    let heights: Vec<f64> = whole
        .iter()
        .filter_map(|e| match e {
            RangefinderEvent::ThreeShotHeight(h) => Some(h.value),
            _ => None,
        })
        .collect();
    assert_eq!(heights.len(), 1, "one 3-shot height from lines 3–5");
    assert!((heights[0] - 15.69).abs() < 0.01, "{heights:?}");
    let rejected = whole
        .iter()
        .filter(|e| matches!(e, RangefinderEvent::Rejected(_)))
        .count();
    assert_eq!(rejected, 1, "the bad checksum only");
    for step in 1..=17 {
        let mut s = PltitStream::new();
        let mut e = Vec::new();
        for chunk in LOG.as_bytes().chunks(step) {
            e.extend(s.push(chunk));
        }
        e.extend(s.finish());
        assert_eq!(e, whole, "chunks of {step}");
        assert_eq!(s.stats().bad_checksum, 1);
    }
}

#[test]
fn no_checksum_or_a_bad_field_is_a_clear_error() {
    assert_eq!(parse("$PLTIT,HT,15.70,F"), Err(PltitError::NoChecksum));
    assert_eq!(parse("$GPGGA,1*00"), Err(PltitError::NotPltit));
    // Quality digit other than 0/1, with a correct checksum.
    let body = "PLTIT,HT,15.75,F";
    let sum = body.bytes().fold(0u8, |a, b| a ^ b);
    let err = parse(&format!("${body}*{sum:02X}")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "rangefinder sentence HT: field 2 is not valid: 15.75"
    );
}

#[test]
fn the_review_missing_line_with_its_checksum_corrected_is_read() {
    // The review's ML line (§5) with the checksum it computes to (79, not the manual's 74),
    // recomputed here as the XOR of the bytes between `$` and `*`.
    let body = "PLTIT,ML,8.10,Y,0.00,D,3.20,D,8.10,Y";
    let sum = body.bytes().fold(0u8, |a, b| a ^ b);
    assert_eq!(sum, 0x79, "the review's recomputed checksum");
    let line = format!("${body}*{sum:02X}\r\n");
    let PltitSentence::MissingLine {
        horizontal,
        azimuth_deg,
        inclination_deg,
        slope,
    } = parse(&line).unwrap()
    else {
        panic!("{line}: not a missing line")
    };
    // 8.10,Y: 8.1 yd from a good target; 1 yd = 0.9144 m exactly, so 7.40664 m.
    let h = horizontal.expect("a horizontal missing line");
    assert_eq!((h.value, h.unit, h.weak), (8.1, LaserUnit::Yards, false));
    assert!((h.metres - 7.406_64).abs() < 1e-9, "{}", h.metres);
    let s = slope.expect("a slope missing line");
    assert_eq!((s.value, s.unit, s.weak), (8.1, LaserUnit::Yards, false));
    assert_eq!((azimuth_deg, inclination_deg), (Some(0.0), Some(3.2)));

    // Through the stream: one accepted sentence, no rejection, no 3-shot height.
    let mut stream = PltitStream::new();
    let events = stream.push(line.as_bytes());
    assert_eq!(events.len(), 1, "{events:?}");
    assert!(matches!(
        &events[0],
        RangefinderEvent::Sentence(PltitSentence::MissingLine { .. })
    ));
    assert_eq!((stream.stats().accepted, stream.stats().rejected), (1, 0));
}

/// The height part of each review shot: slope × sin(inclination), worked out here from the
/// lines' own figures. A level shot's 11.8 m is a distance, not a clearance.
#[test]
fn each_shot_gives_its_vertical_rise_never_its_horizontal_distance_as_a_height() {
    let l = lines();
    let rise = |line: &str| parse(line).unwrap().vertical();
    let sin = |deg: f64| deg.to_radians().sin();
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
    // 11.80 m slope at 3.7° up: 0.76 m above the instrument, good target.
    let r = rise(l[0]).unwrap();
    assert!(close(r.metres, 11.8 * sin(3.7)) && !r.weak, "{r:?}");
    // 7.0 m (weak) at 3.0°: the rise is weak too.
    let r = rise(l[1]).unwrap();
    assert!(close(r.metres, 7.0 * sin(3.0)) && r.weak, "{r:?}");
    // The 3-shot's first shot, 16 ft at −1.2°: below the instrument.
    let r = rise(l[2]).unwrap();
    assert!(
        close(r.metres, 16.0 * 0.3048 * sin(-1.2)) && r.metres < 0.0,
        "{r:?}"
    );
    // Its angle-only shots and the device's HT carry no shot distance.
    assert_eq!(rise(l[3]), None);
    assert_eq!(rise(l[4]), None);
    assert_eq!(rise(l[5]), None);
    // 6.00 yd slope at 11.6° up.
    let r = rise(l[6]).unwrap();
    assert!(close(r.metres, 6.0 * 0.9144 * sin(11.6)), "{r:?}");
}

/// Without a slope distance the rise comes from the horizontal one (× tan), never at a plumb
/// angle where tan has no bound; a laser at road level aimed up reads the clearance.
#[test]
fn the_rise_from_the_horizontal_distance_and_a_shot_straight_up() {
    let with_checksum =
        |body: &str| format!("${body}*{:02X}", body.bytes().fold(0u8, |a, b| a ^ b));
    let rise = |body: &str| parse(&with_checksum(body)).unwrap().vertical();
    let r = rise("PLTIT,HV,10.00,M,0.00,D,20.00,D,,").unwrap();
    assert!(
        (r.metres - 10.0 * 20_f64.to_radians().tan()).abs() < 1e-9,
        "{r:?}"
    );
    assert_eq!(rise("PLTIT,HV,0.10,M,0.00,D,89.50,D,,"), None);
    let r = rise("PLTIT,HV,0.30,M,0.00,D,86.40,D,5.00,M").unwrap();
    assert!(
        (r.metres - 5.0 * 86.4_f64.to_radians().sin()).abs() < 1e-9,
        "{r:?}"
    );
    // A missing line (ML): the second point's height above the first.
    let r = rise("PLTIT,ML,8.10,Y,0.00,D,3.20,D,8.10,Y").unwrap();
    assert!(
        (r.metres - 8.1 * 0.9144 * 3.2_f64.to_radians().sin()).abs() < 1e-9,
        "{r:?}"
    );
}
