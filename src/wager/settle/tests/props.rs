//! Properties of every settlement, over random match logs, purses, bets and house rules:
//! money is conserved, no purse goes below zero without credit, and every payout is the
//! exact amount rounded down to a whole copper (and a pot between characters is paid out
//! to the last copper). Stakes between characters carry things too (alone, beside coins,
//! or against nothing): they pass whole from a losing bet to a winning one, and never
//! count as money. Logs carry cheats too (seen or not, ruled any way, and accusations
//! right or wrong), under a house that may bar cheats or forfeit their stakes: a barred
//! bet comes back whole and the pool is shared without it, and a stake forfeit is lost by
//! the cheat and won by the other side, whatever the match's result.

use std::collections::BTreeMap;

use proptest::prelude::*;

use super::*;
use crate::games::Tally;
use crate::games::oicus::OicusEvent;
use crate::games::pic::PicEvent;
use crate::games::{End, Event, GameKind, Place, Seat};
use crate::table::{Aside, CheatResult};
use crate::wager::market::{Scope, Share, Side};
use crate::wager::price::Odds;
use crate::wager::testlog::{G, accused, cheat, log};

pub(super) const NAMES: [&str; 6] = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"];

/// A random event of any game, by seats of a table of `n`.
fn event(n: u8) -> impl Strategy<Value = Event> {
    let at = Place::Heap(1);
    (0..4u8, 0..n, 0..n, 1..4u8).prop_map(move |(kind, by, victim, count)| match kind {
        0 => Event::Capture {
            by: Seat(by),
            victim: Seat(victim),
            at,
            count,
        },
        1 => PicEvent::Claim {
            by: Seat(by),
            owner: Seat(victim),
            at,
            counters: 3,
        }
        .into(),
        2 => OicusEvent::BringDown {
            by: Seat(by),
            victim: Seat(victim),
            // Rule 8's scorer is the victim's opponent; at a random table, the next seat.
            scorer: Seat((victim + 1) % n),
            at,
            count,
        }
        .into(),
        _ => OicusEvent::BringHome { by: Seat(by), at }.into(),
    })
}

const RESULTS: [CheatResult; 5] = [
    CheatResult::Stood,
    CheatResult::TakenBack,
    CheatResult::GameForfeit,
    CheatResult::StakesForfeit,
    CheatResult::RuleTwo,
];

/// A random aside at a table of `n`: a cheat, seen by anyone or nobody and ruled any way,
/// or an accusation, right or wrong.
fn aside(n: usize) -> impl Strategy<Value = Aside> {
    (
        any::<bool>(),
        0..n,
        0..n,
        proptest::collection::vec(any::<bool>(), n),
        0..RESULTS.len(),
        any::<bool>(),
    )
        .prop_map(move |(is_cheat, by, other, seers, result, right)| {
            if is_cheat {
                let seen: Vec<usize> = (0..n).filter(|&e| e != by && seers[e]).collect();
                cheat(by, &seen, RESULTS[result])
            } else {
                accused(by, other, right)
            }
        })
}

/// A random game at a table of `n`: seats rotated, any winners, scores, events, an end,
/// and now and then a cheat or an accusation.
fn game(n: usize) -> impl Strategy<Value = G> {
    (
        0..n,
        proptest::collection::vec(any::<bool>(), n),
        proptest::collection::vec(0..30i32, n),
        proptest::collection::vec(event(n as u8), 0..8),
        0..9usize,
        proptest::collection::vec(aside(n), 0..3),
    )
        .prop_map(move |(rot, won, scores, events, end, asides)| {
            let seats: Vec<usize> = (0..n).map(|k| (k + rot) % n).collect();
            let winners: Vec<u8> = (0..n as u8).filter(|&s| won[usize::from(s)]).collect();
            G::new(&seats, &winners, End::ALL[end])
                .scores(&scores)
                .events(events)
                .asides(asides)
        })
}

fn match_log() -> impl Strategy<Value = MatchLog> {
    (2..=5usize)
        .prop_flat_map(|n| {
            (
                Just(n),
                proptest::collection::vec(game(n), 0..4),
                proptest::collection::vec(any::<bool>(), n),
                proptest::option::of(0..n as u8),
            )
        })
        .prop_map(|(n, mut games, won, first)| {
            if let (Some(first), Some(g)) = (first, games.first_mut()) {
                g.ceremony = vec![Event::FirstTurn {
                    winner: Seat(first),
                }];
            }
            let winners: Vec<usize> = (0..n).filter(|&e| won[e]).collect();
            log(GameKind::Pic, &NAMES[..n], games, &winners)
        })
}

