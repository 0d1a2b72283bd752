//! Intentions at the table (issue 42, points 1 and 5): a hustler plays as the skill shown
//! until the stakes reach their price, and at their own skill once they do; a thrower loses
//! to the one they favour, in a game that runs its course, and plays to win otherwise; the
//! table never hears of either, the GM does.
//!
//! Each claim is checked against real characters over the same 16 seeds of single games at
//! every game and table size: a hustler against a character of the skill shown (and of
//! the full skill) of the same make-up, a thrower against the same character without the
//! `[throw]`. Win counts of 16 games differ by chance by about two (the binomial standard
//! deviation of a count of 16 at even odds, sqrt(16 × ½ × ½) = 2), so "about as" allows
//! four (two standard deviations); the skills compared must stand further apart than that
//! for the check to mean anything, and are checked to.

use std::path::Path;

use crate::common::{Taproom, seats_of, secret_and_public};

/// Every game at every table size, as (game, the others seated after the one tested and
/// Mild Mara).
const TABLES: [(&str, &[&str]); 7] = [
    ("tides", &[]),
    ("kiust", &[]),
    ("dogfight", &[]),
    ("pic", &[]),
    ("pic", &["fa.toml"]),
    ("pic", &["fa.toml", "fb.toml"]),
    ("pic", &["fa.toml", "fb.toml", "fc.toml"]),
];

const SEEDS: u64 = 16;

/// Two binomial standard deviations of a count of 16 at even odds.
const ABOUT: i64 = 4;

/// A bet that puts 5 gp on the match (Mara's, on herself, in the pool).
const BET: &str = "Mild Mara 5 gp on Mild Mara in the pool";

fn character(dir: &Path, file: &str, name: &str, skill: u8, tail: &str) {
    let text = format!(
        "name = \"{name}\"\nskill = {skill}\ntemperament = \"steady\"\npurse = \"50 gp\"\n{tail}"
    );
    std::fs::write(dir.join(file), text).unwrap();
}

/// The characters: a hustler of 9 showing 3 until 5 gp, the plain 3 and 9 of the same
/// make-up, a thrower of 9 who favours Mara (by her short name, in capitals), Mara (6)
/// and three more of 6.
fn table() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let hustle = "[hustle]\nshows = 3\nuntil = \"5 gp\"\n\
                  [voice]\nhustle = [\"Right. Now we play.\"]\n";
    character(d, "wil.toml", "Sly Wil", 9, hustle);
    character(d, "three.toml", "Tam Three", 3, "");
    character(d, "nine.toml", "Nan Nine", 9, "");
    let throw = "[throw]\nto = [\"MARA\"]\n[voice]\nthrow = [\"The abbot will be pleased.\"]\n";
    character(d, "tobin.toml", "Brother Tobin", 9, throw);
    character(d, "mara.toml", "Mild Mara", 6, "short = \"Mara\"\n");
    for f in ["fa", "fb", "fc"] {
        character(d, &format!("{f}.toml"), &format!("Filler {f}"), 6, "");
    }
    dir
}

/// One seeded single game of `seats` (files in `dir`), with `more` arguments, as JSON.
fn game(dir: &Path, name: &str, seats: &[&str], seed: u64, more: &[&str]) -> serde_json::Value {
    let seed = seed.to_string();
    let mut args = vec!["play", name];
    args.extend(seats);
    args.extend(["--seed", &seed, "--best-of", "1", "--draw-cap", "0"]);
    args.extend(more);
    args.extend(["--format", "json"]);
    let out = Taproom::new().current_dir(dir).args(args).ok();
    serde_json::from_str(&out.stdout).expect("JSON")
}

fn won(m: &serde_json::Value, entrant: usize) -> bool {
    let name = &m["entrants"][entrant]["name"];
    m["winners"].as_array().unwrap().contains(name)
}

