//! What a ladder looks like on the page: the ratings, one row per pairing with its score
//! and 95% interval, and the same as JSON.

use std::io::{self, Write};

use serde::Serialize;

use super::grid::{Grid, glued, lay_out};
use crate::ai::{Skill, Temperament};
use crate::table::ladder::{ANCHOR, Ladder, Schedule};

/// The standings: contenders by rating, best first; when `narrow`, each temperament under
/// its contender's name.
#[must_use]
pub fn ratings_table(ladder: &Ladder, narrow: bool) -> Grid {
    let mut table = if narrow {
        Grid::new(["#", "contender", "skill", "rating", "score"])
    } else {
        Grid::new(["#", "contender", "skill", "temperament", "rating", "score"])
    };
    for (rank, i) in by_rating(ladder).into_iter().enumerate() {
        let c = &ladder.contenders[i];
        let (games, score) = ladder
            .pairs
            .iter()
            .filter_map(|p| {
                (p.a == i || p.b == i)
                    .then(|| ladder.result(i, if p.a == i { p.b } else { p.a }))
                    .flatten()
            })
            .fold((0, 0.0), |(g, s), r| (g + r.games, s + r.score()));
        let mut row = vec![(rank + 1).to_string()];
        if narrow {
            row.extend([
                format!("{}\n({})", glued(&c.name), c.temperament),
                c.skill.to_string(),
            ]);
        } else {
            row.extend([
                glued(&c.name),
                c.skill.to_string(),
                c.temperament.to_string(),
            ]);
        }
        row.extend([format!("{:.0}", ladder.ratings[i]), percent(score, games)]);
        table.row(row);
    }
    if narrow {
        table.right(&[0, 3, 4])
    } else {
        table.right(&[0, 4, 5])
    }
}

/// The forms of the pairings table, the fullest first.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum PairsForm {
    /// A column for each thing.
    Full,
    /// The two contenders in one column, one above the other.
    Paired,
    /// Paired, with the 95% range under the score and no column of games when every
    /// pairing played the same number (the heading says how many).
    Narrow,
}

/// One row per pairing: games, wins, draws, losses, the first-named's score and its 95%
/// Wilson interval, and the mean length of a game in seat moves.
#[must_use]
pub fn pairs_table(ladder: &Ladder, form: PairsForm) -> Grid {
    let games = form != PairsForm::Narrow
        || ladder
            .pairs
            .iter()
            .any(|p| p.games != ladder.games_per_pairing);
    let mut header = match form {
        PairsForm::Full => vec!["contender", "against"],
        PairsForm::Paired | PairsForm::Narrow => vec!["pairing"],
    };
    if games {
        header.push("games");
    }
    header.push("W–D–L");
    match form {
        PairsForm::Full | PairsForm::Paired => header.extend(["score", "95% range"]),
        PairsForm::Narrow => header.push("score"),
    }
    header.push("moves");
    let mut table = Grid::new(header.clone());
    for p in &ladder.pairs {
        let (share, lo, hi) = p.share();
        let (a, b) = (
            glued(&ladder.contenders[p.a].name),
            glued(&ladder.contenders[p.b].name),
        );
        let mut row = match form {
            PairsForm::Full => vec![a, b],
            PairsForm::Paired | PairsForm::Narrow => {
                vec![format!("{a}\nv{}{b}", crate::report::grid::GLUE)]
            }
        };
        if games {
            row.push(p.games.to_string());
        }
        row.push(format!("{}–{}–{}", p.wins, p.draws, p.losses));
        let score = format!("{:.1}%", share * 100.0);
        let range = format!("{:.1}–{:.1}%", lo * 100.0, hi * 100.0);
        match form {
            PairsForm::Full | PairsForm::Paired => row.extend([score, range]),
            PairsForm::Narrow => row.push(format!("{score}\n{range}")),
        }
        row.push(format!("{:.0}", p.moves as f64 / f64::from(p.games.max(1))));
        table.row(row);
    }
    // The figures to the right: every column after the names.
    let first = header.len()
        - match form {
            PairsForm::Full | PairsForm::Paired => 4,
            PairsForm::Narrow => 3,
        }
        - usize::from(games);
    let figures: Vec<usize> = (first..header.len()).collect();
    table.right(&figures)
}