fn market() -> impl Strategy<Value = Market> {
    let scope = prop_oneof![Just(Scope::Match), (1..5u32).prop_map(Scope::Game)];
    let tally = prop_oneof![
        Just(Tally::Points),
        Just(crate::games::oicus::DOWN),
        Just(crate::games::oicus::HOME),
        Just(Tally::Captures)
    ];
    prop_oneof![
        Just(Market::Match),
        (1..5u32).prop_map(|number| Market::Game { number }),
        Just(Market::FirstTurn),
        (tally, scope.clone()).prop_map(|(tally, scope)| Market::Most { tally, scope }),
        scope.clone().prop_map(|scope| Market::End { scope }),
        scope.clone().prop_map(|scope| Market::Caught { scope }),
        scope.prop_map(|scope| Market::AnyoneCaught { scope }),
    ]
}

/// Things to stake.
const THINGS: [&str; 3] = ["where the caravan went", "her silver locket", "a favour"];

/// Random bets among the six names; the bets of one stakes group share its market. A bet
/// in a stakes group may stake a thing instead of coins, a thing beside its coins, or
/// nothing (when its group holds a thing).
fn bets(players: usize) -> impl Strategy<Value = Vec<Bet>> {
    let one = (
        0..NAMES.len(),
        market(),
        0..players,
        any::<bool>(),
        1..5_000u64,
        0..3u8,
        (1..40u32, 1..12u32),
        1..4u32,
        (0..6u8, 0..THINGS.len()),
    );
    (
        proptest::collection::vec(one, 0..14),
        proptest::collection::vec(market(), 4),
    )
        .prop_map(|(raw, group_markets)| {
            let mut bets: Vec<Bet> = raw
                .into_iter()
                .map(
                    |(who, market, pick, against, stake, book, (n, d), group, (kind, thing))| {
                        let book = match book {
                            0 => Book::Bookie(Odds::new(n, d)),
                            1 => Book::Pool,
                            _ => Book::Stakes(group),
                        };
                        // Most pool bets share two markets, so that pools have several
                        // bets to share among (some of them barred).
                        let market = match book {
                            Book::Stakes(g) => group_markets[g as usize],
                            Book::Pool if kind < 4 => group_markets[group as usize % 2],
                            _ => market,
                        };
                        let selection = match market {
                            Market::End { .. } => Selection::End(if pick % 2 == 0 {
                                crate::games::tides::MASSACRE
                            } else {
                                End::Cap
                            }),
                            Market::AnyoneCaught { .. } => Selection::Anyone,
                            _ => Selection::Entrant(pick),
                        };
                        let side = if against && matches!(book, Book::Stakes(_)) {
                            Side::Against(selection)
                        } else {
                            Side::For(selection)
                        };
                        // Half the stakes between characters hold something other than coins.
                        let (stake, thing) = match (book, kind) {
                            (Book::Stakes(_), 0) => (0, Some(THINGS[thing])),
                            (Book::Stakes(_), 1) => (stake, Some(THINGS[thing])),
                            (Book::Stakes(_), 2) => (0, None),
                            _ => (stake, None),
                        };
                        Bet {
                            bettor: NAMES[who].to_owned(),
                            market,
                            side,
                            stake: Money(stake),
                            thing: thing.map(|t| t.parse().unwrap()),
                            book,
                        }
                    },
                )
                .collect();
            // Nothing is staked only against a thing.
            let with_things: Vec<Book> = bets
                .iter()
                .filter(|b| b.thing.is_some())
                .map(|b| b.book)
                .collect();
            for b in &mut bets {
                if b.stake == Money::ZERO && !with_things.contains(&b.book) {
                    b.stake = Money(1);
                }
            }
            bets
        })
}

fn credit() -> impl Strategy<Value = Credit> {
    prop_oneof![
        Just(Credit::None),
        (0..3_000u64).prop_map(|c| Credit::UpTo(Money(c))),
        Just(Credit::Unlimited)
    ]
}

pub(super) fn case() -> impl Strategy<Value = (MatchLog, Vec<Bet>, Vec<u64>, HouseRules)> {
    match_log().prop_flat_map(|log| {
        let n = log.entrants.len();
        (
            Just(log),
            bets(n),
            proptest::collection::vec(0..20_000u64, NAMES.len()),
            (0..3_000u32, credit(), any::<bool>(), any::<bool>()).prop_map(
                |(take_bp, credit, bar_cheats, forfeit_stakes)| HouseRules {
                    take_bp,
                    credit,
                    bar_cheats,
                    forfeit_stakes,
                },
            ),
        )
    })
}

/// Whose stakes between characters are forfeit, read from the asides by this test's own
/// reading of the rule: a cheat seen and ruled `StakesForfeit`, or (under the house's
/// rule) a right accusation.
fn forfeit_by(log: &MatchLog, rules: &HouseRules, name: &str) -> bool {
    let Some(e) = log.everyone().find(|&x| log.entrant(x).name == name) else {
        return false;
    };
    log.games
        .iter()
        .flat_map(|g| &g.asides)
        .any(|a| match &a.aside {
            Aside::Cheat {
                by,
                seen_by,
                result,
                ..
            } => *by == e && !seen_by.is_empty() && *result == CheatResult::StakesForfeit,
            Aside::Accused { against, right, .. } => {
                rules.forfeit_stakes && *against == e && *right
            }
            Aside::Penalty { .. } | Aside::Insight { .. } => false,
        })
}

