//! Board pictures: a position of any of the four games drawn as SVG, and from the SVG as
//! PNG or an animated GIF, for a chat channel or a page.
//!
//! A game draws itself in two parts, so that a page can step through a game without
//! carrying a picture a move: its [`Layout`] (the board's fixed drawing and the places on
//! it, the *spots*: squares, points, heaps, the slots of a trap) depends only on the
//! number of seats; its [`Look`] says what each spot holds in one position (an [`Ink`],
//! a label, a mark for the last move) and what the panel under the board says. The
//! picture is the layout with a look laid over it ([`svg`]); the same model the text
//! diagrams read (the position's public accessors, the seats' names, the last move).
//!
//! The text inside a picture is drawn with DejaVu Sans, carried inside the binary
//! (`data/fonts/`, its licence beside it), so a PNG or GIF comes out the same on any
//! machine; an SVG names the font and falls back to the viewer's sans-serif.

mod raster;
mod svg;

pub use raster::{GIF_SCALE, PictureError, gif, png, rgba};
pub use svg::{
    Backdrop, Elements, HEIGHT_CAPTION, WIDTH, elements, height, layers, svg, svg_with_ids,
};
pub(crate) use svg::{EDGE, escape};

use std::fmt::Write as _;

use super::{Diagram, Marks};

/// What a spot holds, drawn as a filled disc in the ink's colour (nothing for
/// [`Ink::Empty`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ink {
    /// Nothing: the board shows through.
    Empty,
    /// A light stone or piece (White in Tides of War and Òicustiỳtac, player 2 in Kiust
    /// Oyun).
    Light,
    /// A dark stone or piece (Black, player 1 in Kiust Oyun).
    Dark,
    /// A heap of counters that belongs to nobody (Piç).
    Heap,
    /// A seat's own colour, from 0 (a piç, a player's swatch at Piç).
    Seat(u8),
}

/// The colours of the seats at Piç, from player 1: red, blue, green, amber, purple.
pub const SEAT_COLOURS: [[u8; 3]; 5] = [
    [0xc6, 0x28, 0x28],
    [0x15, 0x65, 0xc0],
    [0x2e, 0x7d, 0x32],
    [0xef, 0x8f, 0x00],
    [0x7b, 0x1f, 0xa2],
];

/// A light stone's colour (ivory).
pub const LIGHT: [u8; 3] = [0xf6, 0xf1, 0xe4];
/// A dark stone's colour (near black).
pub const DARK: [u8; 3] = [0x24, 0x22, 0x20];
/// A heap of counters (brass).
pub const HEAP: [u8; 3] = [0xb0, 0x84, 0x3c];
/// The board's wood, under every spot.
pub const WOOD: [u8; 3] = [0xcf, 0xa8, 0x6e];
/// The page around the board.
pub const PAPER: [u8; 3] = [0xfb, 0xf7, 0xee];
/// The mark of the last move (a ring round the spots it touched).
pub const MARK: [u8; 3] = [0xd8, 0x1b, 0x60];

impl Ink {
    /// The ink's colour, `None` for [`Ink::Empty`].
    #[must_use]
    pub fn rgb(self) -> Option<[u8; 3]> {
        match self {
            Ink::Empty => None,
            Ink::Light => Some(LIGHT),
            Ink::Dark => Some(DARK),
            Ink::Heap => Some(HEAP),
            Ink::Seat(s) => Some(SEAT_COLOURS[usize::from(s) % SEAT_COLOURS.len()]),
        }
    }
}

/// `#rrggbb`.
pub(crate) fn hex(rgb: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2])
}

/// A place on the board that holds something: a square, a point, a heap, one slot of a
/// trap. Coordinates are the picture's, in pixels of its PNG.
#[derive(Clone, Debug, PartialEq)]
pub struct Spot {
    /// The place as the notation names it: `c3`, `b7`, `heap 4`, `B3` (Black's trap 3,
    /// one spot for each of its five slots).
    pub name: String,
    /// The centre.
    pub x: f32,
    /// The centre.
    pub y: f32,
    /// The radius of the disc a stone or heap is drawn as.
    pub r: f32,
    /// Where the spot's label is drawn (the middle of its baseline): under the disc
    /// unless the game says otherwise.
    pub label_at: (f32, f32),
    /// The mark of the last move drawn as a rectangle (x, y, width, height) round
    /// something larger than the disc (a whole trap), rather than a ring round it.
    pub frame: Option<[f32; 4]>,
}

impl Spot {
    /// A spot named `name` at (`x`, `y`) of radius `r`, its label under it.
    #[must_use]
    pub fn new(name: String, x: f32, y: f32, r: f32) -> Spot {
        Spot {
            name,
            x,
            y,
            r,
            label_at: (x, y + r + 24.0),
            frame: None,
        }
    }
}

