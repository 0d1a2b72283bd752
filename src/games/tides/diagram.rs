//! Tides of War on its 6×6 board: files `a`–`f` and ranks `1`–`6` labelled, the towns
//! `a1` and `f6`, the river from `a6` to `f1`, the stones, and beside the board whose turn
//! it is and how near the truce is.

use crate::games::draw::panel;
use crate::games::draw::text::{self, Ink, Pen};
use crate::games::draw::{BoardStyle, Diagram, Marks, result_clause, seat_label};
use crate::games::tides::{Move, Tides};
use crate::games::{Rules, Seat, Turn};

/// Columns between the board and the panel beside it.
const GAP: usize = 3;
/// The board's width, its labels included.
const BOARD_WIDTH: usize = 31;
/// The widest a person's name is drawn.
const NAME_WIDTH: usize = 16;

/// Whether the square of `file` (0 is `a`) and `rank` (from 1) lies on the river, the
/// anti-diagonal `a6 b5 c4 d3 e2 f1`.
pub(super) fn on_river(file: u8, rank: u8) -> bool {
    file + rank == 6
}

/// Whose town the square is: White's `a1`, Black's `f6`.
pub(super) fn town_of(file: u8, rank: u8) -> Option<Seat> {
    match (file, rank) {
        (0, 1) => Some(Seat(0)),
        (5, 6) => Some(Seat(1)),
        _ => None,
    }
}

/// A square's bit: `rank * 6 + file` with ranks from 0, as the engine numbers them.
fn bit(file: u8, rank: u8) -> u64 {
    1 << ((rank - 1) * 6 + file)
}

/// The squares a move touched: where the stone started and landed, and the squares of
/// the stones it jumped.
#[derive(Default)]
pub(super) struct Trace {
    pub(super) visited: u64,
    pub(super) taken: u64,
}

impl Trace {
    pub(super) fn of(mv: Move) -> Trace {
        let mut t = Trace {
            visited: 1 << mv.from(),
            taken: 0,
        };
        let mut at = mv.from();
        for to in mv.landings() {
            t.visited |= 1 << to;
            if mv.jumps() > 0 {
                let file = (at % 6 + to % 6) / 2;
                let rank = (at / 6 + to / 6) / 2;
                t.taken |= 1 << (rank * 6 + file);
            }
            at = to;
        }
        t
    }
}

/// The ink and glyph of each side's stones.
fn stone(pen: &Pen, seat: Seat) -> String {
    match (seat.0, pen.ascii()) {
        (0, true) => pen.paint_char(Ink::Light, 'W'),
        (0, false) => pen.paint_char(Ink::Light, pen.g.hollow),
        (_, true) => pen.paint_char(Ink::Dark, 'B'),
        (_, false) => pen.paint_char(Ink::Dark, pen.g.filled),
    }
}

fn ink(seat: Seat) -> Ink {
    if seat.0 == 0 { Ink::Light } else { Ink::Dark }
}

/// One square, three columns: a glyph between two markers.
fn cell(pen: &Pen, pos: &Tides, file: u8, rank: u8, trace: &Trace) -> String {
    let b = bit(file, rank);
    let here = pos.stone_at(file, rank);
    let river = on_river(file, rank);
    let glyph = match (here, town_of(file, rank)) {
        (Some(s), _) => stone(pen, s),
        (None, _) if trace.taken & b != 0 => pen.paint_char(Ink::Mark, 'x'),
        (None, Some(owner)) => pen.paint_char(ink(owner), pen.g.town),
        (None, None) if river => pen.paint_char(Ink::Water, '~'),
        (None, None) => " ".to_owned(),
    };
    let (l, r) = if trace.visited & b != 0 {
        (
            pen.paint_char(Ink::Mark, '['),
            pen.paint_char(Ink::Mark, ']'),
        )
    } else if river && here.is_some() {
        (
            pen.paint_char(Ink::Water, '~'),
            pen.paint_char(Ink::Water, '~'),
        )
    } else {
        (" ".to_owned(), " ".to_owned())
    };
    format!("{l}{glyph}{r}")
}

