//! The parts of a bet, in the order they are written: the bettor, the stake and what it
//! backs (either way round), the market and the pick, then the options (the game or
//! round in scope, the pool, the bookie or a price agreed, a rival and their stake).

use super::reader::Reader;
use super::said::is_verb;
use super::{BetSyntaxError, HowText, PickText};
use crate::games::{End, Tally};
use crate::wager::market::{Market, Scope};
use crate::wager::price::Odds;
use crate::wager::thing::Stake;
use crate::wager::words::tokens;

impl<'a> Reader<'a> {
    /// The words of the bet `text`, refused when they cannot be split, are none, or hold
    /// a negative stake.
    pub(super) fn open(text: &'a str) -> Result<Self, BetSyntaxError> {
        let mut r = Reader {
            tokens: Vec::new(),
            at: 0,
            text,
        };
        r.tokens = match tokens(text) {
            Ok(tokens) => tokens,
            Err(problem) => return r.fail(problem),
        };
        if r.tokens.is_empty() {
            return r.fail("it is empty");
        }
        if let Some(negative) = r
            .tokens
            .iter()
            .find(|t| t.starts_with('-') && t[1..].starts_with(|c: char| c.is_ascii_digit()))
        {
            return r.fail(format!(
                "a stake is a positive amount, never `{negative}`: to bet the other way, back \
                 another side"
            ));
        }
        Ok(r)
    }

    /// The bettor's name, which the bet begins with, and (when its last word is a verb
    /// the GM may say, `Pip bets 3 sp`) the words with that verb: the roster decides
    /// whether they are a name of their own (`Tom Lays`).
    pub(super) fn bettor(&mut self) -> Result<(String, Option<String>), BetSyntaxError> {
        let start = self.at;
        let mut bettor = self.name_words();
        if bettor.is_empty() {
            return self.fail("it does not begin with the bettor's name");
        }
        // No stake after the name: read again with any number as the start of the
        // stake, so that `Pip 3 on Brannoc` is told its stake has no coin.
        if !self.starts_stake() && self.peek().as_deref() != Some("backs") {
            self.at = start;
            bettor = self.words();
            if bettor.is_empty() {
                return self.fail("it does not begin with the bettor's name");
            }
        }
        let words = &self.tokens[start..self.at];
        if let [name @ .., verb] = words
            && !name.is_empty()
            && is_verb(verb)
            && self.starts_stake()
        {
            return Ok((name.join(" "), Some(bettor)));
        }
        Ok((bettor, None))
    }

    /// The stake, the market and the pick, either way round: `STAKE on MARKET PICK` or
    /// `backs MARKET PICK STAKE`.
    pub(super) fn backing(&mut self) -> Result<(Stake, Market, PickText), BetSyntaxError> {
        if self.eat("backs") {
            let market = self.market()?;
            let pick = self.pick(market)?;
            Ok((self.stake("the")?, market, pick))
        } else {
            let stake = self.stake("the")?;
            if !self.eat("on") {
                return self.fail("`on` and what is backed should follow the stake");
            }
            let market = self.market()?;
            Ok((stake, market, self.pick(market)?))
        }
    }

    /// The market, `match` when none is named (the word read is then a name).
    fn market(&mut self) -> Result<Market, BetSyntaxError> {
        let word = self.peek().unwrap_or_default();
        let market = match word.as_str() {
            "match" | "table" => Market::Match,
            "game" | "round" => {
                self.at += 1;
                let number = self.number(&word)?;
                return Ok(Market::Game { number });
            }
            "first-turn" => Market::FirstTurn,
            "first"
                if self.tokens.get(self.at + 1).map(|t| t.to_lowercase())
                    == Some("turn".into()) =>
            {
                self.at += 1;
                Market::FirstTurn
            }
            "end" => Market::End {
                scope: Scope::Match,
            },
            "caught" => Market::Caught {
                scope: Scope::Match,
            },
            "anyone"
                if self.tokens.get(self.at + 1).map(|t| t.to_lowercase())
                    == Some("caught".into()) =>
            {
                self.at += 1;
                Market::AnyoneCaught {
                    scope: Scope::Match,
                }
            }
            // A tally's word, as the games name it ("kiusts"); else a name.
            other => match Tally::from_word(other) {
                Some(tally) => most(tally),
                None => return Ok(Market::Match),
            },
        };
        self.at += 1;
        Ok(market)
    }

