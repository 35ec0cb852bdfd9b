//! Shared by the corpus tests: where the real-world corpus lives.
//!
//! The corpus is read by path, never copied into the repository: `CLEARWAY_CORPUS` when
//! set, else `shared/corpus` beside the workspace root (`<workspace>/../shared/corpus`).

use std::path::PathBuf;

/// The corpus folder. Panics with a clear message when it does not exist, so a missing
/// corpus fails the tests rather than skipping them.
pub fn corpus_dir() -> PathBuf {
    let dir = std::env::var_os("CLEARWAY_CORPUS").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
        PathBuf::from,
    );
    assert!(
        dir.is_dir(),
        "corpus not found at {} (set CLEARWAY_CORPUS)",
        dir.display()
    );
    dir
}

/// Every file under `dir` (recursively) whose name ends with one of `suffixes`, sorted.
#[allow(dead_code)] // not every test file lists directories
pub fn files_with_suffix(dir: &std::path::Path, suffixes: &[&str]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(next) = pending.pop() {
        for entry in std::fs::read_dir(&next).expect("readable corpus folder") {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| suffixes.iter().any(|s| n.ends_with(s)))
            {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}
