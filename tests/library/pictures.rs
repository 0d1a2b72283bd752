//! Board pictures show the position they claim (issue 28): every PNG and GIF is decoded
//! by the `png` and `gif` crates, and the colour at the centre of each spot (square,
//! point, heap, trap slot) is held against the position's notation, parsed here from the
//! specs (`check`), never by the engine nor from the picture's own model. Piç's counts
//! are read from the labels of the SVG.
//!
//! In every game, Piç at 2 to 5 seats: positions reached by seeded random legal play
//! (through `film_of_moves`, as `engine apply --image` draws them), positions made up
//! from their notation (property tests), and whole matches of characters filmed game by
//! game, each still as a PNG and the game as a GIF decoded frame by frame over the
//! frames before it.

mod check;

use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use rand::RngExt;
use taproom::ai::{TableRng, table_rng};
use taproom::games::kiust::Kiust;
use taproom::games::oicus::Oicus;
use taproom::games::pic::Pic;
use taproom::games::tides::Tides;
use taproom::games::{Game, GameKind, Turn};
use taproom::ops::picture::ImageKind;
use taproom::report::board::Marks;
use taproom::report::board::picture::film_bytes;
use taproom::report::board::picture::{self, Film, Layout, Look, Picture};
use taproom::table::{Format, RuleOptions};

use crate::narration::play_cast;

/// Draws `look` on `layout` as a PNG, decodes it, and checks every spot against `text`
/// (and for Piç every heap's label against its count). Returns the SVG drawn.
fn check_png(kind: GameKind, layout: &Layout, look: &Look, caption: &str, text: &str) -> String {
    let svg = picture::svg(layout, look, caption);
    let bytes = picture::png(&svg).expect("a PNG is drawn");
    let image = check::decode_png(&bytes);
    assert_eq!(image.width, 800, "{text}");
    let expected = check::expected(kind, text);
    let wrong = check::mismatches(layout, &image, &expected, &check::clear_of(kind));
    assert!(
        wrong.is_empty(),
        "the PNG of `{text}`:\n{}",
        wrong.join("\n")
    );
    let wrong = check::count_mismatches(layout, &svg, &expected);
    assert!(
        wrong.is_empty(),
        "the SVG of `{text}`:\n{}",
        wrong.join("\n")
    );
    svg
}

/// A legal move picked at random (a chance outcome by its odds), `None` once it is over.
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

