//! Tests of the library through its public interface, without running the binary: board
//! diagrams, the narrator, the match's summary, and the library's robustness against odd
//! logs and positions. (`tests/cli` holds what runs `taproom` itself.)

mod board;
mod narration;
mod robustness;
mod summary;
