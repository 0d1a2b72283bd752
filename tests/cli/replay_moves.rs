//! `taproom replay`: a match shown again move by move, checked against what `taproom play
//! --format json` logged for the same arguments: as many steps, in the same order, by the
//! same people; the boards at the start and the end of each game are the boards of the
//! positions the log recorded (read from the JSON and drawn by the diagram code alone, not
//! by walking the log); each game's result and the match's winner as the log has them.

use serde_json::Value;
use taproom::games::Rules;
use taproom::games::kiust::Kiust;
use taproom::games::oicus::Oicus;
use taproom::games::pic::Pic;
use taproom::games::tides::Tides;
use taproom::report::board::{BoardStyle, Diagram, Marks};
use unicode_width::UnicodeWidthStr;

use crate::common;

use common::Taproom;

/// One game as the replay printed it.
#[derive(Debug, Default)]
struct GameText {
    /// The heading's first line: "Game 2 of 3: ...".
    heading: String,
    /// The board before the first step.
    start: String,
    /// Each step: its header (lines joined) and the board after it.
    steps: Vec<(String, String)>,
    /// The result line (lines joined).
    result: String,
}

/// A replay's output cut into its games, and what follows the last of them.
#[derive(Debug, Default)]
struct Shown {
    games: Vec<GameText>,
    tail: String,
}

/// Whether `line` heads a game ("Game 2 of 3: ...", "Round 1 of 1: ...").
fn is_heading(line: &str) -> bool {
    game_number(line).is_some_and(|rest| rest.starts_with(" of "))
}

/// Whether `line` gives a game's result ("Game 2: ...").
fn is_result(line: &str) -> bool {
    game_number(line).is_some_and(|rest| rest.starts_with(": "))
}

/// What follows "Game N" or "Round N" at the start of a line.
fn game_number(line: &str) -> Option<&str> {
    let rest = line
        .strip_prefix("Game ")
        .or_else(|| line.strip_prefix("Round "))?;
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    (digits > 0).then(|| &rest[digits..])
}

/// The text of `lines` up to the first blank one (a heading's lines, joined), and the
/// rest, blank lines at either end left out.
fn split_block(lines: &[&str]) -> (String, String) {
    let blank = lines
        .iter()
        .position(|l| l.is_empty())
        .unwrap_or(lines.len());
    let head = lines[..blank]
        .iter()
        .map(|l| l.trim())
        .collect::<Vec<_>>()
        .join(" ");
    let mut body: Vec<&str> = lines[blank..].to_vec();
    while body.first().is_some_and(|l| l.is_empty()) {
        body.remove(0);
    }
    while body.last().is_some_and(|l| l.is_empty()) {
        body.pop();
    }
    (head, body.join("\n"))
}

/// Cuts the output at its markers: game headings, step headers, game results.
fn parse(out: &str) -> Shown {
    let lines: Vec<&str> = out.lines().collect();
    let marks: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("Step ") || is_heading(lines[i]) || is_result(lines[i]))
        .collect();
    let mut shown = Shown::default();
    for (k, &at) in marks.iter().enumerate() {
        let end = marks.get(k + 1).copied().unwrap_or(lines.len());
        let (head, body) = split_block(&lines[at..end]);
        let line = lines[at];
        if is_heading(line) {
            shown.games.push(GameText {
                heading: head,
                start: body,
                ..GameText::default()
            });
        } else if let Some(game) = shown.games.last_mut() {
            if line.starts_with("Step ") {
                game.steps.push((head, body));
            } else {
                game.result = head;
                if k + 1 == marks.len() {
                    shown.tail = body;
                }
            }
        }
    }
    shown
}

/// `position` (a log's notation) drawn as the replay draws it: the seats named, `last`
/// highlighted.
fn board<G: Diagram>(position: &str, names: &[&str], last: Option<&str>, ascii: bool) -> String {
    let pos: G = position
        .parse()
        .unwrap_or_else(|e| panic!("{position}: {e}"));
    let mut marks = Marks::names(names);
    if let Some(mv) = last {
        let mv: <G as Rules>::Move = mv.parse().unwrap_or_else(|e| panic!("{mv}: {e}"));
        marks = marks.last(mv);
    }
    let style = if ascii {
        BoardStyle::ASCII
    } else {
        BoardStyle::PLAIN
    };
    pos.diagram_with(&style, &marks).trim_end().to_owned()
}

fn board_of(game: &str, position: &str, names: &[&str], last: Option<&str>, ascii: bool) -> String {
    match game {
        "tides" => board::<Tides>(position, names, last, ascii),
        "pic" => board::<Pic>(position, names, last, ascii),
        "kiust" => board::<Kiust>(position, names, last, ascii),
        "dogfight" => board::<Oicus>(position, names, last, ascii),
        other => panic!("no game {other}"),
    }
}

/// The JSON log `play` writes for these arguments.
fn logged(args: &[&str]) -> Value {
    let out = Taproom::new()
        .arg("play")
        .args(args)
        .args(["--format", "json"])
        .ok();
    serde_json::from_str(&out.stdout).expect("play writes JSON")
}

