//! The telling as Discord takes it (`--format discord`, `--post`): Discord's Markdown has
//! no tables, so each table is a fenced monospaced block narrow enough for a phone
//! ([`WIDTH`]), and a message holds at most [`LIMIT`] characters, so the whole is cut into
//! messages at line boundaries, never inside a fenced block.

pub mod embed;

use std::io::{self, Write};

/// The columns a table takes at most in a message: a phone's screen in portrait.
pub const WIDTH: u16 = 40;

/// The most characters of one message's content (Discord's documented limit).
pub const LIMIT: usize = 2000;

/// The layout of a page told for Discord: Markdown prose, tables fenced within [`WIDTH`].
pub const LAYOUT: super::Layout = super::Layout::Chat(WIDTH);

/// A fence line: it opens or closes a code block.
const FENCE: &str = "```";

/// The length of `text` as Discord counts it: in UTF-16 code units, as its JavaScript
/// does (never fewer than the text's characters).
#[must_use]
pub fn length(text: &str) -> usize {
    text.encode_utf16().count()
}

/// The line printed between messages on standard output (before each message, the
/// first included): what a GM pastes is what lies between two of them.
#[must_use]
pub fn separator(number: usize, total: usize) -> String {
    format!("-----8<----- message {number} of {total} -----8<-----")
}

/// Writes the messages, each after its [`separator`] line.
///
/// # Errors
/// When writing fails.
pub fn write_messages(out: &mut impl Write, messages: &[String]) -> io::Result<()> {
    for (i, message) in messages.iter().enumerate() {
        writeln!(out, "{}", separator(i + 1, messages.len()))?;
        writeln!(out, "{message}")?;
    }
    Ok(())
}

/// A piece of the text that stays whole in one message where it can: a line, or a fenced
/// block from its opening fence to its closing one.
enum Unit {
    Line(String),
    Block(Vec<String>),
}

/// Cuts Discord Markdown into messages of at most [`LIMIT`] characters each.
#[must_use]
pub fn messages(text: &str) -> Vec<String> {
    messages_within(text, LIMIT)
}

/// Cuts Discord Markdown into messages of at most `limit` characters each (by
/// [`length`]), between lines: a fenced block is never cut across two messages, and one
/// too long for any message becomes several complete blocks, each fenced; a heading is
/// carried to the message of the lines under it; blank lines at the ends of a message
/// are dropped, and blank lines in a row are one. A line longer than a message (there is none in a telling) is cut between
/// words.
#[must_use]
pub fn messages_within(text: &str, limit: usize) -> Vec<String> {
    let limit = limit.max(2 * FENCE.len() + 16);
    let mut done = Vec::new();
    let mut current: Vec<String> = Vec::new();
    for unit in units(text) {
        for piece in pieces(unit, limit) {
            if !current.is_empty() && joined_length(&current) + 1 + joined_length(&piece) > limit {
                let mut carried = carried_headings(&mut current);
                if joined_length(&carried) + 1 + joined_length(&piece) > limit {
                    // No room for them beside the piece: they stay where they were.
                    current.append(&mut carried);
                }
                push_message(&mut done, &mut current);
                current = carried;
            }
            let blank = piece.iter().all(|l| l.trim().is_empty());
            // No blank line opens a message, and one stands for several (Discord shows
            // every one).
            if blank && current.last().is_none_or(|l| l.trim().is_empty()) {
                continue;
            }
            current.extend(piece);
        }
    }
    push_message(&mut done, &mut current);
    done
}

/// The text's lines and fenced blocks, in order (a block left open is closed at the end).
fn units(text: &str) -> Vec<Unit> {
    let mut units = Vec::new();
    let mut block: Option<Vec<String>> = None;
    for line in text.lines() {
        match block.as_mut() {
            Some(lines) => {
                lines.push(line.to_owned());
                if line.trim() == FENCE {
                    units.extend(block.take().map(Unit::Block));
                }
            }
            None if line.trim_start().starts_with(FENCE) => block = Some(vec![line.to_owned()]),
            None => units.push(Unit::Line(line.to_owned())),
        }
    }
    if let Some(mut lines) = block {
        lines.push(FENCE.to_owned());
        units.push(Unit::Block(lines));
    }
    units
}