    /// What the bet backs in `market`: a name, a way of ending, or anybody.
    fn pick(&mut self, market: Market) -> Result<PickText, BetSyntaxError> {
        if let Market::AnyoneCaught { .. } = market {
            return Ok(PickText::Anyone);
        }
        let words = self.name_words();
        if words.is_empty() {
            return self.fail(
                "it backs nobody: a name (or, for `end`, a way of ending) comes after the market",
            );
        }
        if let Market::End { .. } = market {
            let lower = words.to_lowercase().replace(' ', "-");
            return match End::ALL.iter().find(|e| e.key() == lower) {
                Some(e) => Ok(PickText::End(*e)),
                None => self.fail(format!(
                    "`{words}` is not a way of ending; the ends are {}",
                    End::ALL
                        .iter()
                        .map(|e| e.key())
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            };
        }
        Ok(PickText::Name(words))
    }

    /// The options after the pick, to the end: `market` scoped to a game or round, and
    /// with whom the bet is (the bookie at its price when none is named).
    pub(super) fn options(
        &mut self,
        mut market: Market,
    ) -> Result<(Market, HowText), BetSyntaxError> {
        let mut how: Option<HowText> = None;
        while let Some(word) = self.peek() {
            self.at += 1;
            let with = match word.as_str() {
                "in" if matches!(self.peek().as_deref(), Some("game" | "round")) => {
                    market = self.scoped(market)?;
                    continue;
                }
                // What a bet on a name backs anyway: `Pip 3 sp on Brannoc to win`, `to
                // win the match`.
                "to" if self.eat("win") => {
                    if self.peek().as_deref() == Some("the")
                        && self.tokens.get(self.at + 1).map(|t| t.to_lowercase())
                            == Some("match".into())
                    {
                        self.at += 2;
                    }
                    continue;
                }
                "in" | "to" => self.pool(&word)?,
                "with" | "at" if matches!(self.peek().as_deref(), Some("the" | "bookie")) => {
                    self.bookie(&word)?
                }
                "at" => self.price()?,
                "against" => self.against()?,
                _ => {
                    self.at -= 1;
                    let rest = self.tokens[self.at..].join(" ");
                    return self.fail(format!("`{rest}` is not understood"));
                }
            };
            if how.is_some() {
                return self.fail(
                    "a bet is with the bookie, in the pool or against a rival: only one of these",
                );
            }
            how = Some(with);
        }
        Ok((market, how.unwrap_or(HowText::Bookie(None))))
    }

    /// `market` scoped to the game or round after `in`: a points, down, home, captures,
    /// end or caught bet, not yet scoped.
    fn scoped(&mut self, market: Market) -> Result<Market, BetSyntaxError> {
        let unit = self.peek().unwrap_or_default();
        self.at += 1;
        let n = Scope::Game(self.number(&unit)?);
        match market {
            Market::Most {
                tally,
                scope: Scope::Match,
            } => Ok(Market::Most { tally, scope: n }),
            Market::End {
                scope: Scope::Match,
            } => Ok(Market::End { scope: n }),
            Market::Caught {
                scope: Scope::Match,
            } => Ok(Market::Caught { scope: n }),
            Market::AnyoneCaught {
                scope: Scope::Match,
            } => Ok(Market::AnyoneCaught { scope: n }),
            Market::Most { .. }
            | Market::End { .. }
            | Market::Caught { .. }
            | Market::AnyoneCaught { .. } => self.fail("it names its game twice"),
            _ => self.fail(format!(
                "`in {unit} N` scopes a points, down, home, captures, end or caught bet; for the winner of a {unit} write `on {unit} N NAME`"
            )),
        }
    }

    /// The pool, after `in` or `to` (the `word` read).
    fn pool(&mut self, word: &str) -> Result<HowText, BetSyntaxError> {
        self.eat("the");
        if !self.eat("pool") {
            return self.fail(format!(
                "`{word}` should be followed by `the pool` or `game N`"
            ));
        }
        Ok(HowText::Pool)
    }

    /// The bookie at its own price, after `with` or `at` (the `word` read).
    fn bookie(&mut self, word: &str) -> Result<HowText, BetSyntaxError> {
        self.eat("the");
        if !self.eat("bookie") {
            return self.fail(format!("`{word} the` should be followed by `bookie`"));
        }
        Ok(HowText::Bookie(None))
    }

    /// The bookie at a price agreed, after `at`: the words up to the next option.
    fn price(&mut self) -> Result<HowText, BetSyntaxError> {
        let start = self.at;
        while self.at < self.tokens.len()
            && !matches!(self.peek().as_deref(), Some("in" | "with" | "against"))
        {
            self.at += 1;
        }
        let price = self.tokens[start..self.at].join(" ");
        match price.parse::<Odds>() {
            Ok(odds) => Ok(HowText::Bookie(Some(odds))),
            Err(e) => self.fail(e.to_string()),
        }
    }

    /// A rival, after `against`, and their stake when one is named.
    fn against(&mut self) -> Result<HowText, BetSyntaxError> {
        let rival = self.name_words();
        if rival.is_empty() {
            return self.fail("`against` needs the rival's name");
        }
        let stake = if self.eat("for") || self.starts_stake() {
            Some(self.stake("the rival's")?)
        } else {
            None
        };
        Ok(HowText::Against { rival, stake })
    }

    /// Refuses a thing staked with the bookie or in the pool, who deal only in coin.
    pub(super) fn coin_with_the_house(
        &self,
        stake: &Stake,
        how: &HowText,
    ) -> Result<(), BetSyntaxError> {
        if let Stake::Thing(thing) = stake
            && !matches!(how, HowText::Against { .. })
        {
            let with = match how {
                HowText::Pool => "the pool",
                _ => "the bookie",
            };
            return self.fail(format!(
                "{with} deals only in coin, so {} can be staked only against another \
                 character (`against NAME`)",
                thing.quoted()
            ));
        }
        Ok(())
    }
}

/// The market on which side has more of `tally` over the match.
fn most(tally: Tally) -> Market {
    Market::Most {
        tally,
        scope: Scope::Match,
    }
}
