//! Wagers on the page: the bookie's board of chances and prices, the bets as the table
//! hears them placed and settled, and the settlement table.

mod board;
mod placed;
mod settlement;
mod told;

pub(crate) use board::outcome_name;
pub use board::{BoardForm, audit_table, market_label, market_name, market_words, odds_table};
pub use placed::placed_lines;
pub use settlement::{SettledRow, SettlementLayout, purse_table, settlement_for, settlement_table};
pub use told::{coloured, settled_lines, settled_lines_at};

use crate::wager::settle::{BetResult, Line};
use crate::wager::{Currency, Money};

/// A chance as a percentage with one decimal: `37.5%`.
fn pct(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}

/// What a settled bet brought back: its coins, its own thing unless it lost, and the
/// things it won (`2 sp and “her silver locket”`; things alone when no coin came back, and
/// `nothing` for a bet that staked no coin and has nothing back).
fn payout(line: &Line, currency: Currency) -> String {
    let kept = line
        .bet
        .thing
        .as_ref()
        .filter(|_| line.result != BetResult::Lost);
    let things: Vec<String> = kept
        .into_iter()
        .chain(line.won.iter().map(|p| &p.thing))
        .map(crate::wager::Thing::quoted)
        .collect();
    let coins = line.payout.show(currency).to_string();
    match (line.payout, things.is_empty()) {
        // A bet lost brought nothing back, said so rather than as "0 cp".
        (Money::ZERO, true) => "nothing".to_owned(),
        (_, true) => coins,
        (Money::ZERO, false) => things.join(" and "),
        (_, false) => format!("{coins} and {}", things.join(" and ")),
    }
}

/// How a settled bet came out and what it did to the bettor's purse, for the compact
/// table beside the purse before and after: "won: +2 sp", "lost: −1 sp", "push: the
/// stake back", "won: “her silver locket”" (never "lost: 0 cp" beside a purse that fell).
fn result_and_change(line: &Line, currency: Currency) -> String {
    let change = line.payout.signed() - line.bet.stake.signed();
    let mut parts = Vec::new();
    if change != 0 {
        parts.push(crate::wager::money::show_change(change, currency).to_string());
    }
    let own = line.bet.thing.as_ref();
    match (line.result, own) {
        (BetResult::Lost, Some(t)) => parts.push(format!("{} lost", t.quoted())),
        (BetResult::Won | BetResult::DeadHeat(_), _) => {
            parts.extend(line.won.iter().map(|p| p.thing.quoted()));
        }
        _ => {}
    }
    let said = if !parts.is_empty() {
        crate::names::and_list(&parts)
    } else if line.bet.stake > Money::ZERO || own.is_some() {
        "the stake back".to_owned()
    } else {
        "nothing".to_owned()
    };
    format!("{}: {said}", line.outcome())
}

#[cfg(test)]
mod tests;
