//! The drawing kit the diagrams share: glyphs in Unicode or ASCII, colour by role, and
//! measuring, padding and joining lines by their width on screen.

use anstyle::{AnsiColor, Effects, Style};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::BoardStyle;

/// What a piece of text is, which decides its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ink {
    /// Board lines, rings and other scaffolding: dimmed.
    Frame,
    /// The light side's stones and name (White): yellow.
    Light,
    /// The dark side's stones and name (Black): red.
    Dark,
    /// A seat of a game of numbered players, from 0: a colour of its own.
    Player(usize),
    /// The last move's squares, heaps or traps: bright green.
    Mark,
    /// Tides of War's river: blue.
    Water,
    /// Titles and whose turn it is: bold.
    Strong,
}

impl Ink {
    fn style(self) -> Style {
        let fg = |c: AnsiColor| Style::new().fg_color(Some(c.into()));
        match self {
            Ink::Frame => Style::new().effects(Effects::DIMMED),
            Ink::Light => fg(AnsiColor::Yellow).bold(),
            Ink::Dark => fg(AnsiColor::Red).bold(),
            Ink::Player(i) => fg(PALETTE[i % PALETTE.len()]).bold(),
            Ink::Mark => fg(AnsiColor::BrightGreen).bold(),
            Ink::Water => fg(AnsiColor::Blue),
            Ink::Strong => Style::new().bold(),
        }
    }
}

/// The colours of numbered players, seat 0 first.
const PALETTE: [AnsiColor; 5] = [
    AnsiColor::Yellow,
    AnsiColor::Cyan,
    AnsiColor::Magenta,
    AnsiColor::Green,
    AnsiColor::Blue,
];

/// The characters a diagram is drawn with.
#[derive(Debug)]
pub(crate) struct Glyphs {
    /// Horizontal and vertical lines.
    pub h: char,
    pub v: char,
    /// Corners and joints: top-left, top joint, top-right; left, cross, right; bottom-left,
    /// bottom joint, bottom-right.
    pub box_top: [char; 3],
    pub box_mid: [char; 3],
    pub box_bottom: [char; 3],
    /// Rounded corners for spans under or over a row: opening and closing, above a row
    /// (downwards) and below it (upwards).
    pub span_over: [char; 2],
    pub span_under: [char; 2],
    /// A filled and a hollow stone.
    pub filled: char,
    pub hollow: char,
    /// An empty point.
    pub dot: char,
    /// A town.
    pub town: char,
    /// Arrows: right, left, up, down.
    pub right: char,
    pub left: char,
    pub up: char,
    pub down: char,
    /// Whose turn it is.
    pub turn: char,
    /// Between items of a status line.
    pub sep: &'static str,
}

/// The two tables of glyphs, Unicode and ASCII, written once, each glyph beside its
/// ASCII stand-in.
macro_rules! glyph_tables {
    ($($field:ident: $unicode:expr, $ascii:expr;)*) => {
        const UNICODE: Glyphs = Glyphs { $($field: $unicode,)* };
        const ASCII: Glyphs = Glyphs { $($field: $ascii,)* };
    };
}

glyph_tables! {
    h: '─', '-';
    v: '│', '|';
    box_top: ['┌', '┬', '┐'], ['+', '+', '+'];
    box_mid: ['├', '┼', '┤'], ['+', '+', '+'];
    box_bottom: ['└', '┴', '┘'], ['+', '+', '+'];
    span_over: ['╭', '╮'], ['.', '.'];
    span_under: ['╰', '╯'], ['\'', '\''];
    filled: '●', '#';
    hollow: '○', 'o';
    dot: '·', '.';
    town: '⌂', '^';
    right: '▶', '>';
    left: '◀', '<';
    up: '▲', '^';
    down: '▼', 'v';
    turn: '▶', '>';
    sep: " · ", " - ";
}

/// Draws text in one [`BoardStyle`].
pub(crate) struct Pen {
    style: BoardStyle,
    /// The glyphs of the style.
    pub g: &'static Glyphs,
}

impl Pen {
    pub fn new(style: &BoardStyle) -> Pen {
        Pen {
            style: *style,
            g: if style.ascii { &ASCII } else { &UNICODE },
        }
    }

    /// Whether the pen keeps to ASCII.
    pub fn ascii(&self) -> bool {
        self.style.ascii
    }

