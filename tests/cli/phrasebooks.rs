//! A GM's phrasebook is checked before a line of it is read aloud: braces that open and
//! close, placeholders its moment fills, no empty moment and no empty line, each fault
//! at its file, line and column. And every placeholder a moment claims to fill is filled,
//! in every moment of every game: a book whose every line uses every placeholder its
//! moment claims is played through every game, table size, ending, cheat and bet, and
//! nothing is ever printed in braces.

use std::collections::BTreeSet;
use std::path::Path;

use taproom::games::GameKind;
use taproom::narrate::{Moment, Result3};

use crate::common::Taproom;

/// Checks `text` as a phrasebook file: the error's first line.
fn refused(text: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("book.toml");
    std::fs::write(&file, text).unwrap();
    let out = Taproom::new()
        .args(["check", file.to_str().unwrap()])
        .current_dir(dir.path())
        .run();
    assert_eq!(out.code, 2, "{text}: {}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    // The same book given to a match is refused the same way, before any play.
    let play = Taproom::new()
        .args(["play", "tides", "--phrasebook", file.to_str().unwrap()])
        .current_dir(dir.path())
        .run();
    assert_eq!(play.code, 2);
    assert!(play.stdout.is_empty(), "{}", play.stdout);
    assert_eq!(play.stderr, out.stderr);
    out.stderr.trim_end().to_owned()
}

#[test]
fn broken_braces_unknown_placeholders_and_empty_lines_are_refused_at_their_place() {
    // line 2; the faulty brace is at the column given (1-based, the `[`'s line).
    let cases = [
        (
            "[common]\nmatch-won = [\"{winner takes it\"]\n",
            "book.toml:2:15: field `common.match-won`: line 1 has a `{` that opens a \
             placeholder and never closes it",
        ),
        (
            "[common]\nmatch-won = [\"winner} takes it\"]\n",
            "book.toml:2:21: field `common.match-won`: line 1 has a `}` that closes no \
             placeholder",
        ),
        (
            "[common]\nmatch-won = [\"{winner} takes it {\"]\n",
            "book.toml:2:33: field `common.match-won`: line 1 has a `{` that opens",
        ),
        (
            "[common]\nmatch-won = [\"{winner} wins\", \"{winner} takes {wizard}\"]\n",
            "book.toml:2:47: field `common.match-won`: line 2 uses `{wizard}`, which the \
             moment `match-won` cannot fill",
        ),
        (
            "[common]\nmatch-won = [\"{winner} takes {{scores}}\"]\n",
            "book.toml:2:30: field `common.match-won`: line 1 has a `{` that opens",
        ),
        (
            "[common]\nmatch-won = [\"{} wins\"]\n",
            "book.toml:2:15: field `common.match-won`: line 1 uses `{}`",
        ),
        (
            "[common]\nmatch-won = []\n",
            "book.toml:2:13: field `common.match-won`: `match-won` has no lines",
        ),
        (
            "[common]\nmatch-won = [\"{winner} wins\", \"\"]\n",
            "book.toml:2:31: field `common.match-won`: line 2 is empty",
        ),
        (
            "[common]\nmatch-won = [\"   \"]\n",
            "book.toml:2:14: field `common.match-won`: line 1 is empty",
        ),
        (
            "[temperament]\nbold = []\n",
            "book.toml:2:8: field `temperament.bold`: `bold` has no verbs",
        ),
        (
            "[temperament]\nbold = [\"hurls {verb}\"]\n",
            "book.toml:2:16: field `temperament.bold`: verb 1 holds `{`: a verb is said as it \
             stands",
        ),
    ];
    for (text, want) in cases {
        let got = refused(text);
        assert!(got.starts_with("error: "), "{got}");
        assert!(got.contains(want), "{text}\n got: {got}\nwant: {want}");
    }
    // The places, counted by hand above, as a check of the counting: the `{` of
    // `{winner takes it"` is the 15th character of line 2.
    assert_eq!("match-won = [\"{".chars().count(), 15);
}

/// Every moment's line of the test book: a marker naming the moment (by its place in
/// `Moment::all`), then every placeholder the moment claims to fill.
fn line_of(k: usize, m: Moment) -> String {
    let mut line = format!("§{k}§");
    for p in m.placeholders() {
        line.push_str(&format!(" {{{p}}}"));
    }
    line
}

/// A book of one line for every moment in every game's section, leaving out the moments
/// `leave_out` says (so that a game falls back to another line of the book).
fn book(leave_out: &dyn Fn(Moment) -> bool) -> String {
    let mut text = String::new();
    for game in GameKind::ALL {
        text.push_str(&format!("[{}]\n", game.id()));
        for (k, m) in Moment::all().into_iter().enumerate() {
            if !leave_out(m) {
                text.push_str(&format!("{} = [{:?}]\n", m.key(), line_of(k, m)));
            }
        }
    }
    text
}

/// The runs: every game, table sizes from two to five, endings drawn and shared, cheats
/// seen and unseen under every tavern rule, bets of every kind, accusations at `sit`.
fn runs(dir: &Path) -> Vec<(Vec<String>, String)> {
    // Taverns whose bookies imagine few matches, so that pricing the bets is quick.
    for (name, rule) in [
        ("take-back", "take-back"),
        ("forfeit-game", "forfeit-game"),
        ("forfeit-stakes", "forfeit-stakes"),
    ] {
        std::fs::write(
            dir.join(format!("{name}.toml")),
            format!("tavern = \"The {name}\"\non_cheat = \"{rule}\"\nsims = 2000\n"),
        )
        .unwrap();
    }
    let mut out: Vec<(Vec<String>, String)> = Vec::new();
    let mut play = |args: &[&str], stdin: &str| {
        out.push((
            args.iter().map(|a| (*a).to_owned()).collect(),
            stdin.to_owned(),
        ));
    };
    let bets = [
        "--bet",
        "Pip 1 sp on Tamsin",
        "--bet",
        "Ysolde 2 sp on Mirela in the pool",
        "--bet",
        "Hrodgar 1 sp on Tamsin in the pool",
        "--bet",
        // Tamsin, the weaker, mostly loses: the key passes to Hrodgar.
        "Pip \"a brass key\" on Tamsin against Hrodgar",
        // One of the two wins the first turn: the bookie pays one and collects the other.
        "--bet",
        "Ysolde 1 sp on first-turn Mirela",
        "--bet",
        "Brannoc 1 sp on first-turn Tamsin",
    ];
    for (game, rule) in [
        ("tides", None),
        ("tides", Some("truce_after=2")),
        ("kiust", None),
        ("pic", None),
        ("oicustiytac", None),
        ("oicustiytac", Some("turn_cap=12")),
    ] {
        for seed in ["1", "2", "3"] {
            let mut args = vec![
                "play",
                game,
                "Mirela",
                "Tamsin",
                "--seed",
                seed,
                "--narrate",
                "full",
            ];
            if let Some(r) = rule {
                args.extend(["--rule", r]);
            }
            if seed == "1" {
                args.extend(bets);
                args.extend(["--tavern", "take-back.toml"]);
            }
            if seed == "2" {
                args.extend(["--tavern", "forfeit-game.toml"]);
            }
            if seed == "3" {
                args.extend(["--tavern", "forfeit-stakes.toml", "--view", "players"]);
            }
            play(&args, "");
        }
    }
    for players in [
        &["Mirela", "Tamsin", "Pip"][..],
        &["Mirela", "Tamsin", "Pip", "Hrodgar"][..],
        &["Mirela", "Tamsin", "Pip", "Hrodgar", "Brannoc"][..],
    ] {
        for seed in ["1", "2"] {
            let mut args = vec!["play", "pic"];
            args.extend(players);
            args.extend(["--seed", seed, "--narrate", "full", "--rule", "move_cap=9"]);
            play(&args, "");
            let mut args = vec!["play", "pic"];
            args.extend(players);
            args.extend(["--seed", seed, "--narrate", "full", "--best-of", "1"]);
            play(&args, "");
        }
    }
    let mut accusing = String::new();
    for _ in 0..150 {
        accusing.push_str("accuse\n1\n");
    }
    for game in ["tides", "kiust", "pic", "oicustiytac"] {
        play(
            &[
                "sit",
                game,
                "Mirela",
                "--as",
                "Aria",
                "--seed",
                "4",
                "--best-of",
                "1",
                "--narrate",
                "full",
            ],
            &accusing,
        );
    }
    out
}

/// Plays every run with the book; gives the moments whose lines were said, and each
/// line said with a placeholder left in it (with the command).
fn said_with(text: &str, only: &dyn Fn(&[String]) -> bool) -> (BTreeSet<usize>, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("book.toml"), text).unwrap();
    // The book is a good phrasebook.
    Taproom::new()
        .args(["check", "book.toml"])
        .current_dir(dir.path())
        .ok();
    let mut said = BTreeSet::new();
    let mut unfilled = Vec::new();
    for (mut args, stdin) in runs(dir.path()).into_iter().filter(|(a, _)| only(a)) {
        args.extend(["--phrasebook".to_owned(), "book.toml".to_owned()]);
        let out = Taproom::new()
            .args(&args)
            .current_dir(dir.path())
            .stdin(&stdin)
            .ok();
        for line in out.stdout.lines().filter(|l| l.contains(['{', '}'])) {
            unfilled.push(format!("`taproom {}`: {line}", args.join(" ")));
        }
        for piece in out.stdout.split('§').skip(1).step_by(2) {
            if let Ok(k) = piece.parse::<usize>() {
                said.insert(k);
            }
        }
    }
    (said, unfilled)
}

