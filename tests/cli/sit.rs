//! `taproom sit`: people at the table, moves fed on standard input.
//!
//! Each whole match is checked from outside the sitting's own loop: every game of the
//! JSON log is replayed move by move through `taproom engine apply` from its start, and
//! must reach the end the log records (so every move a person typed, and every reply, was
//! legal); the replay line printed must play the same match again.

use crate::common::{Taproom, seats_of};

/// The JSON document at the end of a sitting's output (after the turns).
fn json_tail(stdout: &str) -> serde_json::Value {
    let at = stdout
        .rfind("\n{\n")
        .map(|i| i + 1)
        .or_else(|| stdout.starts_with("{\n").then_some(0))
        .expect("a JSON document at the end");
    serde_json::from_str(&stdout[at..]).expect("one JSON document")
}

/// Replays every game of a match log through `engine apply --full` and checks it reaches
/// the end the log records; gives the number of moves made by seats that people held.
fn replay_through_engine(doc: &serde_json::Value, people: &[usize]) -> usize {
    let game = doc["game"].as_str().unwrap();
    let mut by_people = 0;
    for g in doc["games"].as_array().unwrap() {
        let start = g["start"].as_str().unwrap();
        let seats: Vec<usize> = g["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap() as usize)
            .collect();
        let steps = g["steps"].as_array().unwrap();
        let moves: Vec<String> = steps
            .iter()
            .map(|s| s["mv"].as_str().unwrap().to_owned())
            .collect();
        by_people += steps
            .iter()
            .filter(|s| {
                s["seat"]
                    .as_u64()
                    .is_some_and(|seat| people.contains(&seats[seat as usize]))
            })
            .count();
        // A cheat that stood (or a stone brought down for one) left a position of the
        // table's: play on from it.
        let mut from = start.to_owned();
        let mut at = 0;
        let empty = Vec::new();
        let asides = g["asides"].as_array().unwrap_or(&empty);
        let mut cuts: Vec<(usize, String)> = asides
            .iter()
            .filter_map(|a| {
                Some((
                    a["before"].as_u64()? as usize,
                    a["position"].as_str()?.to_owned(),
                ))
            })
            .collect();
        cuts.push((moves.len(), String::new()));
        let mut reached = String::new();
        for (before, position) in cuts {
            let mut args = vec![
                "engine".to_owned(),
                "apply".to_owned(),
                game.to_owned(),
                "--position".to_owned(),
                from.clone(),
                "--full".to_owned(),
            ];
            args.extend(moves[at..before].iter().cloned());
            let out = Taproom::new().args(&args).ok();
            reached = out.stdout.lines().next().unwrap_or("").to_owned();
            at = before;
            from = if position.is_empty() {
                reached.clone()
            } else {
                position
            };
        }
        assert_eq!(
            reached,
            g["end"].as_str().unwrap(),
            "game {} of {game} does not replay to its end",
            g["number"]
        );
    }
    by_people
}

fn ones(n: usize) -> String {
    "1\n".repeat(n)
}

/// Input that always finds a move in time: the first move listed, or at Piç (where a move
/// is typed as its heap's number) every heap number in turn, the illegal ones refused.
fn first_moves(game: &str, n: usize) -> String {
    if game == "pic" {
        (0..n).map(|i| format!("{}\n", i % 15 + 1)).collect()
    } else {
        ones(n)
    }
}

/// The moves the people made, counted from what they were asked and answered: each
/// prompt of theirs answered with a line that was not refused, and each forced move
/// played for them.
fn moves_answered(stdout: &str, people: &[&str]) -> usize {
    let prompts: usize = people
        .iter()
        .map(|p| stdout.matches(&format!("\n{p}> ")).count())
        .sum();
    let refused = [
        "There is no move",
        "is not a legal move here",
        "is neither a move",
    ]
    .iter()
    .map(|r| stdout.matches(r).count())
    .sum::<usize>();
    let forced: usize = people
        .iter()
        .map(|p| stdout.matches(&format!("{p} has only one move")).count())
        .sum();
    prompts - refused + forced
}

/// A person against a master (level 10 or the roster's best) in every game, always
/// typing the first move listed: the match ends, every move is legal, and the person's
/// prompts were answered once per move they made (forced moves are played for them).
#[test]
fn a_person_plays_a_whole_match_against_a_master_in_every_game() {
    for (game, master) in [
        ("tides", "Sister Ysolde"),
        ("pic", "Sister Ysolde"),
        ("kiust", "Sister Ysolde"),
        ("oicustiytac", "Sister Ysolde"),
    ] {
        let out = Taproom::new()
            .args([
                "sit",
                game,
                master,
                "--as",
                "Aria",
                "--seed",
                "11",
                "--best-of",
                "1",
                "--format",
                "json",
            ])
            .stdin(&first_moves(game, 20_000))
            .ok();
        let doc = json_tail(&out.stdout);
        let moved = replay_through_engine(&doc, &[0]);
        assert!(moved > 0, "{game}: Aria made no move");
        assert_eq!(
            moves_answered(&out.stdout, &["Aria"]),
            moved,
            "{game}: one answer per move made"
        );
        assert!(
            doc["games"]
                .as_array()
                .unwrap()
                .iter()
                .all(|g| g["resigned"].is_null()),
            "{game}: nobody resigned with moves to spare"
        );
    }
}

/// Two people against each other, hot-seat, in Tides of War: both are asked, in turn.
#[test]
fn two_people_play_each_other() {
    let out = Taproom::new()
        .args([
            "sit",
            "tides",
            "--as",
            "Aria",
            "--as",
            "Bram",
            "--seed",
            "5",
            "--best-of",
            "1",
            "--format",
            "json",
        ])
        .stdin(&ones(5000))
        .ok();
    let doc = json_tail(&out.stdout);
    let moved = replay_through_engine(&doc, &[0, 1]);
    assert_eq!(moves_answered(&out.stdout, &["Aria", "Bram"]), moved);
    assert!(
        out.stdout.matches("\nAria> ").count() > 0 && out.stdout.matches("\nBram> ").count() > 0
    );
}

/// Piç at a table of four: two people and two characters.
#[test]
fn a_pic_table_of_two_people_and_two_characters() {
    let out = Taproom::new()
        .args([
            "sit",
            "pic",
            "Pip Underbough",
            "Tamsin the Tinker",
            "--as",
            "Aria",
            "--as",
            "Bram",
            "--seed",
            "9",
            "--best-of",
            "1",
            "--format",
            "json",
        ])
        .stdin(&first_moves("pic", 30_000))
        .ok();
    let doc = json_tail(&out.stdout);
    assert_eq!(doc["entrants"].as_array().unwrap().len(), 4);
    let moved = replay_through_engine(&doc, &[0, 1]);
    assert_eq!(moves_answered(&out.stdout, &["Aria", "Bram"]), moved);
    // The characters' moves are told as they are made.
    assert!(out.stdout.contains("Pip Underbough ") && out.stdout.contains("Tamsin the Tinker "));
}

/// Bad input in every game gets one line saying what was wrong and the prompt again;
/// the game goes on and ends normally.
#[test]
fn bad_input_is_answered_and_the_prompt_comes_again_in_every_game() {
    for game in ["tides", "pic", "kiust", "oicustiytac"] {
        let mut input = String::from("banana\n0\n9999\nz9-z9\n\nhint\nundo\nhelp\nboard\nmoves\n");
        input.push_str(&first_moves(game, 20_000));
        let out = Taproom::new()
            .args([
                "sit",
                game,
                "Pip Underbough",
                "--as",
                "Aria",
                "--seed",
                "4",
                "--best-of",
                "1",
            ])
            .stdin(&input)
            .ok();
        for needle in [
            "`banana` is neither a move nor a command",
            "There is no move 0",
            "There is no move 9999",
            "The GM has not allowed `hint`",
            "The GM has not allowed `undo`",
            "Commands: board",
        ] {
            assert!(out.stdout.contains(needle), "{game}: no {needle:?}");
        }
        assert!(
            out.stdout.contains("The result"),
            "{game}: the match was told"
        );
    }
}

/// The end of the input resigns, saying so, and the match is told and tabled.
#[test]
fn the_end_of_input_resigns_the_game() {
    let out = Taproom::new()
        .args([
            "sit",
            "tides",
            "Old Brannoc",
            "--as",
            "Aria",
            "--seed",
            "2",
            "--best-of",
            "1",
        ])
        .stdin("")
        .ok();
    assert!(
        out.stdout
            .contains("The input has ended: Aria resigns game 1.")
    );
    assert!(
        out.stdout.contains("resign"),
        "the story tells the resignation"
    );
    let doc = json_tail(
        &Taproom::new()
            .args([
                "sit",
                "tides",
                "Old Brannoc",
                "--as",
                "Aria",
                "--seed",
                "2",
                "--best-of",
                "1",
                "--format",
                "json",
            ])
            .stdin("")
            .ok()
            .stdout,
    );
    let g = &doc["games"][0];
    assert_eq!(g["outcome"]["end"], "resigned");
    assert_eq!(g["resigned"], 0, "Aria (entrant 0) resigned");
    assert_eq!(doc["winner"], "Old Brannoc");
}

/// `resign` at a Piç table of three gives the game to the best placed of the others.
#[test]
fn a_resignation_at_pic_goes_to_the_best_of_the_others() {
    let out = Taproom::new()
        .args([
            "sit",
            "pic",
            "Pip Underbough",
            "Tamsin the Tinker",
            "--as",
            "Aria",
            "--seed",
            "3",
            "--best-of",
            "1",
            "--format",
            "json",
        ])
        .stdin("1\n2\n3\nresign\n")
        .ok();
    let doc = json_tail(&out.stdout);
    let g = &doc["games"][0];
    assert_eq!(g["outcome"]["end"], "resigned");
    let seats = seats_of(g);
    let scores: Vec<i64> = g["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_i64().unwrap())
        .collect();
    let aria_seat = seats.iter().position(|&e| e == 0).unwrap();
    let best = (0..3)
        .filter(|&s| s != aria_seat)
        .map(|s| scores[s])
        .max()
        .unwrap();
    let expect: Vec<u64> = (0..3)
        .filter(|&s| s != aria_seat && scores[s] == best)
        .map(|s| seats[s])
        .collect();
    let winners: Vec<u64> = g["winners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .collect();
    let (mut a, mut b) = (winners.clone(), expect.clone());
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b, "scores {scores:?} seats {seats:?}");
}

/// The replay line printed at the end plays the same match again, moves and all.
#[test]
fn the_replay_line_replays_the_sitting_exactly() {
    for (game, input) in [
        ("tides", "3\n1\n2\nundo\n1\n4\nresign\n"),
        ("kiust", &*ones(400)),
    ] {
        let out = Taproom::new()
            .args([
                "sit",
                game,
                "Old Brannoc",
                "--as",
                "Aria",
                "--seed",
                "21",
                "--best-of",
                "1",
                "--undo",
                "--wide",
            ])
            .stdin(input)
            .ok();
        let line = out
            .stdout
            .lines()
            .find_map(|l| l.strip_prefix("Seed 21 replays this match: "))
            .expect("a replay line");
        let line = line.trim_matches('`');
        let bin = assert_cmd::cargo::cargo_bin("taproom");
        let shell = line.replace("| taproom ", &format!("| {} ", bin.display()));
        let again = std::process::Command::new("sh")
            .args(["-c", &format!("{shell} --wide")])
            .env_remove("COLUMNS")
            .output()
            .unwrap();
        let again = String::from_utf8_lossy(&again.stdout);
        let table = |s: &str| s[s.find("\n┌").expect("a result table")..].to_owned();
        assert_eq!(table(&again), table(&out.stdout), "{game}: `{line}`");
    }
}

/// `undo` takes back the person's move and the replies to it; the position is as it was.
#[test]
fn undo_takes_back_the_last_move_and_the_replies() {
    let out = Taproom::new()
        .args([
            "sit",
            "tides",
            "Old Brannoc",
            "--as",
            "Aria",
            "--seed",
            "6",
            "--best-of",
            "1",
            "--undo",
            "--format",
            "json",
        ])
        .stdin("undo\n1\nundo\n2\nresign\n")
        .ok();
    assert!(
        out.stdout
            .contains("Aria has no move of this game to take back.")
    );
    assert!(
        out.stdout
            .contains("Aria takes back their last move (2 steps undone).")
    );
    let doc = json_tail(&out.stdout);
    let g = &doc["games"][0];
    let steps = g["steps"].as_array().unwrap();
    // After the undo: Aria's second choice and Brannoc's reply, then the resignation.
    assert_eq!(steps.len(), 2, "{steps:?}");
    replay_through_engine(&doc, &[0]);
}

/// `hint` names a legal move and says why; asking does not change the match.
#[test]
fn a_hint_names_a_listed_move() {
    let with = Taproom::new()
        .args([
            "sit",
            "tides",
            "Old Brannoc",
            "--as",
            "Aria",
            "--seed",
            "8",
            "--best-of",
            "1",
            "--hint",
            "--wide",
        ])
        .stdin("hint\n1\n1\nresign\n")
        .ok();
    let hint = with
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("A master would play "))
        .expect("a hint");
    let mv = hint.split_whitespace().next().unwrap();
    let listed = with.stdout.lines().any(|l| {
        let mut w = l.split_whitespace();
        w.next().is_some_and(|n| n.ends_with('.')) && w.next() == Some(mv)
    });
    assert!(listed, "the hint {mv} is one of the listed moves");
    let without = Taproom::new()
        .args([
            "sit",
            "tides",
            "Old Brannoc",
            "--as",
            "Aria",
            "--seed",
            "8",
            "--best-of",
            "1",
            "--wide",
        ])
        .stdin("1\n1\nresign\n")
        .ok();
    let table = |s: &str| s[s.find("\n┌").unwrap()..s.find("Seed 8").unwrap()].to_owned();
    assert_eq!(table(&with.stdout), table(&without.stdout));
}

/// With `--dice table` the throws are typed in: a throw that cannot fall is refused with
/// what can, and the match goes on with the throws as typed.
#[test]
fn dice_at_the_table_check_what_fell() {
    // The ceremony: each throws the four sticks (5 flat sides cannot fall); then every
    // throw of the game is typed: `7` cannot fall, `3` can.
    let mut input = String::from("5\n4\n1\n7\n");
    for _ in 0..3000 {
        input.push_str("3\n1\n");
    }
    let out = Taproom::new()
        .args([
            "sit",
            "kiust",
            "Pip Underbough",
            "--as",
            "Aria",
            "--seed",
            "1",
            "--best-of",
            "1",
            "--dice",
            "table",
            "--format",
            "json",
        ])
        .stdin(&input)
        .ok();
    assert!(
        out.stdout
            .contains("`5` cannot be: type a whole number from 0 to 4.")
    );
    assert!(out.stdout.contains("`7` cannot fall here"));
    let doc = json_tail(&out.stdout);
    let g = &doc["games"][0];
    // The ceremony as typed: Aria threw 4 flat sides, Pip 1: Aria moves first.
    let ceremony = g["ceremony"].as_array().unwrap();
    assert_eq!(ceremony[0]["flats"], 4);
    assert_eq!(ceremony[1]["flats"], 1);
    assert_eq!(
        g["seats"][0], 0,
        "Aria threw more flat sides and sits first"
    );
    // Every chance step is a throw of 3, as typed.
    for s in g["steps"].as_array().unwrap() {
        if s["seat"].is_null() {
            assert_eq!(s["mv"], "3");
        }
    }
    replay_through_engine(&doc, &[0]);
}

/// Wagers at a sitting settle as at `play`: a bet between the person and the character.
#[test]
fn a_wager_at_a_sitting_settles() {
    let out = Taproom::new()
        .args([
            "sit",
            "tides",
            "Old Brannoc",
            "--as",
            "Mirela Quickfingers",
            "--seed",
            "2",
            "--best-of",
            "1",
            "--bet",
            "Mirela Quickfingers 2 gp on Mirela against Old Brannoc",
        ])
        .stdin("")
        .ok();
    // Mirela resigned at once: Brannoc wins the bet's 2 gp from her.
    assert!(out.stdout.contains("resigns game 1"));
    assert!(out.stdout.contains("2 gp"), "{}", out.stdout);
}

/// Every line a sitting prints fits 80 columns, at tables of two to five.
#[test]
fn a_sitting_fits_eighty_columns_at_every_table_size() {
    for (game, opponents) in [
        ("tides", vec!["Old Brannoc"]),
        ("kiust", vec!["Old Brannoc"]),
        ("oicustiytac", vec!["Old Brannoc"]),
        ("pic", vec!["Old Brannoc"]),
        ("pic", vec!["Old Brannoc", "Pip Underbough"]),
        (
            "pic",
            vec!["Old Brannoc", "Pip Underbough", "Hrodgar Ironbelly"],
        ),
        (
            "pic",
            vec![
                "Old Brannoc",
                "Pip Underbough",
                "Hrodgar Ironbelly",
                "Tamsin the Tinker",
            ],
        ),
    ] {
        let mut args = vec!["sit", game];
        args.extend(opponents.iter().copied());
        args.extend([
            "--as",
            "Aria Stormborn of the Western Reach",
            "--seed",
            "5",
            "--best-of",
            "1",
        ]);
        let out = Taproom::new()
            .args(&args)
            .stdin(&first_moves(game, 30_000))
            .ok();
        for line in out.stdout.lines() {
            assert!(
                line.chars().count() <= 80,
                "{game} with {} seats: {line:?}",
                opponents.len() + 1
            );
        }
    }
}

/// Names and files that cannot be seated are refused before anything is played.
#[test]
fn bad_seats_are_refused() {
    Taproom::new()
        .args(["sit", "tides", "Old Brannoc"])
        .fails(&["--as"]);
    Taproom::new()
        .args(["sit", "tides", "Old Brannoc", "--as", "Old Brannoc"])
        .fails(&["Old Brannoc"]);
    Taproom::new()
        .args(["sit", "tides", "--as", "Aria"])
        .fails(&["2 players"]);
    Taproom::new()
        .args(["sit", "tides", "Old Brannoc", "--as", "nobody.toml"])
        .fails(&["nobody.toml"]);
}

/// A stake that is not money at a sitting: the answer Brannoc stakes passes to Ysolde when
/// he loses (he resigns at once here: both seats are people), is told and written in the
/// ledger with `--apply`, and no purse file changes.
#[test]
fn a_thing_staked_at_a_sitting_passes_to_the_winner_and_is_written_in_the_ledger() {
    let dir = std::env::temp_dir().join(format!("taproom-sit-thing-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for f in std::fs::read_dir("examples/characters").unwrap() {
        let f = f.unwrap().path();
        std::fs::copy(&f, dir.join(f.file_name().unwrap())).unwrap();
    }
    let before: Vec<(std::path::PathBuf, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|f| {
            let p = f.unwrap().path();
            let bytes = std::fs::read(&p).unwrap();
            (p, bytes)
        })
        .collect();
    let ledger = dir.join("ledger.txt");
    let ledger_arg = ledger.display().to_string();
    let roster = dir.display().to_string();
    // Whoever moves first resigns; the other wins the one game.
    let out = Taproom::new()
        .args([
            "sit",
            "tides",
            "--as",
            "Old Brannoc",
            "--as",
            "Sister Ysolde",
            "--seed",
            "3",
            "--best-of",
            "1",
            "--roster",
            &roster,
            "--bet",
            "Old Brannoc \"where the caravan went\" on Brannoc against Sister Ysolde",
            "--apply",
            "--ledger",
            &ledger_arg,
            "--format",
            "json",
        ])
        .stdin("resign\n")
        .ok();
    let doc = json_tail(&out.stdout);
    let winner = doc["winner"].as_str().unwrap().to_owned();
    let written = std::fs::read_to_string(&ledger).unwrap();
    assert!(written.contains("where the caravan went"), "{written}");
    if winner == "Sister Ysolde" {
        assert!(
            written.contains("Sister Ysolde won “where the caravan went” from Old Brannoc"),
            "{written}"
        );
    } else {
        assert_eq!(winner, "Old Brannoc");
        assert!(!written.contains("Sister Ysolde won"), "{written}");
    }
    for (path, bytes) in before {
        assert_eq!(
            std::fs::read(&path).unwrap(),
            bytes,
            "{} changed",
            path.display()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A person has no skill or temperament of their own: in the GM's view the title labels
/// them as at the table while the characters keep theirs, and the JSON marks their seat.
#[test]
fn a_person_is_labelled_as_at_the_table_never_by_a_skill() {
    let args = |format: &'static str| {
        [
            "sit",
            "tides",
            "Old Brannoc",
            "--as",
            "Aria",
            "--seed",
            "2",
            "--best-of",
            "1",
            "--view",
            "gm",
            "--wide",
            "--format",
            format,
        ]
    };
    let out = Taproom::new().args(args("text")).stdin("").ok().stdout;
    let title = out
        .lines()
        .find(|l| l.starts_with("Tides of War: "))
        .expect("the match's title");
    assert!(
        title.contains("Aria (at the table) v Old Brannoc (skill "),
        "{title}"
    );
    assert!(!out.contains("Aria (skill"), "{out}");
    let doc = json_tail(&Taproom::new().args(args("json")).stdin("").ok().stdout);
    assert_eq!(doc["entrants"][0]["person"], true);
    assert!(doc["entrants"][1].get("person").is_none(), "{doc}");
}

/// The Piç boards of one sitting: each board's ring and figures (to its `Sowings:` line),
/// and whether a legend of the piç follows them.
fn pic_boards(stdout: &str) -> Vec<(&str, bool)> {
    stdout
        .match_indices("Piç · ")
        .filter_map(|(i, _)| {
            let board = &stdout[i..];
            let end = board.find("\nSowings: ")?;
            let legend = board[end + 1..]
                .lines()
                .take(3)
                .any(|l| l.contains("a piç holding"));
            Some((&board[..end], legend))
        })
        .collect()
}

/// Whether a board's ring shows a piç (`3p2`: a count, `p`, an owner).
fn shows_a_pic(ring: &str) -> bool {
    let digits = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
    ring.split(['│', ' ', '[', ']']).any(|w| {
        w.split_once('p')
            .is_some_and(|(n, o)| digits(n) && digits(o))
    })
}

/// The Piç legend explains a piç only on a board that holds one: never at the start, and
/// on every board after a piç is made.
#[test]
fn the_pic_legend_shows_only_on_a_board_with_a_pic() {
    let out = Taproom::new()
        .args([
            "sit",
            "pic",
            "Old Brannoc",
            "--as",
            "Aria",
            "--seed",
            "12",
            "--best-of",
            "1",
        ])
        .stdin(&first_moves("pic", 20_000))
        .ok()
        .stdout;
    let boards = pic_boards(&out);
    assert!(boards.len() > 5, "{out}");
    let mut with = 0;
    for (ring, legend) in &boards {
        let pic = shows_a_pic(ring);
        assert_eq!(*legend, pic, "{ring}");
        with += usize::from(pic);
    }
    assert!(!boards[0].1, "no legend at the start");
    assert!(with > 0, "some board holds a piç: {out}");
}

/// The moves listed on a person's turn, and the master's hint, speak to them ("sows your
/// first heap"); a character's move is told of them ("sows his third heap").
#[test]
fn the_person_whose_turn_it_is_is_told_your_heap() {
    let out = Taproom::new()
        .args([
            "sit",
            "pic",
            "Old Brannoc",
            "--as",
            "Aria",
            "--seed",
            "12",
            "--best-of",
            "1",
            "--hint",
            "--wide",
        ])
        .stdin("hint\n1\nmoves\nresign\n")
        .ok()
        .stdout;
    assert!(out.contains("1. sows your first heap"), "{out}");
    assert!(!out.contains("sows their "), "{out}");
    let hint = out
        .lines()
        .find(|l| l.starts_with("A master would play "))
        .expect("a hint");
    assert!(hint.contains("(sows your "), "{hint}");
    assert!(out.contains("Old Brannoc sows his "), "{out}");
}

/// Whoever resigns a game at a table of three is ranked last in it, whatever their count:
/// Aria resigns seed 12's game holding the most counters.
#[test]
fn a_person_who_resigns_is_ranked_last() {
    let out = Taproom::new()
        .args([
            "sit",
            "pic",
            "Old Brannoc",
            "Pip",
            "--as",
            "Aria",
            "--seed",
            "12",
            "--best-of",
            "1",
            "--wide",
            "--format",
            "json",
        ])
        .stdin("1\n1\n1\n1\nresign\n")
        .ok()
        .stdout;
    let doc = json_tail(&out);
    let g = &doc["games"][0];
    assert_eq!(g["resigned"], 0, "Aria resigned");
    let aria_seat = g["seats"]
        .as_array()
        .unwrap()
        .iter()
        .position(|e| e == 0)
        .unwrap();
    let scores: Vec<i64> = g["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_i64().unwrap())
        .collect();
    assert!(
        scores.iter().any(|&s| s < scores[aria_seat]),
        "Aria's count {scores:?} would not put her last of its own"
    );
    let text = Taproom::new()
        .args([
            "sit",
            "pic",
            "Old Brannoc",
            "Pip",
            "--as",
            "Aria",
            "--seed",
            "12",
            "--best-of",
            "1",
            "--wide",
        ])
        .stdin("1\n1\n1\n1\nresign\n")
        .ok()
        .stdout;
    assert!(
        text.contains(&format!("player {}, 3rd", aria_seat + 1)),
        "{text}"
    );
    assert_eq!(text.matches(", 1st").count(), 1, "{text}");
}

/// The screen at `sit` is the people's: by default the match is told as `--view players`
/// tells it (no skills, and no cheat that nobody saw), the replay line kept; `--view gm`
/// tells the GM every cheat.
#[test]
fn sit_tells_the_players_view_unless_the_gm_asks() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("sly.toml"),
        "name = \"Sly\"\nskill = 5\nhonesty = 0\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("aria.toml"),
        "name = \"Aria\"\nskill = 5\neye = 1\n",
    )
    .unwrap();
    let roster = dir.path().to_str().unwrap().to_owned();
    let input = "1\n2\n3\n".repeat(200);
    let run = |extra: &[&str]| {
        let mut args = vec![
            "sit",
            "pic",
            "Sly",
            "--as",
            "Aria",
            "--roster",
            &roster,
            "--seed",
            "6",
            "--best-of",
            "1",
            "--narrate",
            "full",
            "--wide",
        ];
        args.extend(extra);
        Taproom::new().args(&args).stdin(&input).ok().stdout
    };
    let default = run(&[]);
    let players = run(&["--view", "players"]);
    let gm = run(&["--view", "gm"]);
    assert_eq!(default, players);
    let doc = json_tail(&run(&["--format", "json"]));
    let secret: Vec<String> = doc["scenes"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| {
            s["gm_only"].as_array().into_iter().flatten().map(|i| {
                s["lines"][i.as_u64().unwrap() as usize]
                    .as_str()
                    .unwrap()
                    .to_owned()
            })
        })
        .collect();
    assert!(
        !secret.is_empty(),
        "Sly's cheat went unseen: something to keep from the table"
    );
    for line in &secret {
        assert!(gm.contains(line.as_str()), "the GM reads {line:?}");
        assert!(
            !default.contains(line.as_str()),
            "the table never reads {line:?}"
        );
    }
    assert!(gm.contains("(skill 5,"), "{gm}");
    assert!(!default.contains("(skill "), "{default}");
    assert!(default.contains("Seed 6 replays this match:"), "{default}");
}
