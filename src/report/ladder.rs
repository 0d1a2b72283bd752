//! What a ladder looks like on the page: the ratings, one row per pairing with its score
//! and 95% interval, and the same as JSON.

use std::io::{self, Write};

use comfy_table::{CellAlignment, Table};
use serde::Serialize;

use super::new_table;
use crate::ai::{Skill, Temperament};
use crate::table::ladder::{ANCHOR, Ladder, Schedule};

/// The standings: contenders by rating, best first.
#[must_use]
pub fn ratings_table(ladder: &Ladder) -> Table {
    let mut table = new_table();
    table.set_header(["#", "contender", "skill", "temperament", "rating", "score"]);
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
        table.add_row([
            (rank + 1).to_string(),
            c.name.clone(),
            c.skill.to_string(),
            c.temperament.to_string(),
            format!("{:.0}", ladder.ratings[i]),
            percent(score, games),
        ]);
    }
    align_right(&mut table, &[0, 4, 5]);
    table
}

/// One row per pairing: games, wins, draws, losses, the first-named's score and its 95%
/// Wilson interval, and the mean length of a game in seat moves.
#[must_use]
pub fn pairs_table(ladder: &Ladder) -> Table {
    let mut table = new_table();
    table.set_header([
        "contender",
        "against",
        "games",
        "W–D–L",
        "score",
        "95% range",
        "moves",
    ]);
    for p in &ladder.pairs {
        let (share, lo, hi) = p.share();
        table.add_row([
            ladder.contenders[p.a].name.clone(),
            ladder.contenders[p.b].name.clone(),
            p.games.to_string(),
            format!("{}–{}–{}", p.wins, p.draws, p.losses),
            format!("{:.1}%", share * 100.0),
            format!("{:.1}–{:.1}%", lo * 100.0, hi * 100.0),
            format!("{:.0}", p.moves as f64 / f64::from(p.games.max(1))),
        ]);
    }
    align_right(&mut table, &[2, 3, 4, 5, 6]);
    // Figures never wrap; on a narrow page the names do.
    for c in 2..=6 {
        if let Some(col) = table.column_mut(c) {
            col.set_constraint(comfy_table::ColumnConstraint::ContentWidth);
        }
    }
    table
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
    writeln!(out, "{}", super::fitted(ratings_table(ladder), layout))?;
    writeln!(out)?;
    writeln!(out, "{}", super::fitted(pairs_table(ladder), layout))?;
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

fn align_right(table: &mut Table, columns: &[usize]) {
    for &c in columns {
        if let Some(col) = table.column_mut(c) {
            col.set_cell_alignment(CellAlignment::Right);
        }
    }
}
