//! A table as plain cells first, laid out for the page after: within a width, a column is
//! never narrower than its longest word or figure, so a token is never split across lines;
//! a table whose words cannot all fit gives way to a narrower form of it, and at the last
//! to one record a line.
//!
//! Words that belong together (a name, an amount of coins, a price) are joined by
//! [`GLUE`], a no-break space: the layout treats them as one token and prints a space.

use comfy_table::{CellAlignment, Table};
use unicode_width::UnicodeWidthStr;

use super::{Layout, new_table};

/// Joins words that must stay on one line; printed as a space.
pub const GLUE: char = '\u{a0}';

/// `text` with its spaces made glue: one token, never broken.
#[must_use]
pub fn glued(text: &str) -> String {
    text.replace(' ', &GLUE.to_string())
}

/// An amount of coins kept whole: `41 gp 7 sp 3 cp` is one token, never broken across
/// lines; between amounts (`1 gp → 2 gp`) the line may break at the words that join them.
#[must_use]
pub fn coins(text: &str) -> String {
    let words: Vec<&str> = text.split(' ').collect();
    let digits = |w: &str| w.chars().any(|c| c.is_ascii_digit());
    // A word is part of an amount when it is a number or the coin after one.
    let part = |i: usize| digits(words[i]) || (i > 0 && digits(words[i - 1]));
    let mut out = String::new();
    for (i, w) in words.iter().enumerate() {
        if i > 0 {
            out.push(if part(i - 1) && part(i) { GLUE } else { ' ' });
        }
        out.push_str(w);
    }
    out
}

/// A table's cells before layout: a header, rows, and the columns set to the right.
#[derive(Clone, Debug, Default)]
pub struct Grid {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    right: Vec<usize>,
    /// Taken only as it is, never wrapped (a form that is only worth it whole).
    whole: bool,
}

impl Grid {
    /// A grid with this header.
    #[must_use]
    pub fn new<S: Into<String>>(header: impl IntoIterator<Item = S>) -> Grid {
        Grid {
            header: header.into_iter().map(Into::into).collect(),
            ..Grid::default()
        }
    }

