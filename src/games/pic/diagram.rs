//! Piç as a ring of heaps round the table: each player's three heaps in a box with their
//! numbers as the notation has them, the top row sown left to right and the bottom row
//! right to left, so that the ring closes; below it each player's counters and score.
//!
//! ```text
//!         1     2     3
//!      ┌─────┬─────┬─────┐
//!  ┌──▶│  12 │  12 │ 3p2 │──┐
//! ```
//!
//! The first half of the players (rounded up) sit along the top, the rest along the
//! bottom from the right, so a table of five is 75 columns wide.

use crate::games::draw::canvas::Canvas;
use crate::games::draw::text::{self, Ink, Pen};
use crate::games::draw::{BoardStyle, Diagram, Marks, result_clause, seat_label};
use crate::games::pic::{Move, Pic};
use crate::games::{Rules, Seat, Turn};

/// The columns left of the first box: a blank, the ring's corner, two lines, an arrow.
const MARGIN: usize = 5;
/// A heap's inner width.
const CELL: usize = 5;
/// A player's box of three heaps, borders included.
const GROUP: usize = 1 + 3 * (CELL + 1);
/// Columns between two boxes.
const GAP: usize = 5;
/// The widest a name is drawn in the ring.
const RING_NAME: usize = 13;
/// The widest a name is drawn in the score table.
const TABLE_NAME: usize = 24;

/// Where a player's box is drawn: its slot from the left, and whether on the top row.
#[cfg(test)]
fn slot(seat: usize, players: usize) -> (usize, bool) {
    slot_from(seat, players, 0)
}

/// [`slot`] with the ring turned so that seat `from`'s box stands where seat 0's does
/// (the top left), the others after it round the ring in the order of play.
fn slot_from(seat: usize, players: usize, from: usize) -> (usize, bool) {
    let seat = (seat + players - from % players) % players;
    let top = players.div_ceil(2);
    if seat < top {
        (seat, true)
    } else {
        (2 * top - 1 - seat, false)
    }
}

/// The column where slot `k`'s box begins.
fn slot_x(k: usize) -> usize {
    MARGIN + k * (GROUP + GAP)
}

/// A heap's text: its count, `3p2` for a piç of player 2, `[12]` when sown last.
fn heap_text(pos: &Pic, index: usize, sown: bool) -> String {
    let count = pos.heap(index);
    match pos.pic_owner(index) {
        Some(owner) => format!("{count}p{owner}"),
        None if sown => format!("[{count}]"),
        None => count.to_string(),
    }
}

/// The ring, on a canvas: each player's box of heaps, and the lines that join them.
fn ring(pen: &Pen, pos: &Pic, marks: &Marks<'_, Move>) -> Vec<String> {
    let mut c = Canvas::default();
    for seat in 0..pos.players() {
        player_box(&mut c, pen, pos, marks, seat);
    }
    ring_lines(&mut c, pen, pos.players());
    c.render(pen)
}

/// A player's box in its slot: the label (with the turn's mark when it is theirs to
/// move), the heaps' numbers, the frame and the heaps.
fn player_box(c: &mut Canvas, pen: &Pen, pos: &Pic, marks: &Marks<'_, Move>, seat: usize) {
    let g = pen.g;
    let frame = Some(Ink::Frame);
    let (k, on_top) = slot_from(seat, pos.players(), marks.from.index());
    let x = slot_x(k);
    // Rows from the top: label, numbers, frame, heaps, frame (top row); frame,
    // heaps, frame, numbers, label (bottom row).
    let (label_y, cells_y) = if on_top { (0, 3) } else { (9, 6) };
    let mut label = match marks.names.get(seat).map(|n| n.trim()) {
        Some(name) if !name.is_empty() => {
            format!("{} ({})", pen.name(name, RING_NAME), seat + 1)
        }
        _ => format!("player {}", seat + 1),
    };
    if pos.turn() == Turn::Seat(Seat(seat as u8)) {
        label = format!("{} {label}", g.turn);
    }
    c.put_centred(x, label_y, GROUP, &label, Some(Ink::Player(seat)));
    let above = if on_top { 2 } else { 5 };
    c.put(x, above, &pen.bare_rule(g.box_top, &[CELL; 3]), frame);
    c.put(
        x,
        above + 2,
        &pen.bare_rule(g.box_bottom, &[CELL; 3]),
        frame,
    );
    for k in 0..=3 {
        c.put(x + k * (CELL + 1), cells_y, &g.v.to_string(), frame);
    }
    heaps(c, pen, pos, marks, seat);
}

