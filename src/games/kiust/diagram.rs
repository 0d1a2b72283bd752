//! Kiust Oyun's board as the source draws it: player 1's ladder `a`, the wide middle of
//! the inner columns `b` and `c`, player 2's ladder `d`, rows 1 (top) to 12; arrows over
//! the columns show which way each player's pieces run. Beside it: the pieces left, whose
//! turn, the throw being played, the kiust right and the turns played.

use crate::games::draw::panel;
use crate::games::draw::text::{self, Ink, Pen};
use crate::games::draw::{BoardStyle, Diagram, Marks, result_clause, seat_label};
use crate::games::kiust::{CAP_TURNS, Kiust, Move, Point, Throw};
use crate::games::{Rules, Seat, Turn};

/// Columns between the board and the panel beside it.
const GAP: usize = 3;
/// The board's widest line (`  12 │ ● │ │ · │ · │ │ ○ │ 12`).
const BOARD_WIDTH: usize = 29;
/// The widest a person's name is drawn.
const NAME_WIDTH: usize = 16;
/// The column of each column's centre, `a` to `d`.
const CENTRES: [usize; 4] = [7, 13, 17, 23];

fn piece(pen: &Pen, seat: Seat) -> String {
    let glyph = match (seat.0, pen.ascii()) {
        (0, true) => '1',
        (_, true) => '2',
        (0, false) => pen.g.filled,
        (_, false) => pen.g.hollow,
    };
    pen.paint_char(Ink::Player(seat.index()), glyph)
}

/// Which way each player's pieces run in each column (`None` off their track): down
/// their outer column, up their own inner column, down the opponent's.
fn arrow(pen: &Pen, seat: usize, column: usize) -> Option<char> {
    let (down, up) = (pen.g.down, pen.g.up);
    match (seat, column) {
        (0, 0 | 2) | (1, 1 | 3) => Some(down),
        (0, 1) | (1, 2) => Some(up),
        _ => None,
    }
}

/// One point, three columns.
fn cell(pen: &Pen, pos: &Kiust, point: Point, marked: bool) -> String {
    let glyph = match pos.piece_at(point) {
        Some(s) => piece(pen, s),
        None => pen.paint_char(Ink::Frame, pen.g.dot),
    };
    if marked {
        format!(
            "{}{glyph}{}",
            pen.paint_char(Ink::Mark, '['),
            pen.paint_char(Ink::Mark, ']')
        )
    } else {
        format!(" {glyph} ")
    }
}

/// The board: columns `a` to `d` from the left, or `mirrored` (`d` to `a`), so that player
/// 2 finds their own ladder at the left as player 1 does. The board is the same for both
/// players but for the side, each running down their outer column first.
fn board(pen: &Pen, pos: &Kiust, last: Option<Move>, mirrored: bool) -> Vec<String> {
    let g = pen.g;
    let marked = |p: Point| matches!(last, Some(Move::Step { from, to }) if from == p || to == p);
    let order: [u8; 4] = if mirrored { [3, 2, 1, 0] } else { [0, 1, 2, 3] };
    let mut lines = Vec::new();
    for seat in 0..2 {
        let mut line = format!("   {}", piece(pen, Seat(seat as u8)));
        for (&column, &x) in order.iter().zip(CENTRES.iter()) {
            if let Some(a) = arrow(pen, seat, usize::from(column)) {
                text::pad_to(&mut line, x);
                line.push_str(&pen.paint_char(Ink::Player(seat), a));
            }
        }
        lines.push(line);
    }
    let letter = |k: usize| char::from(b'a' + order[k]);
    let letters = format!(
        "       {}     {}   {}     {}",
        letter(0),
        letter(1),
        letter(2),
        letter(3)
    );
    lines.push(letters.clone());
    let rules = |ends: [char; 3]| {
        format!(
            "     {} {} {}",
            pen.rule(ends, &[3]),
            pen.rule(ends, &[3, 3]),
            pen.rule(ends, &[3])
        )
    };
    lines.push(rules(g.box_top));
    let bar = pen.bar();
    for row in 1..=12u8 {
        let at = |k: usize| {
            let p = Point::new(order[k], row).expect("a point of the board");
            cell(pen, pos, p, marked(p))
        };
        lines.push(format!(
            "{row:>4} {bar}{}{bar} {bar}{}{bar}{}{bar} {bar}{}{bar} {row}",
            at(0),
            at(1),
            at(2),
            at(3)
        ));
    }
    lines.push(rules(g.box_bottom));
    lines.push(letters);
    lines
}

