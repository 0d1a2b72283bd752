//! What can be wagered on, and how each question is answered from a match's event log.
//!
//! A [`Market`] is a question about a match ("who wins game 2?", "who brings down more
//! stones?"); its [`Verdict`] is read from the [`MatchLog`] alone (the winners, the
//! first-turn ceremony, the per-game scores and the events), never by replaying a rule.
//! A bet backs one [`Side`] of a market; [`Verdict::share`] says how much of it won.
//! Whether someone was caught cheating is a question of yes or no about each of them
//! ([`Verdict::Each`]): several may be caught, and none of them shares the others' win.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::{End, GameKind, Seat, Tally};
use crate::table::{GameLog, MatchLog, Who};

/// Which games a question covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scope {
    /// The whole match (for an end bet, the last game played: the one that decided it).
    Match,
    /// One game or round, by its number in the match (drawn games count, as the result
    /// table numbers them).
    Game(u32),
}

/// A question about a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "market")]
pub enum Market {
    /// Who wins the match (at a Piç table of up to five, who wins the table).
    Match,
    /// Who wins one game or round, by number.
    Game {
        /// Its number, from 1.
        number: u32,
    },
    /// Who wins the right to the first turn at the match's opening ceremony (the bag
    /// draw, the stick throw, the lot).
    FirstTurn,
    /// Who has the most of a tally.
    Most {
        /// What is counted.
        tally: Tally,
        /// Over which games.
        scope: Scope,
    },
    /// How a game ends (`Outcome::end`).
    End {
        /// Which game: the last one for the whole match.
        scope: Scope,
    },
    /// Whether the entrant backed was caught cheating: seen at it, or rightly accused
    /// ([`MatchLog::caught`]). Each entrant is a question of its own.
    Caught {
        /// Over which games.
        scope: Scope,
    },
    /// Whether anybody at the table was caught cheating ([`MatchLog::anyone_caught`]);
    /// its one selection is [`Selection::Anyone`].
    AnyoneCaught {
        /// Over which games.
        scope: Scope,
    },
}

/// What a bet backs in a market: an entrant (by their place in the match's order) or, in
/// an end market, a way of ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Selection {
    /// An entrant, by index into `MatchLog::entrants`.
    Entrant(usize),
    /// A way a game ends.
    End(End),
    /// Anybody at the table (whether anyone was caught cheating).
    Anyone,
}

/// A side of a bet: for a selection, or (in stakes between characters) against it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// Wins when the selection wins.
    For(Selection),
    /// Wins when the selection loses.
    Against(Selection),
}

impl Side {
    /// The selection the side is about.
    #[must_use]
    pub fn selection(self) -> Selection {
        match self {
            Side::For(s) | Side::Against(s) => s,
        }
    }
}

/// The answer the log gives to a market.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The question was never put: the game was not played, there was no ceremony.
    /// Every stake is returned.
    Void,
    /// Nobody came out ahead: a drawn match or game, every entrant level. Every stake is
    /// returned.
    Push,
    /// These selections came out on top; more than one is a dead heat.
    Top(Vec<Selection>),
    /// A question of yes or no about each selection: these came true, each wholly (no
    /// dead heat between them); the others did not.
    Each(Vec<Selection>),
}

/// How much of a side won: `num / den` of its stake won, the rest lost; or the stake
/// returned whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Share {
    /// Void or push: the stake comes back.
    Returned,
    /// `num / den` of the stake won (1/1 a clean win, 0/1 a loss, 1/k a dead heat of k).
    Part {
        /// Numerator.
        num: u64,
        /// Denominator, 1 to 5.
        den: u64,
    },
}

impl Share {
    /// A clean win.
    pub const WON: Share = Share::Part { num: 1, den: 1 };
    /// A loss.
    pub const LOST: Share = Share::Part { num: 0, den: 1 };
}

impl Verdict {
    /// The share of `side` that won.
    #[must_use]
    pub fn share(&self, side: Side) -> Share {
        let top = match self {
            Verdict::Void | Verdict::Push => return Share::Returned,
            Verdict::Each(yes) => {
                let came_true = yes.contains(&side.selection());
                return match (side, came_true) {
                    (Side::For(_), true) | (Side::Against(_), false) => Share::WON,
                    (Side::For(_), false) | (Side::Against(_), true) => Share::LOST,
                };
            }
            Verdict::Top(top) => top,
        };
        let k = top.len().max(1) as u64;
        let won = u64::from(top.contains(&side.selection()));
        let num = match side {
            Side::For(_) => won,
            Side::Against(_) => k - won,
        };
        match num {
            0 => Share::LOST,
            n if n == k => Share::WON,
            n => Share::Part { num: n, den: k },
        }
    }
}

