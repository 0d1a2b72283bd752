//! One test for each rule of `shared/rules/pic.md`, and each rule option.

use super::*;
use crate::games::{Evaluate, Place, PositionError, perft};

fn pos(text: &str) -> Pic {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn with(text: &str, options: Options) -> Pic {
    Pic::from_text(text, &options).unwrap_or_else(|e| panic!("{e}"))
}

fn moves(p: &Pic) -> Vec<String> {
    let mut out = Vec::new();
    p.legal_moves(&mut out);
    out.iter().map(ToString::to_string).collect()
}

fn play(p: &mut Pic, mv: &str) -> Vec<Event> {
    let mut events = Vec::new();
    p.play(mv.parse().unwrap(), &mut events)
        .unwrap_or_else(|e| panic!("{e}"));
    events
}

fn seats(list: &[u8]) -> Seats {
    list.iter().fold(Seats::NONE, |w, &s| w.with(Seat(s)))
}

// Setup

#[test]
fn two_to_five_players_own_three_heaps_each_in_one_ring() {
    for n in 2..=5 {
        let p = Pic::start(n, &Options::default()).unwrap();
        assert_eq!(p.players(), n);
        let groups: Vec<String> = (0..n).map(|_| "12 12 12".to_owned()).collect();
        assert_eq!(p.to_string(), format!("{} ; 1", groups.join(" / ")));
    }
    for n in [0, 1, 6] {
        assert!(Pic::start(n, &Options::default()).is_err(), "{n} players");
    }
}

#[test]
fn the_ring_closes_after_the_last_players_third_heap() {
    // Player 2's heap 6 sows 3: heaps 6, 1 and 2, the last making heap 2 a 3.
    let mut p = pos("5 2 0 / 9 9 3 ; 2");
    play(&mut p, "6");
    assert_eq!(p.to_string(), "6 3p2 0 / 9 9 1 ; 1");
}

#[test]
fn every_heap_starts_with_12_counters_or_9_by_option() {
    let p = Pic::start(2, &Options::default()).unwrap();
    assert_eq!(p.to_string(), "12 12 12 / 12 12 12 ; 1");
    let nine = Options {
        start: 9,
        ..Options::default()
    };
    let p = Pic::start(3, &nine).unwrap();
    assert_eq!(p.to_string(), "9 9 9 / 9 9 9 / 9 9 9 ; 1");
    for start in [0, 1, 10, 255] {
        let bad = Options {
            start,
            ..Options::default()
        };
        assert!(Pic::start(2, &bad).is_err(), "start {start}");
    }
}

#[test]
fn player_1_moves_first_and_turns_go_clockwise() {
    let mut p = Pic::start(3, &Options::default()).unwrap();
    assert_eq!(p.turn(), Turn::Seat(Seat(0)));
    assert_eq!(moves(&p), ["1", "2", "3"]);
    play(&mut p, "1");
    assert_eq!(p.turn(), Turn::Seat(Seat(1)));
    assert_eq!(moves(&p), ["4", "5", "6"]);
    play(&mut p, "4");
    assert_eq!(p.turn(), Turn::Seat(Seat(2)));
    play(&mut p, "7");
    assert_eq!(p.turn(), Turn::Seat(Seat(0)));
}

// A move

#[test]
fn a_player_sows_only_own_heaps_of_two_or_more_that_are_not_pic() {
    let p = pos("2p2 1 3 / 4 4 4 ; 1");
    assert_eq!(moves(&p), ["3"]);
    for refused in ["1", "2", "4", "7"] {
        let mut q = p;
        let err = q.play(refused.parse().unwrap(), &mut ()).unwrap_err();
        assert_eq!(err.mv, refused);
        assert_eq!(q, p, "a refused move leaves the position alone");
    }
}

#[test]
fn singletons_cannot_be_moved() {
    let p = pos("1 2 1 / 4 4 4 ; 1");
    assert_eq!(moves(&p), ["2"]);
}

#[test]
fn the_first_counter_goes_back_into_the_emptied_place() {
    let mut p = pos("2 0 0 / 5 1 1 ; 1");
    play(&mut p, "1");
    assert_eq!(p.to_string(), "1 1 0 / 5 1 1 ; 2");
    let mut p = pos("0 0 0 / 1 0 4 ; 2");
    play(&mut p, "6");
    assert_eq!(p.to_string(), "1 1 1 / 1 0 1 ; 1");
}

#[test]
fn sowing_wraps_round_the_ring_as_often_as_needed() {
    // 14 counters on a ring of 6: two laps, and two more into heaps 1 and 2.
    let mut p = pos("14 0 0 / 0 0 0 ; 1");
    play(&mut p, "1");
    assert_eq!(p.to_string(), "3 3 2 / 2 2 2 ; 2");
    // 12 on a ring of 6: exactly two laps; the last counter falls in heap 6.
    let mut p = pos("0 0 12 / 1 1 1 ; 1");
    play(&mut p, "3");
    assert_eq!(p.to_string(), "2 2 2 / 3 3 3 ; 2");
}

#[test]
fn counters_falling_into_a_pic_belong_to_its_owner() {
    // Player 1 sows over heap 4, player 2's heap that is player 1's piç.
    let mut p = pos("0 0 5 / 0p1 1 4 ; 1");
    assert_eq!((p.score(Seat(0)), p.score(Seat(1))), (5, 5));
    play(&mut p, "3");
    assert_eq!(p.to_string(), "1 0 1 / 1p1 2 5 ; 2");
    assert_eq!(p.pic_owner(3), Some(Seat(0)));
    assert_eq!(
        (p.score(Seat(0)), p.score(Seat(1))),
        (3, 7),
        "the counter in heap 4 is player 1's"
    );
}

#[test]
fn a_last_counter_making_3_in_another_players_heap_claims_it_as_a_pic() {
    let mut p = pos("4 0 5 / 2 0 0 ; 1");
    let events = play(&mut p, "1");
    assert_eq!(p.to_string(), "1 1 6 / 3p1 0 0 ; 2");
    assert_eq!(p.pic_owner(3), Some(Seat(0)));
    assert_eq!(
        events,
        [Event::from(PicEvent::Claim {
            by: Seat(0),
            owner: Seat(1),
            at: Place::Heap(4),
            counters: 3,
        })]
    );
    assert_eq!(p.score(Seat(0)), 11, "the piç's counters are the mover's");
    assert_eq!(p.score(Seat(1)), 0);
}

#[test]
fn a_3_made_after_a_lap_claims_too() {
    // 10 counters on a ring of 6: heap 5 gets one from the lap and the last one.
    let mut p = pos("0 10 0 / 0 1 0 ; 1");
    let events = play(&mut p, "2");
    assert_eq!(p.to_string(), "1 2 2 / 2 3p1 1 ; 2");
    assert_eq!(events.len(), 1);
}

#[test]
fn only_the_last_counter_claims() {
    // Heap 4 becomes 3 on the way; the last counter falls in heap 5.
    let mut p = pos("5 0 0 / 2 0 0 ; 1");
    let events = play(&mut p, "1");
    assert_eq!(p.to_string(), "1 1 1 / 3 1 0 ; 2");
    assert!(
        events
            .iter()
            .all(|e| !matches!(e.own(), Some(PicEvent::Claim { .. })))
    );
}

#[test]
fn a_heap_other_than_3_is_not_claimed() {
    for (text, after) in [
        ("4 0 0 / 3 5 0 ; 1", "1 1 1 / 4 5 0 ; 2"),
        ("4 0 0 / 1 5 0 ; 1", "1 1 1 / 2 5 0 ; 2"),
    ] {
        let mut p = pos(text);
        play(&mut p, "1");
        assert_eq!(p.to_string(), after);
    }
}

#[test]
fn a_3_in_the_movers_own_heap_is_not_claimed() {
    let mut p = pos("3 0 2 / 5 5 5 ; 1");
    play(&mut p, "1");
    assert_eq!(p.to_string(), "1 1 3 / 5 5 5 ; 2");
}

#[test]
fn a_pic_is_never_sown_from_and_never_changes_owner() {
    // Player 2 cannot sow heap 4, player 1's piç; player 1 cannot sow it either.
    let p = pos("1 1 1 / 5p1 0 3 ; 2");
    assert_eq!(moves(&p), ["6"]);
    let p = pos("0 1 0 / 5p1 0 3 ; 1");
    assert_eq!(moves(&p), ["-"]);
    // Player 3's last counter makes player 1's piç 3: it stays player 1's.
    let mut p = pos("0 0 0 / 2p1 4 0 / 0 0 5 ; 3");
    let events = play(&mut p, "9");
    assert_eq!(p.to_string(), "1 1 1 / 3p1 4 0 / 0 0 1 ; 1");
    assert_eq!(p.pic_owner(3), Some(Seat(0)));
    assert!(events.is_empty(), "{events:?}");
}

// Passing and the end

#[test]
fn a_player_with_no_legal_move_passes() {
    let mut p = pos("1 1 1 / 5 0 0 ; 1");
    assert_eq!(moves(&p), ["-"]);
    let events = play(&mut p, "-");
    assert_eq!(events, [Event::Pass { by: Seat(0) }]);
    assert_eq!(p.to_string(), "1 1 1 / 5 0 0 ; 2");
    assert_eq!(p.sowings(), 0, "a pass is no sowing");
}

#[test]
fn passing_is_legal_only_without_another_move() {
    let mut p = Pic::start(2, &Options::default()).unwrap();
    assert!(!moves(&p).contains(&"-".to_owned()));
    assert!(p.play(Move::PASS, &mut ()).is_err());
}

#[test]
fn the_game_ends_when_no_player_can_move() {
    let mut p = pos("2 0 0 / 1 0 0 ; 1");
    let events = play(&mut p, "1");
    let outcome = Outcome::win(Seat(0), NO_MOVES);
    assert_eq!(events, [Event::Over { outcome }]);
    assert_eq!(p.turn(), Turn::Over);
    assert_eq!(p.outcome(), Some(outcome));
    assert!(moves(&p).is_empty());
    assert!(p.play(Move::PASS, &mut ()).is_err());
    // A position read with no moves left is already over.
    let done = pos("1 1 1 / 0 0 1 ; 2");
    assert_eq!(done.outcome(), Some(outcome));
    assert_eq!(perft(&done, 1), 0);
}

#[test]
fn score_is_own_heaps_that_are_not_pic_plus_the_pics_owned() {
    let p = pos("1 1 5p2 / 3p1 1 0 ; 1");
    assert_eq!(p.score(Seat(0)), 5);
    assert_eq!(p.score(Seat(1)), 6);
    assert_eq!(p.standing(Seat(0)), [("in heaps", 2), ("in piç", 3)]);
    assert_eq!(p.standing(Seat(1)), [("in heaps", 1), ("in piç", 5)]);
    assert_eq!(p.outcome(), Some(Outcome::win(Seat(1), NO_MOVES)));
    assert_eq!(p.score(Seat(4)), 0, "a seat not at the table holds nothing");
}

#[test]
fn most_counters_wins_and_players_level_on_top_share_the_win() {
    let p = pos("1 1 0 / 1 1 0 / 1 0 0 ; 1");
    let outcome = p.outcome().unwrap();
    assert_eq!(outcome.winners, seats(&[0, 1]));
    assert_eq!(outcome.end, NO_MOVES);
    let all = pos("1 0 0 / 0 1 0 ; 2");
    assert_eq!(all.outcome().unwrap().winners, seats(&[0, 1]));
}

#[test]
fn the_game_is_capped_after_1000_sowings_by_default() {
    assert_eq!(Options::default().move_cap, 1000);
    let mut p = Pic::start(2, &Options::default()).unwrap();
    p.sowings = 999;
    let events = play(&mut p, "1");
    assert_eq!(p.sowings(), 1000);
    let outcome = p.outcome().expect("capped");
    assert_eq!(outcome.end, End::Cap);
    assert_eq!(events.last(), Some(&Event::Over { outcome }));
    // Scored as it stands: heap 1's 12 went twice round the ring.
    assert_eq!(p.to_string(), "2 14 14 / 14 14 14 ; 2");
    assert_eq!((p.score(Seat(0)), p.score(Seat(1))), (30, 42));
    assert_eq!(outcome.winners, seats(&[1]));
}

#[test]
fn option_move_cap_counts_sowings_but_not_passes() {
    let capped = Options {
        move_cap: 1,
        ..Options::default()
    };
    let mut p = with("1 1 1 / 5 0 0 ; 1", capped);
    play(&mut p, "-");
    assert_eq!(p.turn(), Turn::Seat(Seat(1)));
    play(&mut p, "4");
    assert_eq!(p.to_string(), "2 2 1 / 1 1 1 ; 1");
    assert_eq!(p.outcome(), Some(Outcome::win(Seat(0), End::Cap)));
    // A cap of 0 never ends the game.
    let never = Options {
        move_cap: 0,
        ..Options::default()
    };
    let mut p = Pic::start(2, &never).unwrap();
    p.sowings = 50_000;
    play(&mut p, "1");
    assert_eq!(p.turn(), Turn::Seat(Seat(1)));
}

#[test]
fn random_games_end_by_no_moves_or_at_the_cap() {
    let mut rng = crate::seed::table_rng(7);
    let mut out = Vec::new();
    let options = [
        Options::default(),
        even(),
        Options {
            start: 9,
            max_pic: Some(1),
            ..Options::default()
        },
    ];
    for players in 2..=5 {
        for (game, options) in options.iter().cycle().take(30).enumerate() {
            let mut p = Pic::start(players, options).unwrap();
            let total = p.total();
            while p.turn() != Turn::Over {
                out.clear();
                p.legal_moves(&mut out);
                let mv = out[rand::RngExt::random_range(&mut rng, 0..out.len())];
                p.play(mv, &mut ()).unwrap();
                let scored: i32 = (0..players as u8).map(|s| p.score(Seat(s))).sum();
                assert_eq!(scored as u32, total, "counters are conserved in {p}");
                let mut fresh = p;
                fresh.recount();
                assert_eq!(fresh, p, "the bit sets kept by sowing are the counts' own");
            }
            match p.outcome().unwrap().end {
                End::Cap => assert_eq!(p.sowings(), 1000, "game {game}"),
                NO_MOVES => assert!(p.sowings() <= 1000 && p.movable() == 0),
                other => panic!("{other:?}"),
            }
        }
    }
}

// Notation

#[test]
fn positions_read_and_write_the_spec_notation() {
    for text in [
        "12 12 12 / 12 12 12 ; 1",
        "0 3p2 7 / 1 1 0 / 3p1 12 40 ; 3",
        "9 9 9 / 9 9 9 / 9 9 9 / 9 9 9 / 9 9 9 ; 5",
    ] {
        assert_eq!(pos(text).to_string(), text);
    }
    let loose = pos("  12  12 12/12 12\t12 ;1 ");
    assert_eq!(loose.to_string(), "12 12 12 / 12 12 12 ; 1");
    assert_eq!(pos("3p2 1 1 / 1 1 1 ; 1").pic_owner(0), Some(Seat(1)));
}

#[test]
fn malformed_positions_are_parse_errors() {
    for (text, why) in [
        ("12 12 12 ; 1", "groups"),
        (
            "1 1 1 / 1 1 1 / 1 1 1 / 1 1 1 / 1 1 1 / 1 1 1 ; 1",
            "groups",
        ),
        ("12 12 / 12 12 12 ; 1", "not 3"),
        ("12 12 12 12 / 12 12 12 ; 1", "not 3"),
        ("3p3 12 12 / 12 12 12 ; 1", "piç owner"),
        ("3p0 12 12 / 12 12 12 ; 1", "piç owner"),
        ("3p 12 12 / 12 12 12 ; 1", "piç owner"),
        ("12 12 12 / 12 12 12 ; 3", "player to move"),
        ("12 12 12 / 12 12 12 ; 0", "player to move"),
        ("12 12 12 / 12 12 12 ; x", "player to move"),
        ("12 12 12 / 12 12 12 ;", "player to move"),
        ("12 12 12 / 12 12 12 ; 1 ; 1", "player to move"),
        ("65536 0 0 / 0 0 0 ; 1", "too large"),
        ("99999999999999999999999 0 0 / 0 0 0 ; 1", "too large"),
        ("60000 6000 0 / 0 0 0 ; 1", "more than"),
        ("12 12 12 / 12 12 12", "`;`"),
        ("12 -1 12 / 12 12 12 ; 1", "not a number"),
        ("12 a 12 / 12 12 12 ; 1", "not a number"),
        ("", "`;`"),
    ] {
        // Every malformed case of the spec is the text's: none reads as a setup.
        let Err(PositionError::Parse(err)) = text.parse::<Pic>() else {
            panic!("{text}: not refused as a malformed text");
        };
        assert_eq!(text.parse::<Setup>(), Err(err.clone()), "{text}");
        assert_eq!(err.what, "position");
        assert!(err.reason.contains(why), "{text}: {}", err.reason);
    }
}

#[test]
fn a_move_is_a_heap_number_and_a_pass_is_a_dash() {
    let p = Pic::start(2, &Options::default()).unwrap();
    assert_eq!(moves(&p), ["1", "2", "3"]);
    let mut q = p;
    let err = q.play("7".parse().unwrap(), &mut ()).unwrap_err();
    assert_eq!(err.position, "12 12 12 / 12 12 12 ; 1");
    assert!("0".parse::<Move>().is_err());
}

// Perft

#[test]
fn perft_from_the_two_player_start() {
    let p = Pic::start(2, &Options::default()).unwrap();
    let got: Vec<u64> = (1..=6).map(|d| perft(&p, d)).collect();
    assert_eq!(got, [3, 9, 27, 81, 240, 706]);
}

#[test]
fn perft_from_the_three_player_start() {
    let p = pos("12 12 12 / 12 12 12 / 12 12 12 ; 1");
    assert_eq!(perft(&p, 6), 709);
}

#[test]
fn perft_from_the_five_player_start_with_nine_counters() {
    let nine = Options {
        start: 9,
        ..Options::default()
    };
    let p = Pic::start(5, &nine).unwrap();
    assert_eq!(perft(&p, 7), 2187);
}

#[test]
fn perft_counts_a_pass_as_a_move() {
    // Player 1 must pass, then player 2 has one sowing, then the game goes on.
    let p = pos("1 1 1 / 5 0 0 ; 1");
    assert_eq!(perft(&p, 1), 1);
    assert_eq!(perft(&p, 2), 1);
    assert_eq!(perft(&p, 3), 2, "player 1 then has heaps 1 and 2");
}

// Rule options

fn even() -> Options {
    Options {
        even_capture: true,
        ..Options::default()
    }
}

#[test]
fn option_even_capture_takes_an_even_heap_into_the_movers_store() {
    let mut p = with("4 0 0 / 3 5 0 ; 1", even());
    let events = play(&mut p, "1");
    assert_eq!(p.to_string(), "1 1 1 / 0 5 0 ; 2");
    assert_eq!(p.store(Seat(0)), 4);
    assert_eq!(
        events,
        [Event::Capture {
            by: Seat(0),
            victim: Seat(1),
            at: Place::Heap(4),
            count: 4,
        }]
    );
    assert_eq!(p.score(Seat(0)), 7);
    assert_eq!(
        p.standing(Seat(0)),
        [("in heaps", 3), ("in piç", 0), ("in store", 4)]
    );
    // Off by default: the same sowing takes nothing.
    let mut p = pos("4 0 0 / 3 5 0 ; 1");
    assert!(play(&mut p, "1").is_empty());
    assert_eq!(p.to_string(), "1 1 1 / 4 5 0 ; 2");
    assert_eq!(p.store(Seat(0)), 0);
    assert_eq!(p.standing(Seat(0)).len(), 2);
}

#[test]
fn option_even_capture_spares_own_heaps_pics_and_odd_counts() {
    for (text, after) in [
        ("3 0 1 / 5 5 5 ; 1", "1 1 2 / 5 5 5 ; 2"),
        ("4 0 0 / 3p3 0 0 / 5 0 0 ; 1", "1 1 1 / 4p3 0 0 / 5 0 0 ; 2"),
        ("4 0 0 / 4 5 0 ; 1", "1 1 1 / 5 5 0 ; 2"),
    ] {
        let mut p = with(text, even());
        assert!(play(&mut p, "1").is_empty(), "{text}");
        assert_eq!(p.to_string(), after);
        assert_eq!(p.store(Seat(0)), 0);
    }
    // A 3 is still claimed as a piç.
    let mut p = with("4 0 0 / 2 5 0 ; 1", even());
    play(&mut p, "1");
    assert_eq!(p.pic_owner(3), Some(Seat(0)));
}

#[test]
fn option_even_capture_reports_at_most_255_counters_but_stores_them_all() {
    let mut p = with("4 0 0 / 299 0 0 ; 1", even());
    let events = play(&mut p, "1");
    assert_eq!(p.store(Seat(0)), 300);
    assert!(matches!(events[0], Event::Capture { count: 255, .. }));
}

#[test]
fn option_max_pic_limits_the_pics_a_player_owns() {
    let text = "4 0 0 / 2 0 0 / 5 0 3p1 ; 1";
    let mut free = pos(text);
    assert_eq!(free.options().max_pic, None, "no limit by default");
    play(&mut free, "1");
    assert_eq!(free.pic_owner(3), Some(Seat(0)));
    let one = Options {
        max_pic: Some(1),
        ..Options::default()
    };
    let mut limited = with(text, one);
    assert!(play(&mut limited, "1").is_empty());
    assert_eq!(limited.to_string(), "1 1 1 / 3 0 0 / 5 0 3p1 ; 2");
    let two = Options {
        max_pic: Some(2),
        ..Options::default()
    };
    let mut room = with(text, two);
    play(&mut room, "1");
    assert_eq!(room.pic_owner(3), Some(Seat(0)));
}

#[test]
fn options_read_from_toml_with_defaults_for_what_is_left_out() {
    let o: Options = toml::from_str("even_capture = true").unwrap();
    assert_eq!(o, even());
    let o: Options = toml::from_str("start = 9\nmax_pic = 2\nmove_cap = 0").unwrap();
    assert_eq!((o.start, o.max_pic, o.move_cap), (9, Some(2), 0));
    assert!(toml::from_str::<Options>("pic_limit = 2").is_err());
}

// The figures players use

#[test]
fn heuristic_favours_the_player_ahead() {
    let p = pos("2 2 2 / 1 0 5p1 ; 2");
    let (mine, theirs) = (p.heuristic(Seat(0)), p.heuristic(Seat(1)));
    assert!(mine > 0.0 && theirs < 0.0, "{mine} {theirs}");
    assert!((-1.0..=1.0).contains(&mine) && (-1.0..=1.0).contains(&theirs));
    let start = Pic::start(3, &Options::default()).unwrap();
    assert_eq!(start.heuristic(Seat(1)), 0.0);
    let over = pos("1 1 1 / 1 0 0 ; 1");
    assert_eq!(
        (over.heuristic(Seat(0)), over.heuristic(Seat(1))),
        (1.0, -1.0)
    );
}
