//! Sowing and what the last counter does, written for speed: random playouts call this
//! tens of millions of times a second, so it has no branch that depends on the counts
//! (a mispredicted branch costs more than the whole sowing).

use super::{Count, MAX_HEAPS, MAX_PLAYERS, Pic, PicEvent};
use crate::games::{Event, EventSink, Place, Seat};

/// `2^32 / (3 * players)`, rounded up, by players: `n * r >> 32` is then `n / (3 * players)`
/// for every `n` below `2^16`.
const RECIPROCAL: [u64; MAX_PLAYERS + 1] = {
    let mut r = [0; MAX_PLAYERS + 1];
    let mut p = 2;
    while p <= MAX_PLAYERS {
        r[p] = (1u64 << 32).div_ceil(3 * p as u64);
        p += 1;
    }
    r
};

/// Sixteen 0s, sixteen 1s and sixteen 0s: see [`step_at`].
static STEPS: [Count; 48] = {
    let mut steps = [0; 48];
    let mut i = 16;
    while i < 32 {
        steps[i] = 1;
        i += 1;
    }
    steps
};

/// Sixteen lanes that are 0 before heap `at` and 1 from it on (`at` at most 16).
#[inline]
fn step_at(at: usize) -> &'static [Count; MAX_HEAPS + 1] {
    let start = (16 - at) & 31;
    STEPS[start..start + 16].try_into().expect("sixteen lanes")
}

impl Pic {
    /// Sows heap `src`: its counters go one by one clockwise, the first back into it.
    /// Returns the heap the last counter fell in.
    ///
    /// Written without data-dependent branches: random playouts would mispredict them.
    #[inline]
    pub(super) fn sow(&mut self, src: usize) -> usize {
        let ring = self.ring();
        let n = u32::from(self.heaps[src]);
        self.heaps[src] = 0;
        // n / ring by a multiply: exact for every 16-bit n.
        let laps = ((u64::from(n) * RECIPROCAL[usize::from(self.players)]) >> 32) as u32;
        let rest = (n - laps * ring as u32) as usize;
        // The `rest` places from `src` on, wrapping past the ring's end, as a bit set.
        let all = ((1u32 << ring) - 1) as u16;
        let window = ((1u32 << rest) - 1) << src;
        let touched = (window | window >> ring) as u16 & all;
        // Heap `i` gets a counter a lap, and one more if it is among the `rest` places
        // from `src` on (up to the ring's end, then from heap 1 on): a sum of steps, read
        // lane by lane so that the loop vectorises without a branch.
        let end = src + rest;
        let (from_src, from_end) = (step_at(src), step_at(end.min(ring)));
        let (before_wrap, from_ring) = (step_at(end.saturating_sub(ring)), step_at(ring));
        let lap = laps as Count;
        for i in 0..MAX_HEAPS + 1 {
            self.heaps[i] +=
                from_src[i] - from_end[i] + (1 - before_wrap[i]) + lap * (1 - from_ring[i]);
        }
        // A heap that held one counter (the emptied one held none) and gets one more
        // now holds two; one lap gives every heap one, two laps two.
        let before = self.nonempty & !(1 << src);
        let one_lap = if laps >= 1 { all } else { 0 };
        let two_laps = if laps >= 2 { all } else { 0 };
        let two_plain = (self.two_up & !(1 << src)) | (touched & before);
        self.two_up = two_laps | (one_lap & (before | touched)) | (!one_lap & two_plain);
        self.nonempty = before | touched | one_lap;
        // The last counter: the `n`-th place counting the emptied heap as the first.
        let mut last = src + rest + ring - 1;
        if last >= ring {
            last -= ring;
        }
        if last >= ring {
            last -= ring;
        }
        last
    }

    /// What the last counter, in heap `last`, does for the mover.
    #[inline]
    pub(super) fn capture(&mut self, mover: u8, last: usize, events: &mut impl EventSink) {
        // One test, rarely true, in place of several unpredictable ones.
        let count = self.heaps[last];
        let foreign = !(0b111u16 << (3 * mover)) & !self.pics;
        let takes = (count == 3) | (self.options.even_capture & (count.is_multiple_of(2)));
        if (foreign >> last) & u16::from(takes) & 1 != 0 {
            self.take(mover, last, events);
        }
    }

    /// The last counter fell in another player's heap (no piç) that it made 3 or even.
    #[cold]
    fn take(&mut self, mover: u8, last: usize, events: &mut impl EventSink) {
        let bit = 1u16 << last;
        let count = self.heaps[last];
        if count == 3 && self.may_claim(mover) {
            self.pics |= bit;
            self.owner[last] = mover;
            events.emit(
                PicEvent::Claim {
                    by: Seat(mover),
                    owner: Seat((last / 3) as u8),
                    at: Place::Heap(last as u8 + 1),
                    counters: count,
                }
                .into(),
            );
        } else if self.options.even_capture && count.is_multiple_of(2) {
            self.heaps[last] = 0;
            self.nonempty &= !bit;
            self.two_up &= !bit;
            self.stores[usize::from(mover)] += count;
            events.emit(Event::Capture {
                by: Seat(mover),
                victim: Seat((last / 3) as u8),
                at: Place::Heap(last as u8 + 1),
                count: u8::try_from(count).unwrap_or(u8::MAX),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Rules;
    use crate::games::pic::Options;

    #[test]
    fn the_reciprocal_divides_exactly_for_every_count() {
        for (players, &reciprocal) in RECIPROCAL.iter().enumerate().skip(2) {
            let ring = 3 * players as u64;
            for n in 0..=u64::from(Count::MAX) {
                assert_eq!((n * reciprocal) >> 32, n / ring, "{n} / {ring}");
            }
        }
    }

    #[test]
    fn sowing_matches_dropping_the_counters_one_by_one() {
        for players in 2..=MAX_PLAYERS {
            let ring = 3 * players;
            for src in 0..ring {
                for n in (2..=40).chain([59, 60, 61, 1000]) {
                    let mut p = Pic::start(players, &Options::default()).unwrap();
                    p.heaps[..ring]
                        .copy_from_slice(&[0, 1, 2, 1, 0, 5, 1, 1, 0, 2, 1, 0, 3, 1, 1][..ring]);
                    p.heaps[src] = n;
                    p.recount();
                    let mut expected = p.heaps;
                    expected[src] = 0;
                    let mut at = src;
                    for _ in 0..n {
                        expected[at] += 1;
                        at = (at + 1) % ring;
                    }
                    let last = p.sow(src);
                    assert_eq!(p.heaps, expected, "{players} players, {n} from {src}");
                    assert_eq!(last, (at + ring - 1) % ring);
                    let mut fresh = p;
                    fresh.recount();
                    assert_eq!((p.nonempty, p.two_up), (fresh.nonempty, fresh.two_up));
                }
            }
        }
    }
}