/// The moves of the match's one game, as played.
fn moves(m: &serde_json::Value) -> Vec<String> {
    m["games"][0]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["mv"].as_str().unwrap().to_owned())
        .collect()
}

/// Over the seeds, the wins of the first seated of `first` against Mara and `others`, and
/// each game's moves.
fn record(
    dir: &Path,
    name: &str,
    first: &str,
    others: &[&str],
    more: &[&str],
) -> (i64, Vec<Vec<String>>) {
    let mut seats = vec![first, "mara.toml"];
    seats.extend(others);
    let mut wins = 0;
    let mut all = Vec::new();
    for seed in 1..=SEEDS {
        let m = game(dir, name, &seats, seed, more);
        wins += i64::from(won(&m, 0));
        all.push(moves(&m));
    }
    (wins, all)
}

#[test]
fn a_hustler_wins_as_the_skill_shown_at_low_stakes_and_as_their_own_once_the_stakes_reach_until() {
    let dir = table();
    let d = dir.path();
    for (name, others) in TABLES {
        let (three, three_moves) = record(d, name, "three.toml", others, &[]);
        let (nine, _) = record(d, name, "nine.toml", others, &[]);
        let (low, low_moves) = record(d, name, "wil.toml", others, &[]);
        let (high, high_moves) = record(d, name, "wil.toml", others, &["--bet", BET]);
        let (nine_bet, nine_bet_moves) = record(d, name, "nine.toml", others, &["--bet", BET]);
        let at = format!("{name} at {}", others.len() + 2);
        assert!(
            (low - three).abs() <= ABOUT,
            "{at}: hustle {low} v 3 {three}"
        );
        assert!(
            (high - nine_bet).abs() <= ABOUT,
            "{at}: turned {high} v 9 {nine_bet}"
        );
        // The skill shown is that level's own play, move for move (not blunders of a 9),
        // and once turned the 9's.
        assert_eq!(
            low_moves, three_moves,
            "{at}: the hustle plays the 3's game"
        );
        assert_eq!(
            high_moves, nine_bet_moves,
            "{at}: the turned hustle plays the 9's"
        );
        // Where skill tells at all, 3 and 9 stand apart by more than chance, so the
        // comparisons above could fail. Kiust Oyun is a game of the sticks: a 3 and a 9
        // win about alike there. At a Piç table of four or five one seat in four or five
        // wins, so wins are few either way (measured 3 v 0 and 7 v 1): there the 9 must
        // only win more.
        if others.len() >= 2 {
            assert!(nine > three, "{at}: 9 won {nine}, 3 won {three}");
        } else if name != "kiust" {
            assert!(nine - three > ABOUT, "{at}: 9 won {nine}, 3 won {three}");
        }
    }
}

#[test]
fn a_hustle_holds_below_its_price_and_counts_staked_money_with_the_bets() {
    let dir = table();
    let d = dir.path();
    let seats = ["wil.toml", "mara.toml"];
    let turns = |more: &[&str]| {
        let m = game(d, "pic", &seats, 1, more);
        m["entrants"][0]["plan"]["hustle"]["turns_at"].clone()
    };
    let below = "Mild Mara 4 gp 9 sp 9 cp on Mild Mara in the pool";
    assert_eq!(turns(&["--bet", below]), serde_json::Value::Null);
    assert_eq!(turns(&["--bet", BET]), 1);
    assert_eq!(turns(&["--bet", below, "--staked", "1 cp"]), 1);
    assert_eq!(turns(&[]), serde_json::Value::Null);
    // The replay line of the turned hustle carries the stakes, and replays the match.
    let played = game(d, "pic", &seats, 1, &["--bet", BET]);
    let replay = played["replay"].as_str().unwrap();
    assert!(replay.ends_with("--staked '5 gp'"), "{replay}");
    let again = game(d, "pic", &seats, 1, &["--staked", "5 gp"]);
    assert_eq!(moves(&again), moves(&played));
}