/// What the player whose turn it is has to do with the throw.
pub(super) fn throw_clause(throw: Throw, left: u8) -> String {
    match throw {
        Throw::FourSixes => {
            let moves = if left == 1 { "move" } else { "moves" };
            format!("four moves of 6, {left} {moves} left")
        }
        Throw::Two => "a 2 (captures in the inner columns)".to_owned(),
        Throw::Kiust => "kiust".to_owned(),
        other => format!("a {}", other.distance()),
    }
}

fn panel(pen: &Pen, pos: &Kiust, marks: &Marks<'_, Move>) -> Vec<String> {
    let label = |s: Seat| seat_label::<Kiust>(pen, s, marks.names, NAME_WIDTH);
    let ink = |s: Seat| Ink::Player(s.index());
    let pieces = |s: Seat| (piece(pen, s), ink(s), pos.pieces(s));
    let mut lines = panel::head(pen, "Kiust Oyun", label, pieces, ["piece", "pieces"]);
    let side = pos.side_to_move();
    let who = label(side);
    match (pos.turn(), pos.throw_in_play(), pos.outcome()) {
        (Turn::Over, _, Some(outcome)) => {
            // On one line when it fits beside the board; else the clause below "Over:".
            let said = pen.paint(Ink::Strong, &result_clause(outcome, label));
            lines.extend(panel::fitted("Over:", said, 80 - BOARD_WIDTH - GAP));
        }
        (Turn::Seat(_), Some((throw, left)), _) => {
            lines.push(panel::to_act(pen, ink(side), &who, "to move"));
            lines.push(format!("  throw: {}", throw_clause(throw, left)));
        }
        _ => lines.push(panel::to_act(pen, ink(side), &who, "to throw")),
    }
    if pos.turn() != Turn::Over {
        let right = match (pos.has_kiust_right(), side.0) {
            (false, _) => "not held",
            (true, 0) => "held (may enter c)",
            (true, _) => "held (may enter b)",
        };
        lines.push(format!("  kiust right: {right}"));
    }
    lines.push(format!("Turns played: {} of {CAP_TURNS}", pos.turns()));
    match marks.last {
        Some(Move::Step { from, to }) => lines.push(format!(
            "Last move: {from}-{to} {}",
            pen.paint(Ink::Mark, "[ ]")
        )),
        Some(Move::Throw(throw)) => lines.push(format!("Last: threw {throw}")),
        None => {}
    }
    lines.push(String::new());
    if marks.from == Seat(1) {
        lines.push("Mirrored: player 2's ladder d at the left".to_owned());
    }
    lines.push("Tracks, round and round:".to_owned());
    lines.push(format!(
        "{} down a, up b, down c, up b...",
        piece(pen, Seat(0))
    ));
    lines.push(format!(
        "{} down d, up c, down b, up c...",
        piece(pen, Seat(1))
    ));
    lines
}

impl Diagram for Kiust {
    fn diagram_with(&self, style: &BoardStyle, marks: &Marks<'_, Move>) -> String {
        let pen = Pen::new(style);
        let lines = text::beside(
            board(&pen, self, marks.last, marks.from == Seat(1)),
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
    fn the_end_with_long_names_fits_80_columns() {
        // Player 2 has no piece left: player 1 has won.
        let pos: Kiust =
            "............/............/1.........../............ ; 2 | throw=- turns=780"
                .parse()
                .unwrap();
        assert_eq!(pos.turn(), Turn::Over);
        let names = ["Sister Ysolde of the Long Road", "Pip Underbough"];
        for style in [BoardStyle::PLAIN, BoardStyle::ASCII] {
            let board = pos.diagram_with(&style, &Marks::names(&names));
            assert!(board.contains("wins (all captured)"), "{board}");
            for line in board.lines() {
                assert!(text::width(line) <= 80, "{line}");
            }
        }
        let board = pos.diagram_with(&BoardStyle::PLAIN, &Marks::names(&["Ada", "Bo"]));
        assert!(
            board.contains("Over: player 1 (Ada) wins (all captured)"),
            "{board}"
        );
    }
}
