//! What the people at a `sit` table type, taken as it comes: a line that is not text is
//! one bad line, a long one is said back cut short, `undo` takes back the speaker's own
//! last choice (and what followed it), the end of the input during a ceremony is said,
//! and the players' board never gives an unseen cheat away.

use assert_cmd::Command;
use rand::RngExt;
use taproom::ai::{Skill, TableRng, Temperament, table_rng};
use taproom::games::{Game, Seat, kiust::Kiust, oicus::Oicus, pic::Pic, tides::Tides};
use taproom::table::{Decision, Entrant, Format, Hands, MatchSettings, TableRules, Who};

/// Runs `taproom sit` with raw bytes on standard input; standard output and the code.
fn sit(args: &[&str], stdin: &[u8]) -> (String, i32) {
    let out = Command::cargo_bin("taproom")
        .unwrap()
        .arg("sit")
        .args(args)
        .env_remove("COLUMNS")
        .write_stdin(stdin.to_vec())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// The lines typed, from the replay line at the end of a sitting's text.
fn typed(stdout: &str) -> Vec<String> {
    let line = stdout
        .lines()
        .rev()
        .find(|l| l.contains("| taproom sit") || l.contains("< /dev/null"))
        .expect("a replay line");
    match line.split_once(" | taproom sit") {
        Some((feed, _)) => shell_words::split(feed).unwrap()[2..].to_vec(),
        None => Vec::new(),
    }
}

const TIDES: [&str; 7] = [
    "tides",
    "Brannoc",
    "--as",
    "Aria",
    "--seed",
    "3",
    "--best-of",
];

#[test]
fn a_line_that_is_not_text_is_one_bad_line_and_play_goes_on() {
    let mut args = TIDES.to_vec();
    args.push("1");
    let (out, code) = sit(&args, b"1\n\xff\xfe\n1\n");
    assert_eq!(code, 0);
    assert_eq!(
        out.matches("That line is not text (it is not UTF-8)")
            .count(),
        1,
        "{out}"
    );
    // Both moves were played (the replay has them in notation): the bad line ended
    // nothing.
    assert_eq!(typed(&out).len(), 2, "{out}");
    assert_eq!(
        out.matches("The input has ended").count(),
        1,
        "the input ends once, after the second move: {out}"
    );
}

#[test]
fn a_long_bad_line_is_said_back_cut_short_and_a_huge_one_is_not_read() {
    let mut args = TIDES.to_vec();
    args.push("1");
    let (plain, _) = sit(&args, b"resign\n");
    let mut input = "z".repeat(500).into_bytes();
    input.extend_from_slice(b"\n");
    input.extend(std::iter::repeat_n(b'x', 1 << 20));
    input.extend_from_slice(b"\nresign\n");
    let (out, code) = sit(&args, &input);
    assert_eq!(code, 0);
    let cut = format!("`{}…` is neither a move nor a command", "z".repeat(40));
    assert!(out.contains(&cut), "{out}");
    assert!(!out.contains(&"z".repeat(41)), "never said back whole");
    assert!(!out.contains(&"x".repeat(41)), "never said back whole");
    assert!(
        out.contains("That line is longer than 1024 bytes"),
        "the megabyte line is refused: {out}"
    );
    // Two bad lines add a few lines to the sitting, not a megabyte.
    assert!(
        out.len() < plain.len() + 2_000,
        "{} bytes against {}",
        out.len(),
        plain.len()
    );
}

#[test]
fn an_input_that_never_ends_a_line_is_taken_as_ended_rather_than_read_for_ever() {
    // `< /dev/zero`: the first line would never end.
    let mut args = TIDES.to_vec();
    args.push("1");
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("taproom"))
        .arg("sit")
        .args(&args)
        .stdin(std::fs::File::open("/dev/zero").unwrap())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id().to_string();
    let (send, done) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(child.wait_with_output());
    });
    let Ok(out) = done.recv_timeout(std::time::Duration::from_secs(30)) else {
        let _ = std::process::Command::new("kill")
            .args(["-9", &pid])
            .status();
        panic!("`taproom sit ... < /dev/zero` read for ever");
    };
    let out = out.unwrap();
    let status = out.status;
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("That line runs on past 8 MB without ending; taproom reads no more input."),
        "{stdout}"
    );
    assert!(stdout.contains("The input has ended"), "{stdout}");
}

