//! Money, and what the table wagers on a match.

pub mod money;

pub use money::Money;
