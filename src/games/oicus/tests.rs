//! One test for each rule of `shared/rules/oicustiytac.md` (rule numbers are the source's;
//! the examples of rules 7 and 8 are in `tests_examples.rs`, rule 1 in `first.rs`).

use super::*;
use crate::games::{Evaluate, Seats, Tableside, perft};
use crate::seed::table_rng;
use rand::RngExt;

/// A position with the named traps filled (`B4` is Black's trap 4, `W7` White's trap 7)
/// and the rest of the notation (`; supplies ; scores ; side`) as given.
pub(super) fn at(cells: &[(&str, &str)], tail: &str) -> Oicus {
    let mut lands = [["."; 10]; 2];
    for &(name, contents) in cells {
        let land = usize::from(name.starts_with('W'));
        let trap: usize = name[1..].parse().expect("a trap name like B4");
        lands[land][trap - 1] = contents;
    }
    let text = format!("{} / {} {tail}", lands[0].join(" "), lands[1].join(" "));
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// The legal turns, in notation, in the order listed.
pub(super) fn moves(p: &Oicus) -> Vec<String> {
    let mut out = Vec::new();
    p.legal_moves(&mut out);
    out.iter().map(ToString::to_string).collect()
}

/// Whether the turn (in any order of its actions) is legal.
pub(super) fn has(p: &Oicus, mv: &str) -> bool {
    p.is_legal(mv.parse().unwrap_or_else(|e| panic!("{e}")))
}

/// Plays a legal turn and gives back its events.
pub(super) fn play(p: &mut Oicus, mv: &str) -> Vec<Event> {
    let mut events = Vec::new();
    p.play(mv.parse().unwrap_or_else(|e| panic!("{e}")), &mut events)
        .unwrap_or_else(|e| panic!("{e}"));
    events
}

fn start() -> Oicus {
    Oicus::start(2, &Options::default()).unwrap()
}

/// The same position made under `options` (its full text read again under them).
fn under(p: &Oicus, options: Options) -> Oicus {
    Oicus::from_text(&format!("{p:#}"), &options).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn board_each_round_starts_with_15_stones_in_each_supply_and_black_to_move() {
    let p = start();
    assert_eq!(p.to_string(), START);
    for seat in [Seat(0), Seat(1)] {
        assert_eq!(p.supply(seat), 15);
        assert_eq!(p.on_board(seat), 0);
        assert_eq!(p.score(seat), 0);
    }
    assert_eq!(p.turn(), Turn::Seat(Seat(0)), "Black (seat 0) moves first");
    assert!(
        Oicus::start(3, &Options::default()).is_err(),
        "two players only"
    );
}

#[test]
fn board_black_trap_i_faces_white_trap_11_minus_i() {
    for t in 1..=10u8 {
        let black = at(&[(&format!("B{t}"), "b")], "; 14 15 ; 0 0 ; b");
        let mut p = black;
        play(&mut p, &format!("V{t}"));
        assert_eq!(p.stones_at(Seat(0), 10 + usize::from(11 - t) - 1), 1);
        let white = at(&[(&format!("W{t}"), "w")], "; 15 14 ; 0 0 ; w");
        let mut q = white;
        play(&mut q, &format!("V{t}"));
        assert_eq!(q.stones_at(Seat(1), usize::from(11 - t) - 1), 1);
    }
}

#[test]
fn rule_3_whelping_puts_a_supply_stone_into_an_own_whelping_trap_5_to_10() {
    let mut p = start();
    assert_eq!(&moves(&p)[..6], ["W5", "W6", "W7", "W8", "W9", "W10"]);
    assert!(moves(&p).iter().all(|m| m.starts_with('W')));
    let events = play(&mut p, "W5+W10");
    assert_eq!(p.supply(Seat(0)), 13);
    assert_eq!((p.stones_at(Seat(0), 4), p.stones_at(Seat(0), 9)), (1, 1));
    assert_eq!(
        events[..2],
        [
            OicusEvent::Whelp {
                by: Seat(0),
                at: Place::Trap {
                    land: Seat(0),
                    trap: 5
                }
            }
            .into(),
            OicusEvent::Whelp {
                by: Seat(0),
                at: Place::Trap {
                    land: Seat(0),
                    trap: 10
                }
            }
            .into()
        ]
    );
    // White whelps into its own Land.
    let events = play(&mut p, "W6");
    assert_eq!(p.stones_at(Seat(1), 15), 1);
    assert!(matches!(
        events[0].own(),
        Some(OicusEvent::Whelp {
            by: Seat(1),
            at: Place::Trap {
                land: Seat(1),
                trap: 6
            }
        })
    ));
}

#[test]
fn rule_3_up_to_two_whelps_a_turn_from_what_the_supply_holds() {
    let p = start();
    assert!(has(&p, "W5+W5"), "two whelps into one trap");
    assert_eq!(
        p.clone().to_string(),
        START,
        "listing moves changes nothing"
    );
    let one = at(&[("B5", "b")], "; 1 15 ; 0 0 ; b");
    assert!(has(&one, "W6"));
    assert!(!has(&one, "W6+W7"), "one stone in the supply");
    assert!(!has(&one, "W6+W6"));
    let none = at(&[("B5", "b")], "; 0 15 ; 0 0 ; b");
    assert!(!moves(&none).iter().any(|m| m.contains('W')));
}

#[test]
fn rule_4_a_vertical_move_goes_to_the_facing_trap_of_the_opponents_land() {
    let mut p = at(&[("B6", "b")], "; 14 15 ; 0 0 ; b");
    assert_eq!(moves(&p)[6], "V6");
    play(&mut p, "V6");
    assert_eq!(p.stones_at(Seat(0), 5), 0);
    assert_eq!(p.stones_at(Seat(0), 10 + 4), 1, "in White's trap 5");
}

#[test]
fn rule_5_a_diagonal_move_goes_1_2_or_3_traps_left_out_of_the_opponents_land() {
    // A black stone in White's trap 4 faces Black's trap 7.
    let p = at(&[("W4", "b")], "; 14 15 ; 0 0 ; b");
    let diagonals: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with('D'))
        .collect();
    assert_eq!(diagonals, ["D4-1", "D4-2", "D4-3"]);
    for (k, trap) in [(1, 6), (2, 5), (3, 4)] {
        let mut q = p;
        play(&mut q, &format!("D4-{k}"));
        assert_eq!(
            q.stones_at(Seat(0), trap - 1),
            1,
            "D4-{k} lands in trap {trap}"
        );
    }
    // From White's trap 8 (facing Black's 3) a stone can go to 2 or 1; from 10, nowhere.
    let p = at(&[("W8", "b"), ("W10", "b")], "; 13 15 ; 0 0 ; b");
    let diagonals: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with('D'))
        .collect();
    assert_eq!(diagonals, ["D8-1", "D8-2"]);
    // White's diagonals come out of Black's Land into White's.
    let mut w = at(&[("B3", "w")], "; 15 14 ; 0 0 ; w");
    play(&mut w, "D3-3");
    assert_eq!(
        w.stones_at(Seat(1), 10 + 4),
        1,
        "White's trap (11 − 3) − 3 = 5"
    );
}

