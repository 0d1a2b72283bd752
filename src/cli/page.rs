//! `--format html` (`play`, `replay`, `night`): a match or an evening as one page. The
//! reports write the telling and the tables as for `--format markdown`, in the view
//! asked for; each match's boards follow its telling, drawn in the same view.

use std::path::PathBuf;

use super::CliError;
use super::args::Quiet;
use crate::ops::evening::{Night, Prepared};
use crate::ops::play::Played;
use crate::report::board::picture::{Film, film};
use crate::report::html::Document;
use crate::report::{self, Layout, Page, View};
use crate::table::{MatchLog, RuleOptions};

/// What a match's page shows besides its telling and result.
pub struct MatchPage<'a> {
    /// Who reads it.
    pub view: View,
    /// Only this game's board (`replay --game N`); every game's when `None`.
    pub only: Option<u32>,
    /// The command that plays the match again, for the GM's seed line.
    pub replay: &'a str,
}

/// The page of a match played: its telling and result table, its wagers when there were
/// any, and each game's board.
///
/// # Errors
/// A game the match did not play (`only`); a log the rules do not play back.
pub fn match_page(played: &Played, shown: &MatchPage<'_>) -> Result<String, CliError> {
    let log = &played.log;
    let mut doc = Document::new(&match_title(log));
    for part in match_markdown(played, shown.view, shown.replay)? {
        doc.markdown(&part);
    }
    let films = films(log, &played.spec.rules, shown.only, shown.view)?;
    doc.markdown(boards_heading(films.len()));
    doc.boards(films);
    Ok(doc.render())
}

/// A match's title: the game and who played.
pub fn match_title(log: &MatchLog) -> String {
    let names: Vec<&str> = log.entrants.iter().map(|e| e.name.as_str()).collect();
    format!("{}: {}", log.game.title(), names.join(" v "))
}

/// A match's telling and result table in Markdown, in `view`, and its wagers when there
/// were any (a part each): as the page shows them, and a Foundry journal.
///
/// # Errors
/// When writing fails.
pub fn match_markdown(played: &Played, view: View, replay: &str) -> Result<Vec<String>, CliError> {
    let page = Page {
        view,
        layout: Layout::Markdown,
    };
    let log = &played.log;
    let mut text = Vec::new();
    report::write_text(&mut text, log, &played.scenes, page, replay)?;
    let mut parts = vec![plain(text)];
    if let Some(settled) = &played.wagers {
        let mut text = b"### The wagers\n".to_vec();
        let quiet = Quiet { quiet: true };
        super::bet::print(settled, log, &played.phrasebook, page, quiet, &mut text)?;
        parts.push(plain(text));
    }
    Ok(parts)
}

/// The page of an evening: the tavern's terms, each match told with its wagers and
/// followed by its boards, the settling up, and the files written.
///
/// # Errors
/// A log the rules do not play back.
pub fn night_page(
    prepared: &Prepared,
    night: &Night,
    written: &[PathBuf],
    view: View,
) -> Result<String, CliError> {
    let page = Page {
        view,
        layout: Layout::Markdown,
    };
    let mut doc = Document::new(&prepared.evening.title);
    let mut text = Vec::new();
    report::night::write_opening(&mut text, prepared, page)?;
    doc.markdown(&plain(text));
    for (i, (m, played)) in prepared.matches.iter().zip(&night.matches).enumerate() {
        let mut text = Vec::new();
        report::night::write_match_at(&mut text, prepared, night, i, page)?;
        doc.markdown(&plain(text));
        let films = films(&played.log, &m.spec.rules, None, view)?;
        doc.markdown(boards_heading(films.len()));
        doc.boards(films);
    }
    let mut text = Vec::new();
    report::night::write_settling_up(&mut text, prepared, night, page)?;
    for file in written {
        text.extend(format!("\nWritten: {}\n", file.display()).into_bytes());
    }
    doc.markdown(&plain(text));
    Ok(doc.render())
}

/// The heading over a match's boards, at the level of its scenes.
fn boards_heading(n: usize) -> &'static str {
    if n == 1 {
        "### The board\n"
    } else {
        "### The boards\n"
    }
}

/// Each game of the match (or only game `only`) as a film, in the view asked for.
fn films(
    log: &MatchLog,
    rules: &RuleOptions,
    only: Option<u32>,
    view: View,
) -> Result<Vec<Film>, CliError> {
    let players = view == View::Players;
    let numbers: Vec<u32> = match only {
        Some(n) => vec![n],
        None => log.games.iter().map(|g| g.number).collect(),
    };
    numbers
        .into_iter()
        .map(|n| Ok(film(log, rules, Some(n), players)?))
        .collect()
}

/// Text the reports wrote, without the styles meant for a terminal.
pub fn plain(bytes: Vec<u8>) -> String {
    let text = String::from_utf8_lossy(&bytes);
    anstream::adapter::strip_str(&text).to_string()
}
