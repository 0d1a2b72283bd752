//! The moments the narrator tells, by name: each is a section of the phrasebook, checked
//! when a phrasebook is read, so a misspelt moment is an error in the file and a misspelt
//! moment in the code does not compile.

use std::fmt;

use crate::games::{End, GameKind, GameMoment};

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
    /// The first turn is decided.
    FirstTurn,
    /// A moment of one game's own (a piç claimed, a kiust thrown, a stone whelped): the
    /// game says what it is.
    Game(GameMoment),
    /// The first move of a game.
    Opening,
    /// The first capture of a game.
    FirstBlood,
    /// The largest chain of captures.
    BigCapture,
    /// A player with no move passes.
    Pass,
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
    /// The onlookers gasp at a big capture or swing.
    Gasp,
    /// The onlookers cheer the match's winner.
    Cheer,
    /// The onlookers groan: the favourite (the most skilled at the table) lost.
    Groan,
    /// The onlookers murmur through a long spell with nothing taken or scored.
    Murmur,
    /// The onlookers hold their breath: a match decided by one game in the last one.
    Tension,
    /// The bookie pays a winning bettor.
    PaysOut,
    /// The bookie collects a losing bettor's stake.
    Collects,
    /// The bookie offers no price and refuses the bet.
    NoPrice,
    /// A thing staked between characters passes to the winner.
    StakePasses,
    /// A cheat nobody saw: it stands (told to the GM alone).
    CheatUnseen,
    /// A cheat seen at the table.
    CheatCaught,
    /// A cheat seen, and the cheat's turn lost for it.
    CheatTurnLost,
    /// A cheat seen, and the game forfeit for it.
    CheatForfeit,
    /// A cheat seen, and the cheat's stakes forfeit for it.
    CheatStakes,
    /// Òicustiỳtac, rule 2: a stone of the caught cheat's brought down by the opponent.
    RuleTwo,
    /// An accusation of cheating, rightly made.
    AccusedRight,
    /// An accusation of cheating, wrongly made.
    AccusedWrong,
    /// The onlookers at a cheat caught.
    CheatOutcry,
    /// A cheat caught again: the second time or later in the match.
    CheatAgain,
    /// A cheat caught again in one game: every eye is on them now.
    CheatWatched,
    /// The further cheats caught in a game, summed at its end.
    CheatTally,
    /// The further cheats nobody saw in a game, summed at its end (told to the GM alone).
    CheatUnseenTally,
    /// The match over, a grudge against the cheat the table caught.
    Grudge,
    /// A bribe refused, said by the one offered it when their voice has no line for it.
    RefuseBribe,
    /// A hustler played below their skill all match: the stakes never reached their
    /// price (told to the GM alone).
    HustleHolds,
    /// A hustle turned: the stakes reached the hustler's price, and they played at their
    /// own skill (told to the GM alone).
    HustleTurns,
    /// A match thrown: the thrower lost to the one they favoured (told to the GM alone).
    Thrown,
    /// A match thrown for a bribe (told to the GM alone).
    ThrownForBribe,
    /// A thrower who meant to lose and won all the same (told to the GM alone).
    ThrowFailed,
}