/// A board's fixed drawing, for a number of seats.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The height of the board's part of the picture (the panel and caption go under
    /// it); the width is always [`WIDTH`].
    pub board_height: f32,
    /// SVG elements drawn under the spots: the board, its lines, its labels.
    pub backdrop: String,
    /// Every spot, in an order the game fixes (its [`Look`] follows it).
    pub spots: Vec<Spot>,
    /// The lines of the panel under the board (a look always fills them all).
    pub panel_lines: usize,
}

impl Layout {
    /// A board's layout closed by its key: the key of `entries` drawn onto `backdrop`
    /// from `top` (see [`key`]), and the board's part ending 8 pixels under the key.
    pub(crate) fn keyed(
        mut backdrop: String,
        spots: Vec<Spot>,
        top: f32,
        entries: &[(Sample, &str)],
        panel_lines: usize,
    ) -> Layout {
        let (key, height) = key(top, entries);
        backdrop.push_str(&key);
        Layout {
            board_height: top + height + 8.0,
            backdrop,
            spots,
            panel_lines,
        }
    }
}

/// How a spot is marked for the last move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mark {
    /// Not touched.
    #[default]
    None,
    /// Where the move went from, through or to (a solid ring).
    Moved,
    /// Where it took something (a dashed ring).
    Taken,
}

/// One line of the panel under the board: a swatch of a seat's ink, and text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PanelLine {
    /// The swatch before the text, if any.
    pub swatch: Option<Ink>,
    /// What the line says ("White, Old Brannoc: 12 stones, to move").
    pub text: String,
    /// Drawn in bold (whose turn it is, the winner).
    pub strong: bool,
}

/// What a position puts on its board's layout: for each spot its ink, label and mark,
/// and the panel's lines.
#[derive(Clone, Debug, PartialEq)]
pub struct Look {
    /// By spot, as the layout orders them.
    pub inks: Vec<Ink>,
    /// By spot: a number drawn beside the spot (a heap's count), or empty.
    pub labels: Vec<String>,
    /// By spot.
    pub marks: Vec<Mark>,
    /// As many lines as the layout's `panel_lines`.
    pub panel: Vec<PanelLine>,
}

impl Look {
    /// A look of `spots` empty, unlabelled, unmarked spots and no panel.
    #[must_use]
    pub fn empty(spots: usize) -> Look {
        Look {
            inks: vec![Ink::Empty; spots],
            labels: vec![String::new(); spots],
            marks: vec![Mark::None; spots],
            panel: Vec::new(),
        }
    }
}

/// A position that can draw itself as a picture.
pub trait Picture: Diagram {
    /// The board's fixed drawing at a table of `players`.
    fn layout(players: usize) -> Layout;

