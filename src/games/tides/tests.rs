//! One test for each rule of `shared/rules/tides-of-war.md`.

use super::*;
use crate::games::perft;

fn pos(text: &str) -> Tides {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// The same position made under `options` (its full text read again under them).
fn under(p: &Tides, options: Options) -> Tides {
    Tides::from_text(&format!("{p:#}"), &options).unwrap_or_else(|e| panic!("{e}"))
}

fn moves(p: &Tides) -> Vec<String> {
    let mut out = Vec::new();
    p.legal_moves(&mut out);
    let mut v: Vec<String> = out.iter().map(ToString::to_string).collect();
    v.sort();
    v
}

fn play(p: &mut Tides, mv: &str) -> Vec<Event> {
    let mut events = Vec::new();
    p.play(mv.parse().unwrap(), &mut events)
        .unwrap_or_else(|e| panic!("{e}"));
    events
}

#[test]
fn setup_fills_both_sides_of_the_river_with_14_stones() {
    let p = Tides::start(2, &Options::default()).unwrap();
    assert_eq!(p.to_string(), START);
    assert_eq!(p.stones(Seat(0)), 14);
    assert_eq!(p.stones(Seat(1)), 14);
    for river in ["a6", "b5", "c4", "d3", "e2", "f1"] {
        let sq = board::parse_square(river).unwrap();
        assert_eq!((p.stones[0] | p.stones[1]) & 1 << sq, 0, "{river} is river");
    }
    assert_eq!(p.turn(), Turn::Seat(Seat(0)), "White moves first");
}

#[test]
fn tides_is_for_two_players() {
    assert!(Tides::start(3, &Options::default()).is_err());
}

#[test]
fn a_step_goes_one_square_in_any_of_eight_directions_onto_an_empty_square() {
    let p = pos("....../....../....../..W.../....../.....B w");
    assert_eq!(
        moves(&p),
        [
            "c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d3", "c3-d4"
        ]
    );
    let blocked = pos("....../....../.WWW../.WWW../.WWW../.....B w");
    assert!(
        !moves(&blocked).iter().any(|m| m.starts_with("c3")),
        "c3 is hemmed in by its own stones"
    );
}

#[test]
fn a_jump_captures_an_adjacent_enemy_and_lands_beyond() {
    let mut p = pos("....../....../...B../..W.../....../.....B w");
    assert!(moves(&p).contains(&"c3xe5".to_owned()));
    let events = play(&mut p, "c3xe5");
    assert_eq!(p.stones(Seat(1)), 1, "the jumped stone left the board");
    assert!(matches!(
        events[0],
        Event::Capture {
            by: Seat(0),
            count: 1,
            ..
        }
    ));
}

#[test]
fn a_jump_needs_an_empty_landing_square() {
    let p = pos("....../....B./...B../..W.../....../.....B w");
    assert!(!moves(&p).iter().any(|m| m.contains('x')));
}

#[test]
fn jumping_over_own_stones_is_not_allowed() {
    let p = pos("....../....../...W../..W.../....../.....B w");
    assert!(!moves(&p).iter().any(|m| m.contains('x')));
}

#[test]
fn every_prefix_of_a_jump_chain_is_a_move_and_capturing_is_optional() {
    // c3 can take d4 and then e4: both c3xe5 and c3xe5xe3 are moves, and steps too.
    let p = pos("....../....../...BB./..W.../....../...... w");
    let m = moves(&p);
    assert!(m.contains(&"c3xe5".to_owned()));
    assert!(m.contains(&"c3xe5xe3".to_owned()));
    assert!(
        m.contains(&"c3-c2".to_owned()),
        "capturing is never compulsory"
    );
}

#[test]
fn different_jump_paths_are_different_moves() {
    // From c1 two paths take two stones each and both reach c5: c1xa3xc5 and c1xe3xc5.
    let p = pos("....../....../.B.B../....../.B.B../..W... w");
    let m = moves(&p);
    assert!(m.contains(&"c1xa3xc5".to_owned()));
    assert!(m.contains(&"c1xe3xc5".to_owned()));
}

#[test]
fn the_start_square_is_empty_during_a_chain_and_may_be_landed_on_again() {
    let mut p = pos("....../....../.B.B../....../.B.B../..W... w");
    let m = moves(&p);
    assert!(m.contains(&"c1xa3xc5xe3xc1".to_owned()), "{m:?}");
    play(&mut p, "c1xa3xc5xe3xc1");
    assert_eq!(p.to_string(), "....../....../....../....../....../..W... b");
    assert_eq!(p.outcome(), Some(Outcome::win(Seat(0), MASSACRE)));
}

#[test]
fn no_stone_enters_its_own_town_by_step_or_jump() {
    let step = pos("....../....../....../....../W...../.....B w");
    assert!(!moves(&step).contains(&"a2-a1".to_owned()));
    // Black's d4 could jump e5 only by landing on f6, Black's own town; e6 cannot step in.
    let jump = pos("....B./....W./...B../....../....../...... b");
    assert!(
        !moves(&jump).iter().any(|m| m.ends_with("f6")),
        "{:?}",
        moves(&jump)
    );
    assert!(moves(&jump).contains(&"e6-d6".to_owned()));
}

#[test]
fn conquest_entering_the_enemy_town_wins_at_once() {
    let mut p = pos("B...../....W./....../....../....../...... w");
    let events = play(&mut p, "e5-f6");
    assert_eq!(p.outcome(), Some(Outcome::win(Seat(0), CONQUEST)));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Enter { by: Seat(0), .. }))
    );
    assert_eq!(p.turn(), Turn::Over);
}

