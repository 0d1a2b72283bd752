//! Settlement, bet by bet, on match logs built by hand; beside it in `tests/`, the
//! settlement of cheats caught, of stakes with things in them, and the properties of
//! every settlement over random logs.

mod cheats;
mod debts;
mod props;
mod things;

use std::collections::BTreeMap;

use super::*;
use crate::games::Tally;
use crate::games::{GameKind, pic, tides};
use crate::wager::market::{Scope, Side};
use crate::wager::price::Odds;
use crate::wager::testlog::{G, bet, log, on, purses};

/// Ada v Bo at Tides of War: Bo wins both games, the second by massacre.
fn bo_wins() -> MatchLog {
    log(
        GameKind::TidesOfWar,
        &["Ada", "Bo"],
        vec![
            G::new(&[0, 1], &[1], tides::CONQUEST),
            G::new(&[1, 0], &[0], tides::MASSACRE),
        ],
        &[1],
    )
}

fn rules(take_bp: u32, credit: Credit) -> HouseRules {
    HouseRules {
        take_bp,
        credit,
        ..HouseRules::default()
    }
}

#[test]
fn the_bookie_pays_at_the_price_struck_and_keeps_losing_stakes() {
    let bets = [
        bet(
            "Pip",
            Market::Match,
            on(1),
            100,
            Book::Bookie(Odds::new(3, 1)),
        ),
        bet(
            "Tam",
            Market::Match,
            on(0),
            50,
            Book::Bookie(Odds::new(1, 2)),
        ),
    ];
    let s = settle(
        &bets,
        &bo_wins(),
        &purses(&[("Pip", 100), ("Tam", 60)]),
        &rules(0, Credit::None),
    )
    .unwrap();
    assert_eq!(s.lines[0].payout, Money(400));
    assert_eq!(s.lines[0].result, BetResult::Won);
    assert_eq!(s.lines[1].payout, Money(0));
    assert_eq!(s.after["Pip"], Purse::of(Money(400)));
    assert_eq!(s.after["Tam"], Purse::of(Money(10)));
    assert_eq!(s.house, -250);
    assert_eq!(
        s.transfers
            .iter()
            .map(|t| (t.from.to_string(), t.to.to_string(), t.amount))
            .collect::<Vec<_>>(),
        [
            ("the house".to_owned(), "Pip".to_owned(), Money(300)),
            ("Tam".to_owned(), "the house".to_owned(), Money(50)),
        ]
    );
    assert!(
        s.transfers[0]
            .why
            .contains("Bo to win the match with the bookie at 3 to 1, won")
    );
}

#[test]
fn a_drawn_match_is_a_push_and_an_unplayed_game_is_void() {
    let drawn = log(
        GameKind::TidesOfWar,
        &["Ada", "Bo"],
        vec![G::new(&[0, 1], &[], tides::TRUCE)],
        &[],
    );
    let bets = [
        bet(
            "Pip",
            Market::Match,
            on(1),
            100,
            Book::Bookie(Odds::new(3, 1)),
        ),
        bet("Pip", Market::Game { number: 2 }, on(1), 30, Book::Pool),
    ];
    let s = settle(
        &bets,
        &drawn,
        &purses(&[("Pip", 130)]),
        &rules(1000, Credit::None),
    )
    .unwrap();
    assert_eq!(s.lines[0].result, BetResult::Push);
    assert_eq!(s.lines[1].result, BetResult::Void);
    assert_eq!(
        (s.lines[0].payout, s.lines[1].payout),
        (Money(100), Money(30))
    );
    assert_eq!(s.house, 0, "the house takes nothing from a void pool");
    assert!(s.transfers.is_empty());
    assert_eq!(s.after["Pip"], Purse::of(Money(130)));
}

/// A Piç table of three where Ada and Cy share the win.
fn shared_pic() -> MatchLog {
    log(
        GameKind::Pic,
        &["Ada", "Bo", "Cy"],
        vec![G::new(&[0, 1, 2], &[0, 2], pic::NO_MOVES).scores(&[40, 28, 40])],
        &[0, 2],
    )
}

