//! What a match looks like on the page: the told scenes, the result table, the JSON.
//! Printers write to any `io::Write`, so tests render into a `Vec<u8>`.

pub mod board;
pub mod discord;
pub mod foundry;
pub mod grid;
pub mod history;
pub mod html;
pub mod json;
pub mod ladder;
pub mod night;
pub mod note;
pub mod odds;
pub mod replay;
mod results;
pub mod roster;
pub mod rules;
pub mod short;
pub mod wagers;

/// The version of every JSON document taproom writes (`docs/json.md`): raised when a
/// field changes meaning or goes away, not when one is added.
pub const JSON_VERSION: u32 = 1;

pub use results::match_table;

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

/// How tables are laid out on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Within this many columns: cells wrap, and a table too wide for them is laid out
    /// another way (a table of five players as rows).
    Columns(u16),
    /// As wide as the table needs (`--wide`).
    Wide,
    /// Markdown, for campaign notes and chat windows.
    Markdown,
    /// A chat's Markdown (Discord's): prose as [`Layout::Markdown`] lays it out, and each
    /// table as a fenced monospaced block within this many columns, as
    /// [`Layout::Columns`] lays it out (chat Markdown has no tables).
    Chat(u16),
}

impl Layout {
    /// Whether the page is Markdown (of notes, or of a chat).
    #[must_use]
    pub fn is_markdown(self) -> bool {
        matches!(self, Layout::Markdown | Layout::Chat(_))
    }
}

impl Default for Layout {
    /// The width of a terminal when there is none: 80 columns.
    fn default() -> Self {
        Layout::Columns(80)
    }
}

/// The widest line of a rendered table, in terminal columns.
#[must_use]
pub fn width_of(text: &str) -> usize {
    text.lines()
        .map(unicode_width::UnicodeWidthStr::width)
        .max()
        .unwrap_or(0)
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

/// Who a page is for and how its tables are laid out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Page {
    /// Who reads it.
    pub view: View,
    /// How its tables are laid out (and whether it is Markdown).
    pub layout: Layout,
}

impl Page {
    /// A line of prose laid out for the page: within a terminal's width it is wrapped at
    /// word boundaries, the first line after `indent` and the rest after `indent` and two
    /// more spaces; wide and Markdown pages keep it on one line.
    #[must_use]
    pub fn prose(&self, indent: &str, text: &str) -> String {
        match self.layout {
            Layout::Columns(width) => {
                let rest = format!("{indent}  ");
                // Lines break between words only: never inside a word, a number or a
                // hyphenated name (`tides-of-war`).
                let options = textwrap::Options::new(usize::from(width).max(20))
                    .initial_indent(indent)
                    .subsequent_indent(&rest)
                    .break_words(false)
                    .word_splitter(textwrap::WordSplitter::NoHyphenation);
                textwrap::fill(text, options).replace(grid::GLUE, " ")
            }
            Layout::Wide | Layout::Markdown | Layout::Chat(_) => format!("{indent}{text}"),
        }
    }

    /// A heading and the lines under it. On a terminal, the heading and each line
    /// indented under it, wrapped as [`Page::prose`] wraps; in Markdown, the heading in
    /// bold as a paragraph of its own and the lines as a list (escaped, blank lines round
    /// it), so that each stays a line of its own when the Markdown is rendered. `lines`
    /// is laid out plain in Markdown: its styled form, `styled`, is for the terminal.
    ///
    /// # Errors
    /// When writing fails.
    pub fn block(
        &self,
        out: &mut impl Write,
        heading: &str,
        lines: &[String],
        styled: &[String],
    ) -> io::Result<()> {
        if self.layout.is_markdown() {
            writeln!(out)?;
            writeln!(out, "**{}**", escape_markdown(heading))?;
            writeln!(out)?;
            for line in lines {
                writeln!(out, "- {}", escape_markdown(line))?;
            }
            writeln!(out)
        } else {
            writeln!(out, "{heading}")?;
            for line in styled {
                writeln!(out, "{}", self.prose("  ", line))?;
            }
            Ok(())
        }
    }

    /// A command to copy: `lead` on a line of its own and the command after it, broken
    /// between its words with a shell's ` \` continuation when it is wider than the page
    /// (so that a pasted command runs unchanged), or on one line after `lead` when the page
    /// is wide.
    #[must_use]
    pub fn command(&self, lead: &str, command: &str) -> String {
        let Layout::Columns(width) = self.layout else {
            return format!("{lead} {command}");
        };
        let width = usize::from(width).max(20);
        if lead.chars().count() + 1 + command.chars().count() <= width {
            return format!("{lead} {command}");
        }
        let words = shell_words::split(command).unwrap_or_else(|_| vec![command.to_owned()]);
        let mut text = format!("{lead}\n");
        let mut line = String::from("  ");
        for word in words {
            // A pipe or a redirection (a replay fed its typed lines) stays an operator.
            let quoted = if matches!(word.as_str(), "|" | "<" | ">") {
                word.clone().into()
            } else {
                shell_words::quote(&word)
            };
            let room = width.saturating_sub(2);
            if line.trim().is_empty() || line.chars().count() + 1 + quoted.chars().count() <= room {
                if !line.trim().is_empty() {
                    line.push(' ');
                }
                line.push_str(&quoted);
            } else {
                text.push_str(&line);
                text.push_str(" \\\n");
                line = format!("    {quoted}");
            }
        }
        text.push_str(&line);
        text
    }
}

