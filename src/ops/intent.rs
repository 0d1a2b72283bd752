//! A match's intentions, planned: from each seated character's `[hustle]` and `[throw]`,
//! the stakes on the match and the throws bought by bribes, the [`Plan`] each entrant
//! plays (`table::intent` plays it).
//!
//! Readings:
//! - **The stakes on a match** are every coin staked on it by anyone: bets with the bookie,
//!   in the pools, stakes between characters and the ante, on any of its markets. At a
//!   Piç table they are the whole table's, whichever seat's they are. A bribe is not a
//!   stake. They are placed before the first game, so a hustle turns at the start or not
//!   at all ([`crate::table::HustlePlan::at_stakes`]).
//! - **Whom a throw favours:** the first name of `[throw] to` that is someone else seated
//!   (matched without regard to case, by full name or short name). A throw bought by a
//!   bribe ([`MatchSpec::buy_throw`]) comes before it.
//! - **A throw that would lose the thrower's own bet:** they throw all the same. Backing
//!   yourself and losing is the oldest cover a thrown match has; the bet is lost with the
//!   match, and a GM who wants otherwise takes the `[throw]` out for the night. (So a
//!   match's plan depends on the stakes' sum alone, which its replay line carries.)
//! - **Money from outside taproom's wagers** (`--staked`, a side pot the GM keeps) counts
//!   with the bets.

use super::MatchSpec;
pub use super::spec::BoughtThrow;
use crate::table::{Entrant, HustlePlan, Plan, ThrowWhy};
use crate::wager::{Bet, Money};

/// What is staked on a match, as its intentions read it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stakes {
    /// Every coin staked on the match by anyone, in taproom's wagers.
    pub total: Money,
}

impl Stakes {
    /// Nothing staked (a match with no wagers).
    #[must_use]
    pub fn none() -> Stakes {
        Stakes::default()
    }

    /// The stakes of the bets taken at a match (the ante among them).
    #[must_use]
    pub fn of(bets: &[Bet]) -> Stakes {
        Stakes {
            total: Money::checked_sum(bets.iter().map(|b| b.stake))
                .unwrap_or(crate::wager::money::MAX_PURSE),
        }
    }
}

impl MatchSpec {
    /// Has seat `thrower` (index into the seats) lose on purpose to seat `to` at this
    /// match, bought by a bribe of `paid`: the bribe helper's one way in. A later call
    /// for the same thrower replaces the earlier; a thrower or favoured one not seated,
    /// or the same seat twice, is ignored.
    pub fn buy_throw(&mut self, thrower: usize, to: usize, paid: Money) {
        if thrower == to || thrower >= self.seats.len() || to >= self.seats.len() {
            return;
        }
        self.bought.retain(|b| b.thrower != thrower);
        self.bought.push(BoughtThrow { thrower, to, paid });
    }

    /// The whole stakes a hustle at this match reads: the bets' and `--staked`.
    #[must_use]
    pub fn stakes_read(&self, stakes: &Stakes) -> Money {
        stakes
            .total
            .checked_add(self.staked)
            .unwrap_or(stakes.total)
    }

    /// The stakes this match's replay line carries (`--staked`): when a hustler sits at
    /// it, the whole stakes the hustle read (the bets' and `--staked`, see
    /// [`MatchSpec::stakes_read`]), since the line leaves the bets out; else its own
    /// `--staked`.
    #[must_use]
    pub fn stakes_carried(&self, stakes: &Stakes) -> Money {
        if self
            .seats
            .iter()
            .any(|s| s.character.intent.hustle.is_some())
        {
            self.stakes_read(stakes)
        } else {
            self.staked
        }
    }

    /// Each entrant's plan at this match with `stakes` on it.
    #[must_use]
    pub fn plans(&self, stakes: &Stakes) -> Vec<Plan> {
        (0..self.seats.len())
            .map(|i| self.plan_of(i, stakes))
            .collect()
    }

    /// The entrants of the match (as [`MatchSpec::entrants`]) with their plans at
    /// `stakes`: the table the match is played by.
    #[must_use]
    pub fn entrants_at(&self, stakes: &Stakes) -> Vec<Entrant> {
        let mut entrants = self.entrants();
        for (e, plan) in entrants.iter_mut().zip(self.plans(stakes)) {
            e.plan = plan;
        }
        entrants
    }

    fn plan_of(&self, i: usize, stakes: &Stakes) -> Plan {
        let intent = &self.seats[i].character.intent;
        let total = self.stakes_read(stakes);
        let hustle = intent
            .hustle
            .map(|h| HustlePlan::at_stakes(h.shows, h.until, total));
        let bought = self.bought.iter().find(|b| b.thrower == i);
        let (throws_to, throw_why) = if let Some(b) = bought {
            (Some(b.to), Some(ThrowWhy::Bribe { paid: b.paid }))
        } else {
            match self.named_target(i) {
                Some(t) => (Some(t), Some(ThrowWhy::Named)),
                None => (None, None),
            }
        };
        Plan {
            hustle,
            throws_to,
            throw_why,
        }
    }

