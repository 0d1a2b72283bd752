//! Òicustiỳtac as a picture: the two Lands facing each other, White's across the top
//! (numbered from White's left, so from the right as we look), Black's along the bottom,
//! so that Black's trap `i` stands under White's trap `11 − i`, the trap it faces. Each
//! trap holds up to five stones, drawn as five slots; the home traps (1–2) are darker,
//! the whelping traps (5–10) lighter, as the key under the board says. Under it each
//! side's score, supply and stones on the board.

use std::fmt::Write as _;

use super::diagram::{column, touched};
use crate::games::draw::Marks;
use crate::games::draw::picture::{Ink, Layout, Look, Mark, Picture, Sample, Spot, two_sides};
use crate::games::oicus::Oicus;
use crate::games::{Rules, Seat};

/// A trap's width, and the step from one to the next.
const TRAP_W: f32 = 66.0;
const PITCH: f32 = 74.0;
/// The left edge of column 0.
const X0: f32 = (crate::games::draw::picture::WIDTH - 10.0 * PITCH) / 2.0 + (PITCH - TRAP_W) / 2.0;
/// The slots of a trap: the most stones it holds.
const SLOTS: usize = 5;
/// The step between two slots, and a slot's radius.
const SLOT: f32 = 27.0;
const SLOT_R: f32 = 11.5;
/// A trap's height.
const TRAP_H: f32 = SLOTS as f32 * SLOT + 12.0;
/// The top of White's traps and of Black's.
const WHITE_Y: f32 = 86.0;
const BLACK_Y: f32 = WHITE_Y + TRAP_H + 40.0;
/// The traps' colours: home (1–2) darker, whelping (5–10) lighter, the plain ones
/// (3–4) between.
const HOME: &str = "#b58a55";
const PLAIN: &str = "#cfa86e";
const WHELPING: &str = "#e2c79a";

fn ink(seat: Seat) -> Ink {
    if seat.0 == 0 { Ink::Dark } else { Ink::Light }
}

/// The trap's rectangle (left, top) for `land` (0 Black, 1 White) and `trap` (1 to 10).
fn corner(land: usize, trap: usize) -> (f32, f32) {
    let x = X0 + column(land, trap) as f32 * PITCH;
    (x, if land == 0 { BLACK_Y } else { WHITE_Y })
}

impl Picture for Oicus {
    fn layout(_players: usize) -> Layout {
        let mut backdrop = crate::games::draw::picture::title("Òicustiỳtac");
        let mut spots = Vec::with_capacity(20 * SLOTS);
        for land in 0..2usize {
            let letter = if land == 0 { 'B' } else { 'W' };
            for trap in 1..=10usize {
                let (x, y) = corner(land, trap);
                let fill = match trap {
                    1 | 2 => HOME,
                    5..=10 => WHELPING,
                    _ => PLAIN,
                };
                let _ = write!(
                    backdrop,
                    r##"<rect x="{x}" y="{y}" width="{TRAP_W}" height="{TRAP_H}" rx="10" fill="{fill}" stroke="#5b4330" stroke-width="2.5"/>"##
                );
                let number_y = if land == 0 {
                    y + TRAP_H + 26.0
                } else {
                    y - 10.0
                };
                let _ = write!(
                    backdrop,
                    r##"<text x="{}" y="{number_y}" font-size="20" font-weight="bold" text-anchor="middle" fill="#3a2f25">{trap}</text>"##,
                    x + TRAP_W / 2.0
                );
                for slot in 0..SLOTS {
                    // The slots fill from the side that faces the other Land.
                    let dy = 6.0 + (slot as f32 + 0.5) * SLOT;
                    let cy = if land == 0 { y + dy } else { y + TRAP_H - dy };
                    let mut spot =
                        Spot::new(format!("{letter}{trap}"), x + TRAP_W / 2.0, cy, SLOT_R);
                    // The trap's first slot carries the mark of a move, round the trap.
                    if slot == 0 {
                        spot.frame = Some([x - 5.0, y - 5.0, TRAP_W + 10.0, TRAP_H + 10.0]);
                    }
                    spots.push(spot);
                }
            }
        }
        let middle = (WHITE_Y + TRAP_H + BLACK_Y) / 2.0;
        let _ = write!(
            backdrop,
            r##"<text x="{}" y="{}" font-size="18" text-anchor="middle" fill="#3a2f25">↑ White's Land · Black's Land ↓</text>"##,
            crate::games::draw::picture::WIDTH / 2.0,
            middle + 6.0
        );
        let bottom = BLACK_Y + TRAP_H + 40.0;
        let key = [
            (Sample::Square(HOME), "home traps (1–2)"),
            (Sample::Square(PLAIN), "plain (3–4)"),
            (Sample::Square(WHELPING), "whelping traps (5–10)"),
            (Sample::Frame, "last move"),
        ];
        Layout::keyed(backdrop, spots, bottom, &key, 3)
    }

    fn look(&self, marks: &Marks<'_, Self::Move>, _hidden: &[i32]) -> Look {
        let mut look = Look::empty(20 * SLOTS);
        let mover = 1 - self.side_to_move().0;
        let marked = marks.last.map(|mv| touched(mv, mover)).unwrap_or_default();
        for index in 0..20usize {
            let black = usize::from(self.stones_at(Seat(0), index));
            let white = usize::from(self.stones_at(Seat(1), index));
            for slot in 0..SLOTS {
                let i = index * SLOTS + slot;
                look.inks[i] = if slot < black {
                    Ink::Dark
                } else if slot < black + white {
                    Ink::Light
                } else {
                    Ink::Empty
                };
                if slot == 0 && marked.contains(&index) {
                    look.marks[i] = Mark::Moved;
                }
            }
        }
        let more = |seat| {
            format!(
                "score {}, supply {}, {} on the board",
                self.score(seat),
                self.supply(seat),
                self.on_board(seat)
            )
        };
        let turns = match self.turn_cap() {
            0 => format!("Turns played: {} (no cap)", self.turns_played()),
            cap => format!("Turns played: {} of {cap}", self.turns_played()),
        };
        look.panel = two_sides(self, marks.names, ink, more, turns);
        look
    }
}