    /// `text` in `ink` (unchanged without colour; blanks are never coloured, so that
    /// trailing blanks can be trimmed).
    pub fn paint(&self, ink: Ink, text: &str) -> String {
        if !self.style.colour || text.trim().is_empty() {
            return text.to_owned();
        }
        let style = ink.style();
        format!("{style}{text}{style:#}")
    }

    /// One character in `ink`.
    pub fn paint_char(&self, ink: Ink, c: char) -> String {
        self.paint(ink, c.encode_utf8(&mut [0; 4]))
    }

    /// Fixed text of the diagram (titles, words), folded to ASCII when the pen is.
    pub fn word(&self, text: &str) -> String {
        if self.style.ascii {
            fold(text)
        } else {
            text.to_owned()
        }
    }

    /// A person's name, safe to print and at most `max` columns wide: control characters
    /// are dropped, the name is folded to ASCII when the pen is, and a longer name is cut
    /// with an ellipsis.
    pub fn name(&self, text: &str, max: usize) -> String {
        let clean: String = text
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let clean = self.word(clean.trim());
        if clean.width() <= max {
            return clean;
        }
        let ellipsis = if self.style.ascii { "~" } else { "…" };
        let mut out = String::new();
        let mut used = 0;
        for c in clean.chars() {
            let w = c.width().unwrap_or(0);
            if used + w + 1 > max {
                break;
            }
            used += w;
            out.push(c);
        }
        let mut out = out.trim_end().to_owned();
        out.push_str(ellipsis);
        out
    }

    /// A horizontal rule over cells of the given inner widths: `┌───┬───┐` with the
    /// corners and joints of `ends` (left, joint, right).
    pub fn rule(&self, ends: [char; 3], cells: &[usize]) -> String {
        self.paint(Ink::Frame, &self.bare_rule(ends, cells))
    }

    /// [`Pen::rule`] without colour, for a [`Canvas`].
    pub fn bare_rule(&self, ends: [char; 3], cells: &[usize]) -> String {
        let mut s = String::new();
        s.push(ends[0]);
        for (i, &w) in cells.iter().enumerate() {
            if i > 0 {
                s.push(ends[1]);
            }
            s.extend(std::iter::repeat_n(self.g.h, w));
        }
        s.push(ends[2]);
        s
    }

    /// The vertical line, in the frame's ink.
    pub fn bar(&self) -> String {
        self.paint_char(Ink::Frame, self.g.v)
    }
}

/// Folds text to ASCII: accented Latin letters lose their accents, other characters
/// outside ASCII become `?`.
pub(crate) fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
            continue;
        }
        let plain = match c {
            'À'..='Å' | 'Ā' | 'Ă' | 'Ą' => "A",
            'à'..='å' | 'ā' | 'ă' | 'ą' => "a",
            'Æ' => "AE",
            'æ' => "ae",
            'Ç' | 'Ć' | 'Č' => "C",
            'ç' | 'ć' | 'č' => "c",
            'Ð' | 'Ď' => "D",
            'ð' | 'ď' => "d",
            'È'..='Ë' | 'Ē' | 'Ė' | 'Ę' | 'Ě' => "E",
            'è'..='ë' | 'ē' | 'ė' | 'ę' | 'ě' => "e",
            'Ğ' => "G",
            'ğ' => "g",
            'Ì'..='Ï' | 'İ' | 'Ī' => "I",
            'ì'..='ï' | 'ı' | 'ī' => "i",
            'Ł' => "L",
            'ł' => "l",
            'Ñ' | 'Ń' | 'Ň' => "N",
            'ñ' | 'ń' | 'ň' => "n",
            'Ò'..='Ö' | 'Ø' | 'Ō' | 'Ő' => "O",
            'ò'..='ö' | 'ø' | 'ō' | 'ő' => "o",
            'Œ' => "OE",
            'œ' => "oe",
            'Ř' => "R",
            'ř' => "r",
            'Ś' | 'Ş' | 'Š' => "S",
            'ś' | 'ş' | 'š' => "s",
            'ß' => "ss",
            'Ţ' | 'Ť' => "T",
            'ţ' | 'ť' => "t",
            'Þ' => "Th",
            'þ' => "th",
            'Ù'..='Ü' | 'Ū' | 'Ů' | 'Ű' => "U",
            'ù'..='ü' | 'ū' | 'ů' | 'ű' => "u",
            'Ý' | 'Ÿ' | 'Ỳ' => "Y",
            'ý' | 'ÿ' | 'ỳ' => "y",
            'Ź' | 'Ż' | 'Ž' => "Z",
            'ź' | 'ż' | 'ž' => "z",
            '×' => "x",
            '–' | '—' => "-",
            '‘' | '’' => "'",
            '“' | '”' => "\"",
            '…' => "...",
            _ => "?",
        };
        out.push_str(plain);
    }
    out
}

