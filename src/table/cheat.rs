//! Cheats at the table: when a character tries one, whether anyone sees it, and what the
//! table remembers of it. The rules engines stay pure: a cheat is a position the table
//! leaves (a valid one), never a move the rules are asked to accept.
//!
//! The sources say nothing of cheating; these are the project's readings, chosen so that a
//! cheat is a moment, not a habit, and skill still decides a match:
//!
//! * **Appetite.** Honesty 10 never cheats and draws nothing, so an honest table replays
//!   exactly as one did before cheats existed. Honesty 0 cheats whenever the cheat pays,
//!   counting the suspicion it raises. Honesty `h` from 1 to 9 is willing to try about
//!   `0.2 × 5^((9 − h) / 4)` times a match (a rare lapse at 9, one in five matches; about
//!   one a match at 5; five at 1), and spends that willingness on its moment: a turn whose
//!   cheat pays at least [`MOMENT`] and more than any it passed up earlier in the game.
//! * **Being seen.** Each other seat sees a cheat with chance
//!   `p₀ = boldness × (0.05 + 2 × (eye/10)²) × (1.15 − 0.9 × level/10)` (a cheat of skill
//!   10 is four times harder to see than one of skill 1; a watcher of eye 9 three times
//!   sharper than one of eye 5, thirty times one of eye 1), raised by suspicion: a
//!   watcher looks `m` times as hard, `p = 1 − (1 − p₀)^m`, at most 0.95, where
//!   `m = (1 + 0.5 × the hand's earlier attempts this match) × (1 + 2 × the times this
//!   watcher has seen this hand cheat) × (1 + 6 × what the cheat changes, as a share of
//!   the game)`: suspicion grows with every attempt, seen or not; a watcher who has seen a
//!   hand cheat watches it three times as hard, through the evening ([`Wary`]); and a
//!   cheat that changes much shows plainly.
//! * **The cost.** A cheat seen suffers the tavern's rule, else the game's custom
//!   ([`crate::games::Facts::on_cheat`]): the game forfeit at Tides of War and Piç, where
//!   a stone or a counter moved is plain theft; the throw lost at Kiust Oyun, where a
//!   tampered throw is void; Òicustiỳtac's rule 2 (a stone brought down, 3 points) as the
//!   seed gives it. `take-back` is a forgiving tavern's house rule.
//! * **The choice.** A character weighs a cheat on one ply of its game's heuristic, as a
//!   share of the game (0 lost, 1 won): the cheat pays when `(1 − p) × gain − p × cost`,
//!   with `p` the chance anyone sees it and `cost` what being seen takes away plus
//!   [`SHAME`], is above [`WORTH`]; and only when `p` is within its nerve, [`NERVE`] ×
//!   `(1 − honesty/10)`: before a sharp eye a sensible cheat keeps its hands still.
//!
//! The cheats draw from a stream of their own ([`cheat_rng`]), never the table's, so a
//! cheat tried or passed up changes nothing of the game's own chance but what the cheat
//! itself changes.

use std::collections::BTreeMap;

use serde::Serialize;

use super::Who;
pub use super::entrant::default_eye;
use crate::ai::TableRng;
use crate::games::{CheatMove, Game, Seat};

/// What a cheat must pay, as a share of the game, before anyone tries it.
pub const WORTH: f32 = 0.01;

/// What a cheat must pay, as a share of the game, to be the moment a character of honesty
/// 1 to 9 spends its willingness on.
pub const MOMENT: f32 = 0.05;

/// What being seen costs beyond the rule's own price, as a share of the game: the shame,
/// and the eyes on the cheat's hands from then on.
pub const SHAME: f32 = 0.1;

/// The most risk of being seen a character of honesty 0 takes; honesty `h` takes
/// `(1 − h/10)` of it: an honest hand shakes.
pub const NERVE: f64 = 0.6;

/// How much harder a watcher looks for each earlier attempt by the same hand this match.
pub const PER_ATTEMPT: f64 = 0.5;

/// How much harder a watcher looks for each time they have seen the same hand cheat.
pub const PER_SIGHTING: f64 = 2.0;

