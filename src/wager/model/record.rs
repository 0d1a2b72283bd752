//! The bookie's evidence: real matches of `play`'s own players at tables drawn at random,
//! each game kept as a [`Record`] of who sat where, under which rules, what the table
//! remembered of cheats when it began, how it went and every cheat tried. The model
//! ([`super::fit`]) is fitted from them; the refit (`examples/tools/fit_bookie.rs`) plays
//! them, and a test plays a few again to say when they are stale.
//!
//! A table is drawn from its seed ([`draw`]) so that the records replay: the game's table
//! size (Piç: two seats two times in five, else three, four or five), each seat's
//! make-up (one in five a built-in character's at that game; else a skill of 1 to 10, a
//! second seat's within two levels of the first half the time, any temperament, honesty
//! 10 half the time and else 0 to 9 with the card-sharps' 0 to 2 drawn twice as often, and
//! the eye a character file would give half the time, else 0 to 10), the house rules (the
//! game's own three times in four, else one of the values [`crate::games::RuleOption`]
//! samples), the tavern's rule for a cheat seen (the custom seven times in ten), and one
//! table in ten that remembers sightings from an earlier match. Each is played as a match
//! of the game's default format, so that the second and third games begin with what the
//! first left: tries, sightings, willingness spent.

use serde::{Deserialize, Serialize};

use super::Profile;
use crate::ai::{Effort, Skill, Temperament};
use crate::games::{End, Game, GameKind, OnCheat, Seat};
use crate::seed::{Purpose, derive};
use crate::table::cheat::{Marks, Wary};
use crate::table::{
    Aside, DEFAULT_DRAW_CAP, Entrant, Format, GameLog, MatchSettings, RuleError, RuleOptions,
    TableError, TableRules, Who, play_match,
};

/// A cheat tried in a recorded game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Try {
    /// The seat that tried it.
    pub seat: usize,
    /// The chance the table gave of its being seen.
    pub risk: f64,
    /// The tries the same hand made before it this match.
    pub earlier: u32,
    /// Whether anyone saw it.
    pub seen: bool,
    /// The seats that saw it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seen_by: Vec<usize>,
}

/// One real game, as the fit reads it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The game.
    pub game: GameKind,
    /// Who sat at each seat (seat 0 moved first).
    pub seats: Vec<Profile>,
    /// The house rules, as `--rule` words (none: the game's own).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
    /// What a cheat seen suffered, when the tavern kept a rule (else the game's custom).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<OnCheat>,
    /// Which game of its match it was, from 1.
    pub number: u32,
    /// By seat: the tries each had made earlier in the match.
    pub earlier: Vec<u32>,
    /// `seen[watcher][cheat]` by seat: the sightings the table remembered when it began.
    pub seen: Vec<Vec<f64>>,
    /// By seat: the tries each was still willing to make (`None`: whenever it pays).
    pub willing: Vec<Option<u32>>,
    /// The winning seats (none: drawn).
    pub winners: Vec<usize>,
    /// How it ended.
    pub end: End,
    /// Each seat's tallies, in the game's order of tallies.
    pub tallies: Vec<Vec<i64>>,
    /// Every cheat tried, in order.
    pub tries: Vec<Try>,
}

impl Record {
    /// The rule a cheat seen suffered.
    #[must_use]
    pub fn rule(&self) -> OnCheat {
        if self.game.facts().rule_two {
            return self.game.facts().on_cheat;
        }
        self.rule.unwrap_or(self.game.facts().on_cheat)
    }

    /// How many seats.
    #[must_use]
    pub fn players(&self) -> usize {
        self.seats.len()
    }

    /// The tries by `seat` that stood (nobody saw them).
    #[must_use]
    pub fn stood(&self, seat: usize) -> u32 {
        self.tries
            .iter()
            .filter(|t| t.seat == seat && !t.seen)
            .count() as u32
    }

    /// The tries by `seat` that were seen.
    #[must_use]
    pub fn caught(&self, seat: usize) -> u32 {
        self.tries
            .iter()
            .filter(|t| t.seat == seat && t.seen)
            .count() as u32
    }

    /// Whether a cheat seen forfeited it, and whose.
    #[must_use]
    pub fn forfeit_by(&self) -> Option<usize> {
        (self.end == End::Forfeit)
            .then(|| self.tries.iter().find(|t| t.seen).map(|t| t.seat))
            .flatten()
    }
}