/// A player's three heaps with their numbers above (top row) or below (bottom row): a
/// piç in its owner's colour, the heap sown last in brackets.
fn heaps(c: &mut Canvas, pen: &Pen, pos: &Pic, marks: &Marks<'_, Move>, seat: usize) {
    let sown = marks.last.and_then(Move::heap);
    let (k, on_top) = slot_from(seat, pos.players(), marks.from.index());
    let x = slot_x(k);
    let (numbers_y, cells_y) = if on_top { (1, 3) } else { (8, 6) };
    for k in 0..3 {
        // The top row reads clockwise left to right, the bottom row right to left.
        let index = 3 * seat + if on_top { k } else { 2 - k };
        let cx = x + 1 + k * (CELL + 1);
        c.put_centred(cx, numbers_y, CELL, &(index + 1).to_string(), None);
        let is_sown = sown == Some(index);
        let text = pen.word(&heap_text(pos, index, is_sown));
        let ink = match pos.pic_owner(index) {
            Some(owner) => Ink::Player(owner.index()),
            None => Ink::Player(seat),
        };
        if is_sown && pos.pic_owner(index).is_none() {
            let x0 = cx + (CELL - text::width(&text)).div_ceil(2);
            let inner = &text[1..text.len() - 1];
            c.put(x0, cells_y, "[", Some(Ink::Mark));
            c.put(x0 + 1, cells_y, inner, Some(ink));
            c.put(x0 + 1 + inner.len(), cells_y, "]", Some(Ink::Mark));
        } else {
            c.put_centred(cx, cells_y, CELL, &text, Some(ink));
        }
    }
}

/// The ring's lines: into heap 1 at the top left, between boxes, down the right side,
/// back along the bottom and up the left side.
fn ring_lines(c: &mut Canvas, pen: &Pen, players: usize) {
    let g = pen.g;
    let frame = Some(Ink::Frame);
    let top = players.div_ceil(2);
    let h = |n: usize| g.h.to_string().repeat(n);
    let right_x = slot_x(top - 1) + GROUP;
    c.put(1, 3, &format!("{}{}{}", g.box_top[0], h(2), g.right), frame);
    c.put(1, 4, &g.v.to_string(), frame);
    c.put(1, 5, &g.up.to_string(), frame);
    for k in 1..top {
        c.put(slot_x(k) - GAP, 3, &format!(" {}{} ", h(2), g.right), frame);
    }
    c.put(right_x, 3, &format!("{}{}", h(2), g.box_top[2]), frame);
    c.put(right_x + 2, 4, &g.v.to_string(), frame);
    c.put(right_x + 2, 5, &g.down.to_string(), frame);
    c.put(
        right_x,
        6,
        &format!("{}{}{}", g.left, g.h, g.box_bottom[2]),
        frame,
    );
    let bottom = players - top;
    let first_bottom = top - bottom;
    c.put(
        1,
        6,
        &format!("{}{}", g.box_bottom[0], h(slot_x(first_bottom) - 2)),
        frame,
    );
    for k in first_bottom + 1..top {
        c.put(slot_x(k) - GAP, 6, &format!(" {}{} ", g.left, h(2)), frame);
    }
}

/// Each player's counters, as the game's own standing names them, and the score; less,
/// in the store and the score, what `hidden` says the table has not seen.
fn table(pen: &Pen, pos: &Pic, marks: &Marks<'_, Move>, hidden: &[i32]) -> Vec<String> {
    let players = pos.players();
    let labels: Vec<String> = (0..players)
        .map(|s| seat_label::<Pic>(pen, Seat(s as u8), marks.names, TABLE_NAME))
        .collect();
    let name_w = labels.iter().map(|l| text::width(l)).max().unwrap_or(0);
    let heads: Vec<String> = pos
        .standing(Seat(0))
        .iter()
        .map(|(k, _)| pen.word(k))
        .chain(["score".to_owned()])
        .collect();
    let to_move = match pos.turn() {
        Turn::Seat(s) => Some(s),
        _ => None,
    };
    let mut head = " ".repeat(4 + name_w);
    for h in &heads {
        head.push_str(&format!("  {}", text::right(h, 5)));
    }
    let mut lines = vec![head];
    for (s, label) in labels.iter().enumerate() {
        let seat = Seat(s as u8);
        let mark = if to_move == Some(seat) {
            pen.paint_char(Ink::Strong, pen.g.turn)
        } else {
            " ".to_owned()
        };
        let mut line = format!(
            " {mark} {}",
            text::left(&pen.paint(Ink::Player(s), label), name_w)
        );
        // What the table has not seen (a palmed counter in the store) is left out of the
        // store and the score it is in.
        let hidden = hidden.get(s).copied().unwrap_or(0);
        let figures = pos
            .standing(seat)
            .into_iter()
            .map(|(k, v)| {
                if Some(k) == Pic::FACTS.store {
                    v - hidden
                } else {
                    v
                }
            })
            .chain([pos.score(seat) - hidden]);
        for (h, v) in heads.iter().zip(figures) {
            line.push_str(&format!(
                "  {}",
                text::right(&v.to_string(), text::width(h).max(5))
            ));
        }
        lines.push(line);
    }
    lines
}