#[test]
fn a_jump_chain_ends_in_the_enemy_town() {
    // d4 jumps e5 into f6; from there f5 could be jumped, but the chain ends in the town.
    let p = pos("....../....BB/...W../....../....../...... w");
    let m = moves(&p);
    assert!(m.contains(&"d4xf6".to_owned()));
    assert!(
        !m.iter().any(|x| x.starts_with("d4xf6x")),
        "nothing follows entering the town"
    );
}

#[test]
fn massacre_capturing_the_last_stone_wins_at_once() {
    let mut p = pos("....../....../...B../..W.../....../...... w");
    play(&mut p, "c3xe5");
    assert_eq!(p.outcome(), Some(Outcome::win(Seat(0), MASSACRE)));
}

#[test]
fn blockade_a_side_with_no_legal_move_loses() {
    // Black's only stone, a6, is hemmed in by white stones with no room to jump.
    let mut p = pos("BWW.../WW..../W.W.../....../....../.....W w");
    play(&mut p, "f1-e1");
    assert_eq!(p.outcome(), Some(Outcome::win(Seat(0), BLOCKADE)));
    let stuck = pos("BWW.../WW..../W.W.../....../....../.....W b");
    assert_eq!(stuck.outcome(), Some(Outcome::win(Seat(0), BLOCKADE)));
    assert_eq!(perft(&stuck, 3), 0);
}

#[test]
fn passing_is_never_allowed() {
    let p = pos(START);
    let mut out = Vec::new();
    p.legal_moves(&mut out);
    assert!(out.iter().all(|m| m.to() != m.from()));
    assert!("-".parse::<Move>().is_err());
}

#[test]
fn truce_after_60_quiet_plies_is_a_draw_and_the_option_changes_it() {
    let start = pos("B...../....../....../....../....../.....W w");
    let shuffle = ["f1-e1", "a6-b6", "e1-f1", "b6-a6"];
    let mut p = start;
    for i in 0..60 {
        assert_eq!(p.outcome(), None, "still playing at ply {i}");
        play(&mut p, shuffle[i % 4]);
    }
    assert_eq!(p.outcome(), Some(Outcome::draw(TRUCE)));

    let mut never = under(&start, Options { truce_after: 0 });
    for i in 0..200 {
        play(&mut never, shuffle[i % 4]);
    }
    assert_eq!(never.outcome(), None);

    let mut short = under(&start, Options { truce_after: 4 });
    for mv in shuffle {
        play(&mut short, mv);
    }
    assert_eq!(short.outcome(), Some(Outcome::draw(TRUCE)));
}

#[test]
fn a_capture_resets_the_truce_count() {
    let mut p = Tides::from_text(
        "B...../....../...B../..W.../....../.....W w",
        &Options { truce_after: 3 },
    )
    .unwrap();
    play(&mut p, "f1-e1");
    play(&mut p, "a6-b6");
    assert_eq!(p.quiet_plies(), 2);
    play(&mut p, "c3xe5");
    assert_eq!(p.quiet_plies(), 0);
    assert_eq!(p.outcome(), None);
}

#[test]
fn notation_round_trips_and_malformed_positions_are_refused() {
    assert_eq!(pos(START).to_string(), START);
    for bad in [
        "",
        ".BBBB./W.BBBB/WW.BBB/WWW.BB/WWWW.B/.WWWW.",
        ".BBBB./W.BBBB/WW.BBB/WWW.BB/WWWW.B/.WWWW. x",
        ".BBBB./W.BBBB/WW.BBB/WWW.BB/WWWW.B w",
        ".BBBB./W.BBBB/WW.BBB/WWW.BB/WWWW.B/.WWWWW w",
        ".BBBB./W.BBBB/WW.BBB/WWW.BB/WWWW.B/.WWWQ. w",
        "BBBBBB/BBBBBB/BBB.../....../....../...... w",
        ".BBBB./W.BBBB/WW.BBB/WWW.BB/WWWW.B/WWWWW. w",
        ".BBBBB/W.BBBB/WW.BBB/WWW.BB/WWWW.B/.WWWW. w",
    ] {
        assert!(bad.parse::<Tides>().is_err(), "{bad:?} should be malformed");
    }
}

#[test]
fn illegal_moves_are_refused_with_the_move_and_the_position() {
    let mut p = pos(START);
    let err = p.play("a1-a2".parse().unwrap(), &mut ()).unwrap_err();
    assert_eq!(err.mv, "a1-a2");
    assert_eq!(err.position, START);
    assert_eq!(p.to_string(), START, "a refused move changes nothing");
}

#[test]
fn perft_from_the_start() {
    let p = pos(START);
    assert_eq!(perft(&p, 1), 14);
    assert_eq!(perft(&p, 2), 190);
    assert_eq!(perft(&p, 3), 3290);
    assert_eq!(perft(&p, 4), 60034);
}