    /// The seat that seat `i`'s `[throw] to` favours here: the first name in it that is
    /// someone else seated, by full or short name, as [`crate::names::same`] reads names (case, spacing and
    /// Unicode form aside).
    fn named_target(&self, i: usize) -> Option<usize> {
        let throw = self.seats[i].character.intent.throw.as_ref()?;
        throw.to.iter().find_map(|name| {
            self.seats.iter().enumerate().position(|(j, s)| {
                j != i
                    && (crate::names::same(name, &s.character.name)
                        || crate::names::same(name, &s.character.short))
            })
        })
    }

    /// Whether a seat throws this match (a `[throw] to` someone seated, or a bribe).
    #[must_use]
    pub fn throws_at_table(&self) -> bool {
        self.plans(&self.stakes_for_odds())
            .iter()
            .any(|p| p.throws_to.is_some())
    }

    /// The stakes `odds` reads a table at, having no bets of its own: enough to turn every
    /// hustle at the table (the most any hustler's `until` asks). So the truth it prices, and the real matches its audit plays, are of a
    /// match worth hustling.
    #[must_use]
    pub fn stakes_for_odds(&self) -> Stakes {
        let total = self
            .seats
            .iter()
            .filter_map(|s| s.character.intent.hustle.map(|h| h.until))
            .max()
            .unwrap_or(crate::wager::Money::ZERO);
        Stakes { total }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;
    use crate::ops::{Draft, Seated};
    use crate::roster::Character;

    fn seat(toml: &str) -> Seated {
        Seated {
            character: Character::from_toml(std::path::Path::new("c.toml"), toml).unwrap(),
            given_file: None,
        }
    }

    fn spec(seats: Vec<Seated>) -> MatchSpec {
        let draft = Draft {
            seats,
            ..Draft::default()
        };
        MatchSpec::new(GameKind::Pic, draft).unwrap()
    }

    const WIL: &str = "name = \"Sly Wil\"\nskill = 9\n[hustle]\nshows = 3\nuntil = \"5 gp\"\n\
                       [throw]\nto = [\"nobody here\", \"MARA\"]\nbribe = \"10 gp\"\n";
    const MARA: &str = "name = \"Mild Mara\"\nshort = \"Mara\"\nskill = 4\n";
    const TOBIN: &str = "name = \"Brother Tobin\"\nskill = 5\n";

    #[test]
    fn a_throw_favours_the_first_seated_name_of_to_by_its_short_name_in_any_case() {
        let s = spec(vec![seat(TOBIN), seat(WIL), seat(MARA)]);
        let plans = s.plans(&Stakes::none());
        assert_eq!(plans[1].throws_to, Some(2));
        assert_eq!(plans[1].throw_why, Some(ThrowWhy::Named));
        assert!(plans[0].is_plain() && plans[2].is_plain());
        // Without Mara, nobody named sits: Wil plays to win.
        let s = spec(vec![seat(TOBIN), seat(WIL)]);
        assert_eq!(s.plans(&Stakes::none())[1].throws_to, None);
    }

    #[test]
    fn a_hustle_turns_when_the_whole_tables_stakes_reach_until() {
        let s = spec(vec![seat(WIL), seat(TOBIN)]);
        let low = Stakes { total: Money(499) };
        let h = s.plans(&low)[0].hustle.unwrap();
        assert_eq!((h.shows, h.turns_at), (crate::ai::Skill::Level(3), None));
        let high = Stakes { total: Money(500) };
        assert_eq!(s.plans(&high)[0].hustle.unwrap().turns_at, Some(1));
        let entrants = s.entrants_at(&high);
        assert_eq!(entrants[0].plan, s.plans(&high)[0]);
        assert!(entrants[1].plan.is_plain());
    }

    #[test]
    fn staked_money_counts_with_the_bets() {
        let mut s = spec(vec![seat(WIL), seat(TOBIN)]);
        s.staked = Money(300);
        let h = s.plans(&Stakes { total: Money(199) })[0].hustle.unwrap();
        assert_eq!((h.stakes, h.turns_at), (Money(499), None));
        let h = s.plans(&Stakes { total: Money(200) })[0].hustle.unwrap();
        assert_eq!((h.stakes, h.turns_at), (Money(500), Some(1)));
        assert!(s.replay_words().join(" ").ends_with("--staked 3 gp"));
    }

    #[test]
    fn a_replay_line_carries_the_whole_stakes_only_when_a_hustler_sits() {
        let bets = Stakes { total: Money(200) };
        let mut hustled = spec(vec![seat(WIL), seat(TOBIN)]);
        hustled.staked = Money(300);
        // Wil hustles: the line leaves the bets out, so it carries 200 + 300 by hand.
        assert_eq!(hustled.stakes_carried(&bets), Money(500));
        assert_eq!(hustled.stakes_carried(&Stakes::none()), Money(300));
        let mut plain = spec(vec![seat(MARA), seat(TOBIN)]);
        plain.staked = Money(300);
        assert_eq!(plain.stakes_carried(&bets), Money(300));
    }

    #[test]
    fn a_bribe_buys_a_throw_and_comes_before_to() {
        let mut s = spec(vec![seat(WIL), seat(MARA), seat(TOBIN)]);
        assert_eq!(s.plans(&Stakes::none())[0].throws_to, Some(1));
        s.buy_throw(0, 2, Money(1000));
        s.buy_throw(0, 0, Money(1000));
        let plan = s.plans(&Stakes::none())[0];
        assert_eq!(plan.throws_to, Some(2));
        assert_eq!(plan.throw_why, Some(ThrowWhy::Bribe { paid: Money(1000) }));
    }
}
