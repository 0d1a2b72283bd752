//! Settlement of stakes between characters with things in them: a thing passes whole to
//! the winning side, never moves a purse, and stays with its owner on a draw, a void or a
//! dead heat; coins staked against a thing move only when their side loses.

use super::*;
use crate::wager::testlog::against;
use crate::wager::thing::Thing;

fn thing(text: &str) -> Option<Thing> {
    Some(text.parse().unwrap())
}

const CARAVAN: &str = "where the caravan went";
const LOCKET: &str = "her silver locket";

/// One side of a stake between characters (group 1) on the match: coins, a thing, or
/// both none (nothing).
fn side(who: &str, side: Side, coins: u64, what: Option<&str>) -> Bet {
    Bet {
        bettor: who.to_owned(),
        market: Market::Match,
        side,
        stake: Money(coins),
        thing: what.and_then(thing),
        book: Book::Stakes(1),
    }
}

/// Brannoc and Ysolde, with purses of their own.
fn two() -> BTreeMap<String, Purse> {
    purses(&[("Brannoc", 2340), ("Ysolde", 500)])
}

fn settled(bets: &[Bet], log: &MatchLog) -> Settlement {
    settle(bets, log, &two(), &rules(1000, Credit::None)).unwrap()
}

fn moved(s: &Settlement) -> Vec<(String, String, Money)> {
    s.transfers
        .iter()
        .map(|t| (t.from.to_string(), t.to.to_string(), t.amount))
        .collect()
}

fn passed(s: &Settlement) -> Vec<(String, String, String)> {
    s.things()
        .map(|p| (p.from.clone(), p.to.clone(), p.thing.to_string()))
        .collect()
}

#[test]
fn a_thing_lost_passes_whole_to_the_winner_and_no_purse_moves() {
    // Brannoc stakes the answer on Ada; Ysolde, against Ada, stakes nothing. Bo wins.
    let bets = [
        side("Brannoc", on(0), 0, Some(CARAVAN)),
        side("Ysolde", against(0), 0, None),
    ];
    let s = settled(&bets, &bo_wins());
    assert_eq!(
        (s.lines[0].result, s.lines[1].result),
        (BetResult::Lost, BetResult::Won)
    );
    assert_eq!(
        passed(&s),
        [("Brannoc".into(), "Ysolde".into(), CARAVAN.into())]
    );
    assert_eq!(s.lines[1].won.len(), 1, "the winning bet holds what it won");
    assert_eq!(
        s.lines[1].won[0].why,
        "against Ada to win the match in a stake between them"
    );
    assert!(s.lines[0].won.is_empty());
    assert!(s.transfers.is_empty(), "no coin moves: {:?}", s.transfers);
    assert_eq!(s.after, two(), "no purse changes for a thing");
    assert_eq!(s.house, 0);
}

#[test]
fn a_thing_whose_side_wins_stays_with_its_owner() {
    let bets = [
        side("Brannoc", on(1), 0, Some(CARAVAN)),
        side("Ysolde", against(1), 0, None),
    ];
    let s = settled(&bets, &bo_wins());
    assert_eq!(
        (s.lines[0].result, s.lines[1].result),
        (BetResult::Won, BetResult::Lost)
    );
    assert!(passed(&s).is_empty(), "nothing was staked against it");
    assert!(s.transfers.is_empty());
    assert_eq!(s.after, two());
}

#[test]
fn two_things_the_loser_s_passes_and_the_winner_keeps_their_own() {
    let bets = [
        side("Brannoc", on(0), 0, Some(CARAVAN)),
        side("Ysolde", against(0), 0, Some(LOCKET)),
    ];
    let s = settled(&bets, &bo_wins());
    assert_eq!(
        passed(&s),
        [("Brannoc".into(), "Ysolde".into(), CARAVAN.into())]
    );
    let bets = [
        side("Brannoc", on(1), 0, Some(CARAVAN)),
        side("Ysolde", against(1), 0, Some(LOCKET)),
    ];
    let s = settled(&bets, &bo_wins());
    assert_eq!(
        passed(&s),
        [("Ysolde".into(), "Brannoc".into(), LOCKET.into())]
    );
    assert_eq!(s.after, two());
}

