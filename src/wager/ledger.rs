//! The tavern's ledger: a plain text file, one entry per settled match, saying who paid
//! whom and why, who won what thing from whom, what came back, what the house made and
//! where every purse stands. Entries are only ever added at the end.

use std::fmt::Write;

use super::money::{Currency, Money, show_change};
use super::settle::{BetResult, Settlement};

/// The ledger entry of one settlement, under `heading` (the tavern, the evening, the
/// match and its seed). Ends with a blank line.
#[must_use]
pub fn entry(heading: &str, settlement: &Settlement, currency: Currency) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "## {heading}");
    for t in &settlement.transfers {
        let _ = writeln!(
            out,
            "- {} paid {} {}: {}",
            t.from,
            t.to,
            t.amount.show(currency),
            t.why
        );
    }
    for passed in settlement.things() {
        let _ = writeln!(
            out,
            "- {} won {} from {}: {}",
            passed.to,
            passed.thing.quoted(),
            passed.from,
            passed.why
        );
    }
    for line in &settlement.lines {
        let staked_something = line.bet.stake > Money::ZERO || line.bet.thing.is_some();
        if staked_something
            && matches!(
                line.result,
                BetResult::Push | BetResult::Void | BetResult::Refunded
            )
        {
            let _ = writeln!(
                out,
                "- {} {} {} came back ({})",
                crate::names::possessive(&line.bet.bettor),
                line.bet.staked(currency),
                super::market::backing(&line.what),
                line.outcome()
            );
        }
    }
    let _ = writeln!(
        out,
        "- the house: {}",
        show_change(settlement.house, currency)
    );
    for (name, after) in &settlement.after {
        let before = settlement.before[name];
        let _ = writeln!(
            out,
            "- {name}: {} -> {}",
            before.show(currency),
            after.show(currency)
        );
    }
    out.push('\n');
    out
}

/// The ledger's text with `entry` added at the end (a new ledger gets a title).
#[must_use]
pub fn appended(old: Option<&str>, entry: &str) -> String {
    let mut text = match old {
        Some(old) if !old.is_empty() => {
            let mut t = old.to_owned();
            if !t.ends_with('\n') {
                t.push('\n');
            }
            t
        }
        _ => "# Ledger: every wager taproom settled, who paid whom and why\n\n".to_owned(),
    };
    text.push_str(entry);
    text
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::games::{GameKind, tides};
    use crate::wager::testlog::{G, log};
    use crate::wager::{
        Bet, Book, Credit, HouseRules, Market, Money, Odds, Purse, Selection, Side, settle,
    };

    #[test]
    fn an_entry_says_who_paid_whom_and_why() {
        let l = log(
            GameKind::TidesOfWar,
            &["Ada", "Bo"],
            vec![G::new(&[0, 1], &[1], tides::CONQUEST)],
            &[1],
        );
        let bets = [
            Bet {
                bettor: "Pip".into(),
                market: Market::Match,
                side: Side::For(Selection::Entrant(0)),
                stake: Money(500),
                thing: None,
                book: Book::Bookie(Odds::new(6, 4)),
            },
            Bet {
                bettor: "Pip".into(),
                market: Market::Game { number: 3 },
                side: Side::For(Selection::Entrant(0)),
                stake: Money(20),
                thing: None,
                book: Book::Pool,
            },
        ];
        let purses = BTreeMap::from([("Pip".to_owned(), Purse::of(Money(520)))]);
        let s = settle(
            &bets,
            &l,
            &purses,
            &HouseRules {
                take_bp: 0,
                credit: Credit::None,
                ..HouseRules::default()
            },
        )
        .unwrap();
        let text = entry("The Drowned Rat, match 1 (seed 4)", &s, Currency::GOLD);
        assert_eq!(
            text,
            "## The Drowned Rat, match 1 (seed 4)\n\
             - Pip paid the house 5 gp: on Ada to win the match with the bookie at 3 to 2, lost\n\
             - Pip's 2 sp on Ada to win game 3 came back (void)\n\
             - the house: +5 gp\n\
             - Pip: 5 gp 2 sp -> 2 sp\n\n"
        );
        let ledger = appended(None, &text);
        assert!(ledger.starts_with("# Ledger"));
        let twice = appended(Some(&ledger), &text);
        assert_eq!(twice, format!("{ledger}{text}"));
        assert_eq!(appended(Some("# mine"), "x\n"), "# mine\nx\n");
    }

    #[test]
    fn a_thing_won_is_a_line_of_its_own_and_a_thing_kept_comes_back() {
        let l = log(
            GameKind::TidesOfWar,
            &["Brannoc", "Ysolde"],
            vec![G::new(&[0, 1], &[1], tides::CONQUEST)],
            &[1],
        );
        let stake = |bettor: &str, market, side, coins, thing: Option<&str>| Bet {
            bettor: bettor.into(),
            market,
            side,
            stake: Money(coins),
            thing: thing.map(|t| t.parse().unwrap()),
            book: Book::Stakes(1),
        };
        let brannoc = Selection::Entrant(0);
        let bets = [
            stake(
                "Brannoc",
                Market::Match,
                Side::For(brannoc),
                0,
                Some("where the caravan went"),
            ),
            stake("Ysolde", Market::Match, Side::Against(brannoc), 0, None),
            Bet {
                book: Book::Stakes(2),
                ..stake(
                    "Ysolde",
                    Market::Game { number: 2 },
                    Side::For(brannoc),
                    0,
                    Some("her silver locket"),
                )
            },
            Bet {
                book: Book::Stakes(2),
                ..stake(
                    "Brannoc",
                    Market::Game { number: 2 },
                    Side::Against(brannoc),
                    300,
                    None,
                )
            },
        ];
        let purses = BTreeMap::from([
            ("Brannoc".to_owned(), Purse::of(Money(2340))),
            ("Ysolde".to_owned(), Purse::of(Money(500))),
        ]);
        let s = settle(&bets, &l, &purses, &HouseRules::default()).unwrap();
        let text = entry("The Drowned Rat: Tides of War", &s, Currency::GOLD);
        assert_eq!(
            text,
            "## The Drowned Rat: Tides of War\n\
             - Ysolde won “where the caravan went” from Brannoc: against Brannoc to win the match in a stake between them\n\
             - Ysolde's “her silver locket” on Brannoc to win game 2 came back (void)\n\
             - Brannoc's 3 gp against themselves to win game 2 came back (void)\n\
             - the house: 0 cp\n\
             - Brannoc: 23 gp 4 sp -> 23 gp 4 sp\n\
             - Ysolde: 5 gp -> 5 gp\n\n"
        );
    }
}
