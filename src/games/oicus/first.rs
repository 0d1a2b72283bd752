//! The first turn (rule 1): the draw from the bag of 15 white and 15 black stones, stone
//! by stone, and its exact odds.
//!
//! The first-named player draws 5, then the other draws 5; more whites wins. On equal
//! whites each draws one more stone, first-named first: a white against a black wins; two
//! of a colour, draw again; when the bag runs out, a coin decides. (Equal hands leave an
//! odd number of stones of each colour in the bag, so a white always meets a black before
//! it runs out: the coin is kept as the rule says, but its chance is exactly 0.)

use super::OicusEvent;
use crate::games::{Event, FirstTurn, Seat, Throws};

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
    /// Draws `n` stones for named player `player`; gives back the whites among them.
    fn draw(&mut self, player: u8, n: u32, throws: &mut dyn Throws) -> u32 {
        let n = n.min(self.left());
        let whites = throws
            .bag(usize::from(player), n, self.whites, self.blacks)
            .min(self.whites)
            .max(n.saturating_sub(self.blacks));
        self.whites -= whites;
        self.blacks -= n - whites;
        whites
    }

    fn left(self) -> u32 {
        self.whites + self.blacks
    }
}

/// Draws `n` stones for `player` and logs it; gives back the whites drawn.
fn take(
    events: &mut Vec<Event>,
    bag: &mut Bag,
    player: u8,
    n: u32,
    throws: &mut dyn Throws,
) -> u32 {
    let whites = bag.draw(player, n, throws);
    events.push(
        OicusEvent::BagDraw {
            player: Seat(player),
            whites: whites as u8,
            blacks: (n - whites) as u8,
        }
        .into(),
    );
    whites
}

/// Plays the bag draw for two named players (a plain lot for any other number).
pub(super) fn draw(players: usize, throws: &mut dyn Throws) -> FirstTurn {
    let mut events = Vec::new();
    let mut bag = Bag {
        whites: PER_COLOUR,
        blacks: PER_COLOUR,
    };
    let winner = if players != 2 {
        let winner = throws.lot(players);
        events.push(Event::Lot {
            winner: Seat(winner as u8),
        });
        winner
    } else {
        let first = take(&mut events, &mut bag, 0, HAND, throws);
        let second = take(&mut events, &mut bag, 1, HAND, throws);
        if first == second {
            break_tie(&mut events, &mut bag, throws)
        } else {
            usize::from(second > first)
        }
    };
    events.push(Event::FirstTurn {
        winner: Seat(winner as u8),
    });
    FirstTurn { winner, events }
}

