//! The bet syntax: one line a GM types at the table (`--bet`) or writes in an evening file.
//!
//! ```text
//! BETTOR AMOUNT on [MARKET] PICK [OPTION...]
//! BETTOR backs [MARKET] PICK AMOUNT [OPTION...]
//!
//! MARKET   match (the default)            who wins the match (or the Piç table)
//!          game N | round N               who wins that game or round
//!          first-turn                     who wins the right to the first turn
//!          points | down | home | captures   who scores more points, brings down or
//!                                         brings home more stones, makes more captures
//!                                         (over the match, or `in game N`)
//!          end                            how the game ends: PICK is conquest, massacre,
//!                                         blockade, truce, no-moves, all-captured, cap,
//!                                         points or stalled (the last game, or `in game N`)
//!          caught                         whether the player named is caught cheating
//!                                         (seen at it, or rightly accused)
//!          anyone caught                  whether anybody is caught cheating (no PICK)
//! OPTION   in game N | in round N         the scope of a points/down/home/captures/end/
//!                                         caught bet
//!          with the bookie                at the bookie's price (the default)
//!          at PRICE                       with the bookie at a price agreed: 3 to 1, evens,
//!                                         2 to 1 on, 5/2
//!          in the pool                    in the house pool of that market
//!          against RIVAL [[for] STAKE]    a stake between characters: RIVAL puts up STAKE
//!                                         on the other side (when left out: the same
//!                                         amount, or nothing against a thing), and the
//!                                         winner takes the pot
//! ```
//! AMOUNT is coins as anywhere else (`5 gp`, `2gp 5sp`, `250cp`), or as a GM says them
//! (`3 silver pieces and 2 copper`); a verb may follow the BETTOR (`Pip bets 3 sp on
//! Brannoc`), `to win` the PICK, and [`split_bets`] splits a line of
//! several bets at `;`. A bet refused names the nearest that would be taken. Where a bet `against` a
//! rival has an AMOUNT, either side may stake a thing instead: an item, a favour, an
//! answer, written in double quotes (`"where the caravan went"`, or `“…”`); a STAKE is an
//! AMOUNT or a quoted thing. A thing passes whole to the winning side and changes no
//! purse, so the bookie and the pool, who deal in coin, take none. Names may be first
//! names or whole names; keywords are read in any case.
//! Examples: `Pip 5 gp on Brannoc`, `Pip 2 gp on first-turn Mirela`,
//! `Ysolde backs round 2 Hrodgar 3 sp in the pool`, `Tamsin 1 gp on end massacre at 4 to 1`,
//! `Hrodgar 2 gp on captures Mirela against Tamsin 3 gp`,
//! `Brannoc "where the caravan went" on Brannoc against Ysolde`,
//! `Ysolde 3 gp on Ysolde against Brannoc for "where the caravan went"`,
//! `Pip 2 sp on caught Mirela in the pool`, `Tamsin 1 gp on anyone caught against Hrodgar`.
//! A bet on a cheat being caught backs yes; the rival of an `against` bet takes no.

use std::fmt;
use std::str::FromStr;

use super::market::Market;
use super::price::Odds;
use super::thing::Stake;
use super::words::opens_a_thing;
use crate::games::End;
use reader::Reader;

mod bribe;
mod grammar;
mod nearest;
mod reader;
mod said;
mod written;

pub use bribe::{BribeSyntaxError, BribeText};
pub use nearest::respelled;
pub use said::split_bets;

/// What a bet picks, before the names are matched to the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PickText {
    /// A name, as written.
    Name(String),
    /// A way of ending.
    End(End),
    /// Anybody (`anyone caught`).
    Anyone,
}

/// With whom, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HowText {
    /// The bookie: at its own price, or at one agreed.
    Bookie(Option<Odds>),
    /// The house pool.
    Pool,
    /// A stake against another character, who puts up this (when `None`: the bettor's
    /// amount, or nothing against a thing).
    Against {
        /// The rival's name, as written.
        rival: String,
        /// The rival's stake.
        stake: Option<Stake>,
    },
}

