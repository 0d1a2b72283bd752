//! The campaign's record on the page (`taproom history`): the standings, each game's,
//! the head-to-heads, the upsets and the champions, and with a character asked for who
//! watches them; as text within the page's width, Markdown, JSON, or a chart of the
//! purses.

pub mod chart;
mod json;

pub use json::write_json;

use std::io::{self, Write};

use super::grid::{Grid, coins, glued, lay_out};
use super::{Page, escape_markdown};
use crate::games::GameKind;
use crate::history::standings::{Result as Outcome, Streak, Tally};
use crate::ops::history::{Reputation, Summary};
use crate::wager::Odds;
use crate::wager::money::show_change;

/// A section's heading: `## text` in Markdown, else `━━ text ━━`; a blank line before.
fn section(out: &mut impl Write, page: Page, text: &str) -> io::Result<()> {
    writeln!(out)?;
    if page.layout.is_markdown() {
        writeln!(out, "## {}", escape_markdown(text))?;
        writeln!(out)
    } else {
        writeln!(out, "━━ {text} ━━")
    }
}

/// A line of prose: wrapped to the page, escaped in Markdown.
fn prose(out: &mut impl Write, page: Page, text: &str) -> io::Result<()> {
    if page.layout.is_markdown() {
        writeln!(out, "{}", escape_markdown(text))
    } else {
        writeln!(out, "{}", page.prose("", text))
    }
}

/// A table laid out for the page; in Markdown a blank line after it, so that the line
/// after it is not read as a row.
fn table(out: &mut impl Write, page: Page, forms: &[Grid]) -> io::Result<()> {
    writeln!(out, "{}", lay_out(forms, page.layout, 0))?;
    if page.layout.is_markdown() {
        writeln!(out)?;
    }
    Ok(())
}