/// Writes the ladder as text: a heading, the standings, the pairings, how to read them.
///
/// # Errors
/// When writing fails.
pub fn write_text(
    out: &mut impl Write,
    ladder: &Ladder,
    replay: &str,
    layout: super::Layout,
) -> io::Result<()> {
    let schedule = match ladder.schedule {
        Schedule::RoundRobin => "every pairing",
        Schedule::Neighbours => "neighbours only",
    };
    let page = super::Page {
        view: super::View::Gm,
        layout,
    };
    let head = format!(
        "{} ladder: {} contenders, {schedule}, {} single games a pairing, seats alternating",
        ladder.game.title(),
        ladder.contenders.len(),
        ladder.games_per_pairing,
    );
    writeln!(out, "{}", page.prose("", &head))?;
    writeln!(out)?;
    let ratings = [ratings_table(ladder, false), ratings_table(ladder, true)];
    writeln!(out, "{}", lay_out(&ratings, layout, 0))?;
    writeln!(out)?;
    let pairs = [
        pairs_table(ladder, PairsForm::Full),
        pairs_table(ladder, PairsForm::Paired),
        pairs_table(ladder, PairsForm::Narrow),
    ];
    writeln!(out, "{}", lay_out(&pairs, layout, 0))?;
    let note = format!(
        "Score: the first-named's wins plus half the draws. Ratings on the Elo scale (a \
         Bradley–Terry fit), averaging {ANCHOR:.0}; 200 points is about a 76% score. W–D–L: won, drawn, lost; moves: the average a game."
    );
    writeln!(out, "{}", page.prose("", &note))?;
    let lead = format!("Seed {} replays this ladder:", ladder.seed);
    writeln!(out, "{}", page.command(&lead, replay))?;
    Ok(())
}

#[derive(Serialize)]
struct JsonContender<'a> {
    name: &'a str,
    skill: Skill,
    temperament: Temperament,
    rating: f64,
}

#[derive(Serialize)]
struct JsonPair<'a> {
    contender: &'a str,
    against: &'a str,
    games: u32,
    won: u32,
    drawn: u32,
    lost: u32,
    score: f64,
    low: f64,
    high: f64,
    moves_per_game: f64,
}

#[derive(Serialize)]
struct JsonLadder<'a> {
    version: u32,
    game: crate::games::GameKind,
    seed: u64,
    games_per_pairing: u32,
    schedule: Schedule,
    contenders: Vec<JsonContender<'a>>,
    pairs: Vec<JsonPair<'a>>,
}

/// Writes the ladder as one JSON document (shares as fractions of 1).
///
/// # Errors
/// When writing fails.
pub fn write_json(out: &mut impl Write, ladder: &Ladder) -> io::Result<()> {
    let name = |i: usize| ladder.contenders[i].name.as_str();
    let doc = JsonLadder {
        version: super::JSON_VERSION,
        game: ladder.game,
        seed: ladder.seed,
        games_per_pairing: ladder.games_per_pairing,
        schedule: ladder.schedule,
        contenders: by_rating(ladder)
            .into_iter()
            .map(|i| {
                let c = &ladder.contenders[i];
                JsonContender {
                    name: &c.name,
                    skill: c.skill,
                    temperament: c.temperament,
                    rating: (ladder.ratings[i] * 10.0).round() / 10.0,
                }
            })
            .collect(),
        pairs: ladder
            .pairs
            .iter()
            .map(|p| {
                let (score, low, high) = p.share();
                JsonPair {
                    contender: name(p.a),
                    against: name(p.b),
                    games: p.games,
                    won: p.wins,
                    drawn: p.draws,
                    lost: p.losses,
                    score: round4(score),
                    low: round4(low),
                    high: round4(high),
                    moves_per_game: (p.moves as f64 / f64::from(p.games.max(1)) * 10.0).round()
                        / 10.0,
                }
            })
            .collect(),
    };
    serde_json::to_writer_pretty(&mut *out, &doc)?;
    writeln!(out)
}

fn round4(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

fn percent(score: f64, games: u32) -> String {
    if games == 0 {
        "–".to_owned()
    } else {
        format!("{:.1}%", score / f64::from(games) * 100.0)
    }
}

/// Contender indices by rating, best first (the named order among equals).
fn by_rating(ladder: &Ladder) -> Vec<usize> {
    let mut order: Vec<usize> = (0..ladder.contenders.len()).collect();
    order.sort_by(|&a, &b| ladder.ratings[b].total_cmp(&ladder.ratings[a]));
    order
}
