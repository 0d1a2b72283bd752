//! The bribe syntax: one line a GM types at the table (`--bribe`) or writes in an evening
//! file.
//!
//! ```text
//! PAYER [offers | pays | gives] AMOUNT to TAKER to lose [the match] [to BENEFICIARY]
//! ```
//! AMOUNT is coins as in a bet (`10 gp`, `3 silver and 5 copper`). The TAKER is asked to
//! throw the match: to lose it to the BENEFICIARY, or (when none is named) to the PAYER.
//! Names may be first names or whole names; keywords are read in any case.
//! Examples: `Plain Jory 10 gp to Brother Tobin to lose`,
//! `Pip offers 5 gp to Brannoc to lose to Mirela`.

use std::fmt;
use std::str::FromStr;

use super::said::{coin_of, is_piece, plain_amount};
use crate::wager::money::{MAX_STAKE, Money};

/// The verbs a GM may put between the payer and the amount.
const VERBS: [&str; 6] = ["offers", "offer", "pays", "pay", "gives", "give"];

/// The form every bribe error shows.
const LIKE: &str = "Plain Jory 10 gp to Brother Tobin to lose";

/// A bribe as written, names not yet matched to anyone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BribeText {
    /// Who pays, as written.
    pub payer: String,
    /// How much.
    pub amount: Money,
    /// Who is paid to lose, as written.
    pub taker: String,
    /// Whom they are to lose to, as written (`None`: to the payer).
    pub to: Option<String>,
}

impl fmt::Display for BribeText {
    /// The plain form: `Plain Jory 10 gp to Brother Tobin to lose [to NAME]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} to {} to lose",
            self.payer, self.amount, self.taker
        )?;
        match &self.to {
            Some(to) => write!(f, " to {to}"),
            None => Ok(()),
        }
    }
}

/// A bribe that does not follow the syntax: the problem, as one sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct BribeSyntaxError {
    /// The bribe as given.
    pub text: String,
    /// What is wrong, as a clause.
    pub problem: String,
    /// The nearest bribe that would be read, in its plain form, when the words give one.
    pub nearest: Option<String>,
}

impl fmt::Display for BribeSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot read the bribe `{}`: {}",
            self.text.trim(),
            self.problem
        )?;
        match &self.nearest {
            Some(n) => write!(f, "; did you mean `{n}`?"),
            None => write!(f, " (write it like `{LIKE}`)"),
        }
    }
}

/// Whether a word belongs to an amount: `10`, `gp`, `10gp`, `gold`, `pieces`, `and`.
fn is_money_word(word: &str) -> bool {
    let w = word.trim_end_matches(',');
    let digits = w.find(|c: char| !c.is_ascii_digit()).unwrap_or(w.len());
    let coin = &w[digits..];
    !w.is_empty()
        && (coin.is_empty()
            || coin_of(coin).is_some()
            || (digits == 0 && (is_piece(coin) || coin.eq_ignore_ascii_case("and"))))
}

/// The parts read so far, for the error and its nearest form.
struct Read<'a> {
    text: &'a str,
    words: Vec<&'a str>,
    at: usize,
}

impl<'a> Read<'a> {
    fn fail<T>(
        &self,
        problem: impl Into<String>,
        nearest: Option<String>,
    ) -> Result<T, BribeSyntaxError> {
        Err(BribeSyntaxError {
            text: self.text.chars().filter(|c| !c.is_control()).collect(),
            problem: problem.into(),
            nearest,
        })
    }

    fn is(&self, i: usize, word: &str) -> bool {
        self.words
            .get(i)
            .is_some_and(|w| w.eq_ignore_ascii_case(word))
    }

    /// Words up to the next `to` or `lose` (or the end).
    fn name(&mut self) -> String {
        let start = self.at;
        while self.at < self.words.len() && !self.is(self.at, "to") && !self.is(self.at, "lose") {
            self.at += 1;
        }
        self.words[start..self.at].join(" ")
    }

    /// The payer: words up to the first that starts with a digit, a verb at the end
    /// left out.
    fn payer(&mut self) -> Result<String, BribeSyntaxError> {
        while self.at < self.words.len()
            && !self.words[self.at].starts_with(|c: char| c.is_ascii_digit())
        {
            self.at += 1;
        }
        let mut name = &self.words[..self.at];
        if let [rest @ .., verb] = name
            && !rest.is_empty()
            && VERBS.contains(&verb.to_lowercase().as_str())
        {
            name = rest;
        }
        if name.is_empty() {
            return self.fail("it does not begin with the payer's name", None);
        }
        if self.at == self.words.len() {
            return self.fail("the amount is missing", None);
        }
        Ok(name.join(" "))
    }

    /// The amount: money words up to `to`.
    fn amount(&mut self) -> Result<Money, BribeSyntaxError> {
        let start = self.at;
        while self.at < self.words.len()
            && !self.is(self.at, "to")
            && is_money_word(self.words[self.at])
        {
            self.at += 1;
        }
        let words = &self.words[start..self.at];
        let plain = plain_amount(words);
        match plain.parse::<Money>() {
            Ok(Money::ZERO) => self.fail("a bribe of nothing buys nothing", None),
            Ok(m) if m > MAX_STAKE => self.fail(
                format!("{m} is more than the largest amount taproom takes, {MAX_STAKE}"),
                None,
            ),
            Ok(m) => Ok(m),
            Err(_) if !plain.is_empty() && plain.chars().all(|c| c.is_ascii_digit()) => self.fail(
                format!("the amount `{}` has no coin", words.join(" ")),
                None,
            ),
            Err(e) => self.fail(
                format!("the amount `{}`: {}", words.join(" "), e.reason),
                None,
            ),
        }
    }
}

