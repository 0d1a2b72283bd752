//! The wagers on the page: the lines told of bets settled and placed, and the settlement
//! table, against what each bet brought.

use std::collections::BTreeMap;

use super::*;
use crate::ai::{Skill, Temperament};
use crate::games::{GameKind, Outcome, Seat, tides};
use crate::narrate::{Phrasebook, fill};
use crate::report::View;
use crate::roster::Tavern;
use crate::table::{Entrant, Format, GameLog, MatchLog, Who};
use crate::wager::market::{Market, Selection, Side};
use crate::wager::place::Placed;
use crate::wager::purse::Purse;
use crate::wager::{Bet, Book, HouseRules, Odds, settle};

/// Ada v Bo, one game, Bo wins; no ceremony.
fn log() -> MatchLog {
    let entrant = |n: &str| Entrant::new(n, Skill::Level(5), Temperament::Steady);
    MatchLog {
        game: GameKind::TidesOfWar,
        seed: 3,
        format: Format::BestOf(1),
        entrants: vec![entrant("Ada"), entrant("Bo")],
        games: vec![GameLog {
            number: 1,
            seats: vec![Who(0), Who(1)],
            ceremony: Vec::new(),
            start: "".into(),
            start_scores: vec![14, 14],
            steps: Vec::new(),
            turns: 0,
            outcome: Outcome::win(Seat(1), tides::CONQUEST),
            winners: vec![Who(1)],
            scores: vec![14, 14],
            standing: vec![Vec::new(), Vec::new()],
            end: "".into(),
            resigned: None,
            asides: Vec::new(),
        }],
        wins: vec![0, 1],
        winners: vec![Who(1)],
    }
}

#[test]
fn winnings_on_the_winner_are_told_in_the_phrasebook_s_words() {
    let bet = |who: &str, e: usize, market: Market| Bet {
        bettor: who.to_owned(),
        market,
        side: Side::For(Selection::Entrant(e)),
        stake: Money(100),
        thing: None,
        book: Book::Bookie(Odds::new(2, 1)),
    };
    let bets = [
        bet("Pip", 1, Market::Match),
        bet("Tam", 0, Market::Match),
        bet("Cy", 1, Market::FirstTurn),
    ];
    let purses: BTreeMap<String, Purse> = ["Pip", "Tam", "Cy"]
        .iter()
        .map(|n| ((*n).to_owned(), Purse::of(Money(100))))
        .collect();
    let rules = HouseRules {
        take_bp: 0,
        credit: crate::wager::purse::Credit::None,
        ..HouseRules::default()
    };
    let s = settle(&bets, &log(), &purses, &rules).unwrap();
    let book = Phrasebook::built_in();
    let names = ["Ada".to_owned(), "Bo".to_owned()];
    let tell = || settled_lines(&s, Currency::GOLD, &book, GameKind::TidesOfWar, &names, 3);
    let lines = tell();
    let vars = [
        ("mover", "Pip".to_owned()),
        ("winner", "Bo".to_owned()),
        // What the purse gained: 3 gp back on a stake of 1 gp.
        ("coins", "2 gp".to_owned()),
    ];
    let filled: Vec<String> = book
        .lines(GameKind::TidesOfWar, crate::narrate::Moment::WagerPaid)
        .iter()
        .map(|t| fill(t, &vars))
        .collect();
    assert!(!filled.is_empty());
    assert!(filled.contains(&lines[0]), "{}", lines[0]);
    assert_eq!(
        lines[1],
        "Tam loses 1 gp to the bookie, on Ada to win the match."
    );
    assert_eq!(
        lines[2],
        "Cy has the 1 gp back, on Bo to win the first turn (void)."
    );
    assert_eq!(lines, tell(), "the seed chooses the same lines");
}

