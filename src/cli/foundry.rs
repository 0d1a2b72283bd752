//! `--format foundry` and `--format note` (`play`, `sit`, `night`): the match's telling,
//! tables and board gathered as the other outputs write them, and handed to the pure
//! builders in [`crate::report::foundry`] and [`crate::report::note`].

use std::io::Write;

use super::CliError;
use super::page::{match_markdown, plain};
use crate::ops::evening::{Night, Prepared};
use crate::ops::picture::ImageKind;
use crate::ops::play::Played;
use crate::report::board::picture::{film, film_bytes};
use crate::report::foundry::{Told, document, write};
use crate::report::note::{NoteOptions, note};
use crate::report::{self, Layout, Page, View};
use crate::table::{MatchLog, RuleOptions};
use crate::wager::money::Currency;

/// The last position of the match's deciding game as a PNG, in `view`.
fn board_png(log: &MatchLog, rules: &RuleOptions, view: View) -> Result<Vec<u8>, CliError> {
    let film = film(log, rules, None, view == View::Players)?;
    film_bytes(&film, ImageKind::Png).map_err(|e| {
        CliError::Io(std::io::Error::other(format!(
            "the board's picture could not be drawn: {e}"
        )))
    })
}

/// Writes the Foundry document of a match played (`play`, `sit`), in `view`, with
/// `replay` the line that plays it again.
///
/// # Errors
/// A picture that cannot be drawn; the output cannot be written.
pub fn write_match(
    out: &mut impl Write,
    played: &Played,
    view: View,
    replay: &str,
) -> Result<(), CliError> {
    let markdown = match_markdown(played, view, replay)?.join("\n");
    let told = Told {
        log: &played.log,
        scenes: &played.scenes,
        replay: replay.to_owned(),
        png: Some(board_png(&played.log, &played.spec.rules, view)?),
    };
    let title = super::page::match_title(&played.log);
    let doc = document(&title, &markdown, &[told], &played.record.tavern);
    write(out, &doc)?;
    Ok(())
}

/// Writes the Foundry document of an evening, in `view`: one journal of the whole
/// evening (a board a match), and each match's messages.
///
/// # Errors
/// A picture that cannot be drawn; the output cannot be written.
pub fn write_night(
    out: &mut impl Write,
    prepared: &Prepared,
    night: &Night,
    view: View,
) -> Result<(), CliError> {
    let page = Page {
        view,
        layout: Layout::Markdown,
    };
    let mut text = Vec::new();
    report::night::write_opening(&mut text, prepared, page)?;
    let mut told = Vec::new();
    for (i, (m, played)) in prepared.matches.iter().zip(&night.matches).enumerate() {
        report::night::write_match_at(&mut text, prepared, night, i, page)?;
        // The line the history records for it (the evening's watch and memory in it).
        let replay = night
            .records
            .get(i)
            .map_or_else(|| m.spec.replay_command(), |r| r.replay.clone());
        told.push(Told {
            log: &played.log,
            scenes: &played.scenes,
            replay,
            png: Some(board_png(&played.log, &m.spec.rules, view)?),
        });
    }
    report::night::write_settling_up(&mut text, prepared, night, page)?;
    let doc = document(
        &prepared.evening.title,
        &plain(text),
        &told,
        &prepared.tavern.name,
    );
    write(out, &doc)?;
    Ok(())
}

/// Writes the note of a match played (`play`, `sit`): the GM's, every cheat told, in
/// the GM's view; the caught ones alone in the players'.
///
/// # Errors
/// The output cannot be written.
pub fn write_note(out: &mut impl Write, played: &Played, view: View) -> Result<(), CliError> {
    let currency = played
        .wagers
        .as_ref()
        .map_or(Currency::default(), |s| s.tavern.currency);
    let options = NoteOptions {
        currency,
        gm: view == View::Gm,
        number: None,
    };
    out.write_all(note(&played.record, options).as_bytes())?;
    Ok(())
}
