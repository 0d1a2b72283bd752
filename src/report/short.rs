//! A match in one line, for a GM in the middle of a scene: who won, the score, a few words
//! on how the deciding game ended, and the seed that replays it. Everything in it is read
//! from the match's log.

use anstyle::{AnsiColor, Style};

use crate::names::and_list;
use crate::table::{MatchLog, Who};

/// How a winner's name (and money won) is shown on a terminal.
pub const WON: Style = AnsiColor::Green.on_default().bold();
/// How money lost is shown on a terminal.
pub const LOST: Style = AnsiColor::Red.on_default();

/// `text` in `style` (the output stream drops the style where colour is off).
#[must_use]
pub fn styled(text: &str, style: Style) -> String {
    format!("{style}{text}{style:#}")
}

/// The match in one line: "Mirela Quickfingers beats Old Brannoc 2–1 at Tides of War,
/// coming from behind; game 3 won by massacre after 41 moves. Seed 42.", with "with a
/// game drawn" after the score when games were drawn. The winners'
/// names carry [`WON`].
#[must_use]
pub fn match_line(log: &MatchLog) -> String {
    let name = |i: Who| log.entrant(i).name.clone();
    let others: Vec<Who> = log
        .everyone()
        .filter(|i| !log.winners.contains(i))
        .collect();
    // The score, the winners' wins first, then everyone else's as named.
    let order: Vec<Who> = log.winners.iter().copied().chain(others.clone()).collect();
    let score = order
        .iter()
        .map(|&i| log.wins_of(i).to_string())
        .collect::<Vec<_>>()
        .join("–");
    let winners: Vec<String> = log.winners.iter().map(|&i| styled(&name(i), WON)).collect();
    let rest: Vec<String> = others.iter().map(|&i| name(i)).collect();
    let title = log.game.title();
    let mut line = match (winners.len(), rest.is_empty()) {
        (0, _) => format!("{} draw {score} at {title}", and_list(&rest)),
        (1, _) => format!(
            "{} beats {} {score} at {title}",
            winners[0],
            and_list(&rest)
        ),
        (_, true) => format!("{} share {title} {score}", and_list(&winners)),
        (_, false) => format!(
            "{} share {title} {score} against {}",
            and_list(&winners),
            and_list(&rest)
        ),
    };
    // Drawn games count for nobody in the score, so the line says there were some.
    let drawn = log.games.iter().filter(|g| g.winners.is_empty()).count();
    if drawn > 0 {
        let unit = log.game.facts().unit.word();
        let games = if drawn == 1 {
            format!("a {unit}")
        } else {
            format!("{drawn} {unit}s")
        };
        line.push_str(&format!(", with {games} drawn"));
    }
    if let [w] = log.winners.as_slice()
        && trailed(log, *w)
    {
        line.push_str(", coming from behind");
    }
    if let Some(last) = log.games.last() {
        let unit = log.game.facts().unit.word();
        let turns = log.game.facts().turns;
        let result = if last.winners.is_empty() {
            "drawn"
        } else {
            "won"
        };
        line.push_str(&format!(
            "; {unit} {} {result} {} after {}",
            last.number,
            last.outcome.end.how(log.game.facts().target),
            crate::names::counted(last.turns, turns)
        ));
    }
    line.push_str(&format!(". Seed {}.", log.seed));
    line
}

/// Whether `entrant` was behind on games won at some point of the match.
fn trailed(log: &MatchLog, entrant: Who) -> bool {
    let mut wins = vec![0u32; log.entrants.len()];
    for game in &log.games {
        for &w in &game.winners {
            wins[w.index()] += 1;
        }
        if wins.iter().any(|&n| n > wins[entrant.index()]) {
            return true;
        }
    }
    false
}
