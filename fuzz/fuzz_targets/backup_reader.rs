//! Survey backups of any content: the zip's end record, the directory, the manifest, the
//! records streamed within their memory budget, the positions check and every medium.
//! Invariant: an error or the data, never a panic; fuzz.sh runs it with a low RSS limit,
//! so a bound that stops holding (memory following what the file claims) fails too.
#![no_main]

use std::io::Cursor;

use clearway_core::backup::read::BackupReader;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(mut reader) = BackupReader::open(Cursor::new(data)) else {
        return;
    };
    let _ = reader.read_data();
    for entry in reader.manifest().media.clone() {
        let _ = reader.read_media(&entry);
    }
});
