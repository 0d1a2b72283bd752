//! Finding who (or which game) a GM means: one matcher for characters, the people at a
//! table and the games, so every name is read the same way everywhere.
//!
//! A name matches exactly (case and surrounding space aside); failing that, a character's
//! own short name, exactly ("Ash" for Ash Wren, even beside Dobbin Ashcroft); failing
//! that, by the start of the whole name or of one of its words ("Brannoc" for "Old
//! Brannoc", "Quick" for "Mirela Quickfingers"), except that a little word such as "the"
//! never picks anyone by itself. Several matches are a question ("which one?"); none is an
//! error that names the closest candidate ("did you mean ...?") or lists them all.
//!
//! Two names that differ only in case, spacing or Unicode form (`Zoë` composed or not)
//! are one name: [`same`]. Every name taproom prints, whatever file or argument it came
//! from, first passes one check: [`check`]. How a storyteller names someone after the
//! first mention ([`default_short`]) and the pronouns it uses ([`Pronouns`]) live here too.

mod printable;

use std::fmt;

pub use printable::{Unprintable, Why, escaped, look_alike};

use serde::Serialize;

/// Words too common in names to pick anyone out on their own.
const LITTLE_WORDS: [&str; 8] = ["the", "of", "a", "an", "and", "de", "van", "von"];

/// How close (Jaro–Winkler, 0 to 1) a mistyped name must be to suggest a candidate.
const SUGGEST: f64 = 0.8;

/// The candidate closest to `wanted`, if close enough to suggest ("did you mean ...?"):
/// the one matcher of mistyped names, for characters, games, a file's keys and a game's
/// rule options.
#[must_use]
pub fn closest<'a>(wanted: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    closest_by(wanted, candidates, |c| [*c])
}

/// The candidate closest to `wanted`, if close, where a candidate is as close as the
/// closest of its `spellings` (a whole name and each of its words, say). Of several as
/// close, the last.
pub fn closest_by<T, S: AsRef<str>, I: IntoIterator<Item = S>>(
    wanted: &str,
    candidates: impl IntoIterator<Item = T>,
    spellings: impl Fn(&T) -> I,
) -> Option<T> {
    if wanted.is_empty() {
        return None;
    }
    candidates
        .into_iter()
        .map(|c| {
            let best = spellings(&c)
                .into_iter()
                .map(|s| strsim::jaro_winkler(wanted, s.as_ref()))
                .fold(0.0, f64::max);
            (best, c)
        })
        .filter(|(score, _)| *score >= SUGGEST)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// A name that picks out nobody, or more than one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Nobody answers to it.
    #[error("{}", unknown(.what, .name, .suggestion.as_deref(), .known))]
    Unknown {
        /// What was looked for: "character", "player at the table", "game".
        what: &'static str,
        /// The name as given.
        name: String,
        /// The closest candidate, when one is close.
        suggestion: Option<String>,
        /// Every candidate.
        known: Vec<String>,
    },
    /// Several answer to it.
    #[error("`{}` could be {}: which one?", escaped(.name), or_list(.matches))]
    Ambiguous {
        /// The name as given.
        name: String,
        /// Those it could be.
        matches: Vec<String>,
    },
}

fn unknown(what: &str, name: &str, suggestion: Option<&str>, known: &[String]) -> String {
    // The name as typed may hold anything: it is shown escaped.
    let name = escaped(name);
    match suggestion {
        Some(s) => format!("no {what} is called `{name}`; did you mean `{s}`?"),
        None if known.is_empty() => format!("no {what} is called `{name}`"),
        None => format!(
            "no {what} is called `{name}`; there are {}",
            and_list(known)
        ),
    }
}

/// A name's possessive: "Pip's", "Quickfingers'".
#[must_use]
pub fn possessive(name: &str) -> String {
    if name.ends_with(['s', 'S']) {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// "A", "A and B", "A, B and C".
#[must_use]
pub fn and_list(items: &[String]) -> String {
    join(items, "and")
}

/// "A", "A or B", "A, B or C".
#[must_use]
pub fn or_list(items: &[String]) -> String {
    join(items, "or")
}

fn join(items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., tail] => format!("{} {last} {tail}", init.join(", ")),
    }
}

