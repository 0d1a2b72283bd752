//! Settlement with cheats at the table, on match logs built by hand: bets on who is
//! caught, a house that bars cheats from its bets, and stakes forfeit by a cheat.

use super::*;
use crate::games::{GameKind, tides};
use crate::table::{Aside, CheatResult};
use crate::wager::market::{Scope, Side};
use crate::wager::price::Odds;
use crate::wager::testlog::{G, accused, against, bet, cheat, log, on, purses};

const CAUGHT: Market = Market::Caught {
    scope: Scope::Match,
};
const ANYONE: Market = Market::AnyoneCaught {
    scope: Scope::Match,
};

/// Ada v Bo at Tides of War, best of three, Bo winning both games; `asides` in game 1.
fn bo_wins(asides: Vec<Aside>) -> MatchLog {
    log(
        GameKind::TidesOfWar,
        &["Ada", "Bo"],
        vec![
            G::new(&[0, 1], &[1], tides::CONQUEST).asides(asides),
            G::new(&[1, 0], &[0], tides::MASSACRE),
        ],
        &[1],
    )
}

fn house(take_bp: u32, bar_cheats: bool, forfeit_stakes: bool) -> HouseRules {
    HouseRules {
        take_bp,
        credit: Credit::None,
        bar_cheats,
        forfeit_stakes,
    }
}

/// Pip backs Bo caught in the pool, Tam backs Ada caught; Cy backs anyone caught against
/// Di. Bo is caught in `asides` or not.
fn caught_bets(asides: Vec<Aside>) -> Settlement {
    let bets = [
        bet("Pip", CAUGHT, on(1), 100, Book::Pool),
        bet("Tam", CAUGHT, on(0), 50, Book::Pool),
        bet(
            "Cy",
            ANYONE,
            Side::For(Selection::Anyone),
            30,
            Book::Stakes(1),
        ),
        bet(
            "Di",
            ANYONE,
            Side::Against(Selection::Anyone),
            20,
            Book::Stakes(1),
        ),
    ];
    let p = purses(&[("Pip", 100), ("Tam", 50), ("Cy", 30), ("Di", 20)]);
    settle(&bets, &bo_wins(asides), &p, &house(1000, false, false)).unwrap()
}

#[test]
fn a_bet_on_a_cheat_seen_wins_and_the_pool_and_the_pot_pay_it() {
    let s = caught_bets(vec![cheat(1, &[0], CheatResult::TakenBack)]);
    // The pool of 150 less 10% (15) goes to Pip, the only one who backed Bo.
    assert_eq!(
        s.lines.iter().map(|l| l.payout).collect::<Vec<_>>(),
        [Money(135), Money(0), Money(50), Money(0)]
    );
    assert_eq!(s.lines[0].result, BetResult::Won);
    assert_eq!(s.lines[1].result, BetResult::Lost);
    assert_eq!(s.house, 15);
    assert_eq!(s.lines[0].what, "Bo to be caught cheating over the match");
    assert_eq!(
        s.lines[3].what,
        "against anyone to be caught cheating over the match"
    );
    // A bet on who is caught is no cheat's bet: nothing says "cheating" but the bet.
    assert!(s.lines.iter().all(|l| l.cheat.is_none()));
}

#[test]
fn a_cheat_unseen_is_not_caught() {
    let s = caught_bets(vec![cheat(1, &[], CheatResult::Stood)]);
    // Nobody backed "no" in the pool: every stake comes back; Di, against, wins the pot.
    assert_eq!(
        s.lines.iter().map(|l| l.payout).collect::<Vec<_>>(),
        [Money(100), Money(50), Money(0), Money(50)]
    );
    assert_eq!(s.lines[0].result, BetResult::Refunded);
    assert_eq!(s.lines[3].result, BetResult::Won);
    assert_eq!(s.house, 0);
}

#[test]
fn a_right_accusation_catches_and_a_wrong_one_does_not() {
    let right = caught_bets(vec![accused(0, 1, true)]);
    assert_eq!(right.lines[0].payout, Money(135), "Bo rightly accused");
    assert_eq!(right.lines[2].result, BetResult::Won);
    // Ada accuses Bo wrongly: nobody is caught, and the accuser is not either.
    let wrong = caught_bets(vec![accused(0, 1, false)]);
    assert_eq!(wrong.lines[0].result, BetResult::Refunded);
    assert_eq!(wrong.lines[1].result, BetResult::Refunded);
    assert_eq!(wrong.lines[3].result, BetResult::Won);
}

