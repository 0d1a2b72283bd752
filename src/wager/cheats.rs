//! Cheats caught at the table, and what the house's rules make of their bets, read from
//! the match log's asides: with `bar_cheats`, a caught cheat's bets with the bookie and in
//! the pool are void; under `on_cheat = "forfeit-stakes"`, a cheat whose stakes were ruled
//! forfeit loses every stake against another person they are a party to, whatever the
//! match's result, and the other side wins it.

use std::fmt;

use serde::Serialize;

use super::bet::{Bet, Book};
use super::house::HouseRules;
use crate::table::{Aside, CheatResult, MatchLog, Who};

/// The house rule that settled a bet otherwise than by the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CheatRule {
    /// `bar_cheats = true`: the caught cheat's bet with the house is void.
    BarCheats,
    /// `on_cheat = "forfeit-stakes"`: the cheat's side of a stake between characters is
    /// lost, and the other side wins it.
    ForfeitStakes,
}

/// Why a bet was settled otherwise than by the match: someone caught cheating.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheatRuling {
    /// The rule.
    pub rule: CheatRule,
    /// The cheats, by name: the bettor, for a bet barred; each party to the stake whose
    /// stakes were forfeit, for a stake.
    pub by: Vec<String>,
}

impl fmt::Display for CheatRuling {
    /// "Mirela Quickfingers was caught cheating and the house bars cheats".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = if self.by.len() == 1 { "was" } else { "were" };
        write!(
            f,
            "{} {verb} caught cheating",
            crate::names::and_list(&self.by)
        )?;
        match self.rule {
            CheatRule::BarCheats => f.write_str(" and the house bars cheats"),
            CheatRule::ForfeitStakes => Ok(()),
        }
    }
}

/// Whether `entrant`'s stakes against the others are forfeit: a cheat of theirs was seen
/// and ruled so (`CheatResult::StakesForfeit`), or, when the house's rule is
/// `forfeit-stakes`, they were rightly accused.
#[must_use]
pub fn stakes_forfeit(log: &MatchLog, entrant: Who, rule: bool) -> bool {
    log.asides().any(|(_, a)| match a {
        Aside::Cheat {
            by,
            seen_by,
            result: CheatResult::StakesForfeit,
            ..
        } => *by == entrant && !seen_by.is_empty(),
        Aside::Accused {
            against,
            right: true,
            ..
        } => rule && *against == entrant,
        Aside::Cheat { .. }
        | Aside::Accused { .. }
        | Aside::Penalty { .. }
        | Aside::Insight { .. } => false,
    })
}

/// Each bet's ruling, if a cheat caught changes it: a caught cheat's bet with the bookie
/// or in the pool when the house bars cheats; every bet of a stake between characters one
/// of whose parties had their stakes ruled forfeit.
pub(super) fn rulings(
    bets: &[Bet],
    log: &MatchLog,
    rules: &HouseRules,
) -> Vec<Option<CheatRuling>> {
    let entrant = |name: &str| log.everyone().find(|&e| log.entrant(e).name == name);
    let caught = |name: &str| entrant(name).is_some_and(|e| log.caught(e));
    let forfeit =
        |name: &str| entrant(name).is_some_and(|e| stakes_forfeit(log, e, rules.forfeit_stakes));
    let mut out: Vec<Option<CheatRuling>> = vec![None; bets.len()];
    for (i, bet) in bets.iter().enumerate() {
        match bet.book {
            Book::Bookie(_) | Book::Pool => {
                if rules.bar_cheats && caught(&bet.bettor) {
                    out[i] = Some(CheatRuling {
                        rule: CheatRule::BarCheats,
                        by: vec![bet.bettor.clone()],
                    });
                }
            }
            Book::Stakes(_) => {
                let mut cheats: Vec<String> = Vec::new();
                for other in bets.iter().filter(|b| b.book == bet.book) {
                    if !cheats.contains(&other.bettor) && forfeit(&other.bettor) {
                        cheats.push(other.bettor.clone());
                    }
                }
                if !cheats.is_empty() {
                    out[i] = Some(CheatRuling {
                        rule: CheatRule::ForfeitStakes,
                        by: cheats,
                    });
                }
            }
        }
    }
    out
}