/// A table drawn for the fit: its players in the order named, the house rules, the
/// tavern's rule for a cheat seen and what the table remembers from earlier
/// (`wary[watcher][cheat]`, by entrant).
#[derive(Clone, Debug, PartialEq)]
pub struct Drawn {
    /// The game.
    pub kind: GameKind,
    /// The players, in the order named.
    pub players: Vec<Profile>,
    /// The house rules, as `--rule` words.
    pub rules: Vec<String>,
    /// The tavern's rule for a cheat seen, when not the custom.
    pub rule: Option<OnCheat>,
    /// Sightings from an earlier match, by entrant.
    pub wary: Vec<Vec<f64>>,
}

/// A number in `0..n` from the draw `seed` for `part`.
fn below(seed: u64, part: u64, n: u64) -> u64 {
    derive(seed, Purpose::ModelFit, &[part]) % n
}

/// The make-up at each game of the characters built into taproom, in the roster's order
/// (the roster, a floor above, hands it down: `Roster::profiles_at`). A fifth of the
/// fit's seats are one of them.
pub type Regulars<'a> = &'a dyn Fn(GameKind) -> Vec<Profile>;

/// One seat's make-up, drawn from `seed`; `near` a skill it is drawn close to; one of the
/// `regulars` a fifth of the time.
fn profile(seed: u64, near: Option<u8>, regulars: &[Profile]) -> Profile {
    if below(seed, 1, 5) == 0 && !regulars.is_empty() {
        return regulars[below(seed, 2, regulars.len() as u64) as usize];
    }
    let level = match near {
        Some(l) if below(seed, 3, 2) == 0 => {
            let step = below(seed, 4, 5) as i32 - 2;
            (i32::from(l) + step).clamp(1, 10) as u8
        }
        _ => 1 + below(seed, 5, 10) as u8,
    };
    let temperament = Temperament::ALL[below(seed, 6, 5) as usize];
    let honesty = if below(seed, 7, 2) == 0 {
        10
    } else {
        // 0 to 9 with 0, 1 and 2 twice as likely: 13 draws.
        match below(seed, 8, 13) {
            x @ 0..=5 => (x / 2) as u8,
            x => (x - 3) as u8,
        }
    };
    let skill = Skill::Level(level);
    let eye = if below(seed, 9, 2) == 0 {
        crate::table::cheat::default_eye(skill, temperament)
    } else {
        below(seed, 10, 11) as u8
    };
    Profile {
        skill,
        temperament,
        honesty,
        eye,
    }
}

/// The table of draw `seed` at `kind`.
#[must_use]
pub fn draw(kind: GameKind, seed: u64, regulars: &[Profile]) -> Drawn {
    let facts = kind.facts();
    let players = if facts.max_players > 2 && below(seed, 20, 5) >= 2 {
        3 + below(seed, 21, 3) as usize
    } else {
        facts.min_players
    };
    draw_sized(kind, seed, players, regulars)
}

/// The table of draw `seed` at `kind` with `players` seats.
#[must_use]
pub fn draw_sized(kind: GameKind, seed: u64, players: usize, regulars: &[Profile]) -> Drawn {
    let facts = kind.facts();
    let mut profiles: Vec<Profile> = Vec::with_capacity(players);
    for p in 0..players {
        let near = profiles.first().map(Profile::level);
        let near = near.map(|l| l.round() as u8);
        profiles.push(profile(
            derive(seed, Purpose::ModelFit, &[100 + p as u64]),
            near,
            regulars,
        ));
    }
    let mut rules = Vec::new();
    if below(seed, 30, 4) == 0 && !facts.rules.is_empty() {
        let option = &facts.rules[below(seed, 31, facts.rules.len() as u64) as usize];
        let value = option.samples[below(seed, 32, option.samples.len() as u64) as usize];
        rules.push(format!("{}={value}", option.key));
    }
    let rule = if facts.rule_two || below(seed, 40, 10) < 7 {
        None
    } else {
        let others: Vec<OnCheat> = [
            OnCheat::ForfeitGame,
            OnCheat::LoseTurn,
            OnCheat::TakeBack,
            OnCheat::ForfeitStakes,
        ]
        .into_iter()
        .filter(|&r| r != facts.on_cheat)
        .collect();
        Some(others[below(seed, 41, others.len() as u64) as usize])
    };
    let mut wary = vec![vec![0.0; players]; players];
    if below(seed, 50, 10) == 0 {
        for (w, row) in wary.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                if w != c
                    && profiles[c].honesty < 10
                    && below(seed, 51 + (w * 5 + c) as u64, 3) == 0
                {
                    *cell = 1.0 + below(seed, 80 + (w * 5 + c) as u64, 2) as f64;
                }
            }
        }
    }
    Drawn {
        kind,
        players: profiles,
        rules,
        rule,
        wary,
    }
}

/// A name for entrant `i` of a drawn table.
fn name(i: usize) -> String {
    format!("P{i}")
}

