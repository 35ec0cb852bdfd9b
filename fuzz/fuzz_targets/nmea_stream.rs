//! Framing and parsing of arbitrary serial bytes, cut into chunks the input itself chooses.
//! Invariants: no panic; the carried buffer stays bounded; chunking never changes the result.
#![no_main]

use clearway_core::nmea::{MAX_LINE_BYTES, NmeaStream};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&cut, bytes)) = data.split_first() else {
        return;
    };
    let mut whole = NmeaStream::new();
    whole.push(bytes, |_, _| {});
    whole.finish(|_, _| {});

    let mut chunked = NmeaStream::new();
    let step = usize::from(cut % 17) + 1;
    for chunk in bytes.chunks(step) {
        chunked.push(chunk, |_, _| {});
        assert!(chunked.buffered_bytes() <= MAX_LINE_BYTES);
    }
    chunked.finish(|_, _| {});
    assert_eq!(whole.state(), chunked.state());
    assert_eq!(whole.stats(), chunked.stats());
    let _ = whole.raw_sentences();
});