impl FromStr for BribeText {
    type Err = BribeSyntaxError;

    /// Reads a bribe; one refused names the nearest form, when its names can be read.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut r = Read {
            text,
            words: text.split_whitespace().collect(),
            at: 0,
        };
        if r.words.is_empty() {
            return r.fail("it is empty", None);
        }
        let payer = r.payer()?;
        let amount = r.amount()?;
        if !r.is(r.at, "to") {
            let rest = r.words[r.at..].join(" ");
            let problem =
                format!("`to` and the one paid to lose must follow the amount, not `{rest}`");
            let taker = rest
                .strip_prefix("for ")
                .unwrap_or(&rest)
                .trim_end_matches(" to lose");
            let nearest =
                (!taker.is_empty()).then(|| format!("{payer} {amount} to {taker} to lose"));
            return r.fail(problem, nearest);
        }
        r.at += 1;
        let taker = r.name();
        if taker.is_empty() {
            return r.fail("the one paid to lose is missing after `to`", None);
        }
        if !(r.is(r.at, "to") && r.is(r.at + 1, "lose")) {
            let said: Vec<&str> = r.words[r.at..]
                .iter()
                .copied()
                .filter(|w| !w.eq_ignore_ascii_case("lose"))
                .collect();
            let nearest = format!("{payer} {amount} to {taker} to lose{}", to_rest(&said));
            return r.fail("it must say `to lose` after the one paid", Some(nearest));
        }
        r.at += 2;
        if r.is(r.at, "the") && r.is(r.at + 1, "match") {
            r.at += 2;
        }
        let to = if r.is(r.at, "to") {
            r.at += 1;
            let to = r.words[r.at..].join(" ");
            r.at = r.words.len();
            if to.is_empty() {
                let nearest = format!("{payer} {amount} to {taker} to lose");
                return r.fail("the name after the last `to` is missing", Some(nearest));
            }
            Some(to)
        } else {
            None
        };
        if r.at < r.words.len() {
            let rest = r.words[r.at..].join(" ");
            let nearest = format!("{payer} {amount} to {taker} to lose to {rest}");
            return r.fail(
                format!("`{rest}` after `to lose` is not read"),
                Some(nearest),
            );
        }
        Ok(BribeText {
            payer,
            amount,
            taker,
            to,
        })
    }
}

/// ` to NAME` from the words after the one paid (`to` left out), or nothing.
fn to_rest(words: &[&str]) -> String {
    let name: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !w.eq_ignore_ascii_case("to"))
        .collect();
    if name.is_empty() {
        String::new()
    } else {
        format!(" to {}", name.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bribe(text: &str) -> BribeText {
        text.parse().unwrap_or_else(|e| panic!("{e}"))
    }

    fn problem(text: &str) -> String {
        text.parse::<BribeText>().unwrap_err().to_string()
    }

    #[test]
    fn the_plain_bribe_names_payer_amount_and_taker() {
        let b = bribe("Plain Jory 10 gp to Brother Tobin to lose");
        assert_eq!(b.payer, "Plain Jory");
        assert_eq!(b.amount, Money(1000));
        assert_eq!(b.taker, "Brother Tobin");
        assert_eq!(b.to, None);
        assert_eq!(b.to_string(), "Plain Jory 10 gp to Brother Tobin to lose");
    }

    #[test]
    fn a_beneficiary_follows_to_lose() {
        let b =
            bribe("pip OFFERS 3 silver and 5 copper TO Brannoc to lose the match to Old Mirela");
        assert_eq!(b.payer, "pip");
        assert_eq!(b.amount, Money(35));
        assert_eq!(b.taker, "Brannoc");
        assert_eq!(b.to.as_deref(), Some("Old Mirela"));
        // The plain form reads back as the same bribe.
        assert_eq!(bribe(&b.to_string()), b);
    }

    #[test]
    fn a_verb_alone_is_a_name() {
        assert_eq!(bribe("Pays 1 gp to Tobin to lose").payer, "Pays");
    }

    #[test]
    fn bad_bribes_are_one_sentence_with_the_form() {
        let cases = [
            ("", "it is empty"),
            (
                "10 gp to Tobin to lose",
                "does not begin with the payer's name",
            ),
            ("Jory to Tobin to lose", "the amount is missing"),
            ("Jory 10 to Tobin to lose", "the amount `10` has no coin"),
            ("Jory 0 gp to Tobin to lose", "a bribe of nothing"),
            ("Jory 10 gp to to lose", "the one paid to lose is missing"),
        ];
        for (text, says) in cases {
            let e = problem(text);
            assert!(e.contains(says), "{text}: {e}");
            assert!(
                e.contains(LIKE) || e.contains("did you mean"),
                "{text}: {e}"
            );
            assert_eq!(e.lines().count().max(1), 1, "{e}");
        }
    }

    #[test]
    fn a_bribe_nearly_right_names_the_nearest_form() {
        let near = |t: &str| t.parse::<BribeText>().unwrap_err().nearest;
        assert_eq!(
            near("Jory 10 gp to Tobin lose").as_deref(),
            Some("Jory 10 gp to Tobin to lose")
        );
        assert_eq!(
            near("Jory 10 gp for Tobin to lose").as_deref(),
            Some("Jory 10 gp to Tobin to lose")
        );
        assert_eq!(
            near("Jory 10 gp to Tobin to lose to").as_deref(),
            Some("Jory 10 gp to Tobin to lose")
        );
        assert_eq!(
            near("Jory 10 gp to Tobin to lose Mara").as_deref(),
            Some("Jory 10 gp to Tobin to lose to Mara")
        );
    }
}
