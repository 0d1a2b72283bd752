//! taproom: traditional tavern games played out between characters, for game masters.
//!
//! The data flows one way: the command line ([`cli`]) and the TOML files ([`roster`])
//! become validated values, above all one [`ops::MatchSpec`] per match; the operations
//! ([`ops`]) run a match through [`table`] from a game ([`games`]) and one player per seat
//! ([`ai`]), and its event log feeds the narrator ([`narrate`]), the reports ([`report`])
//! and the wagers ([`wager`]).
//!
//! # Using the library
//!
//! Another program (a bot for a chat channel, a virtual tabletop's module) calls what
//! the commands call, in [`ops`]. Each example below runs under `cargo test --doc`.
//!
//! **Play a match** between characters built into taproom, as `taproom play tides Brannoc
//! Mirela --seed 7` does, and read who won and the story:
//!
//! ```
//! use taproom::games::GameKind;
//! use taproom::ops::Draft;
//! use taproom::ops::play::{Request, play};
//!
//! let request = Request {
//!     game: GameKind::TidesOfWar,
//!     words: vec!["Brannoc".into(), "Mirela".into()],
//!     draft: Draft { seed: 7, ..Draft::default() },
//!     detail: taproom::narrate::Detail::Brief,
//!     phrasebooks: Vec::new(),
//!     tavern: None,
//!     bets: Vec::new(),
//!     bribes: Vec::new(),
//!     apply: None,
//!     history: None,
//!     evening: None,
//! };
//! let played = play(&request, &(), &mut |_| {}).expect("two built-in characters can play");
//! let log = &played.log;
//! assert_eq!(log.entrants.len(), 2);
//! // A match is won by whoever won the most games (a best of 3 by default at Tides of War).
//! let wins = &log.wins;
//! if let Some(winner) = log.winner_name() {
//!     let w = log.entrants.iter().position(|e| e.name == winner).unwrap();
//!     assert!(wins.iter().enumerate().all(|(i, &n)| i == w || n < wins[w]));
//! }
//! assert!(!played.scenes.is_empty(), "the match is told, a scene a game");
//! // The same seed plays the same match.
//! let again = play(&request, &(), &mut |_| {}).unwrap();
//! assert_eq!(again.log.winners, log.winners);
//! ```
//!
//! **Price it**: the bookie's chance of each outcome of every market he takes, as `taproom
//! odds` shows them (from the bookie's model of play's players):
//!
//! ```
//! use taproom::games::GameKind;
//! use taproom::ops::{cast::built_in_table, price::odds};
//! use taproom::wager::Market;
//!
//! let spec = built_in_table(GameKind::TidesOfWar, &["Brannoc", "Mirela"], 7).unwrap();
//! let board = odds(&spec, 300, &()).expect("a table the bookie prices");
//! let winner = board.estimates.iter().find(|e| e.market == Market::Match).unwrap();
//! // Each entrant's chance to win the match, a dead heat, a push and a void add up to one.
//! let total: f64 =
//!     winner.outright.iter().sum::<f64>() + winner.dead_heat + winner.push + winner.void;
//! assert!((total - 1.0).abs() < 1e-6);
//! ```
//!
//! **Settle bets on it**: bets as a GM writes them on the command line, placed with the
//! bookie and settled on the match played; nobody's coin is made or lost, only moved
//! between the bettors and the house:
//!
//! ```
//! use taproom::games::GameKind;
//! use taproom::ops::Draft;
//! use taproom::ops::play::{Request, play};
//! use taproom::wager::syntax::BetText;
//!
//! let bet = "Tamsin 2 sp on Brannoc";
//! let request = Request {
//!     game: GameKind::TidesOfWar,
//!     words: vec!["Brannoc".into(), "Mirela".into()],
//!     draft: Draft { seed: 7, ..Draft::default() },
//!     detail: taproom::narrate::Detail::None,
//!     phrasebooks: Vec::new(),
//!     tavern: None,
//!     bets: vec![(bet.parse::<BetText>().unwrap(), bet.to_owned())],
//!     bribes: Vec::new(),
//!     apply: None,
//!     history: None,
//!     evening: None,
//! };
//! let played = play(&request, &(), &mut |_| {}).unwrap();
//! let settled = played.wagers.expect("a bet was made").settlement;
//! let worth = |p: &taproom::wager::Purse| p.coins.signed() - p.debt.signed();
//! let before: i128 = settled.before.values().map(worth).sum();
//! let after: i128 = settled.after.values().map(worth).sum();
//! assert_eq!(before - after, settled.house, "what Tamsin lost the house won, or the other way");
//! assert_eq!(settled.lines.len(), 1);
//! ```
//!
//! **Read a character file**, with the one-sentence error a GM sees when it is wrong:
//!
//! ```
//! use std::path::Path;
//! use taproom::ai::Skill;
//! use taproom::games::GameKind;
//! use taproom::roster::Character;
//!
//! let text = r#"
//! name = "Ash Wren"
//! skill = 6
//! temperament = "cunning"
//! honesty = 4
//! purse = "3 gp 5 sp"
//!
//! [games.pic]
//! skill = 8
//! "#;
//! let ash = Character::from_toml(Path::new("ash.toml"), text).unwrap();
//! assert_eq!(ash.short, "Ash");
//! assert_eq!(ash.skill_at(GameKind::Pic), Skill::Level(8));
//! assert_eq!(ash.skill_at(GameKind::TidesOfWar), Skill::Level(6));
//! assert_eq!(ash.honesty_at(GameKind::TidesOfWar), 4);
//!
//! let wrong = Character::from_toml(Path::new("ash.toml"), "name = \"Ash\"\nskill = 11\n");
//! let message = wrong.unwrap_err().to_string();
//! assert!(message.starts_with("ash.toml:2:"), "{message}");
//! ```

pub mod ai;
pub mod cli;
pub mod games;
pub mod history;
pub mod money;
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