/// Seeded random games of `G` at `players` seats, each from the start to its end (or
/// `most` moves), filmed as `engine apply --image` films moves; every `stride`-th still
/// (and the last two) drawn as a PNG and checked against the position the test replays.
/// Returns the number of positions checked.
fn random_play<G: Game + Picture>(
    players: usize,
    seeds: std::ops::Range<u64>,
    most: usize,
    stride: usize,
) -> usize {
    let mut checked = 0;
    for seed in seeds {
        let start = G::start(players, &G::Options::default()).expect("a table it seats");
        let mut rng = table_rng(seed);
        let mut pos = start.clone();
        let mut moves = Vec::new();
        // The position after each move as the engine prints it (`engine apply --full`).
        let mut texts = vec![format!("{pos:#}")];
        while moves.len() < most {
            let Some(mv) = random_move(&pos, &mut rng) else {
                break;
            };
            pos.play(mv, &mut ()).expect("a legal move");
            moves.push(mv);
            texts.push(format!("{pos:#}"));
        }
        let film = picture::film_of_moves(&start, &moves).expect("legal moves");
        // The start, each move, then the end again with its outcome.
        texts.push(format!("{pos:#}"));
        assert_eq!(film.stills.len(), texts.len(), "seed {seed}");
        assert_eq!(film.layout.spots.len(), G::layout(players).spots.len());
        let n = film.stills.len();
        for (k, (still, text)) in film.stills.iter().zip(&texts).enumerate() {
            assert_eq!(&still.position, text, "seed {seed}, still {k}");
            if k.is_multiple_of(stride) || k + 2 >= n {
                check_png(G::KIND, &film.layout, &still.look, &still.caption, text);
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn random_play_of_tides_of_war_is_drawn_as_its_notation_says() {
    let checked = random_play::<Tides>(2, 0..8, 160, 3);
    assert!(checked >= 150, "{checked} positions");
}

#[test]
fn random_play_of_kiust_oyun_is_drawn_as_its_notation_says() {
    let checked = random_play::<Kiust>(2, 0..8, 240, 5);
    assert!(checked >= 150, "{checked} positions");
}

#[test]
fn random_play_of_oicustiytac_is_drawn_as_its_notation_says() {
    let checked = random_play::<Oicus>(2, 0..8, 200, 4);
    assert!(checked >= 150, "{checked} positions");
}

#[test]
fn random_play_of_pic_is_drawn_as_its_notation_says_at_every_table_size() {
    for players in 2..=5 {
        let checked = random_play::<Pic>(players, 0..4, 150, 4);
        assert!(checked >= 50, "{checked} positions at {players} seats");
    }
}

/// A position made up from its notation (`text`), read by the engine, drawn with no
/// names and no last move, and checked against the position as the engine then prints
/// it (the same as `text` read by the test's own parser, unless the rules settled it).
fn made_up<G: Game + Picture>(text: &str) -> Result<(), TestCaseError> {
    let pos = match G::from_text(text, &G::Options::default()) {
        Ok(pos) => pos,
        Err(e) => return Err(TestCaseError::reject(e.to_string())),
    };
    let printed = format!("{pos:#}");
    let layout = G::layout(pos.players());
    let look = pos.look(&Marks::none(), &[]);
    check_png(G::KIND, &layout, &look, "A made-up position", &printed);
    Ok(())
}

/// An empty heap shows the wood at its centre, as far from every ink as the other
/// games' empty places are ([`check::FAR`]), at every table size.
#[test]
fn an_empty_heap_shows_the_wood_at_its_centre() {
    let mut inks = vec![picture::HEAP];
    inks.extend(picture::SEAT_COLOURS);
    let clear = check::Clear {
        inks,
        far: check::FAR,
    };
    let mut wrong = Vec::new();
    for players in 2..=5 {
        let text = format!("{} ; 1", vec!["0 0 0"; players].join(" / "));
        let pos: Pic = text.parse().expect("a position");
        let layout = Pic::layout(players);
        let svg = picture::svg(&layout, &pos.look(&Marks::none(), &[]), "Empty");
        let image = check::decode_png(&picture::png(&svg).expect("a PNG"));
        let expected = check::pic(&format!("{pos}"));
        wrong.extend(
            check::mismatches(&layout, &image, &expected, &clear)
                .into_iter()
                .map(|w| format!("{players} seats, {w}")),
        );
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Deterministic property tests: the same cases every run, no files of failures.
fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(28),
        ..Config::default()
    }
}

/// Tides of War positions: up to 14 stones a side, none in its own town (White's a1,
/// Black's f6).
fn tides_text() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(
            prop_oneof![3 => Just('.'), 2 => Just('W'), 2 => Just('B')],
            36,
        ),
        any::<bool>(),
    )
        .prop_map(|(mut squares, white)| {
            // Index 0 is a6 (rank 6 first); a1 is index 30, f6 index 5.
            if squares[30] == 'W' {
                squares[30] = '.';
            }
            if squares[5] == 'B' {
                squares[5] = '.';
            }
            for side in ['W', 'B'] {
                let mut n = 0;
                for s in &mut squares {
                    if *s == side {
                        n += 1;
                        if n > 14 {
                            *s = '.';
                        }
                    }
                }
            }
            let ranks: Vec<String> = squares.chunks(6).map(|r| r.iter().collect()).collect();
            format!("{} {}", ranks.join("/"), if white { 'w' } else { 'b' })
        })
}

/// Kiust Oyun positions: up to 12 pieces a player, player 1's never in column d nor
/// player 2's in a, at least one piece.
fn kiust_text() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(
            prop_oneof![4 => Just('.'), 1 => Just('1'), 1 => Just('2')],
            48,
        ),
        1..=2u8,
        any::<bool>(),
    )
        .prop_map(|(mut points, side, right)| {
            for (i, p) in points.iter_mut().enumerate() {
                let column = i / 12;
                if (column == 3 && *p == '1') || (column == 0 && *p == '2') {
                    *p = '.';
                }
            }
            for player in ['1', '2'] {
                let mut n = 0;
                for p in &mut points {
                    if *p == player {
                        n += 1;
                        if n > 12 {
                            *p = '.';
                        }
                    }
                }
            }
            if points.iter().all(|&p| p == '.') {
                points[13] = '1';
            }
            let columns: Vec<String> = points.chunks(12).map(|c| c.iter().collect()).collect();
            format!(
                "{} ; {side}{}",
                columns.join("/"),
                if right { " k" } else { "" }
            )
        })
}

