//! A purse written back into a character's file, keeping the GM's comments and layout.
//! (How the file itself is written, whole and with the others or not at all, is
//! [`crate::store`]'s business.)

use std::path::Path;

use toml_edit::{DocumentMut, Item, Value};

use super::money::{Currency, Money};
use super::purse::Purse;
use crate::store::WriteError;

/// Replaces a value in place, keeping the comment after it and the space before it.
fn set_keeping_decor(doc: &mut DocumentMut, key: &str, text: String) {
    let mut value = Value::from(text);
    if let Some(old) = doc.get(key).and_then(Item::as_value) {
        *value.decor_mut() = old.decor().clone();
    }
    doc[key] = Item::Value(value);
}

/// The character file's text with its purse (and debt) set, all else as it was: the
/// purse in `currency`; a `debt` key while there is a debt, none when there is not.
///
/// # Errors
/// When the text is not TOML.
pub fn with_purse(
    file: &Path,
    text: &str,
    purse: Purse,
    currency: Currency,
) -> Result<String, WriteError> {
    let mut doc: DocumentMut =
        text.parse()
            .map_err(|e: toml_edit::TomlError| WriteError::Toml {
                file: file.to_owned(),
                message: e.message().trim().to_owned(),
            })?;
    set_keeping_decor(&mut doc, "purse", purse.coins.show(currency).to_string());
    if purse.debt > Money::ZERO {
        set_keeping_decor(&mut doc, "debt", purse.debt.show(currency).to_string());
    } else {
        doc.remove("debt");
    }
    Ok(with_line_endings_of(text, &doc.to_string()))
}

/// `out` with the line endings of `text`: CRLF throughout when `text` ends its first line
/// so (a file kept on Windows), as it is otherwise (`toml_edit` writes LF).
fn with_line_endings_of(text: &str, out: &str) -> String {
    let crlf = text.find('\n').is_some_and(|i| text[..i].ends_with('\r'));
    if crlf {
        out.replace("\r\n", "\n").replace('\n', "\r\n")
    } else {
        out.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PIP: &str = r#"# Pip, who loves the games
name = "Pip Underbough"
skill = 2
purse = "3 sp 8 cp"     # what he has left after the fair

[voice]
greeting = ["Ooh, can I play?"]
"#;

    #[test]
    fn the_purse_changes_and_nothing_else() {
        let out = with_purse(
            Path::new("pip.toml"),
            PIP,
            Purse::of(Money(1_250)),
            Currency::GOLD,
        )
        .unwrap();
        assert_eq!(out, PIP.replace("\"3 sp 8 cp\"", "\"12 gp 5 sp\""));
    }

    #[test]
    fn a_file_with_crlf_line_endings_keeps_them() {
        let windows = PIP.replace('\n', "\r\n");
        let out = with_purse(
            Path::new("pip.toml"),
            &windows,
            Purse::with_debt(Money::ZERO, Money(462)),
            Currency::GOLD,
        )
        .unwrap();
        // Every line ends in CRLF, and there are as many as before plus the debt's.
        assert_eq!(
            out.matches("\r\n").count(),
            PIP.matches('\n').count() + 1,
            "{out:?}"
        );
        assert_eq!(
            out.matches('\n').count(),
            out.matches("\r\n").count(),
            "{out:?}"
        );
        assert!(
            out.contains("purse = \"0 cp\"     # what he has left after the fair\r\n"),
            "{out:?}"
        );
    }

    #[test]
    fn a_debt_is_recorded_and_cleared() {
        let owing = with_purse(
            Path::new("pip.toml"),
            PIP,
            Purse::with_debt(Money::ZERO, Money(462)),
            Currency::GOLD,
        )
        .unwrap();
        assert!(
            owing.contains("purse = \"0 cp\"     # what he has left after the fair\n"),
            "{owing}"
        );
        assert!(owing.contains("debt = \"4 gp 6 sp 2 cp\""), "{owing}");
        assert!(
            owing.find("debt").unwrap() < owing.find("[voice]").unwrap(),
            "{owing}"
        );
        let cleared = with_purse(
            Path::new("pip.toml"),
            &owing,
            Purse::of(Money(5)),
            Currency::GOLD,
        )
        .unwrap();
        assert!(!cleared.contains("debt"), "{cleared}");
        assert!(cleared.contains("# Pip, who loves the games"));
    }

    #[test]
    fn a_broken_file_is_not_rewritten() {
        let err = with_purse(
            Path::new("pip.toml"),
            "name = \"P\nskill",
            Purse::default(),
            Currency::GOLD,
        )
        .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("pip.toml: cannot update the purse"),
            "{err}"
        );
    }
}