#[test]
fn coins_against_a_thing_move_only_when_their_side_loses() {
    // Ysolde's 3 gp on Ada, against Brannoc's answer: Bo wins, so her coins go to him
    // and his answer stays his.
    let bets = [
        side("Ysolde", on(0), 300, None),
        side("Brannoc", against(0), 0, Some(CARAVAN)),
    ];
    let s = settled(&bets, &bo_wins());
    assert_eq!(
        (s.lines[0].payout, s.lines[1].payout),
        (Money(0), Money(300))
    );
    assert_eq!(moved(&s), [("Ysolde".into(), "Brannoc".into(), Money(300))]);
    assert!(passed(&s).is_empty());
    assert_eq!(s.after["Ysolde"], Purse::of(Money(200)));
    assert_eq!(s.after["Brannoc"], Purse::of(Money(2640)));
    assert_eq!(s.house, 0);

    // On Bo instead: she wins the answer and keeps her coins; no purse moves.
    let bets = [
        side("Ysolde", on(1), 300, None),
        side("Brannoc", against(1), 0, Some(CARAVAN)),
    ];
    let s = settled(&bets, &bo_wins());
    assert_eq!(
        (s.lines[0].payout, s.lines[1].payout),
        (Money(300), Money(0))
    );
    assert_eq!(
        passed(&s),
        [("Brannoc".into(), "Ysolde".into(), CARAVAN.into())]
    );
    assert!(s.transfers.is_empty());
    assert_eq!(s.after, two());
}

#[test]
fn a_draw_or_a_void_leaves_each_their_own() {
    let drawn = log(
        GameKind::TidesOfWar,
        &["Ada", "Bo"],
        vec![G::new(&[0, 1], &[], crate::games::tides::TRUCE)],
        &[],
    );
    let bets = [
        side("Brannoc", on(0), 0, Some(CARAVAN)),
        side("Ysolde", against(0), 200, None),
    ];
    let s = settled(&bets, &drawn);
    assert_eq!(
        (s.lines[0].result, s.lines[1].result),
        (BetResult::Push, BetResult::Push)
    );
    assert_eq!(s.lines[1].payout, Money(200));
    assert!(passed(&s).is_empty() && s.transfers.is_empty());
    assert_eq!(s.after, two());

    // Game 3 of a match won 2–0 is never played.
    let bets: Vec<Bet> = bets
        .into_iter()
        .map(|b| Bet {
            market: Market::Game { number: 3 },
            ..b
        })
        .collect();
    let s = settled(&bets, &bo_wins());
    assert_eq!(
        (s.lines[0].result, s.lines[1].result),
        (BetResult::Void, BetResult::Void)
    );
    assert!(passed(&s).is_empty() && s.transfers.is_empty());
    assert_eq!(s.after, two());
}

#[test]
fn a_dead_heat_cannot_cut_a_thing_so_every_stake_comes_back() {
    // Ada and Cy share the Piç table: a pot of coins would split, a thing cannot.
    let bets = [
        side("Brannoc", on(0), 0, Some(CARAVAN)),
        side("Ysolde", against(0), 100, None),
    ];
    let s = settle(&bets, &shared_pic(), &two(), &rules(0, Credit::None)).unwrap();
    assert_eq!(
        (s.lines[0].result, s.lines[1].result),
        (BetResult::Push, BetResult::Push)
    );
    assert_eq!(s.lines[1].payout, Money(100));
    assert!(passed(&s).is_empty() && s.transfers.is_empty());
    assert_eq!(s.after, two());
}

#[test]
fn the_house_takes_no_thing_and_nothing_is_staked_but_against_a_thing() {
    let r = rules(0, Credit::None);
    for book in [Book::Pool, Book::Bookie(Odds::new(2, 1))] {
        let bets = [Bet {
            book,
            ..side("Brannoc", on(0), 0, Some(CARAVAN))
        }];
        assert_eq!(
            settle(&bets, &bo_wins(), &two(), &r).unwrap_err(),
            SettleError::ThingWithHouse("Brannoc".into())
        );
    }
    let bets = [
        side("Brannoc", on(0), 100, None),
        side("Ysolde", against(0), 0, None),
    ];
    assert_eq!(
        settle(&bets, &bo_wins(), &two(), &r).unwrap_err(),
        SettleError::EmptyStake("Ysolde".into())
    );
}