/// The board with its labels, one line a row of text: from White's side (rank 6 at the
/// top, file `a` at the left), or `turned` round from Black's (rank 1 at the top, file
/// `f` at the left).
fn board(pen: &Pen, pos: &Tides, trace: &Trace, turned: bool) -> Vec<String> {
    let g = pen.g;
    let (ranks, files): (Vec<u8>, Vec<u8>) = if turned {
        ((1..=6).collect(), (0..6).rev().collect())
    } else {
        ((1..=6).rev().collect(), (0..6).collect())
    };
    let mut letters = "   ".to_owned();
    for &file in &files {
        letters.push_str("   ");
        letters.push(char::from(b'a' + file));
    }
    let mut lines = vec![
        letters.clone(),
        format!("    {}", pen.rule(g.box_top, &[3; 6])),
    ];
    for (i, &rank) in ranks.iter().enumerate() {
        let mut row = format!("  {rank} {}", pen.bar());
        for &file in &files {
            row.push_str(&cell(pen, pos, file, rank, trace));
            row.push_str(&pen.bar());
        }
        row.push_str(&format!(" {rank}"));
        lines.push(row);
        let ends = if i + 1 < ranks.len() {
            g.box_mid
        } else {
            g.box_bottom
        };
        lines.push(format!("    {}", pen.rule(ends, &[3; 6])));
    }
    lines.push(letters);
    lines
}

/// The lines beside the board: the sides, whose turn, the truce, the last move, a key.
fn panel(pen: &Pen, pos: &Tides, marks: &Marks<'_, Move>) -> Vec<String> {
    let g = pen.g;
    let label = |s: Seat| seat_label::<Tides>(pen, s, marks.names, NAME_WIDTH);
    let stones = |s: Seat| (stone(pen, s), ink(s), pos.stones(s));
    let mut lines = panel::head(pen, "Tides of War", label, stones, ["stone", "stones"]);
    match pos.turn() {
        Turn::Over => {
            if let Some(outcome) = pos.outcome() {
                lines.push(format!(
                    "Over: {}",
                    pen.paint(Ink::Strong, &result_clause(outcome, label))
                ));
            }
        }
        _ => {
            let side = pos.side_to_move();
            lines.push(panel::to_act(pen, ink(side), &label(side), "to move"));
        }
    }
    let quiet = pos.quiet_plies();
    lines.push(match pos.truce_after() {
        0 => format!(
            "Truce: {quiet} {} without a capture (no limit)",
            if quiet == 1 { "ply" } else { "plies" }
        ),
        limit => format!("Truce: {quiet} of {limit} plies without a capture"),
    });
    if let Some(mv) = marks.last {
        lines.extend(panel::fitted(
            "Last move:",
            mv.to_string(),
            80 - BOARD_WIDTH - GAP,
        ));
    }
    lines.push(String::new());
    if marks.from == Seat(1) {
        lines.push("Seen from Black's side".to_owned());
    }
    lines.push(format!(
        "{} town: a1 White's, f6 Black's",
        pen.paint_char(Ink::Frame, g.town)
    ));
    lines.push(format!(
        "{} river: a6 b5 c4 d3 e2 f1",
        pen.paint_char(Ink::Water, '~')
    ));
    if marks.last.is_some() {
        lines.push(format!(
            "{} last move{}",
            pen.paint(Ink::Mark, "[ ]"),
            if marks.last.is_some_and(|m| m.jumps() > 0) {
                format!(", {} taken", pen.paint_char(Ink::Mark, 'x'))
            } else {
                String::new()
            }
        ));
    }
    lines
}

impl Diagram for Tides {
    fn diagram_with(&self, style: &BoardStyle, marks: &Marks<'_, Move>) -> String {
        let pen = Pen::new(style);
        let trace = marks.last.map(Trace::of).unwrap_or_default();
        let turned = marks.from == Seat(1);
        let lines = text::beside(
            board(&pen, self, &trace, turned),
            &panel(&pen, self, marks),
            GAP,
        );
        text::finish(&lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_river_is_the_anti_diagonal_and_the_towns_are_the_corners() {
        let river: Vec<(u8, u8)> = (1..=6u8)
            .flat_map(|rank| (0..6u8).map(move |file| (file, rank)))
            .filter(|&(f, r)| on_river(f, r))
            .collect();
        assert_eq!(river, [(5, 1), (4, 2), (3, 3), (2, 4), (1, 5), (0, 6)]);
        assert_eq!(town_of(0, 1), Some(Seat(0)));
        assert_eq!(town_of(5, 6), Some(Seat(1)));
    }

    #[test]
    fn a_jump_chain_marks_its_landings_and_the_stones_it_took() {
        let mv: Move = "c3xe5xe3".parse().unwrap();
        let t = Trace::of(mv);
        assert_eq!(t.visited, bit(2, 3) | bit(4, 5) | bit(4, 3));
        assert_eq!(t.taken, bit(3, 4) | bit(4, 4));
        let step = Trace::of("c3-d4".parse().unwrap());
        assert_eq!((step.visited, step.taken), (bit(2, 3) | bit(3, 4), 0));
    }
}