/// Whether a bet with the house is barred: the house bars cheats, and its bettor sat at
/// the table and was seen cheating or rightly accused in some game.
fn barred(log: &MatchLog, rules: &HouseRules, bet: &Bet) -> bool {
    let Some(e) = log.everyone().find(|&x| log.entrant(x).name == bet.bettor) else {
        return false;
    };
    rules.bar_cheats
        && !matches!(bet.book, Book::Stakes(_))
        && log
            .games
            .iter()
            .flat_map(|g| &g.asides)
            .any(|a| match &a.aside {
                Aside::Cheat { by, seen_by, .. } => *by == e && !seen_by.is_empty(),
                Aside::Accused { against, right, .. } => *against == e && *right,
                Aside::Penalty { .. } | Aside::Insight { .. } => false,
            })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn every_settlement_conserves_money_and_rounds_down_to_the_copper(
        (log, bets, coins, rules) in case()
    ) {
        let purses: BTreeMap<String, Purse> =
            NAMES.iter().zip(&coins).map(|(n, &c)| ((*n).to_owned(), Purse::of(Money(c)))).collect();
        let mut stakes: BTreeMap<&str, u64> = BTreeMap::new();
        for b in &bets {
            *stakes.entry(b.bettor.as_str()).or_default() += b.stake.0;
        }
        let covered = stakes.iter().all(|(n, &s)| purses[*n].covers(Money(s), rules.credit));
        let s = match settle(&bets, &log, &purses, &rules) {
            Err(SettleError::Short { bettor, stakes: total, .. }) => {
                prop_assert!(!purses[&bettor].covers(total, rules.credit));
                prop_assert!(!covered);
                return Ok(());
            }
            Err(e) => return Err(TestCaseError::fail(format!("unexpected error: {e}"))),
            Ok(s) => s,
        };
        prop_assert!(covered, "settled although a purse could not cover its stakes");

        // Conservation: what the purses gain and lose plus the house's gain is zero.
        let moved: i128 = s.changes().values().sum();
        prop_assert_eq!(moved + s.house, 0);
        // The transfers tell the same story.
        let mut net: BTreeMap<String, i128> = BTreeMap::new();
        for t in &s.transfers {
            prop_assert!(t.amount > Money::ZERO);
            *net.entry(t.from.to_string()).or_default() -= t.amount.signed();
            *net.entry(t.to.to_string()).or_default() += t.amount.signed();
        }
        for (name, change) in s.changes() {
            prop_assert_eq!(net.get(&name).copied().unwrap_or(0), change, "{}", name);
        }
        prop_assert_eq!(net.get("the house").copied().unwrap_or(0), s.house);

        // No purse below zero without credit, and no debt beyond it.
        for after in s.after.values() {
            match rules.credit {
                Credit::None => prop_assert!(after.debt == Money::ZERO && after.balance() >= 0),
                Credit::UpTo(limit) => prop_assert!(after.debt <= limit),
                Credit::Unlimited => {}
            }
            prop_assert!(after.coins == Money::ZERO || after.debt == Money::ZERO);
        }

        // Cheats: a barred bet comes back whole, as void, and says why; a pot with a
        // party whose stakes are forfeit is lost by every such party and won by every
        // other (every stake back when all are), and every line of it says why.
        let forfeit_pot = |book: Book| {
            matches!(book, Book::Stakes(_))
                && s.lines.iter().any(|l| l.bet.book == book && forfeit_by(&log, &rules, &l.bet.bettor))
        };
        for line in &s.lines {
            if barred(&log, &rules, &line.bet) {
                prop_assert_eq!(line.payout, line.bet.stake);
                prop_assert_eq!(line.result, BetResult::Void);
                prop_assert!(line.outcome().ends_with("was caught cheating and the house bars cheats"), "{}", line.outcome());
            } else if forfeit_pot(line.bet.book) {
                let all = s.lines.iter().filter(|l| l.bet.book == line.bet.book).all(|l| forfeit_by(&log, &rules, &l.bet.bettor));
                if all {
                    prop_assert_eq!(line.payout, line.bet.stake);
                } else if forfeit_by(&log, &rules, &line.bet.bettor) {
                    prop_assert_eq!(line.payout, Money::ZERO);
                    prop_assert_eq!(line.result, BetResult::Lost);
                } else {
                    prop_assert!(line.payout >= line.bet.stake);
                    prop_assert_eq!(line.result, BetResult::Won);
                }
                prop_assert!(line.outcome().contains("caught cheating"), "{}", line.outcome());
            } else {
                prop_assert!(line.cheat.is_none(), "{:?}", line.cheat);
            }
        }

        // A pool is shared among the bets not barred: a losing one among them loses
        // whenever another of them won, whatever the barred bets backed.
        for line in s.lines.iter().filter(|l| l.bet.book == Book::Pool && l.cheat.is_none()) {
            let share = |l: &Line| l.bet.market.verdict(&log).share(l.bet.side);
            let someone_won = s.lines.iter().any(|o| {
                o.bet.book == Book::Pool
                    && o.bet.market == line.bet.market
                    && !barred(&log, &rules, &o.bet)
                    && matches!(share(o), Share::Part { num, .. } if num > 0)
            });
            if share(line) == Share::LOST && someone_won {
                prop_assert_eq!(line.payout, Money::ZERO);
                prop_assert_eq!(line.result, BetResult::Lost);
            }
        }

        // Every other payout is the exact amount rounded down to a whole copper.
        let verdict = |m: Market| m.verdict(&log);
        for line in &s.lines {
            if line.cheat.is_some() {
                continue;
            }
            let share = verdict(line.bet.market).share(line.bet.side);
            let stake = u128::from(line.bet.stake.0);
            if let (Book::Bookie(o), Share::Part { num, den }) = (line.bet.book, share) {
                let exact_num = stake * u128::from(num) * u128::from(o.num + o.den);
                let exact_den = u128::from(den) * u128::from(o.den);
                let paid = u128::from(line.payout.0);
                prop_assert!(paid * exact_den <= exact_num && exact_num < (paid + 1) * exact_den);
            }
            if share == Share::Returned {
                prop_assert_eq!(line.payout, line.bet.stake);
            }
        }
        // Things: a pot with a thing in it gives every stake back or passes each losing
        // bet's thing whole to a winning bet of its pot; its coins move only from a bet
        // that lost. No thing is staked with the house.
        let thing_pots: Vec<Book> = s.lines.iter().filter(|l| l.bet.thing.is_some()).map(|l| l.bet.book).collect();
        let mut passed = 0;
        for line in &s.lines {
            if line.bet.thing.is_some() {
                prop_assert!(matches!(line.bet.book, Book::Stakes(_)));
            }
            if !thing_pots.contains(&line.bet.book) {
                prop_assert!(line.won.is_empty());
                continue;
            }
            prop_assert!(!matches!(line.result, BetResult::DeadHeat(_)), "a thing is never cut");
            match line.result {
                BetResult::Lost => prop_assert_eq!(line.payout, Money::ZERO),
                _ => prop_assert!(line.payout >= line.bet.stake),
            }
            for p in &line.won {
                prop_assert_eq!(line.result, BetResult::Won);
                prop_assert_eq!(&p.to, &line.bet.bettor);
                let lost_it = s.lines.iter().any(|l| {
                    l.bet.book == line.bet.book
                        && l.result == BetResult::Lost
                        && l.bet.bettor == p.from
                        && l.bet.thing.as_ref() == Some(&p.thing)
                });
                prop_assert!(lost_it, "{:?} was not lost in its pot", p);
                passed += 1;
            }
        }
        // Every thing lost in a pot that someone won has passed, once.
        let lost_things = s.lines.iter().filter(|l| {
            l.bet.thing.is_some()
                && l.result == BetResult::Lost
                && s.lines.iter().any(|w| w.bet.book == l.bet.book && w.result == BetResult::Won)
        }).count();
        prop_assert_eq!(passed, lost_things);
        prop_assert_eq!(s.things().count(), passed);

        // Pools: never pay out more than the pot less the take, and never leave a whole
        // copper per winner unpaid; pots between characters pay out exactly.
        let mut pots: BTreeMap<String, (u128, u128, usize)> = BTreeMap::new();
        for line in s.lines.iter().filter(|l| !barred(&log, &rules, &l.bet)) {
            let key = match line.bet.book {
                Book::Bookie(_) => continue,
                Book::Pool => format!("pool {:?}", line.bet.market),
                Book::Stakes(g) => format!("stakes {g}"),
            };
            let e = pots.entry(key).or_default();
            e.0 += u128::from(line.bet.stake.0);
            e.1 += u128::from(line.payout.0);
            e.2 += 1;
        }
        for (key, (pot, paid, members)) in pots {
            if key.starts_with("stakes") {
                prop_assert_eq!(pot, paid, "{}", key);
            } else {
                let take = pot * u128::from(rules.take_bp.min(10_000)) / 10_000;
                prop_assert!(paid == pot || (paid <= pot - take && paid + members as u128 > pot - take),
                    "{}: pot {} take {} paid {}", key, pot, take, paid);
            }
        }
    }
}