/// Writes the told match and its result table: plain text for a terminal, or Markdown.
/// The telling holds what the table saw, in either view, so the GM can read it aloud;
/// the GM's view gathers what only the GM may know after it ([`SECRETS`]).
///
/// # Errors
/// When writing fails.
pub fn write_text(
    out: &mut impl Write,
    log: &MatchLog,
    scenes: &[Scene],
    page: Page,
    replay: &str,
) -> io::Result<()> {
    let markdown = page.layout.is_markdown();
    let names: Vec<String> = log
        .entrants
        .iter()
        .map(|e| match page.view {
            // A person at the table has no skill or temperament of their own.
            View::Gm if e.person => format!("{} (at the table)", e.name),
            View::Gm => format!("{} (skill {}, {})", e.name, e.skill, e.temperament),
            View::Players => e.name.clone(),
        })
        .collect();
    let title = format!(
        "{}: {}, {}",
        log.game.title(),
        names.join(" v "),
        log.format
    );
    if markdown {
        writeln!(out, "## {}", escape_markdown(&title))?;
    } else {
        writeln!(out, "{}", page.prose("", &title))?;
    }
    write_scenes(out, log, scenes, page)?;
    if page.view == View::Gm {
        write_secrets(out, log, scenes, page)?;
    }
    writeln!(out)?;
    writeln!(out, "{}", match_table(log, page.layout, page.view))?;
    if page.view == View::Gm {
        write_replay(out, log, page, replay)?;
    }
    Ok(())
}

/// Writes the telling to read aloud: each scene's heading and the lines the table may
/// hear, in either view (what only the GM may know is [`write_secrets`]'s).
fn write_scenes(
    out: &mut impl Write,
    log: &MatchLog,
    scenes: &[Scene],
    page: Page,
) -> io::Result<()> {
    let markdown = page.layout.is_markdown();
    for (i, scene) in scenes.iter().enumerate() {
        // The last scene tells the match's result: its winners' names are in colour on a
        // terminal (the output stream drops the style where colour is off).
        let result = i + 1 == scenes.len();
        writeln!(out)?;
        if markdown {
            writeln!(out, "### {}", escape_markdown(&scene.heading))?;
            for line in scene.players_lines() {
                writeln!(out)?;
                writeln!(out, "{}", escape_markdown(line))?;
            }
        } else {
            writeln!(out, "{}", scene.heading)?;
            for line in scene.players_lines() {
                let line = if result {
                    winners_styled(log, line)
                } else {
                    line.clone()
                };
                writeln!(out, "{}", page.prose("  ", &line))?;
            }
        }
    }
    Ok(())
}

/// The heading of what only the GM may know, after the telling in the GM's view.
pub const SECRETS: &str = "For the GM alone (the table never saw it)";

/// How the GM's own lines are shown on a terminal: dimmed, set apart from what is read
/// aloud (the output stream drops the style where colour is off).
pub const SECRET: anstyle::Style = anstyle::Style::new().dimmed();

/// Writes what only the GM may know (a cheat nobody saw), gathered after the telling
/// under [`SECRETS`], each line after the game it is about ("Game 2: ..."; a line about
/// the match as it is); nothing when there is none. On a terminal every line is dimmed;
/// in Markdown (and so on the page) the heading is a scene's and the lines a list.
fn write_secrets(
    out: &mut impl Write,
    log: &MatchLog,
    scenes: &[Scene],
    page: Page,
) -> io::Result<()> {
    let lines = secret_lines(log, scenes);
    if lines.is_empty() {
        return Ok(());
    }
    writeln!(out)?;
    if page.layout.is_markdown() {
        writeln!(out, "### {}", escape_markdown(SECRETS))?;
        writeln!(out)?;
        for line in &lines {
            writeln!(out, "- {}", escape_markdown(line))?;
        }
        return Ok(());
    }
    writeln!(out, "{}", short::styled(SECRETS, SECRET))?;
    for line in &lines {
        // Each line as laid out, styled whole, so that a wrapped line stays dimmed.
        for part in page.prose("  ", line).lines() {
            writeln!(out, "{}", short::styled(part, SECRET))?;
        }
    }
    Ok(())
}