    /// Adds a row.
    pub fn row<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>) {
        self.rows.push(cells.into_iter().map(Into::into).collect());
    }

    /// Sets these columns' cells to the right.
    #[must_use]
    pub fn right(mut self, columns: &[usize]) -> Grid {
        self.right.extend_from_slice(columns);
        self
    }

    /// This form is taken only when it fits as it is, unwrapped.
    #[must_use]
    pub fn whole(mut self) -> Grid {
        self.whole = true;
        self
    }

    /// The number of columns.
    fn columns(&self) -> usize {
        self.rows
            .iter()
            .map(Vec::len)
            .chain([self.header.len()])
            .max()
            .unwrap_or(0)
    }

    /// Every cell of column `c`, the header's first.
    fn column(&self, c: usize) -> impl Iterator<Item = &str> {
        std::iter::once(&self.header)
            .chain(&self.rows)
            .filter_map(move |r| r.get(c).map(String::as_str))
    }

    /// Each column's widest line, and its widest token.
    fn widths(&self) -> Vec<(usize, usize)> {
        (0..self.columns())
            .map(|c| {
                let lines: Vec<&str> = self.column(c).flat_map(str::lines).collect();
                let natural = lines.iter().map(|l| l.width()).max().unwrap_or(0);
                let token = lines
                    .iter()
                    .flat_map(|l| l.split(' '))
                    .map(UnicodeWidthStr::width)
                    .max()
                    .unwrap_or(0);
                (natural, token)
            })
            .collect()
    }

    /// The width of the table drawn with columns this wide (padding and borders added).
    fn drawn(widths: impl Iterator<Item = usize>) -> usize {
        let (sum, n) = widths.fold((0, 0), |(s, n), w| (s + w, n + 1));
        sum + 3 * n + 1
    }

    /// The width of the table as wide as it needs.
    #[must_use]
    pub fn natural_width(&self) -> usize {
        Grid::drawn(self.widths().into_iter().map(|(n, _)| n))
    }

    /// The narrowest the table can be without breaking a token.
    #[must_use]
    pub fn least_width(&self) -> usize {
        Grid::drawn(self.widths().into_iter().map(|(_, t)| t))
    }

    /// The table as wide as it needs.
    #[must_use]
    pub fn table(&self) -> Table {
        self.drawn_with(
            &self
                .widths()
                .into_iter()
                .map(|(n, _)| n)
                .collect::<Vec<_>>(),
        )
    }

    /// The table within `width` columns, its cells wrapped between tokens; `None` when its
    /// tokens cannot fit (or it is a form taken only whole and does not fit whole).
    #[must_use]
    pub fn within(&self, width: usize) -> Option<Table> {
        let widths = self.widths();
        if Grid::drawn(widths.iter().map(|w| w.0)) <= width {
            return Some(self.table());
        }
        if self.whole || Grid::drawn(widths.iter().map(|w| w.1)) > width {
            return None;
        }
        // Each column gets its longest token, then the room left is shared among the
        // columns that want more, in proportion to how much more each wants (a column
        // never past its widest line).
        let mut given: Vec<usize> = widths.iter().map(|w| w.1).collect();
        let mut room = width - Grid::drawn(given.iter().copied());
        loop {
            let want: Vec<usize> = (0..given.len()).map(|c| widths[c].0 - given[c]).collect();
            let total: usize = want.iter().sum();
            if total == 0 || room == 0 {
                break;
            }
            if total <= room {
                given.iter_mut().zip(&want).for_each(|(g, w)| *g += w);
                break;
            }
            let mut spent = 0;
            for c in 0..given.len() {
                let add = (room * want[c] / total).min(want[c]);
                given[c] += add;
                spent += add;
            }
            if spent == 0 {
                // What rounding left: a column at a time, the most wanting first.
                if let Some(c) = (0..given.len()).max_by_key(|&c| want[c]) {
                    given[c] += 1;
                    spent = 1;
                }
            }
            room -= spent;
        }
        Some(self.drawn_with(&given))
    }

    /// The rows as records, one a paragraph within `width`: the first cell, then each
    /// other after its heading ("Old Brannoc: Tides 8, Piç 6, ...").
    #[must_use]
    pub fn records(&self, width: usize) -> String {
        let mut out = Vec::new();
        for row in &self.rows {
            let flat = |text: &str| text.lines().collect::<Vec<_>>().join(" ");
            let parts: Vec<String> = row
                .iter()
                .enumerate()
                .skip(1)
                .filter(|(_, cell)| !cell.trim().is_empty())
                .map(|(c, cell)| match self.header.get(c).map(|h| flat(h)) {
                    // A heading keeps to its value: "Tides 8" never parts.
                    Some(h) if !h.trim().is_empty() => format!("{h}{GLUE}{}", flat(cell)),
                    _ => flat(cell),
                })
                .collect();
            let first = row.first().map(|c| flat(c)).unwrap_or_default();
            let record = if first.trim().is_empty() {
                parts.join(", ")
            } else {
                format!("{first}: {}", parts.join(", "))
            };
            out.push(wrap_line(&record, width, "", "  ").join("\n"));
        }
        out.join("\n")
    }

    /// The same table with every cell (the header's too) made plain Markdown text: its
    /// Markdown marks escaped, `|` among them (a `|` would part the cell in two), and its
    /// lines joined by spaces (a cell of a Markdown table is one line).
    #[must_use]
    fn for_markdown(&self) -> Grid {
        let cell = |text: &String| {
            let line = text.lines().collect::<Vec<_>>().join(" ");
            super::escape_markdown(&line)
        };
        Grid {
            header: self.header.iter().map(cell).collect(),
            rows: self
                .rows
                .iter()
                .map(|r| r.iter().map(cell).collect())
                .collect(),
            right: self.right.clone(),
            whole: self.whole,
        }
    }

    /// The table drawn with each column this wide, its cells wrapped to it.
    fn drawn_with(&self, widths: &[usize]) -> Table {
        // Every row as many cells as the widest, the missing ones empty.
        let columns = self.columns();
        let cells = |row: &[String]| -> Vec<String> {
            (0..columns)
                .map(|c| {
                    let cell = row.get(c).map_or("", String::as_str);
                    wrap_cell(cell, widths.get(c).copied().unwrap_or(usize::MAX))
                })
                .collect()
        };
        let mut table = new_table();
        if !self.header.is_empty() {
            table.set_header(cells(&self.header));
        }
        for row in &self.rows {
            table.add_row(cells(row));
        }
        for &c in &self.right {
            if let Some(col) = table.column_mut(c) {
                col.set_cell_alignment(CellAlignment::Right);
            }
        }
        table
    }
}

