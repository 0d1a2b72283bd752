//! One test for each rule of `shared/rules/kiust-oyun.md`.

use super::board::{COL_A, COL_D};
use super::*;
use crate::games::sample_chance;
use crate::games::{Evaluate, GameKind, PositionError, Tableside, perft};
use crate::seed::table_rng;

fn pos(text: &str) -> Kiust {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// The same position made under `options` (its full text read again under them).
fn under(p: &Kiust, options: &Options) -> Kiust {
    Kiust::from_text(&format!("{p:#}"), options).unwrap_or_else(|e| panic!("{e}"))
}

/// A position with player 1's pieces on `ones`, player 2's on `twos`, and `tail` after
/// the `;` (`"1"`, `"2 k"`, ...).
fn setup(ones: &[&str], twos: &[&str], tail: &str) -> Kiust {
    let mut cells = ['.'; 48];
    for (c, points) in [('1', ones), ('2', twos)] {
        for p in points {
            let point = Point::parse(p).unwrap_or_else(|| panic!("{p}"));
            cells[usize::from(point.index())] = c;
        }
    }
    let columns: Vec<String> = cells.chunks(12).map(|c| c.iter().collect()).collect();
    pos(&format!("{} ; {tail}", columns.join("/")))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn play(p: &mut Kiust, text: &str) -> Vec<Event> {
    let mut events = Vec::new();
    p.play(mv(text), &mut events)
        .unwrap_or_else(|e| panic!("{e}"));
    events
}

fn moves(p: &Kiust) -> Vec<String> {
    let mut out = Vec::new();
    p.legal_moves(&mut out);
    let mut v: Vec<String> = out.iter().map(ToString::to_string).collect();
    v.sort();
    v
}

/// The legal moves after `throw` (none when the throw was lost).
fn moves_after(p: &Kiust, throw: &str) -> Vec<String> {
    let mut q = *p;
    play(&mut q, throw);
    moves(&q)
}

fn four() -> Options {
    Options {
        all_round: AllRound::Four,
    }
}

#[test]
fn the_board_has_four_columns_of_12_and_each_player_starts_on_their_outer_column() {
    let p = Kiust::start(2, &Options::default()).unwrap();
    assert_eq!(p.to_string(), START);
    assert_eq!(p.pieces, [COL_A, COL_D]);
    assert_eq!((p.pieces(Seat(0)), p.pieces(Seat(1))), (12, 12));
    assert_eq!(p.turn(), Turn::Chance, "player 1's throw comes first");
    assert_eq!(p.side, 0);
}

#[test]
fn kiust_oyun_is_for_two_players() {
    assert!(Kiust::start(3, &Options::default()).is_err());
    assert!(Kiust::start(1, &Options::default()).is_err());
}

#[test]
fn player_1_goes_down_a_up_b_across_to_c_down_c_and_back_to_b12() {
    let lone = |at: &str, throw: &str| moves_after(&setup(&[at], &["d1"], "1 k"), throw);
    assert_eq!(lone("a1", "6"), ["a1-a7"]);
    assert_eq!(lone("a10", "3"), ["a10-b12"], "a12 leads to b12");
    assert_eq!(lone("a12", "2"), ["a12-b11"]);
    assert_eq!(lone("b12", "3"), ["b12-b9"], "b is climbed upwards");
    assert_eq!(lone("b2", "2"), ["b2-c1"], "b1 leads across to c1");
    assert_eq!(lone("b1", "6"), ["b1-c6"], "c is walked downwards");
    assert_eq!(lone("c11", "2"), ["c11-b12"], "c12 leads back to b12");
    assert_eq!(lone("c12", "6"), ["c12-b7"]);
}

#[test]
fn player_2_mirrors_it_down_d_up_c_across_to_b_down_b_and_back_to_c12() {
    let lone = |at: &str, throw: &str| moves_after(&setup(&["a1"], &[at], "2 k"), throw);
    assert_eq!(lone("d1", "6"), ["d1-d7"]);
    assert_eq!(lone("d12", "2"), ["d12-c11"], "d12 leads to c12");
    assert_eq!(lone("c12", "3"), ["c12-c9"], "c is climbed upwards");
    assert_eq!(lone("c1", "2"), ["c1-b2"], "c1 leads across to b1");
    assert_eq!(lone("b11", "3"), ["b11-c11"], "b12 leads back to c12");
}

#[test]
fn pieces_never_leave_the_board_they_circle_the_middle_for_ever() {
    // Four moves of 6 take a lone piece from b12 once round the middle loop, back to b12.
    let mut p = setup(&["b12"], &["d1"], "1 k");
    play(&mut p, "6x4");
    for step in ["b12-b6", "b6-c1", "c1-c7", "c7-b12"] {
        assert_eq!(moves(&p), [step]);
        play(&mut p, step);
    }
    assert_eq!(p.to_string(), setup(&["b12"], &["d1"], "2").to_string());
}

#[test]
fn the_four_sticks_give_kiust_6_3_2_and_four_sixes_with_exact_chances() {
    let p = pos(START);
    let mut out = Vec::new();
    p.chance_outcomes(&mut out);
    let got: Vec<(String, Chance)> = out.iter().map(|(m, c)| (m.to_string(), *c)).collect();
    let want = [("kiust", 1), ("6", 4), ("3", 6), ("2", 4), ("6x4", 1)];
    assert_eq!(got.len(), want.len());
    for ((m, c), (wm, wn)) in got.iter().zip(want) {
        assert_eq!((m.as_str(), *c), (wm, Chance::new(wn, 16)));
    }
    assert_eq!(out.iter().map(|(_, c)| c.num).sum::<u32>(), 16);
}

#[test]
fn all_round_four_makes_no_flat_side_a_single_move_of_4() {
    let mut p = Kiust::from_text(START, &four()).unwrap();
    let mut out = Vec::new();
    p.chance_outcomes(&mut out);
    assert_eq!(out[4], (Move::Throw(Throw::Four), Chance::new(1, 16)));
    assert!(!p.is_legal(mv("6x4")));
    assert!(!pos(START).is_legal(mv("4")), "no 4 under four-sixes");
    assert_eq!(
        moves_after(&p, "4"),
        ["a10-b11", "a11-b10", "a12-b9", "a9-b12"]
    );
    play(&mut p, "4");
    play(&mut p, "a9-b12");
    assert_eq!(
        p.turn(),
        Turn::Chance,
        "one move of 4, then player 2 throws"
    );
    assert_eq!(p.side, 1);
    assert_eq!(Kiust::start(2, &four()).unwrap().options, four());
}

#[test]
fn the_all_round_option_reads_from_toml() {
    let read = |text: &str| toml::from_str::<Options>(text);
    assert_eq!(read("all_round = \"four\"").unwrap(), four());
    assert_eq!(
        read("all_round = \"four-sixes\"").unwrap(),
        Options::default()
    );
    assert_eq!(read("").unwrap(), Options::default());
    assert!(read("all_round = \"five\"").is_err());
    assert!(read("all_rounds = \"four\"").is_err());
}

#[test]
fn a_kiust_gives_no_move_but_the_right_and_the_player_throws_again() {
    let mut p = pos(START);
    let events = play(&mut p, "kiust");
    assert_eq!(
        events,
        [Event::from(KiustEvent::Throw {
            by: Seat(0),
            throw: Throw::Kiust
        })]
    );
    assert_eq!(p.turn(), Turn::Chance, "throw again");
    assert!(moves(&p).is_empty(), "no move on a kiust");
    assert_eq!(p.to_string(), format!("{} k", START));
    play(&mut p, "kiust");
    assert_eq!(
        p.to_string(),
        format!("{} k", START),
        "as often as kiust comes"
    );
    play(&mut p, "2");
    assert_eq!(p.turn(), Turn::Seat(Seat(0)));
}

#[test]
fn the_kiust_right_lasts_for_the_rest_of_the_turn() {
    let mut p = setup(&["b1", "b2"], &["d1"], "1 k");
    play(&mut p, "6x4");
    assert_eq!(moves(&p), ["b1-c6", "b2-c5"]);
    play(&mut p, "b2-c5");
    assert_eq!(
        moves(&p),
        ["b1-c6", "c5-c11"],
        "the right holds for the next move"
    );
    let events = play(&mut p, "b1-c6");
    assert!(matches!(events[..], [Event::Enter { by: Seat(0), .. }]));
    play(&mut p, "c5-c11");
    play(&mut p, "c6-c12");
    assert_eq!(
        p.to_string(),
        setup(&["c11", "c12"], &["d1"], "2").to_string()
    );
}

#[test]
fn the_kiust_right_ends_with_the_turn() {
    let mut p = setup(&["a12", "b2"], &["d1"], "1 k");
    assert_eq!(moves_after(&p, "2"), ["a12-b11", "b2-c1"]);
    play(&mut p, "2");
    play(&mut p, "a12-b11");
    assert!(!p.has_kiust_right());
    play(&mut p, "2");
    play(&mut p, "d1-d3");
    assert_eq!(moves_after(&p, "2"), ["b11-b9"], "b2-c1 needs a new kiust");
}

#[test]
fn four_moves_of_6_are_four_moves_in_a_row_by_the_same_player() {
    let mut p = pos(START);
    play(&mut p, "6x4");
    for step in ["a12-b7", "a11-b8", "a10-b9"] {
        play(&mut p, step);
        assert_eq!(p.turn(), Turn::Seat(Seat(0)), "after {step}");
    }
    assert_eq!(p.throw_in_play(), Some((Throw::FourSixes, 1)));
    play(&mut p, "a9-b10");
    assert_eq!(p.turn(), Turn::Chance);
    assert_eq!(p.side, 1, "the other player's turn follows");
    assert_eq!(p.turns(), 1, "four moves of 6 are one turn");
}

#[test]
fn when_no_move_of_6_is_left_the_rest_of_the_four_sixes_is_lost() {
    // After a1-a7 the piece could only go on to b12, where player 2 stands.
    let mut p = setup(&["a1"], &["b12"], "1");
    play(&mut p, "6x4");
    let events = play(&mut p, "a1-a7");
    assert_eq!(events, [KiustEvent::ThrowLost { by: Seat(0) }.into()]);
    assert_eq!(p.turn(), Turn::Chance);
    assert_eq!(p.side, 1);
}

#[test]
fn moving_is_compulsory_when_a_move_is_legal() {
    let mut p = pos(START);
    play(&mut p, "2");
    assert_eq!(p.turn(), Turn::Seat(Seat(0)));
    assert!(!moves(&p).is_empty());
    // Nothing but a step of the throw can be played: no second throw, no pass.
    assert!(p.play(mv("3"), &mut ()).is_err());
    assert!("pass".parse::<Move>().is_err());
    let mut out = Vec::new();
    p.legal_moves(&mut out);
    assert!(out.iter().all(|m| matches!(m, Move::Step { .. })));
}

#[test]
fn a_throw_with_no_legal_move_is_lost_and_the_other_player_throws() {
    let mut p = setup(&["b2"], &["d1"], "1");
    let events = play(&mut p, "2");
    assert_eq!(
        events,
        [
            KiustEvent::Throw {
                by: Seat(0),
                throw: Throw::Two
            }
            .into(),
            KiustEvent::ThrowLost { by: Seat(0) }.into(),
        ]
    );
    assert_eq!(p.turn(), Turn::Chance);
    assert_eq!(p.to_string(), setup(&["b2"], &["d1"], "2").to_string());
    assert_eq!(p.turns(), 1);
}

#[test]
fn the_first_moves_of_player_1_for_2_3_and_6() {
    let p = pos(START);
    assert_eq!(moves_after(&p, "2"), ["a11-b12", "a12-b11"]);
    assert_eq!(moves_after(&p, "3"), ["a10-b12", "a11-b11", "a12-b10"]);
    assert_eq!(
        moves_after(&p, "6"),
        ["a10-b9", "a11-b8", "a12-b7", "a7-b12", "a8-b11", "a9-b10"]
    );
}

#[test]
fn a_2_landing_on_an_opponent_in_an_inner_column_captures_it() {
    let mut p = setup(&["b9", "a1"], &["b7", "d1"], "1");
    play(&mut p, "2");
    assert!(moves(&p).contains(&"b9-b7".to_owned()));
    let events = play(&mut p, "b9-b7");
    assert_eq!(
        events,
        [Event::Capture {
            by: Seat(0),
            victim: Seat(1),
            at: Place::Square { file: 1, rank: 7 },
            count: 1
        }]
    );
    assert_eq!(p.pieces(Seat(1)), 1, "the captured piece leaves the game");
    // In the opponent's inner row too, with the kiust right to enter it.
    let mut q = setup(&["b2"], &["c1", "d1"], "1 k");
    play(&mut q, "2");
    let events = play(&mut q, "b2-c1");
    assert!(matches!(
        events[..],
        [Event::Enter { .. }, Event::Capture { .. }]
    ));
    assert_eq!(q.pieces(Seat(1)), 1);
}

#[test]
fn only_a_2_captures_a_3_or_a_6_may_not_land_on_an_opponent() {
    let p = setup(&["b10"], &["b7", "d1"], "1");
    assert_eq!(moves_after(&p, "3"), Vec::<String>::new());
    let q = setup(&["b10"], &["b4", "d1"], "1");
    assert!(moves_after(&q, "6").is_empty());
    let r = under(&setup(&["a9"], &["b12", "d1"], "1"), &four());
    assert!(moves_after(&r, "4").is_empty());
}

#[test]
fn a_move_may_pass_own_pieces_but_never_land_on_one() {
    let p = setup(&["b10", "b9", "b4"], &["d1"], "1");
    let after_2 = moves_after(&p, "2");
    assert!(after_2.contains(&"b10-b8".to_owned()), "passing b9 is free");
    assert!(!moves_after(&p, "6").contains(&"b10-b4".to_owned()));
}

#[test]
fn only_a_3_passes_an_opponent_without_capturing() {
    let p = setup(&["b10"], &["b9", "d1"], "1");
    assert_eq!(moves_after(&p, "3"), ["b10-b7"]);
    assert!(moves_after(&p, "2").is_empty(), "a 2 that does not capture");
    assert!(moves_after(&p, "6").is_empty());
    let q = under(&p, &four());
    assert!(moves_after(&q, "4").is_empty());
}

#[test]
fn a_2_that_captures_may_pass_an_opponent() {
    let mut p = setup(&["b10"], &["b9", "b8"], "1");
    play(&mut p, "2");
    assert_eq!(moves(&p), ["b10-b8"]);
    play(&mut p, "b10-b8");
    assert_eq!(p.to_string(), setup(&["b8"], &["b9"], "2").to_string());
}

#[test]
fn entering_the_opponents_inner_row_needs_the_kiust_right() {
    let without = setup(&["b2"], &["d1"], "1");
    assert!(moves_after(&without, "2").is_empty());
    assert!(moves_after(&without, "6").is_empty());
    let mut with = setup(&["b2"], &["d1"], "1 k");
    play(&mut with, "2");
    let events = play(&mut with, "b2-c1");
    assert_eq!(
        events,
        [Event::Enter {
            by: Seat(0),
            at: Place::Square { file: 2, rank: 1 }
        }]
    );
    // Player 2 into `b` likewise.
    assert!(moves_after(&setup(&["a1"], &["c2"], "2"), "2").is_empty());
    assert_eq!(moves_after(&setup(&["a1"], &["c2"], "2 k"), "2"), ["c2-b1"]);
}

#[test]
fn moves_that_begin_in_the_opponents_inner_row_need_no_right() {
    let p = setup(&["c3", "c11"], &["d1"], "1");
    assert_eq!(moves_after(&p, "2"), ["c11-b12", "c3-c5"]);
    let mut q = p;
    play(&mut q, "2");
    assert!(
        play(&mut q, "c3-c5").is_empty(),
        "moving within c is no entering"
    );
}

#[test]
fn capturing_all_the_opponents_pieces_wins() {
    let mut p = setup(&["b9"], &["b7"], "1");
    play(&mut p, "2");
    let events = play(&mut p, "b9-b7");
    let outcome = Outcome::win(Seat(0), ALL_CAPTURED);
    assert_eq!(events.last(), Some(&Event::Over { outcome }));
    assert_eq!(p.outcome(), Some(outcome));
    assert_eq!(p.turn(), Turn::Over);
    let mut out = Vec::new();
    p.chance_outcomes(&mut out);
    assert!(out.is_empty());
    assert_eq!(perft(&p, 2), 0);
}

#[test]
fn the_cap_after_1000_turns_is_drawn_on_equal_pieces() {
    // Neither lone piece can move a 2 without the kiust right: every throw is lost.
    let mut p = setup(&["b2"], &["c2"], "1");
    for turn in 0..CAP_TURNS {
        assert_eq!(p.outcome(), None, "still playing at turn {turn}");
        play(&mut p, "2");
    }
    assert_eq!(p.turns(), CAP_TURNS);
    assert_eq!(p.outcome(), Some(Outcome::draw(End::Cap)));
}

#[test]
fn the_cap_after_1000_turns_goes_to_the_player_with_more_pieces() {
    let mut p = setup(&["b2"], &["c2", "d1"], "1");
    p.turns = CAP_TURNS - 2;
    play(&mut p, "2");
    assert_eq!(p.outcome(), None);
    play(&mut p, "3");
    let events = play(&mut p, "d1-d4");
    let outcome = Outcome::win(Seat(1), End::Cap);
    assert_eq!(events, [Event::Over { outcome }]);
    assert_eq!(p.outcome(), Some(outcome));
}

#[test]
fn the_first_turn_goes_to_the_most_flat_sides_and_ties_throw_again() {
    let mut ties = 0;
    let mut wins = [0; 2];
    for seed in 0..400 {
        let first = Kiust::first_turn(2, &mut table_rng(seed));
        let (last, throws) = first.events.split_last().unwrap();
        assert_eq!(
            *last,
            Event::FirstTurn {
                winner: Seat(first.winner as u8)
            }
        );
        assert_eq!(throws.len() % 2, 0, "both throw each round");
        let rounds: Vec<(u8, u8)> = throws
            .chunks(2)
            .map(|pair| match (pair[0].own(), pair[1].own()) {
                (
                    Some(&KiustEvent::FirstThrow {
                        player: Seat(0),
                        flats: a,
                    }),
                    Some(&KiustEvent::FirstThrow {
                        player: Seat(1),
                        flats: b,
                    }),
                ) => (a, b),
                _ => panic!("not a round of throws: {pair:?}"),
            })
            .collect();
        let (&(a, b), before) = rounds.split_last().unwrap();
        assert!(before.iter().all(|(x, y)| x == y), "only ties repeat");
        assert_ne!(a, b);
        assert!(a <= 4 && b <= 4);
        assert_eq!(first.winner, usize::from(b > a));
        ties += before.len();
        wins[first.winner] += 1;
    }
    assert!(ties > 0, "some first throws are tied");
    assert!(wins[0] > 0 && wins[1] > 0);
}

#[test]
fn the_first_turn_odds_are_computed_exactly() {
    let two = Kiust::first_turn_odds(2);
    assert_eq!(two.len(), 2);
    // P(a > b) over P(a != b), with a, b binomial(4, 1/2): (256 - 70) / 2 out of 256 - 70.
    for p in &two {
        assert!((p - 0.5).abs() < 1e-12, "{two:?}");
    }
    let three = Kiust::first_turn_odds(3);
    assert!(
        three.iter().all(|p| (p - 1.0 / 3.0).abs() < 1e-12),
        "{three:?}"
    );
}

#[test]
fn every_throw_is_logged() {
    let mut p = pos(START);
    for (text, throw) in [("3", Throw::Three), ("6", Throw::Six)] {
        let events = play(&mut p, text);
        assert_eq!(
            events,
            [Event::from(KiustEvent::Throw {
                by: Seat(p.side),
                throw
            })]
        );
        let first = moves(&p)[0].clone();
        play(&mut p, &first);
    }
}

#[test]
fn notation_round_trips_and_malformed_positions_are_refused() {
    // The first ten do not follow the notation; the last four read, but the rules refuse
    // them (a piece off its track, thirteen pieces, no pieces at all).
    assert_eq!(pos(START).to_string(), START);
    let k = "1111111111.1/.1........../...2......../222222222.22 ; 2 k";
    assert_eq!(pos(k).to_string(), k);
    for (i, bad) in [
        "",
        "111111111111/............/............/222222222222",
        "111111111111/............/............/222222222222 ; 3",
        "111111111111/............/............/222222222222 ;",
        "111111111111/............/............/222222222222 ; 1 x",
        "111111111111/............/............/222222222222 ; 1 k k",
        "111111111111/............/222222222222 ; 1",
        "11111111111/............/............/222222222222 ; 1",
        "111111111111/............/............/2222222222222 ; 1",
        "111111111111/......x...../............/222222222222 ; 1",
        "11111111111./............/............/2222222222.1 ; 1",
        "111111111112/............/............/22222222222. ; 1",
        "111111111111/1.........../............/222222222222 ; 1",
        "............/............/............/............ ; 1",
    ]
    .into_iter()
    .enumerate()
    {
        match bad.parse::<Kiust>().unwrap_err() {
            PositionError::Parse(e) => assert!(i < 10 && e.what == "position", "{bad:?}"),
            PositionError::Illegal { game, reason, .. } => {
                assert!(i >= 10 && game == GameKind::KiustOyun, "{bad:?}");
                // The game's own refusal is kept as its type, not only its words.
                assert!(reason.of::<Invalid>().is_some(), "{bad:?}");
            }
        }
    }
}

#[test]
fn a_position_where_a_player_has_no_pieces_left_is_won_by_the_other() {
    let p = setup(&["a1"], &[], "2");
    assert_eq!(p.outcome(), Some(Outcome::win(Seat(0), ALL_CAPTURED)));
    assert_eq!(p.turn(), Turn::Over);
}

#[test]
fn illegal_moves_are_refused_with_the_move_and_the_position() {
    let mut p = pos(START);
    let err = p.play(mv("a11-b12"), &mut ()).unwrap_err();
    assert_eq!((err.mv.as_str(), err.position.as_str()), ("a11-b12", START));
    // At the start the sticks are due: a step is no outcome of them.
    assert_eq!(err.reason, crate::games::Refused::NoOutcome);
    assert!(
        err.to_string()
            .ends_with(": it is not a possible outcome of the chance event due")
    );
    play(&mut p, "2");
    let err = p.play(mv("a10-b12"), &mut ()).unwrap_err();
    assert_eq!(err.mv, "a10-b12");
    assert_eq!(err.reason, crate::games::Refused::NotLegal(Seat(0)));
    assert_eq!(p.throw_in_play(), Some((Throw::Two, 1)), "nothing changed");
}

#[test]
fn perft_from_the_start() {
    // By hand: 5 throws; then 1 + 6 + 3 + 2 + 6 choices; at depth 3 every first move of
    // the four sixes leaves 7 moves of 6.
    let p = pos(START);
    assert_eq!(perft(&p, 1), 5);
    assert_eq!(perft(&p, 2), 22);
    assert_eq!(perft(&p, 3), 22 + 6 * 5 + 3 * 5 + 2 * 5 + 6 * 7);
    let q = under(&p, &four());
    assert_eq!(perft(&q, 2), 20);
    assert_eq!(perft(&q, 3), 20 + 6 * 5 + 3 * 5 + 2 * 5 + 4 * 5);
}

#[test]
fn score_and_standing_are_pieces_left_and_the_heuristic_favours_material() {
    let p = setup(&["b9", "a1"], &["b7"], "1");
    assert_eq!((p.score(Seat(0)), p.score(Seat(1))), (2, 1));
    assert_eq!(p.standing(Seat(1)), [("pieces left", 1)]);
    let (h0, h1) = (p.heuristic(Seat(0)), p.heuristic(Seat(1)));
    assert!(h0 > 0.0 && h1 < 0.0 && (h0 + h1).abs() < 1e-6, "{h0} {h1}");
    assert_eq!(pos(START).heuristic(Seat(0)), 0.0);
    let ahead = setup(&["b7"], &["d1"], "1");
    assert!(ahead.heuristic(Seat(0)) > 0.0, "progress counts");
    assert!(ahead.heuristic(Seat(0)) <= 1.0);
}

/// A player's track as a list of its 36 points, straight from the spec's words.
fn track(side: usize) -> Vec<Point> {
    let (outer, own, enemy) = if side == 0 { (0, 1, 2) } else { (3, 2, 1) };
    let point = |c: u8, r: u8| Point::new(c, r).unwrap();
    let mut t: Vec<Point> = (1..=12).map(|r| point(outer, r)).collect();
    t.extend((1..=12).rev().map(|r| point(own, r)));
    t.extend((1..=12).map(|r| point(enemy, r)));
    t
}

/// The legal steps of the throw in play, by walking the track list point by point.
fn plain_moves(p: &Kiust) -> Vec<String> {
    let Some(throw) = p.throw else {
        return Vec::new();
    };
    let d = usize::from(throw.distance());
    let side = usize::from(p.side);
    let track = track(side);
    let owner = |q: Point| (0..2).find(|&s| p.pieces[s] & q.bit() != 0);
    let enemy_inner = if side == 0 { 2 } else { 1 };
    let mut out = Vec::new();
    for (i, &from) in track.iter().enumerate() {
        if owner(from) != Some(side) {
            continue;
        }
        // After the 36th point the track goes round the middle loop (points 12..36).
        let path: Vec<Point> = (1..=d)
            .map(|k| {
                track[if i + k < 36 {
                    i + k
                } else {
                    12 + (i + k - 12) % 24
                }]
            })
            .collect();
        let to = path[d - 1];
        let captures = owner(to) == Some(1 - side);
        if owner(to) == Some(side) || (captures && (d != 2 || !matches!(to.column(), 1 | 2))) {
            continue;
        }
        let passes = path[..d - 1].iter().any(|&q| owner(q) == Some(1 - side));
        if passes && d != 3 && !captures {
            continue;
        }
        if to.column() == enemy_inner && from.column() != enemy_inner && !p.right {
            continue;
        }
        out.push(format!("{from}-{to}"));
    }
    out.sort();
    out
}

#[test]
fn move_generation_agrees_with_a_plain_walk_along_the_tracks() {
    let mut buf = Vec::new();
    let mut checked = 0;
    for seed in 0..100 {
        let mut rng = table_rng(seed);
        let options = if seed % 2 == 1 {
            four()
        } else {
            Options::default()
        };
        let mut p = Kiust::from_text(START, &options).unwrap();
        for _ in 0..600 {
            match p.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    let throw = sample_chance(&p, &mut rng, &mut buf);
                    let mut hypothetical = p;
                    if let Move::Throw(t) = throw {
                        hypothetical.throw = (t != Throw::Kiust).then_some(t);
                    }
                    let expected = plain_moves(&hypothetical);
                    let side = p.side;
                    p.play_unchecked(throw, &mut ());
                    if expected.is_empty() {
                        assert_ne!(p.turn(), Turn::Seat(Seat(side)), "{p:?}");
                    } else {
                        assert_eq!(moves(&p), expected, "{p:?}");
                        checked += 1;
                    }
                }
                Turn::Seat(_) => {
                    let expected = plain_moves(&p);
                    assert_eq!(moves(&p), expected, "{p:?}");
                    let mut out = Vec::new();
                    p.legal_moves(&mut out);
                    let pick = rand::RngExt::random_range(&mut rng, 0..out.len());
                    p.play_unchecked(out[pick], &mut ());
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 20_000, "{checked}");
}