/// What only the GM may know (a cheat nobody saw), a line each, after the game it is
/// about ("Game 2: ..."; a line about the match as it is); none when there is none.
#[must_use]
pub fn secret_lines(log: &MatchLog, scenes: &[Scene]) -> Vec<String> {
    let unit = log.game.facts().unit.title();
    scenes
        .iter()
        .flat_map(Scene::gm_lines)
        .map(|(game, line)| match game {
            0 => line.clone(),
            n => format!("{unit} {n}: {line}"),
        })
        .collect()
}

/// Writes the line that replays the match: "Seed N replays this match:" and the command.
/// [`write_text`] writes it in the GM's view; `taproom sit` writes it in the players' view
/// too, as it replays only what the people typed.
///
/// # Errors
/// When writing fails.
pub fn write_replay(
    out: &mut impl Write,
    log: &MatchLog,
    page: Page,
    replay: &str,
) -> io::Result<()> {
    if page.layout.is_markdown() {
        writeln!(out)?;
        writeln!(
            out,
            "Seed {} replays this match: {}",
            log.seed,
            code_span(replay)
        )
    } else {
        let lead = format!("Seed {} replays this match:", log.seed);
        writeln!(out, "{}", page.command(&lead, replay))
    }
}

/// `line` with the match's winners' names in [`short::WON`]: their full names, or in a
/// line that names them short (a line names everyone in one form), their short names
/// where they stand as words of their own.
fn winners_styled(log: &MatchLog, line: &str) -> String {
    let mut line = line.to_owned();
    for &w in &log.winners {
        let e = &log.entrants[w];
        let name = if line.contains(e.name.as_str()) {
            &e.name
        } else {
            &e.short
        };
        line = styled_words(&line, name);
    }
    line
}

/// `line` with every `word` that stands as a word of its own (not inside a longer one)
/// in [`short::WON`].
fn styled_words(line: &str, word: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut at = 0;
    for (i, _) in line.match_indices(word) {
        if i < at {
            continue;
        }
        let before = line[..i].chars().next_back();
        let after = line[i + word.len()..].chars().next();
        if before.is_some_and(char::is_alphanumeric) || after.is_some_and(char::is_alphanumeric) {
            continue;
        }
        out.push_str(&line[at..i]);
        out.push_str(&short::styled(word, short::WON));
        at = i + word.len();
    }
    out.push_str(&line[at..]);
    out
}

/// `text` as a Markdown code span that shows it exactly, whatever backticks it holds
/// (CommonMark): fenced by one backtick more than its longest run of them, with a space
/// inside each fence when it starts or ends with a backtick or a space (a reader strips
/// one space from each end when both ends have one).
#[must_use]
pub fn code_span(text: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    let pad = if text.starts_with(['`', ' ']) || text.ends_with(['`', ' ']) {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{text}{pad}{fence}")
}

/// A line of text made safe for Markdown: every character that could start emphasis, a
/// code span, a link, a heading, HTML or a table's cell is escaped with a backslash, so
/// that the line reads back as the same text.
#[must_use]
pub fn escape_markdown(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        if matches!(
            c,
            '*' | '_' | '`' | '[' | ']' | '#' | '<' | '>' | '|' | '\\'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The match as JSON: the seed, the winners' names (`winner` is `null` for a drawn or
/// shared match), the games won, the whole log of every game, the summary and the scenes.
/// It is the GM's tool output whatever the view: every line is there, and a scene's
/// `gm_only` lists the lines the players' view leaves out (as the log's asides show the
/// cheats nobody saw).
#[derive(Serialize)]
pub(crate) struct JsonMatch<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) version: Option<u32>,
    seed: u64,
    game: crate::games::GameKind,
    format: crate::table::Format,
    winner: Option<&'a str>,
    winners: Vec<&'a str>,
    /// Games won by each entrant, in the order of `entrants`.
    wins: &'a [u32],
    entrants: &'a [crate::table::Entrant],
    /// Per game and entrant: score, stones down and home, captures, the first-turn draw.
    summary: Vec<crate::table::GameSummary>,
    games: &'a [crate::table::GameLog],
    scenes: &'a [Scene],
}

impl<'a> JsonMatch<'a> {
    /// The document of a match, with its version.
    pub(crate) fn new(log: &'a MatchLog, scenes: &'a [Scene]) -> JsonMatch<'a> {
        JsonMatch {
            version: Some(JSON_VERSION),
            seed: log.seed,
            game: log.game,
            format: log.format,
            winner: log.winner_name(),
            winners: log
                .winners
                .iter()
                .map(|&w| log.entrants[w].name.as_str())
                .collect(),
            wins: &log.wins,
            entrants: &log.entrants,
            summary: log.summary(),
            games: &log.games,
            scenes,
        }
    }
}

/// Writes the match as one JSON document.
///
/// # Errors
/// When writing fails.
pub fn write_json(out: &mut impl Write, log: &MatchLog, scenes: &[Scene]) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, &JsonMatch::new(log, scenes))?;
    writeln!(out)
}

#[cfg(test)]
mod tests;
