//! Board diagrams and pictures, as the games draw them: the kit and each game's drawings
//! live with the games (`games/draw/`, `games/<game>/diagram.rs` and `picture.rs`); the
//! report adds the film of a whole match, which reads the match log.

pub use crate::games::draw::*;

pub mod picture;
