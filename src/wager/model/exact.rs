//! A second way to the chances of a match, kept to check the first: with no cheats at the
//! table, the games of a match are independent, and the chances of the match and of each
//! game follow exactly from one game's chances, worked out state by state as `play` runs a
//! match (this was the bookie's own way before cheats came into the price). The imagined
//! matches of [`super::sim`] must agree with it.

use std::collections::BTreeMap;

use super::GameModel;
use crate::games::{GameKind, Seating};
use crate::table::Format;

/// The chances of a whole match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchChances {
    /// Each entrant's chance of winning the match alone.
    pub outright: Vec<f64>,
    /// Each entrant's expected share of a match bet (a dead heat of `k` counts `1/k`).
    pub shares: Vec<f64>,
    /// The chance the lead is shared by some but not all (a dead heat).
    pub dead_heat: f64,
    /// The chance nobody wins (every entrant level): a push.
    pub push: f64,
    /// Per game number (from 1): each entrant's chance of winning that game, the chance
    /// it is drawn, and the chance it is never played.
    pub games: Vec<GameChances>,
}

/// The chances of one game of a match, by number.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameChances {
    /// Each entrant's chance of winning it.
    pub won: Vec<f64>,
    /// The chance it is played and drawn.
    pub drawn: f64,
    /// The chance it is never played.
    pub void: f64,
}

/// A match to work out: the game, the players in entrant order with the strength each
/// brings, the format and the draw cap.
pub struct Table<'a> {
    /// The game.
    pub kind: GameKind,
    /// The model.
    pub model: &'a GameModel,
    /// Each entrant's strength.
    pub strengths: Vec<f64>,
    /// Each entrant's level (for the draw term).
    pub levels: Vec<f64>,
    /// Each entrant's lean to a draw ([`GameModel::drawish`]).
    pub drawish: Vec<f64>,
    /// The match's format.
    pub format: Format,
    /// Drawn games replayed before the match stops where it stands.
    pub draw_cap: u32,
    /// The exact odds of the first-turn ceremony, per entrant.
    pub first_turn: Vec<f64>,
}

/// A point in a match: wins so far, decided and drawn games, who sits where, the game
/// about to be played, and who won the last one alone. Ordered, so that the states of a
/// game are summed in one order (a hash map's differs from map to map, and so would the
/// last bits of the sums).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct State {
    wins: Vec<u32>,
    decided: u32,
    draws: u32,
    seats: Vec<usize>,
    number: u32,
    last_winner: Option<usize>,
}

impl State {
    /// The match after a game at `seats` won by `winner` (`None`: drawn).
    fn after(&self, seats: &[usize], winner: Option<usize>) -> State {
        let mut s = State {
            seats: seats.to_vec(),
            number: self.number + 1,
            last_winner: winner,
            ..self.clone()
        };
        match winner {
            Some(e) => {
                s.decided += 1;
                s.wins[e] += 1;
            }
            None => s.draws += 1,
        }
        s
    }
}