/// Òicustiỳtac positions: up to 5 stones a trap, up to 15 of a colour with the supply,
/// a trap's stones written in either order.
fn oicus_text() -> impl Strategy<Value = String> {
    let trap = prop_oneof![
        3 => Just((0u8, 0u8)),
        4 => (0..=5u8).prop_flat_map(|b| (Just(b), 0..=5 - b)),
    ];
    (
        proptest::collection::vec((trap, any::<bool>()), 20),
        (0..=15u8, 0..=15u8),
        (0..=20u8, 0..=20u8),
        any::<bool>(),
    )
        .prop_map(|(traps, supply, scores, black)| {
            let mut left = [15u8, 15u8];
            let mut words = Vec::new();
            for ((b, w), white_first) in traps {
                let (b, w) = (b.min(left[0]), w.min(left[1]));
                left[0] -= b;
                left[1] -= w;
                let (bs, ws) = ("b".repeat(b.into()), "w".repeat(w.into()));
                words.push(match (b + w, white_first) {
                    (0, _) => ".".to_owned(),
                    (_, true) => format!("{ws}{bs}"),
                    (_, false) => format!("{bs}{ws}"),
                });
            }
            format!(
                "{} / {} ; {} {} ; {} {} ; {}",
                words[..10].join(" "),
                words[10..].join(" "),
                supply.0.min(left[0]),
                supply.1.min(left[1]),
                scores.0,
                scores.1,
                if black { 'b' } else { 'w' }
            )
        })
}

/// Piç positions at 2 to 5 seats: heaps of 0 to 199 counters, some of them piçs of any
/// player.
fn pic_text() -> impl Strategy<Value = String> {
    (2..=5usize)
        .prop_flat_map(|players| {
            let heap = (
                prop_oneof![2 => Just(0u16), 5 => 1..=30u16, 1 => 31..=199u16],
                prop_oneof![3 => Just(None), 1 => (1..=players).prop_map(Some)],
            );
            (
                Just(players),
                proptest::collection::vec(heap, 3 * players),
                1..=players,
            )
        })
        .prop_map(|(_, heaps, side)| {
            let words: Vec<String> = heaps
                .iter()
                .map(|(count, owner)| match owner {
                    Some(o) => format!("{count}p{o}"),
                    None => count.to_string(),
                })
                .collect();
            let groups: Vec<String> = words.chunks(3).map(|g| g.join(" ")).collect();
            format!("{} ; {side}", groups.join(" / "))
        })
}

