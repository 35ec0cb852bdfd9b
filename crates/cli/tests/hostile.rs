//! Hostile inputs to `clearway`, run as a user would (the real binary), each worst case
//! under an address-space limit of 64 MiB plus the largest medium (`prlimit --as`): a run
//! that needs more memory dies of it here instead of passing. Each case gives the one-line
//! error and exit code 2, or the right output; none panics (exit 70) or aborts (134).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use clearway_core::zip_writer::ZipStreamWriter;

mod common;

/// The memory every run must fit in, media aside.
const LIMIT_BYTES: u64 = 64 << 20;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("clearway-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `clearway ARGS` under `prlimit --as=LIMIT+extra`.
fn limited(args: &[&str], extra_bytes: u64) -> Output {
    Command::new("prlimit")
        .arg(format!("--as={}", LIMIT_BYTES + extra_bytes))
        .arg(env!("CARGO_BIN_EXE_clearway"))
        .args(args)
        .output()
        .expect("prlimit (util-linux) runs clearway")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Exit code 2 and one line on stderr that contains `expected`.
fn refused(o: &Output, expected: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.contains(expected), "{err}");
}

const MANIFEST: &str = r#"{"format": "clearway-survey-backup", "version": 1, "createdBy": "t",
    "created": "", "surveyId": "s", "counts": {"measurements": 0, "routes": 0, "traces": 0,
    "alerts": 0, "media": 0}, "media": MEDIA}"#;

/// A backup whose entries are the given ones, the others empty, and whose manifest lists
/// `media` (a JSON array).
fn backup(dir: &Path, entries: &[(&str, &[u8])], media: &str) -> String {
    let mut zip = ZipStreamWriter::new(Vec::new());
    let manifest = MANIFEST.replace("MEDIA", media);
    let defaults: [(&str, &[u8]); 5] = [
        ("survey.json", b"{}"),
        ("measurements.json", b"[]"),
        ("routes.json", b"[]"),
        ("traces.json", b"[]"),
        ("alerts.json", b"[]"),
    ];
    for (name, bytes) in entries {
        zip.add(name, bytes).unwrap();
    }
    for (name, bytes) in defaults {
        if !entries.iter().any(|(n, _)| *n == name) {
            zip.add(name, bytes).unwrap();
        }
    }
    zip.add("clearway-backup.json", manifest.as_bytes())
        .unwrap();
    let path = dir.join("backup.zip");
    std::fs::write(&path, zip.finish().unwrap()).unwrap();
    path.to_string_lossy().into_owned()
}

/// `[item, item, ...]` with `n` items, each followed by 0–7 spaces drawn from a fixed
/// sequence, so the text deflates like real JSON (about 10 to 1) rather than 1000 to 1,
/// which the zip-bomb check would refuse first.
fn spaced(item: &str, n: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(n * (item.len() + 5));
    out.push(b'[');
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for i in 0..n {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(item.as_bytes());
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        out.extend(std::iter::repeat_n(b' ', usize::try_from(x % 8).unwrap()));
    }
    out.push(b']');
    out
}

fn export(backup: &str, format: &str, dir: &Path, extra: u64) -> Output {
    let out = dir.join(format!("out.{format}"));
    limited(
        &[
            "export",
            backup,
            "--format",
            format,
            "-o",
            out.to_str().unwrap(),
        ],
        extra,
    )
}

#[test]
fn a_flood_of_empty_records_is_refused_within_the_memory_limit() {
    // About 9 MB of `{}` (2 M records of ~1 KB each once parsed: 2 GB before the fix).
    let dir = scratch("flood");
    let flood = spaced("{}", 2 << 20);
    let b = backup(&dir, &[("measurements.json", &flood)], "[]");
    let o = export(&b, "csv", &dir, 0);
    refused(&o, "too large to read: its records need more than");
    assert!(!dir.join("out.csv").exists() && !dir.join("out.csv.partial").exists());
}

#[test]
fn nested_unknown_fields_are_refused_within_the_memory_limit() {
    // One measurement whose unknown field holds 200,000 small objects (a map node each:
    // about 300 MB before the fix).
    let dir = scratch("nested");
    let objects = String::from_utf8(spaced("{\"a\":0}", 200_000)).unwrap();
    let record = format!("[{{\"id\": \"m\", \"x\": {objects}}}]");
    let b = backup(&dir, &[("measurements.json", record.as_bytes())], "[]");
    refused(
        &export(&b, "json", &dir, 0),
        "record 1 would take more than",
    );
    // Many records each just under the per-record limit, against the budget.
    let one = String::from_utf8(spaced("0", 20_000)).unwrap();
    let many = format!("[{}]", vec![format!("{{\"x\": {one}}}"); 100].join(","));
    let b = backup(&dir, &[("alerts.json", many.as_bytes())], "[]");
    refused(&export(&b, "json", &dir, 0), "its records need more than");
}

#[test]
fn a_zip_of_many_entries_is_refused_from_its_end_record() {
    // 200,000 empty entries (18 MB): the old reader parsed the whole directory first.
    let dir = scratch("entries");
    let mut zip = ZipStreamWriter::new(Vec::new());
    for i in 0..200_000 {
        zip.add(&format!("{i}"), b"").unwrap();
    }
    let path = dir.join("many.zip");
    std::fs::write(&path, zip.finish().unwrap()).unwrap();
    let o = export(path.to_str().unwrap(), "csv", &dir, 0);
    refused(
        &o,
        "The backup has 200000 entries; at most 10000 are accepted",
    );
}