/// The width of `text` on screen: ANSI escape sequences take none, other characters
/// their Unicode width.
pub(crate) fn width(text: &str) -> usize {
    let mut w = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // CSI: ESC [ parameters, ended by a letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            w += c.width().unwrap_or(0);
        }
    }
    w
}

/// `text` right-aligned in `w` columns.
pub(crate) fn right(text: &str, w: usize) -> String {
    format!("{}{text}", " ".repeat(w.saturating_sub(width(text))))
}

/// `text` left-aligned in `w` columns.
pub(crate) fn left(text: &str, w: usize) -> String {
    format!("{text}{}", " ".repeat(w.saturating_sub(width(text))))
}

/// Pads `line` with blanks to `col` columns.
pub(crate) fn pad_to(line: &mut String, col: usize) {
    let have = width(line);
    if have < col {
        line.push_str(&" ".repeat(col - have));
    }
}

/// Sets the lines of `panel` to the right of the lines of `block`, `gap` columns after
/// its widest line.
pub(crate) fn beside(block: Vec<String>, panel: &[String], gap: usize) -> Vec<String> {
    let col = block.iter().map(|l| width(l)).max().unwrap_or(0) + gap;
    let rows = block.len().max(panel.len());
    let mut block = block;
    block.resize(rows, String::new());
    for (line, extra) in block.iter_mut().zip(panel) {
        if !extra.is_empty() {
            pad_to(line, col);
            line.push_str(extra);
        }
    }
    block
}

/// The lines as one text: trailing blanks trimmed, each line ended by a newline.
pub(crate) fn finish(lines: &[String]) -> String {
    let mut out = String::new();
    for line in lines {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn width_skips_escapes_and_counts_columns() {
        let pen = Pen::new(&BoardStyle {
            ascii: false,
            colour: true,
        });
        let s = pen.paint(Ink::Dark, "●●");
        assert!(s.contains('\u{1b}'));
        assert_eq!(width(&s), 2);
        assert_eq!(width("┌─┐"), 3);
    }

    #[test]
    fn names_are_cut_cleaned_and_folded() {
        let pen = Pen::new(&BoardStyle::PLAIN);
        assert_eq!(pen.name("Brannoc", 10), "Brannoc");
        assert_eq!(pen.name("Old Brannoc the Patient", 10), "Old Brann…");
        assert_eq!(width(&pen.name("Old Brannoc the Patient", 10)), 10);
        assert_eq!(pen.name("Bad\u{1b}[31mName", 20), "Bad [31mName");
        let ascii = Pen::new(&BoardStyle::ASCII);
        assert_eq!(ascii.name("Òicustiỳtac Çelik", 40), "Oicustiytac Celik");
        assert_eq!(ascii.name("Mirela Ţepeş of 東京", 40), "Mirela Tepes of ??");
        assert_eq!(ascii.name("Old Brannoc the Patient", 10), "Old Brann~");
    }

    #[test]
    fn the_ascii_glyphs_keep_to_ascii_and_the_unicode_ones_do_not() {
        let ascii = format!("{ASCII:?}");
        assert!(ascii.is_ascii(), "{ascii}");
        assert!(ascii.contains("span_under: ['\\'', '\\'']"), "{ascii}");
        let unicode = format!("{UNICODE:?}");
        assert!(unicode.contains("box_top: ['┌', '┬', '┐']"), "{unicode}");
        assert!(unicode.contains("sep: \" · \""), "{unicode}");
    }

    #[test]
    fn no_colour_means_no_escapes() {
        let pen = Pen::new(&BoardStyle::PLAIN);
        assert_eq!(pen.paint(Ink::Mark, "[x]"), "[x]");
    }
}