#[test]
fn every_placeholder_a_moment_claims_is_filled_in_every_game() {
    let all = Moment::all();
    // First every moment of the book, then without the drawn and shared endings, which
    // fall back to other lines.
    let (mut said, mut unfilled) = said_with(&book(&|_| false), &|_| true);
    // The fallbacks, in the runs where a game can end drawn or shared (a truce, a cap,
    // a table of three or more).
    let (fallback, more) = said_with(
        &book(&|m| matches!(m, Moment::Finish(_, Result3::Drawn | Result3::Shared))),
        &|args| {
            args.iter()
                .any(|a| a.contains("truce_after") || a.contains("_cap"))
        },
    );
    said.extend(fallback);
    unfilled.extend(more);
    // Each line that kept a placeholder, with the moment it was a line of.
    let keyed: Vec<String> = unfilled
        .iter()
        .map(|l| {
            let k = l.split('§').nth(1).and_then(|k| k.parse::<usize>().ok());
            format!(
                "{}: {l}",
                k.map_or_else(|| "?".to_owned(), |k| all[k].key())
            )
        })
        .collect();
    assert!(
        keyed.is_empty(),
        "placeholders left unfilled:\n{}",
        keyed.join("\n")
    );
    let names: Vec<String> = said.iter().map(|&k| all[k].key()).collect();
    // Told across the runs: the ceremonies, the moments of play in every game, drawn and
    // shared endings (a truce by its own lines once its drawn variant is gone; a plain
    // draw's fallback is in `narration.rs`, as no built-in ending reaches it here), the
    // match, the crowd, the bookie, cheats and accusations.
    for key in [
        "lot",
        "first-throw",
        "bag-draw",
        "opening",
        "first-blood",
        "claim",
        "kiust",
        "whelp",
        "bring-down",
        "truce-drawn",
        "truce",
        "match-won",
        "cheer",
        "cheat-unseen",
        "cheat-caught",
        "accused-wrong",
        "pays-out",
        "collects",
        "stake-passes",
    ] {
        assert!(
            names.iter().any(|n| n == key),
            "`{key}` was never told: {names:?}"
        );
    }
    assert!(said.len() >= 40, "{} moments told: {names:?}", said.len());
}

#[test]
fn a_truce_is_told_by_the_built_in_truce_lines() {
    // A truce is always a draw: its lines are told for it, rather than a plain draw's.
    let book = taproom::narrate::Phrasebook::built_in();
    let truce = book.lines(
        GameKind::TidesOfWar,
        Moment::Finish(taproom::games::tides::TRUCE, Result3::Won),
    );
    assert!(!truce.is_empty());
    let mut told = 0;
    for seed in 1..=6 {
        let out = Taproom::new()
            .args([
                "play",
                "tides",
                "Pip",
                "Tamsin",
                "--rule",
                "truce_after=3",
                "--best-of",
                "1",
                "--draw-cap",
                "0",
                "--narrate",
                "full",
                "--seed",
                &seed.to_string(),
            ])
            .ok();
        if !out.stdout.contains("(truce,") {
            continue;
        }
        let prose = out.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            truce
                .iter()
                .any(|l| prose.contains(&l.replace("{number}", "1"))),
            "seed {seed}: no truce line told:\n{}",
            out.stdout
        );
        told += 1;
    }
    assert!(told > 0, "no seed ended in a truce");
}
