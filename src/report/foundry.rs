//! A match (or an evening) for Foundry VTT (`--format foundry`): one JSON document of a
//! journal entry and chat messages, in the field names of Foundry's own data model
//! (`JournalEntry`, `JournalEntryPage`, `ChatMessage`), for `examples/foundry-import.js`
//! to create in a world.
//!
//! - The journal has a text page (the telling and the tables, written as the Markdown
//!   reports write them and rendered to HTML as the page of `--format html` renders them;
//!   `text.format` is `CONST.JOURNAL_ENTRY_PAGE_FORMATS.HTML`, 1) and an image page a
//!   match: the last position of its deciding game, as a PNG.
//! - An image page's `src` is a path in Foundry's Data folder (`taproom/…png`), and the
//!   picture itself travels in the page's `flags.taproom.png` as a `data:` URI: Foundry's
//!   `src` is a file path field that refuses inline base64, so the macro uploads the
//!   picture to that path and drops the flag before it creates the journal.
//! - A chat message a match tells it as the players heard it. What only the GM may know
//!   (a cheat nobody saw) goes in a message of its own, whispered: its `whisper` holds the
//!   placeholder [`GM_WHISPER`], which the macro replaces with the GM users' ids (Foundry
//!   wants user ids, which no file outside the world can know; a message imported without
//!   the macro fails Foundry's check of the id rather than showing the secret to all).
//!   Every message's `flags.taproom` holds the game, the seed and the replay line.

use serde::Serialize;

use crate::narrate::Scene;
use crate::table::MatchLog;

use super::escape_markdown;

/// `CONST.JOURNAL_ENTRY_PAGE_FORMATS.HTML`: the page's content is HTML.
pub const FORMAT_HTML: u8 = 1;

/// The `whisper` of a message for the GM alone, until the macro puts the GM users' ids
/// in its place.
pub const GM_WHISPER: &str = "GM";

/// The whole document: the journal entry and the chat messages.
#[derive(Clone, Debug, Serialize)]
pub struct Document {
    /// The journal entry (`JournalEntry.create`).
    pub journal: JournalEntry,
    /// The chat messages, in order (`ChatMessage.create`).
    pub messages: Vec<ChatMessage>,
}

/// A `JournalEntry`: its name and pages.
#[derive(Clone, Debug, Serialize)]
pub struct JournalEntry {
    /// `name`.
    pub name: String,
    /// `pages`.
    pub pages: Vec<JournalEntryPage>,
    /// `flags.taproom`: the version of this document's shape.
    pub flags: Flags<JournalFlags>,
}

/// A module's flags, under its own key.
#[derive(Clone, Debug, Serialize)]
pub struct Flags<T> {
    /// taproom's own.
    pub taproom: T,
}

/// The journal's own flags.
#[derive(Clone, Debug, Serialize)]
pub struct JournalFlags {
    /// The version of the document ([`super::JSON_VERSION`]).
    pub version: u32,
}

/// A `JournalEntryPage`: a text page or an image page.
#[derive(Clone, Debug, Serialize)]
pub struct JournalEntryPage {
    /// `name`.
    pub name: String,
    /// `type`: `text` or `image`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// `title`: shown, at this heading level.
    pub title: PageTitle,
    /// `text` (a text page).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<PageText>,
    /// `src` (an image page): where in Foundry's Data folder the picture goes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub src: Option<String>,
    /// `image.caption` (an image page).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<PageImage>,
    /// `flags.taproom.png` (an image page): the picture, for the macro to upload.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flags: Option<Flags<ImageFlags>>,
}

/// `title` of a page.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct PageTitle {
    /// `show`.
    pub show: bool,
    /// `level`.
    pub level: u8,
}

/// `text` of a text page.
#[derive(Clone, Debug, Serialize)]
pub struct PageText {
    /// `content`: HTML.
    pub content: String,
    /// `format`: [`FORMAT_HTML`].
    pub format: u8,
}

/// `image` of an image page.
#[derive(Clone, Debug, Serialize)]
pub struct PageImage {
    /// `caption`.
    pub caption: String,
}

/// An image page's own flags.
#[derive(Clone, Debug, Serialize)]
pub struct ImageFlags {
    /// The PNG as a `data:image/png;base64,` URI.
    pub png: String,
}

/// A `ChatMessage`.
#[derive(Clone, Debug, Serialize)]
pub struct ChatMessage {
    /// `content`: HTML.
    pub content: String,
    /// `speaker`.
    pub speaker: Speaker,
    /// `whisper`: none for everyone, [`GM_WHISPER`] for the GM alone.
    pub whisper: Vec<String>,
    /// `flags.taproom`.
    pub flags: Flags<MessageFlags>,
}

/// `speaker` of a message.
#[derive(Clone, Debug, Serialize)]
pub struct Speaker {
    /// `alias`: the name shown.
    pub alias: String,
}

