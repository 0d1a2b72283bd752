//! What the GM got wrong, said in their own terms in one line, with the fix where there is
//! one; clap's own errors cut to the problem and the usage line.

use crate::common;

use common::Taproom;

/// One line of error, then at most a usage line.
fn short(out: &common::Output) {
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert!(
        (1..=2).contains(&lines.len()),
        "one line and the usage hint: {}",
        out.stderr
    );
    assert!(lines[0].starts_with("error: "), "{}", out.stderr);
}

#[test]
fn a_rule_value_says_what_the_rule_takes() {
    let out = Taproom::new()
        .args(["play", "tides", "--rule", "truce_after=abc"])
        .fails(&["`truce_after` takes a whole number of moves", "not `abc`"]);
    assert!(!out.stderr.contains("u16"), "{}", out.stderr);
    short(&out);
    Taproom::new()
        .args(["play", "kiust", "--rule", "all_round=five"])
        .fails(&["`all_round` takes four-sixes or four, not `five`"]);
    Taproom::new()
        .args(["play", "pic", "--rule", "even_captur=true"])
        .fails(&["Piç has no rule option `even_captur`; did you mean `even_capture`?"]);
    Taproom::new()
        .args(["play", "dogfight", "--rule", "colour=red"])
        .fails(&["its options are turn_cap, equal_at_21"]);
}

#[test]
fn a_stake_without_a_coin_or_below_nothing_is_named() {
    let out = Taproom::new()
        .args([
            "play",
            "tides",
            "Brannoc",
            "Mirela",
            "--bet",
            "Pip 3 on Brannoc",
        ])
        .fails(&["the stake `3` has no coin: write it `3 gp`"]);
    short(&out);
    let out = Taproom::new()
        .args([
            "play",
            "tides",
            "Brannoc",
            "Mirela",
            "--bet",
            "Pip -1 sp on Brannoc",
        ])
        .fails(&["a stake is a positive amount, never `-1`"]);
    assert!(!out.stderr.contains("missing"), "{}", out.stderr);
}

#[test]
fn a_file_of_the_wrong_kind_is_named_for_what_it_is() {
    Taproom::new()
        .args(["night", "examples/tavern.toml"])
        .fails(&["examples/tavern.toml: that is a tavern file, not an evening"]);
    Taproom::new()
        .args(["play", "tides", "--tavern", "examples/evening.toml"])
        .fails(&["examples/evening.toml: that is an evening file, not a tavern"]);
    Taproom::new()
        .args(["night", "examples/characters/pip.toml"])
        .fails(&["that is a character file, not an evening"]);
    Taproom::new()
        .args(["play", "tides", "examples/tavern.toml", "Pip"])
        .fails(&["that is a tavern file, not a character"]);
}

#[test]
fn clap_errors_are_one_line_and_the_usage() {
    for (args, needles) in [
        (
            &["play", "tides", "--sed", "3"][..],
            &["'--sed'", "did you mean '--seed'?"][..],
        ),
        (&["ply"][..], &["'ply'", "did you mean 'play'?"][..]),
        (&["play"][..], &["<GAME>"][..]),
        (
            &["play", "tides", "--format", "jsn"][..],
            &["'jsn'", "did you mean 'json'?"][..],
        ),
        (
            &["play", "tides", "--best-of", "3", "--first-to", "2"][..],
            &["cannot be used with"][..],
        ),
    ] {
        let out = Taproom::new().args(args).fails(needles);
        short(&out);
        let last = out.stderr.lines().last().unwrap();
        assert!(
            last.contains("--help"),
            "a pointer to the help: {}",
            out.stderr
        );
    }
}

#[test]
fn mistyped_names_get_a_did_you_mean() {
    Taproom::new()
        .args(["rules", "kiust-oyn"])
        .fails(&["did you mean `kiust-oyun`?"]);
    Taproom::new()
        .args(["play", "tides", "Brannok", "Mirela"])
        .fails(&["did you mean `Old Brannoc`?"]);
    Taproom::new()
        .args([
            "roster",
            "--roster",
            "examples/characters",
            "--format",
            "jsno",
        ])
        .fails(&["did you mean 'json'?"]);
}