    /// What this position puts on the layout, the seats named and the last move marked
    /// as `marks` says; each seat's figures less what the table has not seen (`hidden`,
    /// by seat, as [`Diagram::diagram_seen`] takes it; empty for the GM's view).
    fn look(&self, marks: &Marks<'_, Self::Move>, hidden: &[i32]) -> Look;
}

/// The panel's line for a seat: its swatch, "White, Old Brannoc", what `more` says, and
/// "to move" in bold when it is the seat's turn.
pub(crate) fn seat_line<G: Diagram>(
    pos: &G,
    seat: crate::games::Seat,
    swatch: Ink,
    names: &[&str],
    more: &str,
) -> PanelLine {
    let role = super::role::<G>(seat);
    let name = names.get(seat.index()).map_or("", |n| n.trim());
    let who = if name.is_empty() {
        capitalised(role)
    } else {
        format!("{} ({role})", short(name))
    };
    let to_move = pos.turn() == crate::games::Turn::Seat(seat);
    let won = pos
        .outcome()
        .is_some_and(|o| o.winners.contains(seat) && o.winners.len() == 1);
    let tail = if to_move {
        ", to move"
    } else if won {
        ", wins"
    } else {
        ""
    };
    PanelLine {
        swatch: Some(swatch),
        text: format!("{who}: {more}{tail}"),
        strong: to_move || won,
    }
}

/// The panel of a game of two sides: each seat's line in its `ink`, saying what `more`
/// gives for it (see [`seat_line`]), then the status line with `running` (see
/// [`status_line`]).
pub(crate) fn two_sides<G: Diagram>(
    pos: &G,
    names: &[&str],
    ink: impl Fn(crate::games::Seat) -> Ink,
    more: impl Fn(crate::games::Seat) -> String,
    running: String,
) -> Vec<PanelLine> {
    let mut panel: Vec<PanelLine> = [crate::games::Seat(0), crate::games::Seat(1)]
        .into_iter()
        .map(|seat| seat_line(pos, seat, ink(seat), names, &more(seat)))
        .collect();
    panel.push(status_line(pos, names, running));
    panel
}

/// A name cut to fit a panel line (28 characters, an ellipsis for the rest).
fn short(name: &str) -> String {
    const MOST: usize = 28;
    if name.chars().count() <= MOST {
        name.to_owned()
    } else {
        let mut cut: String = name.chars().take(MOST - 1).collect();
        cut.push('…');
        cut
    }
}

pub(crate) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// The panel's last line: how the game ended once it is over ("Over: White (Old
/// Brannoc) wins (conquest)", in bold), else `running` (the truce, the throw in play).
pub(crate) fn status_line<G: Diagram>(pos: &G, names: &[&str], running: String) -> PanelLine {
    match pos.outcome() {
        Some(outcome) => {
            let label = |seat: crate::games::Seat| {
                let role = super::role::<G>(seat);
                match names.get(seat.index()).map(|n| n.trim()) {
                    Some(name) if !name.is_empty() => format!("{role} ({})", short(name)),
                    _ => role.to_owned(),
                }
            };
            PanelLine {
                swatch: None,
                text: capitalised(&format!("Over: {}", super::result_clause(outcome, label))),
                strong: true,
            }
        }
        None => PanelLine {
            swatch: None,
            text: running,
            strong: false,
        },
    }
}

/// A title drawn at the top left of a board: the game's name.
pub(crate) fn title(text: &str) -> String {
    format!(
        r##"<text x="24" y="36" font-size="26" font-weight="bold" fill="#3a2f25">{}</text>"##,
        svg::escape(text)
    )
}

/// A sample of a mark in a picture's key, drawn as the board draws the mark.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Sample {
    /// A square of the board's in this colour (`#rrggbb`): the river, a town, a trap.
    Square(&'static str),
    /// A disc in this ink: a stone, a heap, a piç.
    Disc(Ink),
    /// A stroke of a seat's colour, as the arcs round a Piç board.
    Stroke([u8; 3]),
    /// The ring of the last move, solid ([`Mark::Moved`]) or dashed ([`Mark::Taken`]).
    Ring(Mark),
    /// The frame of the last move round a whole trap.
    Frame,
}

/// The key's text size, and the width a character of DejaVu Sans takes at it, about.
const KEY_SIZE: f32 = 16.0;
const KEY_CHAR: f32 = KEY_SIZE * 0.55;
/// The height of a row of the key.
const KEY_ROW: f32 = 30.0;

/// A picture's key from `top`: each mark's sample and what it means, side by side in rows
/// that keep within the picture's margins, in a group of class `key`. Returns the SVG and
/// the height it takes.
pub(crate) fn key(top: f32, entries: &[(Sample, &str)]) -> (String, f32) {
    let (left, right) = (24.0, WIDTH - 24.0);
    let mut out = format!(r##"<g class="key" font-size="{KEY_SIZE}" fill="#3a2f25">"##);
    let (mut x, mut y) = (left, top + KEY_ROW / 2.0);
    for (sample, words) in entries {
        let width = 34.0 + words.chars().count() as f32 * KEY_CHAR;
        if x > left && x + width > right {
            x = left;
            y += KEY_ROW;
        }
        out.push_str(&sample_svg(*sample, x + 11.0, y));
        let _ = write!(
            out,
            r#"<text x="{}" y="{}">{}</text>"#,
            x + 28.0,
            y + KEY_SIZE * 0.35,
            svg::escape(words)
        );
        x += width + 18.0;
    }
    out.push_str("</g>");
    (out, y + KEY_ROW / 2.0 - top)
}

/// A sample centred at (`x`, `y`), about 22 pixels across.
fn sample_svg(sample: Sample, x: f32, y: f32) -> String {
    let edge = "#5b4330";
    let mark = hex(MARK);
    match sample {
        Sample::Square(fill) => format!(
            r#"<rect x="{}" y="{}" width="20" height="20" fill="{fill}" stroke="{edge}" stroke-width="1"/>"#,
            x - 10.0,
            y - 10.0
        ),
        Sample::Disc(ink) => format!(
            r#"<circle cx="{x}" cy="{y}" r="9" fill="{}" stroke="{}" stroke-width="1.5"/>"#,
            ink.rgb().map_or_else(|| "none".to_owned(), hex),
            svg::EDGE
        ),
        Sample::Stroke(rgb) => format!(
            r#"<line x1="{}" y1="{y}" x2="{}" y2="{y}" stroke="{}" stroke-width="7" stroke-linecap="round"/>"#,
            x - 8.0,
            x + 8.0,
            hex(rgb)
        ),
        Sample::Ring(kind) => {
            let dash = if kind == Mark::Taken {
                r#" stroke-dasharray="4 3""#
            } else {
                ""
            };
            format!(
                r#"<circle cx="{x}" cy="{y}" r="9" fill="none" stroke="{mark}" stroke-width="3"{dash}/>"#
            )
        }
        Sample::Frame => format!(
            r#"<rect x="{}" y="{}" width="16" height="22" rx="4" fill="none" stroke="{mark}" stroke-width="3"/>"#,
            x - 8.0,
            y - 11.0
        ),
    }
}