/// A unit as pieces that each fit in a message: itself, or a long block as several
/// fenced blocks, or a long line cut between words.
fn pieces(unit: Unit, limit: usize) -> Vec<Vec<String>> {
    match unit {
        Unit::Line(line) if length(&line) <= limit => vec![vec![line]],
        Unit::Line(line) => cut_line(&line, limit)
            .into_iter()
            .map(|l| vec![l])
            .collect(),
        Unit::Block(lines) if joined_length(&lines) <= limit => vec![lines],
        Unit::Block(lines) => {
            let open = lines.first().cloned().unwrap_or_else(|| FENCE.to_owned());
            let body = &lines[1..lines.len().saturating_sub(1)];
            // Each part: its opening fence, its lines and the closing fence.
            let room = limit - length(&open) - FENCE.len() - 2;
            let mut parts: Vec<Vec<String>> = Vec::new();
            let mut part: Vec<String> = Vec::new();
            for line in body.iter().flat_map(|l| cut_line(l, room)) {
                if !part.is_empty() && joined_length(&part) + 1 + length(&line) > room {
                    parts.push(std::mem::take(&mut part));
                }
                part.push(line);
            }
            parts.push(part);
            parts
                .into_iter()
                .map(|p| {
                    let mut fenced = vec![open.clone()];
                    fenced.extend(p);
                    fenced.push(FENCE.to_owned());
                    fenced
                })
                .collect()
        }
    }
}

/// `line` cut into parts of at most `limit` characters, between words where it can.
fn cut_line(line: &str, limit: usize) -> Vec<String> {
    let mut parts = Vec::new();
    let mut rest = line;
    while length(rest) > limit {
        // The longest head within the limit, ending at a character's boundary.
        let mut end = 0;
        let mut units = 0;
        for (i, c) in rest.char_indices() {
            if units + c.len_utf16() > limit {
                break;
            }
            units += c.len_utf16();
            end = i + c.len_utf8();
        }
        let cut = rest[..end].rfind(' ').filter(|&i| i > 0).unwrap_or(end);
        parts.push(rest[..cut].to_owned());
        rest = rest[cut..].trim_start_matches(' ');
    }
    parts.push(rest.to_owned());
    parts
}

/// The length of lines joined by newlines.
fn joined_length(lines: &[String]) -> usize {
    lines.iter().map(|l| length(l)).sum::<usize>() + lines.len().saturating_sub(1)
}

/// Takes the headings (and blank lines) that end a message, unless they are all it
/// holds: they belong with the lines under them, in the next message.
fn carried_headings(lines: &mut Vec<String>) -> Vec<String> {
    let heading = |l: &String| l.trim().is_empty() || l.starts_with('#') || is_bold_line(l);
    let keep = lines.iter().rposition(|l| !heading(l)).map_or(0, |i| i + 1);
    if keep == 0 {
        return Vec::new();
    }
    let carried: Vec<String> = lines.split_off(keep);
    carried
        .into_iter()
        .skip_while(|l| l.trim().is_empty())
        .collect()
}

/// A line in bold alone: a heading of the telling's Markdown (`**Wagers at ...**`).
fn is_bold_line(line: &str) -> bool {
    line.len() > 4 && line.starts_with("**") && line.ends_with("**")
}

/// Ends the message being gathered: its blank lines at either end dropped, and nothing
/// when nothing is left.
fn push_message(done: &mut Vec<String>, lines: &mut Vec<String>) {
    let text = lines.join("\n");
    lines.clear();
    let text = text.trim_matches('\n');
    if !text.trim().is_empty() {
        done.push(text.to_owned());
    }
}

#[cfg(test)]
mod tests;
