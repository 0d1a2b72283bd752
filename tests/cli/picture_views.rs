//! `--image` at the table: the picture follows the text's view (an unseen palmed counter
//! is left out of the players' Piç store and score, and kept in the GM's, where the
//! figures add up), Markdown links the picture it wrote, and `sit` and `replay` draw
//! theirs. The expected figures come from the match's JSON log, never from the picture.

use std::path::Path;

use crate::common::Taproom;

/// The panel lines of an SVG picture (`<text id="pN" ...>TEXT</text>`), in order.
fn panel_lines(svg: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for (i, _) in svg.match_indices("<text id=\"p") {
        let rest = &svg[i..];
        let open = rest.find('>').unwrap() + 1;
        let close = rest.find("</text>").unwrap();
        lines.push(rest[open..close].to_owned());
    }
    lines
}

/// The numbers in a panel line: "Mirela (player 2): score 38 (2 in heaps, 35 in piç, 1
/// in store)" gives score 38 and the figures [2, 35, 1].
fn score_and_figures(line: &str) -> (i64, Vec<i64>) {
    let after = line.split("score ").nth(1).expect("a score");
    let score: i64 = after.split_whitespace().next().unwrap().parse().unwrap();
    let inside = after.split('(').nth(1).unwrap().split(')').next().unwrap();
    let figures = inside
        .split(", ")
        .map(|f| f.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    (score, figures)
}

/// The palmed counters that stood unseen in the last game of the match, by the seat of
/// the entrant who palmed them, as the JSON log records them.
fn unseen_palms(args: &[&str]) -> (Vec<i64>, Vec<String>) {
    let out = Taproom::new()
        .args(args)
        .args(["--format", "json", "--quiet"])
        .ok();
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let m = json.get("match").unwrap_or(&json);
    let last = m["games"].as_array().unwrap().last().unwrap();
    let seats: Vec<usize> = last["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap() as usize)
        .collect();
    let names: Vec<String> = seats
        .iter()
        .map(|&e| m["entrants"][e]["name"].as_str().unwrap().to_owned())
        .collect();
    let mut palms = vec![0i64; seats.len()];
    for a in last["asides"].as_array().unwrap() {
        let a = &a["aside"];
        if a["aside"] == "cheat"
            && a["kind"] == "palm"
            && a["seen_by"].as_array().is_some_and(Vec::is_empty)
        {
            let by = a["by"].as_u64().unwrap() as usize;
            let seat = seats.iter().position(|&e| e == by).unwrap();
            palms[seat] += 1;
        }
    }
    (palms, names)
}

#[test]
fn the_players_picture_leaves_out_a_palmed_counter_and_the_gm_s_adds_up() {
    let dir = tempfile::tempdir().unwrap();
    let match_args = ["play", "pic", "Mirela", "Pip", "Tamsin", "--seed", "2"];
    let (palms, names) = unseen_palms(&match_args);
    assert!(
        palms.iter().sum::<i64>() > 0,
        "seed 2 should hold an unseen palm in its deciding game: {palms:?}"
    );
    let draw = |view: &str| {
        let file = dir.path().join(format!("{view}.svg"));
        Taproom::new()
            .args(match_args)
            .args(["--view", view, "--quiet", "--image"])
            .arg(file.to_str().unwrap())
            .ok();
        panel_lines(&std::fs::read_to_string(file).unwrap())
    };
    let (gm, players) = (draw("gm"), draw("players"));
    for (seat, palmed) in palms.iter().enumerate() {
        let short = names[seat].split_whitespace().next().unwrap();
        assert!(gm[seat].contains(short), "{} / {short}", gm[seat]);
        let (gm_score, gm_figures) = score_and_figures(&gm[seat]);
        let (pl_score, _) = score_and_figures(&players[seat]);
        assert_eq!(
            gm_figures.iter().sum::<i64>(),
            gm_score,
            "the GM's figures add up: {}",
            gm[seat]
        );
        assert_eq!(
            gm_score - pl_score,
            *palmed,
            "seat {seat}: GM `{}`, players `{}`",
            gm[seat],
            players[seat]
        );
    }
}

/// The width and height a PNG's header states.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (be(16), be(20))
}

#[test]
fn markdown_links_the_picture_it_wrote_and_nothing_when_there_is_none() {
    let dir = tempfile::tempdir().unwrap();
    let out = Taproom::new()
        .current_dir(dir.path())
        .args(["play", "kiust", "Pip", "Ysolde", "--seed", "3", "--quiet"])
        .args(["--format", "markdown", "--image", "table.png"])
        .ok();
    assert!(
        out.stdout.lines().any(
            |l| l.starts_with("![Kiust Oyun, the deciding game") && l.ends_with("](table.png)")
        ),
        "{}",
        out.stdout
    );
    let (w, _) = png_size(&std::fs::read(dir.path().join("table.png")).unwrap());
    assert!((600..=1200).contains(&w), "{w}");
    let plain = Taproom::new()
        .args(["play", "kiust", "Pip", "Ysolde", "--seed", "3", "--quiet"])
        .args(["--format", "markdown"])
        .ok();
    assert!(!plain.stdout.contains("!["), "{}", plain.stdout);
    // A path with a space is linked in angle brackets, as Markdown reads it whole.
    let out = Taproom::new()
        .current_dir(dir.path())
        .args([
            "play", "tides", "--seed", "3", "--quiet", "--format", "markdown",
        ])
        .args(["--image", "the table.svg", "--game", "1"])
        .ok();
    assert!(
        out.stdout
            .contains("Tides of War, game 1: the last position](<the table.svg>)"),
        "{}",
        out.stdout
    );
    assert!(Path::new(&dir.path().join("the table.svg")).exists());
}

#[test]
fn sit_and_replay_draw_their_pictures() {
    let dir = tempfile::tempdir().unwrap();
    let moves = "1\n".repeat(200);
    Taproom::new()
        .current_dir(dir.path())
        .args(["sit", "tides", "Brannoc", "--as", "Ysolde", "--seed", "7"])
        .args(["--best-of", "1", "--image", "sit.gif"])
        .stdin(&moves)
        .ok();
    let gif = std::fs::read(dir.path().join("sit.gif")).unwrap();
    assert_eq!(&gif[..6], b"GIF89a");
    Taproom::new()
        .current_dir(dir.path())
        .args(["replay", "pic", "Pip", "Ysolde", "Hrodgar", "--seed", "7"])
        .args(["--game", "2", "--image", "two.png"])
        .ok();
    png_size(&std::fs::read(dir.path().join("two.png")).unwrap());
    // A game the match did not play is an error naming it, and no file is left.
    Taproom::new()
        .current_dir(dir.path())
        .args([
            "play",
            "tides",
            "--seed",
            "1",
            "--best-of",
            "1",
            "--game",
            "4",
        ])
        .args(["--image", "four.png", "--quiet"])
        .fails(&["no game 4"]);
    assert!(!dir.path().join("four.png").exists());
}

/// The frames of a GIF file, counted by decoding it.
fn gif_frames(path: &Path) -> usize {
    let file = std::fs::File::open(path).unwrap();
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(file).unwrap();
    let mut n = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        n += 1;
    }
    n
}

#[test]
fn a_gif_of_the_whole_match_has_a_frame_for_every_move_of_every_game() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["play", "tides", "Brannoc", "Mirela", "--seed", "5"][..],
        &[
            "play",
            "kiust",
            "Pip",
            "Ysolde",
            "--seed",
            "4",
            "--best-of",
            "3",
        ],
        &["play", "pic", "Pip", "Ysolde", "Hrodgar", "--seed", "9"],
    ] {
        let out = Taproom::new()
            .args(args)
            .args(["--format", "json", "--quiet"])
            .ok();
        let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        let m = json.get("match").unwrap_or(&json);
        // Each game: its start, each move of a seat (a throw is told with the move after
        // it), each thing the table did, and its result.
        let expected: usize = m["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| {
                let moves = g["steps"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|s| !s["seat"].is_null())
                    .count();
                2 + moves + g["asides"].as_array().map_or(0, Vec::len)
            })
            .sum();
        let file = dir.path().join("all.gif");
        Taproom::new()
            .args(args)
            .args(["--quiet", "--game", "all", "--image"])
            .arg(file.to_str().unwrap())
            .ok();
        assert_eq!(gif_frames(&file), expected, "{args:?}");
    }
}