#[test]
fn a_medium_listed_twice_and_a_name_used_twice_are_refused() {
    let dir = scratch("twice");
    let medium = r#"{"path": "media/a.jpg", "measurementId": "m", "kind": "image", "bytes": 3}"#;
    let b = backup(
        &dir,
        &[("media/a.jpg", b"abc")],
        &format!("[{medium}, {medium}]"),
    );
    refused(
        &export(&b, "zip", &dir, 0),
        "lists the media file media/a.jpg twice",
    );
    // The writer refuses a second name; write another of the same length and rename it.
    let b = backup(&dir, &[("measurementsXjson", b"[{}]")], "[]");
    let mut bytes = std::fs::read(&b).unwrap();
    while let Some(at) = bytes.windows(17).position(|w| w == b"measurementsXjson") {
        bytes[at + 12] = b'.';
    }
    std::fs::write(&b, bytes).unwrap();
    refused(
        &export(&b, "csv", &dir, 0),
        "two entries with one name are refused",
    );
}

#[test]
fn a_damaged_zip_says_what_is_wrong() {
    let dir = scratch("damaged");
    let b = backup(&dir, &[], "[]");
    let bytes = std::fs::read(&b).unwrap();
    std::fs::write(&b, &bytes[..bytes.len() / 2]).unwrap();
    refused(
        &export(&b, "csv", &dir, 0),
        "The backup is damaged: it is a zip archive cut short",
    );
}

#[test]
fn text_from_the_file_reaches_the_terminal_escaped() {
    let dir = scratch("escape");
    let path = "media/\u{1b}]0;owned\u{7}\u{1b}[2J.jpg";
    let media = format!(
        r#"[{{"path": "{}", "measurementId": "m\r", "kind": "image", "bytes": 1}}]"#,
        path.replace('\u{1b}', "\\u001b")
            .replace('\u{7}', "\\u0007")
    );
    let b = backup(
        &dir,
        &[("measurements.json", br#"[{"id": "m\r"}]"#)],
        &media,
    );
    let o = export(&b, "zip", &dir, 0);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        !err.contains('\u{1b}') && !err.contains('\u{7}') && !err.contains('\r'),
        "{err:?}"
    );
    assert!(err.contains("\\u{1b}]0;owned\\u{7}"), "{err}");
    // That medium is not in the backup: skipped with a warning, the export still written.
    assert!(err.contains("warning: skipped"), "{err}");
    assert!(dir.join("out.zip").exists());
}

#[test]
fn out_of_range_positions_are_refused_with_the_record_named() {
    let dir = scratch("positions");
    let b = backup(
        &dir,
        &[(
            "measurements.json",
            br#"[{"id": "a"}, {"id": "b", "latitude": 500, "longitude": 1}]"#,
        )],
        "[]",
    );
    refused(
        &export(&b, "kml", &dir, 0),
        "measurements.json is not valid: record 2 (id \"b\") has latitude 500",
    );
}

#[test]
fn a_directory_as_output_is_refused_before_anything_is_written() {
    let dir = scratch("outdir");
    let b = backup(&dir, &[], "[]");
    let target = dir.join("exports");
    std::fs::create_dir(&target).unwrap();
    let o = limited(
        &[
            "export",
            &b,
            "--format",
            "csv",
            "-o",
            target.to_str().unwrap(),
        ],
        0,
    );
    refused(&o, "it is a directory");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    assert_eq!(names, ["backup.zip", "exports"], "no .partial");
}

#[test]
fn distance_refuses_what_is_not_a_position() {
    for args in [
        ["NaN", "0", "0", "0"],
        ["0", "0", "91", "0"],
        ["0", "inf", "0", "0"],
    ] {
        let mut all = vec!["distance"];
        all.extend(args);
        refused(&limited(&all, 0), "must be a");
    }
    let o = common::clearway(&["distance", "0", "0", "1", "0"], b"");
    assert_eq!(common::stdout(&o).trim(), "111.195");
}

#[test]
fn a_missing_file_named_broken_pipe_is_still_an_error() {
    let o = limited(&["nmea", "/nonexistent/Broken pipe.nmea"], 0);
    refused(&o, "cannot read /nonexistent/Broken pipe.nmea");
}

#[test]
fn a_real_survey_still_exports_within_the_limit() {
    // The limits refuse floods, not surveys: 3,000 measurements, 30,000 trace points and two
    // ~300 KB photos export as a zip under 64 MiB plus the largest photo.
    let dir = scratch("real");
    let backup = dir.join("demo.zip");
    let b = backup.to_str().unwrap();
    let made = common::clearway(
        &[
            "demo-backup",
            "-o",
            b,
            "--measurements",
            "3000",
            "--photos",
            "2",
        ],
        b"",
    );
    assert!(made.status.success(), "{}", stderr(&made));
    let o = export(b, "zip", &dir, 400 << 10);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = export(b, "csv", &dir, 0);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let csv = std::fs::read_to_string(dir.join("out.csv")).unwrap();
    assert_eq!(
        csv.lines().count(),
        3001,
        "a header and a row per measurement"
    );
}

#[test]
fn a_reader_that_goes_away_ends_the_run_quietly() {
    // `clearway nmea - | head -c 100`: the closed pipe is known by its error kind.
    use std::io::{Read, Write};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_clearway"))
        .args(["nmea", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let line = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\n";
        for _ in 0..20 {
            if stdin.write_all(line.repeat(10_000).as_bytes()).is_err() {
                break;
            }
        }
    });
    let mut head = [0u8; 100];
    child.stdout.take().unwrap().read_exact(&mut head).unwrap();
    // stdout is dropped here: the pipe closes.
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stderr(&out).contains("Broken pipe"), "{}", stderr(&out));
}
