use super::decoding::*;
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