impl Moment {
    /// Every moment, in the phrasebook's order: each game's own among those every game
    /// shares, after the one it says ([`GameMoment::listed_after`]).
    #[must_use]
    pub fn all() -> Vec<Moment> {
        let mut all = Vec::new();
        let shared = [
            Moment::Ambience,
            Moment::Lot,
            Moment::FirstTurn,
            Moment::Opening,
            Moment::FirstBlood,
            Moment::BigCapture,
            Moment::Pass,
            Moment::TurningPoint,
            Moment::Swing,
            Moment::Comeback,
            Moment::CloseFinish,
            Moment::Rout,
        ];
        // Each game's own moments after the shared one they are listed after, in the
        // order of the games and of each game's list.
        let own: Vec<GameMoment> = GameKind::ALL
            .iter()
            .flat_map(|&kind| crate::games::words::moments(kind))
            .copied()
            .collect();
        for m in shared {
            all.push(m);
            let key = m.key();
            for &g in own.iter().filter(|g| g.listed_after == key) {
                // Two games may share a moment of the same key: it is listed once.
                if !all.iter().any(|m| m.key() == g.key) {
                    all.push(Moment::Game(g));
                }
            }
        }
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
            Moment::Gasp,
            Moment::Cheer,
            Moment::Groan,
            Moment::Murmur,
            Moment::Tension,
            Moment::PaysOut,
            Moment::Collects,
            Moment::NoPrice,
            Moment::StakePasses,
            Moment::CheatUnseen,
            Moment::CheatCaught,
            Moment::CheatTurnLost,
            Moment::CheatForfeit,
            Moment::CheatStakes,
            Moment::RuleTwo,
            Moment::AccusedRight,
            Moment::AccusedWrong,
            Moment::CheatOutcry,
            Moment::CheatAgain,
            Moment::CheatWatched,
            Moment::CheatTally,
            Moment::CheatUnseenTally,
            Moment::Grudge,
            Moment::RefuseBribe,
            Moment::HustleHolds,
            Moment::HustleTurns,
            Moment::Thrown,
            Moment::ThrownForBribe,
            Moment::ThrowFailed,
        ]);
        all
    }

    /// Its key in a phrasebook: `first-blood`, `conquest`, `cap-drawn`.
    #[must_use]
    pub fn key(self) -> String {
        let fixed = match self {
            Moment::Ambience => "ambience",
            Moment::Lot => "lot",
            Moment::FirstTurn => "first-turn",
            Moment::Opening => "opening",
            Moment::FirstBlood => "first-blood",
            Moment::BigCapture => "big-capture",
            Moment::Pass => "pass",
            Moment::TurningPoint => "turning-point",
            Moment::Swing => "swing",
            Moment::Comeback => "comeback",
            Moment::CloseFinish => "close-finish",
            Moment::Rout => "rout",
            Moment::Game(m) => m.key,
            Moment::Finish(end, Result3::Won) => end.key(),
            Moment::Finish(end, Result3::Drawn) => return format!("{}-drawn", end.key()),
            Moment::Finish(end, Result3::Shared) => return format!("{}-shared", end.key()),
            Moment::GameWon => "game-won",
            Moment::GameDrawn => "game-drawn",
            Moment::MatchWon => "match-won",
            Moment::MatchShared => "match-shared",
            Moment::MatchDrawn => "match-drawn",
            Moment::WagerPaid => "wager-paid",
            Moment::Gasp => "gasp",
            Moment::Cheer => "cheer",
            Moment::Groan => "groan",
            Moment::Murmur => "murmur",
            Moment::Tension => "tension",
            Moment::PaysOut => "pays-out",
            Moment::Collects => "collects",
            Moment::NoPrice => "no-price",
            Moment::StakePasses => "stake-passes",
            Moment::CheatUnseen => "cheat-unseen",
            Moment::CheatCaught => "cheat-caught",
            Moment::CheatTurnLost => "cheat-turn-lost",
            Moment::CheatForfeit => "cheat-forfeit",
            Moment::CheatStakes => "cheat-stakes",
            Moment::RuleTwo => "rule-two",
            Moment::AccusedRight => "accused-right",
            Moment::AccusedWrong => "accused-wrong",
            Moment::CheatOutcry => "cheat-outcry",
            Moment::CheatAgain => "cheat-again",
            Moment::CheatWatched => "cheat-watched",
            Moment::CheatTally => "cheat-tally",
            Moment::CheatUnseenTally => "cheat-unseen-tally",
            Moment::Grudge => "grudge",
            Moment::RefuseBribe => "refuse-bribe",
            Moment::HustleHolds => "hustle-holds",
            Moment::HustleTurns => "hustle-turns",
            Moment::Thrown => "thrown",
            Moment::ThrownForBribe => "thrown-for-bribe",
            Moment::ThrowFailed => "throw-failed",
        };
        fixed.to_owned()
    }

    /// The moment a phrasebook key names.
    #[must_use]
    pub fn from_key(key: &str) -> Option<Moment> {
        Moment::all().into_iter().find(|m| m.key() == key)
    }

    /// The placeholders a line of this moment may use: the ones the narrator always fills
    /// for it. A line that uses any other is refused when the phrasebook is read.
    #[must_use]
    pub fn placeholders(self) -> Vec<&'static str> {
        const PLACE: [&str; 4] = ["place", "town", "trap", "heap"];
        const PRONOUNS: [&str; 3] = ["they", "them", "their"];
        let (named, place) = match self.named() {
            Named::Exactly(only) => return only.to_vec(),
            Named::Roles(named, place) => (named, place),
        };
        let mut out: Vec<&'static str> = vec!["game"];
        out.extend(named);
        if place {
            out.extend(PLACE);
        }
        // Pronouns stand for the one who acts, or the sole winner.
        let single_winner = !matches!(
            self,
            Moment::Finish(_, Result3::Shared) | Moment::MatchShared
        );
        if named.contains(&"mover")
            || named.contains(&"accuser")
            || (named.contains(&"winner") && single_winner)
        {
            out.extend(PRONOUNS);
        }
        out
    }

    /// The people and figures a moment names, and whether it names a place.
    fn named(self) -> Named {
        let (named, place): (&'static [&'static str], bool) = match self {
            Moment::Ambience => (&[], false),
            Moment::Lot | Moment::FirstTurn => (&["winner"], false),
            Moment::Game(m) => (m.names, m.place),
            Moment::Opening => (&["mover", "move", "verb"], false),
            Moment::FirstBlood | Moment::BigCapture => {
                (&["mover", "victim", "count", "stones", "verb"], true)
            }
            Moment::Pass => (&["mover", "verb"], false),
            Moment::TurningPoint => (&["mover", "loser", "number"], false),
            Moment::Swing => (&["mover", "victim", "count"], false),
            Moment::Comeback => (&["winner", "loser", "count", "lead"], false),
            Moment::CloseFinish | Moment::Rout => (&["winner", "loser", "count", "scores"], false),
            // An ending that is always a draw (a truce): its own lines tell a draw.
            Moment::Finish(end, Result3::Won) if end.always_drawn() => {
                (&["number", "scores", "score"], false)
            }
            Moment::Finish(end, Result3::Won) => (
                &["number", "winner", "loser", "verb", "scores", "score"],
                // The last capture or crossing is named only where a game must end by one.
                end.made_at_a_place(),
            ),
            Moment::Finish(_, Result3::Drawn) | Moment::GameDrawn => {
                (&["number", "scores", "score"], false)
            }
            Moment::Finish(_, Result3::Shared) => {
                (&["number", "winner", "verb", "scores", "score"], false)
            }
            Moment::GameWon => (
                &["number", "winner", "loser", "verb", "scores", "score"],
                false,
            ),
            Moment::MatchWon => (&["winner", "scores"], false),
            Moment::MatchShared => (&["winner", "scores"], false),
            Moment::MatchDrawn => (&["scores"], false),
            // A bettor collecting (told with the settlement, where only these are filled).
            Moment::WagerPaid => return Named::Exactly(&["mover", "winner", "coins"]),
            Moment::Gasp => (&["mover", "victim"], false),
            Moment::Cheer => (&["winner"], false),
            Moment::Groan | Moment::Tension => (&["winner", "loser"], false),
            Moment::Murmur => (&[], false),
            // At the bookie's, {winner} and {loser} are bettors, whose pronouns no file says.
            Moment::PaysOut => return Named::Exactly(&["bookie", "winner", "coins"]),
            Moment::Collects => return Named::Exactly(&["bookie", "loser", "coins"]),
            Moment::NoPrice => return Named::Exactly(&["bookie"]),
            Moment::RefuseBribe => return Named::Exactly(&["taker", "payer", "coins"]),
            // Bettors again; {stake} is the thing, in quotation marks.
            Moment::StakePasses => return Named::Exactly(&["winner", "loser", "stake"]),
            // The asides', the intentions' and the grudge at the end of the match.
            m if m.is_aside() || m.is_intention() || m == Moment::Grudge => m.named_around_play(),
            // Every moment is named above.
            _ => (&[], false),
        };
        Named::Roles(named, place)
    }

    /// The people a moment around the play names (the asides' and the intentions'), and
    /// whether it names a place; [`Moment::named`] sends only those here.
    fn named_around_play(self) -> (&'static [&'static str], bool) {
        match self {
            // Asides: {mover} is the cheat ({cheat} what they did, in words), {watcher} who
            // saw it; in rule 2, {mover} brings down a stone of {victim}'s.
            Moment::CheatUnseen => (&["mover", "cheat"], true),
            Moment::CheatCaught => (&["mover", "watcher", "cheat"], true),
            Moment::CheatTurnLost => (&["mover"], false),
            Moment::CheatForfeit => (&["mover", "winner", "number"], false),
            Moment::CheatStakes => (&["mover"], false),
            Moment::RuleTwo => (&["mover", "victim"], true),
            Moment::AccusedRight | Moment::AccusedWrong => (&["accuser", "accused"], false),
            Moment::CheatOutcry => (&["mover", "watcher"], false),
            // A cheat caught again: {nth} is its place among the cheat's catches in the
            // match ("second"); the rolled-up lines give {habit} ("palming counters"), how
            // many {times} in words ("twice", "three more times") and the {count}.
            Moment::CheatAgain => (&["mover", "watcher", "cheat", "nth"], true),
            Moment::CheatWatched | Moment::CheatTally | Moment::CheatUnseenTally => {
                (&["mover", "habit", "times", "count"], false)
            }
            // {mover} the cheat caught most in the match, {watcher} all who caught them.
            Moment::Grudge => (&["mover", "watcher"], false),
            // Intentions: {mover} the hustler or the thrower, {favoured} the one thrown
            // to, {coins} the stakes on the match (a hustle) or the bribe (a throw).
            Moment::HustleHolds => (&["mover"], false),
            Moment::HustleTurns => (&["mover", "coins"], false),
            Moment::Thrown | Moment::ThrowFailed => (&["mover", "favoured"], false),
            Moment::ThrownForBribe => (&["mover", "favoured", "coins"], false),
            _ => (&[], false),
        }
    }

    /// Whether it is the onlookers' line rather than the story's own (told after it).
    #[must_use]
    pub fn is_crowd(self) -> bool {
        matches!(
            self,
            Moment::Gasp
                | Moment::Cheer
                | Moment::Groan
                | Moment::Murmur
                | Moment::Tension
                | Moment::CheatOutcry
        )
    }

    /// Whether it tells an aside of a game (a cheat, rule 2's penalty, an accusation): its
    /// lines may leave out what an aside does not always have (a place, a winner), so a
    /// line is picked only among those whose placeholders can all be filled.
    #[must_use]
    pub fn is_aside(self) -> bool {
        matches!(
            self,
            Moment::CheatUnseen
                | Moment::CheatCaught
                | Moment::CheatTurnLost
                | Moment::CheatForfeit
                | Moment::CheatStakes
                | Moment::RuleTwo
                | Moment::AccusedRight
                | Moment::AccusedWrong
                | Moment::CheatOutcry
                | Moment::CheatAgain
                | Moment::CheatWatched
                | Moment::CheatTally
                | Moment::CheatUnseenTally
        )
    }

    /// Whether it tells an intention kept to the end of a match (a hustle held or
    /// turned, a match thrown): told to the GM alone, after the rest of the story.
    #[must_use]
    pub fn is_intention(self) -> bool {
        matches!(
            self,
            Moment::HustleHolds
                | Moment::HustleTurns
                | Moment::Thrown
                | Moment::ThrownForBribe
                | Moment::ThrowFailed
        )
    }

    /// Whether the story cannot leave it out when the phrasebook's lines for it are spent
    /// in a match: a game's result (when its ending's own lines are spent), a game forfeit,
    /// and the sums of cheats, which account for every attempt. Such a moment may use a
    /// line a second time in a match, saying something new with it; any other goes untold.
    #[must_use]
    pub fn must_be_told(self) -> bool {
        matches!(
            self,
            Moment::GameWon
                | Moment::GameDrawn
                | Moment::MatchWon
                | Moment::MatchShared
                | Moment::MatchDrawn
                | Moment::CheatForfeit
                | Moment::CheatTally
                | Moment::CheatUnseenTally
        )
    }

    /// Whether it is part of the first-turn ceremony (told before the game, in order).
    #[must_use]
    pub fn is_ceremony(self) -> bool {
        match self {
            Moment::Lot | Moment::FirstTurn => true,
            Moment::Game(m) => m.ceremony,
            _ => false,
        }
    }

    /// Whether it says who won the first turn.
    #[must_use]
    pub fn decides_first_turn(self) -> bool {
        matches!(self, Moment::Lot | Moment::FirstTurn)
    }
}

