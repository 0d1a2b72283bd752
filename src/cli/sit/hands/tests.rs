//! The console of `taproom sit` driven by a script: what a person types is checked
//! against the match's own log (the moves it records for their seat), and what the table
//! is told against the words typed.

use std::collections::VecDeque;

use super::*;
use crate::ai::{Skill, Temperament};
use crate::games::kiust::Kiust;
use crate::games::tides::Tides;

/// A console that reads from a script and keeps everything said.
#[derive(Default)]
struct Script {
    lines: VecDeque<String>,
    said: String,
    /// Answered with the first legal move's number once the script has run out.
    then_first: bool,
}

impl Console for Script {
    fn say(&mut self, text: &str) {
        self.said.push_str(text);
        self.said.push('\n');
    }

    fn ask(&mut self, prompt: &str) -> Option<String> {
        self.said.push_str(prompt);
        self.said.push('\n');
        match self.lines.pop_front() {
            Some(line) => Some(line),
            None if self.then_first => Some("1".to_owned()),
            None => None,
        }
    }
}

fn sitting<'c>(console: &'c mut Script, dice: Dice) -> Sitting<'c> {
    Sitting {
        people: vec!["Aria".to_owned()],
        dice,
        hint: false,
        undo: false,
        boards: Boards::Telling,
        style: BoardStyle::for_output(false, true),
        console,
        width: 80,
        typed: Vec::new(),
        view: View::Gm,
        fixed_board: false,
    }
}

fn entrants() -> Vec<Entrant> {
    vec![
        Entrant::new("Aria", Skill::Level(5), Temperament::Steady),
        Entrant::new("Sister Ysolde", Skill::Level(3), Temperament::Steady),
    ]
}

/// The moves the log records for entrant `who`, in order, across its games.
fn moves_of(log: &MatchLog, who: Who) -> Vec<String> {
    log.games
        .iter()
        .flat_map(|g| {
            g.steps
                .iter()
                .filter(move |s| s.seat.is_some_and(|seat| g.seats[seat.index()] == who))
                .map(|s| s.mv.to_string())
        })
        .collect()
}

#[test]
fn a_person_s_words_are_read_refused_or_played_and_the_moves_typed_are_the_log_s() {
    let mut script = Script {
        lines: ["board", "help", "99", "castle", ""]
            .map(String::from)
            .into(),
        then_first: true,
        ..Script::default()
    };
    let book = Phrasebook::built_in();
    let mut s = sitting(&mut script, Dice::Seeded);
    let log = play_match::<Tides>(
        &entrants(),
        &[Voice::default(), Voice::default()],
        &[0],
        &MatchSettings::single_game(3),
        &book,
        &[],
        &mut s,
    )
    .unwrap();
    let typed = s.typed.clone();
    let said = script.said;
    // Every line that changed the match is a move Aria made, in the log's order; the
    // words that only showed something or were refused are not among them.
    assert_eq!(typed, moves_of(&log, Who(0)));
    assert!(!typed.is_empty());
    // The help is wrapped to the page: read its words across the lines.
    let words = said.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("Commands: board (show the board)"),
        "help was said"
    );
    assert!(said.contains("There is no move 99 here: the moves are numbered 1 to"));
    assert!(said.contains("`castle` is neither a move nor a command"));
    assert!(said.contains("Aria> "), "the prompt names the person");
    assert!(
        !said.contains("hint (what a master would play)"),
        "no hint unasked"
    );
}

#[test]
fn the_end_of_the_input_resigns_the_person_s_game_and_says_so() {
    let mut script = Script::default();
    let book = Phrasebook::built_in();
    let mut s = sitting(&mut script, Dice::Seeded);
    let log = play_match::<Tides>(
        &entrants(),
        &[Voice::default(), Voice::default()],
        &[0],
        &MatchSettings::single_game(8),
        &book,
        &[Notice::Newcomer {
            name: "Aria".into(),
            suggestion: None,
        }],
        &mut s,
    )
    .unwrap();
    assert!(s.typed.is_empty());
    assert_eq!(log.games[0].resigned, Some(Who(0)));
    assert_eq!(log.games[0].winners, vec![Who(1)]);
    assert!(
        script
            .said
            .starts_with("Nobody in the roster is called Aria")
    );
    assert!(
        script
            .said
            .contains("The input has ended: Aria resigns game 1.")
    );
}

#[test]
fn sticks_typed_at_the_table_are_checked_against_what_can_fall_and_played() {
    // The ceremony's throws (a tie, "seven", then a decision), then every throw of the
    // game typed: a word that cannot fall is refused, and each throw typed is a 2 (two
    // flat sides up: possible at every throw); a "1" is no throw and is refused too.
    let mut script = Script {
        lines: ["0", "0", "seven", "3", "1", "six"]
            .map(String::from)
            .into(),
        ..Script::default()
    };
    for _ in 0..400 {
        script.lines.push_back("2".to_owned());
        script.lines.push_back("1".to_owned());
    }
    let book = Phrasebook::built_in();
    let mut s = sitting(&mut script, Dice::Table);
    let log = play_match::<Kiust>(
        &entrants(),
        &[Voice::default(), Voice::default()],
        &[0],
        &MatchSettings::single_game(5),
        &book,
        &[],
        &mut s,
    )
    .unwrap();
    let said = &script.said;
    assert!(
        said.contains("how many flat sides up? (0-4)"),
        "the ceremony asks"
    );
    assert!(said.contains("`seven` cannot be: type a whole number from 0 to 4."));
    assert!(said.contains("`six` cannot fall here; what can fall:"));
    // Every throw of the game (a step without a seat) was typed as 2, until the input
    // ran out, when taproom threw for the table and said so once.
    let throws: Vec<&str> = log.games[0]
        .steps
        .iter()
        .filter(|st| st.seat.is_none())
        .map(|st| st.mv.text())
        .collect();
    let typed_twos = throws.iter().take_while(|t| **t == "2").count();
    assert!(typed_twos > 0, "the typed throws are the log's: {throws:?}");
    if typed_twos < throws.len() {
        assert_eq!(
            said.matches("The input has ended: taproom throws and draws")
                .count(),
            1
        );
    }
}
