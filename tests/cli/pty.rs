//! `taproom sit` in a real pseudo-terminal: the prompt waits for a person, a move typed
//! is played, the character answers, a bad line is answered and the prompt comes again,
//! and `resign` ends the game and tells the match.

#[cfg(unix)]
#[test]
fn a_person_plays_a_few_turns_in_a_terminal() {
    let bin = assert_cmd::cargo::cargo_bin("taproom");
    let mut cmd = std::process::Command::new(bin);
    cmd.args([
        "sit",
        "tides",
        "Old Brannoc",
        "--as",
        "Aria",
        "--seed",
        "7",
        "--best-of",
        "1",
        "--hint",
    ])
    .env("NO_COLOR", "1")
    .env("COLUMNS", "80");
    let mut p = rexpect::session::spawn_command(cmd, Some(30_000)).expect("a terminal");
    // Aria has the first turn at seed 7: the board and the numbered moves, then the prompt.
    p.exp_string("Aria to move")
        .expect("Aria's turn is announced");
    p.exp_string("1. e1-e2").expect("the moves are listed");
    p.exp_string("Aria> ").expect("a prompt");
    p.send_line("banana").unwrap();
    p.exp_string("`banana` is neither a move nor a command")
        .expect("bad input is answered");
    p.exp_string("Aria> ").expect("and the prompt comes again");
    p.send_line("hint").unwrap();
    p.exp_string("A master would play").expect("a hint");
    p.exp_string("Aria> ").unwrap();
    p.send_line("1").unwrap();
    // Brannoc answers in words, with the notation in brackets.
    p.exp_regex(r"Old Brannoc [a-z]+ .*\([a-f][1-6]")
        .expect("Brannoc's reply is told");
    p.exp_string("Aria> ").expect("Aria's turn again");
    p.send_line("moves").unwrap();
    p.exp_string("1. ").expect("the moves listed again");
    p.exp_string("Aria> ").unwrap();
    p.send_line("resign").unwrap();
    p.exp_string("Aria resigns game 1.")
        .expect("the resignation is said");
    p.exp_string("The result").expect("the match is told");
    p.exp_string("Seed 7 replays this match:")
        .expect("with its replay line");
    p.exp_eof().expect("and taproom exits");
}

/// A newcomer at a real terminal: playing Black, the board is turned to her side; a move
/// typed in capitals is played; `cheat` lists what she may try, numbered, and says what
/// was done.
#[cfg(unix)]
#[test]
fn a_newcomer_playing_black_sees_her_side_types_capitals_and_chooses_a_cheat() {
    let bin = assert_cmd::cargo::cargo_bin("taproom");
    let mut cmd = std::process::Command::new(bin);
    // At seed 1 Old Brannoc has the first turn: Ysolde plays Black.
    cmd.args([
        "sit",
        "tides",
        "Old Brannoc",
        "--as",
        "Ysolde",
        "--seed",
        "1",
        "--best-of",
        "1",
        "--view",
        "gm",
        "--on-cheat",
        "take-back",
    ])
    .env("NO_COLOR", "1")
    .env("COLUMNS", "80");
    let mut p = rexpect::session::spawn_command(cmd, Some(30_000)).expect("a terminal");
    p.exp_string("Sister Ysolde to move (Black)").unwrap();
    p.exp_string("f   e   d   c   b   a")
        .expect("the files from f, the board turned");
    p.exp_string("Seen from Black's side").unwrap();
    p.exp_string("Sister Ysolde> ").unwrap();
    p.send_line("B6-A5").unwrap();
    p.exp_regex(r"Old Brannoc [a-z]+ .*\([a-f][1-6]")
        .expect("the capitals were a move: Brannoc replies");
    p.exp_string("Sister Ysolde> ").unwrap();
    p.send_line("cheat").unwrap();
    p.exp_string("What Sister Ysolde may try").unwrap();
    p.exp_string(" 1. ").expect("the cheats numbered");
    p.exp_string("Which? (1-").unwrap();
    p.send_line("1").unwrap();
    p.exp_regex(r"Sister Ysolde nudges a stone one\s+point \([a-f][1-6] to [a-f][1-6]\)")
        .expect("what was done, and where");
    p.exp_string("Sister Ysolde> ").unwrap();
    p.send_line("resign").unwrap();
    p.exp_string("The result").unwrap();
    p.exp_eof().unwrap();
}

/// With `--hint`, a move that loses at once is warned of once; typed again, it is played.
#[cfg(unix)]
#[test]
fn a_move_that_loses_at_once_is_warned_of_at_a_real_terminal() {
    let bin = assert_cmd::cargo::cargo_bin("taproom");
    let mut cmd = std::process::Command::new(bin);
    cmd.args([
        "sit",
        "tides",
        "Old Brannoc",
        "--as",
        "Ysolde",
        "--seed",
        "8",
        "--best-of",
        "1",
        "--hint",
    ])
    .env("NO_COLOR", "1")
    .env("COLUMNS", "80");
    let mut p = rexpect::session::spawn_command(cmd, Some(30_000)).expect("a terminal");
    p.exp_string("Sister Ysolde to move (White)").unwrap();
    p.exp_string("Sister Ysolde> ").unwrap();
    p.send_line("c3-c4").unwrap();
    p.exp_string("Careful: it loses the game at once (c3-c4)")
        .expect("the warning");
    p.exp_string("Sister Ysolde> ").expect("asked again");
    p.send_line("c3-c4").unwrap();
    p.exp_string("Old Brannoc wins game 1 (conquest).")
        .expect("played the second time, and lost");
    p.exp_eof().unwrap();
}

/// Bets as a GM says them, at a sitting in a terminal: the person resigns at once, so
/// Old Brannoc wins and each pot goes as counted by hand (1 gp and 5 silver is 1 gp 5 sp;
/// 3 silver is 3 sp).
#[cfg(unix)]
#[test]
fn a_sitting_in_a_terminal_takes_bets_as_said() {
    let bin = assert_cmd::cargo::cargo_bin("taproom");
    let mut cmd = std::process::Command::new(bin);
    cmd.args([
        "sit",
        "tides",
        "Old Brannoc",
        "--as",
        "Mirela Quickfingers",
        "--seed",
        "7",
        "--best-of",
        "1",
        "--bet",
        "Mirela bets 1 gold piece and 5 silver on Mirela against Brannoc; Pip puts 3 silver on Brannoc to win against Tamsin",
    ])
    .env("NO_COLOR", "1")
    .env("COLUMNS", "200");
    let mut p = rexpect::session::spawn_command(cmd, Some(30_000)).expect("a terminal");
    p.exp_string("Mirela Quickfingers> ").expect("a prompt");
    p.send_line("resign").unwrap();
    p.exp_string("Mirela Quickfingers resigns game 1.")
        .expect("the resignation is said");
    p.exp_string("Mirela Quickfingers loses 1 gp 5 sp to Old Brannoc")
        .expect("Mirela's stake, as said, goes to Brannoc");
    p.exp_string("Tamsin the Tinker loses 3 sp to Pip Underbough")
        .expect("Tamsin's matching stake goes to Pip");
    p.exp_eof().expect("and taproom exits");
}