/// "a" or "an" before `word` as it is said: "an" before a vowel sound, numbers included
/// ("an 8% margin", "an 11", "an 18,000", but "a 1", "a 6", "a 100").
#[must_use]
pub fn a_or_an(word: &str) -> &'static str {
    let digits: String = word
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .filter(char::is_ascii_digit)
        .collect();
    if !digits.is_empty() {
        // Said "eight...", or "eleven" or "eighteen" at the head of a group of thousands.
        let eleven =
            (digits.starts_with("11") || digits.starts_with("18")) && digits.len() % 3 == 2;
        return if digits.starts_with('8') || eleven {
            "an"
        } else {
            "a"
        };
    }
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

/// A count and its noun, singular for one: "1 sowing", "2 sowings", "0 moves". `plural`
/// is the noun as the game's facts name it ("moves", "sowings", "turns").
#[must_use]
pub fn counted(n: impl Into<i64>, plural: &str) -> String {
    let n = n.into();
    if n == 1 {
        // "matches", "boxes", "wishes", "passes" lose their "es"; "games" its "s".
        let one = ["ches", "shes", "sses", "xes"]
            .iter()
            .find(|end| plural.ends_with(*end))
            .map_or_else(
                || plural.strip_suffix('s').unwrap_or(plural),
                |_| &plural[..plural.len() - 2],
            );
        format!("1 {one}")
    } else {
        format!("{n} {plural}")
    }
}

/// Numbers in words, up to ten; a storyteller says larger ones in figures.
const SMALL: [&str; 11] = [
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
];

