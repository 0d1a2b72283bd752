//! The bookie is honest: on a panel of pairings in every game (Piç at three and five
//! seats, a wide gap of skill 2 against 9), `odds --audit` plays real matches with
//! `play`'s own players and every chance the bookie states agrees with what was played,
//! within sampling error (the audit's intervals are corrected for the number of outcomes
//! it checks). The audits' seeds are fixed, so a failure replays.
//!
//! Covered: Tides of War (best of 1, and best of 3 at a wide gap), Piç at 3 and 5 seats,
//! Kiust Oyun (best of 3), Òicustiỳtac (first to 1).

use crate::common::Taproom;
use serde_json::Value;

/// A roster folder with two characters of the given skills at every game.
fn roster(skills: &[(&str, u8)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, skill) in skills {
        std::fs::write(
            dir.path().join(format!("{}.toml", name.to_lowercase())),
            format!("name = \"{name}\"\nskill = {skill}\ntemperament = \"steady\"\n"),
        )
        .unwrap();
    }
    dir
}

/// Runs an audit and checks it: every outcome agrees, the chances of a market add up,
/// and the matches counted are the ones asked for.
fn audit(args: &[&str], matches: u64) {
    let n = matches.to_string();
    let mut all: Vec<&str> = vec!["odds"];
    all.extend(args);
    all.extend(["--audit", &n, "--format", "json", "--seed", "11"]);
    let out = Taproom::new().args(&all).ok().stdout;
    let json: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(json["version"], 1);
    let audit = &json["audit"];
    assert_eq!(audit["matches"].as_u64(), Some(matches), "{args:?}");
    let checks = audit["checks"].as_array().unwrap();
    assert!(!checks.is_empty());
    for c in checks {
        assert!(
            c["agrees"].as_bool().unwrap(),
            "{args:?}: the bookie's {} on {} is {:.3} ({:?}), but {} of {matches} real matches \
             ({:?}) went that way",
            c["market"],
            c["selection"],
            c["stated"].as_f64().unwrap(),
            c["stated_range"],
            c["hits"],
            c["observed_range"]
        );
    }
    for m in json["markets"].as_array().unwrap() {
        let total: f64 = m["outcomes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["chance"].as_f64().unwrap())
            .sum::<f64>()
            + m["dead_heat"].as_f64().unwrap()
            + m["push"].as_f64().unwrap()
            + m["void"].as_f64().unwrap();
        assert!((total - 1.0).abs() < 1e-6, "{args:?}: {m}");
    }
}

#[test]
fn tides_of_war_single_games() {
    audit(&["tides", "Brannoc", "Mirela", "--best-of", "1"], 60);
}

#[test]
fn tides_of_war_at_a_wide_gap_best_of_three() {
    let dir = roster(&[("Low", 2), ("High", 9)]);
    let r = dir.path().to_str().unwrap();
    audit(&["tides", "Low", "High", "--roster", r], 40);
}

#[test]
fn pic_at_three_seats() {
    audit(&["pic", "Pip", "Ysolde", "Hrodgar", "--best-of", "1"], 60);
}

#[test]
fn pic_at_five_seats() {
    audit(
        &[
            "pic",
            "Pip",
            "Ysolde",
            "Hrodgar",
            "Tamsin",
            "Brannoc",
            "--best-of",
            "1",
        ],
        40,
    );
}

#[test]
fn kiust_oyun_best_of_three() {
    audit(&["kiust", "Pip", "Ysolde"], 50);
}

#[test]
fn oicustiytac_first_to_one() {
    audit(&["oicus", "Pip", "Brannoc", "--first-to", "1"], 50);
}

/// The audit's figures are its own counts: the frequency is hits over matches, inside
/// its interval, and the verdict is whether the stated range meets that interval.
#[test]
fn the_audit_s_figures_are_its_own_counts() {
    let out = Taproom::new()
        .args([
            "odds",
            "kiust",
            "Pip",
            "Ysolde",
            "--best-of",
            "1",
            "--audit",
            "30",
            "--format",
            "json",
        ])
        .ok()
        .stdout;
    let json: Value = serde_json::from_str(&out).unwrap();
    for c in json["audit"]["checks"].as_array().unwrap() {
        let hits = c["hits"].as_u64().unwrap() as f64;
        let observed = c["observed"].as_f64().unwrap();
        assert!((observed - hits / 30.0).abs() < 1e-9);
        let lo = c["observed_range"][0].as_f64().unwrap();
        let hi = c["observed_range"][1].as_f64().unwrap();
        assert!(lo <= observed && observed <= hi, "{c}");
        let (slo, shi) = (
            c["stated_range"][0].as_f64().unwrap(),
            c["stated_range"][1].as_f64().unwrap(),
        );
        assert_eq!(
            c["agrees"].as_bool().unwrap(),
            slo <= hi && lo <= shi,
            "the verdict is whether the ranges meet: {c}"
        );
    }
}
