//! Chance in the rules: exact probabilities, the throws and draws of a first-turn
//! ceremony, and drawing one outcome of a chance node by its odds.

use std::fmt;

use rand::Rng;

/// An exact probability, as a fraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chance {
    /// The numerator.
    pub num: u32,
    /// The denominator, never zero.
    pub den: u32,
}

impl Chance {
    /// `num / den`.
    #[must_use]
    pub const fn new(num: u32, den: u32) -> Chance {
        Chance { num, den }
    }

    /// The probability as a float.
    #[must_use]
    pub fn as_f64(self) -> f64 {
        f64::from(self.num) / f64::from(self.den)
    }
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

/// Where the chance of a first-turn ceremony comes from: the table's seeded generator (any
/// [`Rng`], whose stream the ceremonies have always drawn, so seeds replay as before), or
/// people at a real table typing what fell (`taproom sit --dice table`). The ceremonies
/// ask for one throw or one draw at a time, so what a person types is checked against
/// what can fall there and then.
pub trait Throws {
    /// A lot among `players` (a coin for two): which of them, `0..players`.
    fn lot(&mut self, players: usize) -> usize;
    /// Named player `player` throws the four sticks: how many flat sides fell up (`0..=4`).
    fn sticks(&mut self, player: usize) -> u8;
    /// Named player `player` draws `n` stones one at a time from a bag of `whites` white
    /// and `blacks` black stones (`n <= whites + blacks`): how many of them were white.
    fn bag(&mut self, player: usize, n: u32, whites: u32, blacks: u32) -> u32;
}

impl<R: Rng + ?Sized> Throws for R {
    fn lot(&mut self, players: usize) -> usize {
        rand::RngExt::random_range(self, 0..players)
    }

    fn sticks(&mut self, _player: usize) -> u8 {
        // Each of the four low bits is one stick.
        rand::RngExt::random_range(self, 0..16u32).count_ones() as u8
    }

    fn bag(&mut self, _player: usize, n: u32, mut whites: u32, mut blacks: u32) -> u32 {
        let mut drawn = 0;
        for _ in 0..n {
            if rand::RngExt::random_range(self, 0..whites + blacks) < whites {
                whites -= 1;
                drawn += 1;
            } else {
                blacks -= 1;
            }
        }
        drawn
    }
}
