//! Placing bets at a table: matching the names in a bet to the characters and checking
//! the market suits the game (in `resolve.rs`), then pricing bookie bets and refusing
//! what a purse cannot cover.

use std::collections::BTreeMap;

use serde::Serialize;

pub use resolve::{BetError, How, Proposal, Table, resolve};

use super::bet::{Bet, Book};
use super::market::{Market, Selection, Side};
use super::money::{Currency, MAX_PURSE, Money};
use super::price::Odds;
use super::purse::{Credit, Purse};

mod resolve;

/// Why a bet was not taken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Refusal {
    /// The bookie quotes no price on it: a near-certainty.
    NoPrice,
    /// Someone's purse (with the house's credit) does not cover the stake.
    Short {
        /// Whose.
        who: String,
        /// Their purse.
        purse: Purse,
        /// What they would have staked at this table by then.
        stakes: Money,
    },
    /// What the bet could bring back would take a purse past the most taproom keeps.
    TooLarge {
        /// Whose.
        who: String,
    },
    /// The stakes, paid on credit, would take a debt past the most taproom keeps (a
    /// character file could not hold it).
    TooDeep {
        /// Whose.
        who: String,
    },
}

impl Refusal {
    /// The refusal in a word or two, for tables.
    #[must_use]
    pub fn short(&self) -> &'static str {
        match self {
            Refusal::NoPrice => "no price",
            Refusal::Short { .. } => "purse too light",
            Refusal::TooLarge { .. } => "sums too large",
            Refusal::TooDeep { .. } => "debt too deep",
        }
    }

    /// The refusal as a clause, money in `currency`.
    #[must_use]
    pub fn describe(&self, currency: Currency, credit: Credit) -> String {
        match self {
            Refusal::NoPrice => "the bookie quotes no price on so near a certainty".to_owned(),
            Refusal::TooLarge { who } => format!(
                "what it could bring back would take {who}'s purse past the most taproom \
                 keeps ({})",
                MAX_PURSE.show(currency)
            ),
            Refusal::TooDeep { who } => format!(
                "paying the stakes would take {who}'s debt past the most taproom keeps ({})",
                MAX_PURSE.show(currency)
            ),
            Refusal::Short { who, purse, stakes } => format!(
                "{who}'s purse ({}) does not cover {} in stakes{}",
                purse.show(currency),
                stakes.show(currency),
                match credit {
                    Credit::None => ", and the house gives no credit".to_owned(),
                    Credit::UpTo(limit) =>
                        format!(", even with credit up to {}", limit.show(currency)),
                    Credit::Unlimited => String::new(),
                }
            ),
        }
    }
}

/// The bets a table took, and the ones it refused.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Placed {
    /// The ante: one bet for each player who could cover it, all in one pot.
    pub ante: Vec<Bet>,
    /// Players at the table who could not cover the ante.
    pub ante_refused: Vec<Refusal>,
    /// The proposals taken, by index into the proposals, each with its bets (an
    /// `against` proposal is two bets of one group, the rival's second).
    pub taken: Vec<(usize, Vec<Bet>)>,
    /// The proposals refused, by index into the proposals, with why.
    pub refused: Vec<(usize, Refusal)>,
}

impl Placed {
    /// Every bet taken, the ante first.
    #[must_use]
    pub fn bets(&self) -> Vec<Bet> {
        self.ante
            .iter()
            .chain(self.taken.iter().flat_map(|(_, bets)| bets))
            .cloned()
            .collect()
    }
}

/// What a bettor has at stake at a table so far, and the most it could bring back: from
/// the bookie (each bet's payout), from stakes between characters (each pot whole), and
/// from the pools (all of them at most, however many of their bets are in them).
#[derive(Clone, Copy, Debug, Default)]
struct Committed {
    stakes: Money,
    bookie: Money,
    pots: Money,
    in_pools: bool,
}

