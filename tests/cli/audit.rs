//! The bookie is honest: `odds --audit` plays real matches with `play`'s own players and
//! tests every chance the board states, every market it takes, against what was played
//! (a binomial test at the stated chance, corrected for the number of outcomes), and the
//! match-winner chances lie within 5 points of what was played, sampling error aside.
//!
//! The panel: the built-in roster (four of whom cheat) in every game, from the bookie's
//! book; the GM's own honest characters (skills from 2 to 8, every temperament) in every
//! game, from the bookie's model, Piç at three and five seats too; the GM's own cheats
//! (honesty 1 and 6) at Tides of War and a Piç table of three, counted; and a table under
//! a tavern's own rule for a cheat seen, counted. The
//! audits' seeds are fixed, so a failure replays. The whole sweep of the built-in roster
//! is `python3 ../shared/tools/bookie-sweep.py`.

use crate::common::Taproom;
use serde_json::Value;

/// A roster folder of the GM's own characters: `(name, skill, temperament, honesty,
/// eye)`.
fn roster(people: &[(&str, u8, &str, u8, u8)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, skill, temperament, honesty, eye) in people {
        std::fs::write(
            dir.path().join(format!("{}.toml", name.to_lowercase())),
            format!(
                "name = \"{name}\"\nskill = {skill}\ntemperament = \"{temperament}\"\n\
                 honesty = {honesty}\neye = {eye}\n"
            ),
        )
        .unwrap();
    }
    dir
}

/// The two-sided binomial p-value of `k` in `n` at `p`, summed term by term (twice the
/// smaller tail, at most 1): a second implementation of the audit's test.
fn binomial_p(k: u64, n: u64, p: f64) -> f64 {
    if p <= 0.0 || p >= 1.0 {
        let share = k as f64 / n as f64;
        return if (share - p).abs() < 1e-12 { 1.0 } else { 0.0 };
    }
    let ln_choose =
        |n: u64, i: u64| -> f64 { (1..=i).map(|j| ((n - i + j) as f64 / j as f64).ln()).sum() };
    let pmf =
        |i: u64| (ln_choose(n, i) + i as f64 * p.ln() + (n - i) as f64 * (1.0 - p).ln()).exp();
    let lower: f64 = (0..=k).map(pmf).sum();
    let upper: f64 = (k..=n).map(pmf).sum();
    (2.0 * lower.min(upper)).min(1.0)
}

