//! Òicustiỳtac's two Lands facing each other: White's across the top, numbered from
//! White's left (so from the right as we look), Black's along the bottom from Black's
//! left, so that Black's trap `i` stands under White's trap `11 − i`, the trap it faces.
//! The home traps (1–2) and whelping traps (5–10) of each Land are marked beside its
//! numbers; below the board each side's score, supply and stones on the board.

use crate::games::draw::canvas::Canvas;
use crate::games::draw::text::{self, Ink, Pen};
use crate::games::draw::{BoardStyle, Diagram, Marks, result_clause, seat_label};
use crate::games::oicus::{Move, Oicus};
use crate::games::{Rules, Seat, Turn};

/// The column where the board's left border stands.
const X0: usize = 12;
/// A trap's inner width: room for the most stones a trap holds.
const CELL: usize = 5;
/// The widest a person's name is drawn.
const NAME_WIDTH: usize = 16;

/// The trap index (`land * 10 + trap − 1`) drawn in column `col` (0 to 9) of a Land's row,
/// Land `near` along the bottom (numbered from its own left) and the other along the top
/// (numbered from the right as we look).
fn trap_index_from(land: usize, col: usize, near: usize) -> usize {
    10 * land + if land == near { col } else { 9 - col }
}

/// The column (0 to 9) a trap of a Land (numbered from 1) is drawn in, Black's Land along
/// the bottom.
pub(super) fn column(land: usize, trap: usize) -> usize {
    column_from(land, trap, 0)
}

/// [`column`] with Land `near` along the bottom.
fn column_from(land: usize, trap: usize, near: usize) -> usize {
    if land == near { trap - 1 } else { 10 - trap }
}

fn stone(pen: &Pen, seat: usize) -> (char, Ink) {
    match (seat, pen.ascii()) {
        (0, true) => ('b', Ink::Dark),
        (0, false) => (pen.g.filled, Ink::Dark),
        (_, true) => ('w', Ink::Light),
        (_, false) => (pen.g.hollow, Ink::Light),
    }
}

fn ink(seat: usize) -> Ink {
    if seat == 0 { Ink::Dark } else { Ink::Light }
}

/// The trap indices a turn touched (where its stones came from and went to), for the side
/// that played it.
pub(super) fn touched(mv: Move, mover: u8) -> Vec<usize> {
    let (actions, n) = mv.actions();
    actions[..n]
        .iter()
        .flat_map(|&(a, _)| [a.source(mover), a.destination(mover)])
        .flatten()
        .collect()
}

/// A span over (`over`) or under a run of columns, `┌── label ──┐`-like.
fn span(pen: &Pen, c: &mut Canvas, y: usize, cols: (usize, usize), over: bool, label: &str) {
    let g = pen.g;
    let (a, b) = if over {
        (g.span_over[0], g.span_over[1])
    } else {
        (g.span_under[0], g.span_under[1])
    };
    let x = X0 + (CELL + 1) * cols.0 + 1;
    let w = (CELL + 1) * (cols.1 - cols.0 + 1) - 1;
    let inner = w - 2;
    let word = format!(" {label} ");
    let left = (inner - word.len()) / 2;
    let right = inner - word.len() - left;
    let h = |n: usize| g.h.to_string().repeat(n);
    c.put(x, y, &format!("{a}{}", h(left)), Some(Ink::Frame));
    c.put(x + 1 + left, y, &word, None);
    c.put(
        x + 1 + left + word.len(),
        y,
        &format!("{}{b}", h(right)),
        Some(Ink::Frame),
    );
}

fn board(pen: &Pen, pos: &Oicus, marks: &Marks<'_, Move>) -> Vec<String> {
    let g = pen.g;
    let frame = Some(Ink::Frame);
    let mover = 1 - pos.side_to_move().0;
    let marked = marks.last.map(|mv| touched(mv, mover)).unwrap_or_default();
    let mut c = Canvas::default();
    // The far Land on top (its span, numbers and cells in rows 0, 1, 3), the near one
    // below (cells, numbers, span in rows 5, 7, 8); the rules between them. The near Land
    // is Black's, or White's when the board is drawn from White's side.
    let near = marks.from.index().min(1);
    let far = 1 - near;
    let mut rows = [(5, 7, 8); 2]; // (cells, numbers, span) by land
    rows[far] = (3, 1, 0);
    let col = |land: usize, trap: usize| column_from(land, trap, near);
    span(
        pen,
        &mut c,
        0,
        (col(far, 10), col(far, 5)),
        true,
        "whelping",
    );
    span(pen, &mut c, 0, (col(far, 2), col(far, 1)), true, "home");
    span(pen, &mut c, 8, (col(near, 1), col(near, 2)), false, "home");
    span(
        pen,
        &mut c,
        8,
        (col(near, 5), col(near, 10)),
        false,
        "whelping",
    );
    c.put(X0, 2, &pen.bare_rule(g.box_top, &[CELL; 10]), frame);
    c.put(X0, 4, &pen.bare_rule(g.box_mid, &[CELL; 10]), frame);
    c.put(X0, 6, &pen.bare_rule(g.box_bottom, &[CELL; 10]), frame);
    for land in [0usize, 1] {
        let (cells_y, numbers_y, _) = rows[land];
        let (glyph, _) = stone(pen, land);
        let name = if land == 0 { "Black" } else { "White" };
        c.put(2, cells_y, name, Some(ink(land)));
        c.put(8, cells_y, &glyph.to_string(), Some(ink(land)));
        for col in 0..10 {
            let index = trap_index_from(land, col, near);
            let x = X0 + (CELL + 1) * col;
            c.put(x, cells_y, &g.v.to_string(), frame);
            let number = (index % 10 + 1).to_string();
            if marked.contains(&index) {
                c.put_centred(
                    x + 1,
                    numbers_y,
                    CELL,
                    &format!("[{number}]"),
                    Some(Ink::Mark),
                );
            } else {
                c.put_centred(x + 1, numbers_y, CELL, &number, None);
            }
            let counts = [pos.stones_at(Seat(0), index), pos.stones_at(Seat(1), index)];
            let total = usize::from(counts[0] + counts[1]);
            let mut sx = x + 1 + (CELL - total.min(CELL)).div_ceil(2);
            for (seat, &n) in counts.iter().enumerate() {
                let (glyph, ink) = stone(pen, seat);
                let run: String = std::iter::repeat_n(glyph, usize::from(n)).collect();
                sx = c.put(sx, cells_y, &run, Some(ink));
            }
        }
        c.put(X0 + (CELL + 1) * 10, cells_y, &g.v.to_string(), frame);
    }
    c.render(pen)
}

