//! The words a GM says a bet with, beside the bet syntax's own: a verb after the bettor
//! (`Pip bets 3 sp on Brannoc`), coins by their names (`3 silver pieces`), amounts joined
//! by `and`, and several bets on one line, split at `;`.

use crate::wager::money::COINS;

use super::super::words::is_quoted;

/// The verbs a GM may put between the bettor and the stake: `Pip bets 3 sp on Brannoc`,
/// `Pip puts 3 silver on Brannoc`. `backs` is not one of them: its stake comes last.
pub(super) const VERBS: [&str; 10] = [
    "bets", "bet", "puts", "put", "wagers", "wager", "stakes", "stake", "lays", "lay",
];

/// The coins by name, each with its short form ([`COINS`]).
const COIN_NAMES: [(&str, &str); 5] = [
    ("platinum", "pp"),
    ("gold", "gp"),
    ("electrum", "ep"),
    ("silver", "sp"),
    ("copper", "cp"),
];

/// Words that may follow a coin and add nothing: `3 gold pieces`, `1 silver coin`.
const PIECES: [&str; 4] = ["piece", "pieces", "coin", "coins"];

/// Whether `word` is a verb of [`VERBS`], in any case.
pub(super) fn is_verb(word: &str) -> bool {
    VERBS.contains(&word.to_lowercase().as_str())
}

/// The short form of a coin, written short (`gp`), by name (`gold`) or as a plural
/// (`golds`), in any case; `None` for a word that is no coin.
pub(super) fn coin_of(word: &str) -> Option<&'static str> {
    let w = word.to_lowercase();
    if let Some((short, _)) = COINS.iter().find(|(short, _)| *short == w) {
        return Some(short);
    }
    let singular = w.strip_suffix('s').unwrap_or(&w);
    COIN_NAMES
        .iter()
        .find(|(name, _)| *name == w || *name == singular)
        .map(|(_, short)| *short)
}

/// Whether `word` is `piece`, `pieces`, `coin` or `coins`, in any case.
pub(super) fn is_piece(word: &str) -> bool {
    PIECES.contains(&word.to_lowercase().as_str())
}

/// An amount's words as the coin syntax writes them: each coin short, `and` and
/// `pieces` left out (`3 silver pieces and 2 copper` → `3 sp 2 cp`).
pub(super) fn plain_amount(words: &[&str]) -> String {
    let mut out: Vec<String> = Vec::new();
    for word in words {
        let w = word.trim_end_matches(',');
        if is_piece(w) || w.eq_ignore_ascii_case("and") {
            continue;
        }
        let digits = w.find(|c: char| !c.is_ascii_digit()).unwrap_or(w.len());
        let (number, coin) = w.split_at(digits);
        let coin = coin_of(coin).map_or_else(|| coin.to_owned(), str::to_owned);
        out.push(match (number.is_empty(), coin.is_empty()) {
            (false, false) => format!("{number} {coin}"),
            (true, _) => coin,
            (_, true) => number.to_owned(),
        });
    }
    out.join(" ")
}

/// The bets of one line, split at each `;` outside a quoted thing; blank pieces (a `;`
/// at the end) are left out, but a line of nothing is one (empty) bet, to be refused.
#[must_use]
pub fn split_bets(line: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut closing: Option<char> = None;
    for (at, c) in line.char_indices() {
        match closing {
            Some(close) if c == close => closing = None,
            Some(_) => {}
            None if c == ';' => {
                pieces.push(&line[start..at]);
                start = at + 1;
            }
            None if is_quoted(&line[at..]) => {
                closing = Some(if c == '“' { '”' } else { c });
            }
            None => {}
        }
    }
    pieces.push(&line[start..]);
    let bets: Vec<&str> = pieces
        .into_iter()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    if bets.is_empty() { vec![line] } else { bets }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coins_are_read_short_by_name_and_in_the_plural() {
        for (word, short) in [
            ("gp", "gp"),
            ("GP", "gp"),
            ("gold", "gp"),
            ("Golds", "gp"),
            ("silver", "sp"),
            ("silvers", "sp"),
            ("copper", "cp"),
            ("coppers", "cp"),
            ("electrum", "ep"),
            ("platinum", "pp"),
        ] {
            assert_eq!(coin_of(word), Some(short), "{word}");
        }
        for word in ["", "s", "gps", "bananas", "pieces", "goldd"] {
            assert_eq!(coin_of(word), None, "{word}");
        }
    }

    #[test]
    fn an_amount_said_is_written_in_short_coins() {
        let plain = |text: &str| plain_amount(&text.split(' ').collect::<Vec<_>>());
        assert_eq!(plain("3 silver pieces and 2 copper"), "3 sp 2 cp");
        assert_eq!(plain("1 gold piece"), "1 gp");
        assert_eq!(plain("2gp, 5 SP"), "2 gp 5 sp");
        assert_eq!(plain("3 bananas"), "3 bananas");
    }

    #[test]
    fn a_line_splits_at_semicolons_outside_quotes() {
        assert_eq!(
            split_bets("Tamsin 2 sp on Mirela; Pip 1 sp on Brannoc"),
            ["Tamsin 2 sp on Mirela", "Pip 1 sp on Brannoc"]
        );
        assert_eq!(split_bets("Pip 1 sp on Brannoc;"), ["Pip 1 sp on Brannoc"]);
        assert_eq!(
            split_bets(r#"Pip "a; b" on Pip against Ysolde; Tamsin “c;d” on X against Y"#),
            [
                r#"Pip "a; b" on Pip against Ysolde"#,
                "Tamsin “c;d” on X against Y"
            ]
        );
        assert_eq!(split_bets(" ; "), [" ; "]);
        assert_eq!(split_bets(""), [""]);
    }
}
