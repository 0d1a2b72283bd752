//! Running a match: the ceremony, the games, the seats, the players, one seeded generator.
//!
//! * `settings.rs`: what a match is played under, and what stops it.
//! * `hands.rs`: who decides at a table ([`Hands`]: the characters' [`Npcs`], or people at
//!   `taproom sit`), and what they are offered.
//! * `run.rs`: the one game loop ([`run_with`]) and a seat's turn in it.
//! * `watch.rs`: the table around the moves: cheats, Insight checks, accusations and
//!   rule-2 penalties.
//! * `sitting.rs`: a whole match ([`play_match`]), game after game, and each game's record.

mod hands;
mod run;
mod settings;
mod sitting;
mod watch;

pub use hands::{CheatOffer, Decision, Hands, NoCheat, Npcs};
pub use run::{Kept, StepFn, Told, run_game, run_with};
pub use settings::{MatchSettings, TableError};
pub use sitting::{play_match, play_match_with};
