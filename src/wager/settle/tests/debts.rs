//! Debts through a settlement, over random match logs, bets and house rules at tables of
//! two to five, with debtors among the bettors (every bettor who stakes a thing or
//! nothing is made one): money is conserved, and a debt changes only by coins: it grows
//! by no more than the coins staked, shrinks by no more than the coins brought back, and
//! stays whole when no coins move.

use std::cell::Cell;
use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use super::props::{NAMES, case};
use super::*;

/// Each name's purse: its coins, less a debt for the names in `debtors` (and for a third
/// of the others), set against each other as a character file's are read.
fn purses(coins: &[u64], debts: &[u64], debtors: &[&str]) -> BTreeMap<String, Purse> {
    NAMES
        .iter()
        .zip(coins.iter().zip(debts))
        .map(|(n, (&c, &d))| {
            let debt = if debtors.contains(n) { d + 1 } else { d };
            ((*n).to_owned(), Purse::with_debt(Money(c), Money(debt)))
        })
        .collect()
}

#[test]
fn a_debt_changes_only_by_coins_staked_or_brought_back() {
    let strategy = (
        case(),
        proptest::collection::vec(prop_oneof![Just(0u64), 0..20_000u64], NAMES.len()),
        any::<bool>(),
    );
    let mut runner = TestRunner::new(Config {
        failure_persistence: None,
        ..Config::with_cases(5_000)
    });
    // How many settlements had a debtor who staked no coins: the case of the red team's
    // report, which the generator must reach often.
    let debtors_without_coins = Cell::new(0u32);
    runner
        .run(
            &strategy,
            |((log, bets, coins, mut rules), debts, trusted)| {
                // Half the time the house trusts everyone, so that debtors' coin stakes settle.
                if trusted {
                    rules.credit = Credit::Unlimited;
                }
                let debtors: Vec<&str> = bets
                    .iter()
                    .filter(|b| b.stake == Money::ZERO)
                    .map(|b| b.bettor.as_str())
                    .collect();
                let purses = purses(&coins, &debts, &debtors);
                let s = match settle(&bets, &log, &purses, &rules) {
                    Err(SettleError::Short { bettor, stakes, .. }) => {
                        prop_assert!(!purses[&bettor].covers(stakes, rules.credit));
                        return Ok(());
                    }
                    Err(e) => return Err(TestCaseError::fail(format!("unexpected error: {e}"))),
                    Ok(s) => s,
                };
                // By hand, from the lines: what each bettor put up in coins and what came back.
                let mut moved: BTreeMap<&str, (u128, u128)> = BTreeMap::new();
                for line in &s.lines {
                    let e = moved.entry(line.bet.bettor.as_str()).or_default();
                    e.0 += u128::from(line.bet.stake.0);
                    e.1 += u128::from(line.payout.0);
                }
                // Conservation: the purses' gains and the house's sum to nothing.
                let gained: i128 = s
                    .after
                    .iter()
                    .map(|(n, a)| a.balance() - purses[n].balance())
                    .sum();
                prop_assert_eq!(gained + s.house, 0);
                let mut no_coins = false;
                for (name, &(staked, back)) in &moved {
                    let before = purses[*name];
                    let after = s.after[*name];
                    prop_assert_eq!(s.before[*name], before);
                    let (staked_i, back_i) = (staked as i128, back as i128);
                    prop_assert_eq!(
                        after.balance(),
                        before.balance() - staked_i + back_i,
                        "{}",
                        name
                    );
                    let (debt_before, debt_after) =
                        (u128::from(before.debt.0), u128::from(after.debt.0));
                    // A debt grows by no more than the coins staked, and shrinks by no more
                    // than the coins brought back.
                    prop_assert!(
                        debt_after <= debt_before + staked,
                        "{}: {:?} -> {:?}",
                        name,
                        before,
                        after
                    );
                    prop_assert!(
                        debt_before <= debt_after + back,
                        "{}: {:?} -> {:?}",
                        name,
                        before,
                        after
                    );
                    if staked == 0 {
                        // Nothing paid out: the debt is what it was, less what came back.
                        prop_assert_eq!(debt_after, debt_before.saturating_sub(back), "{}", name);
                        if back == 0 {
                            prop_assert_eq!(after, before, "{}", name);
                        }
                        no_coins |= debt_before > 0;
                    }
                    prop_assert!(after.coins == Money::ZERO || after.debt == Money::ZERO);
                }
                if no_coins {
                    debtors_without_coins.set(debtors_without_coins.get() + 1);
                }
                Ok(())
            },
        )
        .unwrap();
    assert!(
        debtors_without_coins.get() >= 50,
        "only {} settlements had a debtor staking no coins",
        debtors_without_coins.get()
    );
}
