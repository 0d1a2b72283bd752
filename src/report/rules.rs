//! The rules of each game as taproom plays them, written for players in `docs/rules/`,
//! built into the binary and laid out for the terminal: paragraphs and list items wrapped
//! to the page's width, headings underlined, board drawings kept as drawn, and the
//! Markdown marks (`**`, backquotes, links) turned into plain text or a bold style.

use anstyle::Style;
use pulldown_cmark::{Event, HeadingLevel, Parser, Tag, TagEnd};

use crate::games::GameKind;

/// The rules of `game`, as written in `docs/rules/` (Markdown).
#[must_use]
pub fn markdown(game: GameKind) -> &'static str {
    match game {
        GameKind::TidesOfWar => include_str!("../../docs/rules/tides-of-war.md"),
        GameKind::Pic => include_str!("../../docs/rules/pic.md"),
        GameKind::KiustOyun => include_str!("../../docs/rules/kiust-oyun.md"),
        GameKind::Oicustiytac => include_str!("../../docs/rules/oicustiytac.md"),
    }
}

/// One level of list being laid out: the number of its next item, or `None` for bullets.
struct List {
    next: Option<u64>,
}

/// The text being gathered for one block (a heading, a paragraph, an item's text), and how
/// its first line and the rest begin.
struct Block {
    text: String,
    first: String,
    rest: String,
}

