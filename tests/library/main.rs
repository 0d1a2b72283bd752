//! Tests of the library through its public interface, without running the binary: board
//! diagrams and pictures, the narrator, the match's summary, players across whole games
//! and matches, and the library's robustness against odd logs and positions. (`tests/cli` holds what runs `taproom` itself.)

mod board;
mod bookie;
mod made_up;
mod narration;
mod pictures;
mod players;
mod robustness;
mod summary;
mod telling;
