//! Running a match: formats, first-turn ceremonies, seats, and the event log every
//! consumer reads.

mod format;
pub mod ladder;
mod log;
mod runner;
mod summary;
mod tally;

pub use format::Format;
pub use log::{Entrant, GameLog, MatchLog, Step};
pub use runner::{MatchSettings, TableError, play_match};
pub use summary::{EntrantGame, FirstTurnRecord, GameSummary};