#[test]
fn a_dead_heat_divides_the_stake_by_the_number_tied() {
    let bets = [
        bet(
            "Pip",
            Market::Match,
            on(0),
            101,
            Book::Bookie(Odds::new(2, 1)),
        ),
        bet(
            "Tam",
            Market::Match,
            on(1),
            100,
            Book::Bookie(Odds::new(2, 1)),
        ),
    ];
    let s = settle(
        &bets,
        &shared_pic(),
        &purses(&[("Pip", 101), ("Tam", 100)]),
        &rules(0, Credit::None),
    )
    .unwrap();
    // Half of 101 cp at 2 to 1: 151.5 cp, paid as 151.
    assert_eq!(s.lines[0].payout, Money(151));
    assert_eq!(s.lines[0].result, BetResult::DeadHeat(2));
    assert_eq!(s.lines[1].payout, Money(0));
    assert_eq!(s.house, 201 - 151);
}

#[test]
fn a_pool_pays_the_winners_less_the_take_and_rounding_goes_to_the_house() {
    let bets = [
        bet("Pip", Market::Match, on(1), 100, Book::Pool),
        bet("Tam", Market::Match, on(1), 70, Book::Pool),
        bet("Cy", Market::Match, on(0), 205, Book::Pool),
    ];
    let p = purses(&[("Pip", 100), ("Tam", 70), ("Cy", 300)]);
    let s = settle(&bets, &bo_wins(), &p, &rules(1000, Credit::None)).unwrap();
    // Pot 375, take 37 (37.5 rounded down), 338 shared 100 : 70.
    assert_eq!(s.lines[0].payout, Money(198));
    assert_eq!(s.lines[1].payout, Money(139));
    assert_eq!(s.lines[2].payout, Money(0));
    assert_eq!(s.house, 375 - 198 - 139);
    assert_eq!(s.lines[0].pot.map(|(pot, _)| pot), Some(Money(375)));
}

#[test]
fn a_pool_where_nobody_backed_the_winner_gives_every_stake_back() {
    let bets = [
        bet("Pip", Market::Match, on(0), 100, Book::Pool),
        bet("Tam", Market::Match, on(0), 70, Book::Pool),
    ];
    let s = settle(
        &bets,
        &bo_wins(),
        &purses(&[("Pip", 100), ("Tam", 70)]),
        &rules(1000, Credit::None),
    )
    .unwrap();
    assert_eq!(s.lines[0].result, BetResult::Refunded);
    assert_eq!(
        (s.lines[0].payout, s.lines[1].payout),
        (Money(100), Money(70))
    );
    assert_eq!(s.house, 0);
}

#[test]
fn pools_are_one_per_market() {
    let caps = Market::Most {
        tally: Tally::Captures,
        scope: Scope::Match,
    };
    let bets = [
        bet("Pip", Market::Match, on(1), 100, Book::Pool),
        bet("Tam", caps, on(0), 100, Book::Pool),
    ];
    let s = settle(
        &bets,
        &bo_wins(),
        &purses(&[("Pip", 100), ("Tam", 100)]),
        &rules(0, Credit::None),
    )
    .unwrap();
    assert_eq!(s.lines[0].payout, Money(100), "alone in the match pool");
    assert_eq!(s.lines[1].result, BetResult::Push, "nobody captured: level");
}

#[test]
fn stakes_between_characters_go_to_the_winner_whole() {
    let bets = [
        bet("Hrodgar", Market::Match, on(1), 200, Book::Stakes(1)),
        bet(
            "Tamsin",
            Market::Match,
            Side::Against(Selection::Entrant(1)),
            300,
            Book::Stakes(1),
        ),
    ];
    let p = purses(&[("Hrodgar", 200), ("Tamsin", 300)]);
    let s = settle(&bets, &bo_wins(), &p, &rules(1000, Credit::None)).unwrap();
    assert_eq!(
        (s.lines[0].payout, s.lines[1].payout),
        (Money(500), Money(0))
    );
    assert_eq!(
        s.house, 0,
        "the house takes nothing from stakes between characters"
    );
    assert_eq!(s.transfers.len(), 1);
    let t = &s.transfers[0];
    assert_eq!(
        (t.from.to_string(), t.to.to_string(), t.amount),
        ("Tamsin".into(), "Hrodgar".into(), Money(300))
    );
}

#[test]
fn an_ante_with_a_dead_heat_splits_the_pot_and_its_odd_copper() {
    let bets: Vec<Bet> = ["Ada", "Bo", "Cy"]
        .iter()
        .enumerate()
        .map(|(i, n)| bet(n, Market::Match, on(i), 101, Book::Stakes(7)))
        .collect();
    let p = purses(&[("Ada", 101), ("Bo", 101), ("Cy", 101)]);
    let s = settle(&bets, &shared_pic(), &p, &rules(0, Credit::None)).unwrap();
    let paid: Vec<Money> = s.lines.iter().map(|l| l.payout).collect();
    assert_eq!(paid, [Money(152), Money(0), Money(151)]);
    let moved: Vec<(String, String, Money)> = s
        .transfers
        .iter()
        .map(|t| (t.from.to_string(), t.to.to_string(), t.amount))
        .collect();
    assert_eq!(
        moved,
        [
            ("Bo".into(), "Ada".into(), Money(51)),
            ("Bo".into(), "Cy".into(), Money(50))
        ]
    );
}

