//! The page: everything taproom prints fits the terminal it prints to (80 columns when it
//! cannot tell), `--wide` lets tables be as wide as they need, Markdown is Markdown, and the
//! players' view reads nothing aloud that is the GM's business.
//!
//! Covered: `play` in every game (Piç at 2, 3, 4 and 5 seats, with wagers), `night` on the
//! example evening, `odds` at 2 and 5 seats, `ladder`; each at 80 and at 60 columns.

use crate::common;

use std::path::Path;

use common::Taproom;
use unicode_width::UnicodeWidthStr;

/// The lines of `text` wider than `width` terminal columns.
fn too_wide(text: &str, width: usize) -> Vec<String> {
    text.lines()
        .filter(|l| l.width() > width)
        .map(|l| format!("{} columns: {l}", l.width()))
        .collect()
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every command worth checking, as its arguments.
fn commands() -> Vec<Vec<&'static str>> {
    vec![
        vec!["play", "tides-of-war", "--seed", "5"],
        vec!["play", "kiust-oyun", "--seed", "5"],
        vec!["play", "oicustiytac", "--seed", "5"],
        vec!["play", "pic", "--seed", "5"],
        vec!["play", "pic", "Pip", "Ysolde", "Hrodgar", "--seed", "5"],
        vec![
            "play", "pic", "Pip", "Ysolde", "Hrodgar", "Tamsin", "--seed", "5",
        ],
        vec![
            "play",
            "pic",
            "Pip",
            "Ysolde",
            "Hrodgar",
            "Tamsin",
            "Brannoc",
            "--seed",
            "5",
            "--bet",
            "Mirela 1 gp on Ysolde",
            "--bet",
            "Mirela 2 sp on captures Pip against Tamsin 2 sp",
        ],
        vec![
            "play",
            "tides",
            "--seed",
            "2",
            "--bet",
            "Mirela 1 gp on Brannoc",
            "--bet",
            "Ysolde 5 sp on first-turn Mirela in the pool",
        ],
        vec!["night", "examples/evening.toml"],
        vec!["odds", "tides", "Brannoc", "Mirela", "--sims", "40"],
        vec![
            "odds", "pic", "Pip", "Ysolde", "Hrodgar", "Tamsin", "Brannoc", "--sims", "20",
        ],
        vec!["ladder", "kiust", "--levels", "1,5,9", "--games", "2"],
    ]
}

#[test]
fn every_line_fits_an_80_and_a_60_column_terminal() {
    for args in commands() {
        for width in [80, 60] {
            let out = Taproom::new()
                .args(&args)
                .current_dir(root())
                .env("COLUMNS", &width.to_string())
                .ok()
                .stdout;
            assert!(out.lines().count() > 5, "{args:?} printed little: {out}");
            let wide = too_wide(&out, width);
            assert!(wide.is_empty(), "{args:?} at {width}: {wide:#?}");
        }
    }
}

#[test]
fn wide_tables_are_as_wide_as_they_need() {
    let args = [
        "play", "pic", "Pip", "Ysolde", "Hrodgar", "Tamsin", "Brannoc", "--seed", "5", "--wide",
    ];
    let out = Taproom::new().args(args).ok().stdout;
    assert!(
        !too_wide(&out, 120).is_empty(),
        "a five-seat table at --wide is one row a game, wider than a terminal"
    );
}

#[test]
fn markdown_is_headings_paragraphs_and_a_pipe_table() {
    let out = Taproom::new()
        .args([
            "play", "pic", "Pip", "Ysolde", "Hrodgar", "--seed", "5", "--format", "markdown",
        ])
        .ok()
        .stdout;
    assert!(out.starts_with("## Piç: "), "{out}");
    assert!(out.contains("\n### "), "scenes are headed: {out}");
    assert!(!out.contains('│'), "no box drawing in Markdown: {out}");
    let table: Vec<&str> = out.lines().filter(|l| l.starts_with('|')).collect();
    assert!(table.len() >= 4, "a pipe table: {out}");
    assert!(
        table[1].chars().all(|c| matches!(c, '|' | '-' | ':' | ' ')),
        "the second row separates the header: {}",
        table[1]
    );
    let cells = table[0].matches('|').count();
    assert!(
        table.iter().all(|l| l.matches('|').count() == cells),
        "every row has the header's cells: {table:#?}"
    );
    assert!(
        out.contains("replays this match: `taproom play pic "),
        "the replay command is code: {out}"
    );
}

#[test]
fn the_players_hear_no_margin_skill_odds_or_seed() {
    let night = Taproom::new()
        .args(["night", "examples/evening.toml", "--view", "players"])
        .current_dir(root())
        .ok()
        .stdout;
    let gm = Taproom::new()
        .args(["night", "examples/evening.toml"])
        .current_dir(root())
        .ok()
        .stdout;
    assert!(gm.contains("% margin"), "the GM sees the margin: {gm}");
    // ("margin" alone may be the narrator's "a margin of 2"; the bookie's is a percentage.)
    for secret in [
        "% margin",
        "skill",
        "Seed",
        "replays",
        "% for the house",
        " to 1",
        "evens",
    ] {
        assert!(
            !night.contains(secret),
            "--view players shows {secret:?}: {night}"
        );
    }
    assert!(night.contains("takes bets"), "{night}");
}
