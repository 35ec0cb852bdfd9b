//! The NMEA engine fed as a serial port feeds it: arbitrary chunks, mixed line endings,
//! line noise, collided sentences.

use clearway_core::nmea::{FixQuality, MAX_LINE_BYTES, NmeaStream, PositionKind};

const EPOCH: &str = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\n\
$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A\r\n\
$GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1*39\r\n";

fn run(chunks: &[&[u8]]) -> (NmeaStream, Vec<PositionKind>) {
    let mut stream = NmeaStream::new();
    let mut kinds = Vec::new();
    for c in chunks {
        stream.push(c, |k, _| kinds.push(k));
    }
    stream.finish(|k, _| kinds.push(k));
    (stream, kinds)
}

#[test]
fn every_split_point_gives_the_same_result() {
    let bytes = EPOCH.as_bytes();
    let (whole, whole_kinds) = run(&[bytes]);
    assert_eq!(whole_kinds, [PositionKind::Gga, PositionKind::Rmc]);
    assert_eq!(whole.stats().accepted, 3);
    for split in 0..bytes.len() {
        let (s, kinds) = run(&[&bytes[..split], &bytes[split..]]);
        assert_eq!(kinds, whole_kinds, "split at {split}");
        assert_eq!(s.state(), whole.state(), "split at {split}");
        assert_eq!(s.stats(), whole.stats(), "split at {split}");
    }
    // One byte at a time.
    let singles: Vec<&[u8]> = bytes.chunks(1).collect();
    let (s, _) = run(&singles);
    assert_eq!(s.state(), whole.state());
}

#[test]
fn lf_cr_and_crlf_all_end_lines() {
    for ending in ["\n", "\r", "\r\n"] {
        let text = EPOCH.replace("\r\n", ending);
        let (s, kinds) = run(&[text.as_bytes()]);
        assert_eq!(kinds.len(), 2, "{ending:?}");
        assert_eq!(s.stats().accepted, 3, "{ending:?}");
    }
}

#[test]
fn a_last_line_without_ending_is_judged_at_finish() {
    let (s, kinds) = run(&[b"$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"]);
    assert_eq!(kinds, [PositionKind::Gga]);
    assert_eq!(s.state().fix, FixQuality::GpsFix);
}

#[test]
fn line_noise_without_endings_never_grows_memory_and_the_stream_recovers() {
    // A wrong baud rate: 1 MB of bytes with no line ending, in serial-sized chunks.
    // (a) with a '$' now and then: each starts a short candidate sentence that fails;
    // (b) without any: one run of noise; (c) a '$' then no end: an overlong sentence.
    let with_dollars: Vec<u8> = (0..1_000_000u32)
        .map(|i| b"\xF0\x3F$ab,\xA5"[i as usize % 7])
        .collect();
    let without: Vec<u8> = (0..1_000_000u32)
        .map(|i| b"\xF0\x3Fab,\xA5x"[i as usize % 7])
        .collect();
    let mut overlong = b"$GPGGA,".to_vec();
    overlong.extend_from_slice(&without);
    for (name, noise) in [
        ("with $", with_dollars),
        ("without $", without),
        ("overlong", overlong),
    ] {
        let mut stream = NmeaStream::new();
        let mut most = 0;
        for chunk in noise.chunks(4096) {
            stream.push(chunk, |_, _| panic!("noise is not a position"));
            most = most.max(stream.buffered_bytes());
        }
        assert!(most <= MAX_LINE_BYTES, "{name}: {most} bytes held");
        // The first line ending ends the junk; the next sentences are read normally.
        let mut got = 0;
        stream.push(b"\r\n", |_, _| got += 1);
        stream.push(EPOCH.as_bytes(), |_, _| got += 1);
        assert_eq!(got, 2, "{name}");
        let st = stream.stats();
        match name {
            "with $" => assert!(st.rejected + st.bad_checksum > 100_000, "{st:?}"),
            "without $" => assert_eq!(st.not_nmea, 1, "one warning for one run of noise"),
            _ => assert_eq!(st.overlong, 1),
        }
    }
    // A single overlong sentence is dropped even when it arrives in one chunk.
    let mut stream = NmeaStream::new();
    let long = format!("$GPTXT,{}\r\n", "x".repeat(MAX_LINE_BYTES));
    stream.push(long.as_bytes(), |_, _| {});
    assert_eq!(stream.stats().overlong, 1);
}

#[test]
fn bad_checksums_are_counted_and_never_used() {
    let bad = EPOCH.replace("*47", "*48");
    let (s, kinds) = run(&[bad.as_bytes()]);
    assert_eq!(s.stats().bad_checksum, 1);
    assert_eq!(kinds, [PositionKind::Rmc], "only the good RMC counts");
    assert_eq!(s.state().alt_m, None, "the GGA's altitude was not used");
}