#[test]
fn the_end_of_the_input_during_any_ceremony_is_said_once_and_asks_no_more() {
    for game in ["tides", "pic", "kiust", "oicustiytac"] {
        for seed in ["1", "2", "3"] {
            let (out, code) = sit(
                &[
                    game,
                    "Mirela",
                    "--as",
                    "Aria",
                    "--dice",
                    "table",
                    "--seed",
                    seed,
                    "--best-of",
                    "1",
                    "--narrate",
                    "none",
                ],
                b"",
            );
            assert_eq!(code, 0, "{game}");
            let notice = "The input has ended: taproom throws and draws for the table from here.";
            assert_eq!(out.matches(notice).count(), 1, "{game} {seed}: {out}");
            // One question was asked (and met the end); none after the notice.
            let after = &out[out.find(notice).unwrap()..];
            for question in [
                "Draw lots",
                "throws the four sticks",
                "from the bag",
                "Throw the sticks",
            ] {
                assert!(
                    !after.contains(question),
                    "{game} {seed}: `{question}` asked after the input ended: {after}"
                );
            }
        }
    }
}

/// The figures of each row of the live Piç boards' score table: in heaps, in piç (and in
/// store, when shown) and the score.
fn pic_rows(out: &str) -> Vec<Vec<i64>> {
    let mut rows = Vec::new();
    let mut in_table = false;
    for line in out.lines() {
        if line.trim_start().starts_with("in heaps") && line.trim_end().ends_with("score") {
            in_table = true;
            continue;
        }
        if in_table {
            let figures: Vec<i64> = line
                .split_whitespace()
                .rev()
                .map_while(|w| w.parse().ok())
                .collect();
            if line.contains("player ") && figures.len() >= 3 {
                rows.push(figures.into_iter().rev().collect());
            } else {
                in_table = false;
            }
        }
    }
    rows
}

#[test]
fn the_players_board_never_gives_an_unseen_palm_away() {
    // A hardened cheat (honesty 0) palms counters at Piç whenever it pays; Aria's eye is
    // poor, so some palm goes unseen.
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
    let roster: &'static str = Box::leak(dir.path().to_str().unwrap().to_owned().into_boxed_str());
    let mut input = String::new();
    for _ in 0..200 {
        input.push_str("1\n2\n3\n");
    }
    let mut violations = 0;
    let mut boards = 0;
    for seed in ["5", "6", "7"] {
        let args = |view: &'static str| {
            vec![
                "pic",
                "Sly",
                "--as",
                "Aria",
                "--roster",
                roster,
                "--seed",
                seed,
                "--best-of",
                "1",
                "--view",
                view,
            ]
        };
        let (gm, _) = sit(&args("gm"), input.as_bytes());
        let (players, code) = sit(&args("players"), input.as_bytes());
        assert_eq!(code, 0);
        // The score is what the columns shown add up to, on every board the players see.
        let rows = pic_rows(&players);
        // A card-sharp may end a game quickly: the boards are counted over the seeds.
        boards += rows.len();
        for row in &rows {
            let (score, parts) = row.split_last().unwrap();
            assert_eq!(*score, parts.iter().sum::<i64>(), "seed {seed}: {row:?}");
        }
        // The GM's board shows the palmed counters (so the test has something to hide).
        violations += pic_rows(&gm)
            .iter()
            .filter(|row| {
                let (score, parts) = row.split_last().unwrap();
                *score != parts.iter().sum::<i64>()
            })
            .count();
    }
    assert!(boards > 30, "{boards} boards the players saw");
    assert!(violations > 0, "some palm stood unseen in the GM's view");
}