/// Lays Markdown out for a terminal `width` columns wide. With `styled`, strong text and
/// headings carry ANSI bold (stripped again by the output stream where colour is off).
#[must_use]
pub fn render(markdown: &str, width: u16, styled: bool) -> String {
    let width = usize::from(width).max(20);
    let bold = if styled {
        Style::new().bold()
    } else {
        Style::new()
    };
    let mut out = String::new();
    let mut lists: Vec<List> = Vec::new();
    let mut block: Option<Block> = None;
    let mut heading: Option<HeadingLevel> = None;
    let mut code: Option<String> = None;
    // Where an item's text that is not its first paragraph starts.
    let indent = |lists: &[List]| "  ".repeat(lists.len());

    let flush = |out: &mut String, block: &mut Option<Block>| {
        if let Some(b) = block.take() {
            let text = b.text.split_whitespace().collect::<Vec<_>>().join(" ");
            if !text.is_empty() {
                let options = textwrap::Options::new(width)
                    .initial_indent(&b.first)
                    .subsequent_indent(&b.rest);
                out.push_str(&textwrap::fill(&text, options));
                out.push('\n');
            }
        }
    };
    let gap = |out: &mut String| {
        if !out.is_empty() && !out.ends_with("\n\n") {
            out.push('\n');
        }
    };

    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                gap(&mut out);
                heading = Some(level);
                block = Some(Block {
                    text: String::new(),
                    first: String::new(),
                    rest: String::new(),
                });
            }
            Event::End(TagEnd::Heading(_)) => {
                let title = block.take().map(|b| b.text).unwrap_or_default();
                let title = title.trim();
                let rule = if heading == Some(HeadingLevel::H1) {
                    '='
                } else {
                    '-'
                };
                let long = unicode_width::UnicodeWidthStr::width(title).min(width);
                out.push_str(&format!("{bold}{title}{bold:#}\n"));
                out.push_str(&rule.to_string().repeat(long));
                out.push_str("\n\n");
                heading = None;
            }
            // A paragraph opening an item goes on the item's first line.
            Event::Start(Tag::Paragraph) if block.is_none() => {
                let pad = indent(&lists);
                block = Some(Block {
                    text: String::new(),
                    first: pad.clone(),
                    rest: pad,
                });
            }
            Event::End(TagEnd::Paragraph) => {
                flush(&mut out, &mut block);
                if lists.is_empty() {
                    gap(&mut out);
                }
            }
            Event::Start(Tag::List(start)) => {
                flush(&mut out, &mut block);
                lists.push(List { next: start });
            }
            Event::End(TagEnd::List(_)) => {
                flush(&mut out, &mut block);
                lists.pop();
                if lists.is_empty() {
                    gap(&mut out);
                }
            }
            Event::Start(Tag::Item) => {
                flush(&mut out, &mut block);
                let depth = lists.len().saturating_sub(1);
                let pad = "  ".repeat(depth);
                let marker = match lists.last_mut().and_then(|l| l.next.as_mut()) {
                    Some(n) => {
                        let m = format!("{n}. ");
                        *n += 1;
                        m
                    }
                    None => "- ".to_owned(),
                };
                let rest = format!("{pad}{}", " ".repeat(marker.len()));
                block = Some(Block {
                    text: String::new(),
                    first: format!("{pad}{marker}"),
                    rest,
                });
            }
            Event::End(TagEnd::Item) => flush(&mut out, &mut block),
            Event::Start(Tag::CodeBlock(_)) => {
                flush(&mut out, &mut block);
                gap(&mut out);
                code = Some(String::new());
            }
            Event::End(TagEnd::CodeBlock) => {
                let pad = format!("{}    ", indent(&lists));
                for line in code.take().unwrap_or_default().lines() {
                    out.push_str(format!("{pad}{line}").trim_end());
                    out.push('\n');
                }
                gap(&mut out);
            }
            Event::Text(text) => match (&mut code, &mut block) {
                (Some(c), _) => c.push_str(&text),
                (None, Some(b)) => b.text.push_str(&text),
                (None, None) => {
                    let pad = indent(&lists);
                    block = Some(Block {
                        text: text.to_string(),
                        first: pad.clone(),
                        rest: pad,
                    });
                }
            },
            Event::Code(text) => {
                if let Some(b) = &mut block {
                    b.text.push_str(&text);
                }
            }
            Event::Start(Tag::Strong) => {
                if let Some(b) = &mut block
                    && heading.is_none()
                {
                    b.text.push_str(&bold.render().to_string());
                }
            }
            Event::End(TagEnd::Strong) => {
                if let Some(b) = &mut block
                    && heading.is_none()
                {
                    b.text.push_str(&bold.render_reset().to_string());
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some(b) = &mut block {
                    b.text.push(' ');
                }
            }
            _ => {}
        }
    }
    flush(&mut out, &mut block);
    out.truncate(out.trim_end().len());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_its_rules_with_the_usual_sections() {
        for game in GameKind::ALL {
            let text = markdown(game);
            assert!(text.starts_with(&format!("# {}\n", game.title())), "{game}");
            for section in ["## A turn", "## How it ends", "## House readings"] {
                assert!(text.contains(section), "{game} lacks {section}");
            }
        }
    }

    #[test]
    fn lines_fit_the_page_and_no_markdown_marks_are_left() {
        for game in GameKind::ALL {
            // 60 columns: the widest board drawing, kept as drawn, is 52.
            for width in [60u16, 80] {
                let page = render(markdown(game), width, false);
                for line in page.lines() {
                    assert!(
                        unicode_width::UnicodeWidthStr::width(line) <= usize::from(width),
                        "{game} at {width}: {line:?}"
                    );
                    assert!(!line.contains("**"), "{game}: {line:?}");
                    assert!(!line.contains('`'), "{game}: {line:?}");
                    assert!(!line.starts_with('#'), "{game}: {line:?}");
                }
            }
        }
    }

    #[test]
    fn lists_keep_their_markers_and_hang_their_lines() {
        let page = render(
            "Intro words.\n\n- one two three four five six seven\n  - inner\n1. first\n2. second\n",
            20,
            false,
        );
        assert_eq!(
            page,
            "Intro words.\n\n- one two three four\n  five six seven\n  - inner\n\n1. first\n2. second"
        );
    }

    #[test]
    fn a_board_drawing_keeps_its_spacing() {
        let page = render(markdown(GameKind::TidesOfWar), 80, false);
        assert!(
            page.contains("(W white, B black, . empty):\n\n      6  . B B B B .")
                && page.contains("\n      5  W . B B B B\n"),
            "the drawing, indented under its item: {page}"
        );
    }

    #[test]
    fn strong_text_is_bold_only_when_styled() {
        let plain = render("A **town** here.", 40, false);
        assert_eq!(plain, "A town here.");
        let styled = render("A **town** here.", 40, true);
        assert!(styled.contains("\u{1b}[1mtown"), "{styled:?}");
    }
}
