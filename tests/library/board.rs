//! Board diagrams: snapshots of each game at the start and in mid-game, the width limit
//! over many random positions, and the drawn contents checked against the position's own
//! notation (read independently of the diagram code).

use rand::RngExt;
use taproom::ai::{TableRng, table_rng};
use taproom::games::kiust::Kiust;
use taproom::games::oicus::Oicus;
use taproom::games::pic::Pic;
use taproom::games::tides::Tides;
use taproom::games::{Game, Rules, Turn};
use taproom::report::board::{BoardStyle, Diagram, Marks, colour_allowed};
use unicode_width::UnicodeWidthStr;

/// Every combination of ASCII and colour.
const STYLES: [BoardStyle; 4] = [
    BoardStyle {
        ascii: false,
        colour: false,
    },
    BoardStyle {
        ascii: true,
        colour: false,
    },
    BoardStyle {
        ascii: false,
        colour: true,
    },
    BoardStyle {
        ascii: true,
        colour: true,
    },
];

/// Names long, wide and accented, to push the width.
const LONG_NAMES: [&str; 5] = [
    "Old Brannoc the Patient of Harrowgate",
    "東京の狐 Kitsune no Kami",
    "Mirela Ţepeş-Ványi",
    "Ysolde",
    "Hrodgar Ironfist the Unbowed",
];

/// The position after `moves` (in notation) from `pos`, and the last of them.
fn reach<G: Game>(mut pos: G, moves: &str) -> (G, Option<G::Move>) {
    let mut last = None;
    for text in moves.split_whitespace() {
        let mv: G::Move = text.parse().unwrap_or_else(|e| panic!("move {text}: {e}"));
        pos.play(mv, &mut ())
            .unwrap_or_else(|e| panic!("move {text}: {e}"));
        last = Some(mv);
    }
    (pos, last)
}

fn start<G: Game>(players: usize) -> G {
    G::start(players, &G::Options::default()).expect("a start position")
}

/// A random legal move, or a chance outcome drawn by its probability.
fn random_move<G: Game>(pos: &G, rng: &mut TableRng) -> Option<G::Move> {
    match pos.turn() {
        Turn::Over => None,
        Turn::Chance => {
            let mut outs = Vec::new();
            pos.chance_outcomes(&mut outs);
            let mut r = rng.random_range(0..outs[0].1.den);
            for &(mv, chance) in &outs {
                if r < chance.num {
                    return Some(mv);
                }
                r -= chance.num;
            }
            outs.last().map(|&(mv, _)| mv)
        }
        Turn::Seat(_) => {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            Some(moves[rng.random_range(0..moves.len())])
        }
    }
}

/// Every position of `games` random games from `pos` (at most `plies` each), with the
/// move that reached it.
fn random_positions<G: Game>(
    pos: &G,
    seed: u64,
    games: usize,
    plies: usize,
) -> Vec<(G, Option<G::Move>)> {
    let mut rng = table_rng(seed);
    let mut out = vec![(pos.clone(), None)];
    for _ in 0..games {
        let mut p = pos.clone();
        for _ in 0..plies {
            let Some(mv) = random_move(&p, &mut rng) else {
                break;
            };
            p.play(mv, &mut ()).expect("a legal move");
            out.push((p.clone(), Some(mv)));
        }
    }
    out
}

