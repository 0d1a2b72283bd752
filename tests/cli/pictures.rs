//! `engine apply --image FILE`: a name of no picture kind, or in a folder that does not
//! exist, is one line naming the file and exit 2, with nothing written; a picture is
//! written whole, with nothing left beside it, and shows the position the command
//! prints (read back by the `png` and `gif` crates and held against the printed
//! notation, parsed by the tests' own reader, `tests/library/pictures/check.rs`).

use std::path::Path;

use rand::RngExt;
use taproom::ai::table_rng;
use taproom::games::kiust::Kiust;
use taproom::games::oicus::Oicus;
use taproom::games::pic::Pic;
use taproom::games::tides::Tides;
use taproom::games::{Game, Turn};
use taproom::report::board::picture::Picture;

use crate::common::Taproom;
use crate::picture_check as check;

/// The names in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("a folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// The error is one line, `error: ` and a sentence naming `file`.
fn one_line_naming(stderr: &str, file: &str) {
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {stderr}");
    assert!(lines[0].starts_with("error: "), "{stderr}");
    assert!(lines[0].contains(file), "names {file}: {stderr}");
}

#[test]
fn an_image_of_no_picture_kind_is_one_line_naming_it_and_nothing_is_written() {
    for name in ["x.jpg", "board", "board.png.txt"] {
        let dir = tempfile::tempdir().expect("a folder");
        let out = Taproom::new()
            .current_dir(dir.path())
            .args(["engine", "apply", "tides-of-war", "c3-c4", "--image", name])
            .fails(&[".png, .gif or .svg"]);
        one_line_naming(&out.stderr, name);
        assert_eq!(out.stdout, "", "refused before anything is played");
        assert!(listing(dir.path()).is_empty(), "{:?}", listing(dir.path()));
    }
}

#[test]
fn an_image_in_no_folder_is_one_line_naming_it_and_nothing_is_written() {
    let dir = tempfile::tempdir().expect("a folder");
    let out = Taproom::new()
        .current_dir(dir.path())
        .args(["engine", "apply", "pic", "4", "--image", "nodir/x.png"])
        .fails(&["no folder nodir"]);
    one_line_naming(&out.stderr, "nodir/x.png");
    assert_eq!(out.stdout, "");
    assert!(listing(dir.path()).is_empty());
}

#[test]
fn an_image_named_as_a_folder_or_after_an_illegal_move_is_refused_and_nothing_is_left() {
    let dir = tempfile::tempdir().expect("a folder");
    std::fs::create_dir(dir.path().join("board.png")).expect("a folder");
    let out = Taproom::new()
        .current_dir(dir.path())
        .args(["engine", "apply", "tides", "c3-c4", "--image", "board.png"])
        .fails(&["folder"]);
    one_line_naming(&out.stderr, "board.png");
    assert_eq!(listing(dir.path()), ["board.png"]);
    assert!(
        dir.path().join("board.png").is_dir(),
        "the folder is left as it was"
    );

    let out = Taproom::new()
        .current_dir(dir.path())
        .args([
            "engine", "apply", "tides", "c3-c4", "c3-c4", "--image", "x.gif",
        ])
        .fails(&["c3-c4"]);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert_eq!(
        listing(dir.path()),
        ["board.png"],
        "no picture of a refused move"
    );
}

/// A seeded random legal sequence of `n` moves of `G` from the start at `players`
/// seats (chance outcomes among the possible ones), as the command line writes them,
/// with the position after each as the engine prints it.
fn moves<G: Game>(players: usize, seed: u64, n: usize) -> (Vec<String>, Vec<String>) {
    let mut pos = G::start(players, &G::Options::default()).expect("a table it seats");
    let mut rng = table_rng(seed);
    let mut texts = vec![pos.to_string()];
    let mut words = Vec::new();
    let mut list = Vec::new();
    for _ in 0..n {
        let mv = match pos.turn() {
            Turn::Over => break,
            Turn::Chance => {
                let mut outs = Vec::new();
                pos.chance_outcomes(&mut outs);
                outs[rng.random_range(0..outs.len())].0
            }
            Turn::Seat(_) => {
                list.clear();
                pos.legal_moves(&mut list);
                list[rng.random_range(0..list.len())]
            }
        };
        pos.play(mv, &mut ()).expect("a legal move");
        words.push(mv.to_string());
        texts.push(pos.to_string());
    }
    (words, texts)
}