/// A market, or a pick in it, that a game does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MarketError {
    /// A tally the game does not count.
    #[error("{} keeps no `{}` tally (its tallies are {})", .game.title(), .tally.word(), tallies_of(*.game))]
    NoTally {
        /// The game.
        game: GameKind,
        /// The tally asked for.
        tally: Tally,
    },
    /// A way of ending the game never has.
    #[error("a game of {} never ends by {} (it ends by {})", .game.title(), .end.key(), ends_of(*.game))]
    NoSuchEnd {
        /// The game.
        game: GameKind,
        /// The way asked for.
        end: End,
    },
    /// Game 0.
    #[error("{}s are numbered from 1", .0.facts().unit)]
    NumberedFromOne(GameKind),
}

fn tallies_of(game: GameKind) -> String {
    let words: Vec<String> = game
        .facts()
        .tallies
        .iter()
        .map(|t| t.word().to_owned())
        .collect();
    crate::names::and_list(&words)
}

fn ends_of(game: GameKind) -> String {
    let words: Vec<String> = game
        .facts()
        .bet_ends()
        .map(|e| e.key().to_owned())
        .collect();
    crate::names::or_list(&words)
}

impl Market {
    /// Whether the market makes sense for `kind`.
    ///
    /// # Errors
    /// A tally the game does not keep, or a game numbered 0.
    pub fn check_game(&self, kind: GameKind) -> Result<(), MarketError> {
        let scope = match *self {
            Market::Most { tally, .. } if !kind.facts().tallies.contains(&tally) => {
                return Err(MarketError::NoTally { game: kind, tally });
            }
            Market::Game { number } => Scope::Game(number),
            Market::Most { scope, .. }
            | Market::End { scope }
            | Market::Caught { scope }
            | Market::AnyoneCaught { scope } => scope,
            Market::Match | Market::FirstTurn => Scope::Match,
        };
        match scope {
            Scope::Game(0) => Err(MarketError::NumberedFromOne(kind)),
            Scope::Game(_) | Scope::Match => Ok(()),
        }
    }

    /// The answer the log gives.
    #[must_use]
    pub fn verdict(&self, log: &impl Played) -> Verdict {
        let n = log.entrants();
        match *self {
            Market::Match => winners(log.match_winners(), n),
            Market::Game { number } => match log.game(number) {
                Some(g) => winners(&log.game_winners(g), n),
                None => Verdict::Void,
            },
            Market::FirstTurn => match log.first_turn() {
                Some(w) if w.index() < n => Verdict::Top(vec![Selection::Entrant(w.index())]),
                _ => Verdict::Void,
            },
            Market::Most { tally, scope } => {
                let Some(games) = games_in(log, scope) else {
                    return Verdict::Void;
                };
                let mut totals = vec![0i64; n];
                for g in games {
                    for (entrant, total) in Who::all(n).zip(totals.iter_mut()) {
                        *total += log.tally(g, entrant, tally);
                    }
                }
                let best = totals.iter().copied().max().unwrap_or(0);
                let top: Vec<Who> = Who::all(n).filter(|w| totals[w.index()] == best).collect();
                winners(&top, n)
            }
            Market::End { scope } => {
                let g = match scope {
                    Scope::Match => log.games().checked_sub(1),
                    Scope::Game(number) => log.game(number),
                };
                match g {
                    Some(g) => Verdict::Top(vec![Selection::End(log.end(g))]),
                    None => Verdict::Void,
                }
            }
            Market::Caught { scope } => {
                let Some(games) = games_in(log, scope) else {
                    return Verdict::Void;
                };
                let caught: Vec<Selection> = Who::all(n)
                    .filter(|&e| games.iter().any(|&g| log.caught(g, e)))
                    .map(|e| Selection::Entrant(e.index()))
                    .collect();
                Verdict::Each(caught)
            }
            Market::AnyoneCaught { scope } => {
                let Some(games) = games_in(log, scope) else {
                    return Verdict::Void;
                };
                let anyone = Who::all(n).any(|e| games.iter().any(|&g| log.caught(g, e)));
                Verdict::Each(if anyone {
                    vec![Selection::Anyone]
                } else {
                    Vec::new()
                })
            }
        }
    }