/// What a moment's lines may name: roles with the game (and a place, and the pronouns
/// of the one who acts), or exactly these placeholders (the bookie's and the bettors').
enum Named {
    /// These roles and figures, and a place when `true`.
    Roles(&'static [&'static str], bool),
    /// Exactly these.
    Exactly(&'static [&'static str]),
}

impl fmt::Display for Moment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.key())
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

    /// The keys' order, as the phrasebook listed them before each game's own moved into
    /// its folder (what a misspelt key's hint lists): by hand.
    #[test]
    fn the_keys_keep_their_order_with_each_game_s_own_among_them() {
        let keys: Vec<String> = Moment::all().iter().take(21).map(|m| m.key()).collect();
        assert_eq!(
            keys,
            [
                "ambience",
                "lot",
                "first-throw",
                "first-turn",
                "bag-draw",
                "opening",
                "first-blood",
                "big-capture",
                "claim",
                "pass",
                "kiust",
                "kiust-enter",
                "enter",
                "whelp",
                "bring-down",
                "bring-home",
                "turning-point",
                "swing",
                "comeback",
                "close-finish",
                "rout"
            ]
        );
        assert_eq!(Moment::all()[21], Moment::Finish(End::ALL[0], Result3::Won));
    }

    /// Every game's own moment reads back from its key, is listed after a moment every
    /// game shares, and fills what its lines name (the placeholders a phrasebook's lines
    /// are checked against): a claim's, by hand.
    #[test]
    fn every_game_s_own_moment_is_known_to_the_phrasebook_s_checks() {
        for kind in GameKind::ALL {
            for &m in crate::games::words::moments(kind) {
                assert_eq!(Moment::from_key(m.key), Some(Moment::Game(m)), "{kind}");
                let after = Moment::from_key(m.listed_after);
                assert!(
                    after.is_some_and(|a| !matches!(a, Moment::Game(_))),
                    "{kind}: {}",
                    m.key
                );
                let known = Moment::Game(m).placeholders();
                assert!(m.names.iter().all(|n| known.contains(n)), "{}", m.key);
                assert_eq!(known.contains(&"place"), m.place, "{}", m.key);
                assert_eq!(Moment::Game(m).is_ceremony(), m.ceremony, "{}", m.key);
            }
        }
        let claim = Moment::from_key("claim").expect("Piç's claim");
        assert_eq!(
            claim.placeholders(),
            [
                "game", "mover", "owner", "count", "verb", "place", "town", "trap", "heap", "they",
                "them", "their"
            ]
        );
        let draw = Moment::from_key("bag-draw").expect("Òicustiỳtac's draw");
        assert_eq!(
            draw.placeholders(),
            ["game", "mover", "count", "stones", "they", "them", "their"]
        );
        assert!(draw.is_ceremony() && !draw.decides_first_turn());
    }

    /// Only the atmosphere and the murmur name nobody; the asides, the intentions and the
    /// grudge name whom [`Moment::named_around_play`] says (by hand: a hustle turned names
    /// its hustler and the stakes, a grudge its cheat and who caught them).
    #[test]
    fn every_moment_names_someone_but_the_room_s_own() {
        for m in Moment::all() {
            let named = m.placeholders().len() > 1 || matches!(m.named(), Named::Exactly(_));
            assert_eq!(
                named,
                !matches!(m, Moment::Ambience | Moment::Murmur),
                "{m}"
            );
        }
        assert_eq!(
            Moment::HustleTurns.placeholders(),
            ["game", "mover", "coins", "they", "them", "their"]
        );
        assert_eq!(
            Moment::Grudge.placeholders(),
            ["game", "mover", "watcher", "they", "them", "their"]
        );
        let intentions = Moment::all().into_iter().filter(|m| m.is_intention());
        assert_eq!(intentions.count(), 5);
        assert!(
            !Moment::all()
                .iter()
                .any(|m| m.is_intention() && m.is_aside())
        );
    }
}
