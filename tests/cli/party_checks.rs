//! The party's own checks (`[dnd]`): a person's `cheat` at `sit` shows its d20 plus
//! Sleight of Hand against the watcher's passive Perception, `insight` its d20 plus
//! Insight against a hustler's Deception (once a match), typed with `--dice table` or
//! rolled from the seed; the same lines replay the same rolls; and over many seeded
//! `play` matches a quick hand before a dull eye gets away far more often than a clumsy
//! one before a sharp eye. The arithmetic is checked here from the figures in the files,
//! never from taproom's own sums.

use std::path::{Path, PathBuf};

use crate::common::{Taproom, sit_one_game};

/// The person: Sleight of Hand +5, passive Perception 13, Insight +4.
const ARIA: &str = "name = \"Aria Stormborn\"\nskill = 5\n[dnd]\nsleight_of_hand = 5\n\
                    passive_perception = 13\ninsight = 4\n";
/// The hustler: skill 9 showing 3, Deception +3 (DC 13), passive Perception 12.
const WIL: &str = "name = \"Sly Wil\"\nskill = 9\n[hustle]\nshows = 3\nuntil = \"5 gp\"\n\
                   [dnd]\ndeception = 3\npassive_perception = 12\n";

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// `sit tides Sly Wil --as Aria` at `seed`, one game, the lines `typed`, and `extra`:
/// what was written, its whitespace runs made single spaces (so wrapped lines read whole).
fn sit(seed: u64, typed: &str, extra: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let aria = write(dir.path(), "aria.toml", ARIA);
    let wil = write(dir.path(), "wil.toml", WIL);
    let (wil, aria) = (wil.to_str().unwrap(), aria.to_str().unwrap());
    let out = sit_one_game("tides", wil, aria, seed, typed, extra);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `a + b = c` or `a - b = c` at the start of `text`: (a, signed b, c).
fn sum(text: &str) -> (i32, i32, i32) {
    let words: Vec<&str> = text.split(' ').take(5).collect();
    let n = |w: &str| w.trim_end_matches([';', ',', ':']).parse::<i32>().unwrap();
    let sign = match words[1] {
        "+" => 1,
        "-" => -1,
        other => panic!("no sign in `{text}`: {other}"),
    };
    assert_eq!(words[3], "=", "{text}");
    (n(words[0]), sign * n(words[2]), n(words[4]))
}

/// A cheat's roll as shown: (d20, modifier, total, passive, watched-for, saw).
fn cheat_roll(out: &str) -> (i32, i32, i32, i32, i32, bool) {
    let head = "rolls a d20 for Sleight of Hand: ";
    let at = out
        .find(head)
        .unwrap_or_else(|| panic!("no cheat roll in {out}"));
    let rest = &out[at + head.len()..];
    let (d20, m, total) = sum(rest);
    let pp = "passive Perception ";
    let after = &rest[rest.find(pp).unwrap() + pp.len()..];
    let passive: i32 = after.split([' ', ':']).next().unwrap().parse().unwrap();
    let dc = after
        .strip_prefix(&format!("{passive} (watching for "))
        .map_or(passive, |w| w.split(')').next().unwrap().parse().unwrap());
    let verdict = &after[after.find(": ").unwrap() + 2..];
    let saw = if verdict.starts_with("sees it") {
        true
    } else {
        assert!(verdict.starts_with("does not see it"), "{verdict}");
        false
    };
    (d20, m, total, passive, dc, saw)
}

/// An Insight check as shown: (d20, modifier, total, DC, met), and the words after.
fn insight_roll(out: &str) -> (i32, i32, i32, i32, bool, String) {
    let head = "rolls a d20 for Insight: ";
    let at = out
        .find(head)
        .unwrap_or_else(|| panic!("no insight roll in {out}"));
    let rest = &out[at + head.len()..];
    let (d20, m, total) = sum(rest);
    let dc_at = "against Sly Wil's Deception, DC ";
    let after = &rest[rest.find(dc_at).unwrap() + dc_at.len()..];
    let dc: i32 = after.split(' ').next().unwrap().parse().unwrap();
    assert!(after.starts_with(&format!("{dc} (10 + 3):")), "{after}");
    let verdict = &after[after.find(": ").unwrap() + 2..];
    let met = verdict.starts_with("met.");
    assert!(met || verdict.starts_with("short."), "{verdict}");
    (d20, m, total, dc, met, verdict.chars().take(90).collect())
}

#[test]
fn a_cheat_at_sit_shows_its_d20_and_the_sum_and_the_outcome_hold() {
    let mut outcomes = Vec::new();
    for seed in 1..=6 {
        let out = sit(seed, "cheat\n1\n", &[]);
        let (d20, m, total, passive, dc, saw) = cheat_roll(&out);
        assert!((1..=20).contains(&d20), "{d20}");
        assert!(
            out.contains(
                "(A d20 + 5 for Sleight of Hand must meet each passive Perception: Sly Wil 12;"
            ),
            "{out}"
        );
        // Aria's Sleight of Hand and Wil's passive Perception, from their files.
        assert_eq!((m, passive), (5, 12));
        assert_eq!(total, d20 + m);
        assert!(dc >= passive);
        // 5th edition: the check succeeds (unseen) when it meets or beats the DC.
        assert_eq!(saw, total < dc, "{out}");
        if !saw {
            assert!(out.contains("Nobody saw."), "{out}");
        }
        outcomes.push(d20);
    }
    // The seeds roll different dice.
    outcomes.dedup();
    assert!(outcomes.len() > 1, "{outcomes:?}");
}

#[test]
fn insight_reads_the_hustle_when_it_meets_ten_plus_deception_and_only_once_a_match() {
    let mut met_seen = false;
    let mut short_seen = false;
    for seed in 1..=12 {
        let out = sit(seed, "insight\ninsight\n", &[]);
        let (d20, m, total, dc, met, words) = insight_roll(&out);
        assert!((1..=20).contains(&d20));
        assert_eq!((m, dc), (4, 10 + 3), "Insight +4 against Deception +3");
        assert_eq!(total, d20 + m);
        assert_eq!(met, total >= dc);
        if met {
            assert!(
                words.contains("hustling: showing skill 3, really skill 9"),
                "{words}"
            );
            met_seen = true;
        } else {
            assert!(words.contains("gives nothing away"), "{words}");
            assert!(!out.contains("really skill"), "{out}");
            short_seen = true;
        }
        assert!(
            out.contains("has made their Insight check this match already"),
            "{out}"
        );
        assert_eq!(out.matches("rolls a d20 for Insight").count(), 1);
    }
    assert!(met_seen && short_seen, "twelve seeds give both outcomes");
}

#[test]
fn rolls_typed_at_the_table_decide_as_typed() {
    // The lot first (1: Aria moves first), then the rolls; bad rolls are asked again.
    let low = sit(3, "1\ncheat\n1\n0\nx\n1\n", &["--dice", "table"]);
    assert!(
        low.contains("Roll a d20 for Sleight of Hand (+5):"),
        "{low}"
    );
    assert!(low.contains("`0` is no roll of a d20"), "{low}");
    assert!(low.contains("`x` is no roll of a d20"), "{low}");
    let (d20, m, total, _, dc, saw) = cheat_roll(&low);
    assert_eq!((d20, m, total), (1, 5, 6));
    assert!(
        saw && total < dc,
        "1 + 5 falls short of passive Perception 12"
    );
    let high = sit(3, "1\ncheat\n1\n20\n", &["--dice", "table"]);
    let (d20, _, total, _, dc, saw) = cheat_roll(&high);
    assert_eq!((d20, total), (20, 25));
    assert!(!saw && total >= dc);
    assert!(high.contains("Nobody saw."), "{high}");
    let short = sit(3, "1\ninsight\n1\n", &["--dice", "table"]);
    assert!(short.contains("Roll a d20 for Insight (+4):"), "{short}");
    let (d20, _, total, dc, met, _) = insight_roll(&short);
    assert_eq!((d20, total, dc, met), (1, 5, 13, false));
    let sharp = sit(3, "1\ninsight\n20\n", &["--dice", "table"]);
    let (_, _, total, _, met, words) = insight_roll(&sharp);
    assert_eq!((total, met), (24, true));
    assert!(words.contains("hustling"), "{words}");
}

/// The lines the replay command printed by a sitting feeds back.
fn replay_lines(out: &str) -> String {
    let start = out.find("printf '%s\\n' ").expect("a replay line") + "printf '%s\\n' ".len();
    let end = start + out[start..].find(" | taproom sit").unwrap();
    let words = shell_words::split(&out[start..end]).unwrap();
    words.iter().map(|w| format!("{w}\n")).collect()
}

#[test]
fn the_same_lines_replay_the_same_rolls_typed_or_seeded() {
    for (typed, extra) in [
        ("1\ninsight\n17\ncheat\n1\n9\n", &["--dice", "table"][..]),
        ("insight\ncheat\n1\n", &[][..]),
    ] {
        let first = sit(5, typed, extra);
        let again = sit(5, &replay_lines(&first), extra);
        assert_eq!(cheat_roll(&first), cheat_roll(&again));
        assert_eq!(insight_roll(&first), insight_roll(&again));
    }
    // Typed: the replay line holds the rolls as typed.
    let typed = sit(5, "1\ninsight\n17\ncheat\n1\n9\n", &["--dice", "table"]);
    assert_eq!(insight_roll(&typed).0, 17);
    assert_eq!(cheat_roll(&typed).0, 9);
}

#[test]
fn the_json_of_a_sitting_carries_both_rolls() {
    let dir = tempfile::tempdir().unwrap();
    let aria = write(dir.path(), "aria.toml", ARIA);
    let wil = write(dir.path(), "wil.toml", WIL);
    let out = Taproom::new()
        .args(["sit", "tides", wil.to_str().unwrap(), "--as"])
        .args([aria.to_str().unwrap(), "--seed", "3", "--best-of", "1"])
        .args(["--dice", "table", "--format", "json"])
        .stdin("1\ninsight\n11\ncheat\n1\n14\n")
        .run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    let json = &out.stdout[out.stdout.find("\n{").expect("the JSON") + 1..];
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    let asides: Vec<&serde_json::Value> = v["games"][0]["asides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| &a["aside"])
        .collect();
    let insight = asides.iter().find(|a| a["aside"] == "insight").unwrap();
    assert_eq!(insight["roll"]["d20"], 11);
    assert_eq!(insight["roll"]["total"], 15);
    assert_eq!(insight["roll"]["dc"], 13);
    assert_eq!(insight["roll"]["read"]["hustling"], true);
    let cheat = asides.iter().find(|a| a["aside"] == "cheat").unwrap();
    assert_eq!(cheat["roll"]["d20"], 14);
    assert_eq!(cheat["roll"]["total"], 19);
    assert_eq!(cheat["roll"]["watchers"][0]["passive"], 12);
    assert_eq!(cheat["seen_by"].as_array().unwrap().len(), 0, "19 meets 12");
}

/// Over `seeds` seeded best-of-3 `play` matches at `game`, the rogue's cheats tried and
/// those that stood unseen, counted from the JSON.
fn cheats(game: &str, rogue: &Path, watcher: &Path, seeds: u64) -> (u32, u32) {
    let (mut tried, mut stood) = (0, 0);
    for seed in 1..=seeds {
        let out = Taproom::new()
            .args([
                "play",
                game,
                rogue.to_str().unwrap(),
                watcher.to_str().unwrap(),
            ])
            .args([
                "--seed",
                &seed.to_string(),
                "--best-of",
                "3",
                "--format",
                "json",
            ])
            .run();
        assert_eq!(out.code, 0, "{}", out.stderr);
        let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        for g in v["games"].as_array().unwrap() {
            for a in g["asides"].as_array().into_iter().flatten() {
                let a = &a["aside"];
                if a["aside"] == "cheat" && a["by"] == 0 {
                    tried += 1;
                    let roll = &a["roll"];
                    let total = roll["total"].as_i64().unwrap();
                    assert_eq!(
                        total,
                        roll["d20"].as_i64().unwrap() + roll["modifier"].as_i64().unwrap()
                    );
                    let dc = roll["watchers"][0]["dc"].as_i64().unwrap();
                    let unseen = a["seen_by"].as_array().unwrap().is_empty();
                    assert_eq!(unseen, total >= dc, "{a}");
                    stood += u32::from(unseen);
                }
            }
        }
    }
    (tried, stood)
}

#[test]
fn a_quick_hand_before_a_dull_eye_gets_away_far_more_often_at_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let rogue = |soh: i8| {
        format!("name = \"Quick Vex\"\nskill = 3\nhonesty = 0\n[dnd]\nsleight_of_hand = {soh}\n")
    };
    let watcher =
        |pp: u8| format!("name = \"Dozy Ben\"\nskill = 3\n[dnd]\npassive_perception = {pp}\n");
    let quick = write(dir.path(), "quick.toml", &rogue(8));
    let dull = write(dir.path(), "dull.toml", &watcher(8));
    let clumsy = write(dir.path(), "clumsy.toml", &rogue(2));
    let sharp = write(dir.path(), "sharp.toml", &watcher(13));
    for game in ["tides", "pic", "kiust", "oicustiytac"] {
        let (qt, qs) = cheats(game, &quick, &dull, 12);
        let (ct, cs) = cheats(game, &clumsy, &sharp, 12);
        // By hand: +8 against 8 meets the watch on every face until suspicion raises it
        // (each earlier attempt +1, a sighting +5); +2 against 13 meets it on 10 faces of
        // 20 at best, fewer as suspicion grows.
        assert!(qt > 20 && ct > 5, "{game}: {qt} and {ct} tried");
        let (q, c) = (f64::from(qs) / f64::from(qt), f64::from(cs) / f64::from(ct));
        assert!(q >= c + 0.25, "{game}: {q:.2} against {c:.2}");
        assert!(qs > 3 * cs, "{game}: {qs} stood against {cs}");
    }
}

#[test]
fn a_table_without_dnd_rolls_no_dice() {
    let out = Taproom::new()
        .args([
            "play",
            "tides",
            "Mirela",
            "Brannoc",
            "--seed",
            "4",
            "--best-of",
            "3",
        ])
        .args(["--format", "json"])
        .run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(!out.stdout.contains("\"roll\""));
    assert!(!out.stdout.contains("\"dnd\""));
}

#[test]
fn bad_figures_and_doubled_aliases_are_placed() {
    let dir = tempfile::tempdir().unwrap();
    for (tail, place, why) in [
        ("[dnd]\nsleight_of_hand = 25\n", ":4:19", "-10 to +20"),
        (
            "[dnd]\nthievery = 4\nsleight_of_hand = 4\n",
            ":4:1",
            "another system's name",
        ),
        ("[dnd]\nperception_dc = 50\n", ":4:17", "1 to 40"),
        (
            "[dnd]\nsense_motiv = 2\n",
            ":4:1",
            "did you mean `sense_motive`",
        ),
    ] {
        let file = write(
            dir.path(),
            "bad.toml",
            &format!("name = \"Bad Figures\"\nskill = 3\n{tail}"),
        );
        let out = Taproom::new()
            .args([
                "play",
                "tides",
                file.to_str().unwrap(),
                "Brannoc",
                "--seed",
                "1",
            ])
            .run();
        assert_ne!(out.code, 0);
        assert!(
            out.stderr.contains(&format!("bad.toml{place}")),
            "{tail}: {}",
            out.stderr
        );
        assert!(out.stderr.contains(why), "{tail}: {}", out.stderr);
        assert!(!out.stderr.contains("panicked"));
    }
}

#[test]
fn replay_shows_the_rolls_the_match_made() {
    let dir = tempfile::tempdir().unwrap();
    let quick = write(
        dir.path(),
        "quick.toml",
        "name = \"Quick Vex\"\nskill = 3\nhonesty = 0\n[dnd]\nsleight_of_hand = 4\n",
    );
    let args = |extra: &[&str]| {
        let mut a = vec!["tides", quick.to_str().unwrap(), "Brannoc", "--seed", "2"];
        a.extend_from_slice(&["--best-of", "1"]);
        a.extend_from_slice(extra);
        a.iter().map(|s| (*s).to_owned()).collect::<Vec<String>>()
    };
    let play = Taproom::new()
        .arg("play")
        .args(args(&["--format", "json"]))
        .run();
    assert_eq!(play.code, 0, "{}", play.stderr);
    let v: serde_json::Value = serde_json::from_str(&play.stdout).unwrap();
    let sums: Vec<String> = v["games"][0]["asides"]
        .as_array()
        .expect("Quick Vex cheats at seed 2")
        .iter()
        .filter_map(|a| {
            let r = &a["aside"]["roll"];
            r.is_object().then(|| {
                let (d, m, t) = (
                    r["d20"].as_i64()?,
                    r["modifier"].as_i64()?,
                    r["total"].as_i64()?,
                );
                assert_eq!(t, d + m);
                Some(format!("(Sleight of Hand {d} + {m} = {t})"))
            })?
        })
        .collect();
    assert!(!sums.is_empty());
    let replay = Taproom::new().arg("replay").args(args(&[])).run();
    assert_eq!(replay.code, 0, "{}", replay.stderr);
    // Wrapped lines read whole.
    let text = replay
        .stdout
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let shown: Vec<&str> = text
        .match_indices("(Sleight of Hand ")
        .map(|(i, _)| {
            let rest = &text[i..];
            &rest[..=rest.find(')').unwrap()]
        })
        .collect();
    assert_eq!(shown, sums, "{text}");
}
