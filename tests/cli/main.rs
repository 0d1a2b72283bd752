//! The command-line and whole-program tests, one module per feature, built as one test
//! binary: each test binary links the whole library again, so one binary builds in a
//! fraction of the time of one per feature.

mod common;
/// Reading a picture back against its notation, shared with the library tests.
#[path = "../library/pictures/check.rs"]
mod picture_check;

mod apply;
mod audit;
mod before_write;
mod bribes;
mod browser;
mod calendar;
mod campaign;
mod cheat_bets;
mod cheats;
mod check;
mod colour;
mod commands;
mod defaults;
mod discord;
mod engine;
mod files;
mod foundry;
mod game_words;
mod history;
mod hustle_prices;
mod intentions;
mod json;
mod ladder;
mod layout;
mod limits;
mod markdown;
mod messages;
mod names;
mod newcomer;
mod no_repeats;
mod notes;
mod outside;
mod page;
mod party_checks;
mod phrasebooks;
mod picture_views;
mod pictures;
mod pipes;
mod play;
mod pty;
mod read_aloud;
mod readme;
mod remember;
mod replay;
mod replay_moves;
mod said_bets;
mod secrets;
mod settle_words;
mod short;
mod sit;
mod sit_input;
mod snapshots;
mod stakes;
mod telling;
mod undo;
mod wager;
mod widths;