/// A bet as written, names not yet matched to anyone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetText {
    /// The bettor's name, as written.
    pub bettor: String,
    /// The bettor's words with the verb said after them (`Tom Lays` of `Tom Lays 3 sp on
    /// ...`), when the bettor's name may run on into it: a character of that whole name
    /// is the bettor, else the one named without the verb.
    pub said: Option<String>,
    /// The stake: coins, or (against a rival) a thing.
    pub stake: Stake,
    /// The question.
    pub market: Market,
    /// The pick.
    pub pick: PickText,
    /// With whom.
    pub how: HowText,
}

/// A bet that does not follow the syntax: the problem, as one sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct BetSyntaxError {
    /// The bet as given.
    pub text: String,
    /// What is wrong, as a clause.
    pub problem: String,
    /// The nearest bet that would be taken, in its plain form, when a small change to
    /// the words makes one.
    pub nearest: Option<String>,
}

impl fmt::Display for BetSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(nearest) = &self.nearest {
            return write!(
                f,
                "cannot read the bet `{}`: {}; did you mean `{nearest}`?",
                self.text, self.problem
            );
        }
        let like = if opens_a_thing(&self.text) {
            "'Brannoc \"where the caravan went\" on Brannoc against Ysolde'"
        } else {
            "\"Pip 5 gp on Brannoc\" or \"Pip 2 gp on first-turn Mirela in the pool\""
        };
        write!(
            f,
            "cannot read the bet `{}`: {} (write it like {like})",
            self.text, self.problem
        )
    }
}

impl FromStr for BetText {
    type Err = BetSyntaxError;

    /// Reads a bet; one refused names the nearest bet that would be taken, if any.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        read(text).map_err(|mut e| {
            e.nearest = nearest::nearest(text);
            e
        })
    }
}

