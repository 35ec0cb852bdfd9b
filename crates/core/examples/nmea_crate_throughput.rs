//! Our NMEA engine against the `nmea` crate (`AeroRust`, the parser the design card names), on
//! the same log, in the same process, rounds interleaved so a load spike hits both:
//! `cargo run --release -p clearway-core --example nmea_crate_throughput -- FILE`.
//!
//! Both sides get the whole file in memory and must do the whole job: find the sentences,
//! verify checksums, parse, and merge a state. Ours: `NmeaStream::push` in 64 KiB chunks.
//! The crate takes one sentence at a time as `&str`, so its side splits lines itself (the
//! UTF-8 check of the file is done once, untimed: in its favour). It is measured two ways:
//! `Nmea::parse` (the crate's merged state, the same job as ours) and the stateless
//! `nmea::parse_bytes`; the faster is the peer of the ratio.
//!
//! Prints one JSON object: sentences, each side's best seconds and sentences/s, how many
//! sentences each accepted, and `ratio` = our throughput / the faster crate mode's.

use std::time::Instant;

use clearway_core::nmea::NmeaStream;

const ROUNDS: usize = 5;

fn ours(bytes: &[u8]) -> u64 {
    let mut stream = NmeaStream::new();
    for chunk in bytes.chunks(65536) {
        stream.push(chunk, |_, _| {});
    }
    stream.finish(|_, _| {});
    stream.stats().accepted
}

fn sentences(text: &str) -> impl Iterator<Item = &str> {
    text.split(['\r', '\n']).filter(|line| !line.is_empty())
}

/// The crate's stateful parser: sentences it parsed and merged.
fn crate_merged(text: &str) -> u64 {
    let mut state = nmea::Nmea::default();
    let mut parsed = 0;
    for line in sentences(text) {
        if state.parse(line).is_ok() {
            parsed += 1;
        }
    }
    std::hint::black_box(state.latitude());
    parsed
}

/// The crate's stateless parser: sentences it parsed.
fn crate_stateless(text: &str) -> u64 {
    let mut parsed = 0;
    for line in sentences(text) {
        if let Ok(result) = nmea::parse_bytes(line.as_bytes()) {
            std::hint::black_box(&result);
            parsed += 1;
        }
    }
    parsed
}

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: nmea_crate_throughput FILE");
        std::process::exit(2);
    };
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            std::process::exit(2);
        }
    };
    let Ok(text) = std::str::from_utf8(&bytes) else {
        eprintln!("{path} is not UTF-8: the nmea crate takes &str");
        std::process::exit(2);
    };
    let total = sentences(text).count() as u64;

    let mut best = [f64::INFINITY; 3];
    let mut accepted = [0u64; 3];
    let (run_ours, run_merged, run_stateless) = (
        || ours(&bytes),
        || crate_merged(text),
        || crate_stateless(text),
    );
    let runs: [&dyn Fn() -> u64; 3] = [&run_ours, &run_merged, &run_stateless];
    // One warm-up round, then ROUNDS timed, interleaved.
    for round in 0..=ROUNDS {
        for (i, run) in runs.iter().enumerate() {
            let start = Instant::now();
            accepted[i] = run();
            let seconds = start.elapsed().as_secs_f64();
            if round > 0 {
                best[i] = best[i].min(seconds);
            }
        }
    }
    let rate = |seconds: f64| total as f64 / seconds;
    let peer = best[1].min(best[2]);
    println!(
        "{{\"sentences\":{total},\"ours_seconds\":{:.4},\"ours_sentences_per_s\":{:.0},\"ours_accepted\":{},\
         \"peer_merged_seconds\":{:.4},\"peer_merged_sentences_per_s\":{:.0},\"peer_merged_parsed\":{},\
         \"peer_stateless_seconds\":{:.4},\"peer_stateless_sentences_per_s\":{:.0},\"peer_stateless_parsed\":{},\
         \"ratio\":{:.2}}}",
        best[0],
        rate(best[0]),
        accepted[0],
        best[1],
        rate(best[1]),
        accepted[1],
        best[2],
        rate(best[2]),
        accepted[2],
        peer / best[0],
    );
}