/// Stakes between characters, Ada and Bo each a party, and one between onlookers:
/// 1. Ada 100 on Ada against Bo 100 (Bo wins the match: Bo's side would win);
/// 2. Pip 40 on Bo against Ada 40 (Ada's side would lose; Bo is no party);
/// 3. Pip 10 on Ada against Tam 10 (no cheat a party: Tam wins as the match says).
fn stakes() -> Vec<Bet> {
    vec![
        bet("Ada", Market::Match, on(0), 100, Book::Stakes(1)),
        bet("Bo", Market::Match, against(0), 100, Book::Stakes(1)),
        bet("Pip", Market::Match, on(1), 40, Book::Stakes(2)),
        bet("Ada", Market::Match, against(1), 40, Book::Stakes(2)),
        bet(
            "Pip",
            Market::Game { number: 1 },
            on(0),
            10,
            Book::Stakes(3),
        ),
        bet(
            "Tam",
            Market::Game { number: 1 },
            against(0),
            10,
            Book::Stakes(3),
        ),
    ]
}

fn staked(asides: Vec<Aside>, forfeit_stakes: bool) -> Settlement {
    let p = purses(&[("Ada", 140), ("Bo", 100), ("Pip", 50), ("Tam", 10)]);
    settle(
        &stakes(),
        &bo_wins(asides),
        &p,
        &house(0, false, forfeit_stakes),
    )
    .unwrap()
}

fn payouts(s: &Settlement) -> Vec<u64> {
    s.lines.iter().map(|l| l.payout.0).collect()
}

#[test]
fn a_winner_caught_forfeits_every_stake_against_another_person() {
    // Bo wins the match but is seen cheating, and the table rules his stakes forfeit:
    // Ada takes pot 1 (200) though Bo won; pots 2 and 3, where Bo is no party, go as the
    // match says (Bo won the match: Pip; Bo won game 1: Tam).
    let s = staked(vec![cheat(1, &[0], CheatResult::StakesForfeit)], false);
    assert_eq!(payouts(&s), [200, 0, 80, 0, 0, 20]);
    assert_eq!(
        s.lines[0].outcome(),
        "won by forfeit: Bo was caught cheating"
    );
    assert_eq!(
        s.lines[1].outcome(),
        "lost by forfeit: Bo was caught cheating"
    );
    assert!(s.lines[2].cheat.is_none() && s.lines[4].cheat.is_none());
    assert_eq!(s.changes()["Bo"], -100);
    assert_eq!(s.changes()["Ada"], 100 - 40);
    let why: Vec<&str> = s.transfers.iter().map(|t| t.why.as_str()).collect();
    assert!(
        why.contains(
            &"against Ada to win the match in a stake between them, lost by forfeit: Bo was caught cheating"
        ),
        "{why:?}"
    );
}

#[test]
fn a_loser_caught_forfeits_as_well_and_the_other_side_wins_against_the_match() {
    // Ada, who lost, is seen and ruled forfeit: pot 1 is Bo's as it was, now said so;
    // pot 2, which Ada's side (against Bo) would have lost anyway, is Pip's.
    let s = staked(vec![cheat(0, &[1], CheatResult::StakesForfeit)], false);
    assert_eq!(payouts(&s), [0, 200, 80, 0, 0, 20]);
    assert_eq!(
        s.lines[0].outcome(),
        "lost by forfeit: Ada was caught cheating"
    );
    assert_eq!(
        s.lines[2].outcome(),
        "won by forfeit: Ada was caught cheating"
    );
    // A stake Ada would have won by the match: she backs Bo to win game 2, as he did.
    let bets = [
        bet(
            "Ada",
            Market::Game { number: 2 },
            on(1),
            30,
            Book::Stakes(1),
        ),
        bet(
            "Tam",
            Market::Game { number: 2 },
            against(1),
            30,
            Book::Stakes(1),
        ),
    ];
    let log = bo_wins(vec![cheat(0, &[1], CheatResult::StakesForfeit)]);
    let p = purses(&[("Ada", 30), ("Tam", 30)]);
    let fair = settle(&bets, &bo_wins(vec![]), &p, &house(0, false, false)).unwrap();
    assert_eq!(
        payouts(&fair),
        [60, 0],
        "without the cheat Ada wins the stake"
    );
    let s = settle(&bets, &log, &p, &house(0, false, false)).unwrap();
    assert_eq!(payouts(&s), [0, 60]);
}