fn replayed(args: &[&str], extra: &[&str]) -> String {
    Taproom::new()
        .arg("replay")
        .args(args)
        .args(extra)
        .ok()
        .stdout
}

/// Checks the games shown against the games logged (`shown[i]` against `games[i]`).
fn check_games(game: &str, log: &Value, logged_games: &[&Value], shown: &Shown, ascii: bool) {
    let entrants: Vec<&str> = log["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    let unit = if game == "dogfight" { "Round" } else { "Game" };
    assert_eq!(shown.games.len(), logged_games.len(), "{game}: games shown");
    for (g, text) in logged_games.iter().zip(&shown.games) {
        let number = g["number"].as_u64().unwrap();
        let what = format!("{game} {unit} {number}");
        assert!(
            text.heading.starts_with(&format!(
                "{unit} {number} of {}:",
                log["games"].as_array().unwrap().len()
            )),
            "{what}: {}",
            text.heading
        );
        // Who sat where, by seat.
        let seats: Vec<usize> = g["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap() as usize)
            .collect();
        let names: Vec<&str> = seats.iter().map(|&e| entrants[e]).collect();
        let steps = g["steps"].as_array().unwrap();
        assert_eq!(text.steps.len(), steps.len(), "{what}: step headers");
        assert_eq!(
            text.start,
            board_of(game, g["start"].as_str().unwrap(), &names, None, ascii),
            "{what}: the start"
        );
        for (i, (step, (header, _))) in steps.iter().zip(&text.steps).enumerate() {
            let mv = step["mv"].as_str().unwrap();
            let lead = format!("Step {} of {}. ", i + 1, steps.len());
            let who = match step["seat"].as_u64() {
                Some(seat) => format!("{} (", names[seat as usize]),
                None => "The sticks: ".to_owned(),
            };
            assert!(
                header.starts_with(&format!("{lead}{who}")),
                "{what}: {header}"
            );
            assert!(
                header.contains(&format!(": {mv},")) || header.ends_with(&format!(": {mv}.")),
                "{what}: `{mv}` in {header}"
            );
        }
        // The last board is the board of the position the log ended in.
        let last = steps.last().map(|s| s["mv"].as_str().unwrap());
        let end = board_of(game, g["end"].as_str().unwrap(), &names, last, ascii);
        assert_eq!(
            text.steps
                .last()
                .map(|(_, b)| b.as_str())
                .unwrap_or(&text.start),
            end,
            "{what}: the end"
        );
        let winners: Vec<&str> = g["winners"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| entrants[w.as_u64().unwrap() as usize])
            .collect();
        let said = match winners.as_slice() {
            [] => "a draw (".to_owned(),
            [one] => format!("{one} wins ("),
            _ => "share the win (".to_owned(),
        };
        assert!(
            text.result.starts_with(&format!("{unit} {number}: ")) && text.result.contains(&said),
            "{what}: {}",
            text.result
        );
    }
}

/// The match's winner, as the last lines say it, agrees with the log's.
fn check_winner(game: &str, log: &Value, shown: &Shown) {
    let winners = log["winners"].as_array().unwrap();
    if let [one] = winners.as_slice() {
        let one = one.as_str().unwrap();
        assert!(
            shown.tail.starts_with(&format!("{one} beats ")),
            "{game}: {}",
            shown.tail
        );
    } else {
        assert!(
            shown.tail.contains(" draw ") || shown.tail.contains(" share "),
            "{game}: {}",
            shown.tail
        );
    }
    let seed = log["seed"].as_u64().unwrap();
    assert!(
        shown.tail.contains(&format!("Seed {seed}.")),
        "{}",
        shown.tail
    );
}

fn check_width(out: &str) {
    for line in out.lines() {
        assert!(line.width() <= 80, "{} columns: {line}", line.width());
    }
}

/// Each game, Piç at two, three and five seats; short matches, and one of three games.
const MATCHES: [&[&str]; 6] = [
    &["tides", "Brannoc", "Mirela", "--seed", "11"],
    &["pic", "Pip", "Ysolde", "--seed", "2", "--best-of", "1"],
    &[
        "pic",
        "Pip",
        "Ysolde",
        "Hrodgar",
        "--seed",
        "3",
        "--best-of",
        "1",
    ],
    &[
        "pic",
        "Pip",
        "Ysolde",
        "Hrodgar",
        "Mirela",
        "Tamsin",
        "--seed",
        "4",
        "--best-of",
        "1",
    ],
    &["kiust", "Pip", "Ysolde", "--seed", "5", "--best-of", "1"],
    &[
        "dogfight",
        "Brannoc",
        "Mirela",
        "--seed",
        "6",
        "--first-to",
        "2",
    ],
];

#[test]
fn replay_shows_every_step_of_every_game_as_play_logged_it() {
    for args in MATCHES {
        let game = args[0];
        let log = logged(args);
        let out = replayed(args, &[]);
        let shown = parse(&out);
        let games: Vec<&Value> = log["games"].as_array().unwrap().iter().collect();
        check_games(game, &log, &games, &shown, false);
        check_winner(game, &log, &shown);
        check_width(&out);
    }
}

#[test]
fn replay_plays_the_match_under_its_rule_options() {
    let args = [
        "tides",
        "Pip",
        "Ysolde",
        "--seed",
        "8",
        "--best-of",
        "1",
        "--rule",
        "truce_after=25",
    ];
    let log = logged(&args);
    let out = replayed(&args, &[]);
    let shown = parse(&out);
    let game = &log["games"][0];
    assert_eq!(
        shown.games[0].steps.len(),
        game["steps"].as_array().unwrap().len()
    );
    // Every board counts towards the house's truce, not the default one.
    let boards = shown.games[0].steps.iter().map(|(_, b)| b);
    for b in boards {
        assert!(b.contains(" of 25 plies without a capture"), "{b}");
    }
}

#[test]
fn replay_game_n_shows_that_game_alone() {
    let args = ["tides", "Brannoc", "Mirela", "--seed", "11"];
    let log = logged(&args);
    let games = log["games"].as_array().unwrap();
    assert!(games.len() >= 2, "a best of 3 plays two games at least");
    let out = replayed(&args, &["--game", "2"]);
    let shown = parse(&out);
    check_games("tides", &log, &[&games[1]], &shown, false);
    check_winner("tides", &log, &shown);
    assert!(!out.contains("Game 1 of"), "{out}");
    // Òicustiỳtac's parts are rounds: `--round` says the same.
    let args = [
        "dogfight",
        "Brannoc",
        "Mirela",
        "--seed",
        "6",
        "--first-to",
        "2",
    ];
    let log = logged(&args);
    let rounds = log["games"].as_array().unwrap();
    let last = rounds.len().to_string();
    let shown = parse(&replayed(&args, &["--round", &last]));
    check_games("dogfight", &log, &[rounds.last().unwrap()], &shown, false);
}

#[test]
fn replay_of_a_game_the_match_did_not_play_is_one_clear_line() {
    for (args, flag, word) in [
        (
            &["tides", "Brannoc", "Mirela", "--seed", "11"][..],
            "--game",
            "game 99",
        ),
        (
            &["dogfight", "--seed", "6", "--first-to", "1"][..],
            "--round",
            "round 99",
        ),
    ] {
        let out = Taproom::new()
            .arg("replay")
            .args(args)
            .args([flag, "99"])
            .fails(&[word, "numbered 1"]);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert!(out.stdout.is_empty(), "{}", out.stdout);
    }
    Taproom::new()
        .args(["replay", "tides", "--seed", "1", "--game", "many"])
        .fails(&["--game"]);
}

#[test]
fn replay_ascii_is_plain_ascii_and_never_coloured_when_piped_or_under_no_color() {
    for args in [MATCHES[2], MATCHES[4], MATCHES[5]] {
        let game = args[0];
        let log = logged(args);
        let out = replayed(args, &["--ascii"]);
        assert!(out.is_ascii(), "{game}");
        let games: Vec<&Value> = log["games"].as_array().unwrap().iter().collect();
        check_games(game, &log, &games, &parse(&out), true);
        check_width(&out);
    }
    let args = MATCHES[3];
    for env in [
        &[][..],
        &[("NO_COLOR", "1")][..],
        &[("NO_COLOR", "1"), ("CLICOLOR_FORCE", "1")][..],
    ] {
        let mut t = Taproom::new().arg("replay").args(args);
        for (k, v) in env {
            t = t.env(k, v);
        }
        let out = t.ok().stdout;
        assert!(!out.contains('\u{1b}'), "{env:?}");
        assert!(out.contains("Step 1 of "), "{env:?}");
    }
}

#[test]
fn replay_without_a_seed_prints_one_that_shows_the_same_match_again() {
    let first = Taproom::new()
        .args(["replay", "kiust", "Pip", "Ysolde", "--best-of", "1"])
        .ok()
        .stdout;
    // The command after "Seed N replays this match:", its continuations joined.
    let lines: Vec<&str> = first.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("Seed ") && l.ends_with(" replays this match:"))
        .expect("the seed line");
    let mut command = String::new();
    for line in &lines[at + 1..] {
        command.push_str(line.trim().trim_end_matches('\\'));
        command.push(' ');
        if !line.ends_with('\\') {
            break;
        }
    }
    let words = shell_words::split(&command).unwrap();
    assert_eq!(&words[..2], ["taproom", "replay"], "{command}");
    let seed = &words[words.iter().position(|w| w == "--seed").unwrap() + 1];
    assert!(
        lines[at].starts_with(&format!("Seed {seed} ")),
        "{}",
        lines[at]
    );
    let again = Taproom::new().args(&words[1..]).ok().stdout;
    assert_eq!(again, first);
}
