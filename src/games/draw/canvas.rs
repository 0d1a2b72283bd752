//! A grid of columns to draw on anywhere, for diagrams that are not drawn line by line
//! (the Piç ring, the Òicustiỳtac Lands); text goes in plain and takes its colour when
//! the grid is rendered.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::text::{Ink, Pen};

/// One column of a [`Canvas`].
#[derive(Clone, Copy, PartialEq)]
enum Spot {
    Blank,
    Char(char, Option<Ink>),
    /// The second column of a wide character.
    Cont,
}

/// A grid of columns to draw on at any place, for diagrams that are not drawn line by
/// line; rendered in runs of one ink.
#[derive(Default)]
pub(crate) struct Canvas {
    rows: Vec<Vec<Spot>>,
}

impl Canvas {
    /// Writes `text` from column `x` of row `y`, in `ink` (or none); returns the column
    /// after it.
    pub fn put(&mut self, x: usize, y: usize, text: &str, ink: Option<Ink>) -> usize {
        debug_assert!(
            !text.contains('\u{1b}'),
            "painted text on a canvas: {text:?}"
        );
        if self.rows.len() <= y {
            self.rows.resize(y + 1, Vec::new());
        }
        let row = &mut self.rows[y];
        let mut x = x;
        for c in text.chars() {
            let w = c.width().unwrap_or(0);
            if w == 0 {
                continue;
            }
            if row.len() < x + w {
                row.resize(x + w, Spot::Blank);
            }
            row[x] = if c == ' ' {
                Spot::Blank
            } else {
                Spot::Char(c, ink)
            };
            if w == 2 {
                row[x + 1] = Spot::Cont;
            }
            x += w;
        }
        x
    }

    /// Text centred in `w` columns from column `x` of row `y` (the extra blank on the left).
    pub fn put_centred(&mut self, x: usize, y: usize, w: usize, text: &str, ink: Option<Ink>) {
        let have = UnicodeWidthStr::width(text);
        self.put(x + w.saturating_sub(have).div_ceil(2), y, text, ink);
    }

    /// The rows as lines of text.
    pub fn render(&self, pen: &Pen) -> Vec<String> {
        self.rows
            .iter()
            .map(|row| {
                let mut line = String::new();
                let mut run = String::new();
                let mut run_ink = None;
                for spot in row {
                    let (c, ink) = match *spot {
                        Spot::Blank => (' ', None),
                        Spot::Char(c, ink) => (c, ink),
                        Spot::Cont => continue,
                    };
                    if ink != run_ink && !run.is_empty() {
                        line.push_str(&paint_run(pen, run_ink, &run));
                        run.clear();
                    }
                    run_ink = ink;
                    run.push(c);
                }
                line.push_str(&paint_run(pen, run_ink, &run));
                line
            })
            .collect()
    }
}

fn paint_run(pen: &Pen, ink: Option<Ink>, text: &str) -> String {
    match ink {
        Some(ink) => pen.paint(ink, text),
        None => text.to_owned(),
    }
}