/// How much harder a watcher looks at a cheat for each whole game's worth it changes:
/// the bigger the change, the plainer it shows.
pub const PER_GAIN: f64 = 6.0;

/// The most anyone's chance of seeing a cheat can be.
pub const MOST_SEEN: f64 = 0.95;

/// How plainly a hand of `honesty` shows a cheat to a watcher of `eye`, as a share of the
/// cheat's own boldness: a card-sharp (honesty 0 to 2) has practised the move until a
/// casual eye barely sees it (a third as plain at honesty 0, half at 1, two thirds at 2,
/// before an eye of 0), but practice hides less from a sharp eye: the share left hidden
/// falls with the square of the eye (at eye 9 a sharp's hand shows nearly whole).
/// Anyone else's hand shows a cheat whole.
#[must_use]
pub fn hand(honesty: u8, eye: u8) -> f32 {
    let practised = match honesty {
        0 => 1.0 / 3.0,
        1 => 0.5,
        2 => 2.0 / 3.0,
        _ => return 1.0,
    };
    let e = f32::from(eye.min(10)) / 10.0;
    practised + (1.0 - practised) * e * e
}

/// The most honesty of a card-sharp: a character this dishonest or more has a practised
/// hand ([`hand`]) and the habit of a cheat a game ([`Watch::tempted`]).
pub const SHARP: u8 = 2;

/// How a seat's occupant behaves at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Manners {
    /// 0 (cheats whenever it pays) to 10 (never).
    pub honesty: u8,
    /// 0 to 10: how well they spot a cheat.
    pub eye: u8,
    /// Their skill as a rough level, 1 to 10: a skilled hand is harder to see.
    pub level: u8,
    /// Their figures for the party's checks (used where the table plays by the d20).
    pub figures: super::checks::Figures,
}

pub use crate::games::OnCheat;

/// What a tavern does to someone who accuses another wrongly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum OnFalseAccusation {
    /// Nothing: an apology and a round of drinks.
    #[default]
    Nothing,
    /// The accuser loses the game.
    ForfeitGame,
}

/// The chance that a watcher of `eye` sees a cheat of `boldness` by a cheat of `level`,
/// before any suspicion.
#[must_use]
pub fn seen_chance(boldness: f32, eye: u8, level: u8) -> f64 {
    let b = f64::from(boldness);
    let e = f64::from(eye.min(10)) / 10.0;
    let l = f64::from(level.clamp(1, 10)) / 10.0;
    (b * (0.05 + 2.0 * e * e) * (1.15 - 0.9 * l)).clamp(0.0, MOST_SEEN)
}

/// A chance of seeing `p₀` when the watcher looks `m` times as hard.
#[must_use]
pub fn watched(p0: f64, m: f64) -> f64 {
    (1.0 - (1.0 - p0).powf(m.max(1.0))).min(MOST_SEEN)
}

/// How many times a match a character of `honesty` 1 to 9 is willing to try a cheat:
/// `0.2 × 5^((9 − h) / 4)`.
#[must_use]
pub fn appetite(honesty: u8) -> f64 {
    0.2 * 5f64.powf((9.0 - f64::from(honesty.min(9))) / 4.0)
}

/// The cheats' own generator for the match of `seed`.
#[must_use]
pub fn cheat_rng(seed: u64) -> TableRng {
    crate::ai::table_rng(crate::seed::derive(seed, crate::seed::Purpose::Cheats, &[]))
}

/// Who has seen whom cheat, and how often: what an evening carries from match to match,
/// by name (a watcher, then the cheat they saw). A count may be fractional, a memory
/// fading.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Wary {
    #[serde(serialize_with = "wary_pairs")]
    seen: BTreeMap<(String, String), f64>,
}

fn wary_pairs<S: serde::Serializer>(
    seen: &BTreeMap<(String, String), f64>,
    s: S,
) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Pair<'a> {
        watcher: &'a str,
        cheat: &'a str,
        seen: f64,
    }
    s.collect_seq(seen.iter().map(|((w, c), &n)| Pair {
        watcher: w,
        cheat: c,
        seen: n,
    }))
}