    /// Whether the market asks who was caught cheating (yes or no for each entrant, or for
    /// anyone): its chances need not add up to one.
    #[must_use]
    pub fn is_cheating(&self) -> bool {
        matches!(self, Market::Caught { .. } | Market::AnyoneCaught { .. })
    }
}

/// What a market asks of a match, whether played at the table ([`MatchLog`]) or imagined
/// by the bookie's model: one settlement serves both. Games are counted from 0 in the
/// order played; entrants are numbered in the order named.
pub trait Played {
    /// How many played.
    fn entrants(&self) -> usize;
    /// The match's winners.
    fn match_winners(&self) -> &[Who];
    /// Who won the right to the first turn.
    fn first_turn(&self) -> Option<Who>;
    /// How many games were played.
    fn games(&self) -> usize;
    /// The game of this number (from 1), when it was played.
    fn game(&self, number: u32) -> Option<usize>;
    /// The winning entrants of game `g`.
    fn game_winners(&self, g: usize) -> Vec<Who>;
    /// How game `g` ended.
    fn end(&self, g: usize) -> End;
    /// How much of `tally` `entrant` had in game `g`.
    fn tally(&self, g: usize, entrant: Who, tally: Tally) -> i64;
    /// Whether `entrant` was caught cheating in game `g`.
    fn caught(&self, g: usize, entrant: Who) -> bool;
}

impl Played for MatchLog {
    fn entrants(&self) -> usize {
        self.entrants.len()
    }

    fn match_winners(&self) -> &[Who] {
        &self.winners
    }

    fn first_turn(&self) -> Option<Who> {
        self.first_turn_winner()
    }

    fn games(&self) -> usize {
        self.games.len()
    }

    fn game(&self, number: u32) -> Option<usize> {
        self.games.iter().position(|g| g.number == number)
    }

    fn game_winners(&self, g: usize) -> Vec<Who> {
        self.games[g].winners.clone()
    }

    fn end(&self, g: usize) -> End {
        self.games[g].outcome.end
    }

    fn tally(&self, g: usize, entrant: Who, tally: Tally) -> i64 {
        let game: &GameLog = &self.games[g];
        game.seats
            .iter()
            .position(|&e| e == entrant)
            .map_or(0, |s| game.tally(Seat(s as u8), tally))
    }

    fn caught(&self, g: usize, entrant: Who) -> bool {
        self.games[g].caught(entrant)
    }
}

/// The games a scope covers, or `None` for a game not played.
fn games_in(log: &impl Played, scope: Scope) -> Option<Vec<usize>> {
    match scope {
        Scope::Match => Some((0..log.games()).collect()),
        Scope::Game(number) => log.game(number).map(|g| vec![g]),
    }
}

/// The verdict for a set of winning entrants among `n`: none or all of them is a push.
fn winners(top: &[Who], n: usize) -> Verdict {
    if top.is_empty() || top.len() >= n {
        Verdict::Push
    } else {
        let mut top = top.to_vec();
        top.sort_unstable();
        Verdict::Top(
            top.into_iter()
                .map(|w| Selection::Entrant(w.index()))
                .collect(),
        )
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scope::Match => f.write_str("the match"),
            Scope::Game(n) => write!(f, "game {n}"),
        }
    }
}

/// A market and a side, in words, with the names of the match's entrants: "Mirela to win
/// round 2", "against Brannoc to make more captures over the match".
#[must_use]
pub fn describe(market: Market, side: Side, names: &[String], kind: GameKind) -> String {
    let pick = match side.selection() {
        Selection::Entrant(e) => names.get(e).cloned().unwrap_or_else(|| "?".to_owned()),
        Selection::End(end) => end.key().to_owned(),
        Selection::Anyone => "anyone".to_owned(),
    };
    let unit = kind.facts().unit;
    let scope = |s: Scope| match s {
        Scope::Match => "over the match".to_owned(),
        Scope::Game(n) => format!("in {unit} {n}"),
    };
    let what = match market {
        Market::Match => format!("{pick} to win the match"),
        Market::Game { number } => format!("{pick} to win {unit} {number}"),
        Market::FirstTurn => format!("{pick} to win the first turn"),
        Market::Most { tally, scope: s } => format!("{pick} {} {}", tally.phrase(), scope(s)),
        Market::End {
            scope: Scope::Match,
        } => format!("the last {unit} to end by {pick}"),
        Market::End {
            scope: Scope::Game(n),
        } => format!("{unit} {n} to end by {pick}"),
        Market::Caught { scope: s } | Market::AnyoneCaught { scope: s } => {
            format!("{pick} to be caught cheating {}", scope(s))
        }
    };
    match side {
        Side::For(_) => what,
        Side::Against(_) => format!("against {what}"),
    }
}