#[test]
fn rule_6_two_actions_are_made_by_two_different_stones() {
    let p = at(&[("B6", "b")], "; 14 15 ; 0 0 ; b");
    assert!(has(&p, "V6"));
    assert!(!has(&p, "V6+V6"), "one stone in trap 6");
    assert!(
        !has(&p, "V6+D5-1"),
        "the stone that went to White's 5 cannot go on"
    );
    assert!(!has(&p, "W7+V7"), "a stone whelped this turn cannot move");
    let two = at(&[("B6", "bb")], "; 13 15 ; 0 0 ; b");
    assert!(has(&two, "V6+V6"));
    let mut q = two;
    play(&mut q, "V6+V6");
    assert_eq!(q.stones_at(Seat(0), 14), 2);
}

#[test]
fn rule_6_bring_home_and_a_move_from_the_same_trap_need_two_stones() {
    let one = at(&[("B1", "bw")], "; 14 14 ; 0 0 ; b");
    assert!(has(&one, "H1"));
    assert!(!has(&one, "H1+V1"));
    assert!(!has(&one, "H1+H1"));
    let two = at(&[("B1", "bbw")], "; 13 14 ; 0 0 ; b");
    assert!(has(&two, "H1+V1"));
    assert!(has(&two, "H1+H1"));
}

