//! `--bribe` at `play`, `sit` and in evening files: a bribe at the taker's price is paid
//! purse to purse and the match thrown; below it, or to one who takes none, refused in
//! the taker's words with no money moved; the GM's view alone shows it; `undo` takes it
//! back.

use crate::common;

use std::path::Path;

use common::Taproom;

const TOBIN: &str = "name = \"Brother Tobin\"\npronouns = \"he\"\nskill = 9\ntemperament = \"steady\"\n\
                     purse = \"2 gp\"\n\n[throw]\nbribe = \"10 gp\"\n\n[voice]\n\
                     refuse_bribe = [\"Put that away, child. I play for the glory of the game.\"]\n";
const JORY: &str = "name = \"Plain Jory\"\npronouns = \"she\"\nskill = 3\ntemperament = \"cautious\"\n\
                    purse = \"15 gp\"\n";
const MARA: &str = "name = \"Mild Mara\"\npronouns = \"she\"\nskill = 4\ntemperament = \"steady\"\n\
                    purse = \"1 gp\"\n";

/// A campaign folder: Tobin (skill 9, takes 10 gp to lose), Jory (skill 3, 15 gp) and
/// Mara (1 gp), their files in `npcs`, with a ledger and a history.
fn campaign() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let npcs = dir.path().join("npcs");
    std::fs::create_dir(&npcs).unwrap();
    for (file, text) in [("tobin", TOBIN), ("jory", JORY), ("mara", MARA)] {
        std::fs::write(npcs.join(format!("{file}.toml")), text).unwrap();
    }
    std::fs::write(
        dir.path().join("taproom.toml"),
        "campaign = \"Bribes\"\nroster = \"npcs\"\nledger = \"ledger.txt\"\nhistory = \"history.jsonl\"\n",
    )
    .unwrap();
    dir
}