/// [`describe`] as `bettor` says it: their own name, when they back themselves (or bet
/// against themselves), is "himself", "herself" or "themselves" ("himself to win the
/// match"), so that nobody is named twice in a line of their own.
#[must_use]
pub fn describe_for(
    bettor: &str,
    market: Market,
    side: Side,
    entrants: &[crate::table::Entrant],
    kind: GameKind,
) -> String {
    let mut names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
    if let Selection::Entrant(e) = side.selection()
        && let Some(me) = entrants.get(e)
        && crate::names::same(&me.name, bettor)
    {
        names[e] = me.pronouns.themselves().to_owned();
    }
    describe(market, side, &names, kind)
}

/// What a bet backs, as a settlement or the ledger says it after the stake: "on Brannoc to
/// win the match", or, for a bet against someone, "against Brannoc to win the match" (never
/// "on against").
#[must_use]
pub fn backing(what: &str) -> String {
    if what.starts_with("against ") {
        what.to_owned()
    } else {
        format!("on {what}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Event, Place, kiust, oicus, pic, tides};
    use crate::table::CheatResult;
    use crate::wager::testlog::{G, accused, cheat, log};

    const TRAP: Place = Place::Trap {
        land: Seat(0),
        trap: 6,
    };

    fn down(by: u8, victim: u8, count: u8) -> Event {
        oicus::OicusEvent::BringDown {
            by: Seat(by),
            victim: Seat(victim),
            scorer: Seat(1 - victim),
            at: TRAP,
            count,
        }
        .into()
    }

    fn home(by: u8) -> Event {
        oicus::OicusEvent::BringHome {
            by: Seat(by),
            at: TRAP,
        }
        .into()
    }

    fn top(entrants: &[usize]) -> Verdict {
        Verdict::Top(entrants.iter().map(|&e| Selection::Entrant(e)).collect())
    }

    /// Òicustiỳtac, Ada v Bo: the bag draw gives Bo (named second) the first turn and Black
    /// (seat 0); Bo wins round 1 21–9 and keeps Black; Ada wins round 2 from White 22–15;
    /// round 3 is drawn 12–12.
    fn dogfight() -> crate::table::MatchLog {
        let bag = vec![
            oicus::OicusEvent::BagDraw {
                player: Seat(0),
                whites: 2,
                blacks: 3,
            }
            .into(),
            oicus::OicusEvent::BagDraw {
                player: Seat(1),
                whites: 3,
                blacks: 2,
            }
            .into(),
            Event::FirstTurn { winner: Seat(1) },
        ];
        log(
            GameKind::Oicustiytac,
            &["Ada", "Bo"],
            vec![
                G::new(&[1, 0], &[0], oicus::POINTS)
                    .ceremony(bag)
                    .events(vec![
                        down(0, 1, 2),
                        down(1, 1, 1),
                        home(1),
                        home(0),
                        home(0),
                    ])
                    .scores(&[21, 9]),
                G::new(&[1, 0], &[1], oicus::POINTS)
                    .events(vec![down(1, 0, 3), down(0, 1, 1)])
                    .scores(&[15, 22]),
                G::new(&[0, 1], &[], oicus::STALLED).scores(&[12, 12]),
            ],
            &[],
        )
    }

    #[test]
    fn the_bag_draw_settles_the_first_turn_by_the_named_player() {
        assert_eq!(Market::FirstTurn.verdict(&dogfight()), top(&[1]));
    }

    #[test]
    fn rounds_are_won_by_entrants_whatever_their_colour() {
        let l = dogfight();
        assert_eq!(Market::Game { number: 1 }.verdict(&l), top(&[1]));
        assert_eq!(Market::Game { number: 2 }.verdict(&l), top(&[0]));
        assert_eq!(Market::Game { number: 3 }.verdict(&l), Verdict::Push);
        assert_eq!(Market::Game { number: 4 }.verdict(&l), Verdict::Void);
        assert_eq!(Market::Match.verdict(&l), Verdict::Push, "a drawn match");
    }

    #[test]
    fn more_points_in_a_round_follow_the_seats() {
        let l = dogfight();
        let points = |scope| Market::Most {
            tally: Tally::Points,
            scope,
        };
        assert_eq!(points(Scope::Game(1)).verdict(&l), top(&[1]));
        assert_eq!(points(Scope::Game(2)).verdict(&l), top(&[0]));
        assert_eq!(points(Scope::Game(3)).verdict(&l), Verdict::Push);
        // Over the match: Ada 9 + 22 + 12 = 43, Bo 21 + 15 + 12 = 48.
        assert_eq!(points(Scope::Match).verdict(&l), top(&[1]));
    }

    #[test]
    fn brought_down_stones_count_for_the_side_that_scores_them() {
        let l = dogfight();
        let down = |scope| Market::Most {
            tally: crate::games::oicus::DOWN,
            scope,
        };
        // Round 1, Bo at seat 0: Bo brings down 2; seat 1's own stone brought down after
        // its turn counts for seat 0 (Bo): Bo 3, Ada 0.
        assert_eq!(down(Scope::Game(1)).verdict(&l), top(&[1]));
        // Round 2: seat 1 (Ada) brings down 3 of seat 0; seat 0 (Bo) 1: Ada.
        assert_eq!(down(Scope::Game(2)).verdict(&l), top(&[0]));
        // Match: Bo 3 + 1 = 4, Ada 3: Bo.
        assert_eq!(down(Scope::Match).verdict(&l), top(&[1]));
        let home = Market::Most {
            tally: crate::games::oicus::HOME,
            scope: Scope::Game(1),
        };
        // Seat 0 (Bo) two stones home, seat 1 (Ada) one.
        assert_eq!(home.verdict(&l), top(&[1]));
    }

    #[test]
    fn a_stick_throw_and_a_lot_settle_the_first_turn_too() {
        let throws = vec![
            kiust::KiustEvent::FirstThrow {
                player: Seat(0),
                flats: 2,
            }
            .into(),
            kiust::KiustEvent::FirstThrow {
                player: Seat(1),
                flats: 2,
            }
            .into(),
            kiust::KiustEvent::FirstThrow {
                player: Seat(0),
                flats: 3,
            }
            .into(),
            kiust::KiustEvent::FirstThrow {
                player: Seat(1),
                flats: 1,
            }
            .into(),
            Event::FirstTurn { winner: Seat(0) },
        ];
        let kiust = log(
            GameKind::KiustOyun,
            &["Ada", "Bo"],
            vec![G::new(&[0, 1], &[0], kiust::ALL_CAPTURED).ceremony(throws)],
            &[0],
        );
        assert_eq!(Market::FirstTurn.verdict(&kiust), top(&[0]));
        let tides = log(
            GameKind::TidesOfWar,
            &["Ada", "Bo"],
            vec![
                G::new(&[1, 0], &[1], tides::MASSACRE)
                    .ceremony(vec![Event::Lot { winner: Seat(1) }]),
            ],
            &[0],
        );
        assert_eq!(Market::FirstTurn.verdict(&tides), top(&[1]));
        let none = log(GameKind::TidesOfWar, &["Ada", "Bo"], vec![], &[]);
        assert_eq!(Market::FirstTurn.verdict(&none), Verdict::Void);
    }

    #[test]
    fn tides_of_war_ends_and_captures() {
        let capture = |by: u8, count: u8| Event::Capture {
            by: Seat(by),
            victim: Seat(1 - by),
            at: Place::Square { file: 2, rank: 3 },
            count,
        };
        let l = log(
            GameKind::TidesOfWar,
            &["Ada", "Bo"],
            vec![
                G::new(&[0, 1], &[0], tides::CONQUEST).events(vec![capture(0, 1), capture(1, 2)]),
                G::new(&[1, 0], &[0], tides::MASSACRE).events(vec![capture(0, 3), capture(1, 1)]),
            ],
            &[0, 1],
        );
        let end = |scope| Market::End { scope };
        assert_eq!(
            end(Scope::Match).verdict(&l),
            Verdict::Top(vec![Selection::End(tides::MASSACRE)])
        );
        assert_eq!(
            end(Scope::Game(1)).verdict(&l),
            Verdict::Top(vec![Selection::End(tides::CONQUEST)])
        );
        let caps = |scope| Market::Most {
            tally: Tally::Captures,
            scope,
        };
        // Game 1: Ada 1, Bo 2. Game 2 (Bo at seat 0): Bo 3, Ada 1. Match: Bo 5, Ada 2.
        assert_eq!(caps(Scope::Game(1)).verdict(&l), top(&[1]));
        assert_eq!(caps(Scope::Match).verdict(&l), top(&[1]));
        // Won one game each, a shared match between two is everyone level: a push.
        assert_eq!(Market::Match.verdict(&l), Verdict::Push);
    }

    #[test]
    fn a_pic_table_of_four_has_dead_heats() {
        let claim = |by: u8| {
            Event::from(pic::PicEvent::Claim {
                by: Seat(by),
                owner: Seat((by + 1) % 4),
                at: Place::Heap(3),
                counters: 3,
            })
        };
        let l = log(
            GameKind::Pic,
            &["Ada", "Bo", "Cy", "Di"],
            vec![
                G::new(&[2, 3, 0, 1], &[0, 2], pic::NO_MOVES)
                    .events(vec![claim(0), claim(2), claim(2), claim(1)])
                    .scores(&[50, 20, 50, 24]),
            ],
            &[2, 0],
        );
        let v = Market::Match.verdict(&l);
        assert_eq!(v, top(&[0, 2]));
        assert_eq!(
            v.share(Side::For(Selection::Entrant(0))),
            Share::Part { num: 1, den: 2 }
        );
        assert_eq!(v.share(Side::For(Selection::Entrant(1))), Share::LOST);
        assert_eq!(
            v.share(Side::Against(Selection::Entrant(0))),
            Share::Part { num: 1, den: 2 }
        );
        assert_eq!(v.share(Side::Against(Selection::Entrant(3))), Share::WON);
        // Claims: seat 2 (Ada) made two, seats 0 and 1 (Cy, Di) one each.
        let caps = Market::Most {
            tally: Tally::Captures,
            scope: Scope::Match,
        };
        assert_eq!(caps.verdict(&l), top(&[0]));
        let points = Market::Most {
            tally: Tally::Points,
            scope: Scope::Game(1),
        };
        assert_eq!(points.verdict(&l), top(&[0, 2]));
        let level = log(
            GameKind::Pic,
            &["Ada", "Bo", "Cy"],
            vec![G::new(&[0, 1, 2], &[0, 1, 2], pic::NO_MOVES).scores(&[36, 36, 36])],
            &[],
        );
        assert_eq!(Market::Game { number: 1 }.verdict(&level), Verdict::Push);
        assert_eq!(Market::Match.verdict(&level), Verdict::Push);
    }

    /// Tides of War, Ada v Bo: in game 1 Bo accuses Ada wrongly (she has not cheated),
    /// then cheats and Ada sees it; in game 2 Ada cheats unseen. Game 3 is never played.
    fn cheats() -> MatchLog {
        log(
            GameKind::TidesOfWar,
            &["Ada", "Bo"],
            vec![
                G::new(&[0, 1], &[0], tides::CONQUEST).asides(vec![
                    accused(1, 0, false),
                    cheat(1, &[0], CheatResult::TakenBack),
                ]),
                G::new(&[1, 0], &[1], tides::CONQUEST).asides(vec![cheat(
                    0,
                    &[],
                    CheatResult::Stood,
                )]),
            ],
            &[0],
        )
    }

    fn caught(scope: Scope) -> Market {
        Market::Caught { scope }
    }

    fn anyone(scope: Scope) -> Market {
        Market::AnyoneCaught { scope }
    }

    fn each(entrants: &[usize]) -> Verdict {
        Verdict::Each(entrants.iter().map(|&e| Selection::Entrant(e)).collect())
    }

    #[test]
    fn caught_is_yes_for_a_cheat_seen_and_no_for_one_unseen() {
        let l = cheats();
        // Bo was seen in game 1; Ada's cheat in game 2 stood, and the accusation was wrong.
        assert_eq!(caught(Scope::Match).verdict(&l), each(&[1]));
        assert_eq!(caught(Scope::Game(1)).verdict(&l), each(&[1]));
        assert_eq!(caught(Scope::Game(2)).verdict(&l), each(&[]));
        assert_eq!(caught(Scope::Game(3)).verdict(&l), Verdict::Void);
        let v = caught(Scope::Match).verdict(&l);
        let (ada, bo) = (Selection::Entrant(0), Selection::Entrant(1));
        assert_eq!(v.share(Side::For(bo)), Share::WON);
        assert_eq!(v.share(Side::Against(bo)), Share::LOST);
        assert_eq!(v.share(Side::For(ada)), Share::LOST);
        assert_eq!(v.share(Side::Against(ada)), Share::WON);
        assert_eq!(
            anyone(Scope::Match).verdict(&l),
            Verdict::Each(vec![Selection::Anyone])
        );
        assert_eq!(anyone(Scope::Game(2)).verdict(&l), Verdict::Each(vec![]));
        assert_eq!(anyone(Scope::Game(3)).verdict(&l), Verdict::Void);
        let none = anyone(Scope::Game(2)).verdict(&l);
        assert_eq!(none.share(Side::For(Selection::Anyone)), Share::LOST);
        assert_eq!(none.share(Side::Against(Selection::Anyone)), Share::WON);
    }

    #[test]
    fn a_right_accusation_counts_and_two_caught_each_win_whole() {
        // Piç, three at the table: Cy rightly accuses Ada; Bo is seen by nobody; a
        // rule-2-style penalty names Bo but is no cheat of Bo's.
        let l = log(
            GameKind::Pic,
            &["Ada", "Bo", "Cy"],
            vec![G::new(&[0, 1, 2], &[2], pic::NO_MOVES).asides(vec![
                accused(2, 0, true),
                cheat(1, &[], CheatResult::Stood),
                crate::table::Aside::Penalty {
                    by: Who(0),
                    victim: Who(1),
                    at: "a1".into(),
                },
            ])],
            &[2],
        );
        assert_eq!(caught(Scope::Match).verdict(&l), each(&[0]));
        assert!(l.caught(Who(0)) && !l.caught(Who(1)) && !l.caught(Who(2)));
        // Now Bo is seen too: both caught, and neither shares the other's win.
        let mut both = l.clone();
        both.games[0].asides.push(crate::table::AsideAt {
            before: 0,
            aside: cheat(1, &[2], CheatResult::TakenBack),
            position: None,
        });
        let v = caught(Scope::Match).verdict(&both);
        assert_eq!(v, each(&[0, 1]));
        assert_eq!(v.share(Side::For(Selection::Entrant(0))), Share::WON);
        assert_eq!(v.share(Side::For(Selection::Entrant(1))), Share::WON);
        assert_eq!(v.share(Side::For(Selection::Entrant(2))), Share::LOST);
    }

    #[test]
    fn caught_bets_are_told_in_words() {
        let names = ["Ada".to_owned(), "Bo".to_owned()];
        let bo = Selection::Entrant(1);
        assert_eq!(
            describe(
                caught(Scope::Match),
                Side::For(bo),
                &names,
                GameKind::TidesOfWar
            ),
            "Bo to be caught cheating over the match"
        );
        assert_eq!(
            describe(
                anyone(Scope::Game(2)),
                Side::Against(Selection::Anyone),
                &names,
                GameKind::Oicustiytac
            ),
            "against anyone to be caught cheating in round 2"
        );
        assert!(caught(Scope::Game(0)).check_game(GameKind::Pic).is_err());
        assert!(anyone(Scope::Match).check_game(GameKind::KiustOyun).is_ok());
    }

    #[test]
    fn a_market_must_suit_the_game() {
        let down = Market::Most {
            tally: crate::games::oicus::DOWN,
            scope: Scope::Match,
        };
        assert!(down.check_game(GameKind::Oicustiytac).is_ok());
        let err = down.check_game(GameKind::TidesOfWar).unwrap_err();
        assert!(
            err.to_string()
                .contains("Tides of War keeps no `down` tally"),
            "{err}"
        );
        assert!(
            Market::Game { number: 0 }
                .check_game(GameKind::Pic)
                .is_err()
        );
    }
}
