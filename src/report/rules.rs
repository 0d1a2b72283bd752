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
    crate::games::words::rules_page(game)
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

impl Block {
    /// An empty block whose lines all begin with `pad`.
    fn padded(pad: String) -> Block {
        Block {
            text: String::new(),
            first: pad.clone(),
            rest: pad,
        }
    }
}

/// Lays Markdown out for a terminal `width` columns wide. With `styled`, strong text and
/// headings carry ANSI bold (stripped again by the output stream where colour is off).
#[must_use]
pub fn render(markdown: &str, width: u16, styled: bool) -> String {
    let mut page = Terminal {
        width: usize::from(width).max(20),
        bold: if styled {
            Style::new().bold()
        } else {
            Style::new()
        },
        out: String::new(),
        lists: Vec::new(),
        block: None,
        heading: None,
        code: None,
    };
    for event in Parser::new(markdown) {
        page.take(event);
    }
    page.flush();
    let mut out = page.out;
    out.truncate(out.trim_end().len());
    out
}

/// The rules being laid out for a terminal: the text so far, and where in the Markdown's
/// nesting the next event falls.
struct Terminal {
    /// The page's width in columns.
    width: usize,
    /// How strong text and headings are set (plain when unstyled).
    bold: Style,
    /// The lines laid out so far.
    out: String,
    /// The lists open, outermost first.
    lists: Vec<List>,
    /// The block whose text is being gathered.
    block: Option<Block>,
    /// The level of the heading being gathered.
    heading: Option<HeadingLevel>,
    /// The text of the code block (a board drawing) being gathered.
    code: Option<String>,
}

impl Terminal {
    /// Lays out one event of the Markdown.
    fn take(&mut self, event: Event<'_>) {
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                self.gap();
                self.heading = Some(level);
                self.block = Some(Block::padded(String::new()));
            }
            Event::End(TagEnd::Heading(_)) => self.end_heading(),
            // A paragraph opening an item goes on the item's first line.
            Event::Start(Tag::Paragraph) if self.block.is_none() => {
                self.block = Some(Block::padded(self.indent()));
            }
            Event::End(TagEnd::Paragraph) => {
                self.flush();
                if self.lists.is_empty() {
                    self.gap();
                }
            }
            Event::Start(Tag::List(start)) => {
                self.flush();
                self.lists.push(List { next: start });
            }
            Event::End(TagEnd::List(_)) => {
                self.flush();
                self.lists.pop();
                if self.lists.is_empty() {
                    self.gap();
                }
            }
            Event::Start(Tag::Item) => self.start_item(),
            Event::End(TagEnd::Item) => self.flush(),
            Event::Start(Tag::CodeBlock(_)) => {
                self.flush();
                self.gap();
                self.code = Some(String::new());
            }
            Event::End(TagEnd::CodeBlock) => self.end_code(),
            Event::Text(text) => self.text(&text),
            Event::Code(text) => {
                if let Some(b) = &mut self.block {
                    b.text.push_str(&text);
                }
            }
            Event::Start(Tag::Strong) => self.strong(self.bold.render().to_string()),
            Event::End(TagEnd::Strong) => self.strong(self.bold.render_reset().to_string()),
            Event::SoftBreak | Event::HardBreak => {
                if let Some(b) = &mut self.block {
                    b.text.push(' ');
                }
            }
            _ => {}
        }
    }

    /// Where an item's text that is not its first paragraph starts.
    fn indent(&self) -> String {
        "  ".repeat(self.lists.len())
    }

    /// The block gathered so far, wrapped to the width and written out.
    fn flush(&mut self) {
        if let Some(b) = self.block.take() {
            let text = b.text.split_whitespace().collect::<Vec<_>>().join(" ");
            if !text.is_empty() {
                let options = textwrap::Options::new(self.width)
                    .initial_indent(&b.first)
                    .subsequent_indent(&b.rest);
                self.out.push_str(&textwrap::fill(&text, options));
                self.out.push('\n');
            }
        }
    }

    /// A blank line, unless the page is empty or already ends with one.
    fn gap(&mut self) {
        if !self.out.is_empty() && !self.out.ends_with("\n\n") {
            self.out.push('\n');
        }
    }

    /// The heading's title in bold, underlined with `=` (the first level) or `-`.
    fn end_heading(&mut self) {
        let title = self.block.take().map(|b| b.text).unwrap_or_default();
        let title = title.trim();
        let rule = if self.heading == Some(HeadingLevel::H1) {
            '='
        } else {
            '-'
        };
        let long = unicode_width::UnicodeWidthStr::width(title).min(self.width);
        let bold = self.bold;
        self.out.push_str(&format!("{bold}{title}{bold:#}\n"));
        self.out.push_str(&rule.to_string().repeat(long));
        self.out.push_str("\n\n");
        self.heading = None;
    }

    /// A list item's block: its marker (the next number, or a bullet) on the first line,
    /// the rest hung under its text.
    fn start_item(&mut self) {
        self.flush();
        let depth = self.lists.len().saturating_sub(1);
        let pad = "  ".repeat(depth);
        let marker = match self.lists.last_mut().and_then(|l| l.next.as_mut()) {
            Some(n) => {
                let m = format!("{n}. ");
                *n += 1;
                m
            }
            None => "- ".to_owned(),
        };
        let rest = format!("{pad}{}", " ".repeat(marker.len()));
        self.block = Some(Block {
            text: String::new(),
            first: format!("{pad}{marker}"),
            rest,
        });
    }

    /// The code block (a board drawing) written as drawn, indented under its item.
    fn end_code(&mut self) {
        let pad = format!("{}    ", self.indent());
        for line in self.code.take().unwrap_or_default().lines() {
            self.out.push_str(format!("{pad}{line}").trim_end());
            self.out.push('\n');
        }
        self.gap();
    }

    /// Text, into the code block or the block being gathered (a new one at the list's
    /// indent when none is).
    fn text(&mut self, text: &str) {
        match (&mut self.code, &mut self.block) {
            (Some(c), _) => c.push_str(text),
            (None, Some(b)) => b.text.push_str(text),
            (None, None) => {
                let mut block = Block::padded(self.indent());
                block.text = text.to_owned();
                self.block = Some(block);
            }
        }
    }

    /// The style that opens or closes strong text, outside headings (which are bold
    /// whole).
    fn strong(&mut self, mark: String) {
        if let Some(b) = &mut self.block
            && self.heading.is_none()
        {
            b.text.push_str(&mark);
        }
    }
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
