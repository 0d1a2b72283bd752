//! The examples of the source's rules 7 (crowding) and 8 (bringing down), one test each.
//! White moves in all of them, as in the source; the trap in question is Black's trap 4,
//! which White reaches vertically from its trap 7, or White's own trap 5.

use super::tests::{at, has, play};
use super::*;

/// Black's trap 4 holding `contents`, White's trap 7 (facing it) holding three whites,
/// White to move with nothing else to do but whelp.
fn facing(contents: &str) -> Oicus {
    at(&[("B4", contents), ("W7", "www")], "; 5 5 ; 0 0 ; w")
}

#[test]
fn rule_7_white_cannot_put_one_stone_by_three_blacks_but_can_put_two_or_more() {
    let p = facing("bbb");
    assert!(!has(&p, "V7"), "1 white against 3 blacks");
    assert!(has(&p, "V7+V7"), "2 whites against 3 blacks");
    assert!(has(&p, "3V7"), "3 whites against 3 blacks");
    // The same in White's own whelping trap 5: one whelp is crowded out, two are not.
    let own = at(&[("W5", "bbb")], "; 7 5 ; 0 0 ; w");
    assert!(!has(&own, "W5"));
    assert!(has(&own, "W5+W5"));
    assert!(
        !has(&own, "W5+W6"),
        "the one white in trap 5 is still crowded"
    );
    assert!(has(&own, "W6+W7"), "whelps elsewhere are not crowded");
}

#[test]
fn rule_7_three_blacks_and_a_white_let_one_or_more_whites_in() {
    let p = facing("bbbw");
    assert!(has(&p, "V7"), "2 whites against 3 blacks");
    assert!(has(&p, "V7+V7"));
    assert!(has(&p, "3V7"));
}

#[test]
fn rule_7_four_blacks_and_no_white_need_three_whites() {
    let p = facing("bbbb");
    assert!(!has(&p, "V7"));
    assert!(
        !has(&p, "V7+V7"),
        "2 whites against 4 blacks is still crowded"
    );
    assert!(has(&p, "3V7"), "3 whites against 4 blacks");
    let mut q = p;
    play(&mut q, "3V7");
    assert_eq!(
        q.stones_at(Seat(0), 3),
        2,
        "7 stones cut to 5: 2 blacks down"
    );
    assert_eq!(q.stones_at(Seat(1), 3), 3);
    assert_eq!(q.score(Seat(1)), 6);
}

#[test]
fn rule_8_three_whites_onto_four_blacks_and_a_white_bring_down_three_blacks() {
    let mut p = facing("bbbbw");
    let events = play(&mut p, "3V7");
    assert_eq!(p.stones_at(Seat(0), 3), 1, "one black left");
    assert_eq!(p.stones_at(Seat(1), 3), 4, "four whites");
    assert_eq!(p.score(Seat(1)), 9, "3 points a stone to White");
    assert_eq!(p.score(Seat(0)), 0);
    // Rule 8: the opponent's stones brought down score for the mover.
    assert!(
        events.contains(
            &OicusEvent::BringDown {
                by: Seat(1),
                victim: Seat(0),
                scorer: Seat(1),
                at: Place::Trap {
                    land: Seat(0),
                    trap: 4
                },
                count: 3,
            }
            .into()
        )
    );
}

#[test]
fn rule_8_own_stones_over_five_go_to_the_opponent_as_if_brought_down_by_them() {
    let mut p = facing("wwww");
    let events = play(&mut p, "V7+V7");
    assert_eq!(p.stones_at(Seat(1), 3), 5, "6 whites cut to 5");
    assert_eq!(p.score(Seat(0)), 3, "Black scores the white stone");
    assert_eq!(p.score(Seat(1)), 0);
    // Rule 8: the mover's own stones brought down score for the opponent.
    assert!(
        events.contains(
            &OicusEvent::BringDown {
                by: Seat(1),
                victim: Seat(1),
                scorer: Seat(0),
                at: Place::Trap {
                    land: Seat(0),
                    trap: 4
                },
                count: 1,
            }
            .into()
        )
    );
}

#[test]
fn rule_8_the_opponents_stones_go_first_then_the_movers_own() {
    let mut p = facing("bwww");
    let events = play(&mut p, "3V7");
    assert_eq!(p.stones_at(Seat(0), 3), 0, "the black went first");
    assert_eq!(p.stones_at(Seat(1), 3), 5, "then one of the six whites");
    assert_eq!((p.score(Seat(0)), p.score(Seat(1))), (3, 3));
    let downs: Vec<_> = events
        .iter()
        .filter_map(|e| match *e.own()? {
            OicusEvent::BringDown { victim, count, .. } => Some((victim, count)),
            _ => None,
        })
        .collect();
    assert_eq!(downs, [(Seat(0), 1), (Seat(1), 1)]);
}

#[test]
fn rule_8_no_trap_holds_more_than_five_stones_after_a_turn() {
    let mut p = facing("bbbbb");
    assert!(!has(&p, "3V7"), "3 whites against 5 blacks are crowded out");
    p = facing("bbbww");
    play(&mut p, "3V7");
    let total = p.stones_at(Seat(0), 3) + p.stones_at(Seat(1), 3);
    assert_eq!(total, 5);
    assert_eq!(p.score(Seat(1)), 9, "all three blacks down");
}
