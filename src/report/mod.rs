//! What a match looks like on the page: the told scenes, the result table, the JSON.
//! Printers write to any `io::Write`, so tests render into a `Vec<u8>`.

pub mod board;
pub mod ladder;
pub mod wagers;

use std::io::{self, Write};

use comfy_table::{ContentArrangement, Table, presets};
use serde::Serialize;

use crate::narrate::Scene;
use crate::table::MatchLog;

/// A new table in the house style.
#[must_use]
pub fn new_table() -> Table {
    let mut table = Table::new();
    table
        .load_style(presets::UTF8_FULL_CONDENSED)
        .force_no_tty()
        .set_content_arrangement(ContentArrangement::Disabled);
    table
}

/// The match summary: a row per game and a row of wins.
#[must_use]
pub fn match_table(log: &MatchLog) -> Table {
    let mut table = new_table();
    let facts = log.game.facts();
    let seat_names = facts.seat_names;
    let mut header = vec![facts.unit.title().to_owned()];
    header.extend(log.entrants.iter().map(|e| e.name.clone()));
    header.extend([
        "First turn".to_owned(),
        "Winner".to_owned(),
        "How".to_owned(),
        "Moves".to_owned(),
    ]);
    table.set_header(header);
    for game in &log.games {
        let mut row = vec![game.number.to_string()];
        for i in 0..log.entrants.len() {
            let seat = game.seat_of(i);
            let mut role = seat_names
                .get(seat.index())
                .copied()
                .unwrap_or("seat")
                .to_owned();
            if game.seats.len() > 2 {
                // At a table of three or more, each game's ranking by score.
                let mine = game.scores[seat.index()];
                let rank = 1 + game.scores.iter().filter(|&&s| s > mine).count();
                role = format!("{role}, {}", ordinal(rank));
            }
            let mut figures: Vec<String> = game.standing[seat.index()]
                .iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect();
            figures.extend(
                game.tally_figures(log.game, seat)
                    .iter()
                    .map(|(k, v)| format!("{k} {v}")),
            );
            // The seat on the first line, the figures below it, two to a line: the
            // table stays narrow enough for a terminal with five players.
            let mut cell = role.clone();
            for pair in figures.chunks(2) {
                cell.push('\n');
                cell.push_str(&pair.join(", "));
            }
            row.push(cell);
        }
        let winner = if game.winners.is_empty() {
            "drawn".to_owned()
        } else {
            game.winners
                .iter()
                .map(|&w| log.entrants[w].name.clone())
                .collect::<Vec<_>>()
                .join(" & ")
        };
        row.extend([
            first_turn(log, game),
            winner,
            game.outcome.end.word().to_owned(),
            game.moves().to_string(),
        ]);
        table.add_row(row);
    }
    let mut total = vec!["Wins".to_owned()];
    total.extend(log.wins.iter().map(ToString::to_string));
    let verdict = match log.winners.as_slice() {
        [] => "match drawn".to_owned(),
        ws => ws
            .iter()
            .map(|&w| log.entrants[w].name.clone())
            .collect::<Vec<_>>()
            .join(" & "),
    };
    total.extend([
        String::new(),
        verdict,
        log.format.to_string(),
        String::new(),
    ]);
    table.add_row(total);
    table
}

/// Who the output is for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// The game master: everything, skills and the seed included.
    #[default]
    Gm,
    /// The players: what can be read aloud (no skill numbers, no odds, no seed).
    Players,
}

/// Who moved first in a game and how that was decided: "Pip (lot)", "Pip (flats 4-3)",
/// "Pip (whites 2-2, 1-0)", or, without a ceremony, "Pip" alone.
fn first_turn(log: &MatchLog, game: &crate::table::GameLog) -> String {
    let first = &log.entrants[game.seats[0]].name;
    let Some(record) = game.first_turn_record(log) else {
        return first.clone();
    };
    if record.by_lot && record.draws.is_empty() {
        return format!("{first} (lot)");
    }
    // Each round of the ceremony is every player's draw once; a player drawing again
    // begins the next round.
    let mut rounds: Vec<Vec<(&str, u8)>> = Vec::new();
    for (who, value) in &record.draws {
        match rounds.last_mut() {
            Some(r) if !r.iter().any(|(w, _)| w == who) => r.push((who, *value)),
            _ => rounds.push(vec![(who, *value)]),
        }
    }
    let draws: Vec<String> = rounds
        .iter()
        .map(|r| {
            r.iter()
                .map(|(_, v)| v.to_string())
                .collect::<Vec<_>>()
                .join("-")
        })
        .collect();
    format!("{first} ({} {})", record.counted, draws.join(", "))
}

/// "1st", "2nd", "3rd", "4th", "5th".
fn ordinal(n: usize) -> String {
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Writes the told match and its table as text.
///
/// # Errors
/// When writing fails.
pub fn write_text(
    out: &mut impl Write,
    log: &MatchLog,
    scenes: &[Scene],
    view: View,
    replay: &str,
) -> io::Result<()> {
    let names: Vec<String> = log
        .entrants
        .iter()
        .map(|e| match view {
            View::Gm => format!("{} (skill {}, {})", e.name, e.skill, e.temperament),
            View::Players => e.name.clone(),
        })
        .collect();
    writeln!(
        out,
        "{}: {}, {}",
        log.game.title(),
        names.join(" v "),
        log.format
    )?;
    for scene in scenes {
        writeln!(out)?;
        writeln!(out, "{}", scene.heading)?;
        for line in &scene.lines {
            writeln!(out, "  {line}")?;
        }
    }
    writeln!(out)?;
    writeln!(out, "{}", match_table(log))?;
    if view == View::Gm {
        writeln!(out, "Seed {} replays this match: {replay}", log.seed)?;
    }
    Ok(())
}

/// The match as JSON: the seed, the winner's name (`null` for a drawn or shared match),
/// the whole log and the scenes.
#[derive(Serialize)]
struct JsonMatch<'a> {
    seed: u64,
    game: crate::games::GameKind,
    winner: Option<&'a str>,
    winners: Vec<&'a str>,
    /// Per game and entrant: score, stones down and home, captures, the first-turn draw.
    summary: Vec<crate::table::GameSummary>,
    #[serde(flatten)]
    log: &'a MatchLog,
    scenes: &'a [Scene],
}

/// Writes the match as one JSON document.
///
/// # Errors
/// When writing fails.
pub fn write_json(out: &mut impl Write, log: &MatchLog, scenes: &[Scene]) -> io::Result<()> {
    let doc = JsonMatch {
        seed: log.seed,
        game: log.game,
        winner: log.winner_name(),
        winners: log
            .winners
            .iter()
            .map(|&w| log.entrants[w].name.as_str())
            .collect(),
        summary: log.summary(),
        log,
        scenes,
    };
    serde_json::to_writer_pretty(&mut *out, &doc)?;
    writeln!(out)
}