/// What a piç's text means, told from the first piç on the board ("3p2: a piç holding 3
/// counters, owned by player 2"); `None` while the board holds none, as there is then
/// nothing to explain.
fn legend(pos: &Pic) -> Option<String> {
    let heap = (0..3 * pos.players()).find(|&i| pos.pic_owner(i).is_some())?;
    let owner = pos.pic_owner(heap)?;
    Some(format!(
        "{}: a piç holding {}, owned by player {owner}",
        heap_text(pos, heap, false),
        crate::names::counted(pos.heap(heap), "counters")
    ))
}

impl Diagram for Pic {
    fn diagram_with(&self, style: &BoardStyle, marks: &Marks<'_, Move>) -> String {
        self.diagram_seen(style, marks, &[])
    }

    /// A palmed counter is in the cheat's store, where nobody saw it go.
    fn unseen_gain(before: &Pic, after: &Pic, seat: Seat) -> i32 {
        i32::from(after.store(seat)) - i32::from(before.store(seat))
    }

    fn diagram_seen(&self, style: &BoardStyle, marks: &Marks<'_, Move>, hidden: &[i32]) -> String {
        let pen = Pen::new(style);
        let players = self.players();
        let mut lines = vec![
            format!(
                "{}{}{players} players",
                pen.paint(Ink::Strong, &pen.word("Piç")),
                pen.g.sep
            ),
            String::new(),
        ];
        lines.extend(ring(&pen, self, marks));
        lines.push(String::new());
        lines.extend(table(&pen, self, marks, hidden));
        lines.push(String::new());
        let label = |s: Seat| seat_label::<Pic>(&pen, s, marks.names, TABLE_NAME);
        match (self.turn(), self.outcome()) {
            (Turn::Seat(s), _) => lines.push(format!(
                "{} {} to move",
                pen.paint_char(Ink::Strong, pen.g.turn),
                pen.paint(Ink::Player(s.index()), &label(s))
            )),
            (_, Some(outcome)) => lines.push(format!(
                "Over: {}",
                pen.paint(Ink::Strong, &result_clause(outcome, label))
            )),
            _ => {}
        }
        lines.push(match self.options().move_cap {
            0 => format!("Sowings: {} (no cap)", self.sowings()),
            cap => format!("Sowings: {} of {cap}", self.sowings()),
        });
        if let Some(mv) = marks.last {
            lines.push(match mv.heap() {
                Some(i) => format!("Last move: heap {} {}", i + 1, pen.paint(Ink::Mark, "[ ]")),
                None => "Last move: a pass".to_owned(),
            });
        }
        if let Some(legend) = legend(self) {
            lines.push(pen.word(&legend));
        }
        text::finish(&lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pic_legend_shows_only_when_the_board_holds_a_pic() {
        let board = |text: &str| {
            let pos: Pic = text.parse().unwrap();
            pos.diagram_with(&BoardStyle::PLAIN, &Marks::none())
        };
        let start = board("12 12 12 / 12 12 12 ; 1");
        assert!(!start.contains("a piç holding"), "{start}");
        let one = board("6 1p2 0 / 9 9 1 ; 1");
        assert!(
            one.contains("1p2: a piç holding 1 counter, owned by player 2"),
            "{one}"
        );
        let three = board("0 3p2 7 / 1 1 0 / 3p1 12 40 ; 3");
        assert!(
            three.contains("3p2: a piç holding 3 counters, owned by player 2"),
            "{three}"
        );
    }

    #[test]
    fn the_boxes_go_round_the_ring_in_seat_order() {
        for players in 2..=5usize {
            let top = players.div_ceil(2);
            let slots: Vec<(usize, bool)> = (0..players).map(|s| slot(s, players)).collect();
            // Along the top left to right, then back along the bottom right to left,
            // the bottom boxes under the rightmost top ones.
            let expected: Vec<(usize, bool)> = (0..top)
                .map(|k| (k, true))
                .chain((0..players - top).map(|j| (top - 1 - j, false)))
                .collect();
            assert_eq!(slots, expected, "{players} players");
            let right_end = slot_x(top - 1) + GROUP + 3;
            assert!(right_end <= 80, "{players} players: {right_end} columns");
        }
    }

    #[test]
    fn the_ring_turned_to_a_seat_puts_its_box_first_and_keeps_the_order_of_play() {
        for players in 2..=5usize {
            for from in 0..players {
                for i in 0..players {
                    // The seat i places after `from` round the table stands where seat i
                    // stands in the ring drawn from seat 0.
                    let seat = (from + i) % players;
                    assert_eq!(
                        slot_from(seat, players, from),
                        slot(i, players),
                        "{players} players from seat {from}"
                    );
                }
            }
        }
    }
}
