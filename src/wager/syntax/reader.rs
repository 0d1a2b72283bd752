//! The words of a bet, read one at a time: names, keywords, stakes (coins or a quoted
//! thing) and numbers, and the one-sentence error that names the bet as given.

use super::BetSyntaxError;
use super::said::{coin_of, is_piece, plain_amount};
use crate::wager::money::{MAX_STAKE, Money};
use crate::wager::thing::{Stake, Thing};
use crate::wager::words::{is_quoted, unquoted};

const KEYWORDS: [&str; 7] = ["in", "at", "with", "against", "on", "backs", "for"];

/// Whether a token is one of the keywords of a bet, in any case.
fn is_keyword(token: &str) -> bool {
    KEYWORDS.contains(&token.to_lowercase().as_str())
}

/// Whether a token belongs to an amount: `5`, `gp`, `5gp`, `silver`, `pieces`.
fn is_money_token(token: &str) -> bool {
    let t = token.trim_end_matches(',');
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let coin = &t[digits..];
    !t.is_empty() && (coin.is_empty() || coin_of(coin).is_some() || (digits == 0 && is_piece(coin)))
}

/// Whether a token is a coin, short or by name (`gp`, `gold`).
fn is_coin(token: &str) -> bool {
    coin_of(token.trim_end_matches(',')).is_some()
}

/// A bet's words, and how far they have been read.
pub(super) struct Reader<'a> {
    /// The words, a quoted thing being one.
    pub(super) tokens: Vec<&'a str>,
    /// The next word to read.
    pub(super) at: usize,
    /// The bet as given.
    pub(super) text: &'a str,
}