#[test]
fn the_settlement_table_shows_odds_pools_and_refusals() {
    let bets = [Bet {
        bettor: "Pip".into(),
        market: Market::Match,
        side: Side::For(Selection::Entrant(1)),
        stake: Money(100),
        thing: None,
        book: Book::Bookie(Odds::new(5, 2)),
    }];
    let purses = BTreeMap::from([("Pip".to_owned(), Purse::of(Money(150)))]);
    let s = settle(&bets, &log(), &purses, &HouseRules::default()).unwrap();
    let steps = s.purse_steps();
    let rows = [
        SettledRow {
            match_no: None,
            line: Some(&s.lines[0]),
            refused: None,
            purses: steps[0],
        },
        SettledRow {
            match_no: None,
            line: None,
            refused: Some((
                "Pip".into(),
                "Pip 9 gp on Ada".into(),
                "9 gp".into(),
                "purse too light".into(),
            )),
            purses: (Purse::of(Money(400)), Purse::of(Money(400))),
        },
    ];
    let table =
        settlement_table(&rows, Currency::GOLD, View::Gm, SettlementLayout::Full).to_string();
    let pip: Vec<&str> = table.lines().filter(|l| l.starts_with("│ Pip")).collect();
    let cells = |l: &str| {
        l.split(['│', '┆'])
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        cells(pip[0]),
        [
            "Pip",
            "Bo to win the match",
            "1 gp",
            "5 to 2 (3.50)",
            "won",
            "3 gp 5 sp",
            "1 gp 5 sp",
            "4 gp"
        ]
    );
    assert_eq!(
        cells(pip[1]),
        [
            "Pip",
            "Pip 9 gp on Ada",
            "9 gp",
            "—",
            "refused: purse too light",
            "—",
            "4 gp",
            "4 gp"
        ]
    );
}