#[test]
fn only_a_forfeit_ruling_or_a_right_accusation_under_the_rule_forfeits() {
    let as_the_match = [0, 200, 80, 0, 0, 20];
    // Seen, but taken back: the stakes stand on the match.
    let s = staked(vec![cheat(1, &[0], CheatResult::TakenBack)], true);
    assert_eq!(payouts(&s), as_the_match);
    // Unseen, though ruled so: nobody saw it, nothing is forfeit.
    let s = staked(vec![cheat(1, &[], CheatResult::StakesForfeit)], true);
    assert_eq!(payouts(&s), as_the_match);
    // Bo rightly accused: forfeit under the rule, not without it.
    let s = staked(vec![accused(0, 1, true)], true);
    assert_eq!(payouts(&s), [200, 0, 80, 0, 0, 20]);
    let s = staked(vec![accused(0, 1, true)], false);
    assert_eq!(payouts(&s), as_the_match);
    // A wrong accusation forfeits nothing.
    let s = staked(vec![accused(0, 1, false)], true);
    assert_eq!(payouts(&s), as_the_match);
}

#[test]
fn when_every_side_is_a_cheat_ruled_forfeit_the_stakes_come_back() {
    let s = staked(
        vec![
            cheat(0, &[1], CheatResult::StakesForfeit),
            cheat(1, &[0], CheatResult::StakesForfeit),
        ],
        false,
    );
    // Pots 1 and 2: both sides forfeit, stakes back; pot 2's Pip is no cheat and wins.
    assert_eq!(payouts(&s), [100, 100, 80, 0, 0, 20]);
    assert_eq!(
        s.lines[0].outcome(),
        "stake back: Ada and Bo were caught cheating, so no side wins"
    );
}

#[test]
fn a_barred_cheat_s_bets_with_the_house_are_void_and_the_pool_shared_without_them() {
    // Ada is seen cheating (taken back). Bo wins. The pool on the match: Ada 100 on Bo,
    // Pip 100 on Bo, Tam 200 on Ada; 10% take. Ada also backs Bo with the bookie at 3 to
    // 1, and against Cy.
    let bets = [
        bet("Ada", Market::Match, on(1), 100, Book::Pool),
        bet("Pip", Market::Match, on(1), 100, Book::Pool),
        bet("Tam", Market::Match, on(0), 200, Book::Pool),
        bet(
            "Ada",
            Market::Match,
            on(1),
            50,
            Book::Bookie(Odds::new(3, 1)),
        ),
        bet("Ada", Market::Match, on(1), 10, Book::Stakes(1)),
        bet("Cy", Market::Match, against(1), 10, Book::Stakes(1)),
    ];
    let p = purses(&[("Ada", 160), ("Pip", 100), ("Tam", 200), ("Cy", 10)]);
    let log = bo_wins(vec![cheat(0, &[1], CheatResult::TakenBack)]);
    // Not barred: a pool of 400, 40 taken, 360 between Ada and Pip: 180 each; the bookie
    // pays 200.
    let open = settle(&bets, &log, &p, &house(1000, false, false)).unwrap();
    assert_eq!(payouts(&open), [180, 180, 0, 200, 20, 0]);
    // Barred: Ada's pool stake and bookie stake come back; the pool is Pip's 100 and
    // Tam's 200, 30 taken, 270 to Pip; her stake against Cy stands.
    let s = settle(&bets, &log, &p, &house(1000, true, false)).unwrap();
    assert_eq!(payouts(&s), [100, 270, 0, 50, 20, 0]);
    assert_eq!(s.lines[0].result, BetResult::Void);
    assert_eq!(s.lines[3].result, BetResult::Void);
    assert_eq!(
        s.lines[0].outcome(),
        "void: Ada was caught cheating and the house bars cheats"
    );
    assert_eq!(s.lines[1].outcome(), "won");
    assert!(s.lines[4].cheat.is_none());
    assert_eq!(s.house, 30);
    let entry = crate::wager::ledger::entry("The Rat", &s, crate::wager::Currency::GOLD);
    assert!(
        entry.contains(
            "- Ada's 5 sp on Bo to win the match came back (void: Ada was caught cheating and \
             the house bars cheats)"
        ),
        "{entry}"
    );
    // An unseen cheat is never barred.
    let unseen = bo_wins(vec![cheat(0, &[], CheatResult::Stood)]);
    let s = settle(&bets, &unseen, &p, &house(1000, true, false)).unwrap();
    assert_eq!(payouts(&s), payouts(&open));
}
