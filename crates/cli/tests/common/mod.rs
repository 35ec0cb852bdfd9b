//! Shared by the CLI's integration tests: run the binary as a user does, find the corpus.
// Each test binary uses a subset of these helpers.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

pub mod poppler;

/// A file of the shared corpus: `$CLEARWAY_CORPUS`, else `../shared/corpus` beside the repo.
pub fn corpus(rel: &str) -> PathBuf {
    std::env::var_os("CLEARWAY_CORPUS")
        .map_or_else(
            || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
            PathBuf::from,
        )
        .join(rel)
}

/// Runs `clearway ARGS` with `stdin` as its standard input.
pub fn clearway(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_clearway"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("clearway runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin)
        .expect("write stdin");
    child.wait_with_output().expect("clearway finishes")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Runs an outside tool (GDAL, poppler, python3, unzip) and returns its standard output; a
/// missing tool or a failure panics: a test never skips for want of it.
pub fn tool(program: &str, args: &[&str]) -> Vec<u8> {
    let out = Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| {
            panic!("{program} must be installed (npm test runs scripts/ensure-tools.sh gis): {e}")
        });
    assert!(
        out.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}
