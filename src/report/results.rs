//! The result table of a match: a row per game with every player's seat and figures, as
//! wide as that needs; or, when that would not fit the page, each player on a row of
//! their own under their game (by their short names when the full ones do not fit).

use super::grid::{Grid, Laid, glued, lay_out};
use super::{Layout, View};
use crate::table::{GameLog, MatchLog, Who};

/// The match's result table, laid out for the page, for whoever reads it: the GM's
/// figures count a palmed counter in the store, the players' leave out what they never
/// saw.
#[must_use]
pub fn match_table(log: &MatchLog, layout: Layout, view: View) -> Laid {
    let forms = [
        wide_table(log, view).whole(),
        long_table(log, view, false),
        long_table(log, view, true),
    ];
    lay_out(&forms, layout, 1)
}

/// A player's name as a table shows it: whole, or their short name.
fn named(log: &MatchLog, entrant: Who, short: bool) -> String {
    let e = log.entrant(entrant);
    glued(if short { &e.short } else { &e.name })
}

/// A seat's role and figures in a game: "player 3, 1st" and "in heaps 2, in piç 48".
fn seat_cell(log: &MatchLog, game: &GameLog, entrant: Who, view: View) -> (String, Vec<String>) {
    let seat = game.seat_of(entrant);
    let mut role = log
        .game
        .facts()
        .seat_names
        .get(seat.index())
        .copied()
        .unwrap_or("seat")
        .to_owned();
    if game.seats.len() > 2 {
        // At a table of three or more, each game's ranking by score; whoever resigned it
        // is ranked last, whatever their count.
        let resigned = |s: usize| game.resigned == Some(game.seats[s]);
        let rank = if resigned(seat.index()) {
            game.seats.len()
        } else {
            let mine = game.scores[seat.index()];
            1 + (0..game.seats.len())
                .filter(|&s| !resigned(s) && game.scores[s] > mine)
                .count()
        };
        role = format!("{role}, {}", ordinal(rank));
    }
    let standing = &game.standing[seat.index()];
    // A figure keeps its words with its number: "in heaps 2" never parts.
    let mut figures: Vec<String> = standing
        .iter()
        .map(|(k, v)| glued(&format!("{k} {v}")))
        .collect();
    // At Piç the score is the counters in heaps, in piç and in the store: for the GM a
    // counter palmed into the store (the rules' store shows only under even captures) is
    // counted there, so the figures add up to the score the count gave; the players'
    // view leaves out what nobody saw, as the boards do.
    if view == View::Gm
        && let Some(name) = log.game.facts().store
        && !standing.iter().any(|(k, _)| *k == name)
    {
        let shown: i32 = standing.iter().map(|(_, v)| v).sum();
        let store = game.scores[seat.index()] - shown;
        if store != 0 {
            figures.push(glued(&format!("{name} {store}")));
        }
    }
    figures.extend(
        game.tally_figures(log.game, seat)
            .iter()
            .map(|(k, v)| glued(&format!("{k} {v}"))),
    );
    (role, figures)
}

/// Who won a game, or "drawn".
fn winner(log: &MatchLog, game: &GameLog, short: bool) -> String {
    if game.winners.is_empty() {
        "drawn".to_owned()
    } else {
        game.winners
            .iter()
            .map(|&w| named(log, w, short))
            .collect::<Vec<_>>()
            .join(" & ")
    }
}

/// Who won the match, or "match drawn".
fn match_winner(log: &MatchLog, short: bool) -> String {
    match log.winners.as_slice() {
        [] => "match drawn".to_owned(),
        ws => ws
            .iter()
            .map(|&w| named(log, w, short))
            .collect::<Vec<_>>()
            .join(" & "),
    }
}

/// A row per game, a column per player.
fn wide_table(log: &MatchLog, view: View) -> Grid {
    let facts = log.game.facts();
    let mut header = vec![facts.unit.title().to_owned()];
    header.extend(log.everyone().map(|e| named(log, e, false)));
    header.extend([
        "First turn".to_owned(),
        "Winner".to_owned(),
        "How".to_owned(),
        capitalise(facts.turns),
    ]);
    let mut table = Grid::new(header);
    for game in &log.games {
        let mut row = vec![game.number.to_string()];
        for i in log.everyone() {
            let (role, figures) = seat_cell(log, game, i, view);
            // The seat on the first line, the figures below it, two to a line.
            let mut cell = role;
            for pair in figures.chunks(2) {
                cell.push('\n');
                cell.push_str(&pair.join(", "));
            }
            row.push(cell);
        }
        row.extend([
            first_turn(log, game, false),
            winner(log, game, false),
            game.outcome.end.word().to_owned(),
            game.turns.to_string(),
        ]);
        table.row(row);
    }
    let mut total = vec!["Wins".to_owned()];
    total.extend(log.wins.iter().map(ToString::to_string));
    total.extend([
        String::new(),
        match_winner(log, false),
        log.format.to_string(),
        String::new(),
    ]);
    table.row(total);
    table
}

/// A row per player under each game, the game's result beside its first player; the
/// players by their short names when `short`.
fn long_table(log: &MatchLog, view: View, short: bool) -> Grid {
    let facts = log.game.facts();
    let mut table = Grid::new([facts.unit.title(), "Player", "Seat and figures", "Result"]);
    for game in &log.games {
        for (k, &entrant) in game.seats.iter().enumerate() {
            let (role, figures) = seat_cell(log, game, entrant, view);
            let standing = if figures.is_empty() {
                role
            } else {
                format!("{role}: {}", figures.join(", "))
            };
            let result = match k {
                0 => format!(
                    "{} ({}, {})",
                    winner(log, game, short),
                    game.outcome.end.word(),
                    crate::names::counted(game.turns, facts.turns)
                ),
                1 => format!("first turn: {}", first_turn(log, game, short)),
                _ => String::new(),
            };
            let number = if k == 0 {
                game.number.to_string()
            } else {
                String::new()
            };
            table.row([number, named(log, entrant, short), standing, result]);
        }
    }
    let wins: Vec<String> = log
        .entrants
        .iter()
        .zip(&log.wins)
        .map(|(e, w)| glued(&format!("{} {w}", e.short)))
        .collect();
    table.row([
        "Wins".to_owned(),
        String::new(),
        wins.join(", "),
        format!("{}, {}", match_winner(log, short), log.format),
    ]);
    table
}

/// Who moved first in a game and how that was decided: "Pip (lot)", "Pip (flats 4-3)",
/// "Pip (whites 2-2, 1-0)", or, without a ceremony, "Pip" alone.
fn first_turn(log: &MatchLog, game: &GameLog, short: bool) -> String {
    let first = &named(log, game.seats[0], short);
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

/// "Turns" for "turns".
fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
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