/// Whether Mara finished the match's one game ahead of the first seated: she won it and
/// they did not, or (at a Piç table of three or more, where one wins) her count is higher.
fn mara_ahead(m: &serde_json::Value) -> bool {
    let g = &m["games"][0];
    let seats = seats_of(g);
    let score = |entrant: u64| {
        let seat = seats.iter().position(|&e| e == entrant).unwrap();
        g["scores"][seat].as_i64().unwrap()
    };
    (won(m, 1) && !won(m, 0)) || (!won(m, 0) && score(1) > score(0))
}

#[test]
fn a_thrower_loses_to_the_one_they_favour_in_a_real_game_and_plays_to_win_otherwise() {
    let dir = table();
    let d = dir.path();
    for (name, others) in TABLES {
        let at = format!("{name} at {}", others.len() + 2);
        let mut seats = vec!["tobin.toml", "mara.toml"];
        seats.extend(others);
        let mut plain = vec!["nine.toml", "mara.toml"];
        plain.extend(others);
        let (mut thrown, mut honest) = (0, 0);
        for seed in 1..=SEEDS {
            let m = game(d, name, &seats, seed, &[]);
            thrown += i64::from(mara_ahead(&m));
            honest += i64::from(mara_ahead(&game(d, name, &plain, seed, &[])));
            // A game, not a resignation: played to the game's own end, the thrower
            // moving many times.
            let g = &m["games"][0];
            assert_eq!(g["resigned"], serde_json::Value::Null, "{at} seed {seed}");
            let end = g["outcome"]["end"].as_str().unwrap();
            assert!(
                !["resigned", "forfeit"].contains(&end),
                "{at} seed {seed}: {end}"
            );
            let seat = g["seats"]
                .as_array()
                .unwrap()
                .iter()
                .position(|e| e == 0)
                .unwrap();
            let own = g["steps"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|s| s["seat"] == seat)
                .count();
            assert!(own >= 8, "{at} seed {seed}: the thrower moved {own} times");
        }
        // Nearly every game: 13 of 16 at the least (measured 14 to 16); the same 9
        // without the [throw] lets Mara ahead far less often.
        assert!(thrown >= 13, "{at}: Mara ahead in {thrown} of {SEEDS}");
        assert!(
            thrown - honest > ABOUT,
            "{at}: thrown {thrown}, honest {honest}"
        );
        // Without Mara at the table, Tobin plays as the 9 he is: move for move.
        let mut away = vec!["tobin.toml", "fa.toml"];
        let mut nine = vec!["nine.toml", "fa.toml"];
        let rest = ["fb.toml", "fc.toml"];
        away.extend(&rest[..others.len().min(2)]);
        nine.extend(&rest[..others.len().min(2)]);
        let (mut a, mut b) = (0, 0);
        for seed in 1..=SEEDS {
            let x = game(d, name, &away, seed, &[]);
            let y = game(d, name, &nine, seed, &[]);
            a += i64::from(won(&x, 0));
            b += i64::from(won(&y, 0));
            assert_eq!(moves(&x), moves(&y), "{at} seed {seed}");
        }
        assert!((a - b).abs() <= ABOUT, "{at}: {a} v {b}");
    }
}

/// A word: what stands between spaces with a letter or a digit in it (as
/// `read_aloud.rs` counts).
fn words(line: &str) -> usize {
    line.split_whitespace()
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .count()
}

/// The words of a match's telling read aloud, and of the GM's own lines.
fn told_words(m: &serde_json::Value) -> (usize, usize) {
    let (secret, public) = secret_and_public(m);
    let count = |lines: Vec<String>| lines.iter().map(|l| words(l)).sum();
    (count(public), count(secret))
}

