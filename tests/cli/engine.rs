//! The engine commands, checked from outside: perft tables, move lists, apply, errors.

use crate::common;

use common::Taproom;

/// Every line of a `.perft` file: game, position, depth, count.
fn perft_cases(file: &str) -> Vec<(String, u32, u64)> {
    let text = std::fs::read_to_string(format!("tests/data/{file}")).expect("perft table");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            // The position may itself hold " ; " (Òicustiỳtac, Piç): depth and count are last.
            let parts: Vec<&str> = l.rsplitn(3, " ; ").collect();
            (
                parts[2].to_owned(),
                parts[1].parse().unwrap(),
                parts[0].parse().unwrap(),
            )
        })
        .collect()
}

/// Runs every line of a `.perft` table through `taproom engine perft` under `name`.
fn check_perft_table(name: &str, file: &str) {
    for (position, depth, count) in perft_cases(file) {
        let depth = depth.to_string();
        let out = Taproom::new()
            .args([
                "engine",
                "perft",
                name,
                "--depth",
                &depth,
                "--position",
                &position,
            ])
            .ok();
        let last = out.stdout.lines().last().unwrap_or_default();
        assert_eq!(
            last,
            count.to_string(),
            "{name}: perft {depth} of {position}"
        );
    }
}

#[test]
fn tides_of_war_perft_table() {
    check_perft_table("tides-of-war", "tides-of-war.perft");
}

#[test]
fn tides_of_war_moves_from_the_start() {
    let out = Taproom::new().args(["engine", "moves", "tides"]).ok();
    let mut moves: Vec<&str> = out.stdout.lines().collect();
    moves.sort_unstable();
    assert_eq!(moves.len(), 14);
    assert!(moves.contains(&"c3-c4"));
    assert!(moves.contains(&"e1-f1"));
}

#[test]
fn apply_with_board_draws_the_position_after_the_lines_checkers_read() {
    let out = Taproom::new()
        .args([
            "engine",
            "apply",
            "tides-of-war",
            "c3-c4",
            "c5xc3xa1",
            "--board",
        ])
        .ok();
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines[0], ".BBBB./W..BBB/WW.BBB/WW..BB/W.WW.B/BWWWW. w");
    assert_eq!(lines[1], "result: Black wins (conquest)");
    assert_eq!(lines[2], "", "a blank line before the diagram");
    assert!(!out.stdout.contains('\u{1b}'), "no colour into a pipe");
    let diagram = lines[3..].join("\n");
    assert!(diagram.contains("Tides of War"), "{diagram}");
    assert!(diagram.contains("Over: Black wins (conquest)"), "{diagram}");
    // The last move is highlighted: Black's stone in White's town, a1.
    assert!(diagram.contains("  1 │[●]│"), "{diagram}");

    let ascii = Taproom::new()
        .args([
            "engine",
            "apply",
            "pic",
            "--players",
            "3",
            "1",
            "4",
            "--board",
            "--ascii",
        ])
        .ok();
    let lines: Vec<&str> = ascii.stdout.lines().collect();
    assert_eq!(lines[0], "3 15 15 / 2 15 15 / 15 14 14 ; 3");
    assert_eq!(lines[1], "");
    assert!(ascii.stdout.is_ascii(), "{}", ascii.stdout);
    assert!(
        ascii.stdout.contains("> player 3 to move"),
        "{}",
        ascii.stdout
    );
    assert!(
        ascii.stdout.contains("Last move: heap 4"),
        "{}",
        ascii.stdout
    );

    // A pass (`-`) is still read as a move, with options after the moves.
    let pass = Taproom::new()
        .args([
            "engine",
            "apply",
            "oicustiytac",
            "--position",
            ". . . . . . . . . . / . . . . . . . . . . ; 0 0 ; 0 0 ; b",
            "-",
            "--board",
        ])
        .ok();
    assert_eq!(
        pass.stdout.lines().next(),
        Some(". . . . . . . . . . / . . . . . . . . . . ; 0 0 ; 0 0 ; w")
    );
    assert!(pass.stdout.contains("Last turn: a pass"), "{}", pass.stdout);

    Taproom::new()
        .args(["engine", "apply", "tides", "c3-c4", "--ascii"])
        .fails(&["--board"]);
}

#[test]
fn apply_prints_the_position_and_the_outcome() {
    let out = Taproom::new()
        .args(["engine", "apply", "tides-of-war", "c3-c4", "c5xc3xa1"])
        .ok();
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines[0], ".BBBB./W..BBB/WW.BBB/WW..BB/W.WW.B/BWWWW. w");
    assert_eq!(lines[1], "result: Black wins (conquest)");
    let quiet = Taproom::new()
        .args(["engine", "apply", "tides-of-war", "c3-c4"])
        .ok();
    assert_eq!(
        quiet.stdout.lines().count(),
        1,
        "no outcome while the game goes on"
    );
}

#[test]
fn an_illegal_move_names_the_move_and_the_position() {
    Taproom::new()
        .args(["engine", "apply", "tides-of-war", "a2-a1"])
        .fails(&[
            "a2-a1",
            ".BBBB./W.BBBB/WW.BBB/WWW.BB/WWWW.B/.WWWW. w",
            "illegal",
        ]);
}

