//! The nearest bet that would be taken, for a bet refused: the fewest changes to its
//! words (a word mistyped, `on` put in or in place of a word, the stake moved after the
//! bettor, a word or the words not understood left out, a coin given to a bare number)
//! that make a bet the syntax reads, written back in its plain form.

use super::said::{VERBS, coin_of, is_piece};
use super::{BetText, PickText, read};
use crate::games::Tally;
use crate::wager::words::tokens;

/// The words of the syntax a mistyped word may have meant, before the tallies' words.
const BEFORE_TALLIES: [&str; 14] = [
    "on",
    "in",
    "at",
    "with",
    "against",
    "for",
    "backs",
    "the",
    "pool",
    "bookie",
    "game",
    "round",
    "match",
    "first-turn",
];

/// The words of the syntax a mistyped word may have meant, after the tallies' words.
const AFTER_TALLIES: [&str; 14] = [
    "end", "caught", "anyone", "win", "and", "gold", "silver", "copper", "electrum", "platinum",
    "piece", "pieces", "coins", "evens",
];

/// The words a mistyped word may have meant: the syntax's own and the tallies', as the
/// games name them ([`Tally::word`]).
fn vocabulary() -> impl Iterator<Item = &'static str> {
    BEFORE_TALLIES
        .into_iter()
        .chain(Tally::ALL.into_iter().map(Tally::word))
        .chain(AFTER_TALLIES)
}

/// The most words a bet may have for its neighbours to be tried.
const MOST_WORDS: usize = 24;

/// The plain form of the nearest bet that reads, if a small change makes one.
pub(super) fn nearest(text: &str) -> Option<String> {
    let words: Vec<String> = tokens(text).ok()?.into_iter().map(str::to_owned).collect();
    if words.is_empty() || words.len() > MOST_WORDS {
        return None;
    }
    candidates(&words)
        .into_iter()
        .find_map(|c| taken(&c.join(" ")))
}

/// The bet `text` in its plain form, when it reads and names nobody with a word that
/// belongs to the syntax (`Brannoc the pool` is no name).
fn taken(text: &str) -> Option<String> {
    let bet: BetText = read(text).ok()?;
    let mut names = vec![bet.bettor.as_str()];
    if let PickText::Name(name) = &bet.pick {
        names.push(name);
    }
    if let super::HowText::Against { rival, .. } = &bet.how {
        names.push(rival);
    }
    let reserved = |w: &str| {
        let lower = w.to_lowercase();
        matches!(lower.as_str(), "pool" | "bookie" | "win" | "match" | "to")
            || coin_of(&lower).is_some()
            || is_piece(&lower)
            || VERBS.contains(&lower.as_str())
    };
    names
        .iter()
        .all(|n| !n.split(' ').any(reserved))
        .then(|| bet.to_string())
}

/// The bet with one word of the syntax respelled, each way that reads: for a bet that
/// reads but names nobody, because a mistyped word ran into a name (`on frist-turn
/// Mirela`).
#[must_use]
pub fn respelled(bet: &BetText) -> Vec<BetText> {
    let plain = bet.to_string();
    let Ok(words) = tokens(&plain) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (at, word) in words.iter().enumerate() {
        for meant in mistyped(word) {
            let mut w = words.clone();
            w[at] = meant;
            if let Ok(b) = read(&w.join(" ")) {
                out.push(b);
            }
        }
    }
    out
}

/// The words changed a little, the likeliest first.
fn candidates(words: &[String]) -> Vec<Vec<String>> {
    let n = words.len();
    let with = |at: usize, word: &str, replace: bool| {
        let mut w = words.to_vec();
        if replace {
            w[at] = word.to_owned();
        } else {
            w.insert(at, word.to_owned());
        }
        w
    };
    let mut out = Vec::new();
    for (at, word) in words.iter().enumerate() {
        for meant in mistyped(word) {
            out.push(with(at, meant, true));
        }
    }
    out.extend((1..n).map(|at| with(at, "on", true)));
    out.extend((1..=n).map(|at| with(at, "on", false)));
    out.extend(stake_moved(words));
    out.extend((0..n).map(|at| {
        let mut w = words.to_vec();
        w.remove(at);
        w
    }));
    out.extend((2..n).rev().map(|len| words[..len].to_vec()));
    for (at, word) in words.iter().enumerate() {
        if word.chars().all(|c| c.is_ascii_digit()) {
            out.push(with(at + 1, "gp", false));
        }
    }
    out
}

/// The words of the syntax a word written in lower case may be a slip for: one letter
/// off (added, left out, changed or two swapped). A word in capitals is a name's.
fn mistyped(word: &str) -> Vec<&'static str> {
    let lower = word.to_lowercase();
    if lower.chars().count() < 2
        || !word.starts_with(|c: char| c.is_lowercase())
        || vocabulary().any(|v| v == lower)
    {
        return Vec::new();
    }
    vocabulary()
        .filter(|v| strsim::damerau_levenshtein(v, &lower) == 1)
        .collect()
}

/// The stake (a number and its coin, or one word as `3gp`) moved to each other place.
fn stake_moved(words: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for at in 0..words.len() {
        if !words[at].starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let len = if words.get(at + 1).is_some_and(|w| coin_of(w).is_some()) {
            2
        } else {
            1
        };
        let mut rest = words.to_vec();
        let stake: Vec<String> = rest.drain(at..at + len).collect();
        for to in 1..rest.len() {
            if to != at {
                let mut w = rest.clone();
                w.splice(to..to, stake.iter().cloned());
                out.push(w);
            }
        }
    }
    out
}