/// An ordinal as a storyteller says it: in words to the tenth, in figures after ("second",
/// "tenth", "11th", "21st", "112th").
#[must_use]
pub fn ordinal(n: u32) -> String {
    const WORDS: [&str; 11] = [
        "zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
        "ninth", "tenth",
    ];
    if let Some(w) = WORDS.get(n as usize) {
        return (*w).to_owned();
    }
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// How many times, as a storyteller says it: "once", "twice", "three times", "11 times".
#[must_use]
pub fn times(n: u32) -> String {
    match n {
        1 => "once".to_owned(),
        2 => "twice".to_owned(),
        n => match SMALL.get(n as usize) {
            Some(w) => format!("{w} times"),
            None => format!("{n} times"),
        },
    }
}

/// How many more times: "once more", "twice more", "three more times", "11 more times".
#[must_use]
pub fn more_times(n: u32) -> String {
    match n {
        1 => "once more".to_owned(),
        2 => "twice more".to_owned(),
        n => match SMALL.get(n as usize) {
            Some(w) => format!("{w} more times"),
            None => format!("{n} more times"),
        },
    }
}

/// A verb phrase that opens with a verb in the third person singular ("steps a stone",
/// "carries a man", "catches her") made to agree with a plural subject, or with "they"
/// ("step a stone", "carry a man", "catch her"). A phrase whose first word is no such verb
/// is given back as it is.
#[must_use]
pub fn plural_verb(phrase: &str) -> String {
    let (verb, rest) = phrase.split_once(' ').unwrap_or((phrase, ""));
    let plural = match verb {
        "has" => "have".to_owned(),
        "is" => "are".to_owned(),
        "was" => "were".to_owned(),
        "does" => "do".to_owned(),
        "goes" => "go".to_owned(),
        v if v.len() > 3 && v.ends_with("ies") => format!("{}y", &v[..v.len() - 3]),
        v if ["sses", "shes", "ches", "xes", "zes"]
            .iter()
            .any(|end| v.ends_with(end)) =>
        {
            v[..v.len() - 2].to_owned()
        }
        v if v.len() > 2 && v.ends_with('s') && !v.ends_with("ss") => v[..v.len() - 1].to_owned(),
        v => v.to_owned(),
    };
    if rest.is_empty() {
        plural
    } else {
        format!("{plural} {rest}")
    }
}

/// The check every name passes before taproom prints it, wherever it came from (a
/// character, tavern, evening or campaign file, a line of the history, the command line):
/// no control character (an escape would act on the terminal), no invisible character
/// and no direction-changing one (either would make two names print alike). A name that
/// passes comes back in Unicode's composed form (NFC).
///
/// # Errors
/// The first character it may not hold, and where it stands.
pub fn check(name: &str) -> Result<String, Unprintable> {
    match printable::first_unprintable(name) {
        Some(bad) => Err(bad),
        None => Ok(printable::composed(name)),
    }
}

/// The names among `names` that look alike: each group of two or more whose
/// [`look_alike`] forms are equal, in the order their first names come, each name as
/// its index in `names`.
#[must_use]
pub fn look_alikes<S: AsRef<str>>(names: &[S]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut by_form: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (i, name) in names.iter().enumerate() {
        let form = look_alike(name.as_ref());
        match by_form.get(&form) {
            Some(&g) => groups[g].push(i),
            None => {
                by_form.insert(form, groups.len());
                groups.push(vec![i]);
            }
        }
    }
    groups.retain(|g| g.len() > 1);
    groups
}

/// Whether two names are one name: the same but for case, spacing and Unicode form
/// ("Aria" and "aria", "Old  Brannoc" and "old brannoc", "Zoë" composed and decomposed).
#[must_use]
pub fn same(a: &str, b: &str) -> bool {
    fold(a) == fold(b)
}

/// A name folded as [`same`] compares names: equal keys, one name. For indexes.
#[must_use]
pub fn key(name: &str) -> String {
    fold(name)
}

/// Folds a name for comparison: composed (NFC), trimmed, lower case, inner spaces single.
fn fold(name: &str) -> String {
    printable::composed(name)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Whether `wanted` (folded) picks out `name` (folded) without being all of it.
fn partial(wanted: &str, name: &str) -> bool {
    if wanted.is_empty() {
        return false;
    }
    if name.starts_with(wanted) {
        return true;
    }
    if LITTLE_WORDS.contains(&wanted) {
        return false;
    }
    // The start of a later word ("brannoc" in "old brannoc"), or of a run of words
    // ("sister ys" in "sister ysolde").
    name.match_indices(' ')
        .any(|(i, _)| name[i + 1..].starts_with(wanted))
}

/// A set of names to look up in, each with what it stands for.
pub struct Matcher<'a, T> {
    what: &'static str,
    candidates: Vec<(&'a str, T)>,
    /// Other names of candidates (a character's short name): matched exactly, after the
    /// full names and before any partial match.
    aliases: Vec<(&'a str, T)>,
}

impl<'a, T: Clone + PartialEq> Matcher<'a, T> {
    /// A matcher over `candidates` (name, value), looking for a `what` ("character").
    pub fn new(what: &'static str, candidates: impl IntoIterator<Item = (&'a str, T)>) -> Self {
        Matcher {
            what,
            candidates: candidates.into_iter().collect(),
            aliases: Vec::new(),
        }
    }

    /// The same matcher, where each of `aliases` (another name, value) also picks its
    /// candidate out when given exactly: a character's own short name wins over the
    /// start of another's name.
    #[must_use]
    pub fn aliases(mut self, aliases: impl IntoIterator<Item = (&'a str, T)>) -> Self {
        self.aliases.extend(aliases);
        self
    }

    /// The full name of a candidate's value.
    fn name_of(&self, value: &T) -> Option<&'a str> {
        self.candidates
            .iter()
            .find(|(_, v)| v == value)
            .map(|(n, _)| *n)
    }

    /// The value of the one candidate `wanted` picks out.
    ///
    /// # Errors
    /// When it picks out nobody, or several.
    pub fn find(&self, wanted: &str) -> Result<T, NameError> {
        let w = fold(wanted);
        let exact: Vec<&(&str, T)> = self
            .candidates
            .iter()
            .filter(|(n, _)| fold(n) == w)
            .collect();
        if let [one] = exact.as_slice() {
            return Ok(one.1.clone());
        }
        if exact.is_empty() {
            let mut by_alias: Vec<&T> = Vec::new();
            for (_, v) in self.aliases.iter().filter(|(n, _)| fold(n) == w) {
                if !by_alias.contains(&v) {
                    by_alias.push(v);
                }
            }
            match by_alias.as_slice() {
                [] => {}
                [one] => return Ok((*one).clone()),
                many => {
                    return Err(NameError::Ambiguous {
                        name: wanted.trim().to_owned(),
                        matches: many
                            .iter()
                            .filter_map(|v| self.name_of(v))
                            .map(str::to_owned)
                            .collect(),
                    });
                }
            }
        }
        let partials: Vec<&(&str, T)> = if exact.is_empty() {
            self.candidates
                .iter()
                .filter(|(n, _)| partial(&w, &fold(n)))
                .collect()
        } else {
            exact
        };
        // Several names of one thing (a game and its aliases) are one match.
        let same = partials.windows(2).all(|w| w[0].1 == w[1].1);
        match partials.as_slice() {
            [first, ..] if same => Ok(first.1.clone()),
            [] => Err(NameError::Unknown {
                what: self.what,
                name: wanted.trim().to_owned(),
                suggestion: self.closest(&w),
                known: self
                    .candidates
                    .iter()
                    .map(|(n, _)| (*n).to_owned())
                    .collect(),
            }),
            many => Err(NameError::Ambiguous {
                name: wanted.trim().to_owned(),
                matches: many.iter().map(|(n, _)| (*n).to_owned()).collect(),
            }),
        }
    }

    /// The candidate whose name, or one of whose words, is closest to `wanted`, if close.
    fn closest(&self, wanted: &str) -> Option<String> {
        closest_by(wanted, self.candidates.iter().map(|(n, _)| *n), |n| {
            let folded = fold(n);
            let words: Vec<String> = folded
                .split(' ')
                .filter(|w| !LITTLE_WORDS.contains(w))
                .map(str::to_owned)
                .collect();
            std::iter::once(folded).chain(words)
        })
        .map(str::to_owned)
    }
}

impl<T> fmt::Debug for Matcher<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Matcher")
            .field("what", &self.what)
            .field(
                "candidates",
                &self.candidates.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
            )
            .finish()
    }
}