/// Places proposals in order against the purses: each bettor's stakes at this table
/// together must be covered by their purse and the house's credit. `price` gives the
/// bookie's price for a market and a selection. `ante` is a stake every entrant puts up
/// on themselves to win the match, the winner taking the pot (the entrants are matched to
/// purses by name).
#[must_use]
pub fn place(
    proposals: &[Proposal],
    ante: Option<Money>,
    entrants: &[String],
    purses: &BTreeMap<String, Purse>,
    credit: Credit,
    price: &dyn Fn(Market, Selection) -> Result<Odds, Refusal>,
) -> Placed {
    let mut table = Placing {
        purses,
        credit,
        // No pool can pay out more than every stake in the pools together.
        pool_total: Money::checked_sum(
            proposals
                .iter()
                .filter(|p| matches!(p.how, How::Pool))
                .map(|p| p.stake),
        ),
        committed: BTreeMap::new(),
        group: 0,
        placed: Placed::default(),
    };
    if let Some(ante) = ante {
        table.ante(ante, entrants);
    }
    for (index, p) in proposals.iter().enumerate() {
        match table.bets_of(p, price) {
            Ok(bets) => table.take(index, bets),
            Err(why) => table.placed.refused.push((index, why)),
        }
    }
    table.placed
}

/// The bets of a table being placed, against the purses that must cover them.
struct Placing<'a> {
    /// Every bettor's purse, by name.
    purses: &'a BTreeMap<String, Purse>,
    /// How far into debt a bettor may go.
    credit: Credit,
    /// Every coin proposed in the pools (none when past counting).
    pool_total: Option<Money>,
    /// What each bettor has staked at this table, and the most their bets could bring back.
    committed: BTreeMap<String, Committed>,
    /// The number of the last group of stakes between characters.
    group: u32,
    /// The bets taken and refused so far.
    placed: Placed,
}

