//! Piç as a picture: the ring of heaps round the table, clockwise from heap 1 at the top,
//! each player's three heaps under an arc of their colour with their number; a heap is a
//! brass disc with its count beside it (outward), a piç a disc of its owner's colour, an
//! empty heap an outline. Under it each player's score and where their counters are.

use std::f32::consts::PI;
use std::fmt::Write as _;

use crate::games::draw::Marks;
use crate::games::draw::picture::{
    Ink, Layout, Look, Mark, Picture, Sample, Spot, hex, seat_line, status_line,
};
use crate::games::pic::Pic;
use crate::games::{Rules, Seat};

/// The ring's centre and radius.
const CX: f32 = crate::games::draw::picture::WIDTH / 2.0;
const CY: f32 = 370.0;
const RING: f32 = 205.0;

/// The angle of heap `index` of `heaps`: the middle of player 1's heaps at the top, then
/// clockwise (the screen's y runs down, so a growing angle turns clockwise).
fn angle(index: usize, heaps: usize) -> f32 {
    -PI / 2.0 + (index as f32 - 1.0) * 2.0 * PI / heaps as f32
}

fn at(angle: f32, radius: f32) -> (f32, f32) {
    (CX + radius * angle.cos(), CY + radius * angle.sin())
}

impl Picture for Pic {
    fn layout(players: usize) -> Layout {
        let heaps = 3 * players;
        let spacing = 2.0 * PI * RING / heaps as f32;
        let r = (spacing * 0.33).min(40.0);
        let mut backdrop = crate::games::draw::picture::title("Piç");
        let _ = write!(
            backdrop,
            r##"<circle cx="{CX}" cy="{CY}" r="{}" fill="{}" stroke="#5b4330" stroke-width="3"/><text x="{CX}" y="{}" font-size="22" text-anchor="middle" fill="#5b4330">sown clockwise ↻</text>"##,
            RING + r + 30.0,
            hex(crate::games::draw::picture::WOOD),
            CY + 8.0
        );
        for seat in 0..players {
            let (from, to) = (
                angle(3 * seat, heaps) - 0.5 * 2.0 * PI / heaps as f32 * 0.8,
                angle(3 * seat + 2, heaps) + 0.5 * 2.0 * PI / heaps as f32 * 0.8,
            );
            let outer = RING + r + 44.0;
            let (x1, y1) = at(from, outer);
            let (x2, y2) = at(to, outer);
            let _ = write!(
                backdrop,
                r#"<path d="M {x1} {y1} A {outer} {outer} 0 0 1 {x2} {y2}" fill="none" stroke="{}" stroke-width="9" stroke-linecap="round"/>"#,
                hex(crate::games::draw::picture::SEAT_COLOURS[seat])
            );
            let (nx, ny) = at(angle(3 * seat + 1, heaps), outer + 30.0);
            let _ = write!(
                backdrop,
                r#"<text x="{nx}" y="{}" font-size="24" font-weight="bold" text-anchor="middle" fill="{}">{}</text>"#,
                ny + 8.0,
                hex(crate::games::draw::picture::SEAT_COLOURS[seat]),
                seat + 1
            );
        }
        let spots = (0..heaps)
            .map(|i| {
                let a = angle(i, heaps);
                let (x, y) = at(a, RING);
                let (lx, ly) = at(a, RING - r - 22.0);
                let (hx, hy) = at(a, RING + r + 16.0);
                let _ = write!(
                    backdrop,
                    r##"<circle cx="{x}" cy="{y}" r="{r}" fill="none" stroke="#5b4330" stroke-width="2" stroke-dasharray="4 4"/><text x="{hx}" y="{}" font-size="14" text-anchor="middle" fill="#6b5440">{}</text>"##,
                    hy + 5.0,
                    i + 1
                );
                Spot {
                    label_at: (lx, ly + 8.0),
                    ..Spot::new(format!("heap {}", i + 1), x, y, r)
                }
            })
            .collect();
        let bottom = CY + RING + r + 96.0;
        let key = [
            (Sample::Disc(Ink::Heap), "a heap"),
            (Sample::Disc(Ink::Seat(0)), "a piç: its owner's colour"),
            (
                Sample::Stroke(crate::games::draw::picture::SEAT_COLOURS[0]),
                "a player's heaps",
            ),
            (Sample::Ring(Mark::Moved), "heap last sown"),
        ];
        Layout::keyed(backdrop, spots, bottom, &key, players + 1)
    }

    fn look(&self, marks: &Marks<'_, Self::Move>, hidden: &[i32]) -> Look {
        let players = self.players();
        let heaps = 3 * players;
        let mut look = Look::empty(heaps);
        let sown = marks.last.and_then(|mv| mv.heap());
        for i in 0..heaps {
            let count = self.heap(i);
            look.inks[i] = match self.pic_owner(i) {
                Some(owner) => Ink::Seat(owner.0),
                None if count > 0 => Ink::Heap,
                None => Ink::Empty,
            };
            look.labels[i] = count.to_string();
            if sown == Some(i) {
                look.marks[i] = Mark::Moved;
            }
        }
        for s in 0..players {
            let seat = Seat(s as u8);
            // What the table has not seen (a palmed counter) is left out of the store
            // and the score it is in, as the text board does.
            let unseen = hidden.get(s).copied().unwrap_or(0);
            // The store is named whenever it holds something the table knows of (a
            // counter palmed unseen is in it in the GM's view), so the figures add up.
            let mut figures: Vec<String> = self
                .standing(seat)
                .into_iter()
                .filter(|(k, _)| Some(*k) != Pic::FACTS.store)
                .map(|(k, v)| format!("{v} {k}"))
                .collect();
            let store = i32::from(self.store(seat)) - unseen;
            if store != 0 || self.options().even_capture {
                figures.push(format!("{store} {}", crate::games::pic::STORE));
            }
            let more = format!(
                "score {} ({})",
                self.score(seat) - unseen,
                figures.join(", ")
            );
            look.panel
                .push(seat_line(self, seat, Ink::Seat(seat.0), marks.names, &more));
        }
        let sowings = self.sowings();
        let cap = self.options().move_cap;
        let running = if cap > 0 {
            format!("Sowings: {sowings} of {cap}")
        } else {
            format!("Sowings: {sowings}")
        };
        look.panel.push(status_line(self, marks.names, running));
        look
    }
}