/// A cell's text wrapped to `width` between its tokens, glue printed as spaces.
fn wrap_cell(cell: &str, width: usize) -> String {
    cell.lines()
        .flat_map(|line| wrap_line(line, width, "", ""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A line broken between its space-separated tokens into lines of at most `width` (a token
/// wider than that alone on its line), glue printed as spaces; `first` opens the first
/// line and `rest` each other.
#[must_use]
pub fn wrap_line(line: &str, width: usize, first: &str, rest: &str) -> Vec<String> {
    if first.width() + line.width() <= width {
        return vec![format!("{first}{line}").replace(GLUE, " ")];
    }
    // Tokens apart by one space each; glue is no space to textwrap, so a token holds.
    let tokens = line
        .split(' ')
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>();
    if tokens.is_empty() {
        return vec![first.to_owned()];
    }
    let options = textwrap::Options::new(width)
        .initial_indent(first)
        .subsequent_indent(rest)
        .break_words(false)
        .word_separator(textwrap::WordSeparator::AsciiSpace)
        .word_splitter(textwrap::WordSplitter::NoHyphenation)
        .wrap_algorithm(textwrap::WrapAlgorithm::FirstFit);
    textwrap::wrap(&tokens.join(" "), options)
        .into_iter()
        .map(|l| l.replace(GLUE, " "))
        .collect()
}

impl std::fmt::Display for Grid {
    /// The table as wide as it needs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.table())
    }
}

/// A table laid out for the page: a table, or, where no form of it fits, its records.
pub enum Laid {
    /// Drawn as a table, in the form of this index.
    Table(usize, Box<Table>),
    /// One record a paragraph.
    Records(String),
    /// Laid out as the inner one is, in a fenced code block (a chat's Markdown, which has
    /// no tables, shows it monospaced).
    Fenced(Box<Laid>),
}

impl std::fmt::Display for Laid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Laid::Table(_, t) => write!(f, "{t}"),
            Laid::Records(r) => f.write_str(r),
            Laid::Fenced(inner) => write!(f, "```\n{inner}\n```"),
        }
    }
}

impl Laid {
    /// Which form was drawn, or `None` for records.
    #[must_use]
    pub fn form(&self) -> Option<usize> {
        match self {
            Laid::Table(form, _) => Some(*form),
            Laid::Records(_) => None,
            Laid::Fenced(inner) => inner.form(),
        }
    }
}

