//! A seat for a newcomer at `taproom sit`: notation taken in any case, the board drawn
//! from the side of the person to move (`--fixed-board` keeps it), a person's `cheat`
//! listed and numbered, and with `--hint` a warning before a move that loses at once.

use crate::common::{Taproom, sit_one_game};

/// `sit GAME Brannoc --as Ysolde` at `seed`, one game, the lines in `typed`, and `extra`.
fn sit(game: &str, seed: u64, typed: &str, extra: &[&str]) -> String {
    sit_one_game(game, "Brannoc", "Ysolde", seed, typed, extra)
}

/// A seed at which Ysolde sits second at `game` (her seat's name is `seat_name`).
fn second_seat(game: &str, seat_name: &str) -> u64 {
    (1..40)
        .find(|&seed| sit(game, seed, "", &[]).contains(&format!("Sister Ysolde ({seat_name})")))
        .expect("a seed where the person sits second")
}

/// The first board shown on the person's turn: the lines after "Sister Ysolde to move"
/// up to the numbered moves.
fn first_board(out: &str) -> Vec<String> {
    let start = out.find("Sister Ysolde to move").expect("her turn");
    out[start..]
        .lines()
        .skip(1)
        .take_while(|l| !l.trim_start().starts_with("1. "))
        .map(str::to_owned)
        .collect()
}

/// The index of the first line holding `needle`.
fn line_of(board: &[String], needle: &str) -> usize {
    board
        .iter()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("`{needle}` in\n{}", board.join("\n")))
}

#[test]
fn at_tides_of_war_black_sees_the_board_turned_round_unless_it_is_fixed() {
    let seed = second_seat("tides", "Black");
    let turned = first_board(&sit("tides", seed, "", &[]));
    // Rank 1 on top, file f at the left: Black's own stones nearest her.
    assert!(
        turned[0].trim_start().starts_with("f   e   d   c   b   a"),
        "{turned:?}"
    );
    assert!(line_of(&turned, "  1 ") < line_of(&turned, "  6 "));
    assert!(turned.iter().any(|l| l.contains("Seen from Black's side")));
    let fixed = first_board(&sit("tides", seed, "", &["--fixed-board"]));
    assert!(
        fixed[0].trim_start().starts_with("a   b   c   d   e   f"),
        "{fixed:?}"
    );
    assert!(line_of(&fixed, "  6 ") < line_of(&fixed, "  1 "));
    assert!(!fixed.iter().any(|l| l.contains("Seen from")));
    // White sees the usual board.
    let white = (1..40)
        .find(|&s| sit("tides", s, "", &[]).contains("Sister Ysolde (White)"))
        .unwrap();
    let usual = first_board(&sit("tides", white, "", &[]));
    assert!(
        usual[0].trim_start().starts_with("a   b   c   d   e   f"),
        "{usual:?}"
    );
}

#[test]
fn at_the_other_games_the_second_seat_sees_its_own_side_nearest() {
    // Òicustiỳtac: White's Land along the bottom (the near side) for White.
    let seed = second_seat("oicustiytac", "White");
    let board = first_board(&sit("oicustiytac", seed, "", &[]));
    assert!(
        line_of(&board, "White ○") > line_of(&board, "Black ●"),
        "{board:?}"
    );
    let fixed = first_board(&sit("oicustiytac", seed, "", &["--fixed-board"]));
    assert!(
        line_of(&fixed, "White ○") < line_of(&fixed, "Black ●"),
        "{fixed:?}"
    );
    // Kiust Oyun: the columns mirrored, player 2's ladder d at the left.
    let seed = second_seat("kiust", "player 2");
    let out = sit("kiust", seed, "", &[]);
    assert!(out.contains("       d     c   b     a"), "{out}");
    assert!(out.contains("Mirrored: player 2's ladder d at the left"));
    let fixed = sit("kiust", seed, "", &["--fixed-board"]);
    assert!(!fixed.contains("       d     c   b     a"), "{fixed}");
    // Piç: the ring turned so her box stands where the first seat's does, at the top.
    let seed = second_seat("pic", "player 2");
    let board = first_board(&sit("pic", seed, "", &[]));
    assert!(
        line_of(&board, "Sister Ysolde (2)") < line_of(&board, "Old Brannoc (1)"),
        "{board:?}"
    );
    let fixed = first_board(&sit("pic", seed, "", &["--fixed-board"]));
    assert!(line_of(&fixed, "Sister Ysolde (2)") > line_of(&fixed, "Old Brannoc (1)"));
}

