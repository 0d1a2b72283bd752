//! Tides of War as a picture: the 6×6 board with its river (`a6` to `f1`) in blue and the
//! towns (`a1` White's, `f6` Black's) in brown, files and ranks labelled; White's stones
//! ivory, Black's near black; under it a key to the marks, each side's stones and the truce.

use std::fmt::Write as _;

use super::diagram::{Trace, on_river, town_of};
use crate::games::Seat;
use crate::games::draw::Marks;
use crate::games::draw::picture::{
    Ink, Layout, Look, Mark, Picture, Sample, Spot, WOOD, hex, two_sides,
};
use crate::games::tides::Tides;

/// A square's side.
const CELL: f32 = 88.0;
/// The board's left edge.
const X0: f32 = (crate::games::draw::picture::WIDTH - 6.0 * CELL) / 2.0;
/// The board's top edge.
const Y0: f32 = 56.0;
/// The river's squares, and the towns'.
const RIVER: &str = "#8fbcd0";
const TOWN: &str = "#a9764b";
/// The size of a town's label.
const TOWN_SIZE: f32 = 14.0;

/// The key under the board: the river, the towns and the rings of the last move (see
/// [`crate::games::draw::picture::key`]).
const KEY: [(Sample, &str); 4] = [
    (Sample::Square(RIVER), "river"),
    (Sample::Square(TOWN), "town (a1 White's, f6 Black's)"),
    (Sample::Ring(Mark::Moved), "last move"),
    (Sample::Ring(Mark::Taken), "stone taken"),
];

/// The towns' labels, outside the board where no stone stands: White's left of `a1`,
/// under its rank's number, pointing at it; Black's right of `f6`.
fn town_labels() -> String {
    let (_, a1) = centre(0, 1);
    let (_, f6) = centre(5, 6);
    let (wx, wy) = (X0 - 8.0, a1 + 30.0);
    let (bx, by) = (X0 + 6.0 * CELL + 8.0, f6 + 5.0);
    format!(
        r##"<g font-size="{TOWN_SIZE}" font-weight="bold" fill="#7a5230"><text x="{wx}" y="{wy}" text-anchor="end">town →</text><text x="{bx}" y="{by}">← town</text></g>"##
    )
}

/// The centre of the square of `file` (0 is `a`) and `rank` (1 to 6): rank 6 at the top.
fn centre(file: u8, rank: u8) -> (f32, f32) {
    (
        X0 + (f32::from(file) + 0.5) * CELL,
        Y0 + (6.0 - f32::from(rank) + 0.5) * CELL,
    )
}

fn ink(seat: Seat) -> Ink {
    if seat.0 == 0 { Ink::Light } else { Ink::Dark }
}

impl Picture for Tides {
    fn layout(_players: usize) -> Layout {
        let mut backdrop = crate::games::draw::picture::title("Tides of War");
        let _ = write!(
            backdrop,
            r##"<rect x="{X0}" y="{Y0}" width="{}" height="{}" fill="{}" stroke="#5b4330" stroke-width="3"/>"##,
            6.0 * CELL,
            6.0 * CELL,
            hex(WOOD)
        );
        let mut spots = Vec::with_capacity(36);
        for rank in 1..=6u8 {
            for file in 0..6u8 {
                let (cx, cy) = centre(file, rank);
                let fill = if on_river(file, rank) {
                    Some(RIVER)
                } else if town_of(file, rank).is_some() {
                    Some(TOWN)
                } else {
                    None
                };
                if let Some(fill) = fill {
                    let _ = write!(
                        backdrop,
                        r#"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{fill}"/>"#,
                        cx - CELL / 2.0,
                        cy - CELL / 2.0
                    );
                }
                spots.push(Spot::new(
                    format!("{}{rank}", char::from(b'a' + file)),
                    cx,
                    cy,
                    CELL * 0.36,
                ));
            }
        }
        for k in 0..=6u8 {
            let at = f32::from(k) * CELL;
            let _ = write!(
                backdrop,
                r##"<line x1="{}" y1="{Y0}" x2="{}" y2="{}" stroke="#5b4330" stroke-width="1.5"/><line x1="{X0}" y1="{}" x2="{}" y2="{}" stroke="#5b4330" stroke-width="1.5"/>"##,
                X0 + at,
                X0 + at,
                Y0 + 6.0 * CELL,
                Y0 + at,
                X0 + 6.0 * CELL,
                Y0 + at
            );
        }
        for k in 0..6u8 {
            let (cx, _) = centre(k, 1);
            let (_, cy) = centre(0, k + 1);
            let _ = write!(
                backdrop,
                r##"<text x="{cx}" y="{}" font-size="22" text-anchor="middle" fill="#3a2f25">{}</text><text x="{}" y="{}" font-size="22" text-anchor="middle" fill="#3a2f25">{}</text>"##,
                Y0 + 6.0 * CELL + 30.0,
                char::from(b'a' + k),
                X0 - 24.0,
                cy + 8.0,
                k + 1
            );
        }
        backdrop.push_str(&town_labels());
        let bottom = Y0 + 6.0 * CELL + 44.0;
        Layout::keyed(backdrop, spots, bottom, &KEY, 3)
    }

    fn look(&self, marks: &Marks<'_, Self::Move>, _hidden: &[i32]) -> Look {
        let mut look = Look::empty(36);
        let trace = marks.last.map(Trace::of).unwrap_or_default();
        let mut stones = [0usize; 2];
        for rank in 1..=6u8 {
            for file in 0..6u8 {
                let i = usize::from((rank - 1) * 6 + file);
                if let Some(seat) = self.stone_at(file, rank) {
                    look.inks[i] = ink(seat);
                    stones[seat.index()] += 1;
                }
                let bit = 1u64 << i;
                look.marks[i] = if trace.taken & bit != 0 {
                    Mark::Taken
                } else if trace.visited & bit != 0 {
                    Mark::Moved
                } else {
                    Mark::None
                };
            }
        }
        let more = |seat: Seat| {
            let n = stones[seat.index()];
            format!("{n} {}", if n == 1 { "stone" } else { "stones" })
        };
        let quiet = self.quiet_plies();
        let truce = match self.truce_after() {
            0 => format!("Truce: {quiet} plies without a capture (no limit)"),
            limit => format!("Truce: {quiet} of {limit} plies without a capture"),
        };
        look.panel = two_sides(self, marks.names, ink, more, truce);
        look
    }
}
