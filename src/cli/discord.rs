//! `--format discord` and `--post URL`: a match, an evening or the history told as
//! Discord's messages, printed or posted to a webhook. The telling is the players' view
//! unless the GM asks for theirs (`--view gm`).

use std::io::Write;

use clap::Args;

use super::CliError;
use super::args::Quiet;
use crate::ops::play::Played;
use crate::ops::post::{Attachment, Patience, Webhook, post};
use crate::report::discord::embed::{Card, PICTURE, payloads};
use crate::report::discord::{self, LAYOUT};
use crate::report::{Page, View};

/// `--post URL`: where the messages go.
#[derive(Debug, Args)]
pub struct PostArgs {
    /// Also post the telling to a Discord webhook (Server Settings → Integrations →
    /// Webhooks → Copy Webhook URL): the messages of `--format discord` as embeds, with the
    /// board as a picture, in the players' view unless `--view gm`. Nothing else changes:
    /// the output is printed as --format says.
    #[arg(long, value_name = "URL")]
    post: Option<String>,
}

impl PostArgs {
    /// The webhook asked for, checked before anything is played.
    ///
    /// # Errors
    /// An address that is not an http(s) address with a host.
    pub fn webhook(&self) -> Result<Option<Webhook>, CliError> {
        Ok(self.post.as_deref().map(str::parse).transpose()?)
    }
}

/// The Markdown a page's printer wrote, cut into messages.
///
/// # Errors
/// When the printer fails.
pub fn cut(
    write: impl FnOnce(&mut Vec<u8>) -> Result<(), CliError>,
) -> Result<Vec<String>, CliError> {
    let mut text = Vec::new();
    write(&mut text)?;
    Ok(discord::messages(&String::from_utf8_lossy(&text)))
}

/// The page of a match told for Discord: in `view`, tables fenced for a phone.
#[must_use]
pub fn page(view: View) -> Page {
    Page {
        view,
        layout: LAYOUT,
    }
}

/// A match's messages: the telling and its table, the replay line where `replay_shown`
/// (the GM's view, or `sit`'s, whose replay holds only what the people typed), and the
/// wagers.
///
/// # Errors
/// When a printer fails.
pub fn match_messages(
    played: &Played,
    view: View,
    replay: &str,
    replay_shown: bool,
) -> Result<Vec<String>, CliError> {
    let page = page(view);
    cut(|out| {
        crate::report::write_text(out, &played.log, &played.scenes, page, replay)?;
        if replay_shown && view == View::Players {
            crate::report::write_replay(out, &played.log, page, replay)?;
        }
        if let Some(settled) = &played.wagers {
            let quiet = Quiet { quiet: true };
            super::bet::print(settled, &played.log, &played.phrasebook, page, quiet, out)?;
        }
        Ok(())
    })
}

/// Prints the messages, each after its separator line, and the files written on stderr.
///
/// # Errors
/// When writing fails.
pub fn print(
    out: &mut impl Write,
    messages: &[String],
    written: &[std::path::PathBuf],
) -> Result<(), CliError> {
    discord::write_messages(out, messages)?;
    for file in written {
        super::note(&format!("Written: {}", file.display()));
    }
    Ok(())
}

/// A match's frame: its title, each player's wins, the seed and the replay line (where
/// the view shows them), and its board.
#[must_use]
pub fn match_card(played: &Played, replay: &str, replay_shown: bool) -> Card {
    let log = &played.log;
    let names: Vec<&str> = log.entrants.iter().map(|e| e.name.as_str()).collect();
    let unit = log.game.facts().unit.title();
    let fields = log
        .entrants
        .iter()
        .zip(log.everyone())
        .map(|(e, i)| {
            let won = log.wins.get(i.index()).copied().unwrap_or(0);
            let name = if log.winners.contains(&i) {
                format!("{} (winner)", e.name)
            } else {
                e.name.clone()
            };
            (name, format!("{unit}s won: {won}"))
        })
        .collect();
    Card {
        title: format!(
            "{}: {}, {}",
            log.game.title(),
            names.join(" v "),
            log.format
        ),
        footer: footer(log.seed, replay, replay_shown, log.game.title()),
        fields,
        picture: false,
    }
}

/// The footer: the seed and the replay line where they are shown, else only what
/// told it.
fn footer(seed: u64, replay: &str, shown: bool, what: &str) -> String {
    if shown {
        format!("Seed {seed} replays this: {replay}")
    } else {
        format!("taproom · {what}")
    }
}

/// The deciding game's last position as a PNG, in the view's eyes; none (told on
/// stderr) when it cannot be drawn: the telling goes out all the same.
#[must_use]
pub fn board_png(
    log: &crate::table::MatchLog,
    rules: &crate::table::RuleOptions,
    view: View,
) -> Option<Vec<u8>> {
    use crate::report::board::picture;
    let players = view == View::Players;
    let drawn = picture::film(log, rules, None, players)
        .map_err(|e| e.to_string())
        .and_then(|film| {
            picture::film_bytes(&film, crate::ops::picture::ImageKind::Png)
                .map_err(|e| e.to_string())
        });
    match drawn {
        Ok(bytes) => Some(bytes),
        Err(e) => {
            super::note(&format!("the board could not be drawn for Discord: {e}"));
            None
        }
    }
}

/// Posts the messages, framed by `card`, with the picture when there is one; tells on
/// stderr how many were posted.
///
/// # Errors
/// A message the webhook did not take: how many were posted before it.
pub fn send(
    hook: &Webhook,
    messages: &[String],
    mut card: Card,
    png: Option<&[u8]>,
    quiet: Quiet,
) -> Result<(), CliError> {
    card.picture = png.is_some();
    let bodies = payloads(messages, &card);
    let file = png.map(|bytes| Attachment {
        name: PICTURE,
        bytes,
    });
    let sent = post(hook, &bodies, file, Patience::default()).map_err(crate::ops::Error::from)?;
    if !quiet.quiet {
        super::note(&format!(
            "Posted {sent} of {} messages to Discord ({}).",
            bodies.len(),
            hook.host()
        ));
    }
    Ok(())
}
