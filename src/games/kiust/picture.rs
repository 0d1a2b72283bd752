//! Kiust Oyun as a picture: the four columns of twelve points as the source draws them
//! (player 1's ladder `a`, the inner columns `b` and `c`, player 2's ladder `d`), rows 1
//! at the top to 12; player 1's pieces dark, player 2's light; under it each player's
//! pieces, the throw in play and the turns.

use std::fmt::Write as _;

use super::diagram::throw_clause;
use crate::games::draw::Marks;
use crate::games::draw::picture::{
    Ink, Layout, Look, Mark, Picture, Sample, Spot, WOOD, hex, two_sides,
};
use crate::games::kiust::{CAP_TURNS, Kiust, Move, Point};
use crate::games::{Rules, Seat, Turn};

/// The columns' centres, `a` to `d`: the ladders stand apart from the inner pair.
const XS: [f32; 4] = [250.0, 360.0, 440.0, 550.0];
/// The distance between two rows.
const ROW: f32 = 42.0;
/// The centre of row 1.
const Y1: f32 = 96.0;

fn centre(point: Point) -> (f32, f32) {
    (
        XS[usize::from(point.column())],
        Y1 + f32::from(point.row() - 1) * ROW,
    )
}

fn ink(seat: Seat) -> Ink {
    if seat.0 == 0 { Ink::Dark } else { Ink::Light }
}

impl Picture for Kiust {
    fn layout(_players: usize) -> Layout {
        let mut backdrop = crate::games::draw::picture::title("Kiust Oyun");
        let bottom = Y1 + 11.0 * ROW;
        let _ = write!(
            backdrop,
            r##"<rect x="{}" y="{}" width="{}" height="{}" rx="14" fill="{}" stroke="#5b4330" stroke-width="3"/>"##,
            XS[0] - 44.0,
            Y1 - 30.0,
            XS[3] - XS[0] + 88.0,
            bottom - Y1 + 60.0,
            hex(WOOD)
        );
        let mut spots = Vec::with_capacity(48);
        for (c, &x) in XS.iter().enumerate() {
            let _ = write!(
                backdrop,
                r##"<line x1="{x}" y1="{Y1}" x2="{x}" y2="{bottom}" stroke="#5b4330" stroke-width="3"/><text x="{x}" y="{}" font-size="22" font-weight="bold" text-anchor="middle" fill="#3a2f25">{}</text>"##,
                Y1 - 40.0,
                char::from(b'a' + c as u8)
            );
        }
        for row in 1..=12u8 {
            let y = Y1 + f32::from(row - 1) * ROW;
            let _ = write!(
                backdrop,
                r##"<text x="{}" y="{}" font-size="19" text-anchor="end" fill="#3a2f25">{row}</text><text x="{}" y="{}" font-size="19" fill="#3a2f25">{row}</text>"##,
                XS[0] - 54.0,
                y + 7.0,
                XS[3] + 54.0,
                y + 7.0
            );
        }
        for column in 0..4u8 {
            for row in 1..=12u8 {
                if let Some(point) = Point::new(column, row) {
                    let (x, y) = centre(point);
                    let _ = write!(
                        backdrop,
                        r##"<circle cx="{x}" cy="{y}" r="7" fill="{}" stroke="#5b4330" stroke-width="2"/>"##,
                        hex(WOOD)
                    );
                    spots.push(Spot::new(point.to_string(), x, y, 16.0));
                }
            }
        }
        let key = [(Sample::Ring(Mark::Moved), "last move, from and to")];
        Layout::keyed(backdrop, spots, bottom + 40.0, &key, 4)
    }

    fn look(&self, marks: &Marks<'_, Self::Move>, _hidden: &[i32]) -> Look {
        let mut look = Look::empty(48);
        let touched: Vec<Point> = match marks.last {
            Some(Move::Step { from, to }) => vec![from, to],
            _ => Vec::new(),
        };
        let mut i = 0;
        for column in 0..4u8 {
            for row in 1..=12u8 {
                if let Some(point) = Point::new(column, row) {
                    if let Some(seat) = self.piece_at(point) {
                        look.inks[i] = ink(seat);
                    }
                    if touched.contains(&point) {
                        look.marks[i] = Mark::Moved;
                    }
                    i += 1;
                }
            }
        }
        let more = |seat| {
            let n = self.pieces(seat);
            format!("{n} {}", if n == 1 { "piece" } else { "pieces" })
        };
        let running = match (self.turn(), self.throw_in_play()) {
            (Turn::Seat(_), Some((throw, left))) => {
                format!("Throw in play: {}", throw_clause(throw, left))
            }
            _ => "The sticks are to be thrown".to_owned(),
        };
        let right = if self.has_kiust_right() {
            "; the kiust right is held"
        } else {
            ""
        };
        look.panel = two_sides(self, marks.names, ink, more, format!("{running}{right}"));
        look.panel.push(crate::games::draw::picture::PanelLine {
            swatch: None,
            text: format!("Turns played: {} of {CAP_TURNS}", self.turns()),
            strong: false,
        });
        look
    }
}