/// The diagram with ANSI escape sequences taken out.
fn strip_escapes(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            assert_eq!(chars.next(), Some('['), "an escape that is not CSI");
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Checks one diagram against the style's promises: width, ASCII, escapes, layout.
fn check_form(diagram: &str, style: &BoardStyle, plain: &str, what: &dyn std::fmt::Display) {
    assert!(diagram.ends_with('\n'), "{what}: no final newline");
    if style.ascii {
        assert!(
            diagram
                .chars()
                .all(|c| c.is_ascii() && (c == '\n' || c == '\u{1b}' || !c.is_control())),
            "{what}: not plain ASCII:\n{diagram}"
        );
    }
    if style.colour {
        assert!(diagram.contains('\u{1b}'), "{what}: no colour");
        assert_eq!(
            strip_escapes(diagram),
            plain,
            "{what}: colour changes the text"
        );
    } else {
        assert!(
            !diagram.contains('\u{1b}'),
            "{what}: escapes without colour"
        );
        for line in diagram.lines() {
            assert!(
                line.width() <= 80,
                "{what}: a line of {} columns:\n{line}\n{diagram}",
                line.width()
            );
            assert_eq!(line, line.trim_end(), "{what}: trailing blanks");
        }
    }
}

/// Draws every position in every style, with and without names and the last move, and
/// checks the form of each diagram.
fn check_forms<G: Diagram>(positions: &[(G, Option<G::Move>)]) {
    for (pos, last) in positions {
        for names in [&[][..], &LONG_NAMES[..], &["", "Pip"][..]] {
            let marks = Marks {
                names,
                last: *last,
                ..Marks::none()
            };
            for style in &STYLES {
                let plain_style = BoardStyle {
                    colour: false,
                    ..*style
                };
                let plain = pos.diagram_with(&plain_style, &marks);
                let diagram = pos.diagram_with(style, &marks);
                check_form(&diagram, style, &plain, pos);
            }
        }
    }
}

#[test]
fn board_lines_fit_80_columns_in_every_game_and_style() {
    check_forms(&random_positions(&start::<Tides>(2), 11, 20, 200));
    check_forms(&random_positions(&start::<Kiust>(2), 12, 6, 400));
    check_forms(&random_positions(&start::<Oicus>(2), 13, 8, 300));
    for players in 2..=5 {
        check_forms(&random_positions(
            &start::<Pic>(players),
            14 + players as u64,
            6,
            400,
        ));
    }
}

#[test]
fn board_colour_follows_the_terminal_and_no_color() {
    use std::ffi::OsStr;
    assert!(colour_allowed(true, None));
    assert!(colour_allowed(true, Some(OsStr::new(""))));
    assert!(!colour_allowed(true, Some(OsStr::new("1"))));
    assert!(!colour_allowed(false, None));
    assert!(!colour_allowed(false, Some(OsStr::new(""))));
}

// Contents against the notation. Each test reads the position's own notation text and
// the diagram's characters at the places the layout puts them.

/// The characters of a line, by column (every board glyph is one column wide).
fn cols(line: &str) -> Vec<char> {
    line.chars().collect()
}

/// What a stone glyph of the diagram stands for in Tides of War's notation.
fn tides_square(c: char) -> char {
    match c {
        '○' | 'W' => 'W',
        '●' | 'B' => 'B',
        _ => '.',
    }
}

#[test]
fn board_tides_squares_and_stone_counts_match_the_notation() {
    for (pos, last) in random_positions(&start::<Tides>(2), 21, 15, 200) {
        let notation = pos.to_string();
        let (board, side) = notation.split_once(' ').unwrap();
        let ranks: Vec<&str> = board.split('/').collect();
        for style in [BoardStyle::PLAIN, BoardStyle::ASCII] {
            let diagram = pos.diagram_with(
                &style,
                &Marks {
                    last,
                    ..Marks::none()
                },
            );
            let lines: Vec<&str> = diagram.lines().collect();
            let mut counted = [0, 0];
            for (i, rank_text) in ranks.iter().enumerate() {
                let rank = 6 - i;
                // Rank 6 is drawn on the third line, each rank two lines below the last.
                let row = cols(lines[2 + 2 * i]);
                assert_eq!(row[2], char::from(b'0' + rank as u8), "{notation}");
                let drawn: String = (0..6).map(|f| tides_square(row[6 + 4 * f])).collect();
                assert_eq!(&drawn, rank_text, "rank {rank} of {notation}\n{diagram}");
                for c in drawn.chars() {
                    match c {
                        'W' => counted[0] += 1,
                        'B' => counted[1] += 1,
                        _ => {}
                    }
                }
            }
            assert_eq!(counted[0], board.matches('W').count());
            assert_eq!(counted[1], board.matches('B').count());
            let stones_line = |name: &str| {
                lines
                    .iter()
                    .find(|l| l.contains(&format!(" {name} ")) && l.contains("stone"))
                    .map(|l| l.to_string())
                    .unwrap_or_default()
            };
            for (name, letter) in [("White", 'W'), ("Black", 'B')] {
                let n = board.matches(letter).count();
                let noun = if n == 1 { "stone" } else { "stones" };
                assert!(
                    stones_line(name).ends_with(&format!(" {n} {noun}")),
                    "{name} in {notation}\n{diagram}"
                );
            }
            if pos.turn() != Turn::Over {
                let mover = if side == "w" { "White" } else { "Black" };
                assert!(diagram.contains(&format!(" {mover} to move")), "{notation}");
            }
        }
    }
}

/// The heaps of a Piç diagram: each heap number drawn in the ring with the text drawn in
/// the cell beside it, brackets of a highlight taken off.
fn pic_ring(diagram: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = diagram.lines().collect();
    let top = lines
        .iter()
        .position(|l| l.starts_with(" ┌") || l.starts_with(" +-"))
        .expect("the ring's top row");
    let bottom = lines
        .iter()
        .position(|l| l.starts_with(" └") || l.starts_with(" +--"))
        .filter(|&b| b > top)
        .unwrap_or_else(|| {
            lines
                .iter()
                .rposition(|l| l.starts_with(" +-"))
                .expect("the ring's bottom row")
        });
    let mut heaps = Vec::new();
    for (numbers, cells) in [(top - 2, top), (bottom + 2, bottom)] {
        let number_cols = cols(lines[numbers]);
        let cell_cols = cols(lines[cells]);
        let mut x = 0;
        while x < number_cols.len() {
            if number_cols[x].is_ascii_digit() {
                let s = x;
                while x < number_cols.len() && number_cols[x].is_ascii_digit() {
                    x += 1;
                }
                let number: String = number_cols[s..x].iter().collect();
                // A heap's cell is five columns wide with its number two in.
                let cell: String = cell_cols[s - 2..s + 3].iter().collect();
                let cell = cell.trim().trim_start_matches('[').trim_end_matches(']');
                heaps.push((number.parse().unwrap(), cell.to_owned()));
            } else {
                x += 1;
            }
        }
    }
    heaps.sort();
    heaps
}

#[test]
fn board_pic_heap_counts_and_owners_match_the_notation() {
    for players in 2..=5 {
        let positions = random_positions(&start::<Pic>(players), 30 + players as u64, 6, 300);
        for (pos, last) in positions {
            let notation = pos.to_string();
            let (ring, side) = notation.split_once(';').unwrap();
            let heaps: Vec<&str> = ring.split_whitespace().filter(|t| *t != "/").collect();
            for style in [BoardStyle::PLAIN, BoardStyle::ASCII] {
                let diagram = pos.diagram_with(
                    &style,
                    &Marks {
                        last,
                        ..Marks::none()
                    },
                );
                let drawn = pic_ring(&diagram);
                assert_eq!(drawn.len(), 3 * players, "{notation}\n{diagram}");
                for ((number, text), (i, expected)) in drawn.iter().zip(heaps.iter().enumerate()) {
                    assert_eq!(*number, i + 1, "{notation}\n{diagram}");
                    assert_eq!(text, expected, "heap {number} of {notation}\n{diagram}");
                }
                if pos.turn() != Turn::Over {
                    let mover = format!("player {} to move", side.trim());
                    assert!(diagram.contains(&mover), "{notation}\n{diagram}");
                }
            }
        }
    }
}

#[test]
fn board_kiust_points_and_right_match_the_notation() {
    for (pos, last) in random_positions(&start::<Kiust>(2), 41, 8, 300) {
        let notation = pos.to_string();
        let (board, rest) = notation.split_once(" ; ").unwrap();
        let columns: Vec<Vec<char>> = board.split('/').map(|c| c.chars().collect()).collect();
        for style in [BoardStyle::PLAIN, BoardStyle::ASCII] {
            let diagram = pos.diagram_with(
                &style,
                &Marks {
                    last,
                    ..Marks::none()
                },
            );
            let lines: Vec<&str> = diagram.lines().collect();
            for row in 1..=12 {
                // Row 1 is drawn on the fifth line; the columns' centres are fixed.
                let line = cols(lines[3 + row]);
                let label: String = line[..4].iter().collect();
                assert_eq!(label.trim(), row.to_string(), "{notation}\n{diagram}");
                for (c, x) in [7, 13, 17, 23].into_iter().enumerate() {
                    let drawn = match line[x] {
                        '●' | '1' => '1',
                        '○' | '2' => '2',
                        _ => '.',
                    };
                    assert_eq!(
                        drawn,
                        columns[c][row - 1],
                        "point {}{row} of {notation}\n{diagram}",
                        char::from(b'a' + c as u8)
                    );
                }
            }
            if pos.turn() != Turn::Over {
                let held = rest.ends_with(" k");
                assert_eq!(
                    diagram.contains("kiust right: held"),
                    held,
                    "{notation}\n{diagram}"
                );
            }
        }
    }
}

#[test]
fn board_oicus_traps_supplies_and_scores_match_the_notation() {
    for (pos, last) in random_positions(&start::<Oicus>(2), 51, 8, 300) {
        let notation = pos.to_string();
        let fields: Vec<&str> = notation.split(" ; ").collect();
        let (black_land, white_land) = fields[0].split_once(" / ").unwrap();
        let supply: Vec<&str> = fields[1].split(' ').collect();
        let score: Vec<&str> = fields[2].split(' ').collect();
        for style in [BoardStyle::PLAIN, BoardStyle::ASCII] {
            let diagram = pos.diagram_with(
                &style,
                &Marks {
                    last,
                    ..Marks::none()
                },
            );
            let lines: Vec<&str> = diagram.lines().collect();
            for (name, land) in [("Black", black_land), ("White", white_land)] {
                let row = lines
                    .iter()
                    .map(|l| cols(l))
                    .find(|l| {
                        l.len() > 12
                            && matches!(l[12], '│' | '|')
                            && l.iter().collect::<String>().trim_start().starts_with(name)
                    })
                    .expect("a Land's row");
                for (t, trap) in land.split(' ').enumerate() {
                    // Black's trap t+1 is drawn in column t, White's in column 9 - t.
                    let col = if name == "Black" { t } else { 9 - t };
                    let cell = &row[13 + 6 * col..18 + 6 * col];
                    let blacks = cell.iter().filter(|&&c| c == '●' || c == 'b').count();
                    let whites = cell.iter().filter(|&&c| c == '○' || c == 'w').count();
                    assert_eq!(
                        (blacks, whites),
                        (trap.matches('b').count(), trap.matches('w').count()),
                        "{name}'s trap {} of {notation}\n{diagram}",
                        t + 1
                    );
                }
            }
            for (i, name) in ["Black", "White"].into_iter().enumerate() {
                let line = lines
                    .iter()
                    .find(|l| l.contains(&format!(" {name} ")) && l.contains("score"))
                    .expect("a standing line");
                let words: Vec<&str> = line.split_whitespace().collect();
                let after = |w: &str| words[words.iter().position(|x| *x == w).unwrap() + 1];
                assert_eq!(after("score"), score[i], "{notation}\n{diagram}");
                assert_eq!(after("supply"), supply[i], "{notation}\n{diagram}");
            }
        }
    }
}

// Snapshots: the start and a mid-game position of each game, Unicode and ASCII.

/// Snapshots the diagram in Unicode and in ASCII under `name` and `name_ascii`.
fn snapshot<G: Diagram>(name: &str, pos: &G, names: &[&str], last: Option<G::Move>) {
    let marks = Marks {
        names,
        last,
        ..Marks::none()
    };
    insta::assert_snapshot!(name, pos.diagram_with(&BoardStyle::PLAIN, &marks));
    insta::assert_snapshot!(
        format!("{name}_ascii"),
        pos.diagram_with(&BoardStyle::ASCII, &marks)
    );
}

#[test]
fn board_tides_snapshots() {
    snapshot("tides_start", &start::<Tides>(2), &[], None);
    // Black's last move jumps five White stones and comes back to where it started.
    let (pos, last) = reach(
        start::<Tides>(2),
        "b3-c4 e4-d3 c4xe2xe4xc4 d5-e4 d1-e2 f3xd1xd3xb3xd1xf1",
    );
    snapshot("tides_mid_game", &pos, &["Brannoc", "Hrodgar"], last);
    let (pos, last) = reach(start::<Tides>(2), "c3-c4 c5xc3xa1");
    snapshot("tides_conquest", &pos, &[], last);
}

#[test]
fn board_pic_snapshots() {
    snapshot("pic_2_start", &start::<Pic>(2), &[], None);
    let (pos, last) = reach(
        start::<Pic>(2),
        "2 5 3 4 1 5 2 4 3 4 3 6 2 5 3 4 1 6 1 6 1 4 3 5 3 4 3 4 1 5",
    );
    snapshot("pic_2_mid_game", &pos, &[], last);
    snapshot("pic_3_start", &start::<Pic>(3), &[], None);
    let (pos, last) = reach(
        start::<Pic>(3),
        "1 5 8 1 6 7 3 4 9 2 4 9 1 4 9 2 5 7 3 4 9 3 4 9 2 5 8 3 6 9 2 4 8 2 4 8 3 6 7 3",
    );
    snapshot("pic_3_mid_game", &pos, &["Tamsin", "Pip", "Mirela"], last);
    snapshot("pic_5_start", &start::<Pic>(5), &[], None);
    let (pos, last) = reach(
        start::<Pic>(5),
        "1 5 8 10 15 1 6 7 12 14 1 6 7 10 15 1 5 7 12 13 3 6 7 12 14 2 5 9 12 15 1 4 8 10 13 2 5 9",
    );
    snapshot(
        "pic_5_mid_game",
        &pos,
        &[
            "Tamsin",
            "Pip",
            "Mirela",
            "Old Brannoc the Patient",
            "Ysolde",
        ],
        last,
    );
    let (pos, last) = reach(
        start::<Pic>(2),
        "1 6 2 5 1 6 1 6 1 4 3 6 1 6 1 4 2 4 1 4 2 6 2 6 1 4 2 6 3 4 2 4 3 6 3 5 3 5 3 4 1 4 \
         3 4 3 4 2 4 2 4 3 4 1 4 1 - 2 4 3 4 1 - 3 4 2 - 3 4",
    );
    snapshot("pic_2_over", &pos, &[], last);
}

#[test]
fn board_kiust_snapshots() {
    snapshot("kiust_start", &start::<Kiust>(2), &[], None);
    // Player 1 in the middle of four moves of 6.
    let (pos, last) = reach(
        start::<Kiust>(2),
        "6 a10-b9 3 d10-c12 2 a11-b12 2 c12-c10 2 a12-b11 6 d11-c8 6 a5-a11 3 c8-c5 \
         3 a7-a10 2 c10-c8 2 b12-b10 6 d12-c7 3 a9-a12 3 d8-d11 6x4 b10-b4",
    );
    snapshot("kiust_mid_game", &pos, &["Hrodgar", "Pip"], last);
    // Player 2 threw a kiust, then a 2: the right is held, a capture is possible.
    let (pos, last) = reach(
        "1.1.1......./..1...2...../...2....1.../.2.2.2.2.... ; 2"
            .parse::<Kiust>()
            .unwrap(),
        "kiust 2",
    );
    snapshot("kiust_right_held", &pos, &[], last);
}

#[test]
fn board_oicus_snapshots() {
    snapshot("oicus_start", &start::<Oicus>(2), &[], None);
    let (pos, last) = reach(
        start::<Oicus>(2),
        "W7 W6+W10 W7+W8 W8 W10+V7 W5+V8 W10+V8 V5 W10+D4-3 W8+D6-2 W6+W6 V3+V6 W6+W10 \
         W5+D5-1 W9+D3-3 W5+V10 W8+W10 W6+W10 W10+V10 W6+W10 V4+D1-1 V10+D1-1 W6+V7 \
         D1-2+D8-2 V8+D4-3 W7+W9 V5+D7-3 V6+V6 3V6 V8+D5-1",
    );
    snapshot("oicus_mid_game", &pos, &["Ysolde", "Tamsin"], last);
}