proptest! {
    #![proptest_config(config(60))]

    #[test]
    fn a_made_up_tides_of_war_position_is_drawn_as_its_notation_says(text in tides_text()) {
        made_up::<Tides>(&text)?;
    }

    #[test]
    fn a_made_up_kiust_oyun_position_is_drawn_as_its_notation_says(text in kiust_text()) {
        made_up::<Kiust>(&text)?;
    }

    #[test]
    fn a_made_up_oicustiytac_position_is_drawn_as_its_notation_says(text in oicus_text()) {
        made_up::<Oicus>(&text)?;
    }

    #[test]
    fn a_made_up_pic_position_is_drawn_as_its_notation_says(text in pic_text()) {
        made_up::<Pic>(&text)?;
    }
}

/// Checks a film of a game: each still's PNG against the still's position; the PNG and
/// SVG files `film_bytes` makes against the last still; the GIF has a frame a still, is
/// 600 to 1200 pixels wide, pauses longest on the last frame, and, drawn frame over
/// frame, shows at each frame the position of its still.
fn check_film(kind: GameKind, film: &Film) {
    let stills = &film.stills;
    assert!(stills.len() >= 2, "a film holds its start and its result");
    for (still, svg) in stills.iter().zip(film.svgs()) {
        let drawn = check_png(
            kind,
            &film.layout,
            &still.look,
            &still.caption,
            &still.position,
        );
        assert_eq!(drawn, svg, "a still's SVG is the film's");
    }
    let last = film.last();
    let png = film_bytes(film, ImageKind::Png).expect("a PNG");
    let wrong = check::mismatches(
        &film.layout,
        &check::decode_png(&png),
        &check::expected(kind, &last.position),
        &check::clear_of(kind),
    );
    assert!(wrong.is_empty(), "the film's PNG:\n{}", wrong.join("\n"));
    let svg = film_bytes(film, ImageKind::Svg).expect("an SVG");
    assert_eq!(
        String::from_utf8(svg).expect("UTF-8"),
        picture::svg(&film.layout, &last.look, &last.caption)
    );

    let gif = film_bytes(film, ImageKind::Gif).expect("a GIF");
    let delays = check::gif_delays(&gif);
    assert_eq!(
        delays.len(),
        stills.len(),
        "a frame a still: {}",
        film.heading
    );
    let (&pause, others) = delays.split_last().expect("frames");
    assert!(
        others.iter().all(|&d| d > 0 && d < pause),
        "the last frame holds longest: {delays:?}"
    );
    let mut frames = 0;
    let (w, h) = check::decode_gif(&gif, |k, info, screen| {
        frames += 1;
        assert_eq!(info.dispose, gif::DisposalMethod::Keep, "frame {k}");
        if k == 0 {
            assert_eq!(
                info.rect,
                [0, 0, screen.width as u16, screen.height as u16],
                "the first frame covers the screen"
            );
        }
        let still = &stills[k];
        let wrong = check::mismatches(
            &film.layout,
            screen,
            &check::expected(kind, &still.position),
            &check::clear_of(kind),
        );
        assert!(
            wrong.is_empty(),
            "frame {k} of {} (`{}`):\n{}",
            film.heading,
            still.position,
            wrong.join("\n")
        );
    });
    assert_eq!(frames, stills.len());
    assert!((600..=1200).contains(&w), "a GIF {w} wide");
    assert!(h > 0);
}