#[test]
fn a_turn_the_triple_move_takes_exactly_three_stones_that_were_in_one_trap_at_the_start() {
    let p = at(&[("B6", "bb")], "; 13 15 ; 0 0 ; b");
    assert!(!has(&p, "3V6"), "two stones are not a triple");
    let mut q = at(&[("B6", "bbbb")], "; 11 15 ; 0 0 ; b");
    assert!(has(&q, "3V6"));
    assert!(has(&q, "V6+V6"), "two of them may also go as two actions");
    assert_ne!(
        "3V6".parse::<Move>().unwrap(),
        "V6+V6".parse::<Move>().unwrap(),
        "a triple move is a turn of its own kind"
    );
    play(&mut q, "3V6");
    assert_eq!((q.stones_at(Seat(0), 5), q.stones_at(Seat(0), 14)), (1, 3));
    let mut d = at(&[("W3", "bbb")], "; 12 15 ; 0 0 ; b");
    play(&mut d, "3D3-1");
    assert_eq!(
        d.stones_at(Seat(0), 6),
        3,
        "into Black's trap (11 − 3) − 1 = 7"
    );
}

#[test]
fn a_turn_lists_each_distinct_turn_once_in_canonical_order() {
    let p = at(&[("B6", "bbb"), ("W4", "b")], "; 11 15 ; 0 0 ; b");
    let list = moves(&p);
    let mut unique = list.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), list.len(), "no turn twice");
    assert!(list.contains(&"V6+V6".to_owned()));
    assert!(list.contains(&"V6+D4-2".to_owned()));
    assert!(!list.contains(&"D4-2+V6".to_owned()));
    assert!(list.contains(&"3V6".to_owned()));
    for text in &list {
        let mv: Move = text.parse().unwrap();
        assert_eq!(
            &mv.to_string(),
            text,
            "listed turns read back as themselves"
        );
    }
    assert_eq!(
        "D4-2+V6".parse::<Move>().unwrap(),
        "V6+D4-2".parse::<Move>().unwrap()
    );
    // Singles: 6 whelps, V6, 3 diagonals. Pairs: 21 of whelps, 6×4 of a whelp and a move,
    // V6+V6, 3 of V6 and a diagonal (the lone stone in White's trap 4 moves once). 3V6.
    assert_eq!(list.len(), 10 + (21 + 24 + 1 + 3) + 1);
}

#[test]
fn a_turn_passes_only_when_no_action_is_legal() {
    let mut p = start();
    assert!(!has(&p, "-"), "passing is not allowed while an action is");
    // A black stone in White's trap 10 can go nowhere; the ones in trap 3 can.
    let stuck = at(&[("W10", "b"), ("B3", "bbbbb")], "; 0 0 ; 0 0 ; b");
    assert_eq!(moves(&stuck), ["V3", "V3+V3", "3V3"]);
    let none = at(&[("W10", "b")], "; 0 0 ; 0 0 ; b");
    assert_eq!(moves(&none), ["-"], "stuck in White's trap 10");
    let events = play(&mut p, "W5");
    assert!(!events.iter().any(|e| matches!(e, Event::Pass { .. })));
    let mut q = none;
    assert_eq!(play(&mut q, "-"), [Event::Pass { by: Seat(0) }]);
    assert_eq!(
        q.turn(),
        Turn::Seat(Seat(1)),
        "one pass does not end the round"
    );
}

#[test]
fn rule_7_crowding_is_judged_at_the_end_of_the_turn_on_all_stones_moved_in() {
    // Three whites in Black's trap 5: one black is crowded out, two are not, whichever way
    // they come (two whelps, or a whelp and a diagonal from White's trap 4).
    let p = at(&[("B5", "www"), ("W4", "b")], "; 14 12 ; 0 0 ; b");
    assert!(!has(&p, "W5"));
    assert!(!has(&p, "D4-2"));
    assert!(has(&p, "W5+W5"));
    assert!(has(&p, "W5+D4-2"));
}

#[test]
fn rule_7_crowding_is_judged_before_the_bring_downs() {
    // Four blacks in Black's trap 4; two whites in would make six, and a bring-down would
    // leave 3 against 2, but at the end of the turn it is 4 against 2.
    let p = at(&[("B4", "bbbb"), ("W7", "ww")], "; 5 5 ; 0 0 ; w");
    assert!(!has(&p, "V7+V7"));
}