/// `engine apply` of random moves of `G` with `--image` of each kind, in a folder of its
/// own: the folder then holds the picture alone; the PNG shows the position printed; the
/// GIF has a frame for the start, each move and the end, and each frame, drawn over the
/// ones before, shows the position after as many moves; the SVG is one document, and a
/// picture written over an older, longer file replaces it whole.
fn apply_draws<G: Game + Picture>(game: &str, players: usize, seed: u64) {
    let (words, texts) = moves::<G>(players, seed, 14);
    let layout = G::layout(players);
    let clear = check::clear_of(G::KIND);
    let dir = tempfile::tempdir().expect("a folder");
    let run = |file: &str| {
        let mut args = vec!["engine", "apply", game, "--players"];
        let seats = players.to_string();
        args.push(&seats);
        args.extend(words.iter().map(String::as_str));
        args.extend(["--image", file]);
        let out = Taproom::new().current_dir(dir.path()).args(&args).ok();
        let printed = out.stdout.lines().next().expect("the position").to_owned();
        assert_eq!(&printed, texts.last().expect("a position"));
        assert_eq!(listing(dir.path()), [file], "the picture alone");
        std::fs::read(dir.path().join(file)).expect("the picture")
    };

    // An older, longer file of the same name is replaced whole.
    std::fs::write(dir.path().join("board.png"), vec![0xAB; 4 << 20]).expect("written");
    let png = run("board.png");
    assert!(png.len() < 4 << 20, "replaced, not written over");
    let image = check::decode_png(&png);
    let expected = check::expected(G::KIND, texts.last().expect("a position"));
    let wrong = check::mismatches(&layout, &image, &expected, &clear);
    assert!(wrong.is_empty(), "{game}: {}", wrong.join("\n"));
    std::fs::remove_file(dir.path().join("board.png")).expect("removed");

    let gif = run("board.gif");
    // The start, each move, then the end again.
    let mut shown: Vec<&String> = texts.iter().collect();
    shown.push(texts.last().expect("a position"));
    let mut frames = 0;
    check::decode_gif(&gif, |k, _, screen| {
        frames += 1;
        let expected = check::expected(G::KIND, shown[k]);
        let wrong = check::mismatches(&layout, screen, &expected, &clear);
        assert!(wrong.is_empty(), "{game}, frame {k}: {}", wrong.join("\n"));
    });
    assert_eq!(frames, words.len() + 2);
    std::fs::remove_file(dir.path().join("board.gif")).expect("removed");

    let svg = String::from_utf8(run("BOARD.SVG")).expect("UTF-8");
    assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<svg").count(), 1);
}

#[test]
fn engine_apply_draws_the_position_it_prints_in_every_game() {
    apply_draws::<Tides>("tides-of-war", 2, 1);
    apply_draws::<Kiust>("kiust-oyun", 2, 2);
    apply_draws::<Oicus>("oicustiytac", 2, 3);
    for players in 2..=5 {
        apply_draws::<Pic>("pic", players, 4 + players as u64);
    }
}

/// An attribute of an SVG element's opening tag, as written.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let at = tag.find(&key)? + key.len();
    tag[at..].split('"').next()
}

fn number(tag: &str, name: &str) -> f32 {
    attr(tag, name)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{name} in {tag}"))
}

/// Every `<text>` of an SVG: its opening tag, its words, and the font size it is drawn
/// at (its own, else the nearest group's before it that sets one).
fn texts(svg: &str) -> Vec<(String, String, f32)> {
    let mut out = Vec::new();
    for (at, _) in svg.match_indices("<text ") {
        let tag_end = at + svg[at..].find('>').unwrap();
        let tag = &svg[at..=tag_end];
        let words = &svg[tag_end + 1..tag_end + 1 + svg[tag_end + 1..].find("</text>").unwrap()];
        let size = attr(tag, "font-size").map_or_else(
            || {
                let before = &svg[..at];
                let g = before.rfind("<g ").expect("a group");
                number(&before[g..], "font-size")
            },
            |v| v.parse().unwrap(),
        );
        out.push((tag.to_owned(), words.to_owned(), size));
    }
    out
}

/// The discs a stone or piece is drawn in (`s0`, `s1`, ...): their centres and radius.
fn spots(svg: &str) -> Vec<(f32, f32, f32)> {
    svg.match_indices("<circle id=\"s")
        .map(|(at, _)| {
            let tag = &svg[at..at + svg[at..].find("/>").unwrap()];
            (number(tag, "cx"), number(tag, "cy"), number(tag, "r"))
        })
        .collect()
}

fn svg_of(args: &[&str]) -> String {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("board.svg");
    Taproom::new()
        .args(args)
        .args(["--quiet", "--image", file.to_str().unwrap()])
        .ok();
    std::fs::read_to_string(&file).expect("the picture")
}