/// The entrants of a drawn table, named `P0`, `P1`, ...
#[must_use]
pub fn entrants(drawn: &Drawn) -> Vec<Entrant> {
    drawn
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut e = Entrant::new(&name(i), p.skill, p.temperament);
            e.honesty = p.honesty;
            e.eye = p.eye;
            e
        })
        .collect()
}

/// The drawn table's memory of sightings, by name.
fn wary_of(drawn: &Drawn) -> Wary {
    let mut wary = Wary::default();
    for (w, row) in drawn.wary.iter().enumerate() {
        for (c, &n) in row.iter().enumerate() {
            wary.add(&name(w), &name(c), n);
        }
    }
    wary
}

/// Why a drawn table could not be played.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The game refuses its house rules.
    #[error(transparent)]
    Rules(#[from] RuleError),
    /// The match could not be played.
    #[error(transparent)]
    Table(#[from] TableError),
}

/// How `play` would play the drawn table's match from `seed`: the game's default format
/// and draw cap, its house rules, the tavern's rule and the table's memory.
fn settings<G: Game>(drawn: &Drawn, seed: u64) -> Result<MatchSettings<G>, RecordError> {
    Ok(MatchSettings::<G> {
        format: Format::default_for(G::KIND),
        draw_cap: DEFAULT_DRAW_CAP,
        options: RuleOptions::from_pairs(&drawn.rules)?.options::<G>()?,
        seed,
        effort: Effort::Full,
        table: TableRules {
            on_cheat: drawn.rule,
            ..TableRules::default()
        },
        wary: wary_of(drawn),
    })
}

/// The drawn table as the model prices it: the match [`play`] plays.
#[must_use]
pub fn model_table(drawn: &Drawn) -> super::Table {
    crate::games::with_game!(drawn.kind, G => super::Table {
        kind: drawn.kind,
        players: drawn.players.clone(),
        format: Format::default_for(drawn.kind),
        draw_cap: DEFAULT_DRAW_CAP,
        rules: drawn.rules.clone(),
        on_cheat: TableRules {
            on_cheat: drawn.rule,
            ..TableRules::default()
        }
        .on_cheat_at::<G>(),
        wary: drawn.wary.clone(),
    })
}

/// Who won the drawn table's match (the game's default format) played from `seed` as
/// `play` plays it: the entrants sharing the win, none when it stood drawn.
///
/// # Errors
/// Rules the game refuses, or a match that cannot be played.
pub fn match_winners(drawn: &Drawn, seed: u64) -> Result<Vec<Who>, RecordError> {
    crate::games::with_game!(drawn.kind, G => {
        let log = play_match::<G>(&entrants(drawn), &settings::<G>(drawn, seed)?)?;
        Ok(log.winners)
    })
}

/// Plays the drawn table's match (the game's default format) from `seed` as `play` plays
/// it, and keeps each game as a record.
///
/// # Errors
/// Rules the game refuses, or a match that cannot be played.
pub fn play<G: Game>(drawn: &Drawn, seed: u64) -> Result<Vec<Record>, RecordError> {
    let entrants = entrants(drawn);
    let settings = settings::<G>(drawn, seed)?;
    let wary = settings.wary.clone();
    let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
    let honesty: Vec<u8> = entrants.iter().map(|e| e.honesty).collect();
    let mut willing = Marks::new(&names, &honesty, &wary, seed).willing().to_vec();
    let log = play_match::<G>(&entrants, &settings)?;
    let n = entrants.len();
    let mut tries_so_far = vec![0u32; n];
    let mut seen = drawn.wary.clone();
    let mut out = Vec::new();
    for game in &log.games {
        let seat_of = |e: Who| game.seat_of(e).index();
        let by_seat = |f: &dyn Fn(usize) -> f64| -> Vec<Vec<f64>> {
            (0..n)
                .map(|w| {
                    (0..n)
                        .map(|c| {
                            if w == c {
                                0.0
                            } else {
                                f(game.seats[w].index() * n + game.seats[c].index())
                            }
                        })
                        .collect()
                })
                .collect()
        };
        let seen_now = by_seat(&|k| seen[k / n][k % n]);
        let tries = tries_in(game);
        out.push(Record {
            game: G::KIND,
            seats: game
                .seats
                .iter()
                .map(|&e| drawn.players[e.index()])
                .collect(),
            rules: drawn.rules.clone(),
            rule: drawn.rule,
            number: game.number,
            earlier: game
                .seats
                .iter()
                .map(|&e| tries_so_far[e.index()])
                .collect(),
            seen: seen_now,
            willing: game.seats.iter().map(|&e| willing[e.index()]).collect(),
            winners: game.winners.iter().map(|&e| seat_of(e)).collect(),
            end: game.outcome.end,
            tallies: tallies_in::<G>(game, n),
            tries,
        });
        remember_cheats(game, &mut tries_so_far, &mut willing, &mut seen);
    }
    Ok(out)
}

/// The cheats tried in a game, by seat, as the model reads them.
fn tries_in(game: &GameLog) -> Vec<Try> {
    let seat_of = |e: Who| game.seat_of(e).index();
    game.asides
        .iter()
        .filter_map(|a| match &a.aside {
            Aside::Cheat {
                by,
                seen_by,
                risk,
                earlier,
                ..
            } => Some(Try {
                seat: seat_of(*by),
                risk: *risk,
                earlier: *earlier,
                seen: !seen_by.is_empty(),
                seen_by: seen_by.iter().map(|&w| seat_of(w)).collect(),
            }),
            _ => None,
        })
        .collect()
}

/// Each seat's figure for each tally the game keeps, seat by seat.
fn tallies_in<G: Game>(game: &GameLog, seats: usize) -> Vec<Vec<i64>> {
    (0..seats)
        .map(|s| {
            G::FACTS
                .tallies
                .iter()
                .map(|&t| game.tally(Seat(s as u8), t))
                .collect()
        })
        .collect()
}

/// What a game's cheats leave for the next game of the match, by entrant: the tries made
/// so far, the will to cheat spent, and who has now seen whom cheat.
fn remember_cheats(
    game: &GameLog,
    tries_so_far: &mut [u32],
    willing: &mut [Option<u32>],
    seen: &mut [Vec<f64>],
) {
    for a in &game.asides {
        if let Aside::Cheat { by, seen_by, .. } = &a.aside {
            tries_so_far[by.index()] += 1;
            if let Some(w) = willing[by.index()].as_mut() {
                *w = w.saturating_sub(1);
            }
            for &w in seen_by {
                seen[w.index()][by.index()] += 1.0;
            }
        }
    }
}

/// [`play`] at the drawn table's own game.
///
/// # Errors
/// As [`play`].
pub fn play_drawn(drawn: &Drawn, seed: u64) -> Result<Vec<Record>, RecordError> {
    crate::games::with_game!(drawn.kind, G => play::<G>(drawn, seed))
}

/// The tables of chunk `chunk` of the fit's records at `kind`: `tables` matches, each
/// drawn and played from its own seed, in parallel; their games in table order. A table
/// whose house rule the game refuses is passed over.
///
/// # Errors
/// A match that cannot be played.
pub fn chunk(
    kind: GameKind,
    chunk: u64,
    tables: u64,
    regulars: Regulars,
) -> Result<Vec<Record>, TableError> {
    use rayon::prelude::*;
    let regulars = regulars(kind);
    let one = |i: u64| -> Result<Vec<Record>, TableError> {
        let seed = derive(
            0x7A_B1E5,
            Purpose::ModelFit,
            &[kind.index() as u64, chunk, i],
        );
        let drawn = draw(kind, seed, &regulars);
        match play_drawn(&drawn, derive(seed, Purpose::ModelFit, &[99])) {
            Ok(records) => Ok(records),
            Err(RecordError::Rules(_)) => Ok(Vec::new()),
            Err(RecordError::Table(e)) => Err(e),
        }
    };
    let parts: Vec<Vec<Record>> = (0..tables)
        .into_par_iter()
        .map(one)
        .collect::<Result<_, _>>()?;
    Ok(parts.into_iter().flatten().collect())
}

/// The fingerprint of play as the records see it: a hash of the records of two tables of
/// each game (at Piç one of two seats and one of five), played now. A refit writes it
/// beside the model (`data/bookie.json`); a test plays the tables again and fails when
/// play has changed since, so the model is never older than the play it prices.
///
/// # Panics
/// Never: every table drawn here is playable.
#[must_use]
pub fn fingerprint(regulars: Regulars) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for kind in crate::games::GameKind::ALL {
        let regulars = regulars(kind);
        for i in 0..2u64 {
            let seed = derive(0xF1_9E4, Purpose::ModelFit, &[kind.index() as u64, i]);
            let mut drawn = draw(kind, seed, &regulars);
            if kind.facts().max_players > 2 {
                let n = if i == 0 { 2 } else { 5 };
                drawn = draw_sized(kind, seed, n, &regulars);
            }
            let records = play_drawn(&drawn, seed).expect("a fingerprint's table plays");
            let text = serde_json::to_string(&records).expect("records write as JSON");
            for b in text.bytes() {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        }
    }
    format!("{h:016x}")
}