/// After equal hands: one stone each, first-named first, until a white meets a black (the
/// white wins) or the bag runs out (a coin decides). Gives back the winner.
fn break_tie(events: &mut Vec<Event>, bag: &mut Bag, throws: &mut dyn Throws) -> usize {
    loop {
        if bag.left() < 2 {
            let winner = throws.lot(2);
            events.push(Event::Lot {
                winner: Seat(winner as u8),
            });
            return winner;
        }
        let first = take(events, bag, 0, 1, throws);
        let second = take(events, bag, 1, 1, throws);
        if first != second {
            return usize::from(second > first);
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::table_rng;

    /// Reads a first-turn log back and checks it against rule 1; gives back how it was
    /// decided: 0 by the hands, 1 by the tie-break, 2 by the coin.
    fn check_log(turn: &FirstTurn) -> usize {
        let draws: Vec<(u8, u8, u8)> = turn
            .events
            .iter()
            .filter_map(|e| match *e.own()? {
                OicusEvent::BagDraw {
                    player,
                    whites,
                    blacks,
                } => Some((player.0, whites, blacks)),
                _ => None,
            })
            .collect();
        assert_eq!(
            turn.events.last(),
            Some(&Event::FirstTurn {
                winner: Seat(turn.winner as u8)
            })
        );
        assert_eq!(
            (draws[0].0, draws[0].1 + draws[0].2),
            (0, 5),
            "first-named draws 5"
        );
        assert_eq!(
            (draws[1].0, draws[1].1 + draws[1].2),
            (1, 5),
            "then the other 5"
        );
        let whites: u8 = draws.iter().map(|d| d.1).sum();
        let blacks: u8 = draws.iter().map(|d| d.2).sum();
        assert!(
            whites <= 15 && blacks <= 15,
            "no more stones than the bag holds"
        );
        if draws[0].1 != draws[1].1 {
            assert_eq!(draws.len(), 2);
            assert_eq!(turn.winner, usize::from(draws[1].1 > draws[0].1));
            return 0;
        }
        let pairs = &draws[2..];
        assert_eq!(pairs.len() % 2, 0, "one more stone each, first-named first");
        for (i, pair) in pairs.chunks(2).enumerate() {
            assert_eq!((pair[0].0, pair[1].0), (0, 1));
            assert_eq!((pair[0].1 + pair[0].2, pair[1].1 + pair[1].2), (1, 1));
            let last = i + 1 == pairs.len() / 2;
            if pair[0].1 != pair[1].1 {
                assert!(last, "a white against a black ends the draw");
                assert_eq!(turn.winner, usize::from(pair[1].1 == 1));
                return 1;
            }
        }
        assert_eq!(whites + blacks, 30, "the coin only when the bag is empty");
        assert!(
            matches!(turn.events[turn.events.len() - 2], Event::Lot { winner } if winner.index() == turn.winner)
        );
        2
    }

    #[test]
    fn rule_1_the_bag_draw_follows_the_rule_and_logs_every_draw() {
        let mut rng = table_rng(7);
        let mut ties = 0;
        for _ in 0..2000 {
            let turn = draw(2, &mut rng);
            if check_log(&turn) > 0 {
                ties += 1;
            }
        }
        assert!(ties > 0, "equal hands happen and go to the tie-break");
    }

    #[test]
    fn rule_1_a_white_against_a_black_wins_and_two_of_a_colour_draw_again() {
        let mut rng = table_rng(1);
        for _ in 0..50 {
            let mut events = Vec::new();
            let mut bag = Bag {
                whites: 1,
                blacks: 1,
            };
            let winner = break_tie(&mut events, &mut bag, &mut rng);
            let white_drawer = match events[0].own() {
                Some(OicusEvent::BagDraw { whites: 1, .. }) => 0,
                _ => 1,
            };
            assert_eq!(winner, white_drawer);
            assert_eq!(events.len(), 2);
        }
        let mut events = Vec::new();
        let mut bag = Bag {
            whites: 2,
            blacks: 2,
        };
        break_tie(&mut events, &mut bag, &mut rng);
        assert!(matches!(events.len(), 2 | 4 | 5), "{events:?}");
    }

    #[test]
    fn rule_1_when_the_bag_runs_out_a_coin_decides() {
        let mut rng = table_rng(3);
        let mut winners = [0; 2];
        for _ in 0..200 {
            let mut events = Vec::new();
            let mut bag = Bag {
                whites: 2,
                blacks: 0,
            };
            let winner = break_tie(&mut events, &mut bag, &mut rng);
            winners[winner] += 1;
            assert_eq!(events.len(), 3, "two whites, then the coin");
            assert_eq!(
                events[2],
                Event::Lot {
                    winner: Seat(winner as u8)
                }
            );
        }
        assert!(winners[0] > 50 && winners[1] > 50, "{winners:?}");
        assert_eq!(tie_break(2, 0), (0.5, 1.0));
        assert_eq!(tie_break(0, 0), (0.5, 1.0));
        assert_eq!(tie_break(1, 1), (0.5, 0.0));
    }

    #[test]
    fn rule_1_exact_odds_sum_to_one_and_a_simulation_of_100000_draws_agrees() {
        let odds = exact();
        assert!((odds.win[0] + odds.win[1] - 1.0).abs() < 1e-12);
        // Every stone is as likely to go to either hand: the draw is fair.
        assert!((odds.win[0] - 0.5).abs() < 1e-12, "{odds:?}");
        assert!(odds.by_hands > 0.5 && odds.by_hands < 1.0, "{odds:?}");
        // Equal hands leave an odd number of each colour, so a white always meets a black
        // before the bag runs out: the coin is a rule that never comes into play.
        assert_eq!(odds.by_coin, 0.0, "{odds:?}");
        assert_eq!(odds.win.to_vec(), super::odds(2));
        let n = 100_000;
        let mut rng = table_rng(2024);
        let (mut first, mut hands, mut coins) = (0u32, 0u32, 0u32);
        for _ in 0..n {
            let turn = draw(2, &mut rng);
            first += u32::from(turn.winner == 0);
            match check_log(&turn) {
                0 => hands += 1,
                2 => coins += 1,
                _ => {}
            }
        }
        let agrees = |count: u32, p: f64| {
            let freq = f64::from(count) / f64::from(n);
            let sigma = (p * (1.0 - p) / f64::from(n)).sqrt();
            (freq - p).abs() <= 4.5 * sigma + 1.0 / f64::from(n)
        };
        assert!(agrees(first, odds.win[0]), "first-named won {first} of {n}");
        assert!(agrees(hands, odds.by_hands), "hands decided {hands} of {n}");
        assert!(
            agrees(coins, odds.by_coin),
            "the coin decided {coins} of {n}"
        );
    }

    #[test]
    fn rule_1_other_tables_fall_back_to_a_lot() {
        let turn = draw(3, &mut table_rng(5));
        assert!(turn.winner < 3);
        assert!(matches!(turn.events[0], Event::Lot { .. }));
        assert_eq!(odds(3), vec![1.0 / 3.0; 3]);
    }
}