impl Wary {
    /// How many times `watcher` has seen `cheat` cheat.
    #[must_use]
    pub fn seen(&self, watcher: &str, cheat: &str) -> f64 {
        self.seen
            .get(&(watcher.to_owned(), cheat.to_owned()))
            .copied()
            .unwrap_or(0.0)
    }

    /// Counts `times` more sightings of `cheat` by `watcher`.
    pub fn add(&mut self, watcher: &str, cheat: &str, times: f64) {
        if times > 0.0 && watcher != cheat {
            *self
                .seen
                .entry((watcher.to_owned(), cheat.to_owned()))
                .or_insert(0.0) += times;
        }
    }

    /// Whether nobody has seen anybody.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }

    /// Every sighting: the watcher, the cheat, how often.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str, f64)> {
        self.seen
            .iter()
            .map(|((w, c), &n)| (w.as_str(), c.as_str(), n))
    }

    /// This memory with every sighting of the match `log` added: what the next match of
    /// the evening starts from.
    #[must_use]
    pub fn after(&self, log: &super::MatchLog) -> Wary {
        let mut out = self.clone();
        for (_, aside) in log.asides() {
            if let super::Aside::Cheat { by, seen_by, .. } = aside {
                for &w in seen_by {
                    out.add(&log.entrant(w).name, &log.entrant(*by).name, 1.0);
                }
            }
        }
        out
    }

    /// This memory without the sightings fainter than `least`.
    #[must_use]
    pub fn forgetting(mut self, least: f64) -> Wary {
        self.seen.retain(|_, n| *n >= least);
        self
    }

    /// This memory and `other`'s together, sightings of the same pair added.
    #[must_use]
    pub fn with(mut self, other: &Wary) -> Wary {
        for (w, c, n) in other.iter() {
            self.add(w, c, n);
        }
        self
    }

    /// Only the sightings among `names` (the others' do not sit at this table).
    #[must_use]
    pub fn among(&self, names: &[String]) -> Wary {
        Wary {
            seen: self
                .seen
                .iter()
                .filter(|((w, c), _)| names.contains(w) && names.contains(c))
                .map(|(k, &v)| (k.clone(), v))
                .collect(),
        }
    }
}

/// A sighting as `--wary` takes it: `WATCHER:CHEAT`, with `=TIMES` when not once.
#[must_use]
pub fn wary_word(watcher: &str, cheat: &str, times: f64) -> String {
    if (times - 1.0).abs() < 1e-9 {
        format!("{watcher}:{cheat}")
    } else {
        format!("{watcher}:{cheat}={times}")
    }
}

/// A `--wary` word that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "--wary takes WATCHER:CHEAT (the watcher has seen the cheat at it once) or WATCHER:CHEAT=TIMES, not `{0}`"
)]
pub struct WaryError(pub String);

impl Wary {
    /// Sightings from `--wary` words.
    ///
    /// # Errors
    /// A word that is not `WATCHER:CHEAT[=TIMES]`, with TIMES a number from 0 to 100.
    pub fn from_words(words: &[String]) -> Result<Wary, WaryError> {
        let mut out = Wary::default();
        for word in words {
            let bad = || WaryError(word.clone());
            let (pair, times) = match word.rsplit_once('=') {
                Some((pair, n)) => {
                    let n: f64 = n.trim().parse().map_err(|_| bad())?;
                    if !(0.0..=100.0).contains(&n) {
                        return Err(bad());
                    }
                    (pair, n)
                }
                None => (word.as_str(), 1.0),
            };
            let (w, c) = pair.split_once(':').ok_or_else(bad)?;
            let (w, c) = (w.trim(), c.trim());
            if w.is_empty() || c.is_empty() {
                return Err(bad());
            }
            out.seen
                .entry((w.to_owned(), c.to_owned()))
                .and_modify(|x| *x += times)
                .or_insert(times);
        }
        Ok(out)
    }
}

