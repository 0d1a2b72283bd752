//! The one check every name passes before taproom prints it ([`super::check`]), whatever
//! file or argument it came from: no character that would act on a terminal instead of
//! being shown (a control character: an escape that sets the window's title or clears the
//! screen), none that shows nothing (a zero-width space, a soft hyphen), none that turns
//! the text round (the bidirectional controls). A name that passes is kept in Unicode's
//! composed form (NFC), so that `Zoë` typed either way is one name.
//!
//! Refused characters can still be shown safely, escaped ([`escaped`]), in the warning
//! that names a line read past.

use std::fmt;

use unicode_normalization::UnicodeNormalization;

/// Unicode's default-ignorable code points (DerivedCoreProperties.txt): characters a
/// renderer shows as nothing, the bidirectional controls among them.
const INVISIBLE: [(char, char); 19] = [
    ('\u{ad}', '\u{ad}'),
    ('\u{34f}', '\u{34f}'),
    ('\u{61c}', '\u{61c}'),
    ('\u{115f}', '\u{1160}'),
    ('\u{17b4}', '\u{17b5}'),
    ('\u{180b}', '\u{180f}'),
    ('\u{200b}', '\u{200f}'),
    ('\u{202a}', '\u{202e}'),
    ('\u{2060}', '\u{206f}'),
    ('\u{3164}', '\u{3164}'),
    ('\u{fe00}', '\u{fe0f}'),
    ('\u{feff}', '\u{feff}'),
    ('\u{ffa0}', '\u{ffa0}'),
    ('\u{fff0}', '\u{fff8}'),
    // The interlinear annotation marks hide the text between them.
    ('\u{fff9}', '\u{fffb}'),
    ('\u{1bca0}', '\u{1bca3}'),
    ('\u{1d173}', '\u{1d17a}'),
    ('\u{e0000}', '\u{e0fff}'),
    // Not default-ignorable, but a line break by another name: the line and paragraph
    // separators.
    ('\u{2028}', '\u{2029}'),
];

/// The bidirectional controls: marks, embeddings, overrides and isolates.
fn turns_text(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{61c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// What is wrong with a refused character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// A control character (C0, DEL, C1): an escape, a tab, a line break.
    Control,
    /// A bidirectional control: it changes the direction the text after it is shown in.
    Direction,
    /// A character shown as nothing (zero-width, a soft hyphen, a separator).
    Invisible,
}

impl Why {
    fn of(c: char) -> Option<Why> {
        if c.is_control() {
            Some(Why::Control)
        } else if turns_text(c) {
            Some(Why::Direction)
        } else if INVISIBLE.iter().any(|&(a, b)| (a..=b).contains(&c)) {
            Some(Why::Invisible)
        } else {
            None
        }
    }

    fn words(self) -> &'static str {
        match self {
            Why::Control => "a control character",
            Why::Direction => "a direction-changing character",
            Why::Invisible => "an invisible character",
        }
    }
}

/// A character a name may not hold, and where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Unprintable {
    /// The character.
    pub c: char,
    /// Where it stands in the text: counted in characters, from 1.
    pub column: usize,
    /// Where it stands in the text: its byte offset.
    pub at: usize,
    /// What kind of character it is.
    pub why: Why,
}

impl fmt::Display for Unprintable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "character {} is {} (U+{:04X}); what taproom prints holds no control, invisible \
             or direction-changing characters",
            self.column,
            self.why.words(),
            u32::from(self.c)
        )
    }
}

/// The first character of `text` a name may not hold.
pub(super) fn first_unprintable(text: &str) -> Option<Unprintable> {
    text.char_indices().enumerate().find_map(|(i, (at, c))| {
        Why::of(c).map(|why| Unprintable {
            c,
            column: i + 1,
            at,
            why,
        })
    })
}

/// `text` in Unicode's composed form (NFC).
pub(super) fn composed(text: &str) -> String {
    if unicode_normalization::is_nfc(text) {
        text.to_owned()
    } else {
        text.nfc().collect()
    }
}

/// `text` safe to print whatever it holds: each character a name may not hold written as
/// its escape (`\u{1b}`).
#[must_use]
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            c if Why::of(c).is_some() => {
                let _ = fmt::Write::write_fmt(&mut out, format_args!("\\u{{{:x}}}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out
}

/// The form in which two names that look alike are equal: compatibility-composed (NFKC:
/// a full-width `Ｇ` is `G`, a ligature `ﬁ` is `fi`), spaces single, Unicode's confusable
/// skeleton (UTS #39: a Cyrillic `В` is a Latin `B`, `rn` is `m`), lower case, and the
/// skeleton again (for the letters that look alike only in lower case).
#[must_use]
pub fn look_alike(name: &str) -> String {
    let plain: String = name.nfkc().collect();
    let spaced = plain.split_whitespace().collect::<Vec<_>>().join(" ");
    let lower = unicode_security::skeleton(&spaced)
        .collect::<String>()
        .to_lowercase();
    unicode_security::skeleton(&lower).collect()
}