#[test]
fn the_gm_alone_hears_of_the_hustle_and_the_throw_and_the_players_view_never() {
    let dir = table();
    let d = dir.path();
    let cases: [([&str; 2], &[&str], &str); 2] = [
        (
            ["wil.toml", "mara.toml"],
            &["--bet", BET],
            "Right. Now we play.",
        ),
        (
            ["tobin.toml", "mara.toml"],
            &[],
            "The abbot will be pleased.",
        ),
    ];
    for (seats, more, says) in cases {
        // (words read aloud with the intention, without it, the GM's own), summed.
        let (mut aloud, mut plain_aloud, mut gm, mut told, mut longest) = (0, 0, 0, 0, 0);
        for seed in 1..=SEEDS {
            let m = game(d, "tides", &seats, seed, more);
            // Every GM line here is an intention's (nobody cheats): the voice's among them.
            let (a, g) = told_words(&m);
            aloud += a;
            gm += g;
            longest = longest.max(a);
            let text = serde_json::to_string(&m["scenes"]).unwrap();
            told += usize::from(text.contains(says));
            let plain_seats = ["nine.toml", "mara.toml"];
            plain_aloud += told_words(&game(d, "tides", &plain_seats, seed, more)).0;
            // The players' view says none of it; the GM's gathers it.
            let seed_word = seed.to_string();
            let mut args = vec!["play", "tides", seats[0], seats[1], "--seed", &seed_word];
            args.extend(["--best-of", "1", "--draw-cap", "0"]);
            args.extend(more);
            let gm_text = Taproom::new().current_dir(d).args(&args).ok().stdout;
            assert!(gm_text.contains("For the GM alone"), "seed {seed}");
            args.extend(["--view", "players"]);
            let players = Taproom::new().current_dir(d).args(&args).ok().stdout;
            assert!(!players.contains(says), "seed {seed}: {players}");
            assert!(!players.contains("For the GM alone"), "seed {seed}");
        }
        // The voice line is said whenever the hustle turns or the match is thrown.
        assert!(
            told >= SEEDS as usize - 2,
            "{says}: voiced {told} of {SEEDS}"
        );
        let n = SEEDS as usize;
        eprintln!(
            "{}: words read aloud a match {:.1} (a plain 9 in the seat: {:.1}), the longest \
             {longest}; the GM's own {:.1}",
            seats[0],
            aloud as f64 / n as f64,
            plain_aloud as f64 / n as f64,
            gm as f64 / n as f64
        );
        // The GM hears of it every match (a line and a word, ten words at the least);
        // read aloud, a match stays within a minute at 150 words a minute.
        assert!(gm >= n * 10, "GM words {gm}");
        assert!(longest <= 150, "{longest} words read aloud");
    }
}

#[test]
fn an_evenings_replay_line_of_a_hustle_carries_its_stakes_and_replays_it() {
    let dir = table();
    let d = dir.path();
    let evening = "evening = \"Test\"\nroster = \".\"\nseed = 3\n\n[[match]]\n\
                   game = \"tides\"\nplayers = [\"Sly Wil\", \"Mild Mara\"]\nbest_of = 1\n\
                   bets = [\"Mild Mara 5 gp on Mild Mara in the pool\"]\n";
    std::fs::write(d.join("evening.toml"), evening).unwrap();
    let out = Taproom::new()
        .current_dir(d)
        .args(["night", "evening.toml", "--format", "json"])
        .ok();
    let night: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    let m = &night["matches"][0];
    assert_eq!(m["entrants"][0]["plan"]["hustle"]["turns_at"], 1);
    let replay = m["replay"].as_str().unwrap();
    assert!(replay.ends_with("--staked '5 gp'"), "{replay}");
    let words = shell_words::split(replay).unwrap();
    let again = Taproom::new()
        .current_dir(d)
        .args(&words[1..])
        .args(["--format", "json"])
        .ok();
    let again: serde_json::Value = serde_json::from_str(&again.stdout).expect("JSON");
    assert_eq!(moves(&again), moves(m));
}
