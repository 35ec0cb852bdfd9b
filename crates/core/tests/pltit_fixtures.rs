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

/// The vertical part of each review shot: slope × sin(inclination), worked out here from the
/// lines' own figures; and which of them is a height for a clearance: none of the review's
/// HV shots is (each aims less than 45° up), its HT is.
#[test]
fn each_shot_gives_its_rise_and_only_a_steep_shot_or_the_devices_height_is_a_height() {
    let l = lines();
    let rise = |line: &str| parse(line).unwrap().vertical();
    let height = |line: &str| parse(line).unwrap().height();
    let sin = |deg: f64| deg.to_radians().sin();
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
    // 11.80 m slope at 3.7° up: 0.76 m above the instrument, good target; a distance to a
    // target seen from the side, not a clearance.
    let r = rise(l[0]).unwrap();
    assert!(close(r.metres, 11.8 * sin(3.7)) && !r.weak, "{r:?}");
    assert_eq!(height(l[0]), None);
    // 7.0 m (weak) at 3.0°: the rise is weak too.
    let r = rise(l[1]).unwrap();
    assert!(close(r.metres, 7.0 * sin(3.0)) && r.weak, "{r:?}");
    assert_eq!(height(l[1]), None);
    // The 3-shot's first shot, 16 ft at −1.2°: below the instrument.
    let r = rise(l[2]).unwrap();
    assert!(
        close(r.metres, 16.0 * 0.3048 * sin(-1.2)) && r.metres < 0.0,
        "{r:?}"
    );
    assert_eq!(height(l[2]), None);
    // Its angle-only shots carry no distance.
    for line in [l[3], l[4]] {
        assert_eq!(rise(line), None);
        assert_eq!(height(line), None);
    }
    // The device's HT is a height as sent: 15.7 ft.
    let h = height(l[5]).unwrap();
    assert!(close(h.metres, 15.7 * 0.3048) && !h.weak, "{h:?}");
    // 6.00 yd slope at 11.6° up.
    let r = rise(l[6]).unwrap();
    assert!(close(r.metres, 6.0 * 0.9144 * sin(11.6)), "{r:?}");
    assert_eq!(height(l[6]), None);
}

/// A shot aimed steeply up from the road reads the clearance as its rise; 45° is the limit;
/// without a slope distance there is no rise (never horizontal × tan, whose error the
/// quality digit's coarse horizontal distance would blow up); a missing line gives the
/// height between its points, whichever is higher.
#[test]
fn a_steep_shot_a_shot_without_slope_and_a_missing_line() {
    let with_checksum =
        |body: &str| format!("${body}*{:02X}", body.bytes().fold(0u8, |a, b| a ^ b));
    let parsed = |body: &str| parse(&with_checksum(body)).unwrap();
    let sin = |deg: f64| deg.to_radians().sin();
    let h = parsed("PLTIT,HV,0.30,M,0.00,D,86.40,D,5.00,M")
        .height()
        .unwrap();
    assert!((h.metres - 5.0 * sin(86.4)).abs() < 1e-9, "{h:?}");
    let h = parsed("PLTIT,HV,4.20,M,0.00,D,45.00,D,6.00,M")
        .height()
        .unwrap();
    assert!((h.metres - 6.0 * sin(45.0)).abs() < 1e-9, "{h:?}");
    assert_eq!(
        parsed("PLTIT,HV,4.30,M,0.00,D,44.90,D,6.00,M").height(),
        None
    );
    assert_eq!(parsed("PLTIT,HV,10.00,M,0.00,D,60.00,D,,").vertical(), None);
    assert_eq!(parsed("PLTIT,HV,10.00,M,0.00,D,60.00,D,,").height(), None);
    // A weak slope distance makes a weak height.
    assert!(
        parsed("PLTIT,HV,0.31,M,0.00,D,80.00,D,5.01,M")
            .height()
            .unwrap()
            .weak
    );
    // A missing line from the underside down to the road: the height is the drop.
    let h = parsed("PLTIT,ML,8.10,Y,0.00,D,-35.00,D,8.10,Y")
        .height()
        .unwrap();
    assert!((h.metres - 8.1 * 0.9144 * sin(35.0)).abs() < 1e-9, "{h:?}");
}