#[test]
fn no_purse_pays_more_than_it_holds_without_credit() {
    let bets = [bet(
        "Pip",
        Market::Match,
        on(0),
        100,
        Book::Bookie(Odds::new(1, 1)),
    )];
    let err = settle(
        &bets,
        &bo_wins(),
        &purses(&[("Pip", 38)]),
        &rules(0, Credit::None),
    )
    .unwrap_err();
    assert!(matches!(err, SettleError::Short { .. }), "{err}");
    let s = settle(
        &bets,
        &bo_wins(),
        &purses(&[("Pip", 38)]),
        &rules(0, Credit::UpTo(Money(62))),
    )
    .unwrap();
    assert_eq!(s.after["Pip"], Purse::with_debt(Money::ZERO, Money(62)));
    let won = [bet(
        "Pip",
        Market::Match,
        on(1),
        100,
        Book::Bookie(Odds::new(1, 1)),
    )];
    let s = settle(
        &won,
        &bo_wins(),
        &purses(&[("Pip", 38)]),
        &rules(0, Credit::Unlimited),
    )
    .unwrap();
    assert_eq!(
        s.after["Pip"],
        Purse::of(Money(138)),
        "the debt is paid off first"
    );
}

#[test]
fn bad_bets_are_refused() {
    let p = purses(&[("Pip", 100)]);
    let r = rules(0, Credit::None);
    let stranger = [bet("Nob", Market::Match, on(0), 1, Book::Pool)];
    assert_eq!(
        settle(&stranger, &bo_wins(), &p, &r).unwrap_err(),
        SettleError::UnknownBettor("Nob".into())
    );
    let nothing = [bet("Pip", Market::Match, on(0), 0, Book::Pool)];
    assert!(matches!(
        settle(&nothing, &bo_wins(), &p, &r),
        Err(SettleError::EmptyStake(_))
    ));
    let absent = [bet("Pip", Market::Match, on(5), 1, Book::Pool)];
    assert!(matches!(
        settle(&absent, &bo_wins(), &p, &r),
        Err(SettleError::BadSelection(_))
    ));
    let mixed = [
        bet("Pip", Market::Match, on(0), 1, Book::Stakes(1)),
        bet("Pip", Market::FirstTurn, on(1), 1, Book::Stakes(1)),
    ];
    assert_eq!(
        settle(&mixed, &bo_wins(), &p, &r).unwrap_err(),
        SettleError::MixedGroup(1)
    );
    let huge = [bet(
        "Pip",
        Market::Match,
        on(1),
        100,
        Book::Bookie(Odds::new(100, 1)),
    )];
    let rich = BTreeMap::from([("Pip".to_owned(), Purse::of(Money(u64::MAX)))]);
    let s = settle(&huge, &bo_wins(), &rich, &r).unwrap_err();
    assert_eq!(
        s,
        SettleError::Overflow,
        "an overflow is an error, never a wrap"
    );
}

#[test]
fn purse_steps_walk_each_bettor_to_their_purse_after() {
    let bets = [
        bet(
            "Pip",
            Market::Match,
            on(1),
            100,
            Book::Bookie(Odds::new(1, 1)),
        ),
        bet("Tam", Market::Match, on(0), 50, Book::Pool),
        bet(
            "Pip",
            Market::FirstTurn,
            on(0),
            30,
            Book::Bookie(Odds::new(1, 1)),
        ),
    ];
    let s = settle(
        &bets,
        &bo_wins(),
        &purses(&[("Pip", 130), ("Tam", 50)]),
        &rules(0, Credit::None),
    )
    .unwrap();
    let steps = s.purse_steps();
    assert_eq!(steps[0], (Purse::of(Money(130)), Purse::of(Money(230))));
    assert_eq!(
        steps[1],
        (Purse::of(Money(50)), Purse::of(Money(50))),
        "alone in the pool: refunded"
    );
    // The log has no first-turn ceremony: the bet is void and its stake comes back.
    assert_eq!(steps[2], (Purse::of(Money(230)), Purse::of(Money(230))));
    assert_eq!(steps[2].1, s.after["Pip"]);
}
