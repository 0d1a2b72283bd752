//! Colour for the winner and the money, on a terminal only: never under NO_COLOR, never
//! when piped (as the tests' output is), and as `--color` says.

use crate::common;

use common::Taproom;

const ESC: &str = "\u{1b}[";

fn short(env: &[(&str, &str)], extra: &[&str]) -> String {
    let mut t = Taproom::new().args([
        "play",
        "tides",
        "Brannoc",
        "Mirela",
        "--seed",
        "42",
        "--short",
        "--bet",
        "Pip 3 sp on Brannoc",
    ]);
    t = t.args(extra);
    for (k, v) in env {
        t = t.env(k, v);
    }
    t.ok().stdout
}

#[test]
fn piped_output_has_no_colour() {
    let text = short(&[], &[]);
    assert!(!text.contains(ESC), "{text:?}");
}

#[test]
fn a_forced_terminal_colours_the_winner_and_the_money() {
    let text = short(&[("CLICOLOR_FORCE", "1")], &[]);
    let plain = short(&[], &[]);
    // The winner (the first words of the plain line, up to "beats") is coloured.
    let winner = plain.split(" beats ").next().unwrap();
    assert!(text.contains(&format!("m{winner}{ESC}")), "{text:?}");
    // Pip's loss is red (31), the house's gain green (32).
    assert!(text.contains(&format!("{ESC}31m")), "{text:?}");
    assert!(text.contains(&format!("{ESC}32m")), "{text:?}");
    assert!(short(&[], &["--color", "always"]).contains(ESC));
}

#[test]
fn no_color_wins_over_everything_but_the_flag() {
    let text = short(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")], &[]);
    assert!(!text.contains(ESC), "{text:?}");
    let text = short(&[("CLICOLOR_FORCE", "1")], &["--color", "never"]);
    assert!(!text.contains(ESC), "{text:?}");
}

#[test]
fn the_told_result_names_the_winner_in_colour_and_the_layout_is_unchanged() {
    let args = ["play", "tides", "--seed", "42"];
    let plain = Taproom::new().args(args).ok().stdout;
    let coloured = Taproom::new()
        .args(args)
        .env("CLICOLOR_FORCE", "1")
        .ok()
        .stdout;
    let doc: serde_json::Value = serde_json::from_str(
        &Taproom::new()
            .args(args)
            .args(["--format", "json"])
            .ok()
            .stdout,
    )
    .unwrap();
    let winner = doc["winner"].as_str().expect("seed 42 has a winner");
    // By the full name or, once the telling has met them, the short one.
    let short = doc["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == winner)
        .and_then(|e| e["short"].as_str())
        .unwrap();
    let result = coloured.split("\nThe result\n").nth(1).expect("a result");
    assert!(
        result.contains(&format!("m{winner}{ESC}0m"))
            || result.contains(&format!("m{short}{ESC}0m")),
        "the winner, styled: {coloured}"
    );
    // Without the styles, the same page: colour moves no line break.
    let mut stripped = String::new();
    let mut rest = coloured.as_str();
    while let Some(i) = rest.find('\u{1b}') {
        stripped.push_str(&rest[..i]);
        rest = &rest[i..];
        rest = &rest[rest.find('m').unwrap() + 1..];
    }
    stripped.push_str(rest);
    assert_eq!(stripped, plain);
}