/// The pronouns a storyteller uses for a character.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pronouns {
    /// he, him, his.
    He,
    /// she, her, her.
    She,
    /// they, them, their (the default).
    #[default]
    They,
}

impl Pronouns {
    /// The subject form: "he".
    #[must_use]
    pub fn they(self) -> &'static str {
        match self {
            Pronouns::He => "he",
            Pronouns::She => "she",
            Pronouns::They => "they",
        }
    }

    /// The object form: "him".
    #[must_use]
    pub fn them(self) -> &'static str {
        match self {
            Pronouns::He => "him",
            Pronouns::She => "her",
            Pronouns::They => "them",
        }
    }

    /// The reflexive: "himself", "herself", "themselves" (a bet on oneself).
    #[must_use]
    pub fn themselves(self) -> &'static str {
        match self {
            Pronouns::He => "himself",
            Pronouns::She => "herself",
            Pronouns::They => "themselves",
        }
    }

    /// The possessive: "his".
    #[must_use]
    pub fn their(self) -> &'static str {
        match self {
            Pronouns::He => "his",
            Pronouns::She => "her",
            Pronouns::They => "their",
        }
    }
}

/// Words that head a name as a title and stay with it in the short name ("Sister
/// Ysolde"); words dropped from the front of a short name ("Old Brannoc" is "Brannoc").
const TITLES: [&str; 12] = [
    "sister", "brother", "father", "mother", "lady", "lord", "sir", "dame", "master", "mistress",
    "captain", "goodwife",
];
const EPITHETS: [&str; 4] = ["old", "young", "little", "big"];

