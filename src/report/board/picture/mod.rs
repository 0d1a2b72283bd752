//! Pictures of a position (the games draw them: `games/draw/picture/`), and the film of a
//! whole match, which the report makes from the match log.

mod film;

pub use crate::games::draw::picture::*;
pub use film::{
    Film, FilmError, Still, film, film_bytes, film_match, film_match_of, film_of, film_of_moves,
};