/// Seeded best-of-3 matches (Òicustiỳtac: its own first to 3 rounds) of characters as
/// honest as their files say, every game filmed (in the players' view and the GM's by
/// turns); the films with the table's asides first, then the rest in the order played,
/// checked while they keep within `budget` stills (at least one film: a Kiust Oyun game
/// runs to a thousand stills, throws included). Returns the films and stills checked, and
/// the asides among them.
fn filmed_matches<G: Game + Picture>(
    seeds: std::ops::RangeInclusive<u64>,
    names: &[&str],
    budget: usize,
) -> (usize, usize, usize) {
    let format = match G::KIND {
        GameKind::Oicustiytac => Format::default_for(G::KIND),
        _ => Format::BestOf(3),
    };
    let mut films = Vec::new();
    for seed in seeds {
        let (log, _) = play_cast::<G>(seed, names, format, G::Options::default(), true);
        for (i, game) in log.games.iter().enumerate() {
            let players_view = (seed + i as u64).is_multiple_of(2);
            let film = picture::film(
                &log,
                &RuleOptions::default(),
                Some(game.number),
                players_view,
            )
            .expect("a game the match played");
            assert_eq!(film.layout.spots.len(), G::layout(names.len()).spots.len());
            films.push(film);
        }
    }
    let asides = |film: &Film| {
        film.stills
            .iter()
            .filter(|s| s.caption.starts_with("At the table"))
            .count()
    };
    // A stable sort: the order played within each kind.
    films.sort_by_key(|film| asides(film) == 0);
    let (mut checked, mut stills, mut shown) = (0, 0, 0);
    let mut take = |film: &Film| {
        check_film(G::KIND, film);
        checked += 1;
        stills += film.stills.len();
        shown += asides(film);
    };
    let mut within = 0;
    for film in &films {
        if within + film.stills.len() <= budget {
            within += film.stills.len();
            take(film);
        }
    }
    if within == 0 {
        take(films.iter().min_by_key(|f| f.stills.len()).expect("a game"));
    }
    (checked, stills, shown)
}

#[test]
fn every_still_and_frame_of_tides_of_war_matches_shows_its_position() {
    let (films, stills, _) = filmed_matches::<Tides>(1..=5, &["Brannoc", "Mirela"], 120);
    assert!(films >= 5 && stills >= 80, "{films} films, {stills} stills");
}

#[test]
fn every_still_and_frame_of_a_kiust_oyun_game_shows_its_position() {
    // Its shortest game of a dozen matches: some 470 stills, the longest test here.
    let (films, stills, _) = filmed_matches::<Kiust>(1..=12, &["Hrodgar", "Mirela"], 500);
    assert!(
        films >= 1 && stills >= 300,
        "{films} films, {stills} stills"
    );
}

#[test]
fn every_still_and_frame_of_oicustiytac_matches_shows_its_position() {
    let (films, stills, asides) = filmed_matches::<Oicus>(1..=3, &["Ysolde", "Mirela"], 260);
    assert!(
        films >= 2 && stills >= 120,
        "{films} films, {stills} stills"
    );
    assert!(asides > 0, "a cheat caught is shown");
}

/// Piç matches at a table of `names`: returns the asides shown.
fn pic_matches(names: &[&str]) -> usize {
    let (films, stills, asides) = filmed_matches::<Pic>(1..=10, names, 110);
    assert!(
        films >= 1 && stills >= 60,
        "{films} films, {stills} stills at {} seats",
        names.len()
    );
    asides
}

#[test]
fn every_still_and_frame_of_pic_matches_of_two_shows_its_position() {
    pic_matches(&["Tamsin", "Mirela"]);
}

#[test]
fn every_still_and_frame_of_pic_matches_of_three_shows_its_position() {
    let asides = pic_matches(&["Pip", "Mirela", "Hrodgar"]);
    assert!(asides > 0, "a cheat caught is shown");
}

#[test]
fn every_still_and_frame_of_pic_matches_of_four_shows_its_position() {
    pic_matches(&["Brannoc", "Mirela", "Pip", "Ysolde"]);
}

#[test]
fn every_still_and_frame_of_pic_matches_of_five_shows_its_position() {
    pic_matches(&["Brannoc", "Mirela", "Pip", "Ysolde", "Tamsin"]);
}

