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
        (Money::ZERO, true) if line.bet.stake == Money::ZERO => "nothing".to_owned(),
        (_, true) => coins,
        (Money::ZERO, false) => things.join(" and "),
        (_, false) => format!("{coins} and {}", things.join(" and ")),
    }
}

#[cfg(test)]
mod tests;
