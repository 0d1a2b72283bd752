//! taproom: traditional tavern games played out between characters, for game masters.
//!
//! The data flows one way: the command line ([`cli`]) and the TOML files ([`roster`])
//! become validated values, above all one [`ops::MatchSpec`] per match; the operations
//! ([`ops`]) run a match through [`table`] from a game ([`games`]) and one player per seat
//! ([`ai`]), and its event log feeds the narrator ([`narrate`]), the reports ([`report`])
//! and the wagers ([`wager`]).

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
pub mod store;
pub mod table;
pub mod wager;
