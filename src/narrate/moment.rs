//! The moments the narrator tells, by name: each is a section of the phrasebook, checked
//! when a phrasebook is read, so a misspelt moment is an error in the file and a misspelt
//! moment in the code does not compile.

use std::fmt;

use crate::games::End;

/// What a finish line is about: a game won, drawn, or a win shared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Result3 {
    /// One winner.
    Won,
    /// Nobody won.
    Drawn,
    /// Several share the win.
    Shared,
}

/// A moment the phrasebook has lines for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Moment {
    /// The tavern's atmosphere, before the match.
    Ambience,
    /// A lot gave the first turn.
    Lot,
    /// A throw of the sticks for the first turn.
    FirstThrow,
    /// The first turn is decided.
    FirstTurn,
    /// A draw from the bag for the first turn.
    BagDraw,
    /// The first move of a game.
    Opening,
    /// The first capture of a game.
    FirstBlood,
    /// The largest chain of captures.
    BigCapture,
    /// A piç claimed.
    Claim,
    /// A player with no move passes.
    Pass,
    /// A kiust thrown.
    Kiust,
    /// A kiust thrown and its right used to cross.
    KiustEnter,
    /// A stone into enemy ground.
    Enter,
    /// A stone whelped.
    Whelp,
    /// Stones brought down.
    BringDown,
    /// A stone brought home.
    BringHome,
    /// The lead changes hands for good.
    TurningPoint,
    /// The biggest swing of a game.
    Swing,
    /// A comeback from behind.
    Comeback,
    /// A close finish.
    CloseFinish,
    /// A rout.
    Rout,
    /// How a game ended: a way of ending, won, drawn or shared.
    Finish(End, Result3),
    /// A game won (when its ending has no line left).
    GameWon,
    /// A game drawn (when its ending has no line left).
    GameDrawn,
    /// The match won.
    MatchWon,
    /// The match shared.
    MatchShared,
    /// The match drawn.
    MatchDrawn,
    /// A winning bet paid out.
    WagerPaid,
}

impl Moment {
    /// Every moment, in the phrasebook's order.
    #[must_use]
    pub fn all() -> Vec<Moment> {
        let mut all = vec![
            Moment::Ambience,
            Moment::Lot,
            Moment::FirstThrow,
            Moment::FirstTurn,
            Moment::BagDraw,
            Moment::Opening,
            Moment::FirstBlood,
            Moment::BigCapture,
            Moment::Claim,
            Moment::Pass,
            Moment::Kiust,
            Moment::KiustEnter,
            Moment::Enter,
            Moment::Whelp,
            Moment::BringDown,
            Moment::BringHome,
            Moment::TurningPoint,
            Moment::Swing,
            Moment::Comeback,
            Moment::CloseFinish,
            Moment::Rout,
        ];
        for result in [Result3::Won, Result3::Drawn, Result3::Shared] {
            all.extend(End::ALL.iter().map(|&e| Moment::Finish(e, result)));
        }
        all.extend([
            Moment::GameWon,
            Moment::GameDrawn,
            Moment::MatchWon,
            Moment::MatchShared,
            Moment::MatchDrawn,
            Moment::WagerPaid,
        ]);
        all
    }

    /// Its key in a phrasebook: `first-blood`, `conquest`, `cap-drawn`.
    #[must_use]
    pub fn key(self) -> String {
        let fixed = match self {
            Moment::Ambience => "ambience",
            Moment::Lot => "lot",
            Moment::FirstThrow => "first-throw",
            Moment::FirstTurn => "first-turn",
            Moment::BagDraw => "bag-draw",
            Moment::Opening => "opening",
            Moment::FirstBlood => "first-blood",
            Moment::BigCapture => "big-capture",
            Moment::Claim => "claim",
            Moment::Pass => "pass",
            Moment::Kiust => "kiust",
            Moment::KiustEnter => "kiust-enter",
            Moment::Enter => "enter",
            Moment::Whelp => "whelp",
            Moment::BringDown => "bring-down",
            Moment::BringHome => "bring-home",
            Moment::TurningPoint => "turning-point",
            Moment::Swing => "swing",
            Moment::Comeback => "comeback",
            Moment::CloseFinish => "close-finish",
            Moment::Rout => "rout",
            Moment::Finish(end, Result3::Won) => end.key(),
            Moment::Finish(end, Result3::Drawn) => return format!("{}-drawn", end.key()),
            Moment::Finish(end, Result3::Shared) => return format!("{}-shared", end.key()),
            Moment::GameWon => "game-won",
            Moment::GameDrawn => "game-drawn",
            Moment::MatchWon => "match-won",
            Moment::MatchShared => "match-shared",
            Moment::MatchDrawn => "match-drawn",
            Moment::WagerPaid => "wager-paid",
        };
        fixed.to_owned()
    }

    /// The moment a phrasebook key names.
    #[must_use]
    pub fn from_key(key: &str) -> Option<Moment> {
        Moment::all().into_iter().find(|m| m.key() == key)
    }

    /// Whether it is part of the first-turn ceremony (told before the game, in order).
    #[must_use]
    pub fn is_ceremony(self) -> bool {
        matches!(
            self,
            Moment::Lot | Moment::FirstThrow | Moment::FirstTurn | Moment::BagDraw
        )
    }

    /// Whether it says who won the first turn.
    #[must_use]
    pub fn decides_first_turn(self) -> bool {
        matches!(self, Moment::Lot | Moment::FirstTurn)
    }
}

impl fmt::Display for Moment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.key())
    }
}

/// The moments a character's own voice has lines for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VoiceMoment {
    /// On sitting down.
    Greeting,
    /// When things go their way.
    Boast,
    /// On winning.
    Win,
    /// On losing.
    Loss,
}

impl VoiceMoment {
    /// Every one, in file order.
    pub const ALL: [VoiceMoment; 4] = [
        VoiceMoment::Greeting,
        VoiceMoment::Boast,
        VoiceMoment::Win,
        VoiceMoment::Loss,
    ];

    /// Its key in a character file's `[voice]`.
    #[must_use]
    pub fn key(self) -> &'static str {
        self.key_const()
    }

    /// [`VoiceMoment::key`], usable in constants.
    #[must_use]
    pub const fn key_const(self) -> &'static str {
        match self {
            VoiceMoment::Greeting => "greeting",
            VoiceMoment::Boast => "boast",
            VoiceMoment::Win => "win",
            VoiceMoment::Loss => "loss",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_moment_has_one_key_that_reads_back() {
        let all = Moment::all();
        let mut keys: Vec<String> = all.iter().map(|m| m.key()).collect();
        for m in &all {
            assert_eq!(Moment::from_key(&m.key()), Some(*m));
        }
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), all.len(), "no two moments share a key");
        assert_eq!(
            Moment::from_key("cap-drawn"),
            Some(Moment::Finish(End::Cap, Result3::Drawn))
        );
        assert_eq!(Moment::from_key("conquets"), None);
    }
}