impl Placing<'_> {
    /// What `bet`'s bettor would have committed with it on top of `committed`, or why
    /// their purse cannot take it. `pot`: for a stake between characters (or the ante),
    /// everything staked on either side of it, which is the most it can bring back.
    fn afford(
        &self,
        bet: &Bet,
        pot: Money,
        committed: &BTreeMap<String, Committed>,
    ) -> Result<Committed, Refusal> {
        let who = bet.bettor.as_str();
        let purse = self.purses.get(who).copied().unwrap_or_default();
        let mut c = committed.get(who).copied().unwrap_or_default();
        let too_large = || Refusal::TooLarge {
            who: who.to_owned(),
        };
        c.stakes = c.stakes.checked_add(bet.stake).ok_or_else(too_large)?;
        match bet.book {
            Book::Bookie(odds) => {
                let back = odds
                    .payout(bet.stake, super::market::Share::WON)
                    .ok_or_else(too_large)?;
                c.bookie = c.bookie.checked_add(back).ok_or_else(too_large)?;
            }
            Book::Stakes(_) => c.pots = c.pots.checked_add(pot).ok_or_else(too_large)?,
            Book::Pool => c.in_pools = true,
        }
        let pools = if c.in_pools {
            self.pool_total.ok_or_else(too_large)?
        } else {
            Money::ZERO
        };
        let back = Money::checked_sum([c.bookie, c.pots, pools]).ok_or_else(too_large)?;
        if purse.coins.checked_add(back).is_none_or(|p| p > MAX_PURSE) {
            return Err(too_large());
        }
        if purse
            .pay(c.stakes, Credit::Unlimited)
            .is_ok_and(|p| p.debt > MAX_PURSE)
        {
            return Err(Refusal::TooDeep {
                who: who.to_owned(),
            });
        }
        if purse.covers(c.stakes, self.credit) {
            Ok(c)
        } else {
            Err(Refusal::Short {
                who: who.to_owned(),
                purse,
                stakes: c.stakes,
            })
        }
    }

    /// The ante: each entrant who can cover it stakes `ante` on themselves, all in one pot.
    fn ante(&mut self, ante: Money, entrants: &[String]) {
        self.group += 1;
        for (i, name) in entrants.iter().enumerate() {
            let bet = Bet {
                bettor: name.clone(),
                market: Market::Match,
                side: Side::For(Selection::Entrant(i)),
                stake: ante,
                thing: None,
                book: Book::Stakes(self.group),
            };
            match self.afford(
                &bet,
                Money(ante.0.saturating_mul(entrants.len() as u64)),
                &self.committed,
            ) {
                Ok(total) => {
                    self.committed.insert(name.clone(), total);
                    self.placed.ante.push(bet);
                }
                Err(r) => self.placed.ante_refused.push(r),
            }
        }
    }

    /// The bets a proposal makes: one with the bookie (at `price` unless a price was
    /// agreed) or in the pool, or a stake against a rival as two bets of a new group, the
    /// rival's second; refused when the bookie quotes no price.
    fn bets_of(
        &mut self,
        p: &Proposal,
        price: &dyn Fn(Market, Selection) -> Result<Odds, Refusal>,
    ) -> Result<Vec<Bet>, Refusal> {
        let mut bets = vec![Bet {
            bettor: p.bettor.clone(),
            market: p.market,
            side: Side::For(p.pick),
            stake: p.stake,
            thing: p.thing.clone(),
            book: Book::Pool,
        }];
        match &p.how {
            How::Pool => {}
            How::Bookie(agreed) => {
                let odds = agreed.map_or_else(|| price(p.market, p.pick), Ok)?;
                bets[0].book = Book::Bookie(odds);
            }
            How::Against {
                rival,
                stake,
                thing,
            } => {
                self.group += 1;
                bets[0].book = Book::Stakes(self.group);
                bets.push(Bet {
                    bettor: rival.clone(),
                    market: p.market,
                    side: Side::Against(p.pick),
                    stake: *stake,
                    thing: thing.clone(),
                    book: Book::Stakes(self.group),
                });
            }
        }
        Ok(bets)
    }

    /// Takes the bets of proposal `index` when every bettor's purse covers them, or
    /// refuses the proposal with the first that cannot.
    fn take(&mut self, index: usize, bets: Vec<Bet>) {
        let mut trial = self.committed.clone();
        // Saturated, a pot past every bound is refused as too large.
        let pot = Money(bets.iter().fold(0u64, |a, b| a.saturating_add(b.stake.0)));
        for bet in &bets {
            match self.afford(bet, pot, &trial) {
                Ok(total) => {
                    trial.insert(bet.bettor.clone(), total);
                }
                Err(r) => {
                    self.placed.refused.push((index, r));
                    return;
                }
            }
        }
        self.committed = trial;
        self.placed.taken.push((index, bets));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;
    use crate::names::{Matcher, NameError};
    use crate::wager::syntax::BetText;
    use crate::wager::thing::{Stake, Thing};

    const SEATED: [&str; 2] = ["Old Brannoc", "Sister Ysolde"];

    fn proposal(text: &str) -> Proposal {
        let names: Vec<String> = SEATED.iter().map(|n| (*n).to_owned()).collect();
        let table = Table {
            game: GameKind::TidesOfWar,
            entrants: &names,
            shorts: &[],
        };
        let people = |n: &str| {
            let all = SEATED
                .iter()
                .chain(&["Pip Underbough"])
                .map(|n| (*n, (*n).to_owned()));
            Matcher::new("character", all).find(n)
        };
        resolve(&text.parse().unwrap(), &table, &people).unwrap()
    }

    #[test]
    fn a_caught_bet_names_a_player_at_the_table_and_anyone_names_nobody() {
        let p = proposal("Pip 2 sp on caught Ysolde in the pool");
        assert_eq!(p.pick, Selection::Entrant(1));
        assert_eq!(
            p.market,
            Market::Caught {
                scope: crate::wager::Scope::Match
            }
        );
        let p = proposal("Pip 1 gp on anyone caught against Brannoc");
        assert_eq!(p.pick, Selection::Anyone);
        assert_eq!(
            p.how,
            How::Against {
                rival: "Old Brannoc".into(),
                stake: Money(100),
                thing: None
            }
        );
        // Pip is not at the table: the same error as any pick of someone not seated.
        let names: Vec<String> = SEATED.iter().map(|n| (*n).to_owned()).collect();
        let table = Table {
            game: GameKind::TidesOfWar,
            entrants: &names,
            shorts: &[],
        };
        let people = |n: &str| Ok::<_, NameError>(n.to_owned());
        let err = resolve(
            &"Pip 1 gp on caught Ysolda".parse().unwrap(),
            &table,
            &people,
        )
        .unwrap_err()
        .to_string();
        let plain = resolve(&"Pip 1 gp on Ysolda".parse().unwrap(), &table, &people)
            .unwrap_err()
            .to_string();
        assert_eq!(err, plain);
        assert!(err.contains("Sister Ysolde"), "did you mean: {err}");
    }

    fn locket() -> Option<Thing> {
        Some("her silver locket".parse().unwrap())
    }

    #[test]
    fn against_a_thing_the_rival_left_unsaid_stakes_nothing() {
        let p = proposal(r#"Brannoc "her silver locket" on Brannoc against Ysolde"#);
        assert_eq!((p.bettor.as_str(), p.stake), ("Old Brannoc", Money::ZERO));
        assert_eq!(p.thing, locket());
        assert_eq!(
            p.how,
            How::Against {
                rival: "Sister Ysolde".into(),
                stake: Money::ZERO,
                thing: None
            }
        );
        // Coins left unsaid are still matched, and a stake written is the rival's own.
        let p = proposal("Pip 3 gp on Brannoc against Ysolde");
        assert_eq!(
            p.how,
            How::Against {
                rival: "Sister Ysolde".into(),
                stake: Money(300),
                thing: None
            }
        );
        let p = proposal(r#"Pip 3 gp on Brannoc against Ysolde for "her silver locket""#);
        assert_eq!((p.stake, p.thing.clone()), (Money(300), None));
        assert_eq!(
            p.how,
            How::Against {
                rival: "Sister Ysolde".into(),
                stake: Money::ZERO,
                thing: locket()
            }
        );
    }

    #[test]
    fn a_thing_needs_no_coin_in_the_purse() {
        let p = proposal(r#"Brannoc "her silver locket" on Brannoc against Ysolde"#);
        let purses = BTreeMap::from([
            ("Old Brannoc".to_owned(), Purse::default()),
            ("Sister Ysolde".to_owned(), Purse::default()),
        ]);
        let names: Vec<String> = SEATED.iter().map(|n| (*n).to_owned()).collect();
        let placed = place(&[p], None, &names, &purses, Credit::None, &|_, _| {
            Err(Refusal::NoPrice)
        });
        assert!(placed.refused.is_empty(), "{:?}", placed.refused);
        let bets = placed.bets();
        assert_eq!(bets.len(), 2);
        assert_eq!(
            (bets[0].stake, bets[0].thing.clone()),
            (Money::ZERO, locket())
        );
        assert_eq!((bets[1].stake, bets[1].thing.clone()), (Money::ZERO, None));
        assert_eq!(bets[0].book, bets[1].book, "one pot");

        // Coins against the thing still need a purse that covers them.
        let p = proposal(r#"Ysolde 3 gp on Ysolde against Brannoc "her silver locket""#);
        let placed = place(&[p], None, &names, &purses, Credit::None, &|_, _| {
            Err(Refusal::NoPrice)
        });
        assert!(matches!(
            &placed.refused[..],
            [(0, Refusal::Short { who, .. })] if who == "Sister Ysolde"
        ));
    }

    /// The error of a bet at Brannoc and Ysolde's table, among `people`.
    fn refused_among(people: &[&str], text: &str) -> BetError {
        let names: Vec<String> = SEATED.iter().map(|n| (*n).to_owned()).collect();
        let table = Table {
            game: GameKind::TidesOfWar,
            entrants: &names,
            shorts: &[],
        };
        let find = |n: &str| {
            Matcher::new("character", people.iter().map(|n| (*n, (*n).to_owned()))).find(n)
        };
        resolve(&text.parse().unwrap(), &table, &find).unwrap_err()
    }

    fn bettor_among(people: &[&str], text: &str) -> String {
        let names: Vec<String> = SEATED.iter().map(|n| (*n).to_owned()).collect();
        let table = Table {
            game: GameKind::TidesOfWar,
            entrants: &names,
            shorts: &[],
        };
        let find = |n: &str| {
            Matcher::new("character", people.iter().map(|n| (*n, (*n).to_owned()))).find(n)
        };
        let bet = resolve(&text.parse().unwrap(), &table, &find);
        bet.unwrap_or_else(|e| panic!("{text}: {e}")).bettor
    }

    #[test]
    fn a_verb_after_a_name_is_a_verb_unless_the_roster_has_the_whole_name() {
        let people = [
            "Tom Lays",
            "Tom Smith",
            "Lays",
            "Pip Underbough",
            "Tom and Jerry",
        ];
        // The whole words name someone: they are the bettor.
        assert_eq!(
            bettor_among(&people, "Tom Lays 3 sp on Brannoc"),
            "Tom Lays"
        );
        assert_eq!(
            bettor_among(&people, "Tom Lays lays 3 sp on Brannoc"),
            "Tom Lays"
        );
        assert_eq!(bettor_among(&people, "Lays 3 sp on Brannoc"), "Lays");
        assert_eq!(bettor_among(&people, "Lays lays 3 sp on Brannoc"), "Lays");
        // They name nobody: the name before the verb is the bettor.
        assert_eq!(
            bettor_among(&people, "Pip lays 3 sp on Brannoc"),
            "Pip Underbough"
        );
        assert_eq!(
            bettor_among(&people, "Tom Smith bets 3 sp on Brannoc"),
            "Tom Smith"
        );
        assert_eq!(
            bettor_among(&people, "Tom and Jerry bets 3 sp and 2 cp on Brannoc"),
            "Tom and Jerry"
        );
        // `Tom` alone could be three people: the verb does not pick one.
        let e = refused_among(&people, "Tom bets 3 sp on Brannoc").to_string();
        assert!(e.contains("`Tom` could be"), "{e}");
    }

    #[test]
    fn a_name_that_picks_out_nobody_is_told_with_the_nearest_bet() {
        let people = ["Pip Underbough", "Old Brannoc", "Sister Ysolde"];
        for (text, near) in [
            ("Pip gambles 3 sp on Brannoc", "Pip 3 sp on Brannoc"),
            ("Pip quietly bets 3 sp on Brannoc", "Pip 3 sp on Brannoc"),
            ("Pip 3 sp on Brannoc quickly", "Pip 3 sp on Brannoc"),
            (
                "Pip 2 gp on frist-turn Ysolde",
                "Pip 2 gp on first-turn Ysolde",
            ),
            (
                "Pip 3 sp on Brannoc agianst Ysolde",
                "Pip 3 sp on Brannoc against Ysolde",
            ),
            (
                "Pip 3 sp on Brannoc against Ysolde now",
                "Pip 3 sp on Brannoc against Ysolde",
            ),
        ] {
            let e = refused_among(&people, text);
            assert!(
                matches!(&e, BetError::Nearest { nearest, .. } if nearest == near),
                "{text}: {e}"
            );
            let msg = e.to_string();
            assert_eq!(msg.matches("did you mean").count(), 1, "{msg}");
            assert!(msg.ends_with(&format!("did you mean `{near}`?")), "{msg}");
        }
        // Nothing near: the name's own error, with its own suggestion.
        let e = refused_among(&people, "Pipp 3 sp on Brannoc").to_string();
        assert_eq!(
            e,
            "no character is called `Pipp`; did you mean `Pip Underbough`?"
        );
    }

    #[test]
    fn a_thing_with_the_house_is_refused_even_when_written_by_hand() {
        let names: Vec<String> = SEATED.iter().map(|n| (*n).to_owned()).collect();
        let table = Table {
            game: GameKind::TidesOfWar,
            entrants: &names,
            shorts: &[],
        };
        let mut text: BetText = "Pip 1 gp on Brannoc".parse().unwrap();
        text.stake = Stake::Thing("her silver locket".parse().unwrap());
        let people = |n: &str| Ok::<_, NameError>(n.to_owned());
        assert_eq!(
            resolve(&text, &table, &people),
            Err(BetError::ThingWithHouse("Pip".into()))
        );
    }

    #[test]
    fn a_debt_on_unlimited_credit_stops_at_the_most_a_file_keeps() {
        // Brannoc owes 9,998,000,000,000 gp (2,000,000,000 gp short of the most a debt
        // may be): two stakes of 1,000,000,000 gp reach the most, the third would pass it.
        let gp = |n: u64| Money(n * 100);
        let p = proposal("Brannoc 1000000000 gp on Brannoc against Ysolde");
        let proposals = vec![p; 3];
        let names: Vec<String> = SEATED.iter().map(|n| (*n).to_owned()).collect();
        let purses = BTreeMap::from([
            (
                "Old Brannoc".to_owned(),
                Purse::with_debt(Money::ZERO, gp(9_998_000_000_000)),
            ),
            ("Sister Ysolde".to_owned(), Purse::of(gp(10_000_000_000))),
        ]);
        let price = |_: Market, _: Selection| Err(Refusal::NoPrice);
        let placed = place(&proposals, None, &names, &purses, Credit::Unlimited, &price);
        assert_eq!(placed.taken.len(), 2, "{:?}", placed.refused);
        assert!(matches!(
            &placed.refused[..],
            [(2, Refusal::TooDeep { who })] if who == "Old Brannoc"
        ));
    }

    #[test]
    fn the_most_a_purse_could_reach_is_what_could_really_come_back() {
        // 80 stakes of 1,000,000,000 gp against one rival: each pot is 2,000,000,000 gp,
        // so at most 160,000,000,000 gp could come back to either side, far below the most
        // a purse keeps (10,000,000,000,000 gp) from purses of 200,000,000,000 gp.
        let gp = |n: u64| Money(n * 100);
        let p = proposal("Brannoc 1000000000 gp on Brannoc against Ysolde");
        let proposals = vec![p; 80];
        let names: Vec<String> = SEATED.iter().map(|n| (*n).to_owned()).collect();
        let rich = |coins: Money| {
            BTreeMap::from([
                ("Old Brannoc".to_owned(), Purse::of(coins)),
                ("Sister Ysolde".to_owned(), Purse::of(gp(200_000_000_000))),
            ])
        };
        let price = |_: Market, _: Selection| Err(Refusal::NoPrice);
        let placed = place(
            &proposals,
            None,
            &names,
            &rich(gp(200_000_000_000)),
            Credit::None,
            &price,
        );
        assert!(placed.refused.is_empty(), "{:?}", placed.refused);
        assert_eq!(placed.taken.len(), 80);
        // A purse 99,000,000,000 gp short of the most takes 49 pots of 2,000,000,000 gp
        // (98,000,000,000 gp) and refuses the 50th, which could take it past.
        let near = gp(9_901_000_000_000);
        let placed = place(&proposals, None, &names, &rich(near), Credit::None, &price);
        assert_eq!(placed.taken.len(), 49);
        assert!(matches!(
            placed.refused.first(),
            Some((49, Refusal::TooLarge { who })) if who == "Old Brannoc"
        ));
        // Pool bets together can bring back at most every stake in the pools.
        let pool = proposal("Brannoc 1000000000 gp on Brannoc in the pool");
        let placed = place(
            &vec![pool; 80],
            None,
            &names,
            &rich(gp(200_000_000_000)),
            Credit::None,
            &price,
        );
        assert!(placed.refused.is_empty(), "{:?}", placed.refused);
    }
}