impl Table<'_> {
    /// Works the match out exactly, in the order `play` plays it.
    #[must_use]
    pub fn chances(&self) -> MatchChances {
        let n = self.strengths.len();
        let mut out = MatchChances {
            outright: vec![0.0; n],
            shares: vec![0.0; n],
            ..MatchChances::default()
        };
        // The states of the match, one game at a time, with the chance of reaching each.
        let mut frontier: BTreeMap<State, f64> = BTreeMap::new();
        frontier.insert(
            State {
                wins: vec![0; n],
                decided: 0,
                draws: 0,
                seats: Vec::new(),
                number: 1,
                last_winner: None,
            },
            1.0,
        );
        let seating = self.kind.facts().seating;
        while !frontier.is_empty() {
            let mut next: BTreeMap<State, f64> = BTreeMap::new();
            for (state, p) in frontier {
                let number = state.number as usize;
                if out.games.len() < number {
                    out.games.push(GameChances {
                        won: vec![0.0; n],
                        ..GameChances::default()
                    });
                }
                for (seats, q) in self.seatings(&state, seating) {
                    let strengths: Vec<f64> = seats.iter().map(|&e| self.strengths[e]).collect();
                    let levels: Vec<f64> = seats.iter().map(|&e| self.levels[e]).collect();
                    let drawish: f64 = seats.iter().map(|&e| self.drawish[e]).sum();
                    let (wins, drawn) = self
                        .model
                        .outcome(&strengths, &strengths, &levels, 1.0, drawish);
                    let outcomes = wins
                        .iter()
                        .enumerate()
                        .map(|(s, &w)| (Some(seats[s]), w))
                        .chain(std::iter::once((None, drawn)));
                    for (winner, r) in outcomes {
                        let pr = p * q * r;
                        if pr <= 0.0 {
                            continue;
                        }
                        let g = &mut out.games[number - 1];
                        match winner {
                            Some(e) => g.won[e] += pr,
                            None => g.drawn += pr,
                        }
                        let s = state.after(&seats, winner);
                        if self.over(&s) {
                            self.finish(&s.wins, pr, &mut out);
                        } else {
                            *next.entry(s).or_insert(0.0) += pr;
                        }
                    }
                }
            }
            frontier = next;
        }
        // A game never reached is void.
        for g in &mut out.games {
            g.void = (1.0 - g.won.iter().sum::<f64>() - g.drawn).max(0.0);
        }
        out
    }

    /// The seatings the next game may have, with their chances.
    fn seatings(&self, state: &State, seating: Seating) -> Vec<(Vec<usize>, f64)> {
        let n = self.strengths.len();
        let rotate = |from: &[usize], at: usize| (0..n).map(|k| from[(at + k) % n]).collect();
        if state.number == 1 || seating == Seating::CeremonyEachGame {
            return (0..n)
                .map(|w| ((0..n).map(|k| (w + k) % n).collect(), self.first_turn[w]))
                .filter(|(_, q)| *q > 0.0)
                .collect();
        }
        let seats = match seating {
            Seating::Rotate => rotate(&state.seats, 1),
            Seating::WinnerFirst => match state.last_winner {
                Some(w) => {
                    let at = state.seats.iter().position(|&e| e == w).unwrap_or(0);
                    rotate(&state.seats, at)
                }
                None => state.seats.clone(),
            },
            Seating::CeremonyEachGame => unreachable!("handled above"),
        };
        vec![(seats, 1.0)]
    }

    /// Whether the match stops here, by the rule `play_match` follows.
    fn over(&self, s: &State) -> bool {
        let n = self.strengths.len();
        let best = s.wins.iter().copied().max().unwrap_or(0);
        let leaders = s.wins.iter().filter(|&&w| w == best).count();
        let extra = s.decided.saturating_sub(self.format.length(n));
        self.format.is_decided(s.decided, best, leaders)
            || s.draws > self.draw_cap
            || extra > self.draw_cap
    }

    /// Counts a finished match of chance `p`.
    fn finish(&self, wins: &[u32], p: f64, out: &mut MatchChances) {
        let n = wins.len();
        let best = wins.iter().copied().max().unwrap_or(0);
        let top: Vec<usize> = (0..n).filter(|&i| wins[i] == best).collect();
        match top.len() {
            1 => {
                out.outright[top[0]] += p;
                out.shares[top[0]] += p;
            }
            k if k == n => out.push += p,
            k => {
                out.dead_heat += p;
                for &e in &top {
                    out.shares[e] += p / k as f64;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Skill, Temperament};
    use crate::wager::market::{Market, Selection};
    use crate::wager::model::{Models, Profile, Table as Priced, sim};

    fn profile(level: u8, temperament: Temperament) -> Profile {
        Profile {
            skill: Skill::Level(level),
            temperament,
            honesty: 10,
            eye: 5,
        }
    }

    /// The exact chances of a match of `kind` in `format` between `players`, the draw cap
    /// 5 and the game's own first-turn odds.
    fn exact_chances(
        kind: GameKind,
        model: &GameModel,
        players: &[Profile],
        format: Format,
    ) -> MatchChances {
        let n = players.len();
        let first_turn = crate::games::with_game!(kind, G => {
            <G as crate::games::Tableside>::first_turn_odds(n)
        });
        Table {
            kind,
            model,
            strengths: players.iter().map(|p| model.strength(p, n)).collect(),
            levels: players.iter().map(Profile::level).collect(),
            drawish: players.iter().map(|p| model.drawish(p, n)).collect(),
            format,
            draw_cap: 5,
            first_turn,
        }
        .chances()
    }

    /// Every figure of `c`, as bits, in one order.
    fn bits(c: &MatchChances) -> Vec<u64> {
        let mut out: Vec<u64> = c
            .outright
            .iter()
            .chain(&c.shares)
            .map(|x| x.to_bits())
            .collect();
        out.extend([c.dead_heat.to_bits(), c.push.to_bits()]);
        for g in &c.games {
            out.extend(g.won.iter().chain([&g.drawn, &g.void]).map(|x| x.to_bits()));
        }
        out
    }

    /// The same match worked out again gives the same bits: the states are summed in one
    /// order, not a hash map's, which differs from map to map.
    #[test]
    fn the_same_match_gives_the_same_bits_every_time() {
        for kind in GameKind::ALL {
            let model = Models::built_in().game(kind).unwrap();
            let n = if kind == GameKind::Pic { 5 } else { 2 };
            let players: Vec<Profile> = (0..n)
                .map(|i| profile(3 + 2 * i as u8, Temperament::ALL[i % 5]))
                .collect();
            let format = Format::default_for(kind);
            let first = exact_chances(kind, model, &players, format);
            assert!(first.games.len() > 1, "{kind:?}: more than one game");
            for _ in 0..20 {
                let again = exact_chances(kind, model, &players, format);
                assert_eq!(bits(&again), bits(&first), "{kind:?}");
            }
        }
    }

    /// Honest tables in every game (Piç at two, three and five): the imagined matches'
    /// chances of the match and of each of the first three games agree with the exact
    /// working-out within the noise of 20,000 imagined matches (4 standard errors).
    #[test]
    fn imagined_matches_agree_with_the_exact_working_out() {
        for kind in GameKind::ALL {
            let model = Models::built_in().game(kind).unwrap();
            let mut model = model.clone();
            // No shared wins, which the exact way does not know (nor a tie both share).
            if let Some(more) = model.more.as_mut() {
                more.shared.iter_mut().for_each(|q| *q = 0.0);
            }
            model.tie_shared = false;
            let sizes: &[usize] = if kind == GameKind::Pic {
                &[2, 3, 5]
            } else {
                &[2]
            };
            for &n in sizes {
                let players: Vec<Profile> = (0..n)
                    .map(|i| profile(3 + 2 * i as u8, Temperament::ALL[i % 5]))
                    .collect();
                let format = Format::default_for(kind);
                let exact = exact_chances(kind, &model, &players, format);
                let priced = Priced {
                    kind,
                    players: players.clone(),
                    format,
                    draw_cap: 5,
                    rules: Vec::new(),
                    on_cheat: kind.facts().on_cheat,
                    wary: vec![vec![0.0; n]; n],
                };
                let mut markets = vec![Market::Match];
                markets.extend((1..=3).map(|number| Market::Game { number }));
                let est = sim::estimates(&model, &priced, &markets, 20_000);
                for (m, e) in est.iter().enumerate() {
                    for (k, sel) in e.selections.iter().enumerate() {
                        let Selection::Entrant(i) = *sel else {
                            continue;
                        };
                        let want = if m == 0 {
                            exact.outright[i]
                        } else {
                            exact.games[m - 1].won[i]
                        };
                        let got = e.outright[k];
                        let se = (want * (1.0 - want) / 20_000.0).sqrt();
                        assert!(
                            (got - want).abs() <= 4.0 * se + 1e-9,
                            "{kind:?} at {n}, {:?} entrant {i}: imagined {got}, exact {want}",
                            e.market
                        );
                    }
                }
            }
        }
    }
}
