//! The rangefinder's `$PLTIT` stream on arbitrary serial bytes, cut into chunks the input
//! itself chooses. Invariants: no panic; the carried buffer stays bounded; chunking never
//! changes the events or the counters; every accepted distance is finite and not negative.
#![no_main]

use clearway_core::rangefinder::pltit::{MAX_SENTENCE_BYTES, PltitSentence};
use clearway_core::rangefinder::{PltitStream, RangefinderEvent};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&cut, bytes)) = data.split_first() else {
        return;
    };
    let mut whole = PltitStream::new();
    let mut events = whole.push(bytes);
    events.extend(whole.finish());

    let mut chunked = PltitStream::new();
    let step = usize::from(cut % 13) + 1;
    let mut chunked_events = Vec::new();
    for chunk in bytes.chunks(step) {
        chunked_events.extend(chunked.push(chunk));
        assert!(chunked.buffered_bytes() <= MAX_SENTENCE_BYTES);
    }
    chunked_events.extend(chunked.finish());
    assert_eq!(events, chunked_events);
    assert_eq!(whole.stats(), chunked.stats());
    for e in &events {
        match e {
            RangefinderEvent::Sentence(PltitSentence::Height(d)) => {
                assert!(d.metres.is_finite() && d.metres >= 0.0);
            }
            RangefinderEvent::ThreeShotHeight(h) => assert!(h.metres.is_finite() && h.metres > 0.0),
            _ => {}
        }
    }
});