fn standings(pen: &Pen, pos: &Oicus, marks: &Marks<'_, Move>) -> Vec<String> {
    let label = |s: Seat| seat_label::<Oicus>(pen, s, marks.names, NAME_WIDTH);
    let wide = text::width(&label(Seat(0))).max(text::width(&label(Seat(1))));
    let to_move = match pos.turn() {
        Turn::Seat(s) => Some(s),
        _ => None,
    };
    let mut lines = Vec::new();
    for seat in [Seat(0), Seat(1)] {
        let mark = if to_move == Some(seat) {
            pen.paint_char(Ink::Strong, pen.g.turn)
        } else {
            " ".to_owned()
        };
        let (glyph, ink) = stone(pen, seat.index());
        lines.push(format!(
            "{mark} {} {}   score {:>2}   supply {:>2}   on board {:>2}",
            pen.paint_char(ink, glyph),
            text::left(&pen.paint(ink, &label(seat)), wide),
            pos.score(seat),
            pos.supply(seat),
            pos.on_board(seat)
        ));
    }
    lines
}

impl Diagram for Oicus {
    fn diagram_with(&self, style: &BoardStyle, marks: &Marks<'_, Move>) -> String {
        let pen = Pen::new(style);
        let mut lines = vec![
            format!(
                "{}{}a round to {} points",
                pen.paint(Ink::Strong, &pen.word("Òicustiỳtac")),
                pen.g.sep,
                crate::games::oicus::TARGET
            ),
            String::new(),
        ];
        lines.extend(board(&pen, self, marks));
        lines.push(String::new());
        lines.extend(standings(&pen, self, marks));
        lines.push(String::new());
        let label = |s: Seat| seat_label::<Oicus>(&pen, s, marks.names, NAME_WIDTH);
        match (self.turn(), self.outcome()) {
            (Turn::Seat(s), _) => lines.push(format!(
                "{} {} to move",
                pen.paint_char(Ink::Strong, pen.g.turn),
                pen.paint(ink(s.index()), &label(s))
            )),
            (_, Some(outcome)) => lines.push(format!(
                "Over: {}",
                pen.paint(Ink::Strong, &result_clause(outcome, label))
            )),
            _ => {}
        }
        lines.push(match self.turn_cap() {
            0 => format!("Turns played: {} (no cap)", self.turns_played()),
            cap => format!("Turns played: {} of {cap}", self.turns_played()),
        });
        if let Some(mv) = marks.last {
            if mv.is_pass() {
                lines.push("Last turn: a pass".to_owned());
            } else {
                lines.push(format!(
                    "Last turn: {mv}  {} its traps",
                    pen.paint(Ink::Mark, "[ ]")
                ));
            }
        }
        text::finish(&lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facing_traps_share_a_column() {
        for trap in 1..=10 {
            // Black's trap i faces White's trap 11 - i.
            assert_eq!(column(0, trap), column(1, 11 - trap));
            assert_eq!(trap_index_from(0, column(0, trap), 0), trap - 1);
            assert_eq!(trap_index_from(1, column(1, trap), 0), 10 + trap - 1);
            // From White's side: White's trap i along the bottom in column i - 1, still
            // facing Black's trap 11 - i above it.
            assert_eq!(column_from(1, trap, 1), trap - 1);
            assert_eq!(column_from(1, trap, 1), column_from(0, 11 - trap, 1));
            assert_eq!(
                trap_index_from(1, column_from(1, trap, 1), 1),
                10 + trap - 1
            );
            assert_eq!(trap_index_from(0, column_from(0, trap, 1), 1), trap - 1);
        }
    }

    #[test]
    fn a_turn_marks_where_its_stones_came_from_and_went() {
        // White (seat 1) plays V8 (own trap 8 to Black's 3) and D5-1 (Black's trap 5 to
        // own trap 11 - 5 - 1 = 5).
        let mv: Move = "V8+D5-1".parse().unwrap();
        let mut traps = touched(mv, 1);
        traps.sort_unstable();
        assert_eq!(traps, [2, 4, 14, 17]);
        assert!(touched(Move::PASS, 0).is_empty());
    }
}
