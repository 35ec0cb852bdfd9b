//! `clearway demo-backup` and `clearway export`, checked with independent readers: GDAL's
//! `ogrinfo` (Debian `gdal-bin`, installed by `npm test` through `ensure-tools.sh gis`) for
//! CSV, GeoJSON, GPX and KML, and Python's `zipfile` and Info-ZIP's `unzip -t` for the zips.
//! A missing reader fails the test: it never skips.

use std::path::{Path, PathBuf};
use std::process::Output;

mod common;

fn clearway(args: &[&str]) -> Output {
    common::clearway(args, b"")
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("clearway-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run_ok(args: &[&str]) -> Output {
    let out = clearway(args);
    assert!(
        out.status.success(),
        "clearway {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// An outside reader's output as text.
fn tool(program: &str, args: &[&str]) -> String {
    String::from_utf8_lossy(&common::tool(program, args)).into_owned()
}

/// `layer name → feature count`, as `ogrinfo -so -al` reports them.
fn ogr_counts(file: &Path) -> Vec<(String, u64)> {
    let report = tool("ogrinfo", &["-ro", "-so", "-al", file.to_str().unwrap()]);
    let mut counts = Vec::new();
    let mut layer = String::new();
    for line in report.lines() {
        if let Some(name) = line.strip_prefix("Layer name: ") {
            name.trim().clone_into(&mut layer);
        } else if let Some(n) = line.strip_prefix("Feature Count: ") {
            counts.push((layer.clone(), n.trim().parse().unwrap()));
        }
    }
    counts
}

fn demo(dir: &Path, measurements: &str, photos: &str) -> String {
    let backup = dir.join("survey-backup.zip");
    let backup = backup.to_str().unwrap().to_owned();
    run_ok(&[
        "demo-backup",
        "-o",
        &backup,
        "--measurements",
        measurements,
        "--photos",
        photos,
    ]);
    backup
}

fn export(backup: &str, format: &str, dir: &Path) -> PathBuf {
    let out = dir.join(format!("export.{format}"));
    run_ok(&[
        "export",
        backup,
        "--format",
        format,
        "-o",
        out.to_str().unwrap(),
    ]);
    out
}

#[test]
fn every_map_export_opens_in_gdal_with_the_expected_feature_counts() {
    let dir = scratch("ogr");
    // 30 measurements, all positioned; 10 trace points per measurement = 300; one planned
    // route whose geometry keeps every 20th trace point = 15 positions.
    let backup = demo(&dir, "30", "0");
    let count = |file: &Path| ogr_counts(file);
    let named = |pairs: &[(&str, u64)]| -> Vec<(String, u64)> {
        pairs.iter().map(|(n, c)| ((*n).to_owned(), *c)).collect()
    };
    assert_eq!(
        count(&export(&backup, "geojson", &dir)),
        named(&[("export", 32)]),
        "30 points + 1 route + 1 trace"
    );
    assert_eq!(
        count(&export(&backup, "gpx", &dir)),
        named(&[
            ("waypoints", 30),
            ("routes", 1),
            ("tracks", 1),
            ("route_points", 15),
            ("track_points", 300)
        ])
    );
    assert_eq!(
        count(&export(&backup, "kml", &dir)),
        named(&[
            ("Points of interest", 30),
            ("Routes", 1),
            ("Vehicle trace", 1)
        ])
    );
    assert_eq!(
        count(&export(&backup, "csv", &dir)),
        named(&[("export", 30)])
    );
}

#[test]
fn gdal_reads_csv_numbers_as_written_and_the_formula_guard() {
    let dir = scratch("ogr-csv");
    let backup = demo(&dir, "12", "0");
    let csv = export(&backup, "csv", &dir);
    let report = tool(
        "ogrinfo",
        &[
            "-ro",
            "-al",
            "-where",
            "\"POI Number\" = '1'",
            csv.to_str().unwrap(),
        ],
    );
    // The START measurement (SPEC §4): height 0 with 3 decimals, note 'SURVEY START'.
    assert!(report.contains("Height (m) (String) = 0.000"), "{report}");
    assert!(report.contains("Note (String) = SURVEY START"), "{report}");
    assert!(report.contains("POI Type (String) = START"), "{report}");
    assert!(
        report.contains("Longitude (String) = -73.567256"),
        "{report}"
    );

    // Notes a spreadsheet would run as formulas, put into a copy of the backup by Python's
    // zipfile: GDAL reads them back with the exporter's leading quote, while every
    // coordinate (all negative longitudes here) still types as a number.
    let notes = dir.join("formula-notes.zip");
    let script = r#"
import json, sys, zipfile
src, dst = zipfile.ZipFile(sys.argv[1]), zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED)
for info in src.infolist():
    data = src.read(info)
    if info.filename == "measurements.json":
        records = json.loads(data)
        records[1]["note"] = '=HYPERLINK("http://example.com/x")'
        records[2]["note"] = "-2 m under the sign"
        data = json.dumps(records).encode()
        print(records[1]["longitude"])
    dst.writestr(info.filename, data)
dst.close()
"#;
    let longitude: f64 = tool("python3", &["-c", script, &backup, notes.to_str().unwrap()])
        .trim()
        .parse()
        .unwrap();
    assert!(longitude < 0.0);
    let csv = export(notes.to_str().unwrap(), "csv", &dir);
    let typed = tool(
        "ogrinfo",
        &[
            "-ro",
            "-al",
            "-oo",
            "AUTODETECT_TYPE=YES",
            csv.to_str().unwrap(),
        ],
    );
    assert!(typed.contains("\nLongitude: Real"), "{typed}");
    assert!(typed.contains("\nLatitude: Real"), "{typed}");
    assert!(
        typed.contains(r#"Note (String) = '=HYPERLINK("http://example.com/x")"#),
        "{typed}"
    );
    assert!(
        typed.contains("Note (String) = '-2 m under the sign"),
        "{typed}"
    );
    let second = typed
        .split("OGRFeature(")
        .find(|f| f.contains("POI Number (Integer) = 2\n"))
        .expect("POI 2");
    let read: f64 = second
        .lines()
        .find_map(|l| l.trim().strip_prefix("Longitude (Real) = "))
        .expect("a Real longitude")
        .parse()
        .unwrap();
    assert!((read - longitude).abs() < 5e-7, "{read} vs {longitude}");
}

#[test]
fn the_zip_export_passes_python_and_unzip_and_carries_the_backup_photos() {
    let dir = scratch("zip");
    let backup = demo(&dir, "20", "4");
    let zip = export(&backup, "zip", &dir);
    let zip = zip.to_str().unwrap();
    assert!(tool("unzip", &["-tq", zip]).contains("No errors detected"));
    assert!(tool("unzip", &["-tq", &backup]).contains("No errors detected"));
    // Python's zipfile checks every CRC, lists the layout, and compares each photo with the
    // backup's copy of the same name.
    let script = r#"
import sys, zipfile
out, backup = zipfile.ZipFile(sys.argv[1]), zipfile.ZipFile(sys.argv[2])
assert out.testzip() is None and backup.testzip() is None
names = out.namelist()
images = [n for n in names if n.startswith("images/")]
assert len(images) == 4, images
for n in images:
    assert n.endswith(".jpg") and n.split("/")[1].startswith("image_R001_POI0000"), n
    assert out.getinfo(n).compress_type == zipfile.ZIP_STORED
    assert out.read(n) == backup.read("media/" + n.split("/")[1]), n
    assert out.read(n)[:2] == b"\xff\xd8" and out.read(n)[-2:] == b"\xff\xd9"
    assert 250_000 <= out.getinfo(n).file_size <= 350_000
for n in ["README.txt", "documents/measurements.csv", "documents/survey.json",
          "documents/survey.geojson", "traces/vehicle-trace.gpx", "traces/vehicle-trace.geojson",
          "traces/vehicle-trace.kml", "routes/routes.gpx", "routes/routes.geojson", "routes/routes.kml"]:
    assert n in names, n
assert out.getinfo("documents/survey.json").compress_type == zipfile.ZIP_DEFLATED
print("ok", len(names))
"#;
    let said = tool("python3", &["-c", script, zip, &backup]);
    assert_eq!(said.trim(), "ok 14");
}

#[test]
fn bad_backups_and_formats_are_one_line_errors_with_exit_code_2() {
    let dir = scratch("errors");
    let not_zip = dir.join("notes.txt");
    std::fs::write(&not_zip, "just text").unwrap();
    let out_file = dir.join("out.csv");
    let out = clearway(&[
        "export",
        not_zip.to_str().unwrap(),
        "--format",
        "csv",
        "-o",
        out_file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("Not a Clearway survey backup: the file is not a zip archive"),
        "{err}"
    );
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(!out_file.exists() && !dir.join("out.csv.partial").exists());

    let backup = demo(&dir, "3", "0");
    let out = clearway(&["export", &backup, "--format", "pdf", "-o", "x.pdf"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "clearway: Unsupported export format: pdf"
    );
    let out = clearway(&[
        "demo-backup",
        "-o",
        "x.zip",
        "--measurements",
        "2",
        "--photos",
        "3",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_zip_export_streams_its_peak_memory_stays_well_below_the_archive() {
    let dir = scratch("zip-memory");
    // 120 photos of ~300 KB: an archive of about 36 MB.
    let backup = demo(&dir, "200", "120");
    let out = dir.join("export.zip");
    // The child's peak resident set, as the kernel counts it (getrusage, KiB on Linux).
    let script = "import resource, subprocess, sys\n\
        subprocess.run(sys.argv[1:], check=True)\n\
        print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)";
    let peak_kib: u64 = tool(
        "python3",
        &[
            "-c",
            script,
            env!("CARGO_BIN_EXE_clearway"),
            "export",
            &backup,
            "--format",
            "zip",
            "-o",
            out.to_str().unwrap(),
        ],
    )
    .trim()
    .parse()
    .unwrap();
    let archive_bytes = std::fs::metadata(&out).unwrap().len();
    assert!(archive_bytes > 30_000_000, "{archive_bytes} bytes");
    let peak_bytes = peak_kib * 1024;
    assert!(
        peak_bytes < archive_bytes / 2,
        "peak RSS {peak_bytes} bytes for a {archive_bytes}-byte archive"
    );
}

#[test]
fn progress_lines_on_request_end_at_100_percent_and_change_nothing_else() {
    let dir = scratch("progress");
    let backup = demo(&dir, "20", "8");
    let quiet = dir.join("quiet.zip");
    let shown = dir.join("shown.zip");
    let run = |out: &Path, extra: &[&str]| {
        let mut args = vec![
            "export",
            &backup,
            "--format",
            "zip",
            "-o",
            out.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        run_ok(&args)
    };
    let without = run(&quiet, &[]);
    let with = run(&shown, &["--progress"]);
    // Not a terminal and no flag: silent, as before.
    assert!(without.stderr.is_empty() && without.stdout.is_empty());
    assert!(with.stdout.is_empty());
    let stderr = String::from_utf8(with.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    // 8 media: one line per medium (each is a new whole percentage), 12 % ... 100 %.
    assert_eq!(lines.len(), 8, "{stderr}");
    for (i, line) in lines.iter().enumerate() {
        let done = i + 1;
        assert!(line.starts_with("export ["), "{line}");
        assert!(
            line.ends_with(&format!("] {done}/8 media ({} %)", done * 100 / 8)),
            "{line}"
        );
    }
    assert!(lines[7].ends_with("8/8 media (100 %)"));
    assert!(!stderr.contains('\r'));
    // The same archive either way: same entries, same contents (README.txt carries the
    // export time, so it is compared without its `Exported:` line).
    let script = r#"
import sys, zipfile
a, b = zipfile.ZipFile(sys.argv[1]), zipfile.ZipFile(sys.argv[2])
assert a.namelist() == b.namelist(), (a.namelist(), b.namelist())
for n in a.namelist():
    x, y = a.read(n), b.read(n)
    if n == "README.txt":
        keep = lambda t: [l for l in t.decode().splitlines() if not l.startswith("Exported:")]
        x, y = keep(x), keep(y)
    assert x == y, n
print(len(a.namelist()))
"#;
    let same = tool(
        "python3",
        &[
            "-c",
            script,
            quiet.to_str().unwrap(),
            shown.to_str().unwrap(),
        ],
    );
    assert_eq!(same.trim(), "18");
}