#[test]
fn rule_7_crowding_only_counts_in_traps_moved_into() {
    // Black's lone stone leaves trap 6 to three whites: not crowding, nothing moved in.
    let p = at(&[("B6", "bwww")], "; 14 12 ; 0 0 ; b");
    assert!(has(&p, "V6"));
    let mut q = p;
    play(&mut q, "V6");
    assert_eq!(q.stones_at(Seat(1), 5), 3);
}

#[test]
fn rule_9_bringing_home_scores_2_and_needs_a_stone_left_in_the_trap() {
    let mut p = at(&[("B1", "bw"), ("B2", "b")], "; 13 14 ; 0 0 ; b");
    assert!(has(&p, "H1"), "the white stays in trap 1");
    assert!(!has(&p, "H2"), "trap 2 would be empty");
    assert!(!has(&p, "H1+V1"), "one black in trap 1");
    let events = play(&mut p, "H1");
    assert_eq!(p.score(Seat(0)), 2);
    assert_eq!(p.on_board(Seat(0)), 1);
    assert_eq!(p.supply(Seat(0)), 13, "a stone brought home never returns");
    assert_eq!(
        events,
        [Event::from(OicusEvent::BringHome {
            by: Seat(0),
            at: Place::Trap {
                land: Seat(0),
                trap: 1
            }
        })]
    );
    // Only from own home traps 1 and 2; a stone moved in this turn keeps the trap filled.
    let q = at(
        &[("B3", "b"), ("W8", "b"), ("B2", "b")],
        "; 12 15 ; 0 0 ; b",
    );
    assert!(!moves(&q).iter().any(|m| m.contains("H3")));
    assert!(has(&q, "D8-1+H2"), "the stone coming into trap 2 stays");
}

#[test]
fn rule_8_bring_downs_are_3_points_a_stone_and_leave_play_for_the_round() {
    let mut p = at(&[("B4", "bbbbb"), ("W7", "www")], "; 5 5 ; 0 0 ; w");
    play(&mut p, "W5");
    let mut q = at(&[("B4", "bbbbw"), ("W7", "www")], "; 5 0 ; 0 0 ; w");
    play(&mut q, "3V7");
    assert_eq!(q.score(Seat(1)), 9);
    assert_eq!(
        q.supply(Seat(0)),
        5,
        "brought-down stones do not return to the supply"
    );
    assert_eq!(q.on_board(Seat(0)), 1);
    assert_eq!(
        p.score(Seat(1)),
        0,
        "a turn without excess brings nothing down"
    );
}

#[test]
fn end_a_round_ends_at_21_points_and_the_higher_score_wins() {
    let mut p = at(&[("B1", "bw")], "; 0 0 ; 19 4 ; b");
    let events = play(&mut p, "H1");
    let outcome = Outcome::win(Seat(0), POINTS);
    assert_eq!(p.outcome(), Some(outcome));
    assert_eq!(p.turn(), Turn::Over);
    assert_eq!(events.last(), Some(&Event::Over { outcome }));
    assert!(moves(&p).is_empty());
    // A bring-down of own stones can hand the round to the opponent.
    let mut q = at(&[("B4", "wwww"), ("W7", "www")], "; 0 0 ; 18 10 ; w");
    play(&mut q, "V7+V7");
    assert_eq!(q.outcome(), Some(Outcome::win(Seat(0), POINTS)));
}

#[test]
fn end_equal_scores_at_21_go_to_the_player_who_just_moved_or_as_the_option_says() {
    // White brings down one black (21 for White) and one white of its own (21 for Black).
    let text = "; 0 0 ; 18 18 ; w";
    let mut p = at(&[("B4", "bwww"), ("W7", "www")], text);
    play(&mut p, "3V7");
    assert_eq!(p.outcome(), Some(Outcome::win(Seat(1), POINTS)));
    let drawn = Options {
        equal_at_21: EqualAt21::Drawn,
        ..Options::default()
    };
    let mut q = under(&at(&[("B4", "bwww"), ("W7", "www")], text), drawn);
    play(&mut q, "3V7");
    assert_eq!(q.outcome(), Some(Outcome::draw(POINTS)));
}

