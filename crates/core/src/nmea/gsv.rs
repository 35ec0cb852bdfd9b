//! GSV — GNSS Satellites in View, one message cycle per constellation (talker) and signal.
//!
//! ```text
//!        1 2 3  4  5  6   7  ... up to 4 satellites ...    last (NMEA 4.1, optional)
//!        | | |  |  |  |   |                                |
//! $--GSV,x,x,xx,xx,xx,xxx,xx,xx,xx,xxx,xx,...              ,h*hh
//!  1 messages in this cycle   2 this message's number   3 satellites in view
//!  then per satellite: id, elevation °, azimuth °, SNR dB-Hz (empty when not tracked)
//! ```
//! Satellites in view over all constellations is the sum over talkers; when a talker reports
//! several signals (L1, L5...), the same satellites are counted once (the largest count).

use super::Outcome;
use super::fields::integer;
use super::sentence::Sentence;
use super::state::GpsState;

/// Talker × signal cycles remembered; more than any receiver sends.
const SLOTS: usize = 16;

#[derive(Debug, Clone, Copy, Default)]
struct Cycle {
    key: [u8; 3],
    in_view: u32,
    snr_sum: u32,
    snr_count: u32,
    snr_max: u32,
}

/// Accumulates GSV cycles and publishes totals when a cycle completes. Slots are filled in
/// order and never freed, so only the first `used` are looked at.
#[derive(Debug, Clone, Default)]
pub struct SkyView {
    pending: Slots,
    done: Slots,
}

#[derive(Debug, Clone, Default)]
struct Slots {
    cycles: [Cycle; SLOTS],
    used: usize,
}

impl Slots {
    /// The slot for `key`; a new one while there is room, else the first (reused).
    fn slot(&mut self, key: [u8; 3]) -> &mut Cycle {
        let i = match self.cycles[..self.used].iter().position(|c| c.key == key) {
            Some(i) => i,
            None if self.used < SLOTS => {
                self.used += 1;
                self.cycles[self.used - 1].key = key;
                self.used - 1
            }
            None => 0,
        };
        &mut self.cycles[i]
    }

    fn in_use(&self) -> &[Cycle] {
        &self.cycles[..self.used]
    }
}

impl SkyView {
    pub fn apply(&mut self, s: &Sentence, state: &mut GpsState) -> Outcome {
        let (Some(total), Some(number), Some(in_view)) = (
            integer(s.field(1)),
            integer(s.field(2)),
            integer(s.field(3)),
        ) else {
            return Outcome::Rejected;
        };
        if number == 0 || number > total || total > 9 || in_view > 99 {
            return Outcome::Rejected;
        }
        let satellites = (s.len() - 3) / 4;
        let signal = if (s.len() - 3) % 4 == 1 {
            s.field(s.len()).first().copied().unwrap_or(b'0')
        } else {
            b'0'
        };
        let key = [s.talker[0], s.talker[1], signal];
        let cycle = self.pending.slot(key);
        if number == 1 {
            *cycle = Cycle {
                key,
                in_view,
                ..Cycle::default()
            };
        }
        for i in 0..satellites {
            if let Some(snr) = integer(s.field(4 + 4 * i + 3)).filter(|&v| v <= 99) {
                cycle.snr_sum += snr;
                cycle.snr_count += 1;
                cycle.snr_max = cycle.snr_max.max(snr);
            }
        }
        if number == total {
            let finished = *cycle;
            *self.done.slot(key) = finished;
            self.publish(state);
        }
        Outcome::Quality
    }

    fn publish(&self, state: &mut GpsState) {
        let cycles = self.done.in_use();
        let mut in_view = 0;
        let (mut sum, mut count, mut max) = (0, 0, 0);
        for (i, c) in cycles.iter().enumerate() {
            // Count a talker's satellites once, however many signals it reports: the cycle
            // with the most satellites (the first of equals) stands for its talker.
            let better = |(j, o): (usize, &Cycle)| {
                o.key[..2] == c.key[..2]
                    && (o.in_view > c.in_view || (o.in_view == c.in_view && j < i))
            };
            let stands_for_talker = !cycles.iter().enumerate().any(better);
            if stands_for_talker {
                in_view += c.in_view;
            }
            sum += c.snr_sum;
            count += c.snr_count;
            max = max.max(c.snr_max);
        }
        state.sats_in_view = Some(in_view);
        state.snr_mean = (count > 0).then(|| f64::from(sum) / f64::from(count));
        state.snr_max = (count > 0).then_some(f64::from(max));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed(view: &mut SkyView, state: &mut GpsState, lines: &[&str]) {
        for l in lines {
            view.apply(&Sentence::parse(l.as_bytes()).unwrap(), state);
        }
    }

    #[test]
    fn totals_publish_when_a_cycle_completes() {
        let (mut view, mut state) = (SkyView::default(), GpsState::default());
        feed(
            &mut view,
            &mut state,
            &["$GPGSV,2,1,08,01,40,083,46,02,17,308,41,12,07,344,39,14,22,228,45"],
        );
        assert_eq!(state.sats_in_view, None, "cycle not complete yet");
        feed(
            &mut view,
            &mut state,
            &["$GPGSV,2,2,08,15,10,050,,16,05,120,30,17,60,200,,18,30,300,"],
        );
        assert_eq!(state.sats_in_view, Some(8));
        // SNRs 46, 41, 39, 45, 30 → mean 40.2, best 46.
        assert!((state.snr_mean.unwrap() - 40.2).abs() < 1e-9);
        assert_eq!(state.snr_max, Some(46.0));
    }

    #[test]
    fn constellations_add_up_and_signals_do_not_double_count() {
        let (mut view, mut state) = (SkyView::default(), GpsState::default());
        feed(
            &mut view,
            &mut state,
            &[
                "$GPGSV,1,1,04,01,40,083,46,02,17,308,41,12,07,344,39,14,22,228,45,1",
                "$GPGSV,1,1,03,01,40,083,40,02,17,308,38,12,07,344,33,8",
                "$GLGSV,1,1,02,65,40,083,30,66,17,308,31",
            ],
        );
        assert_eq!(
            state.sats_in_view,
            Some(6),
            "4 GPS (L1 and L5 are the same satellites) + 2 GLONASS"
        );
    }

    #[test]
    fn malformed_counts_are_rejected() {
        let (mut view, mut state) = (SkyView::default(), GpsState::default());
        let s = Sentence::parse(b"$GPGSV,1,2,08").unwrap();
        assert_eq!(view.apply(&s, &mut state), Outcome::Rejected);
    }
}
