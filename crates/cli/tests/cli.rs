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
