//! The `clearway` binary as a user runs it: output on stdout, one-line errors, exit codes.

use std::process::Output;

mod common;

fn clearway(args: &[&str]) -> Output {
    common::clearway(args, b"")
}

#[test]
fn distance_prints_kilometres_with_three_decimals() {
    // Equator, one degree of longitude: 2π·6371/360 = 111.195 km.
    let out = clearway(&["distance", "0", "0", "0", "1"]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "111.195");
}

#[test]
fn negative_coordinates_are_numbers_not_flags() {
    let out = clearway(&["distance", "-33.9", "151.2", "-33.9", "151.2"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "0.000");
}

#[test]
fn bad_input_is_a_clear_error_with_exit_code_2() {
    let out = clearway(&["distance", "north", "0", "0", "0"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("invalid value 'north'"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_bug_is_one_line_internal_error_not_a_stack_trace() {
    // The hidden `internal-error-check` command panics on purpose; a backtrace is asked for,
    // as a user's environment might.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_clearway"))
        .arg("internal-error-check")
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("clearway runs");
    assert_eq!(out.status.code(), Some(70), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("clearway: internal error: internal-error-check was asked to fail"),
        "{err}"
    );
    assert!(
        !err.contains("panicked") && !err.contains("backtrace"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    // Hidden from the help a user reads.
    let help = clearway(&["--help"]);
    assert!(!String::from_utf8_lossy(&help.stdout).contains("internal-error-check"));
}