/// What the table remembers of cheats through a match, by entrant: each one's attempts,
/// who has seen whom, each one's willingness left, and the cheats' own generator.
#[derive(Clone, Debug)]
pub struct Marks {
    /// Attempts this match, by entrant.
    pub tries: Vec<u32>,
    /// `seen[watcher][cheat]`: sightings, from the evening and this match.
    pub seen: Vec<Vec<f64>>,
    /// Attempts each is still willing to make this match (`None`: whenever it pays).
    willing: Vec<Option<u32>>,
    /// This game: the best cheat each passed up, as a share of the game.
    passed: Vec<f32>,
    /// This game: each one's attempts.
    this_game: Vec<u32>,
    /// The cheats' own generator.
    rng: TableRng,
    /// The party's Insight checks' own generator, made when first wanted.
    checks: Option<TableRng>,
    /// The match's seed.
    seed: u64,
}

impl Marks {
    /// The table's memory at the start of a match between `entrants` of `honesty` (by
    /// entrant), remembering `wary` of the evening, drawing from the match's `seed`.
    #[must_use]
    pub fn new(names: &[String], honesty: &[u8], wary: &Wary, seed: u64) -> Marks {
        let mut rng = cheat_rng(seed);
        let willing = honesty
            .iter()
            .map(|&h| match h {
                0 => None,
                h if h >= 10 => Some(0),
                h => {
                    let a = appetite(h);
                    let extra = rand::RngExt::random::<f64>(&mut rng) < a.fract();
                    Some(a.floor() as u32 + u32::from(extra))
                }
            })
            .collect();
        let n = names.len();
        Marks {
            tries: vec![0; n],
            seen: names
                .iter()
                .map(|w| names.iter().map(|c| wary.seen(w, c)).collect())
                .collect(),
            willing,
            passed: vec![0.0; n],
            this_game: vec![0; n],
            rng,
            checks: None,
            seed,
        }
    }

    /// The generator of the party's Insight checks: a stream of its own, so a check
    /// changes nothing of the cheats' draws.
    pub fn checks_rng(&mut self) -> &mut TableRng {
        let seed = self.seed;
        self.checks.get_or_insert_with(|| {
            crate::ai::table_rng(crate::seed::derive(seed, crate::seed::Purpose::Checks, &[]))
        })
    }

    /// The tries each entrant is still willing to make this match (`None`: whenever it
    /// pays).
    #[must_use]
    pub fn willing(&self) -> &[Option<u32>] {
        &self.willing
    }

    /// A game begins: nothing passed up yet.
    pub fn new_game(&mut self) {
        self.passed.iter_mut().for_each(|p| *p = 0.0);
        self.this_game.iter_mut().for_each(|t| *t = 0);
    }
}

/// The table's watch over one game: each seat's manners, the tavern's rules, and the
/// match's memory of cheats.
#[derive(Debug)]
pub struct Watch<'m> {
    /// By seat.
    pub manners: Vec<Manners>,
    /// The entrant at each seat.
    pub who: Vec<Who>,
    /// The tavern's rules.
    pub rules: TableRules,
    /// What the table remembers this match.
    pub marks: &'m mut Marks,
    /// Everyone at the match, by entrant.
    pub entrants: &'m [super::Entrant],
    /// Whether cheats are decided by a d20 plus Sleight of Hand against each watcher's
    /// passive Perception ([`super::checks`]) rather than by the chances above.
    pub d20: bool,
}

/// How good `pos` looks to `seat`, as a share of the game: its reward when over, else
/// the heuristic moved to `0..=1`.
fn value<G: Game>(pos: &G, seat: Seat) -> f32 {
    match pos.outcome() {
        Some(o) => o.reward(seat, pos.players()) as f32,
        None => f32::midpoint(pos.heuristic(seat).clamp(-1.0, 1.0), 1.0),
    }
}

/// How good `pos` looks to `seat` a ply ahead when `seat` is to move: the best of its
/// moves (the position's own value otherwise).
fn outlook<G: Game>(pos: &G, seat: Seat, buf: &mut Vec<G::Move>) -> f32 {
    if pos.outcome().is_some() {
        return value(pos, seat);
    }
    buf.clear();
    pos.legal_moves(buf);
    let best = buf.iter().fold(f32::NEG_INFINITY, |best, &mv| {
        let mut child = pos.clone();
        child.play_unchecked(mv, &mut ());
        best.max(value(&child, seat))
    });
    if best == f32::NEG_INFINITY {
        value(pos, seat)
    } else {
        best
    }
}