#[test]
fn lines_not_starting_with_a_dollar_are_ignored_with_a_warning() {
    let (s, kinds) = run(&[b"# a comment\r\nGPGGA,123519\r\n\r\n"]);
    assert!(kinds.is_empty());
    assert_eq!(s.stats().not_nmea, 2);
    assert_eq!(s.stats().sentences, 0);
}

#[test]
fn collided_sentences_are_judged_apart() {
    // From gpsd's triton400.log: a GGA cut short, then a GLL on the same line.
    let (s, kinds) = run(&[b"$GPGGA,030130$GPGLL,2638.1728,N,08011.3893,W,030131.000,A,A*41\r\n"]);
    assert!(kinds.is_empty());
    assert_eq!(s.stats().sentences, 2);
    assert_eq!(s.stats().rejected, 1, "the truncated GGA");
    assert_eq!(s.stats().ignored, 1, "GLL is outside the SPEC's GGA/RMC");
    // Garbage before a sentence on the same line: warned about, the sentence still read.
    let (s, kinds) =
        run(&[b"\xFF\xFEnoise$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\n"]);
    assert_eq!(kinds, [PositionKind::Gga]);
    assert_eq!(s.stats().not_nmea, 1);
}

#[test]
fn only_gp_and_gn_talkers_give_a_position() {
    let text = "$GLGGA,020935.000,4404.1351,N,12118.8556,W,1,02,0.9,1123.9,M,-19.6,M,,0000*48\r\n\
                $INRMC,194101,A,4426.1130,N,07140.5596,W,5.2,270.0,150505,,\r\n";
    let (s, kinds) = run(&[text.as_bytes()]);
    assert!(kinds.is_empty());
    assert_eq!(s.stats().ignored, 2);
    assert_eq!(s.state().lat, None);
}

#[test]
fn the_raw_view_keeps_the_last_twenty_sentences() {
    let text = EPOCH.repeat(10);
    let (s, _) = run(&[text.as_bytes()]);
    let raw = s.raw_sentences();
    assert_eq!(raw.len(), 20);
    assert!(raw[19].starts_with("$GPGSA"), "{}", raw[19]);
    assert!(!raw[19].ends_with('\r'));
}

#[test]
fn valid_counts_real_nmea_with_or_without_a_fix_and_nothing_else() {
    // A receiver without a fix (gpsd's motorola-t805.log and holux-gm-210.log: GGA quality 0
    // with no position, RMC V, GSA fix type 1), a proprietary sentence and a talker the SPEC
    // does not read: all real NMEA, no position.
    let searching = "$GPGGA,212619.000,,,,,0,00,50.0,,M,0.0,M,,0000*42\r\n\
                     $GPRMC,012520.563,V,4131.7353,N,09336.8150,W,0.00,,050405,,*1E\r\n\
                     $GPGSA,A,1,,,,,,,,,,,,,50.0,50.0,50.0*05\r\n\
                     $PSRFTXT,Version:GSW2-2.05.024-C1Prod1.1\r\n\
                     $GLGSV,1,1,01,65,40,083,30\r\n";
    let (s, kinds) = run(&[searching.as_bytes()]);
    assert!(kinds.is_empty(), "no position");
    assert_eq!(s.stats().valid, 5);
    assert_eq!(s.stats().bad_checksum, 0);
    assert_eq!(s.stats().no_checksum, 2, "$PSRFTXT and $GLGSV have none");
    // A wrong checksum, a malformed address and line noise are not NMEA data.
    let (s, _) = run(&[b"$GPGGA,123519*00\r\n$G,1\r\n$,,,\r\n\x93\x12\xe8noise\r\n"]);
    assert_eq!(s.stats().sentences, 3);
    assert_eq!(s.stats().bad_checksum, 1);
    assert_eq!(s.stats().valid, 0);
    assert_eq!(s.stats().not_nmea, 1);
}

#[test]
fn positions_without_a_checksum_are_used_and_counted_apart() {
    // gpsd accepts a sentence with no `*hh` ("checksum passed or not present"), and SPEC §5
    // verifies the checksum when present: used, but counted so a log that drops them shows.
    let log = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\n\
               $GPGGA,123520,4807.040,N,01131.010,E,1,08,0.9,546.0,M,46.9,M,,\r\n\
               $GPRMC,123520,A,4807.040,N,01131.010,E,022.4,084.4,230394,003.1,W\r\n";
    let (s, kinds) = run(&[log.as_bytes()]);
    assert_eq!(kinds.len(), 3);
    assert_eq!(s.stats().positions, 3);
    assert_eq!(s.stats().no_checksum, 2);
    assert_eq!(s.stats().bad_checksum, 0);
}