/// The layouts put the spots where the specs put the places, and no two discs overlap:
/// Tides of War's files run left to right and ranks upwards; Kiust Oyun's columns `a`
/// to `d` left to right and its rows down one column; Òicustiỳtac's Black trap `i`
/// stands under White's trap `11 − i` (the one it faces); Piç's heaps run clockwise
/// round the table from player 1's at the top.
#[test]
fn the_spots_stand_where_the_specs_put_them_and_apart() {
    let place = |layout: &Layout| -> BTreeMap<String, (f32, f32)> {
        let mut at = BTreeMap::new();
        for s in &layout.spots {
            at.entry(s.name.clone()).or_insert((s.x, s.y));
        }
        at
    };
    let tides = place(&Tides::layout(2));
    for file in 0..5u8 {
        for rank in 1..=6 {
            let here = tides[&format!("{}{rank}", char::from(b'a' + file))];
            let right = tides[&format!("{}{rank}", char::from(b'b' + file))];
            assert!(right.0 > here.0 && (right.1 - here.1).abs() < 0.5);
            if rank < 6 {
                let up = tides[&format!("{}{}", char::from(b'a' + file), rank + 1)];
                assert!(up.1 < here.1 && (up.0 - here.0).abs() < 0.5);
            }
        }
    }
    let kiust = place(&Kiust::layout(2));
    for column in 0..4u8 {
        for row in 1..=12 {
            let here = kiust[&format!("{}{row}", char::from(b'a' + column))];
            if column < 3 {
                let right = kiust[&format!("{}{row}", char::from(b'b' + column))];
                assert!(right.0 > here.0 && (right.1 - here.1).abs() < 0.5);
            }
            if row < 12 {
                let next = kiust[&format!("{}{}", char::from(b'a' + column), row + 1)];
                assert!((next.0 - here.0).abs() < 0.5 && next.1 != here.1);
            }
        }
    }
    let oicus = place(&Oicus::layout(2));
    for i in 1..=10 {
        let black = oicus[&format!("B{i}")];
        let white = oicus[&format!("W{}", 11 - i)];
        assert!((black.0 - white.0).abs() < 0.5, "B{i} under W{}", 11 - i);
        assert!(black.1 > white.1, "Black's Land below");
    }
    for players in 2..=5 {
        let layout = Pic::layout(players);
        let heaps = 3 * players;
        assert_eq!(layout.spots.len(), heaps);
        let (cx, cy) = layout.spots.iter().fold((0.0, 0.0), |(x, y), s| {
            (x + s.x / heaps as f32, y + s.y / heaps as f32)
        });
        let turn = |s: &picture::Spot| (s.y - cy).atan2(s.x - cx);
        for i in 0..heaps {
            let (a, b) = (&layout.spots[i], &layout.spots[(i + 1) % heaps]);
            assert_eq!(a.name, format!("heap {}", i + 1));
            // Clockwise on the screen (y down): the angle grows, modulo a turn.
            let step = (turn(b) - turn(a)).rem_euclid(std::f32::consts::TAU);
            assert!(
                step > 0.0 && step < std::f32::consts::PI,
                "heap {} then {}",
                i + 1,
                i + 2
            );
        }
        let top = layout
            .spots
            .iter()
            .min_by(|a, b| a.y.total_cmp(&b.y))
            .expect("heaps");
        assert!(
            ["heap 1", "heap 2"].contains(&top.name.as_str()),
            "player 1's heaps at the top, not {}",
            top.name
        );
    }
    let layouts = [
        Tides::layout(2),
        Kiust::layout(2),
        Oicus::layout(2),
        Pic::layout(2),
        Pic::layout(3),
        Pic::layout(4),
        Pic::layout(5),
    ];
    for layout in &layouts {
        for (i, a) in layout.spots.iter().enumerate() {
            assert!(a.x - a.r >= 0.0 && a.x + a.r <= picture::WIDTH && a.y - a.r >= 0.0);
            assert!(
                a.y + a.r <= layout.board_height,
                "{} inside the board",
                a.name
            );
            for b in &layout.spots[i + 1..] {
                let d = ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt();
                assert!(d >= a.r + b.r, "{} and {} overlap", a.name, b.name);
            }
        }
    }
}
