//! The brief telling's length: what a GM reads aloud in well under a minute, at every
//! game and table size.
//!
//! The brief telling is told, its words counted (every line everyone hears: not the
//! headings, not the GM's own lines), and told again with less while it runs over
//! [`AIM`]: first with every moment in the shorter half of its lines (by words), then,
//! still so, without its least telling moment line (the lightest of the lines told beside
//! a game's end), then the next lightest, and so on. The greeting, each game's end, a
//! cheat the table caught and the result, with its hook, always stay. A telling is told
//! again from the start (the same seed, the same narrator), so it is the same, byte for
//! byte, for the same match.

use super::{Detail, Narrator, Scene, TELLING, Val};

/// The words a brief telling aims at: 40 seconds read aloud at 150 words a minute.
pub const AIM: usize = 100;

/// How much the brief telling may tell: the least weight of a game's telling line, and
/// whether every moment takes one of its shorter lines.
#[derive(Clone, Debug)]
pub(super) struct Plan {
    /// The least weight of a moment told beside a game's end.
    pub(super) floor: u32,
    /// Whether every moment is told in the shorter half of its lines (by words).
    terse: bool,
    /// The weights of the moments told beside a game's end so far.
    pub(super) told: Vec<u32>,
}

impl Default for Plan {
    fn default() -> Plan {
        Plan {
            floor: TELLING,
            terse: false,
            told: Vec::new(),
        }
    }
}

/// The words of a line read aloud: what stands between spaces with a letter or a digit in
/// it (a dash alone is no word).
#[must_use]
pub fn words(line: &str) -> usize {
    line.split_whitespace()
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .count()
}

/// The words of a telling read aloud: every line the players hear, headings aside.
#[must_use]
pub fn words_aloud(scenes: &[Scene]) -> usize {
    scenes
        .iter()
        .flat_map(Scene::players_lines)
        .map(|l| words(l))
        .sum()
}

impl Narrator<'_> {
    /// The brief telling, told again with less until it fits [`AIM`] (or nothing more can
    /// go): the shorter lines, then fewer moments, the lightest first.
    pub(super) fn tell_within_budget(&mut self) -> Vec<Scene> {
        let start = self.clone();
        loop {
            let scenes = self.tell_as_planned(Detail::Brief);
            // Nothing is left to take out once the lines are terse and no moment is told
            // beside a game's end.
            let spent = self.plan.terse && self.plan.told.is_empty();
            if words_aloud(&scenes) <= AIM || spent {
                return scenes;
            }
            let mut plan = self.plan.clone();
            if plan.terse {
                plan.floor = plan.told.iter().min().map_or(plan.floor, |least| least + 1);
            } else {
                plan.terse = true;
            }
            plan.told.clear();
            *self = start.clone();
            self.plan = plan;
        }
    }

    /// The lines of `pool` a terse telling picks among: the shorter half (by words, as
    /// said with everyone's short name); all of them otherwise.
    pub(super) fn tersest(
        &self,
        pool: Vec<usize>,
        lines: &[String],
        vars: &[(&'static str, Val)],
    ) -> Vec<usize> {
        if !self.plan.terse || pool.len() < 2 {
            return pool;
        }
        let mut by_length: Vec<(usize, usize)> = pool
            .iter()
            .map(|&i| (words(&self.plain(vars, &lines[i])), i))
            .collect();
        by_length.sort_unstable();
        let mut kept: Vec<usize> = by_length[..pool.len().div_ceil(2)]
            .iter()
            .map(|&(_, i)| i)
            .collect();
        kept.sort_unstable();
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::words;

    #[test]
    fn a_word_has_a_letter_or_a_digit() {
        assert_eq!(words("Mirela 2, Brannoc 0 — and that is that."), 8);
        assert_eq!(words("  \"Sit, sit.\"  "), 2);
        assert_eq!(words("— …"), 0);
    }
}
