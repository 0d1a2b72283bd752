//! The board of four columns of 12 points and the two tracks round it, as lookup tables.
//!
//! A point is bit `column * 12 + row - 1` of a `u64`: `a1` is bit 0, `a12` bit 11, `b1`
//! bit 12, `d12` bit 47. The tracks are walked once, at compile time, into tables of where
//! a move of each distance lands and which points it passes over, so that move generation
//! is a few table lookups per piece.

use std::fmt;

/// Points in a column.
pub const ROWS: u8 = 12;
/// Points on the board.
pub const POINTS: u8 = 4 * ROWS;

/// A point of the board, `a1` to `d12`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(u8);

impl Point {
    /// The point in `column` (0 is `a`) and `row` (1 is the top), if it is on the board.
    #[must_use]
    pub fn new(column: u8, row: u8) -> Option<Point> {
        (column < 4 && (1..=ROWS).contains(&row)).then_some(Point(column * ROWS + row - 1))
    }

    /// The point with bit index `index` (below [`POINTS`]).
    pub(super) const fn from_index(index: u8) -> Point {
        Point(index)
    }

    /// The bit index, `0..48`.
    #[must_use]
    pub fn index(self) -> u8 {
        self.0
    }

    /// The column, 0 (`a`) to 3 (`d`).
    #[must_use]
    pub fn column(self) -> u8 {
        self.0 / ROWS
    }

    /// The row, 1 (top) to 12 (bottom).
    #[must_use]
    pub fn row(self) -> u8 {
        self.0 % ROWS + 1
    }

    /// The point's bit.
    #[must_use]
    pub fn bit(self) -> u64 {
        1 << self.0
    }

    /// Reads `b7`: a column `a` to `d` and a row 1 to 12.
    pub fn parse(text: &str) -> Option<Point> {
        let mut chars = text.chars();
        let column = match chars.next()? {
            c @ 'a'..='d' => c as u8 - b'a',
            _ => return None,
        };
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if digits.starts_with('0') {
            return None;
        }
        Point::new(column, digits.parse().ok()?)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.column()), self.row())
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// The points of one column.
const fn column_mask(column: u8) -> u64 {
    ((1u64 << ROWS) - 1) << (column * ROWS)
}

/// Column `a`, player 1's outer column.
pub const COL_A: u64 = column_mask(0);
/// Column `b`, player 1's inner row.
pub const COL_B: u64 = column_mask(1);
/// Column `c`, player 2's inner row.
pub const COL_C: u64 = column_mask(2);
/// Column `d`, player 2's outer column.
pub const COL_D: u64 = column_mask(3);
/// The two inner columns, where a 2 may capture.
pub const INNER: u64 = COL_B | COL_C;

/// The points on a player's track (where their pieces may stand).
pub const TRACK: [u64; 2] = [COL_A | INNER, COL_D | INNER];
/// Each player's own inner row.
pub const OWN_INNER: [u64; 2] = [COL_B, COL_C];
/// Each player's opponent's inner row, which needs the kiust right to enter.
pub const ENEMY_INNER: [u64; 2] = [COL_C, COL_B];

const fn at(column: u8, row: u8) -> u8 {
    column * ROWS + row - 1
}

/// The next point along `side`'s track from `index` (any point of that track).
///
/// Player 1: down `a`, `a12` to `b12`, up `b`, `b1` to `c1`, down `c`, `c12` back to `b12`.
/// Player 2 mirrors it: down `d`, `d12` to `c12`, up `c`, `c1` to `b1`, down `b`, `b12`
/// back to `c12`.
const fn next(side: usize, index: u8) -> u8 {
    let column = index / ROWS;
    let row = index % ROWS + 1;
    let (outer, own, enemy) = if side == 0 { (0, 1, 2) } else { (3, 2, 1) };
    if column == outer {
        if row < ROWS {
            at(outer, row + 1)
        } else {
            at(own, ROWS)
        }
    } else if column == own {
        if row > 1 {
            at(own, row - 1)
        } else {
            at(enemy, 1)
        }
    } else if row < ROWS {
        at(enemy, row + 1)
    } else {
        at(own, ROWS)
    }
}

/// The distances a single move can have: 2, 3, 4 and 6.
pub const DISTANCES: [u8; 4] = [2, 3, 4, 6];

/// Where a move of a distance lands, and the points it passes over on the way.
#[derive(Clone, Copy)]
pub struct Leap {
    /// The landing point's index.
    pub to: u8,
    /// The points strictly between the start and the landing.
    pub over: u64,
}

/// Every leap: by side, by distance (index into [`DISTANCES`]), by starting point. Points
/// off the side's track hold a leap that is never used.
pub static LEAPS: [[[Leap; POINTS as usize]; 4]; 2] = leaps();

const fn leaps() -> [[[Leap; POINTS as usize]; 4]; 2] {
    let mut table = [[[Leap { to: 0, over: 0 }; POINTS as usize]; 4]; 2];
    let mut side = 0;
    while side < 2 {
        let mut d = 0;
        while d < 4 {
            let mut from = 0;
            while from < POINTS {
                let on_track = TRACK[side] & (1 << from) != 0;
                if on_track {
                    let mut at = from;
                    let mut over = 0;
                    let mut step = 0;
                    while step < DISTANCES[d] {
                        if step > 0 {
                            over |= 1 << at;
                        }
                        at = next(side, at);
                        step += 1;
                    }
                    table[side][d][from as usize] = Leap { to: at, over };
                }
                from += 1;
            }
            d += 1;
        }
        side += 1;
    }
    table
}

/// The index into [`DISTANCES`] of a distance of a single move.
#[must_use]
pub fn distance_index(distance: u8) -> usize {
    match distance {
        2 => 0,
        3 => 1,
        4 => 2,
        _ => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(index: u8) -> String {
        Point::from_index(index).to_string()
    }

    #[test]
    fn point_names_round_trip() {
        for i in 0..POINTS {
            assert_eq!(Point::parse(&name(i)).map(Point::index), Some(i));
        }
        for bad in ["", "a", "e1", "a0", "a13", "a01", "b1x", "B1", "a+1"] {
            assert_eq!(Point::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn each_track_runs_through_its_36_points_and_loops_in_the_middle() {
        for (side, &track) in TRACK.iter().enumerate() {
            // From the top of the outer column, 12 + 24 steps visit every track point once
            // and come back to the start of the loop.
            let mut at = if side == 0 { 0 } else { 36 };
            let mut seen = 0u64;
            for _ in 0..36 {
                assert_eq!(seen & 1 << at, 0, "side {side} visits {} twice", name(at));
                seen |= 1 << at;
                at = next(side, at);
            }
            assert_eq!(seen, track);
            assert_eq!(name(at), if side == 0 { "b12" } else { "c12" });
        }
    }
}
