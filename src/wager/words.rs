//! A bet's words: the line split at spaces, except that a thing staked, in quotation
//! marks, is one word however many spaces it holds.

/// The quotation marks that open a thing, each with the one that closes it.
const QUOTES: [(char, char); 2] = [('"', '"'), ('“', '”')];

/// Whether a word is a quoted thing.
pub(super) fn is_quoted(word: &str) -> bool {
    word.starts_with(|c: char| QUOTES.iter().any(|(open, _)| *open == c))
}

/// Whether a text has a quotation mark that opens a thing anywhere in it.
pub(super) fn opens_a_thing(text: &str) -> bool {
    text.contains(|c| QUOTES.iter().any(|(open, _)| *open == c))
}

/// A quoted word without its quotation marks.
pub(super) fn unquoted(word: &str) -> &str {
    let mut chars = word.chars();
    chars.next();
    chars.next_back();
    chars.as_str()
}

/// The words of a bet: split at spaces, except that a quoted thing is one word, its
/// quotation marks kept.
///
/// # Errors
/// A quotation mark never closed, or one inside a word, as a clause.
pub(super) fn tokens(text: &str) -> Result<Vec<&str>, String> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while let Some(first) = rest.chars().next() {
        let end = if let Some((_, close)) = QUOTES.iter().find(|(open, _)| *open == first) {
            let inside = &rest[first.len_utf8()..];
            match inside.find(*close) {
                Some(at) => first.len_utf8() + at + close.len_utf8(),
                None => {
                    return Err(format!(
                        "the thing staked `{}` has no closing quotation mark",
                        rest.trim_end()
                    ));
                }
            }
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            if let Some(mark) = rest[..end]
                .chars()
                .find(|c| QUOTES.iter().any(|(o, cl)| o == c || cl == c))
            {
                return Err(format!(
                    "the quotation mark in `{}` stands alone: `{mark}` opens and closes a \
                     thing staked, at its start and its end",
                    &rest[..end]
                ));
            }
            end
        };
        out.push(&rest[..end]);
        rest = rest[end..].trim_start();
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quoted_thing_is_one_word_with_its_spaces() {
        assert_eq!(
            tokens(r#"  Brannoc "where  the caravan went" on Brannoc "#).unwrap(),
            ["Brannoc", r#""where  the caravan went""#, "on", "Brannoc"]
        );
        assert_eq!(
            tokens("Pip “a favour” on Ysolde").unwrap(),
            ["Pip", "“a favour”", "on", "Ysolde"]
        );
        assert_eq!(tokens(r#"Pip """#).unwrap(), ["Pip", r#""""#]);
        assert!(is_quoted("“a favour”") && is_quoted("\"x\"") && !is_quoted("Pip"));
        assert_eq!(unquoted("“a favour”"), "a favour");
        assert_eq!(unquoted(r#""""#), "");
        assert!(opens_a_thing("Pip “x” on") && !opens_a_thing("Pip's 5 gp"));
    }

    #[test]
    fn a_quotation_mark_unclosed_or_inside_a_word_is_refused() {
        assert!(
            tokens(r#"Pip "a favour on Ysolde"#)
                .unwrap_err()
                .contains("no closing")
        );
        assert!(
            tokens("Pip “a favour\" on")
                .unwrap_err()
                .contains("no closing")
        );
        assert!(
            tokens(r#"Pip a"b" on"#)
                .unwrap_err()
                .contains("stands alone")
        );
        assert!(tokens("Pip fav” on").unwrap_err().contains("stands alone"));
    }
}