/// How good `pos` looks to `seat` once the seat to move there has made its best move
/// (by its own judgement): `seat`'s own value when it is `seat`'s turn, or chance's.
fn reply<G: Game>(pos: &G, seat: Seat) -> f32 {
    let crate::games::Turn::Seat(mover) = pos.turn() else {
        return value(pos, seat);
    };
    if mover == seat {
        return value(pos, seat);
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut best: Option<(f32, f32)> = None;
    for &mv in &moves {
        let mut child = pos.clone();
        child.play_unchecked(mv, &mut ());
        let theirs = value(&child, mover);
        if best.is_none_or(|(b, _)| theirs > b) {
            best = Some((theirs, value(&child, seat)));
        }
    }
    best.map_or_else(|| value(pos, seat), |(_, mine)| mine)
}

/// A cheat weighed: what it is, the chance anyone sees it, and what it is worth to try.
#[derive(Clone, Debug)]
pub struct Weighed<G> {
    /// The cheat.
    pub cheat: CheatMove<G>,
    /// How much better the game looks to the cheat after it, as a share of the game.
    pub gain: f32,
    /// The chance that somebody sees it.
    pub risk: f64,
    /// What trying it is worth, as a share of the game: `(1 − risk) × gain − risk × cost`.
    pub worth: f32,
}

impl Watch<'_> {
    /// The chance each other seat sees a cheat of `boldness` by `seat` now, by seat.
    #[must_use]
    pub fn chances(&self, seat: Seat, boldness: f32, gain: f32) -> Vec<(Seat, f64)> {
        let level = self.manners[seat.index()].level;
        let honesty = self.manners[seat.index()].honesty;
        let cheat = self.who[seat.index()].index();
        let tries = f64::from(self.marks.tries[cheat]);
        let plain = 1.0 + PER_GAIN * f64::from(gain.max(0.0));
        if self.d20 {
            let soh = self.manners[seat.index()].figures.sleight_of_hand;
            return (0..self.manners.len())
                .filter(|&i| i != seat.index())
                .map(|i| {
                    let dc = self.watch_dc(seat, Seat(i as u8));
                    (Seat(i as u8), super::checks::falls_short(soh, dc))
                })
                .collect();
        }
        (0..self.manners.len())
            .filter(|&i| i != seat.index())
            .map(|i| {
                let eye = self.manners[i].eye;
                let p0 = seen_chance(boldness * hand(honesty, eye), eye, level);
                let sightings = self.marks.seen[self.who[i].index()][cheat];
                let m = (1.0 + PER_ATTEMPT * tries) * (1.0 + PER_SIGHTING * sightings) * plain;
                (Seat(i as u8), watched(p0, m))
            })
            .collect()
    }

    /// The chance that anybody sees a cheat of `boldness` by `seat` now.
    #[must_use]
    pub fn risk(&self, seat: Seat, boldness: f32, gain: f32) -> f64 {
        if self.d20 {
            // One roll against every watcher: seen when it falls short of the sharpest.
            let most = (0..self.manners.len())
                .filter(|&i| i != seat.index())
                .map(|i| self.watch_dc(seat, Seat(i as u8)))
                .max();
            let soh = self.manners[seat.index()].figures.sleight_of_hand;
            return most.map_or(0.0, |dc| super::checks::falls_short(soh, dc));
        }
        1.0 - self
            .chances(seat, boldness, gain)
            .iter()
            .map(|(_, p)| 1.0 - p)
            .product::<f64>()
    }

    /// What being seen takes from `seat`, as a share of the game, in `pos` whose value to
    /// it is `now`: the whole game when the tavern makes it forfeit; under Òicustiỳtac's
    /// rule 2 what the stone the opponent chooses to bring down costs.
    fn cost<G: Game>(&self, pos: &G, seat: Seat, now: f32) -> f32 {
        if G::FACTS.rule_two {
            let by = seat.next(pos.players());
            let mut options = Vec::new();
            pos.penalties(by, seat, &mut options);
            let worst = options
                .iter()
                .map(|(after, _)| value(after, seat))
                .fold(f32::INFINITY, f32::min);
            return if worst.is_finite() {
                (now - worst).max(0.02)
            } else {
                0.02
            };
        }
        SHAME
            + match self.rules.on_cheat_at::<G>() {
                OnCheat::TakeBack => 0.02,
                OnCheat::ForfeitStakes => 0.1,
                OnCheat::ForfeitGame => now.max(0.0),
                OnCheat::LoseTurn => match pos.lose_turn() {
                    Some(after) => (now - reply(&after, seat)).max(0.02),
                    None => 0.02,
                },
            }
    }

    /// Every cheat `seat` could try in `pos` that leaves the game going, weighed, the one
    /// worth most first.
    fn weigh_all<G: Game>(&self, pos: &G, seat: Seat) -> Vec<Weighed<G>> {
        let mut cheats = Vec::new();
        pos.cheats(seat, &mut cheats);
        // Only a cheat that leaves the game going with the cheat to move: the table never
        // leaves a position the rules would call over, or one the seat cannot move from.
        let mut moves = Vec::new();
        cheats.retain(|c| {
            moves.clear();
            c.after.legal_moves(&mut moves);
            c.after.outcome().is_none() && c.after.turn() == pos.turn() && !moves.is_empty()
        });
        if cheats.is_empty() {
            return Vec::new();
        }
        let mut buf = Vec::new();
        let now = outlook(pos, seat, &mut buf);
        let cost = self.cost(pos, seat, now);
        let mut weighed: Vec<Weighed<G>> = cheats
            .into_iter()
            .map(|c| {
                let gain = outlook(&c.after, seat, &mut buf) - now;
                let risk = self.risk(seat, c.boldness, gain);
                let worth = (1.0 - risk as f32) * gain - risk as f32 * cost;
                Weighed {
                    cheat: c,
                    gain,
                    risk,
                    worth,
                }
            })
            .collect();
        weighed.sort_by(|a, b| b.worth.total_cmp(&a.worth));
        weighed
    }

    /// Whether a weighed cheat reads back as the same game going on, so that a replay of
    /// the log (which sets the position the cheat left) plays on exactly as the table did
    /// (written and read only for the few worth weighing).
    fn reads_back<G: Game>(w: &Weighed<G>) -> bool {
        format!("{:#}", w.cheat.after)
            .parse::<G>()
            .is_ok_and(|p| p.turn() == w.cheat.after.turn() && p.outcome().is_none())
    }

    /// The cheats `seat` may try in `pos` (at most `most`), the most worth first: what a
    /// person who asks to cheat chooses from.
    pub fn offers<G: Game>(&self, pos: &G, seat: Seat, most: usize) -> Vec<Weighed<G>> {
        self.weigh_all(pos, seat)
            .into_iter()
            .filter(Self::reads_back)
            .take(most)
            .collect()
    }

    /// Whether `seat`'s character tries a cheat now, and which: by its appetite, when it
    /// pays, and for honesty 1 to 9 only at its moment; and a card-sharp's habit (honesty
    /// 0 to 2): in a game where it has tried nothing yet, the cheat a watcher is least
    /// likely to see of those that gain more than [`WORTH`], within its nerve, whether
    /// or not it pays.
    pub fn tempted<G: Game>(&mut self, pos: &G, seat: Seat) -> Option<Weighed<G>> {
        let e = self.who[seat.index()].index();
        let honesty = self.manners[seat.index()].honesty;
        if honesty >= 10 || self.marks.willing[e] == Some(0) {
            return None;
        }
        let weighed = self.weigh_all(pos, seat);
        let nerve = NERVE * (1.0 - f64::from(honesty) / 10.0);
        let best = weighed.iter().find(|w| Self::reads_back(*w))?;
        let pays = best.worth > WORTH && best.risk <= nerve;
        let chosen = match self.marks.willing[e] {
            None if pays => Some(best),
            Some(_) if pays => {
                let passed = self.marks.passed[e];
                if best.worth < MOMENT || best.worth <= passed {
                    self.marks.passed[e] = passed.max(best.worth);
                    None
                } else {
                    Some(best)
                }
            }
            _ => None,
        };
        let chosen = chosen.or_else(|| {
            (honesty <= SHARP && self.marks.this_game[e] == 0)
                .then(|| {
                    weighed
                        .iter()
                        .filter(|w| w.gain > WORTH && w.risk <= nerve)
                        .min_by(|a, b| a.risk.total_cmp(&b.risk))
                        .filter(|w| Self::reads_back(*w))
                })
                .flatten()
        })?;
        let chosen = chosen.clone();
        if let Some(left) = self.marks.willing[e] {
            self.marks.willing[e] = Some(left - 1);
        }
        Some(chosen)
    }

    /// Who sees a cheat of `boldness` by `seat`: a draw per other seat, in seat order, from
    /// the cheats' own generator; the attempt and every sighting are remembered.
    pub fn watchers(&mut self, seat: Seat, boldness: f32, gain: f32) -> Vec<Seat> {
        let chances = self.chances(seat, boldness, gain);
        let seen: Vec<Seat> = chances
            .into_iter()
            .filter(|&(_, p)| rand::RngExt::random::<f64>(&mut self.marks.rng) < p)
            .map(|(s, _)| s)
            .collect();
        self.remember(seat, &seen);
        seen
    }

    /// What watcher `by` needs a cheat of `seat`'s to meet now: their passive Perception
    /// raised by suspicion ([`super::checks::watch_dc`]).
    #[must_use]
    pub fn watch_dc(&self, seat: Seat, by: Seat) -> u8 {
        let cheat = self.who[seat.index()].index();
        super::checks::watch_dc(
            self.manners[by.index()].figures.passive_perception,
            self.marks.tries[cheat],
            self.marks.seen[self.who[by.index()].index()][cheat],
        )
    }

    /// Who sees a cheat by `seat` whose d20 fell `d20`: every other seat whose watch the
    /// total falls short of; the attempt and every sighting are remembered.
    pub fn rolled(&mut self, seat: Seat, d20: u8) -> (Vec<Seat>, super::checks::CheatRoll) {
        let modifier = self.manners[seat.index()].figures.sleight_of_hand;
        let watchers: Vec<super::checks::Watcher> = (0..self.manners.len())
            .filter(|&i| i != seat.index())
            .map(|i| {
                let dc = self.watch_dc(seat, Seat(i as u8));
                super::checks::Watcher {
                    who: self.who[i],
                    passive: self.manners[i].figures.passive_perception,
                    dc,
                    saw: !super::checks::meets(d20, modifier, dc),
                }
            })
            .collect();
        let seen: Vec<Seat> = (0..self.manners.len())
            .filter(|&i| i != seat.index())
            .zip(&watchers)
            .filter(|(_, w)| w.saw)
            .map(|(i, _)| Seat(i as u8))
            .collect();
        self.remember(seat, &seen);
        let roll = super::checks::CheatRoll {
            d20,
            modifier,
            total: i16::from(d20) + i16::from(modifier),
            watchers,
        };
        (seen, roll)
    }

    /// The cheats' own generator, for a d20 the table rolls.
    pub fn rng(&mut self) -> &mut TableRng {
        &mut self.marks.rng
    }

    /// Remembers an attempt by `seat` and who saw it.
    fn remember(&mut self, seat: Seat, seen: &[Seat]) {
        let cheat = self.who[seat.index()].index();
        self.marks.tries[cheat] += 1;
        self.marks.this_game[cheat] += 1;
        for s in seen {
            self.marks.seen[self.who[s.index()].index()][cheat] += 1.0;
        }
    }
}

