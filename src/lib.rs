//! taproom: traditional tavern games played out between characters, for game masters.
//!
//! The data flows one way: the command line and the TOML files become validated settings
//! ([`roster`]), a match is run by [`table`] from a game ([`games`]) and one player per
//! seat ([`ai`]), and its event log feeds the narrator ([`narrate`]), the reports
//! ([`report`]) and the wagers.

pub mod ai;
pub mod cli;
pub mod games;
pub mod names;
pub mod narrate;
pub mod ops;
pub mod report;
pub mod roster;
pub mod seed;
pub mod stats;
pub mod table;
pub mod wager;