/// Sightings as a number: up to three decimals, no trailing zeros (`0.125`, `0.5`, `2`).
#[must_use]
pub fn sightings(n: f64) -> String {
    let text = format!("{n:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// A share as a percentage with one decimal: `66.7%`.
#[must_use]
pub fn percent(share: f64) -> String {
    format!("{:.1}%", share * 100.0)
}

/// A chance as the odds a tavern says aloud, on the bookie's ladder: 0.25 is `3 to 1`.
#[must_use]
pub fn odds(chance: f64) -> Option<String> {
    (chance > 0.0)
        .then(|| Odds::ladder_below(1.0 / chance))
        .flatten()
        .map(|o| o.to_string())
}

/// A run of results in words: `won 3`.
#[must_use]
pub fn streak(s: Option<Streak>) -> String {
    match s {
        None => "–".to_owned(),
        Some(s) => {
            let what = match s.result {
                Outcome::Won => "won",
                Outcome::Lost => "lost",
                Outcome::Drawn => "drawn",
            };
            format!("{what}\u{a0}{}", s.length)
        }
    }
}

/// The standings: the fullest form, then one with the results in one column.
#[must_use]
pub fn standings_tables(summary: &Summary<'_>) -> [Grid; 2] {
    let mut full = Grid::new([
        "character",
        "played",
        "won",
        "lost",
        "drawn",
        "win share",
        "net",
        "caught",
        "streak",
    ]);
    let mut narrow = Grid::new([
        "character",
        "played",
        "W–D–L",
        "share",
        "net",
        "caught",
        "streak",
    ]);
    for s in &summary.standings {
        let t = s.tally;
        let net = coins(&show_change(s.net_cp, summary.currency).to_string());
        full.row([
            glued(&s.name),
            t.played.to_string(),
            t.won.to_string(),
            t.lost.to_string(),
            t.drawn.to_string(),
            percent(s.win_share),
            net.clone(),
            s.cheats_caught.to_string(),
            streak(s.streak),
        ]);
        narrow.row([
            glued(&s.name),
            t.played.to_string(),
            format!("{}–{}–{}", t.won, t.drawn, t.lost),
            percent(s.win_share),
            net,
            s.cheats_caught.to_string(),
            streak(s.streak),
        ]);
    }
    [
        full.right(&[1, 2, 3, 4, 5, 6, 7]),
        narrow.right(&[1, 2, 3, 4, 5]),
    ]
}

/// The games played in the records counted, in taproom's order.
fn games_of(summary: &Summary<'_>) -> Vec<GameKind> {
    GameKind::ALL
        .into_iter()
        .filter(|g| summary.matches.iter().any(|r| r.game == *g))
        .collect()
}

/// One game's standings: everyone who played it, by wins.
#[must_use]
pub fn game_table(summary: &Summary<'_>, game: GameKind) -> Grid {
    let mut rows: Vec<(&str, Tally)> = summary
        .standings
        .iter()
        .filter_map(|s| s.games.get(&game).map(|t| (s.name.as_str(), *t)))
        .collect();
    rows.sort_by(|a, b| {
        b.1.won
            .cmp(&a.1.won)
            .then(b.1.win_share().total_cmp(&a.1.win_share()))
            .then(a.0.cmp(b.0))
    });
    let mut grid = Grid::new(["character", "played", "won", "lost", "drawn", "win share"]);
    for (name, t) in rows {
        grid.row([
            glued(name),
            t.played.to_string(),
            t.won.to_string(),
            t.lost.to_string(),
            t.drawn.to_string(),
            percent(t.win_share()),
        ]);
    }
    grid.right(&[1, 2, 3, 4, 5])
}

/// Every pair that met: how often, and who won.
#[must_use]
pub fn head_to_head_table(summary: &Summary<'_>) -> Grid {
    let mut grid = Grid::new(["character", "against", "met", "won", "lost", "neither"]);
    for h in &summary.head_to_heads {
        grid.row([
            glued(&h.a),
            glued(&h.b),
            h.met.to_string(),
            h.a_won.to_string(),
            h.b_won.to_string(),
            (h.met - h.a_won - h.b_won).to_string(),
        ]);
    }
    grid.right(&[2, 3, 4, 5])
}

/// The upsets, least likely first: a column for each thing, then the match in one.
#[must_use]
pub fn upset_tables(summary: &Summary<'_>) -> [Grid; 2] {
    let mut full = Grid::new([
        "date", "tavern", "game", "winner", "chance", "odds", "against",
    ]);
    let mut narrow = Grid::new(["match", "winner", "chance", "against"]);
    for u in &summary.upsets {
        let date = u.at.get(..10).unwrap_or(&u.at).to_owned();
        let against: Vec<String> = u.against.iter().map(|a| glued(a)).collect();
        let odds = odds(u.price).map(|o| glued(&o)).unwrap_or_default();
        full.row([
            date.clone(),
            u.tavern.clone(),
            u.game.title().to_owned(),
            glued(&u.winner),
            percent(u.price),
            odds.clone(),
            against.join(",\n"),
        ]);
        narrow.row([
            format!("{date}\n{}\n{}", u.game.title(), u.tavern),
            glued(&u.winner),
            format!("{}\n{odds}", percent(u.price)),
            against.join(",\n"),
        ]);
    }
    [full.right(&[4, 5]), narrow.right(&[2])]
}

/// Each game's champion at each tavern.
#[must_use]
pub fn champion_table(summary: &Summary<'_>) -> Grid {
    let mut grid = Grid::new(["tavern", "game", "champion", "won", "lost", "drawn"]);
    for c in &summary.champions {
        grid.row([
            c.tavern.clone(),
            glued(c.game.title()),
            glued(&c.name),
            c.tally.won.to_string(),
            c.tally.lost.to_string(),
            c.tally.drawn.to_string(),
        ]);
    }
    grid.right(&[3, 4, 5])
}

/// Who watches a character: their sightings and how much harder they look.
#[must_use]
pub fn watchers_table(reputation: &Reputation) -> Grid {
    let mut grid = Grid::new(["watcher", "sightings", "looks"]);
    for w in &reputation.watchers {
        grid.row([
            glued(&w.name),
            sightings(w.sightings),
            format!("×{:.2}", w.factor),
        ]);
    }
    grid.right(&[1, 2])
}

/// The opening line: what was read, and what was kept.
fn opening(summary: &Summary<'_>, file: &std::path::Path, since: Option<&str>) -> String {
    let n = summary.matches.len();
    let mut what = crate::names::counted(i64::try_from(n).unwrap_or(i64::MAX), "matches");
    if n == 1 {
        what = "1 match".to_owned();
    }
    if let Some(c) = &summary.character {
        what = format!("{what} of {c}'s");
    }
    if let Some(game) = summary
        .matches
        .first()
        .map(|r| r.game)
        .filter(|g| summary.matches.iter().all(|r| r.game == *g))
    {
        what = format!("{what} at {}", game.title());
    }
    if let Some(d) = since {
        what = format!("{what} since {d}");
    }
    match summary.evenings.len() {
        0 => {}
        1 => what = format!("{what} over 1 evening"),
        e => what = format!("{what} over {e} evenings"),
    }
    let span = match (summary.matches.first(), summary.matches.last()) {
        (Some(a), Some(b)) if a.date() == b.date() => format!(", on {}", a.date()),
        (Some(a), Some(b)) => format!(", {} to {}", a.date(), b.date()),
        _ => String::new(),
    };
    format!("The history in {}: {what}{span}.", file.display())
}

/// Writes the history as text or Markdown: the standings, each game's, the
/// head-to-heads, the upsets, the champions and, for a character, who watches them.
///
/// # Errors
/// When writing fails.
pub fn write_text(
    out: &mut impl Write,
    summary: &Summary<'_>,
    file: &std::path::Path,
    since: Option<&str>,
    page: Page,
) -> io::Result<()> {
    if page.layout.is_markdown() {
        writeln!(out, "# The tavern remembers")?;
        writeln!(out)?;
    }
    prose(out, page, &opening(summary, file, since))?;
    if summary.matches.is_empty() {
        return Ok(());
    }
    write_standings(out, summary, page)?;
    write_head_to_head(out, summary, page)?;
    write_upsets(out, summary, page)?;
    section(out, page, "Champions")?;
    if summary.champions.is_empty() {
        prose(out, page, "No champions yet.")?;
    } else {
        table(out, page, &[champion_table(summary)])?;
    }
    if let Some(r) = &summary.reputation {
        write_watchers(out, r, page)?;
    }
    Ok(())
}

/// The standings, with a line saying what each column counts, then each game's own
/// table.
fn write_standings(out: &mut impl Write, summary: &Summary<'_>, page: Page) -> io::Result<()> {
    section(out, page, "Standings")?;
    table(out, page, &standings_tables(summary))?;
    prose(
        out,
        page,
        "Won: alone; drawn: nobody won, or the win was shared. Net: money won or lost, \
         bets included; caught: cheats caught at the table; streak: the run they are on.",
    )?;
    for game in games_of(summary) {
        section(out, page, game.title())?;
        table(out, page, &[game_table(summary, game)])?;
    }
    Ok(())
}

/// Who has met whom and how it went, with a line on whose side the counts take.
fn write_head_to_head(out: &mut impl Write, summary: &Summary<'_>, page: Page) -> io::Result<()> {
    section(out, page, "Head to head")?;
    if summary.head_to_heads.is_empty() {
        prose(out, page, "Nobody has met anybody yet.")?;
    } else {
        table(out, page, &[head_to_head_table(summary)])?;
        prose(
            out,
            page,
            "Won and lost: by the first-named; neither: drawn, shared or won by another.",
        )?;
    }
    Ok(())
}

/// The upsets (wins at a chance under [`crate::history::standings::UPSET`]), with a line
/// on whose chance it was.
fn write_upsets(out: &mut impl Write, summary: &Summary<'_>, page: Page) -> io::Result<()> {
    section(out, page, "Upsets")?;
    if summary.upsets.is_empty() {
        let under = percent(crate::history::standings::UPSET);
        prose(
            out,
            page,
            &format!("No upsets: nobody won at a chance under {under}."),
        )?;
    } else {
        table(out, page, &upset_tables(summary))?;
        prose(
            out,
            page,
            "Chance: the bookie's, before the match, that the winner would win.",
        )?;
    }
    Ok(())
}

/// Who watches a character's hands at the tavern, and how hard (or that nobody watches
/// them more than a stranger).
fn write_watchers(out: &mut impl Write, r: &Reputation, page: Page) -> io::Result<()> {
    section(out, page, &format!("Who watches {}", r.name))?;
    if r.watchers.is_empty() {
        prose(
            out,
            page,
            &format!(
                "Nobody at {} watches {} more closely than a stranger.",
                r.tavern, r.name
            ),
        )?;
    } else {
        table(out, page, &[watchers_table(r)])?;
        prose(
            out,
            page,
            &format!(
                "At {} on {}: each watcher looks 1 + 2 × sightings times as hard at \
                 {}'s hands; a sighting fades by half each evening.",
                r.tavern, r.evening, r.name
            ),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chance_is_said_as_the_odds_on_the_ladder() {
        assert_eq!(odds(0.25).as_deref(), Some("3 to 1"));
        assert_eq!(odds(0.5).as_deref(), Some("evens"));
        assert_eq!(odds(0.2).as_deref(), Some("4 to 1"));
        assert_eq!(odds(0.0), None);
    }

    #[test]
    fn a_streak_is_its_result_and_length() {
        let s = Streak {
            result: Outcome::Lost,
            length: 3,
        };
        assert_eq!(streak(Some(s)), "lost\u{a0}3");
        assert_eq!(streak(None), "–");
    }

    #[test]
    fn sightings_keep_what_halving_leaves() {
        assert_eq!(sightings(0.125), "0.125");
        assert_eq!(sightings(0.5), "0.5");
        assert_eq!(sightings(2.0), "2");
    }
}