#[test]
fn names_that_differ_only_in_case_are_one_person_and_newcomers_are_said() {
    let out = Command::cargo_bin("taproom")
        .unwrap()
        .args(["sit", "pic", "Brannoc", "--as", "Aria", "--as", "aria"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("aria cannot sit at the Piç table twice")
            && err.contains("names that differ only in case are one name"),
        "{err}"
    );
    // `--as Ysolde` is Sister Ysolde, as `play Ysolde` is; a name nobody has is a
    // newcomer, and said to be.
    let (out, code) = sit(
        &[
            "tides",
            "Brannoc",
            "--as",
            "Ysolde",
            "--seed",
            "1",
            "--best-of",
            "1",
        ],
        b"resign\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("Sister Ysolde (White)") || out.contains("Sister Ysolde (Black)"));
    assert!(
        out.contains("Ysolde is Sister Ysolde, of the roster."),
        "{out}"
    );
    assert!(!out.contains("newcomer"), "{out}");
    let (out, _) = sit(
        &[
            "tides",
            "Brannoc",
            "--as",
            "Zed",
            "--seed",
            "1",
            "--best-of",
            "1",
        ],
        b"resign\n",
    );
    assert!(
        out.contains("Nobody in the roster is called Zed, so Zed sits down as a newcomer"),
        "{out}"
    );
    let (out, _) = sit(
        &[
            "tides",
            "Brannoc",
            "--as",
            "Ysolda",
            "--seed",
            "1",
            "--best-of",
            "1",
        ],
        b"resign\n",
    );
    assert!(
        out.contains("Nobody in the roster is called Ysolda (did you mean Sister Ysolde?)"),
        "{out}"
    );
}

/// People who choose at random and now and then type `undo`, checked against a model of
/// their own: the positions each seat chose a move from, in order. An undo must go back
/// to the position the speaker last chose from (taking what followed with it), or, when
/// the speaker has chosen nothing this game, change nothing. A forced move is played for
/// a person, as `sit` does, and is no choice of theirs.
struct Undoers<G: Game> {
    rng: TableRng,
    chosen: Vec<(Seat, String)>,
    expect: Option<(Seat, Option<String>)>,
    undos: usize,
    checked: usize,
    _game: std::marker::PhantomData<G>,
}

impl<G: Game> Hands<G> for Undoers<G> {
    fn new_game(&mut self, _who: &[Who]) {
        self.chosen.clear();
        self.undos = 0;
    }

    fn decide(&mut self, pos: &G, seat: Seat, _rng: &mut TableRng) -> Decision<G::Move> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if let [only] = moves.as_slice() {
            return Decision::Play(*only);
        }
        if self.undos < 40 && self.rng.random_range(0..5) == 0 {
            self.undos += 1;
            let back = self.chosen.iter().rposition(|(s, _)| *s == seat);
            self.expect = Some((seat, back.map(|i| self.chosen[i].1.clone())));
            if let Some(i) = back {
                self.chosen.truncate(i);
            }
            return Decision::Undo;
        }
        self.chosen.push((seat, pos.to_string()));
        Decision::Play(moves[self.rng.random_range(0..moves.len())])
    }

    fn taken_back(&mut self, seat: Seat, steps: usize, pos: &G) {
        let (speaker, want) = self.expect.take().expect("an undo was asked for");
        assert_eq!(seat, speaker);
        match want {
            Some(from) => {
                assert!(steps > 0);
                assert_eq!(
                    pos.to_string(),
                    from,
                    "the speaker's own last choice is taken back"
                );
            }
            None => assert_eq!(steps, 0, "nothing of the speaker's to take back"),
        }
        self.checked += 1;
    }

    fn may_undo(&self) -> bool {
        true
    }

    fn cheats_unasked(&self, _seat: Seat) -> bool {
        false
    }
}

fn undo_at<G: Game>(players: usize, seeds: u64) -> usize {
    let entrants: Vec<Entrant> = (0..players)
        .map(|i| Entrant::new(&format!("P{i}"), Skill::Level(5), Temperament::Steady))
        .collect();
    let mut checked = 0;
    for seed in 0..seeds {
        let settings = MatchSettings::<G> {
            format: Format::BestOf(1),
            draw_cap: 0,
            options: G::Options::default(),
            seed,
            effort: taproom::ai::Effort::Full,
            table: TableRules::default(),
            wary: taproom::table::cheat::Wary::default(),
        };
        let mut hands = Undoers::<G> {
            rng: table_rng(seed + 1000),
            chosen: Vec::new(),
            expect: None,
            undos: 0,
            checked: 0,
            _game: std::marker::PhantomData,
        };
        taproom::table::play_match_with(&entrants, &settings, &mut hands).unwrap();
        checked += hands.checked;
    }
    checked
}

#[test]
fn undo_takes_back_the_speakers_own_last_choice_and_never_only_anothers() {
    let checked = undo_at::<Tides>(2, 12)
        + undo_at::<Kiust>(2, 12)
        + undo_at::<Oicus>(2, 6)
        + undo_at::<Pic>(2, 8)
        + undo_at::<Pic>(3, 6)
        + undo_at::<Pic>(5, 4);
    assert!(checked > 200, "{checked} undos checked");
}
