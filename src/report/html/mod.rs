//! A match (or an evening) as one self-contained HTML page (`--format html`): the telling
//! and the tables, written as Markdown by the other reports and rendered here, and each
//! game's board, stepping move by move. Nothing is fetched from anywhere: the styles, the
//! pictures and a small script are inside the page.
//!
//! A board is drawn once, as the SVG of its first still; the stills are data (what each
//! of the picture's changing elements shows, as a difference from the still before, in
//! JSON, deflated), and the script lays a still over the picture by the elements' ids.
//! So a game of a thousand steps costs a picture and a thousand short differences, not a
//! thousand pictures: the largest page found, a best of 3 of Kiust Oyun, is 133 KB. A
//! layout's backdrop (the board's fixed drawing) is drawn once a page.

mod markdown;
mod stills;

use std::fmt::Write as _;

use super::board::picture::{Backdrop, Film, Still, escape, svg_with_ids};

/// The page's styles: the reading column, the tables, the boards, and print.
const STYLE: &str = include_str!("../../../data/page/page.css");
/// The page's script: a board steps by its buttons, its slider and the arrow keys.
const SCRIPT: &str = include_str!("../../../data/page/page.js");

/// A page being put together: its title, then its parts in order.
#[derive(Clone, Debug, Default)]
pub struct Document {
    title: String,
    parts: Vec<Part>,
}

/// One part of a page.
#[derive(Clone, Debug)]
enum Part {
    /// Markdown, as the text reports write it (`--format markdown`).
    Markdown(String),
    /// Boards, one for each game of a match, in order.
    Boards(Vec<Film>),
}

impl Document {
    /// An empty page titled `title` (the browser's tab; the headings are the parts').
    #[must_use]
    pub fn new(title: &str) -> Document {
        Document {
            title: title.to_owned(),
            ..Document::default()
        }
    }

    /// Adds Markdown as the reports write it. Any HTML in it is shown as text, and a
    /// link as its words.
    pub fn markdown(&mut self, text: &str) {
        self.parts.push(Part::Markdown(text.to_owned()));
    }

    /// Adds a board for each film.
    pub fn boards(&mut self, films: Vec<Film>) {
        self.parts.push(Part::Boards(films));
    }

    /// The page, whole.
    #[must_use]
    pub fn render(&self) -> String {
        let mut out = String::with_capacity(64 * 1024);
        let _ = write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <meta name=\"generator\" content=\"taproom {}\">\n<title>{}</title>\n\
             <style>\n{STYLE}</style>\n</head>\n<body>\n<main>\n",
            env!("CARGO_PKG_VERSION"),
            escape(&self.title)
        );
        // The page's first heading is its <h1>, whatever level the Markdown gave it.
        let top = self
            .parts
            .iter()
            .filter_map(|p| match p {
                Part::Markdown(text) => markdown::top_level(text),
                Part::Boards(_) => None,
            })
            .min()
            .unwrap_or(1);
        let mut films = Vec::new();
        // Each layout's backdrop is drawn by its first board, and used by the others.
        let mut backdrops: Vec<&str> = Vec::new();
        for part in &self.parts {
            match part {
                Part::Markdown(text) => out.push_str(&markdown::to_html(text, top - 1)),
                Part::Boards(list) => {
                    for film in list {
                        let drawn = &film.layout.backdrop;
                        let (n, first) = match backdrops.iter().position(|b| b == drawn) {
                            Some(n) => (n, false),
                            None => {
                                backdrops.push(drawn);
                                (backdrops.len() - 1, true)
                            }
                        };
                        let id = format!("backdrop{}", n + 1);
                        let backdrop = if first {
                            Backdrop::Named(&id)
                        } else {
                            Backdrop::Used(&id)
                        };
                        board(&mut out, film, films.len(), backdrop);
                        films.push(film);
                    }
                }
            }
        }
        out.push_str("</main>\n");
        let data = stills::data(&films);
        let _ = write!(
            out,
            "<script type=\"application/octet-stream\" id=\"taproom-stills\" \
             data-encoding=\"json, zlib, base64\">{data}</script>\n\
             <script>\n{SCRIPT}</script>\n</body>\n</html>\n"
        );
        out
    }
}

/// Markdown as the reports write it, as HTML (for a Foundry journal page or chat
/// message): any HTML in it shown as text, a link as its words, as on the page.
#[must_use]
pub fn markdown_html(text: &str) -> String {
    markdown::to_html(text, 0)
}

/// The id a board's picture begins its elements' ids with: `g1-` for the page's first.
#[must_use]
pub fn board_prefix(index: usize) -> String {
    format!("g{}-", index + 1)
}

/// A board: its heading, the picture of its first still, and the controls that step it
/// (shown once the script runs).
fn board(out: &mut String, film: &Film, index: usize, backdrop: Backdrop<'_>) {
    let prefix = board_prefix(index);
    let Some(first) = film.stills.first() else {
        return;
    };
    let last = film.stills.len() - 1;
    let heading = escape(&film.heading);
    let _ = write!(
        out,
        "<figure class=\"board\" id=\"{prefix}board\" data-film=\"{index}\" \
         data-prefix=\"{prefix}\">\n<figcaption>{heading}</figcaption>\n<div class=\"picture\">{}</div>\n\
         <div class=\"controls\" role=\"group\" aria-label=\"Step through: {heading}\">\
         <button type=\"button\" data-go=\"first\" title=\"The start (Home)\" aria-label=\"The start\">«</button>\
         <button type=\"button\" data-go=\"back\" title=\"A step back (←)\" aria-label=\"A step back\">‹</button>\
         <input type=\"range\" min=\"0\" max=\"{last}\" value=\"0\" aria-label=\"Step\">\
         <button type=\"button\" data-go=\"on\" title=\"A step on (→)\" aria-label=\"A step on\">›</button>\
         <button type=\"button\" data-go=\"last\" title=\"The end (End)\" aria-label=\"The end\">»</button>\
         <output>1 / {}</output></div>\n",
        picture(film, first, &prefix, backdrop),
        last + 1
    );
    out.push_str("</figure>\n");
}

/// The SVG of a film's first still, its ids begun with `prefix`, its backdrop drawn as
/// `backdrop` says. An SVG inside HTML
/// needs no namespace: without it the page names no address at all.
fn picture(film: &Film, first: &Still, prefix: &str, backdrop: Backdrop<'_>) -> String {
    svg_with_ids(&film.layout, &first.look, &first.caption, prefix, backdrop).replacen(
        r#" xmlns="http://www.w3.org/2000/svg""#,
        "",
        1,
    )
}

#[cfg(test)]
mod tests;