#[test]
fn a_thing_won_is_told_with_who_won_it_from_whom_and_a_stake_passes_line() {
    // Bo wins. Pip stakes the answer on Ada; Tam, against Ada, stakes 2 sp.
    let side = |who: &str, side: Side, coins: u64, thing: Option<&str>| Bet {
        bettor: who.to_owned(),
        market: Market::Match,
        side,
        stake: Money(coins),
        thing: thing.map(|t| t.parse().unwrap()),
        book: Book::Stakes(1),
    };
    let ada = Selection::Entrant(0);
    let bets = [
        side("Pip", Side::For(ada), 0, Some("where the caravan went")),
        side("Tam", Side::Against(ada), 20, None),
    ];
    let purses: BTreeMap<String, Purse> = ["Pip", "Tam"]
        .iter()
        .map(|n| ((*n).to_owned(), Purse::of(Money(100))))
        .collect();
    let s = settle(&bets, &log(), &purses, &HouseRules::default()).unwrap();
    let book = Phrasebook::built_in();
    let names = ["Ada".to_owned(), "Bo".to_owned()];
    let lines = settled_lines(&s, Currency::GOLD, &book, GameKind::TidesOfWar, &names, 3);
    assert_eq!(
        lines[0],
        "Pip loses “where the caravan went”, on Ada to win the match."
    );
    let plain = "Tam wins “where the caravan went” from Pip, against Ada to win the match.";
    let (said, crowd) = lines[1].split_at(plain.len());
    assert_eq!(said, plain);
    let vars = [
        ("winner", "Tam".to_owned()),
        ("loser", "Pip".to_owned()),
        ("stake", "“where the caravan went”".to_owned()),
    ];
    let told: Vec<String> = book
        .lines(GameKind::TidesOfWar, crate::narrate::Moment::StakePasses)
        .iter()
        .map(|t| format!(" {}", fill(t, &vars)))
        .collect();
    assert!(told.len() >= 5, "several lines to choose from");
    assert!(told.contains(&crowd.to_owned()), "{crowd}");

    // In the table: the thing as the stake and as what came back; Tam's coins back.
    let steps = s.purse_steps();
    let rows: Vec<SettledRow<'_>> = s
        .lines
        .iter()
        .zip(steps)
        .map(|(line, purses)| SettledRow {
            match_no: None,
            line: Some(line),
            refused: None,
            purses,
        })
        .collect();
    let table =
        settlement_table(&rows, Currency::GOLD, View::Gm, SettlementLayout::Full).to_string();
    let cells = |who: &str| -> Vec<String> {
        let row = table
            .lines()
            .find(|l| l.starts_with(&format!("│ {who}")))
            .unwrap();
        row.split(['│', '┆'])
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(
        cells("Pip"),
        [
            "Pip",
            "Ada to win the match",
            "“where the caravan went”",
            "pot of 2 sp",
            "lost",
            "nothing",
            "1 gp",
            "1 gp"
        ]
    );
    assert_eq!(
        cells("Tam"),
        [
            "Tam",
            "against Ada to win the match",
            "2 sp",
            "pot of 2 sp",
            "won",
            "2 sp and “where the caravan went”",
            "1 gp",
            "1 gp"
        ]
    );
}

#[test]
fn a_bet_a_cheat_caught_decided_says_why_in_the_lines_and_the_table() {
    // Bo wins, but is seen cheating and ruled forfeit; the house bars cheats.
    let mut l = log();
    l.games[0].asides.push(crate::table::AsideAt {
        before: 0,
        aside: crate::table::Aside::Cheat {
            by: Who(1),
            kind: crate::games::tides::NUDGE,
            at: None,
            seen_by: vec![Who(0)],
            result: crate::table::CheatResult::StakesForfeit,
            risk: 0.2,
            worth: 0.1,
            earlier: 0,
            roll: None,
        },
        position: None,
    });
    let bet = |who: &str, side: Side, book: Book| Bet {
        bettor: who.to_owned(),
        market: Market::Match,
        side,
        stake: Money(100),
        thing: None,
        book,
    };
    let bo = Selection::Entrant(1);
    let bets = [
        bet("Bo", Side::For(bo), Book::Bookie(Odds::new(2, 1))),
        bet("Bo", Side::For(bo), Book::Stakes(1)),
        bet("Ada", Side::Against(bo), Book::Stakes(1)),
    ];
    let purses: BTreeMap<String, Purse> = ["Ada", "Bo"]
        .iter()
        .map(|n| ((*n).to_owned(), Purse::of(Money(200))))
        .collect();
    let rules = HouseRules {
        bar_cheats: true,
        ..HouseRules::default()
    };
    let s = settle(&bets, &l, &purses, &rules).unwrap();
    let book = Phrasebook::built_in();
    let names = ["Ada".to_owned(), "Bo".to_owned()];
    let lines = settled_lines(&s, Currency::GOLD, &book, GameKind::TidesOfWar, &names, 3);
    assert_eq!(
        lines,
        [
            "Bo has the 1 gp back (void: Bo was caught cheating and the house bars \
             cheats), on themselves to win the match.",
            "Bo loses 1 gp (lost by forfeit: Bo was caught cheating), on themselves to win \
             the match.",
            "Ada wins 1 gp (won by forfeit: Bo was caught cheating), against Bo to win the \
             match."
        ]
    );
    let rows: Vec<SettledRow<'_>> = s
        .lines
        .iter()
        .zip(s.purse_steps())
        .map(|(line, purses)| SettledRow {
            match_no: None,
            line: Some(line),
            refused: None,
            purses,
        })
        .collect();
    let table =
        settlement_table(&rows, Currency::GOLD, View::Gm, SettlementLayout::Full).to_string();
    let flat: String = table.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("void: Bo was caught cheating and the house bars cheats"),
        "{table}"
    );
    assert!(
        flat.contains("won by forfeit: Bo was caught cheating"),
        "{table}"
    );
}

#[test]
fn a_thing_kept_and_nothing_staked_are_said_plainly() {
    let side = |who: &str, side: Side, thing: Option<&str>| Bet {
        bettor: who.to_owned(),
        market: Market::Match,
        side,
        stake: Money::ZERO,
        thing: thing.map(|t| t.parse().unwrap()),
        book: Book::Stakes(1),
    };
    let bo = Selection::Entrant(1);
    let bets = [
        side("Pip", Side::For(bo), Some("a favour")),
        side("Tam", Side::Against(bo), None),
    ];
    let purses: BTreeMap<String, Purse> = ["Pip", "Tam"]
        .iter()
        .map(|n| ((*n).to_owned(), Purse::of(Money(100))))
        .collect();
    let s = settle(&bets, &log(), &purses, &HouseRules::default()).unwrap();
    let book = Phrasebook::built_in();
    let names = ["Ada".to_owned(), "Bo".to_owned()];
    let lines = settled_lines(&s, Currency::GOLD, &book, GameKind::TidesOfWar, &names, 3);
    assert_eq!(
        lines,
        [
            "Pip keeps “a favour”, on Bo to win the match.",
            "Tam staked nothing and loses nothing, against Bo to win the match."
        ]
    );
    let placed = Placed {
        taken: vec![(0, bets.to_vec())],
        ..Placed::default()
    };
    let told = placed_lines(
        &placed,
        &[],
        &log().entrants,
        GameKind::TidesOfWar,
        &Tavern::built_in(),
        View::Gm,
        None,
    );
    assert_eq!(
        told,
        ["Pip puts “a favour” on Bo to win the match against Tam, who puts up nothing."]
    );
}