/// A message's own flags: which match it is of, and how to play it again.
#[derive(Clone, Debug, Serialize)]
pub struct MessageFlags {
    /// The game's command-line name.
    pub game: &'static str,
    /// The seed.
    pub seed: u64,
    /// The command line that replays the match.
    pub replay: String,
    /// The match's number in the document, from 1.
    #[serde(rename = "match")]
    pub number: usize,
    /// Whether the message is for the GM alone.
    pub gm_only: bool,
}

/// One match, as the document tells it.
pub struct Told<'a> {
    /// The match.
    pub log: &'a MatchLog,
    /// Its scenes.
    pub scenes: &'a [Scene],
    /// The command that replays it.
    pub replay: String,
    /// The last position of its deciding game, as a PNG (none: no picture page).
    pub png: Option<Vec<u8>>,
}

/// The document of `matches` told under `name`: the journal's text page is `markdown`
/// (the whole telling, in the view asked for), rendered to HTML; the messages are said by
/// `speaker` (the tavern).
#[must_use]
pub fn document(name: &str, markdown: &str, matches: &[Told<'_>], speaker: &str) -> Document {
    let mut pages = vec![JournalEntryPage {
        name: name.to_owned(),
        kind: "text",
        title: PageTitle {
            show: true,
            level: 1,
        },
        text: Some(PageText {
            content: super::html::markdown_html(markdown),
            format: FORMAT_HTML,
        }),
        src: None,
        image: None,
        flags: None,
    }];
    let mut messages = Vec::new();
    for (i, told) in matches.iter().enumerate() {
        if let Some(png) = &told.png {
            pages.push(image_page(told, png, i + 1, matches.len()));
        }
        messages.extend(match_messages(told, i + 1, speaker));
    }
    Document {
        journal: JournalEntry {
            name: name.to_owned(),
            pages,
            flags: Flags {
                taproom: JournalFlags {
                    version: super::JSON_VERSION,
                },
            },
        },
        messages,
    }
}

/// The image page of a match's deciding game.
fn image_page(told: &Told<'_>, png: &[u8], number: usize, of: usize) -> JournalEntryPage {
    use base64::Engine as _;
    let log = told.log;
    let unit = log.game.facts().unit;
    let last = log.games.last().map_or(1, |g| g.number);
    let names: Vec<&str> = log.entrants.iter().map(|e| e.name.as_str()).collect();
    let name = if of == 1 {
        format!("The board: {unit} {last}")
    } else {
        format!("Match {number}, the board: {unit} {last}")
    };
    let file = format!(
        "taproom/{}-seed-{}-match-{number}.png",
        log.game.id(),
        log.seed
    );
    JournalEntryPage {
        name,
        kind: "image",
        title: PageTitle {
            show: true,
            level: 2,
        },
        text: None,
        src: Some(file),
        image: Some(PageImage {
            caption: format!(
                "{}: {}, {unit} {last}, the last position",
                log.game.title(),
                names.join(" v ")
            ),
        }),
        flags: Some(Flags {
            taproom: ImageFlags {
                png: format!(
                    "data:image/png;base64,{}",
                    base64::engine::general_purpose::STANDARD.encode(png)
                ),
            },
        }),
    }
}

/// A match's messages: its telling for everyone, then what only the GM may know,
/// whispered, when there is any.
fn match_messages(told: &Told<'_>, number: usize, speaker: &str) -> Vec<ChatMessage> {
    let log = told.log;
    let names: Vec<&str> = log.entrants.iter().map(|e| e.name.as_str()).collect();
    let mut md = format!(
        "**{}**\n\n",
        escape_markdown(&format!("{}: {}", log.game.title(), names.join(" v ")))
    );
    for scene in told.scenes {
        md.push_str(&format!("**{}**\n\n", escape_markdown(&scene.heading)));
        for line in scene.players_lines() {
            md.push_str(&escape_markdown(line));
            md.push_str("\n\n");
        }
    }
    let message = |md: &str, gm_only: bool| ChatMessage {
        content: super::html::markdown_html(md),
        speaker: Speaker {
            alias: speaker.to_owned(),
        },
        whisper: if gm_only {
            vec![GM_WHISPER.to_owned()]
        } else {
            Vec::new()
        },
        flags: Flags {
            taproom: MessageFlags {
                game: log.game.id(),
                seed: log.seed,
                replay: told.replay.clone(),
                number,
                gm_only,
            },
        },
    };
    let mut out = vec![message(&md, false)];
    let secrets = super::secret_lines(log, told.scenes);
    if !secrets.is_empty() {
        let mut md = format!("**{}**\n\n", escape_markdown(super::SECRETS));
        for line in &secrets {
            md.push_str(&format!("- {}\n", escape_markdown(line)));
        }
        out.push(message(&md, true));
    }
    out
}

/// Writes the document as JSON.
///
/// # Errors
/// When writing fails.
pub fn write(out: &mut impl std::io::Write, doc: &Document) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, doc)?;
    writeln!(out)
}