#[test]
fn end_both_passing_one_after_the_other_stalls_the_round_and_the_score_decides() {
    let stuck = |scores: &str| {
        at(
            &[("W10", "b"), ("B10", "w")],
            &format!("; 0 0 ; {scores} ; b"),
        )
    };
    let mut p = stuck("4 2");
    play(&mut p, "-");
    assert_eq!(p.outcome(), None);
    let events = play(&mut p, "-");
    let outcome = Outcome::win(Seat(0), STALLED);
    assert_eq!(
        events,
        [Event::Pass { by: Seat(1) }, Event::Over { outcome }]
    );
    let mut q = stuck("6 6");
    play(&mut q, "-");
    play(&mut q, "-");
    assert_eq!(q.outcome(), Some(Outcome::draw(STALLED)), "a drawn round");
    assert_eq!(q.outcome().unwrap().winners, Seats::NONE);
}

#[test]
fn end_a_pass_after_an_action_does_not_stall() {
    // Black can move once (V1), then White passes, Black passes: stalled only then.
    let mut p = at(&[("B1", "b"), ("W1", "w")], "; 0 0 ; 0 0 ; w");
    assert_eq!(moves(&p), ["V1"]);
    play(&mut p, "V1");
    assert_eq!(moves(&p), ["V1"]);
    play(&mut p, "V1");
    assert_eq!(moves(&p), ["-"]);
    play(&mut p, "-");
    assert_eq!(p.outcome(), None);
    play(&mut p, "-");
    assert_eq!(p.outcome(), Some(Outcome::draw(STALLED)));
}

#[test]
fn end_the_round_ends_after_300_turns_and_the_option_moves_the_cap() {
    let mut p = start();
    p.turns = 299;
    play(&mut p, "W5");
    assert_eq!(p.turns_played(), 300);
    assert_eq!(p.outcome(), Some(Outcome::draw(End::Cap)));
    let mut q = at(&[("B5", "b")], "; 14 15 ; 3 0 ; w");
    q.turns = 299;
    play(&mut q, "W5");
    assert_eq!(q.outcome(), Some(Outcome::win(Seat(0), End::Cap)));
    let never = Options {
        turn_cap: 0,
        ..Options::default()
    };
    let mut r = Oicus::start(2, &never).unwrap();
    r.turns = 299;
    play(&mut r, "W5");
    assert_eq!(r.outcome(), None, "no cap");
    let two = Options {
        turn_cap: 2,
        ..Options::default()
    };
    let mut s = Oicus::start(2, &two).unwrap();
    play(&mut s, "W5");
    assert_eq!(s.outcome(), None);
    play(&mut s, "W5");
    assert_eq!(s.outcome(), Some(Outcome::draw(End::Cap)));
}

#[test]
fn rule_2_more_stones_than_permitted_cannot_be_played() {
    assert!("W5+W6+W7".parse::<Move>().is_err(), "three actions");
    assert!("3V6+W5".parse::<Move>().is_err(), "a triple and more");
    let mut p = at(&[("B6", "bb")], "; 13 15 ; 0 0 ; b");
    let err = p.play("3V6".parse().unwrap(), &mut ()).unwrap_err();
    assert_eq!(err.mv, "3V6");
    assert_eq!(err.position, p.to_string());
    assert_eq!(p.supply(Seat(0)), 13, "a refused move changes nothing");
}

#[test]
fn notation_positions_round_trip_and_malformed_ones_are_refused() {
    let text = "bw . . . b bb . . . w / . . b . . . . . . wwwww ; 10 8 ; 3 7 ; w";
    let p: Oicus = text.parse().unwrap();
    assert_eq!(p.to_string(), text);
    let reordered: Oicus = text.replacen("bw", "wb", 1).parse().unwrap();
    assert_eq!(reordered, p, "a trap's stones in any order");
    for bad in [
        "",
        ". . . . . . . . . / . . . . . . . . . . ; 15 15 ; 0 0 ; b",
        ". . . . . . . . . . . . . . . . . . . . ; 15 15 ; 0 0 ; b",
        "bbbbbb . . . . . . . . . / . . . . . . . . . . ; 9 15 ; 0 0 ; b",
        "bbbww b . . . . . . . . / . . . . . . . . . . ; 14 13 ; 0 0 ; b",
        "x . . . . . . . . . / . . . . . . . . . . ; 15 15 ; 0 0 ; b",
        ".b . . . . . . . . . / . . . . . . . . . . ; 14 15 ; 0 0 ; b",
        "b . . . . . . . . . / . . . . . . . . . . ; 15 15 ; 0 0 ; b",
        ". . . . . . . . . . / . . . . . . . . . . ; 15 15 ; 0 0 ; x",
        ". . . . . . . . . . / . . . . . . . . . . ; 15 ; 0 0 ; b",
        ". . . . . . . . . . / . . . . . . . . . . ; 15 15 ; -1 0 ; b",
        ". . . . . . . . . . / . . . . . . . . . . ; 16 0 ; 0 0 ; b",
        ". . . . . . . . . . / . . . . . . . . . . ; 15 15 ; 0 0",
    ] {
        assert!(bad.parse::<Oicus>().is_err(), "{bad}");
    }
}

