//! Wagers: money, purses, what can be bet on, the bookie's prices, placing bets at a
//! table, settling them from the event log, the ledger, and writing purses back. A stake
//! between characters may be a thing instead of money ([`thing`]): it passes to the
//! winner and is written in the ledger, but never counts as money.
//!
//! Settlement ([`settle::settle`]) is a pure function of the bets, the match's event log,
//! the purses and the house's rules; the command line applies what it returns.

pub mod bet;
pub mod bribe;
pub mod cheats;
mod house;
pub mod ledger;
pub mod market;
pub mod model;
/// Money lives on the bottom floor (the table counts stakes too); named here as ever.
pub use crate::money;
pub mod place;
pub mod price;
pub mod purse;
pub mod settle;
pub mod simulate;
pub mod syntax;
#[cfg(test)]
mod testlog;
pub mod thing;
pub mod transfer;
mod words;
pub mod write;

pub use crate::games::Tally;
pub use bet::{Bet, Book};
pub use market::{Market, Scope, Selection, Side, Verdict};
pub use money::{Currency, Money};
pub use price::Odds;
pub use purse::{Credit, Purse};
pub use settle::{HouseRules, Settlement, settle};
pub use thing::{Stake, Thing};