#[test]
fn malformed_moves_and_positions_are_refused() {
    Taproom::new()
        .args(["engine", "apply", "tides", "c3-c9"])
        .fails(&["malformed move", "c9"]);
    Taproom::new()
        .args(["engine", "apply", "tides", "banana"])
        .fails(&["malformed move"]);
    Taproom::new()
        .args([
            "engine",
            "moves",
            "tides",
            "--position",
            "BBBBBB/BBBBBB/BBB.../....../....../...... w",
        ])
        .fails(&["malformed position", "more than 14"]);
    Taproom::new()
        .args([
            "engine",
            "perft",
            "tides",
            "--depth",
            "2",
            "--position",
            "WWW w",
        ])
        .fails(&["malformed position"]);
    Taproom::new()
        .args(["engine", "moves", "chess"])
        .fails(&["unknown game `chess`"]);
    Taproom::new()
        .args(["engine", "moves", "tides", "--throw", "3"])
        .fails(&["--throw"]);
}

#[test]
fn rule_options_reach_the_engine() {
    Taproom::new()
        .args([
            "engine",
            "perft",
            "tides",
            "--depth",
            "1",
            "--rule",
            "truce_after=0",
        ])
        .ok();
    Taproom::new()
        .args([
            "engine", "perft", "tides", "--depth", "1", "--rule", "truce=3",
        ])
        .fails(&["truce"]);
}

fn sorted_lines(text: &str) -> Vec<String> {
    let mut v: Vec<String> = text.lines().map(str::to_owned).collect();
    v.sort();
    v
}

#[test]
fn kiust_oyun_moves_from_the_start_for_each_throw() {
    for (throw, expected) in [
        ("2", vec!["a11-b12", "a12-b11"]),
        ("3", vec!["a10-b12", "a11-b11", "a12-b10"]),
        (
            "6",
            vec!["a10-b9", "a11-b8", "a12-b7", "a7-b12", "a8-b11", "a9-b10"],
        ),
    ] {
        let out = Taproom::new()
            .args(["engine", "moves", "kiust-oyun", "--throw", throw])
            .ok();
        assert_eq!(sorted_lines(&out.stdout), expected, "throw {throw}");
    }
}

#[test]
fn kiust_oyun_needs_a_throw_and_applies_throws_and_moves() {
    Taproom::new()
        .args(["engine", "moves", "kiust"])
        .fails(&["--throw"]);
    Taproom::new()
        .args(["engine", "moves", "kiust", "--throw", "5"])
        .fails(&["malformed move"]);
    let out = Taproom::new()
        .args(["engine", "apply", "kiust", "3", "a10-b12"])
        .ok();
    assert_eq!(
        out.stdout.trim(),
        "111111111.11/...........1/............/222222222222 ; 2"
    );
    Taproom::new()
        .args(["engine", "apply", "kiust", "a10-b12"])
        .fails(&["illegal", "a10-b12"]);
    Taproom::new()
        .args(["engine", "apply", "kiust", "2", "a10-b12"])
        .fails(&["illegal", "a10-b12"]);
}

#[test]
fn oicustiytac_perft_table_under_every_name() {
    for name in ["oicustiytac", "joicustijytac", "dogfight"] {
        check_perft_table(name, "oicustiytac.perft");
    }
}

#[test]
fn oicustiytac_turns_and_apply() {
    let out = Taproom::new().args(["engine", "moves", "oicustiytac"]).ok();
    let turns = sorted_lines(&out.stdout);
    assert_eq!(turns.len(), 27);
    assert!(turns.contains(&"W5+W7".to_owned()) && turns.contains(&"W6+W6".to_owned()));
    assert!(
        !turns.contains(&"W7+W5".to_owned()),
        "one canonical order a turn"
    );
    let out = Taproom::new()
        .args(["engine", "apply", "dogfight", "W7+W5"])
        .ok();
    assert_eq!(
        out.stdout.trim(),
        ". . . . b . b . . . / . . . . . . . . . . ; 13 15 ; 0 0 ; w"
    );
    Taproom::new()
        .args(["engine", "apply", "dogfight", "V5"])
        .fails(&["illegal", "V5"]);
    Taproom::new()
        .args(["engine", "apply", "dogfight", "W3"])
        .fails(&["malformed"]);
}

#[test]
fn pic_perft_table_for_two_three_and_five_players() {
    for name in ["pic", "piç"] {
        check_perft_table(name, "pic.perft");
    }
}

#[test]
fn pic_start_positions_moves_and_apply() {
    let out = Taproom::new()
        .args([
            "engine",
            "perft",
            "pic",
            "--depth",
            "7",
            "--players",
            "5",
            "--rule",
            "start=9",
        ])
        .ok();
    assert_eq!(out.stdout.trim(), "2187");
    let out = Taproom::new()
        .args(["engine", "moves", "pic", "--players", "3"])
        .ok();
    assert_eq!(sorted_lines(&out.stdout), ["1", "2", "3"]);
    Taproom::new()
        .args(["engine", "moves", "pic", "--players", "6"])
        .fails(&["2 to 5"]);
    Taproom::new()
        .args(["engine", "apply", "pic", "4"])
        .fails(&["illegal", "`4`"]);
    Taproom::new()
        .args([
            "engine",
            "moves",
            "pic",
            "--position",
            "12 12 / 12 12 12 ; 1",
        ])
        .fails(&["malformed position"]);
}

#[test]
fn kiust_oyun_a_won_game_is_written_with_the_turn_passed() {
    let out = Taproom::new()
        .args([
            "engine",
            "apply",
            "kiust",
            "--position",
            "............/............/2........1.2/......22.... ; 2 k",
            "2",
            "c12-c10",
        ])
        .ok();
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(
        lines,
        [
            "............/............/2........2../......22.... ; 1",
            "result: player 2 wins (all captured)"
        ]
    );
}
