//! Native figures for `npm run bench` (the polyline, simplify, csv and zip cases), on the
//! inputs the JavaScript side wrote to `target/bench/`: best of 5 in-process runs, printed as
//! one JSON object `{"seconds": ..}`.
//!
//! ```text
//! export_throughput polyline FILE           decode the encoded polyline in FILE (precision 5)
//! export_throughput simplify FILE METRES    simplify the flat little-endian f64 lat/lon in FILE
//! export_throughput csv FILE                CSV of the measurements JSON array in FILE
//! export_throughput zip FILE COUNT          export archive of FILE cut into COUNT media
//! ```

use std::hint::black_box;
use std::time::Instant;

use clearway_core::export::archive::ExportArchive;
use clearway_core::export::{MediaKind, csv};
use clearway_core::import::simplify::simplify;
use clearway_core::polyline::{Precision, decode};
use clearway_core::survey::{Measurement, SurveyData};

fn best_of_5(mut f: impl FnMut()) -> f64 {
    f();
    (0..5)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn fail(message: &str) -> ! {
    eprintln!("export_throughput: {message}");
    std::process::exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(case), Some(path)) = (args.first(), args.get(1)) else {
        fail("usage: export_throughput polyline|simplify|csv|zip FILE [ARG]");
    };
    let bytes = std::fs::read(path).unwrap_or_else(|e| fail(&format!("cannot read {path}: {e}")));
    let arg = |i: usize| -> f64 {
        args.get(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| fail("missing number"))
    };
    let seconds = match case.as_str() {
        "polyline" => {
            let text = String::from_utf8_lossy(&bytes).trim().to_owned();
            best_of_5(|| {
                black_box(decode(&text, Precision::E5).unwrap_or_else(|e| fail(&e.to_string())));
            })
        }
        "simplify" => {
            let flat: Vec<f64> = bytes
                .chunks_exact(8)
                .map(|c| f64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
                .collect();
            let tolerance_m = arg(2);
            best_of_5(|| {
                black_box(simplify(&flat, tolerance_m));
            })
        }
        "csv" => {
            let measurements: Vec<Measurement> =
                serde_json::from_slice(&bytes).unwrap_or_else(|e| fail(&e.to_string()));
            best_of_5(|| {
                let mut out = Vec::with_capacity(measurements.len() * 150);
                csv::write_csv(&mut out, &measurements).unwrap_or_else(|e| fail(&e.to_string()));
                black_box(out);
            })
        }
        "zip" => {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let count = arg(2) as usize;
            let size = bytes.len() / count.max(1);
            let data = SurveyData {
                measurements: (0..count)
                    .map(|i| Measurement {
                        id: format!("{i:08}-media"),
                        poi_number: u32::try_from(i + 1).ok(),
                        image_url: Some("x".into()),
                        ..Default::default()
                    })
                    .collect(),
                ..Default::default()
            };
            best_of_5(|| {
                let mut archive = ExportArchive::new(Vec::new(), &data, None)
                    .unwrap_or_else(|e| fail(&e.to_string()));
                for (m, media) in data.measurements.iter().zip(bytes.chunks_exact(size)) {
                    archive
                        .add_media(m, MediaKind::Image, media)
                        .unwrap_or_else(|e| fail(&e.to_string()));
                    // Like a file sink: the chunk leaves.
                    black_box(std::mem::take(archive.get_mut()));
                }
                black_box(archive.finish().unwrap_or_else(|e| fail(&e.to_string())));
            })
        }
        other => fail(&format!("unknown case {other}")),
    };
    println!("{{\"seconds\":{seconds:.5}}}");
}
