//! The first turn (rule 1): the draw from the bag of 15 white and 15 black stones, stone
//! by stone, and its exact odds.
//!
//! The first-named player draws 5, then the other draws 5; more whites wins. On equal
//! whites each draws one more stone, first-named first: a white against a black wins; two
//! of a colour, draw again; when the bag runs out, a coin decides.

use rand::{Rng, RngExt};

use crate::games::{Event, FirstTurn, Seat};

/// Stones of each colour in the bag at the start.
const PER_COLOUR: u32 = 15;
/// Stones each player draws first.
const HAND: u32 = 5;

/// The bag: white and black stones left.
#[derive(Clone, Copy)]
struct Bag {
    whites: u32,
    blacks: u32,
}

impl Bag {
    /// Draws `n` stones one at a time; gives back the whites among them.
    fn draw(&mut self, n: u32, rng: &mut impl Rng) -> u32 {
        let mut whites = 0;
        for _ in 0..n {
            if rng.random_range(0..self.whites + self.blacks) < self.whites {
                self.whites -= 1;
                whites += 1;
            } else {
                self.blacks -= 1;
            }
        }
        whites
    }

    fn left(self) -> u32 {
        self.whites + self.blacks
    }
}

/// Draws `n` stones for `player` and logs it; gives back the whites drawn.
fn take(events: &mut Vec<Event>, bag: &mut Bag, player: u8, n: u32, rng: &mut impl Rng) -> u32 {
    let whites = bag.draw(n, rng);
    events.push(Event::BagDraw {
        player: Seat(player),
        whites: whites as u8,
        blacks: (n - whites) as u8,
    });
    whites
}

/// Plays the bag draw for two named players (a plain lot for any other number).
pub(super) fn draw(players: usize, rng: &mut impl Rng) -> FirstTurn {
    let mut events = Vec::new();
    let mut bag = Bag {
        whites: PER_COLOUR,
        blacks: PER_COLOUR,
    };
    let winner = if players != 2 {
        let winner = rng.random_range(0..players);
        events.push(Event::Lot {
            winner: Seat(winner as u8),
        });
        winner
    } else {
        let first = take(&mut events, &mut bag, 0, HAND, rng);
        let second = take(&mut events, &mut bag, 1, HAND, rng);
        if first != second {
            usize::from(second > first)
        } else {
            loop {
                if bag.left() < 2 {
                    let winner = rng.random_range(0..2);
                    events.push(Event::Lot {
                        winner: Seat(winner as u8),
                    });
                    break winner;
                }
                let first = take(&mut events, &mut bag, 0, 1, rng);
                let second = take(&mut events, &mut bag, 1, 1, rng);
                if first != second {
                    break usize::from(second > first);
                }
            }
        }
    };
    events.push(Event::FirstTurn {
        winner: Seat(winner as u8),
    });
    FirstTurn { winner, events }
}

/// How the first turn gets decided, with exact probabilities.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Odds {
    /// Each player's chance of winning the right.
    pub win: [f64; 2],
    /// The chance that the two hands of five decide it.
    pub by_hands: f64,
    /// The chance that the bag runs out and the coin decides.
    pub by_coin: f64,
}

/// The chance of drawing `k` whites in `n` stones from a bag of `w` whites and `b` blacks.
fn hypergeometric(w: u32, b: u32, n: u32, k: u32) -> f64 {
    if k > w || n - k > b {
        return 0.0;
    }
    choose(w, k) * choose(b, n - k) / choose(w + b, n)
}

fn choose(n: u32, k: u32) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * f64::from(n - i) / f64::from(i + 1))
}

/// After equal hands: the first-named player's chance of winning from a bag of `w` whites
/// and `b` blacks, and the chance the coin is needed; one stone each per step.
fn tie_break(w: u32, b: u32) -> (f64, f64) {
    let n = w + b;
    if n < 2 {
        return (0.5, 1.0);
    }
    let (nf, wf, bf) = (f64::from(n), f64::from(w), f64::from(b));
    let first_wins = wf / nf * bf / (nf - 1.0);
    let mut win = first_wins;
    let mut coin = 0.0;
    if w >= 2 {
        let p = wf / nf * (wf - 1.0) / (nf - 1.0);
        let (rw, rc) = tie_break(w - 2, b);
        win += p * rw;
        coin += p * rc;
    }
    if b >= 2 {
        let p = bf / nf * (bf - 1.0) / (nf - 1.0);
        let (rw, rc) = tie_break(w, b - 2);
        win += p * rw;
        coin += p * rc;
    }
    (win, coin)
}

/// The exact odds of the two-player bag draw.
pub(super) fn exact() -> Odds {
    let mut first = 0.0;
    let mut by_hands = 0.0;
    let mut by_coin = 0.0;
    for a in 0..=HAND {
        let pa = hypergeometric(PER_COLOUR, PER_COLOUR, HAND, a);
        let (w, b) = (PER_COLOUR - a, PER_COLOUR - (HAND - a));
        for c in 0..=HAND {
            let p = pa * hypergeometric(w, b, HAND, c);
            if a > c {
                first += p;
                by_hands += p;
            } else if a < c {
                by_hands += p;
            } else {
                let (win, coin) = tie_break(w - c, b - (HAND - c));
                first += p * win;
                by_coin += p * coin;
            }
        }
    }
    Odds {
        win: [first, 1.0 - first],
        by_hands,
        by_coin,
    }
}

/// Each named player's exact chance of winning the first turn.
pub(super) fn odds(players: usize) -> Vec<f64> {
    if players == 2 {
        exact().win.to_vec()
    } else {
        vec![1.0 / players as f64; players]
    }
}