/// The first of `forms` (the fullest first) that fits the page: whole, or wrapped between
/// its tokens unless it is taken only whole; as records of the last form when none does. Wide pages take the first form
/// whole; Markdown takes the form given for it.
#[must_use]
pub fn lay_out(forms: &[Grid], layout: Layout, markdown: usize) -> Laid {
    match layout {
        Layout::Wide => Laid::Table(
            0,
            Box::new(forms.first().map(Grid::table).unwrap_or_else(new_table)),
        ),
        Layout::Markdown => {
            let markdown = markdown.min(forms.len().saturating_sub(1));
            let mut table = forms
                .get(markdown)
                .map(|g| g.for_markdown().table())
                .unwrap_or_else(new_table);
            table.load_style(comfy_table::presets::ASCII_MARKDOWN);
            Laid::Table(markdown, Box::new(table))
        }
        Layout::Chat(width) => {
            Laid::Fenced(Box::new(lay_out(forms, Layout::Columns(width), markdown)))
        }
        Layout::Columns(width) => {
            let width = usize::from(width);
            if let Some((form, t)) = forms
                .iter()
                .enumerate()
                .find_map(|(i, f)| f.within(width).map(|t| (i, t)))
            {
                return Laid::Table(form, Box::new(t));
            }
            Laid::Records(forms.last().map(|f| f.records(width)).unwrap_or_default())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_column_is_never_narrower_than_its_longest_token() {
        let mut g = Grid::new(["Character", "Purse"]);
        g.row([glued("Mirela Quickfingers"), coins("41 gp 7 sp 3 cp")]);
        g.row([glued("Pip Underbough"), coins("3 sp 8 cp")]);
        // 19 for the name, 15 for `41 gp 7 sp 3 cp`, 7 for padding and borders.
        let t = g.within(41).expect("fits").to_string();
        assert!(t.lines().all(|l| l.width() <= 41), "{t}");
        assert!(t.contains("Mirela Quickfingers"), "{t}");
        assert!(t.contains("41 gp 7 sp 3 cp"), "{t}");
        assert!(!t.contains(GLUE), "glue is printed as a space: {t}");
        assert!(g.within(40).is_none(), "one column short");
    }

    /// The wrapping taproom did by hand before it asked `textwrap`: the second count the
    /// lines are checked against.
    fn by_hand(line: &str, width: usize, first: &str, rest: &str) -> Vec<String> {
        if first.width() + line.width() <= width {
            return vec![format!("{first}{line}").replace(GLUE, " ")];
        }
        let mut lines = Vec::new();
        let mut current = first.to_owned();
        let mut empty = true;
        for token in line.split(' ').filter(|t| !t.is_empty()) {
            if !empty && current.width() + 1 + token.width() > width {
                lines.push(std::mem::replace(&mut current, rest.to_owned()));
                empty = true;
            }
            if !empty {
                current.push(' ');
            }
            current.push_str(token);
            empty = false;
        }
        lines.push(current);
        lines.into_iter().map(|l| l.replace(GLUE, " ")).collect()
    }

    #[test]
    fn a_line_wraps_between_tokens_as_it_did_by_hand() {
        let record = format!(
            "{}: Tides{GLUE}8, Piç{GLUE}6, Kiust{GLUE}4, purse {}, watched by Sister Ysolde and \
             Dobbin Ashcroft since the   night of the tides-of-war upset, {}",
            glued("Mirela Quickfingers"),
            coins("41 gp 7 sp 3 cp"),
            "x".repeat(45)
        );
        let lines = [
            record.as_str(),
            "",
            "   ",
            "short",
            "Zoë Ørsted wagers 5 gp on Pip, who throws the match to Gus at the Drowned Rat",
        ];
        for line in lines {
            for width in [80, 40, 20, 5, 1] {
                for (first, rest) in [("", ""), ("", "  "), ("- ", "  ")] {
                    let got = wrap_line(line, width, first, rest);
                    assert_eq!(
                        got,
                        by_hand(line, width, first, rest),
                        "{line:?} at {width}"
                    );
                }
            }
        }
        // At 40 columns, counted by hand: the name and its colon, then as many figures
        // as fit after a two-space indent; the 45 x's alone on a line of their own.
        let at_40 = wrap_line(&record, 40, "", "  ");
        assert_eq!(at_40[0], "Mirela Quickfingers: Tides 8, Piç 6,");
        assert!(
            at_40.contains(&format!("  {}", "x".repeat(45))),
            "{at_40:?}"
        );
        assert!(
            at_40
                .iter()
                .all(|l| l.width() <= 40 || l.trim() == "x".repeat(45)),
            "{at_40:?}"
        );
    }

    #[test]
    fn coins_keep_an_amount_whole() {
        assert_eq!(coins("41 gp 7 sp"), "41\u{a0}gp\u{a0}7\u{a0}sp");
        assert_eq!(
            coins("+3 gp 2 sp 1 cp"),
            "+3\u{a0}gp\u{a0}2\u{a0}sp\u{a0}1\u{a0}cp"
        );
        assert_eq!(
            coins("1 gp → 2 gp"),
            "1\u{a0}gp → 2\u{a0}gp",
            "an arrow may start a line"
        );
    }

    #[test]
    fn a_form_taken_only_whole_gives_way_to_the_next() {
        let mut wide = Grid::new(["a long heading", "b"]);
        wide.row(["x", "y"]);
        let wide = wide.whole();
        let mut narrow = Grid::new(["a", "b"]);
        narrow.row(["x", "y"]);
        let t = lay_out(&[wide.clone(), narrow], Layout::Columns(12), 0).to_string();
        assert!(!t.contains("long"), "{t}");
        let r = lay_out(&[wide], Layout::Columns(8), 0).to_string();
        assert!(r.lines().all(|l| l.width() <= 8), "records: {r}");
    }
}