impl<'a> Reader<'a> {
    /// The bet refused for `problem`.
    pub(super) fn fail<T>(&self, problem: impl Into<String>) -> Result<T, BetSyntaxError> {
        // A control character is shown escaped, so that the error stays one plain line.
        let text = self
            .text
            .trim()
            .chars()
            .map(|c| {
                if c.is_control() {
                    c.escape_default().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect();
        Err(BetSyntaxError {
            text,
            problem: problem.into(),
            nearest: None,
        })
    }

    /// The next word, in lower case.
    pub(super) fn peek(&self) -> Option<String> {
        self.tokens.get(self.at).map(|t| t.to_lowercase())
    }

    /// Reads `word` when it comes next.
    pub(super) fn eat(&mut self, word: &str) -> bool {
        if self.peek().as_deref() == Some(word) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    /// Whether a number comes next.
    fn starts_amount(&self) -> bool {
        self.tokens
            .get(self.at)
            .is_some_and(|t| t.starts_with(|c: char| c.is_ascii_digit()))
    }

    /// Whether a stake comes next: a number or a quoted thing.
    pub(super) fn starts_stake(&self) -> bool {
        self.starts_amount() || self.tokens.get(self.at).is_some_and(|t| is_quoted(t))
    }

    /// Whether coins start here for certain: a number with its coin (`5gp`), or a number
    /// followed by a coin (`5 gp`). A number with no coin after it may be part of a name
    /// (`Char 7`).
    fn starts_coins(&self) -> bool {
        self.coins_at(self.at)
    }

    /// Whether coins start at the word `at`, as [`Reader::starts_coins`] says.
    fn coins_at(&self, at: usize) -> bool {
        let Some(t) = self.tokens.get(at) else {
            return false;
        };
        let t = t.trim_end_matches(',');
        if !t.starts_with(|c: char| c.is_ascii_digit()) {
            return false;
        }
        if !t.chars().all(|c| c.is_ascii_digit()) {
            return is_money_token(t);
        }
        self.tokens.get(at + 1).is_some_and(|next| is_coin(next))
    }

    /// Whether `to win` or `to the pool` comes next, which no name runs into.
    fn at_to_option(&self) -> bool {
        let word = |i: usize| self.tokens.get(self.at + i).map(|t| t.to_lowercase());
        word(0).as_deref() == Some("to")
            && (word(1).as_deref() == Some("win")
                || (word(1).as_deref() == Some("the") && word(2).as_deref() == Some("pool")))
    }

    /// Words of a name, up to a keyword, a quoted thing, coins, `to win` or `to the
    /// pool`: a number is a word of the name unless a coin follows it (`Char 7 1 gp on
    /// Char 5`).
    pub(super) fn name_words(&mut self) -> String {
        let start = self.at;
        while self.at < self.tokens.len()
            && !is_keyword(self.tokens[self.at])
            && !is_quoted(self.tokens[self.at])
            && !self.starts_coins()
            && !self.at_to_option()
        {
            self.at += 1;
        }
        self.tokens[start..self.at].join(" ")
    }

    /// A stake: a quoted thing, or an amount.
    pub(super) fn stake(&mut self, whose: &str) -> Result<Stake, BetSyntaxError> {
        match self.tokens.get(self.at) {
            Some(token) if is_quoted(token) => {
                let inside = unquoted(token);
                self.at += 1;
                match inside.parse::<Thing>() {
                    Ok(thing) => Ok(Stake::Thing(thing)),
                    Err(e) if whose == "the" => self.fail(e.to_string()),
                    Err(e) => self.fail(format!("{whose} stake: {e}")),
                }
            }
            _ => self.amount(whose).map(Stake::Coins),
        }
    }

    /// Words up to a keyword, an amount or a quoted thing.
    pub(super) fn words(&mut self) -> String {
        let start = self.at;
        while self.at < self.tokens.len()
            && !is_keyword(self.tokens[self.at])
            && !self.starts_stake()
        {
            self.at += 1;
        }
        self.tokens[start..self.at].join(" ")
    }

    /// An amount of coins, refused when missing, nothing, too large or without a coin;
    /// `whose` stake it is begins the error ("the", "the rival's"). Coins may be named
    /// (`3 silver pieces`) and joined by `and` (`3 sp and 2 cp`).
    fn amount(&mut self, whose: &str) -> Result<Money, BetSyntaxError> {
        let start = self.at;
        while self.at < self.tokens.len() && is_money_token(self.tokens[self.at]) {
            self.at += 1;
            // A word straight after a number is read as its coin, so that a wrong coin
            // is named as one.
            if self.tokens[self.at - 1].ends_with(|c: char| c.is_ascii_digit())
                && self
                    .tokens
                    .get(self.at)
                    .is_some_and(|t| t.chars().all(char::is_alphabetic) && !is_keyword(t))
            {
                self.at += 1;
            }
            // `and` joins two amounts of coins: `3 sp and 2 cp`.
            if self.at > start
                && self.peek().as_deref() == Some("and")
                && self.coins_at(self.at + 1)
            {
                self.at += 1;
            }
        }
        if start == self.at {
            return self.fail(format!("{whose} stake is missing"));
        }
        let text = self.tokens[start..self.at].join(" ");
        let plain = plain_amount(&self.tokens[start..self.at]);
        match plain.parse::<Money>() {
            Ok(Money::ZERO) => self.fail(format!("{whose} stake is nothing")),
            Ok(m) if m > MAX_STAKE => self.fail(format!(
                "{whose} stake of {m} is more than the largest taproom takes, {MAX_STAKE}"
            )),
            Ok(m) => Ok(m),
            Err(_) if !plain.is_empty() && plain.chars().all(|c| c.is_ascii_digit()) => {
                self.fail(format!(
                    "{whose} stake `{text}` has no coin: write it `{plain} gp`, or in pp, ep, \
                     sp or cp"
                ))
            }
            Err(e) => self.fail(format!("{whose} stake `{text}`: {}", e.reason)),
        }
    }

    /// A number from 1, after the word `after`.
    pub(super) fn number(&mut self, after: &str) -> Result<u32, BetSyntaxError> {
        match self.tokens.get(self.at).and_then(|t| t.parse::<u32>().ok()) {
            Some(n) if n > 0 => {
                self.at += 1;
                Ok(n)
            }
            _ => self.fail(format!("`{after}` needs a number from 1")),
        }
    }
}