#[test]
fn notation_a_parsed_position_takes_the_turn_before_as_no_pass_and_21_points_as_over() {
    let mut p = at(&[("W10", "b")], "; 0 0 ; 0 0 ; b");
    play(&mut p, "-");
    assert_eq!(
        p.outcome(),
        None,
        "the turn before the position was not a pass"
    );
    assert_eq!(p.turns_played(), 1, "the count starts at 0");
    let over = at(&[], "; 5 5 ; 21 21 ; b");
    assert_eq!(over.outcome(), Some(Outcome::win(Seat(1), POINTS)));
    assert!(moves(&over).is_empty());
}

#[test]
fn perft_from_the_start() {
    let p = start();
    assert_eq!(perft(&p, 1), 27);
    assert_eq!(perft(&p, 2), 729);
    assert_eq!(perft(&p, 3), 28188);
}

#[test]
fn perft_a_turn_that_ends_the_round_has_no_children() {
    let p = at(&[("B1", "bw")], "; 0 0 ; 19 0 ; b");
    assert_eq!(moves(&p), ["V1", "H1"]);
    assert_eq!(perft(&p, 1), 2);
    // After H1 the round is over; after V1 White has D1-1, D1-2, D1-3.
    assert_eq!(perft(&p, 2), 3);
}