/// Reads a bet: the bettor, the stake and what it backs, then the options.
fn read(text: &str) -> Result<BetText, BetSyntaxError> {
    let mut r = Reader::open(text)?;
    let (bettor, said) = r.bettor()?;
    let (stake, market, pick) = r.backing()?;
    let (market, how) = r.options(market)?;
    r.coin_with_the_house(&stake, &how)?;
    Ok(BetText {
        bettor,
        said,
        stake,
        market,
        pick,
        how,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Tally;
    use crate::wager::market::Scope;
    use crate::wager::money::Money;

    fn bet(text: &str) -> BetText {
        text.parse().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn every_end_is_named_in_bets_as_json_names_it() {
        for end in End::ALL {
            let json = serde_json::to_string(&end).unwrap();
            assert_eq!(json, format!("\"{}\"", end.key()), "{end:?}");
            let text = format!("Pip 1 gp on end {}", end.key());
            assert_eq!(bet(&text).pick, PickText::End(end), "{text}");
        }
    }

    fn problem(text: &str) -> String {
        text.parse::<BetText>().unwrap_err().to_string()
    }

    #[test]
    fn the_plain_bet_is_on_the_match_with_the_bookie() {
        let b = bet("Pip 5 gp on Brannoc");
        assert_eq!(b.bettor, "Pip");
        assert_eq!(b.stake, Stake::Coins(Money(500)));
        assert_eq!(b.market, Market::Match);
        assert_eq!(b.pick, PickText::Name("Brannoc".into()));
        assert_eq!(b.how, HowText::Bookie(None));
        assert_eq!(bet("Pip backs Brannoc 5gp"), b);
        assert_eq!(bet("Pip 5gp on match Brannoc with the bookie"), b);
    }

    #[test]
    fn every_market_has_its_word() {
        assert_eq!(
            bet("Pip 2 gp on first-turn Mirela").market,
            Market::FirstTurn
        );
        assert_eq!(
            bet("Pip 2 gp on first turn Mirela").market,
            Market::FirstTurn
        );
        assert_eq!(
            bet("Old Pip 2 gp 5 sp on round 2 Old Brannoc").market,
            Market::Game { number: 2 }
        );
        let b = bet("Old Pip 2 gp 5 sp on round 2 Old Brannoc");
        assert_eq!(
            (b.bettor.as_str(), b.stake),
            ("Old Pip", Stake::Coins(Money(250)))
        );
        assert_eq!(b.pick, PickText::Name("Old Brannoc".into()));
        assert_eq!(
            bet("Pip 1 sp on down Mirela in round 3").market,
            Market::Most {
                tally: crate::games::oicus::DOWN,
                scope: Scope::Game(3)
            }
        );
        assert_eq!(
            bet("Pip 1 sp on captures Mirela").market,
            Market::Most {
                tally: Tally::Captures,
                scope: Scope::Match
            }
        );
        let end = bet("Tamsin 1 gp on end massacre at 4 to 1 in game 2");
        assert_eq!(
            end.market,
            Market::End {
                scope: Scope::Game(2)
            }
        );
        assert_eq!(end.pick, PickText::End(crate::games::tides::MASSACRE));
        assert_eq!(end.how, HowText::Bookie(Some(Odds::new(4, 1))));
        assert_eq!(
            bet("Pip 1 cp on end no moves").pick,
            PickText::End(crate::games::pic::NO_MOVES)
        );
    }

    #[test]
    fn caught_names_a_player_and_anyone_caught_names_nobody() {
        let b = bet("Pip 2 sp on caught Mirela in the pool");
        assert_eq!(
            b.market,
            Market::Caught {
                scope: Scope::Match
            }
        );
        assert_eq!(b.pick, PickText::Name("Mirela".into()));
        assert_eq!((b.how, b.stake), (HowText::Pool, Stake::Coins(Money(20))));
        let b = bet("Tamsin 1 gp on anyone caught against Hrodgar");
        assert_eq!(
            b.market,
            Market::AnyoneCaught {
                scope: Scope::Match
            }
        );
        assert_eq!(b.pick, PickText::Anyone);
        assert_eq!(
            b.how,
            HowText::Against {
                rival: "Hrodgar".into(),
                stake: None
            }
        );
        // The `backs` order, a scope, any case, and a name of two words.
        let b = bet("Pip backs Caught Old Brannoc 3 sp in round 2");
        assert_eq!(
            (b.market, b.pick),
            (
                Market::Caught {
                    scope: Scope::Game(2)
                },
                PickText::Name("Old Brannoc".into())
            )
        );
        assert_eq!(
            bet("Pip 1 gp on ANYONE CAUGHT in game 3 at 5 to 1").market,
            Market::AnyoneCaught {
                scope: Scope::Game(3)
            }
        );
        // `anyone` alone is a name, as before.
        assert_eq!(
            bet("Pip 1 gp on anyone").pick,
            PickText::Name("anyone".into())
        );
        assert!(problem("Pip 1 gp on caught").contains("backs nobody"));
        assert!(problem("Pip 1 gp on anyone caught Mirela").contains("`Mirela` is not understood"));
        assert!(
            problem("Pip 1 gp on caught Mirela in game 1 in game 2")
                .contains("names its game twice")
        );
    }

    #[test]
    fn pools_and_rivals() {
        assert_eq!(
            bet("Ysolde backs round 2 Hrodgar 3 sp in the pool").how,
            HowText::Pool
        );
        assert_eq!(
            bet("Hrodgar 2 gp on Mirela against Tamsin 3 gp").how,
            HowText::Against {
                rival: "Tamsin".into(),
                stake: Some(Stake::Coins(Money(300)))
            }
        );
        assert_eq!(
            bet("Hrodgar 2 gp on Mirela against Tamsin").how,
            HowText::Against {
                rival: "Tamsin".into(),
                stake: None
            }
        );
    }

    #[test]
    fn names_may_hold_numbers_where_no_coin_follows() {
        let b = bet("Char 7 1 gp on Char 5");
        assert_eq!(b.bettor, "Char 7");
        assert_eq!(b.stake, Stake::Coins(Money(100)));
        assert_eq!(b.pick, PickText::Name("Char 5".into()));
        let b = bet("Char 7 2 gp 5 sp on Char 5 against Char 3 1 gp");
        assert_eq!(b.bettor, "Char 7");
        assert_eq!(b.stake, Stake::Coins(Money(250)));
        assert_eq!(
            b.how,
            HowText::Against {
                rival: "Char 3".into(),
                stake: Some(Stake::Coins(Money(100)))
            }
        );
        let b = bet("Char 7 backs game 2 Char 5 3 sp in the pool");
        assert_eq!(b.bettor, "Char 7");
        assert_eq!(b.market, Market::Game { number: 2 });
        assert_eq!(b.pick, PickText::Name("Char 5".into()));
        assert_eq!(b.stake, Stake::Coins(Money(30)));
        let b = bet("Char 7 1gp on points Char 5 in game 3");
        assert_eq!(b.pick, PickText::Name("Char 5".into()));
        assert_eq!(b.bettor, "Char 7");
        let b = bet(r#"Unit 9 "a brass key" on Unit 9 against Unit 10"#);
        assert_eq!(b.bettor, "Unit 9");
        assert!(matches!(&b.how, HowText::Against { rival, .. } if rival == "Unit 10"));
        // A number the stake is missing its coin still reads as the stake.
        assert!(problem("Pip 3 on Brannoc").contains("the stake `3` has no coin"));
    }

    #[test]
    fn mistakes_are_one_clear_sentence() {
        assert!(
            problem("Pip 5 gp Brannoc").contains("`on` and what is backed should follow the stake")
        );
        assert!(problem("Pip on Brannoc").contains("the stake is missing"));
        assert!(problem("Pip 5 bananas on Brannoc").contains("`bananas` is not a coin"));
        assert!(problem("Pip 0 gp on Brannoc").contains("stake is nothing"));
        assert!(
            problem("Pip 3 on Brannoc").contains("the stake `3` has no coin: write it `3 gp`"),
            "{}",
            problem("Pip 3 on Brannoc")
        );
        assert!(problem("Pip -1 sp on Brannoc").contains("a stake is a positive amount"));
        assert!(problem("Pip 2 gp on Brannoc against Ysolde -2 gp").contains("`-2`"));
        assert!(problem("Pip 5 gp on").contains("backs nobody"));
        // The ends listed as the enum that held them all listed them, by hand.
        assert!(problem("Pip 5 gp on end sunrise").contains(
            "`sunrise` is not a way of ending; the ends are conquest, massacre, blockade, \
             truce, no-moves, all-captured, cap, points, stalled, resigned, forfeit"
        ));
        assert_eq!(
            bet("Pip 1 gp on end all captured").pick,
            PickText::End(crate::games::kiust::ALL_CAPTURED)
        );
        assert!(problem("Pip 5 gp on game Brannoc").contains("`game` needs a number"));
        assert!(problem("Pip 5 gp on Brannoc in game 2").contains("scopes a points"));
        assert!(
            problem("Pip 5 gp on Brannoc in the pool against Ysolde").contains("only one of these")
        );
        assert!(problem("Pip 5 gp on Brannoc at 3 to nothing").contains("is not a price"));
        assert!(problem("Pip 5 gp on Brannoc 3 gp").contains("`3 gp` is not understood"));
        assert!(problem("").contains("it is empty"));
        assert!(problem("5 gp on Brannoc").contains("bettor's name"));
        for text in [
            "Pip 5 gp Brannoc",
            "",
            "Pip 5 gp on end sunrise",
            "Pip 3 on Brannoc",
            "Pip -1 sp on Brannoc",
        ] {
            let msg = problem(text);
            assert_eq!(msg.lines().count(), 1, "{msg}");
            assert!(msg.starts_with("cannot read the bet"), "{msg}");
        }
    }

    fn thing(text: &str) -> Stake {
        Stake::Thing(text.parse().unwrap())
    }

    #[test]
    fn a_quoted_text_where_an_amount_goes_is_a_thing_staked() {
        let b = bet(r#"Brannoc "where the caravan went" on Brannoc against Ysolde"#);
        assert_eq!(b.bettor, "Brannoc");
        assert_eq!(b.stake, thing("where the caravan went"));
        assert_eq!(b.pick, PickText::Name("Brannoc".into()));
        assert_eq!(
            b.how,
            HowText::Against {
                rival: "Ysolde".into(),
                stake: None
            }
        );
        // Curly quotes read the same, and so does the `backs` order.
        assert_eq!(
            bet("Brannoc “where the caravan went” on Brannoc against Ysolde"),
            b
        );
        assert_eq!(
            bet(r#"Brannoc backs Brannoc "where the caravan went" against Ysolde"#),
            b
        );
        // Spaces inside the quotes are the thing's own; a name of two words still reads.
        let b =
            bet(r#"Old Brannoc "a ride  to Ferrin" on game 2 Old Brannoc against Sister Ysolde"#);
        assert_eq!(b.bettor, "Old Brannoc");
        assert_eq!(b.stake, thing("a ride  to Ferrin"));
        assert_eq!(b.market, Market::Game { number: 2 });
    }

    #[test]
    fn the_rival_s_stake_may_be_coins_or_a_thing_with_or_without_for() {
        let against = |text: &str| match bet(text).how {
            HowText::Against { rival, stake } => (rival, stake),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            against(r#"Ysolde 3 gp on Ysolde against Brannoc "where the caravan went""#),
            ("Brannoc".into(), Some(thing("where the caravan went")))
        );
        assert_eq!(
            against(r#"Ysolde 3 gp on Ysolde against Brannoc for "where the caravan went""#),
            ("Brannoc".into(), Some(thing("where the caravan went")))
        );
        assert_eq!(
            against(r#"Ysolde "a favour" on Ysolde against Old Brannoc for 2 sp"#),
            ("Old Brannoc".into(), Some(Stake::Coins(Money(20))))
        );
        assert_eq!(
            against(r#"Ysolde "a favour" on Ysolde against Brannoc "her silver locket""#),
            ("Brannoc".into(), Some(thing("her silver locket")))
        );
        // `for` reads before coins too, the old way still reads without it.
        assert_eq!(
            bet("Hrodgar 2 gp on Mirela against Tamsin for 3 gp"),
            bet("Hrodgar 2 gp on Mirela against Tamsin 3 gp")
        );
    }

    #[test]
    fn the_bookie_and_the_pool_take_no_thing() {
        for (text, with) in [
            (
                r#"Pip "his lucky die" on Brannoc"#,
                "the bookie deals only in coin",
            ),
            (
                r#"Pip "his lucky die" on Brannoc at 3 to 1"#,
                "the bookie deals only in coin",
            ),
            (
                r#"Pip "his lucky die" on Brannoc in the pool"#,
                "the pool deals only in coin",
            ),
        ] {
            let msg = problem(text);
            assert!(msg.contains(with), "{msg}");
            assert!(
                msg.contains("“his lucky die” can be staked only against another character"),
                "{msg}"
            );
            assert_eq!(msg.lines().count(), 1, "{msg}");
        }
    }

    #[test]
    fn a_bad_thing_is_one_clear_sentence() {
        let cases = [
            (
                r#"Pip "" on Brannoc against Ysolde"#,
                "Ysolde`: a thing staked cannot be empty: write what is staked between \
                 the quotes (write it like 'Brannoc \"where the caravan went\" on",
            ),
            (r#"Pip "  " on Brannoc against Ysolde"#, "cannot be empty"),
            (
                &*format!(r#"Pip "{}" on Brannoc against Ysolde"#, "x".repeat(81)),
                "at most 80 characters, and this one is 81",
            ),
            (
                "Pip \"a\tlocket\" on Brannoc against Ysolde",
                "without tabs or control characters",
            ),
            (
                "Pip \"a\u{1b}[31mlocket\" on Brannoc against Ysolde",
                "control characters",
            ),
            (
                "Pip \"a\nlocket\" on Brannoc against Ysolde",
                "`Pip \"a\\nlocket\" on",
            ),
            (
                r#"Pip "3 gp" on Brannoc against Ysolde"#,
                "“3 gp” is money, not a thing",
            ),
            (
                r#"Pip 1 gp on Brannoc against Ysolde for "2""#,
                "the rival's stake: “2” is money",
            ),
            (
                r#"Pip "a locket on Brannoc against Ysolde"#,
                "has no closing quotation mark",
            ),
            (
                r#"Pip a"locket" on Brannoc against Ysolde"#,
                "the quotation mark in `a\"locket\"` stands alone",
            ),
            (
                "Pip 1 gp on Brannoc against Ysolde for",
                "the rival's stake is missing",
            ),
            (
                r#"Pip "a locket" on Brannoc against Ysolde for"#,
                "the rival's stake is missing",
            ),
        ];
        for (text, needle) in cases {
            let msg = problem(text);
            assert!(msg.contains(needle), "{text}: {msg}");
            assert!(msg.starts_with("cannot read the bet"), "{msg}");
            assert_eq!(msg.lines().count(), 1, "{msg}");
        }
    }
}

#[cfg(test)]
mod said_tests;
