//! Bitboards for the 6×6 board: bit `rank * 6 + file`, `a1` is bit 0, `f6` bit 35.

/// Every square of the board.
pub const ALL: u64 = (1 << 36) - 1;
/// Files `a` and `f`, for shifts that must not wrap round.
const FILE_A: u64 = 0x0010_4104_1041;
const FILE_F: u64 = FILE_A << 5;

/// White's town, `a1`.
pub const WHITE_TOWN: u8 = 0;
/// Black's town, `f6`.
pub const BLACK_TOWN: u8 = 35;

/// The eight directions as (file step, rank step), in a fixed order.
pub const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Moves every bit of `bb` one square in direction `d`, dropping bits that leave the board.
#[inline(always)]
pub fn shift(bb: u64, d: usize) -> u64 {
    match d {
        0 => (bb << 6) & ALL,
        1 => ((bb & !FILE_F) << 7) & ALL,
        2 => (bb & !FILE_F) << 1,
        3 => (bb & !FILE_F) >> 5,
        4 => bb >> 6,
        5 => (bb & !FILE_A) >> 7,
        6 => (bb & !FILE_A) >> 1,
        _ => ((bb & !FILE_A) << 5) & ALL,
    }
}

/// The square one step from `sq` in direction `d`, if it is on the board.
#[inline(always)]
pub fn step(sq: u8, d: usize) -> Option<u8> {
    let (df, dr) = DIRS[d];
    let file = (sq % 6) as i8 + df;
    let rank = (sq / 6) as i8 + dr;
    ((0..6).contains(&file) && (0..6).contains(&rank)).then(|| (rank * 6 + file) as u8)
}

/// The square's name, `a1` to `f6`.
pub fn name(sq: u8) -> String {
    format!("{}{}", char::from(b'a' + sq % 6), sq / 6 + 1)
}

/// Reads a square name.
pub fn parse_square(text: &str) -> Option<u8> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..=b'f').contains(&b[0]) || !(b'1'..=b'6').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * 6 + (b[0] - b'a'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_agree_with_single_steps() {
        for sq in 0..36u8 {
            for d in 0..8 {
                let by_shift = shift(1 << sq, d);
                let by_step = step(sq, d).map_or(0, |t| 1u64 << t);
                assert_eq!(by_shift, by_step, "square {} direction {d}", name(sq));
            }
        }
    }

    #[test]
    fn square_names_round_trip() {
        for sq in 0..36u8 {
            assert_eq!(parse_square(&name(sq)), Some(sq));
        }
        assert_eq!(parse_square("g1"), None);
        assert_eq!(parse_square("a7"), None);
    }
}
