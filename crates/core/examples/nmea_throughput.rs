//! Native parse-only throughput of the NMEA engine on a log file:
//! `cargo run --release -p clearway-core --example nmea_throughput -- FILE`.

use std::time::Instant;

use clearway_core::nmea::NmeaStream;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: nmea_throughput FILE");
        std::process::exit(2);
    };
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            std::process::exit(2);
        }
    };
    let mut best = f64::INFINITY;
    let mut sentences = 0;
    for _ in 0..5 {
        let start = Instant::now();
        let mut stream = NmeaStream::new();
        for chunk in bytes.chunks(65536) {
            stream.push(chunk, |_, _| {});
        }
        stream.finish(|_, _| {});
        best = best.min(start.elapsed().as_secs_f64());
        sentences = stream.stats().sentences;
    }
    #[allow(clippy::cast_precision_loss)]
    let rate = sentences as f64 / best;
    println!("{{\"sentences\":{sentences},\"seconds\":{best:.4},\"sentences_per_s\":{rate:.0}}}");
}