/// Runs an audit of `matches` and checks it: every outcome agrees; the match-winner
/// chances lie within 5 points (plus 2.6 standard errors of the audit's own count) of
/// what was played; the chances of every market that names one outcome add up; every
/// market the game takes is on the board. Returns the JSON.
fn audit(args: &[&str], matches: u64) -> Value {
    let n = matches.to_string();
    let mut all: Vec<&str> = vec!["odds"];
    all.extend(args);
    all.extend(["--audit", &n, "--format", "json", "--seed", "11", "--quiet"]);
    let out = Taproom::new().args(&all).ok().stdout;
    let json: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(json["version"], 1);
    let audit = &json["audit"];
    assert_eq!(audit["matches"].as_u64(), Some(matches), "{args:?}");
    let checks = audit["checks"].as_array().unwrap();
    let markets = json["markets"].as_array().unwrap();
    let outcomes: usize = markets
        .iter()
        .map(|m| m["outcomes"].as_array().unwrap().len())
        .sum();
    assert_eq!(checks.len(), outcomes, "{args:?}: every outcome is checked");
    for c in checks {
        assert!(
            c["agrees"].as_bool().unwrap(),
            "{args:?}: the bookie's {} on {} is {:.3} ({:?}), but {} of {matches} real matches \
             went that way (p = {})",
            c["market"],
            c["selection"],
            c["stated"].as_f64().unwrap(),
            c["stated_range"],
            c["hits"],
            c["p_value"]
        );
        if c["market"]["market"] == "match" {
            let stated = c["stated"].as_f64().unwrap();
            let played = c["hits"].as_u64().unwrap() as f64 / matches as f64;
            let q = played.clamp(0.02, 0.98);
            let sampling = 2.6 * (q * (1.0 - q) / matches as f64).sqrt();
            assert!(
                (stated - played).abs() <= 0.05 + sampling,
                "{args:?}: {} stated {stated:.3}, played {played:.3}",
                c["selection"]
            );
        }
    }
    for m in markets {
        let kind = m["market"]["market"].as_str().unwrap();
        if kind == "caught" || kind == "anyone-caught" {
            continue;
        }
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
    for wanted in [
        "match",
        "game",
        "first-turn",
        "most",
        "end",
        "caught",
        "anyone-caught",
    ] {
        assert!(
            markets.iter().any(|m| m["market"]["market"] == wanted),
            "{args:?}: no {wanted} market on the board"
        );
    }
    assert!(
        markets
            .iter()
            .any(|m| m["market"]["scope"].get("game").is_some()),
        "{args:?}: each game's side bets are priced"
    );
    json
}

/// The basis of the board's match market.
fn basis(json: &Value) -> String {
    json["markets"][0]["basis"]["basis"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[test]
fn built_in_cheats_at_tides_of_war_from_the_book() {
    let json = audit(&["tides", "Brannoc", "Mirela"], 80);
    assert_eq!(basis(&json), "book");
}

#[test]
fn built_in_cheats_at_pic_from_the_book() {
    let json = audit(&["pic", "Brannoc", "Mirela"], 60);
    assert_eq!(basis(&json), "book");
}

#[test]
fn built_in_cheats_at_pic_at_four_seats_from_the_book() {
    let json = audit(&["pic", "Brannoc", "Mirela", "Tamsin", "Pip"], 60);
    assert_eq!(basis(&json), "book");
}

#[test]
fn built_in_cheats_at_kiust_oyun_from_the_book() {
    let json = audit(&["kiust", "Hrodgar", "Tamsin"], 80);
    assert_eq!(basis(&json), "book");
}

#[test]
fn built_in_cheats_at_oicustiytac_from_the_book() {
    let json = audit(&["oicus", "Pip", "Brannoc"], 60);
    assert_eq!(basis(&json), "book");
}

/// A wide gap: skill 3 reckless against 7 cautious (the weaker wins about 2% of games),
/// steeper than the steps between the levels add up to; the model's term for level
/// against level prices it.
#[test]
fn the_gm_s_honest_players_at_tides_of_war_from_the_model() {
    let dir = roster(&[
        ("Low", 3, "reckless", 10, 6),
        ("High", 7, "cautious", 10, 9),
    ]);
    let r = dir.path().to_str().unwrap();
    let json = audit(&["tides", "Low", "High", "--roster", r], 120);
    assert_eq!(basis(&json), "model");
}

#[test]
fn the_gm_s_honest_players_at_pic_at_three_and_five_seats_from_the_model() {
    let dir = roster(&[
        ("Ann", 3, "bold", 10, 4),
        ("Bo", 7, "steady", 10, 10),
        ("Cy", 5, "cunning", 10, 2),
        ("Di", 2, "reckless", 10, 7),
        ("Ed", 8, "cautious", 10, 5),
    ]);
    let r = dir.path().to_str().unwrap();
    let three = audit(
        &["pic", "Ann", "Bo", "Cy", "--roster", r, "--best-of", "1"],
        100,
    );
    assert_eq!(basis(&three), "model");
    let five = audit(
        &[
            "pic",
            "Ann",
            "Bo",
            "Cy",
            "Di",
            "Ed",
            "--roster",
            r,
            "--best-of",
            "1",
        ],
        80,
    );
    assert_eq!(basis(&five), "model");
}

#[test]
fn the_gm_s_honest_players_at_kiust_oyun_from_the_model() {
    let dir = roster(&[("Low", 5, "cunning", 10, 3), ("High", 7, "steady", 10, 8)]);
    let r = dir.path().to_str().unwrap();
    let json = audit(&["kiust", "Low", "High", "--roster", r], 80);
    assert_eq!(basis(&json), "model");
}

#[test]
fn the_gm_s_honest_players_at_oicustiytac_from_the_model() {
    let dir = roster(&[("Low", 6, "bold", 10, 5), ("High", 4, "steady", 10, 1)]);
    let r = dir.path().to_str().unwrap();
    let json = audit(&["oicus", "Low", "High", "--roster", r], 80);
    assert_eq!(basis(&json), "model");
}

/// A table of the GM's own with a cheat at it is priced by counting real matches.
#[test]
fn the_gm_s_cheats_at_tides_of_war_and_pic_are_from_the_model() {
    let dir = roster(&[
        ("Sly", 4, "reckless", 1, 6),
        ("Keen", 6, "cautious", 10, 9),
        ("Fair", 5, "cunning", 6, 2),
    ]);
    let r = dir.path().to_str().unwrap();
    let json = audit(
        &["tides", "Sly", "Keen", "--roster", r, "--sims", "300"],
        100,
    );
    assert_eq!(basis(&json), "model");
    let json = audit(
        &[
            "pic",
            "Sly",
            "Keen",
            "Fair",
            "--roster",
            r,
            "--best-of",
            "1",
            "--sims",
            "300",
        ],
        100,
    );
    assert_eq!(basis(&json), "model");
}

/// Under a tavern's own rule the book is not used: the bookie counts real matches.
#[test]
fn a_house_rule_for_a_cheat_seen_is_counted_for_real() {
    let json = audit(
        &[
            "tides",
            "Brannoc",
            "Mirela",
            "--on-cheat",
            "take-back",
            "--sims",
            "300",
        ],
        80,
    );
    assert_eq!(basis(&json), "played");
}

/// The audit's figures are its own counts, and its verdict is the binomial test at the
/// stated chance: the p-value is the one summed term by term here, and an outcome agrees
/// exactly when it is at least 5% over the number of outcomes.
#[test]
fn the_audit_s_verdict_is_a_binomial_test_at_the_stated_chance() {
    let dir = roster(&[("Low", 3, "reckless", 10, 4), ("High", 7, "steady", 10, 8)]);
    let r = dir.path().to_str().unwrap();
    let out = Taproom::new()
        .args([
            "odds",
            "kiust",
            "Low",
            "High",
            "--roster",
            r,
            "--best-of",
            "1",
            "--audit",
            "40",
            "--format",
            "json",
            "--quiet",
        ])
        .ok()
        .stdout;
    let json: Value = serde_json::from_str(&out).unwrap();
    let checks = json["audit"]["checks"].as_array().unwrap();
    let alpha = json["audit"]["alpha"].as_f64().unwrap();
    assert!((alpha - 0.05 / checks.len() as f64).abs() < 1e-12);
    for c in checks {
        let hits = c["hits"].as_u64().unwrap();
        let observed = c["observed"].as_f64().unwrap();
        assert!((observed - hits as f64 / 40.0).abs() < 1e-9);
        let stated = c["stated"].as_f64().unwrap();
        let p = c["p_value"].as_f64().unwrap();
        let mine = binomial_p(hits, 40, stated);
        assert!((p - mine).abs() < 1e-6, "{c}: {mine}");
        assert_eq!(c["agrees"].as_bool().unwrap(), p >= alpha, "{c}");
    }
}
