//! A bet written back in the plain form of the syntax (`Pip 3 sp 2 cp on Brannoc`), which
//! reads again as the same bet: the form an error suggests.

use std::fmt;

use super::{BetText, HowText, PickText};
use crate::wager::market::{Market, Scope};
use crate::wager::thing::Stake;

/// A stake as a bet writes it: coins short, a thing in quotation marks.
fn stake(s: &Stake) -> String {
    match s {
        Stake::Coins(m) => m.to_string(),
        Stake::Thing(t) if t.text().contains('"') => t.quoted(),
        Stake::Thing(t) => format!("\"{}\"", t.text()),
    }
}

/// The market's word before the pick (none for the match), and its scope after it.
fn market(m: Market) -> (String, String) {
    let scoped = |scope: Scope| match scope {
        Scope::Match => String::new(),
        Scope::Game(n) => format!(" in game {n}"),
    };
    match m {
        Market::Match => (String::new(), String::new()),
        Market::Game { number } => (format!("game {number} "), String::new()),
        Market::FirstTurn => ("first-turn ".into(), String::new()),
        Market::Most { tally, scope } => (format!("{} ", tally.word()), scoped(scope)),
        Market::End { scope } => ("end ".into(), scoped(scope)),
        Market::Caught { scope } => ("caught ".into(), scoped(scope)),
        Market::AnyoneCaught { scope } => ("anyone caught".into(), scoped(scope)),
    }
}

impl fmt::Display for BetText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (before, scope) = market(self.market);
        let pick = match &self.pick {
            PickText::Name(name) => name.clone(),
            PickText::End(end) => end.key().to_owned(),
            PickText::Anyone => String::new(),
        };
        write!(
            f,
            "{} {} on {before}{pick}{scope}",
            self.bettor,
            stake(&self.stake)
        )?;
        match &self.how {
            HowText::Bookie(None) => Ok(()),
            HowText::Bookie(Some(odds)) => write!(f, " at {odds}"),
            HowText::Pool => f.write_str(" in the pool"),
            HowText::Against { rival, stake: None } => write!(f, " against {rival}"),
            HowText::Against {
                rival,
                stake: Some(s),
            } => write!(f, " against {rival} for {}", stake(s)),
        }
    }
}