/// Every game's picture carries a key naming its marks, under the board and above the
/// panel: each of its words drawn, none over a spot, none past the picture's edge
/// (DejaVu Sans takes at most 0.62 of its size a character of these words).
#[test]
fn every_picture_has_a_key_to_its_marks() {
    let games: [(&[&str], &[&str]); 4] = [
        (
            &["play", "tides", "Pip", "Mirela", "--seed", "7"],
            &[
                "river",
                "town (a1 White's, f6 Black's)",
                "last move",
                "stone taken",
            ],
        ),
        (
            &["play", "kiust", "Pip", "Mirela", "--seed", "7"],
            &["last move, from and to"],
        ),
        (
            &["play", "dogfight", "Pip", "Mirela", "--seed", "7"],
            &[
                "home traps (1–2)",
                "plain (3–4)",
                "whelping traps (5–10)",
                "last move",
            ],
        ),
        (
            &[
                "play", "pic", "Pip", "Mirela", "Brannoc", "Hrodgar", "Ysolde", "--seed", "7",
            ],
            &[
                "a heap",
                "a piç: its owner's colour",
                "a player's heaps",
                "heap last sown",
            ],
        ),
    ];
    for (args, words) in games {
        let svg = svg_of(args);
        let key_at = svg.find("<g class=\"key\"").expect("a key");
        let key = &svg[key_at..key_at + svg[key_at..].find("</g>").unwrap()];
        let drawn: Vec<(String, String, f32)> = texts(&svg)
            .into_iter()
            .filter(|(tag, _, _)| key.contains(tag.as_str()))
            .collect();
        let said: Vec<String> = drawn
            .iter()
            .map(|(_, w, _)| w.replace("&#39;", "'"))
            .collect();
        assert_eq!(said, words, "{args:?}");
        let lowest = spots(&svg)
            .iter()
            .map(|(_, y, r)| y + r)
            .fold(0.0f32, f32::max);
        let panel = texts(&svg)
            .into_iter()
            .find(|(tag, _, _)| attr(tag, "id") == Some("p0"))
            .map(|(tag, _, size)| number(&tag, "y") - size)
            .expect("the panel");
        for (tag, words, size) in &drawn {
            let (x, y) = (number(tag, "x"), number(tag, "y"));
            let right = x + words.chars().count() as f32 * size * 0.62;
            assert!(y - size > lowest, "{args:?}: `{words}` over the board");
            assert!(y < panel, "{args:?}: `{words}` over the panel");
            assert!(
                x >= 0.0 && right <= 800.0,
                "{args:?}: `{words}` off the edge"
            );
        }
    }
    // The page draws the board's backdrop, key and all.
    let page = Taproom::new()
        .args([
            "play", "tides", "Pip", "Mirela", "--seed", "7", "--format", "html",
        ])
        .ok()
        .stdout;
    assert!(page.contains("class=\"key\"") && page.contains(">stone taken<"));
}

/// The towns' labels of Tides of War stand where no stone can cover them: off every
/// square of the board (each a spot's centre and half the step between two neighbouring
/// spots either side), beside their towns (a1 the bottom left square, f6 the top right),
/// and inside the picture. A label's box is as wide as its characters at 0.75 of the
/// font size each (wider than DejaVu Sans Bold draws these) and as tall as the size.
#[test]
fn the_towns_labels_stand_off_the_squares_beside_their_towns() {
    let svg = svg_of(&["play", "tides", "Pip", "Mirela", "--seed", "7"]);
    let spots = spots(&svg);
    assert_eq!(spots.len(), 36);
    let step = spots
        .iter()
        .flat_map(|a| spots.iter().map(move |b| (a.0 - b.0).abs()))
        .filter(|d| *d > 1.0)
        .fold(f32::MAX, f32::min);
    let half = step / 2.0;
    let left = spots.iter().map(|s| s.0).fold(f32::MAX, f32::min);
    let right = spots.iter().map(|s| s.0).fold(0.0, f32::max);
    let top = spots.iter().map(|s| s.1).fold(f32::MAX, f32::min);
    let bottom = spots.iter().map(|s| s.1).fold(0.0, f32::max);
    let labels: Vec<(String, String, f32)> = texts(&svg)
        .into_iter()
        .filter(|(_, w, _)| w.trim_matches(|c: char| !c.is_alphabetic()) == "town")
        .collect();
    assert_eq!(labels.len(), 2, "{labels:?}");
    let mut beside = (false, false);
    for (tag, words, size) in &labels {
        let (x, y) = (number(tag, "x"), number(tag, "y"));
        let width = words.chars().count() as f32 * size * 0.75;
        let x0 = match attr(tag, "text-anchor") {
            Some("end") => x - width,
            Some("middle") => x - width / 2.0,
            _ => x,
        };
        let (x1, y0, y1) = (x0 + width, y - size, y + size * 0.3);
        assert!(x0 >= 0.0 && x1 <= 800.0, "{words} off the picture");
        for (cx, cy, _) in &spots {
            let apart = x1 <= cx - half || x0 >= cx + half || y1 <= cy - half || y0 >= cy + half;
            assert!(
                apart,
                "`{words}` at ({x0}, {y0}) covers the square at ({cx}, {cy})"
            );
        }
        // Beside a1: left of the board, in the bottom rank; beside f6: right, in the top.
        let in_rank = |cy: f32| y0 < cy + half && y1 > cy - half;
        beside.0 |= x1 <= left - half && in_rank(bottom);
        beside.1 |= x0 >= right + half && in_rank(top);
    }
    assert!(beside.0 && beside.1, "{labels:?}");
}