/// The short name a storyteller uses after the first mention: a title and the name after
/// it ("Sister Ysolde"), else the first word that is not an epithet ("Old Brannoc" is
/// "Brannoc", "Tamsin the Tinker" is "Tamsin").
#[must_use]
pub fn default_short(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    let lower = |w: &str| w.to_lowercase();
    match words.as_slice() {
        [title, next, ..] if TITLES.contains(&lower(title).as_str()) => format!("{title} {next}"),
        [epithet, next, ..] if EPITHETS.contains(&lower(epithet).as_str()) => (*next).to_owned(),
        [first, ..] => (*first).to_owned(),
        [] => name.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_or_an_as_it_is_said() {
        for (word, article) in [
            ("8%", "an"),
            ("11%", "an"),
            ("18", "an"),
            ("80", "an"),
            ("800", "an"),
            ("11,000", "an"),
            ("18000", "an"),
            ("1", "a"),
            ("6", "a"),
            ("10", "a"),
            ("100", "a"),
            ("110", "a"),
            ("1100", "a"),
            ("7.5%", "a"),
            ("ace", "an"),
            ("kiust", "a"),
        ] {
            assert_eq!(a_or_an(word), article, "{word}");
        }
        assert_eq!(counted(1u32, "sowings"), "1 sowing");
        assert_eq!(counted(2u32, "sowings"), "2 sowings");
        assert_eq!(counted(0u32, "moves"), "0 moves");
        assert_eq!(counted(1u32, "matches"), "1 match");
        assert_eq!(counted(1u32, "boxes"), "1 box");
        assert_eq!(counted(3u32, "matches"), "3 matches");
    }

    /// Every verb the phrasebook's temperaments and the games' move words open with, made
    /// plural by hand.
    #[test]
    fn a_verb_agrees_with_they() {
        for (one, many) in [
            (
                "steps a stone onto the river at c4",
                "step a stone onto the river at c4",
            ),
            ("carries a man", "carry a man"),
            ("catches her", "catch her"),
            ("passes", "pass"),
            ("pushes", "push"),
            ("coaxes", "coax"),
            ("presses", "press"),
            ("marches", "march"),
            ("whelps two stones", "whelp two stones"),
            ("sows heap 3", "sow heap 3"),
            ("edges", "edge"),
            ("eases", "ease"),
            ("places", "place"),
            ("advances", "advance"),
            ("smuggles", "smuggle"),
            ("has the lot", "have the lot"),
            ("is caught", "are caught"),
            ("goes first", "go first"),
            ("brings home a stone", "bring home a stone"),
            ("moves", "move"),
        ] {
            assert_eq!(plural_verb(one), many, "{one}");
        }
        // No verb to change: as it was.
        assert_eq!(plural_verb("across"), "across");
        assert_eq!(plural_verb(""), "");
    }

    const ROSTER: [&str; 6] = [
        "Old Brannoc",
        "Mirela Quickfingers",
        "Tamsin the Tinker",
        "Gorble the Elder",
        "Gorble the Younger",
        "Sister Ysolde",
    ];

    fn find(name: &str) -> Result<&'static str, NameError> {
        Matcher::new("character", ROSTER.iter().map(|n| (*n, *n))).find(name)
    }

    #[test]
    fn whole_names_first_names_and_later_words_match() {
        assert_eq!(find("old brannoc"), Ok("Old Brannoc"));
        assert_eq!(find("  Old   Brannoc "), Ok("Old Brannoc"));
        assert_eq!(find("Brannoc"), Ok("Old Brannoc"));
        assert_eq!(find("mirela"), Ok("Mirela Quickfingers"));
        assert_eq!(find("Quick"), Ok("Mirela Quickfingers"));
        assert_eq!(find("Ysolde"), Ok("Sister Ysolde"));
        assert_eq!(find("Gorble the E"), Ok("Gorble the Elder"));
    }

    #[test]
    fn two_candidates_are_a_question() {
        let err = find("Gorble").unwrap_err();
        assert_eq!(
            err.to_string(),
            "`Gorble` could be Gorble the Elder or Gorble the Younger: which one?"
        );
    }

    #[test]
    fn a_little_word_picks_nobody() {
        assert!(matches!(find("the"), Err(NameError::Unknown { .. })));
        assert!(matches!(find("of"), Err(NameError::Unknown { .. })));
        assert!(find("").is_err());
    }

    #[test]
    fn a_near_miss_suggests_the_closest() {
        let err = find("Brannock").unwrap_err();
        assert_eq!(
            err.to_string(),
            "no character is called `Brannock`; did you mean `Old Brannoc`?"
        );
        let err = find("Zebediah").unwrap_err();
        assert!(err.to_string().contains("there are Old Brannoc, "), "{err}");
        assert!(err.to_string().ends_with("and Sister Ysolde"), "{err}");
    }

    #[test]
    fn a_short_name_wins_over_the_start_of_another_name() {
        let names = [
            "Ash Wren",
            "Dobbin Ashcroft",
            "Gorble the Elder",
            "Gorble the Younger",
        ];
        let shorts = ["Ash", "Dobbin", "Gorble", "Gorble"];
        let m = || {
            Matcher::new("character", names.iter().map(|n| (*n, *n)))
                .aliases(shorts.iter().zip(names).map(|(s, n)| (*s, n)))
        };
        assert_eq!(m().find("Ash"), Ok("Ash Wren"));
        assert_eq!(m().find("ash"), Ok("Ash Wren"));
        // Without the short name, "Ash" starts both.
        let plain = Matcher::new("character", names.iter().map(|n| (*n, *n)));
        assert!(matches!(
            plain.find("Ash"),
            Err(NameError::Ambiguous { .. })
        ));
        // The start of a name is still a match, and two short names alike a question.
        assert_eq!(m().find("Ashc"), Ok("Dobbin Ashcroft"));
        assert_eq!(
            m().find("gorble").unwrap_err().to_string(),
            "`gorble` could be Gorble the Elder or Gorble the Younger: which one?"
        );
        // A full name given exactly wins over another's short name.
        let pips = ["Pip", "Pip Underbough"];
        let m = Matcher::new("character", pips.iter().map(|n| (*n, *n)))
            .aliases([("Pip", "Pip Underbough")]);
        assert_eq!(m.find("pip"), Ok("Pip"));
    }

    #[test]
    fn names_that_differ_in_case_or_spacing_are_one() {
        assert!(same("Aria", "aria"));
        assert!(same("Zo\u{eb}", "ZOE\u{308}"));
        assert!(same(" Old  Brannoc", "old brannoc"));
        assert!(!same("Aria", "Arian"));
    }

    #[test]
    fn a_name_that_acts_on_the_terminal_or_hides_is_refused_where_it_stands() {
        for (name, column, why) in [
            ("Pip\u{1b}]0;x\u{7}", 4, Why::Control),
            ("Pip\u{9b}2J", 4, Why::Control),
            ("\u{202e}Pip", 1, Why::Direction),
            ("Pi\u{2066}p", 3, Why::Direction),
            ("P\u{200e}ip", 2, Why::Direction),
            ("Pip\u{200b}", 4, Why::Invisible),
            ("Pi\u{ad}p", 3, Why::Invisible),
            ("\u{feff}Pip", 1, Why::Invisible),
            ("Pip\u{2028}", 4, Why::Invisible),
            ("Pip\u{e0041}", 4, Why::Invisible),
        ] {
            let bad = check(name).unwrap_err();
            assert_eq!((bad.column, bad.why), (column, why), "{name:?}");
            assert_eq!(name[bad.at..].chars().next(), Some(bad.c));
            let shown = escaped(name);
            assert!(
                !shown.chars().any(|c| check(&c.to_string()).is_err()),
                "{shown}"
            );
        }
        // Letters of every script, marks, spaces and punctuation pass, composed.
        assert_eq!(
            check("Zoe\u{308} Çelik-東京 O'Brien").unwrap(),
            "Zo\u{eb} Çelik-東京 O'Brien"
        );
        assert_eq!(escaped("a\u{1b}[2Jb\u{202e}"), "a\\u{1b}[2Jb\\u{202e}");
    }

    #[test]
    fn names_that_look_alike_fold_to_one_form() {
        let alike = [
            ("Gorm", "\u{ff27}orm"),
            ("Gorm", "GORM"),
            ("Old Brannoc", "Old \u{412}rannoc"),
            ("Old Brannoc", "old  brannoc"),
            ("Zo\u{eb}", "Zoe\u{308}"),
            ("Pip", "\u{420}ip"),
            ("Ilse", "\u{406}lse"),
        ];
        for (a, b) in alike {
            assert_eq!(look_alike(a), look_alike(b), "{a} {b}");
        }
        for (a, b) in [("Gorm", "Gorn"), ("Pip", "Pipp"), ("Ann", "Anna")] {
            assert_ne!(look_alike(a), look_alike(b), "{a} {b}");
        }
        assert_eq!(
            look_alikes(&["Gorm", "Pip", "GORM", "Gorn", "\u{420}ip"]),
            [vec![0, 2], vec![1, 4]]
        );
    }

    #[test]
    fn lists_read_as_english() {
        let s = |v: &[&str]| v.iter().map(|x| (*x).to_owned()).collect::<Vec<_>>();
        assert_eq!(and_list(&s(&[])), "");
        assert_eq!(and_list(&s(&["A"])), "A");
        assert_eq!(and_list(&s(&["A", "B"])), "A and B");
        assert_eq!(or_list(&s(&["A", "B", "C"])), "A, B or C");
    }

    #[test]
    fn ordinals_and_times_read_as_a_storyteller_says_them() {
        let said: Vec<String> = [2, 3, 10, 11, 12, 13, 21, 22, 23, 101, 111]
            .map(ordinal)
            .into();
        assert_eq!(
            said,
            [
                "second", "third", "tenth", "11th", "12th", "13th", "21st", "22nd", "23rd",
                "101st", "111th"
            ]
        );
        assert_eq!(
            [1, 2, 3, 10, 11].map(times),
            ["once", "twice", "three times", "ten times", "11 times"].map(String::from)
        );
        assert_eq!(
            [1, 2, 5, 40].map(more_times),
            [
                "once more",
                "twice more",
                "five more times",
                "40 more times"
            ]
            .map(String::from)
        );
    }
}