/// The cells of each body row of a rendered table, trimmed.
fn body_cells(table: &str) -> Vec<Vec<String>> {
    table
        .lines()
        .filter(|l| l.starts_with('│'))
        .skip(1)
        .map(|l| {
            l.split(['│', '┆'])
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(str::to_owned)
                .collect()
        })
        .collect()
}

#[test]
fn the_compact_settlement_puts_stake_and_price_with_the_bet_and_the_purses_in_one() {
    // Bo wins. Pip backs Bo with the bookie at 5 to 2; Tam (on Ada) and Cy (on Bo) put
    // 1 gp each in a pool of 2 gp, all of which goes to Cy.
    let bet = |who: &str, e: usize, book: Book| Bet {
        bettor: who.to_owned(),
        market: Market::Match,
        side: Side::For(Selection::Entrant(e)),
        stake: Money(100),
        thing: None,
        book,
    };
    let bets = [
        bet("Pip", 1, Book::Bookie(Odds::new(5, 2))),
        bet("Tam", 0, Book::Pool),
        bet("Cy", 1, Book::Pool),
    ];
    let purses: BTreeMap<String, Purse> = ["Pip", "Tam", "Cy"]
        .iter()
        .map(|n| ((*n).to_owned(), Purse::of(Money(150))))
        .collect();
    let s = settle(&bets, &log(), &purses, &HouseRules::default()).unwrap();
    let mut rows: Vec<SettledRow<'_>> = s
        .lines
        .iter()
        .zip(s.purse_steps())
        .map(|(line, purses)| SettledRow {
            match_no: Some(2),
            line: Some(line),
            refused: None,
            purses,
        })
        .collect();
    rows.push(SettledRow {
        match_no: Some(3),
        line: None,
        refused: Some((
            "Tam".into(),
            "Tam 9 gp on Ada".into(),
            "9 gp".into(),
            "purse too light".into(),
        )),
        purses: (Purse::of(Money(50)), Purse::of(Money(50))),
    });
    let gm = settlement_table(&rows, Currency::GOLD, View::Gm, SettlementLayout::Compact);
    let gm = gm.to_string();
    let header: Vec<&str> = gm
        .lines()
        .nth(1)
        .unwrap()
        .split(['│', '┆'])
        .map(str::trim)
        .collect();
    assert_eq!(header, ["", "#", "Bettor", "Bet", "Result", "Purse", ""]);
    assert_eq!(
        body_cells(&gm),
        [
            [
                "2",
                "Pip",
                "1 gp on Bo to win the match, at 5 to 2",
                "won: +2 gp 5 sp",
                "1 gp 5 sp → 4 gp"
            ],
            [
                "2",
                "Tam",
                "1 gp on Ada to win the match, in a pool of 2 gp",
                "lost: −1 gp",
                "1 gp 5 sp → 5 sp"
            ],
            [
                "2",
                "Cy",
                "1 gp on Bo to win the match, in a pool of 2 gp",
                "won: +1 gp",
                "1 gp 5 sp → 2 gp 5 sp"
            ],
            [
                "3",
                "Tam",
                "9 gp: “Tam 9 gp on Ada”",
                "refused: purse too light",
                "5 sp → 5 sp"
            ],
        ]
    );
    // The players hear who took the bet, not at what odds.
    let players = settlement_table(
        &rows,
        Currency::GOLD,
        View::Players,
        SettlementLayout::Compact,
    );
    assert_eq!(
        body_cells(&players.to_string())[0][2],
        "1 gp on Bo to win the match, with the bookie"
    );
}