/// The tavern's rules for what happens at the table around the games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableRules {
    /// What a cheat who is seen suffers, when the tavern keeps a rule of its own; else
    /// each game's custom ([`crate::games::Facts::on_cheat`]).
    pub on_cheat: Option<OnCheat>,
    /// What a wrong accusation costs.
    pub on_false_accusation: OnFalseAccusation,
}

impl TableRules {
    /// These rules, with what they leave unset taken from the tavern's (whose rule for a
    /// wrong accusation always holds).
    #[must_use]
    pub fn or(self, tavern: TableRules) -> TableRules {
        TableRules {
            on_cheat: self.on_cheat.or(tavern.on_cheat),
            on_false_accusation: tavern.on_false_accusation,
        }
    }

    /// What a cheat seen suffers at a game of `G`: the tavern's rule, else the game's
    /// custom.
    #[must_use]
    pub fn on_cheat_at<G: Game>(&self) -> OnCheat {
        self.on_cheat.unwrap_or(G::FACTS.on_cheat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chance_of_being_seen_falls_with_the_cheat_s_skill_and_rises_with_the_eye() {
        // By hand: 0.5 × (0.05 + 2 × 0.8²) × (1.15 − 0.9 × 0.2) = 0.5 × 1.33 × 0.97.
        assert!((seen_chance(0.5, 8, 2) - 0.5 * 1.33 * 0.97).abs() < 1e-12);
        for eye in 0..=10 {
            for level in 1..10 {
                assert!(seen_chance(0.2, eye, level + 1) < seen_chance(0.2, eye, level));
            }
        }
        for level in 1..=10 {
            for eye in 0..10 {
                assert!(seen_chance(0.2, eye + 1, level) > seen_chance(0.2, eye, level));
            }
        }
        assert!(seen_chance(1.0, 10, 1) <= MOST_SEEN);
        assert!(seen_chance(0.0, 10, 1) == 0.0);
    }

    #[test]
    fn looking_harder_is_looking_again() {
        // Looking twice as hard is two independent looks: 1 − 0.8² = 0.36.
        assert!((watched(0.2, 2.0) - 0.36).abs() < 1e-12);
        assert!((watched(0.2, 1.0) - 0.2).abs() < 1e-12);
        assert!(watched(0.5, 100.0) <= MOST_SEEN);
        for m in 1..20 {
            assert!(watched(0.1, f64::from(m + 1)) > watched(0.1, f64::from(m)));
        }
    }

    #[test]
    fn appetite_runs_from_a_rare_lapse_to_a_habit() {
        assert!((appetite(9) - 0.2).abs() < 1e-12);
        assert!((appetite(5) - 1.0).abs() < 1e-12);
        assert!((appetite(1) - 5.0).abs() < 1e-12);
        for h in 1..9 {
            assert!(appetite(h) > appetite(h + 1));
        }
    }

    #[test]
    fn willingness_is_drawn_for_the_dishonest_only_and_averages_the_appetite() {
        let names: Vec<String> = vec!["A".into(), "B".into()];
        let mut total = 0u32;
        for seed in 0..4000 {
            let m = Marks::new(&names, &[5, 10], &Wary::default(), seed);
            assert_eq!(m.willing[1], Some(0));
            total += m.willing[0].unwrap();
            let m = Marks::new(&names, &[9, 0], &Wary::default(), seed);
            assert!(m.willing[0].unwrap() <= 1);
            assert_eq!(m.willing[1], None);
        }
        assert_eq!(total, 4000, "honesty 5: exactly one a match");
        let lapses: u32 = (0..4000)
            .map(|seed| Marks::new(&names, &[9, 10], &Wary::default(), seed).willing[0].unwrap())
            .sum();
        // 0.2 a match: 800 of 4000, give or take sampling (sd about 25).
        assert!((700..900).contains(&lapses), "{lapses}");
    }

    #[test]
    fn the_evening_remembers_who_saw_whom() {
        let mut w = Wary::default();
        w.add("Ysolde", "Mirela", 1.0);
        w.add("Ysolde", "Mirela", 1.0);
        w.add("Mirela", "Mirela", 1.0);
        assert_eq!(w.seen("Ysolde", "Mirela"), 2.0);
        assert_eq!(w.seen("Mirela", "Ysolde"), 0.0);
        assert_eq!(w.seen("Mirela", "Mirela"), 0.0, "nobody watches themselves");
        let names: Vec<String> = vec!["Mirela".into(), "Ysolde".into(), "Pip".into()];
        let m = Marks::new(&names, &[2, 10, 10], &w, 1);
        assert_eq!(m.seen[1][0], 2.0);
        assert_eq!(m.seen[0][1], 0.0);
        assert!(w.among(&names[..1]).is_empty());
    }
}
