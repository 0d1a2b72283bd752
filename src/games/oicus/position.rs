//! The position notation: `Black's Land / White's Land ; supplies ; scores ; side`.
//!
//! A position in the spec's notation takes the turn before it as not a pass and the turn
//! count as 0 (the spec's "Perft"); the full text (`{pos:#}`) adds both after ` | `. A
//! position where a player already has 21 points is over: the round ended with the turn
//! of the side not to move.

use std::fmt;
use std::str::FromStr;

use super::{Oicus, Options, STONES, TRAP_LIMIT, TRAPS};
use crate::games::{End, Outcome, ParseError};

impl FromStr for Oicus {
    type Err = ParseError;

    /// Reads the spec's notation, optionally followed by the state it leaves out:
    /// ` | turns=N passes=P`, the turns played (for the cap) and how many of the last
    /// turns were passes (0, 1, or 2 when the round stalled).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = |why: String| ParseError::position(s, why);
        let (spec, state) = crate::games::split_state(s)?;
        let (mut turns, mut passes) = (0u16, 0u8);
        for (key, value) in state {
            match key {
                "turns" => turns = crate::games::state_number(s, key, value)?,
                "passes" => passes = crate::games::state_number(s, key, value)?,
                other => return Err(crate::games::unknown_state(s, other, "turns and passes")),
            }
        }
        if passes > 2 {
            return Err(bad(format!("`passes={passes}`: a round stalls at 2")));
        }
        let fields: Vec<&str> = spec.split(';').map(str::trim).collect();
        let [board, supplies, scores, side] = fields[..] else {
            return Err(bad(format!(
                "expected 4 fields separated by `;` (traps, supplies, scores, side), found {}",
                fields.len()
            )));
        };
        let lands: Vec<&str> = board.split('/').collect();
        if lands.len() != 2 {
            return Err(bad(format!(
                "expected two Lands separated by `/`, found {}",
                lands.len()
            )));
        }
        let mut stones = [[0u8; TRAPS]; 2];
        for (land, (text, owner)) in lands.iter().zip(["Black", "White"]).enumerate() {
            let traps: Vec<&str> = text.split_whitespace().collect();
            if traps.len() != 10 {
                return Err(bad(format!(
                    "{owner}'s Land has {} traps, not 10",
                    traps.len()
                )));
            }
            for (t, trap) in traps.iter().enumerate() {
                let index = land * 10 + t;
                if *trap != "." {
                    for c in trap.chars() {
                        match c {
                            'b' => stones[0][index] += 1,
                            'w' => stones[1][index] += 1,
                            '.' => {
                                return Err(bad(format!(
                                    "{owner}'s trap {} mixes `.` with stones; `.` stands alone",
                                    t + 1
                                )));
                            }
                            other => {
                                return Err(bad(format!(
                                    "`{other}` in {owner}'s trap {} is not `b`, `w` or `.`",
                                    t + 1
                                )));
                            }
                        }
                        if stones[0][index] + stones[1][index] > TRAP_LIMIT {
                            return Err(bad(format!(
                                "{owner}'s trap {} holds more than 5 stones",
                                t + 1
                            )));
                        }
                    }
                }
            }
        }
        let pair = |text: &str, what: &str| -> Result<[u8; 2], ParseError> {
            let nums: Vec<&str> = text.split_whitespace().collect();
            let [a, b] = nums[..] else {
                return Err(bad(format!(
                    "expected two {what} (black white), not `{text}`"
                )));
            };
            let num = |t: &str| {
                t.parse::<u8>()
                    .ok()
                    .filter(|_| t.bytes().all(|c| c.is_ascii_digit()))
                    .ok_or_else(|| bad(format!("`{t}` is not a number of {what} 0 to 255")))
            };
            Ok([num(a)?, num(b)?])
        };
        let supply = pair(supplies, "stones in supply")?;
        let points = pair(scores, "points")?;
        for (colour, name) in ["black", "white"].iter().enumerate() {
            let total = u32::from(supply[colour])
                + stones[colour].iter().map(|&n| u32::from(n)).sum::<u32>();
            if total > u32::from(STONES) {
                return Err(bad(format!(
                    "{total} {name} stones in the supply and on the board, more than 15"
                )));
            }
        }
        let side = match side {
            "b" => 0,
            "w" => 1,
            other => {
                return Err(bad(format!(
                    "the side to move is `b` or `w`, not `{other}`"
                )));
            }
        };
        let mut pos = Oicus {
            stones,
            supply,
            points,
            side,
            passed: passes >= 1,
            turns,
            options: Options::default(),
            result: None,
        };
        pos.settle(1 - side, passes >= 1, passes == 2, &mut ());
        Ok(pos)
    }
}

impl fmt::Display for Oicus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for land in 0..2 {
            if land == 1 {
                f.write_str(" /")?;
            }
            for t in 0..10 {
                let i = land * 10 + t;
                if land == 1 || t > 0 {
                    f.write_str(" ")?;
                }
                let (b, w) = (self.stones[0][i], self.stones[1][i]);
                if b + w == 0 {
                    f.write_str(".")?;
                }
                (0..b).try_for_each(|_| f.write_str("b"))?;
                (0..w).try_for_each(|_| f.write_str("w"))?;
            }
        }
        write!(
            f,
            " ; {} {} ; {} {} ; {}",
            self.supply[0],
            self.supply[1],
            self.points[0],
            self.points[1],
            if self.side == 0 { 'b' } else { 'w' }
        )?;
        if f.alternate() {
            let passes = match self.result {
                Some(Outcome {
                    end: End::Stalled, ..
                }) => 2,
                _ => u8::from(self.passed),
            };
            write!(f, " | turns={} passes={passes}", self.turns)?;
        }
        Ok(())
    }
}