#[test]
fn two_people_at_one_board_each_see_it_from_their_own_side() {
    // Aria (White) then Bram (Black), each moving their first listed move.
    let out = Taproom::new()
        .args([
            "sit",
            "tides",
            "--as",
            "Aria",
            "--as",
            "Bram",
            "--seed",
            "3",
            "--best-of",
            "1",
        ])
        .env("NO_COLOR", "1")
        .stdin("1\n1\n")
        .run();
    let turns: Vec<&str> = out.stdout.split("-- Game 1: ").skip(1).collect();
    assert!(turns.len() >= 2, "{}", out.stdout);
    for turn in &turns[..2] {
        let files = turn.lines().nth(1).unwrap().trim_start();
        if turn.contains("(White) --") {
            assert!(files.starts_with("a   b"), "{turn}");
        } else {
            assert!(files.starts_with("f   e"), "{turn}");
        }
    }
}

#[test]
fn notation_in_capitals_is_played() {
    // Tides of War writes squares in small letters: `E1-E2` is the same move.
    let white = (1..40)
        .find(|&s| sit("tides", s, "", &[]).contains("Sister Ysolde (White)"))
        .unwrap();
    let out = sit("tides", white, "E1-E2\nresign\n", &[]);
    assert!(!out.contains("neither a move"), "{out}");
    // The replay line holds the move as the notation writes it.
    let replay = out.lines().find(|l| l.contains("| taproom sit")).unwrap();
    assert!(replay.contains("'%s\\n' e1-e2 resign"), "{replay}");
    // Òicustiỳtac writes its actions in capitals: `w5` is `W5`.
    let first = (1..40)
        .find(|&s| sit("oicustiytac", s, "", &[]).contains("Sister Ysolde (Black)"))
        .unwrap();
    let out = sit("oicustiytac", first, "w5\nresign\n", &[]);
    assert!(!out.contains("neither a move"), "{out}");
    let replay = out.lines().find(|l| l.contains("| taproom sit")).unwrap();
    assert!(replay.contains("'%s\\n' W5 resign"), "{replay}");
}

#[test]
fn a_person_s_cheat_is_listed_numbered_and_what_was_done_is_said() {
    let white = (1..40)
        .find(|&s| sit("tides", s, "", &[]).contains("Sister Ysolde (White)"))
        .unwrap();
    let out = sit(
        "tides",
        white,
        "cheat\n2\nresign\n",
        &["--on-cheat", "take-back", "--view", "gm"],
    );
    let list = out
        .split("What Sister Ysolde may try")
        .nth(1)
        .unwrap_or_else(|| panic!("a list of cheats: {out}"));
    // Numbered from 1, each with where and the chance of being seen.
    let numbered: Vec<&str> = list
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("Which?"))
        .collect();
    assert!(numbered.len() >= 2, "{list}");
    for (i, line) in numbered.iter().enumerate() {
        assert!(
            line.trim_start().starts_with(&format!("{}. nudge", i + 1)),
            "{line}"
        );
        assert!(line.contains("% to be seen"), "{line}");
    }
    // The second was tried, and said: the squares of the second offered.
    let second = numbered[1];
    let at = &second[second.find('(').unwrap()..=second.find(')').unwrap()];
    // Seen or not, the line says which stone went where (the words joined across the
    // page's wrapping).
    let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(&format!("Sister Ysolde nudges a stone one point {at}")),
        "{at} in {out}"
    );
    // Thinking better of it: Enter, or a move typed instead (which is played).
    let out = sit("tides", white, "cheat\n\ncheat\ne1-e2\nresign\n", &[]);
    assert_eq!(
        out.matches("Sister Ysolde thinks better of it.").count(),
        2,
        "{out}"
    );
    assert!(!out.contains("nudges a stone"), "{out}");
    assert!(out.contains("Brannoc"), "{out}");
    let replay = out.lines().find(|l| l.contains("| taproom sit")).unwrap();
    assert!(replay.contains("cheat '' cheat e1-e2"), "{replay}");
}

#[test]
fn with_hint_a_move_that_loses_at_once_is_warned_of_once_then_played_if_typed_again() {
    let white = (1..40)
        .find(|&s| sit("tides", s, "", &[]).contains("Sister Ysolde (White)"))
        .unwrap();
    // c3-c4 lets Black's reply reach White's town (the unit test counts two such moves).
    let out = sit("tides", white, "c3-c4\nc3-c4\n", &["--hint"]);
    assert_eq!(
        out.matches("Careful: it loses the game at once (c3-c4)")
            .count(),
        1,
        "{out}"
    );
    assert!(out.contains("Old Brannoc wins game 1"), "{out}");
    // A safe move is played at once; without --hint nothing is said.
    let safe = sit("tides", white, "e1-e2\nresign\n", &["--hint"]);
    assert!(!safe.contains("Careful"), "{safe}");
    let plain = sit("tides", white, "c3-c4\n", &[]);
    assert!(!plain.contains("Careful"), "{plain}");
    assert!(plain.contains("Old Brannoc wins game 1"), "{plain}");
    // The replay line types the move twice, and replays the same game.
    let replay = out.lines().find(|l| l.contains("| taproom sit")).unwrap();
    assert!(replay.contains("c3-c4 c3-c4"), "{replay}");
}