#[test]
fn random_rounds_account_for_every_stone_and_point() {
    let mut rng = table_rng(11);
    let mut moves = Vec::new();
    for _ in 0..100 {
        let mut p = start();
        let (mut home, mut down) = ([0u8; 2], [0u8; 2]);
        let mut points = [0i32; 2];
        while p.outcome().is_none() {
            moves.clear();
            p.legal_moves(&mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            let mut events = Vec::new();
            p.play(mv, &mut events).unwrap();
            for e in events {
                match e.own() {
                    Some(&OicusEvent::BringHome { by, .. }) => {
                        home[by.index()] += 1;
                        points[by.index()] += 2;
                    }
                    Some(&OicusEvent::BringDown { victim, count, .. }) => {
                        down[victim.index()] += count;
                        points[1 - victim.index()] += 3 * i32::from(count);
                    }
                    _ => {}
                }
            }
            for i in 0..TRAPS {
                assert!(p.stones[0][i] + p.stones[1][i] <= TRAP_LIMIT, "{p}");
            }
            let h = p.heuristic(Seat(0));
            assert!((-1.0..=1.0).contains(&h) && (h + p.heuristic(Seat(1))).abs() < 1e-5);
        }
        for s in 0..2 {
            let seat = Seat(s as u8);
            assert_eq!(
                p.supply(seat) + p.on_board(seat) + home[s] + down[s],
                STONES
            );
            assert_eq!(p.score(seat), points[s]);
        }
        assert!(p.turns_played() <= 300);
    }
}

#[test]
fn standing_and_score_give_points_and_stones_left() {
    let p = at(&[("B5", "bb"), ("W6", "b")], "; 10 15 ; 4 0 ; w");
    assert_eq!(p.score(Seat(0)), 4);
    assert_eq!(p.supply(Seat(0)), 10);
    assert_eq!(p.on_board(Seat(0)), 3);
    assert_eq!(p.standing(Seat(0)), [("points", 4)]);
}

#[test]
fn heuristic_weighs_points_stones_and_threats() {
    let even = start();
    assert_eq!(even.heuristic(Seat(0)), 0.0);
    let ahead = at(&[], "; 15 15 ; 10 2 ; b");
    assert!(ahead.heuristic(Seat(0)) > 0.2);
    assert!(ahead.heuristic(Seat(1)) < -0.2);
    // White threatens to bring down three blacks with 3V7.
    let threat = at(&[("B4", "bbbbw"), ("W7", "www")], "; 5 5 ; 0 0 ; w");
    let calm = at(&[("B4", "bbbbw"), ("W8", "www")], "; 5 5 ; 0 0 ; w");
    assert!(threat.heuristic(Seat(1)) > calm.heuristic(Seat(1)));
}

/// The threat against `seat` as its definition reads: every whelp, vertical and diagonal
/// of the other side counted into the trap it reaches, then each trap's losses.
fn threat_by_definition(p: &Oicus, seat: usize) -> u8 {
    let attacker = 1 - seat;
    let side = attacker as u8;
    let (mut reach, mut single) = ([0u8; TRAPS], [0u8; TRAPS]);
    let mut add = |dest: Option<usize>, n: u8| {
        let d = dest.expect("these actions put a stone into a trap");
        reach[d] += n;
        single[d] = single[d].max(n);
    };
    for t in 5..=10 {
        add(
            Action::whelp(t).destination(side),
            p.supply[attacker].min(2),
        );
    }
    for t in 1..=10u8 {
        let v = Action::vertical(t);
        add(
            v.destination(side),
            p.stones[attacker][v.source(side).unwrap()],
        );
        for k in 1..=3u8.min(10 - t) {
            let d = Action::diagonal(t, k);
            add(
                d.destination(side),
                p.stones[attacker][d.source(side).unwrap()],
            );
        }
    }
    (0..TRAPS)
        .map(|i| {
            let incoming = if single[i] >= 3 { 3 } else { reach[i].min(2) };
            (p.stones[0][i] + p.stones[1][i] + incoming)
                .saturating_sub(TRAP_LIMIT)
                .min(p.stones[seat][i])
                .min(incoming)
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn the_heuristics_threats_are_those_of_walking_every_action() {
    // Positions of random rounds: the quick reckoning (only the traps where a seat can
    // lose stones, eight at a time) finds what walking every action finds.
    let mut rng = table_rng(17);
    let mut moves = Vec::new();
    let mut threatened = 0;
    for _ in 0..40 {
        let mut p = start();
        while p.turn() != Turn::Over {
            let exposed = p.exposed();
            for (seat, traps) in exposed.into_iter().enumerate() {
                let want = threat_by_definition(&p, seat);
                assert_eq!(p.threat_against(seat, traps), want, "{p}");
                threatened += usize::from(want > 0);
            }
            moves.clear();
            p.legal_moves(&mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            p.play_unchecked(mv, &mut ());
        }
    }
    assert!(threatened > 100, "{threatened} threats seen");
}

#[test]
fn options_read_from_toml_with_the_house_readings_as_defaults() {
    let opts: Options = toml::from_str("turn_cap = 100\nequal_at_21 = \"drawn\"").unwrap();
    assert_eq!(opts.turn_cap, 100);
    assert_eq!(opts.equal_at_21, EqualAt21::Drawn);
    let defaults: Options = toml::from_str("").unwrap();
    assert_eq!(defaults, Options::default());
    assert_eq!(
        (defaults.turn_cap, defaults.equal_at_21),
        (300, EqualAt21::Mover)
    );
    assert!(toml::from_str::<Options>("turn_limit = 5").is_err());
}

#[test]
fn rule_1_the_first_turn_through_the_trait_is_the_bag_draw() {
    let odds = Oicus::first_turn_odds(2);
    assert_eq!(odds.len(), 2);
    assert!((odds[0] - 0.5).abs() < 1e-12 && (odds[1] - 0.5).abs() < 1e-12);
    let turn = Oicus::first_turn(2, &mut table_rng(8));
    assert!(matches!(
        [turn.events[0].own(), turn.events[1].own()],
        [
            Some(OicusEvent::BagDraw {
                player: Seat(0),
                ..
            }),
            Some(OicusEvent::BagDraw {
                player: Seat(1),
                ..
            })
        ]
    ));
    assert_eq!(
        turn.events.last(),
        Some(&Event::FirstTurn {
            winner: Seat(turn.winner as u8)
        })
    );
}
