//! A move or a position of the match's game, kept in the log as the game's own value and
//! written as its notation only at the edges (the JSON, the page, the screen).
//!
//! The log is read by code that knows the game's type (the replay, the film) and by code
//! that does not (the narrator, the wagers, the reports), so the value is kept behind
//! [`Any`] and read back by the type: [`Played::get`]. Its notation is written once, when
//! it is logged, in the form the log has always shown. A log made by hand (a test, an
//! odd log from elsewhere) may hold the notation alone; reading it then parses it, and a
//! notation the game does not read is an error, as it always was.

use std::any::Any;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use serde::Serialize;

/// A move or position of the game, with its notation.
#[derive(Clone)]
pub struct Played {
    /// The notation, as the log shows it.
    text: String,
    /// The game's own value, when the log was made by play.
    value: Option<Arc<dyn Any + Send + Sync>>,
}

impl Played {
    /// `value`, written `text`.
    #[must_use]
    pub fn new<T: Any + Send + Sync>(value: T, text: String) -> Played {
        Played {
            text,
            value: Some(Arc::new(value)),
        }
    }

    /// A move of the game, written in its notation.
    #[must_use]
    pub fn step<T: Any + Send + Sync + fmt::Display>(value: T) -> Played {
        let text = value.to_string();
        Played::new(value, text)
    }

    /// The notation alone (a log made by hand).
    #[must_use]
    pub fn text_only(text: impl Into<String>) -> Played {
        Played {
            text: text.into(),
            value: None,
        }
    }

    /// The notation.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The game's own value, when it is a `T`.
    #[must_use]
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.value.as_deref()?.downcast_ref()
    }

    /// The value as a `T`: the one kept, else the notation read by `read`.
    ///
    /// # Errors
    /// What `read` says of a notation it cannot read.
    pub fn read<T: Any + Clone, E>(&self, read: impl FnOnce(&str) -> Result<T, E>) -> Result<T, E> {
        match self.get::<T>() {
            Some(value) => Ok(value.clone()),
            None => read(&self.text),
        }
    }

    /// The value as a `T` that reads its own notation ([`FromStr`]).
    ///
    /// # Errors
    /// As `T::from_str`.
    pub fn parse<T: Any + Clone + FromStr>(&self) -> Result<T, T::Err> {
        self.read(str::parse)
    }
}

impl fmt::Display for Played {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl fmt::Debug for Played {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.text, f)
    }
}

/// Two are the same when their notations are: a game's notation says all of a move or a
/// position.
impl PartialEq for Played {
    fn eq(&self, other: &Played) -> bool {
        self.text == other.text
    }
}

impl PartialEq<str> for Played {
    fn eq(&self, other: &str) -> bool {
        self.text == other
    }
}

impl PartialEq<&str> for Played {
    fn eq(&self, other: &&str) -> bool {
        self.text == *other
    }
}

impl Serialize for Played {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text)
    }
}

impl From<&str> for Played {
    fn from(text: &str) -> Played {
        Played::text_only(text)
    }
}

impl From<String> for Played {
    fn from(text: String) -> Played {
        Played::text_only(text)
    }
}

impl std::ops::Deref for Played {
    type Target = str;
    fn deref(&self) -> &str {
        &self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq)]
    struct Two(u8);

    impl FromStr for Two {
        type Err = String;
        fn from_str(s: &str) -> Result<Two, String> {
            match s {
                "two" => Ok(Two(2)),
                _ => Err(format!("`{s}` is not two")),
            }
        }
    }

    #[test]
    fn a_value_kept_is_read_back_without_its_notation_and_written_as_it() {
        // The notation is not even one `Two` reads: the value kept is what is read.
        let kept = Played::new(Two(7), "seven".to_owned());
        assert_eq!(kept.parse::<Two>(), Ok(Two(7)));
        assert_eq!(kept.get::<Two>(), Some(&Two(7)));
        assert_eq!(kept.get::<u8>(), None);
        assert_eq!(kept.to_string(), "seven");
        assert_eq!(serde_json::to_string(&kept).unwrap(), "\"seven\"");
    }

    #[test]
    fn a_notation_alone_is_parsed_and_a_bad_one_refused() {
        assert_eq!(Played::from("two").parse::<Two>(), Ok(Two(2)));
        assert_eq!(
            Played::from("three").parse::<Two>(),
            Err("`three` is not two".to_owned())
        );
        assert_eq!(Played::from("x"), Played::new(Two(1), "x".to_owned()));
        assert_eq!(Played::step(5u8).text(), "5");
    }
}