/// Coins as a character file or the ledger writes them (`12 gp`, `1 gp 5 sp`, `owes 2
/// gp`), in copper, counted here by hand.
fn copper(text: &str) -> i128 {
    let (sign, text) = match text.trim().strip_prefix("owes ") {
        Some(rest) => (-1, rest),
        None => (1, text.trim()),
    };
    let (sign, text) = match text.strip_prefix('+') {
        Some(rest) => (sign, rest),
        None => match text.strip_prefix('−') {
            Some(rest) => (-sign, rest),
            None => (sign, text),
        },
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut total = 0;
    for pair in words.chunks(2) {
        let n: i128 = pair[0].parse().unwrap_or_else(|_| panic!("coins: {text}"));
        total += n * match pair[1] {
            "pp" => 1000,
            "gp" => 100,
            "ep" => 50,
            "sp" => 10,
            "cp" => 1,
            other => panic!("no coin {other} in {text}"),
        };
    }
    sign * total
}

/// A character file's purse, in copper.
fn purse(dir: &Path, file: &str) -> i128 {
    let text = std::fs::read_to_string(dir.join("npcs").join(format!("{file}.toml"))).unwrap();
    let line = text.lines().find(|l| l.starts_with("purse")).unwrap();
    copper(line.split('"').nth(1).unwrap())
}

/// A run of `play` at Tides of War, Tobin against Jory, best of 1, its output (but JSON)
/// with every run of spaces and line breaks made one space (the page wraps at 80
/// columns).
fn play(dir: &Path, args: &[&str]) -> common::Output {
    let mut out = Taproom::new()
        .args([
            "play",
            "tides",
            "Tobin",
            "Jory",
            "--best-of",
            "1",
            "--narrate",
            "none",
        ])
        .args(args)
        .current_dir(dir)
        .run();
    if !args.contains(&"json") {
        out.stdout = out.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    }
    out
}

/// [`play`] at `seed` with `more` and `--bribe bribe`.
fn bribed(dir: &Path, seed: &str, more: &[&str], bribe: &str) -> common::Output {
    let mut args = vec!["--seed", seed];
    args.extend_from_slice(more);
    args.extend(["--bribe", bribe]);
    play(dir, &args)
}

/// Asserts that a run printed `text`, showing all it printed when not.
fn says(out: &common::Output, text: &str) {
    assert!(out.stdout.contains(text), "{}", out.stdout);
}

/// Who won a match, from its `--short` line ("X beats Y ...").
fn winner(short: &str) -> String {
    short.split(" beats ").next().unwrap_or("").to_owned()
}

#[test]
fn a_bribe_taken_throws_the_match_in_nearly_every_seeded_game_at_every_game() {
    let dir = campaign();
    for game in ["tides", "kiust", "pic", "oicustiytac"] {
        let (mut thrown, mut plain) = (0, 0);
        for seed in 1..=16 {
            let seed = seed.to_string();
            let run = |bribe: Option<&str>| {
                let mut t = Taproom::new()
                    .args(["play", game, "Tobin", "Jory", "--best-of", "1", "--short"])
                    .args(["--seed", &seed]);
                if let Some(b) = bribe {
                    t = t.args(["--bribe", b]);
                }
                winner(&t.current_dir(dir.path()).ok().stdout)
            };
            thrown += usize::from(run(Some("Jory 10 gp to Tobin to lose")) == "Plain Jory");
            plain += usize::from(run(None) == "Brother Tobin");
        }
        println!("{game}: Jory wins {thrown} of 16 bribed; Tobin wins {plain} of 16 unbribed");
        // The taker of skill 9 loses to the payer of skill 3 in most games, and far more
        // often than unbribed. Measured with the throw as merged from iss42-intent at
        // d4dda48: Tides of War and Piç 16 of 16, Kiust Oyun 11 (the sticks decide as much
        // as the hand), Òicustiỳtac 10 (rounds stall with the thrower ahead on points).
        let floor = if matches!(game, "kiust" | "oicustiytac") {
            10
        } else {
            15
        };
        assert!(thrown >= floor, "{game}: only {thrown} of 16 thrown");
        assert!(
            thrown >= 16 - plain + 5,
            "{game}: the bribe turned too few ({thrown} against {} unbribed)",
            16 - plain
        );
    }
}

#[test]
fn a_bribe_applied_moves_the_purses_by_hand_sums_to_zero_and_undo_takes_it_back() {
    let dir = campaign();
    let files_before: Vec<String> = ["tobin", "jory", "mara"]
        .iter()
        .map(|f| {
            std::fs::read_to_string(dir.path().join("npcs").join(format!("{f}.toml"))).unwrap()
        })
        .collect();
    let out = bribed(
        dir.path(),
        "4",
        &["--apply", "--bet", "Mara 5 sp on Jory at evens"],
        "Plain Jory 10 gp to Brother Tobin to lose",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    says(&out, "taken, and paid before the match");
    // The thrown match: Jory wins, so Mara's 5 sp at evens wins 5 sp.
    assert!(
        out.stdout.contains("Plain Jory beats Brother Tobin")
            || out.stdout.contains("Plain Jory 1"),
        "{}",
        out.stdout
    );
    // By hand: Jory 15 gp − 10 gp; Tobin 2 gp + 10 gp; Mara 1 gp + 5 sp.
    assert_eq!(purse(dir.path(), "jory"), 500);
    assert_eq!(purse(dir.path(), "tobin"), 1200);
    assert_eq!(purse(dir.path(), "mara"), 150);
    // The ledger: the bribe paid between characters, and every purse's change with the
    // house's sums to nothing (no coin made or lost).
    let ledger = std::fs::read_to_string(dir.path().join("ledger.txt")).unwrap();
    assert!(
        ledger.contains("- Plain Jory paid Brother Tobin 10 gp: a bribe for Brother Tobin to lose the match to Plain Jory"),
        "{ledger}"
    );
    let mut sum = 0;
    for line in ledger.lines() {
        if let Some(house) = line.strip_prefix("- the house: ") {
            sum += copper(house);
        } else if let Some((_, change)) = line.split_once(": ").filter(|(_, c)| c.contains(" -> "))
        {
            let (before, after) = change.split_once(" -> ").unwrap();
            sum += copper(after) - copper(before);
        }
    }
    assert_eq!(sum, 0, "{ledger}");
    // The history records the bribe (the GM's secret) with the money.
    let history = std::fs::read_to_string(dir.path().join("history.jsonl")).unwrap();
    let record: serde_json::Value = serde_json::from_str(history.lines().last().unwrap()).unwrap();
    assert_eq!(record["bribes"][0]["payer"], "Plain Jory");
    assert_eq!(record["bribes"][0]["taker"], "Brother Tobin");
    assert_eq!(record["bribes"][0]["amount_cp"], 1000);
    // Undo: every character file back as it was, byte for byte.
    Taproom::new()
        .args(["undo", "--yes"])
        .current_dir(dir.path())
        .ok();
    for (f, before) in ["tobin", "jory", "mara"].iter().zip(&files_before) {
        let now =
            std::fs::read_to_string(dir.path().join("npcs").join(format!("{f}.toml"))).unwrap();
        assert_eq!(&now, before, "{f}");
    }
}

#[test]
fn a_bribe_below_the_price_is_refused_in_the_takers_voice_and_moves_no_money() {
    let dir = campaign();
    let out = bribed(
        dir.path(),
        "4",
        &["--apply"],
        "Jory 9 gp 9 sp to Tobin to lose",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    says(
        &out,
        "refused (below Brother Tobin's price of 10 gp); no money moves.",
    );
    // His own words, from his file's [voice] refuse_bribe.
    says(
        &out,
        "Put that away, child. I play for the glory of the game.",
    );
    assert_eq!(purse(dir.path(), "jory"), 1500);
    assert_eq!(purse(dir.path(), "tobin"), 200);
    // No ledger entry: no money moved.
    let ledger = std::fs::read_to_string(dir.path().join("ledger.txt")).unwrap_or_default();
    assert!(!ledger.contains("bribe"), "{ledger}");
    // The JSON says so too.
    let out = bribed(
        dir.path(),
        "4",
        &["--format", "json"],
        "Jory 9 gp 9 sp to Tobin to lose",
    );
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let b = &json["wagers"]["bribes"][0];
    assert_eq!(b["taken"], false);
    assert_eq!(b["refused"], "too-little");
    assert_eq!(b["price_cp"], 1000);
    assert_eq!(b["amount_cp"], 990);
}

#[test]
fn a_bribe_to_one_without_a_throw_is_refused_and_the_match_played_to_win() {
    let dir = campaign();
    let refused = bribed(dir.path(), "2", &["--short"], "Tobin 5 gp to Jory to lose");
    let plain = play(dir.path(), &["--seed", "2", "--short"]);
    // Refused: the same match as with no bribe at all.
    assert_eq!(
        refused.stdout.split("Seed 2.").next(),
        plain.stdout.split("Seed 2.").next(),
        "{}",
        refused.stdout
    );
    let out = bribed(dir.path(), "2", &[], "Tobin 5 gp to Jory to lose");
    says(&out, "refused (Plain Jory takes no bribe); no money moves.");
    // Jory has no line of her own: the phrasebook speaks for her, naming both and the coins.
    let said = out.stdout.split("no money moves.").nth(1).unwrap();
    let said = said.split("Nothing written").next().unwrap();
    assert!(
        said.contains("Plain Jory") && said.contains("5 gp"),
        "{said}"
    );
}

#[test]
fn the_players_view_never_shows_a_bribe() {
    let dir = campaign();
    for bribe in ["Jory 10 gp to Tobin to lose", "Jory 1 gp to Tobin to lose"] {
        let out = bribed(dir.path(), "3", &["--view", "players"], bribe);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let text = out.stdout.to_lowercase();
        assert!(
            !text.contains("bribe") && !text.contains("glory of the game"),
            "{}",
            out.stdout
        );
    }
    let gm = bribed(dir.path(), "3", &[], "Jory 10 gp to Tobin to lose");
    assert!(
        gm.stdout
            .contains("Bribes, offered before the match (the GM's alone)")
    );
}

#[test]
fn bad_bribes_are_one_sentence_errors_naming_the_nearest_form() {
    let dir = campaign();
    let cases: [(&str, &[&str]); 6] = [
        (
            "Jory 10 gp to Tobin lose",
            &["did you mean `Jory 10 gp to Tobin to lose`"],
        ),
        (
            "Jory 10 to Tobin to lose",
            &["has no coin", "Plain Jory 10 gp to Brother Tobin to lose"],
        ),
        ("Jorry 10 gp to Tobin to lose", &["Jorry", "Jory"]),
        (
            "Jory 10 gp to Mara to lose",
            &["Mild Mara does not play at this table"],
        ),
        (
            "Jory 10 gp to Tobin to lose to Mara",
            &["Mild Mara does not play at this table"],
        ),
        ("Jory 10 gp to Jory to lose", &["cannot bribe themselves"]),
    ];
    for (bribe, needles) in cases {
        let out = bribed(dir.path(), "1", &[], bribe);
        assert_eq!(out.code, 2, "{bribe}: {}", out.stderr);
        for n in needles {
            assert!(out.stderr.contains(n), "{bribe}: {}", out.stderr);
        }
        assert_eq!(
            out.stderr.trim().lines().count(),
            1,
            "{bribe}: {}",
            out.stderr
        );
    }
    // A payer who cannot pay is refused before play, as a bet is (the house gives no
    // credit here), and nothing is written.
    let out = bribed(dir.path(), "1", &["--apply"], "Mara 10 gp to Tobin to lose");
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("Mild Mara cannot pay it"),
        "{}",
        out.stderr
    );
    assert_eq!(purse(dir.path(), "mara"), 100);
    assert!(!dir.path().join("ledger.txt").exists());
}

#[test]
fn an_evening_file_takes_bribes_and_pays_them_with_apply() {
    let dir = campaign();
    std::fs::write(
        dir.path().join("night.toml"),
        r#"evening = "A quiet night"
roster = "npcs"
seed = 5

[[match]]
game = "tides"
players = ["Brother Tobin", "Plain Jory"]
best_of = 1
bribes = ["Plain Jory 12 gp to Brother Tobin to lose"]

[[match]]
game = "tides"
players = ["Brother Tobin", "Mild Mara"]
best_of = 1
bribes = ["Mara 5 sp to Tobin to lose"]
"#,
    )
    .unwrap();
    let players = Taproom::new()
        .args([
            "night",
            "night.toml",
            "--narrate",
            "none",
            "--view",
            "players",
        ])
        .current_dir(dir.path())
        .ok();
    assert!(
        !players.stdout.to_lowercase().contains("bribe"),
        "{}",
        players.stdout
    );
    // Before --apply, the night's JSON carries each match's bribes.
    let json = Taproom::new()
        .args(["night", "night.toml", "--format", "json"])
        .current_dir(dir.path())
        .ok();
    let json: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(json["matches"][0]["bribes"][0]["taken"], true);
    assert_eq!(json["matches"][0]["bribes"][0]["amount_cp"], 1200);
    assert_eq!(json["matches"][1]["bribes"][0]["refused"], "too-little");
    let out = Taproom::new()
        .args(["night", "night.toml", "--narrate", "none", "--apply"])
        .current_dir(dir.path())
        .ok();
    says(&out, "Bribes (the GM's alone):");
    says(&out, "below Brother Tobin's price of 10 gp");
    // By hand: Jory 15 − 12 gp, Tobin 2 + 12 gp; Mara's refused 5 sp moves nothing.
    assert_eq!(purse(dir.path(), "jory"), 300);
    assert_eq!(purse(dir.path(), "tobin"), 1400);
    assert_eq!(purse(dir.path(), "mara"), 100);
    // A bribe that cannot be read names its place in the file.
    std::fs::write(
        dir.path().join("bad.toml"),
        "evening = \"Bad\"\nroster = \"npcs\"\n\n[[match]]\ngame = \"tides\"\nplayers = [\"Tobin\", \"Jory\"]\nbribes = [\"Jory 10 gp Tobin to lose\"]\n",
    )
    .unwrap();
    Taproom::new()
        .args(["night", "bad.toml"])
        .current_dir(dir.path())
        .fails(&["bad.toml:7:", "match[1].bribes[1]", "cannot read the bribe"]);
}

#[test]
fn a_person_at_sit_may_bribe_with_the_flag() {
    let dir = campaign();
    // Jory sits as a person and resigns at once (the end of the input); the bribe is paid
    // before play all the same.
    let out = Taproom::new()
        .args([
            "sit",
            "tides",
            "Tobin",
            "--as",
            "Jory",
            "--best-of",
            "1",
            "--seed",
            "3",
        ])
        .args([
            "--narrate",
            "none",
            "--apply",
            "--bribe",
            "Jory 10 gp to Tobin to lose",
        ])
        .current_dir(dir.path())
        .ok();
    assert!(
        !out.stdout.to_lowercase().contains("bribe"),
        "the people's screen: {}",
        out.stdout
    );
    assert_eq!(purse(dir.path(), "jory"), 500);
    assert_eq!(purse(dir.path(), "tobin"), 1200);
}
