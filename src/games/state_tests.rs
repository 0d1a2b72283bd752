//! A position's full text (`{pos:#}`) carries its whole state: read back, it is the same
//! position, at every step of random games of every game and table size.

use super::kiust::Kiust;
use super::oicus::Oicus;
use super::pic::Pic;
use super::tides::Tides;
use super::{Game, Rules, Turn};
use crate::games::sample_chance;
use crate::seed::table_rng;

/// Plays `games` random games of `G` at a table of `players`, checking every position.
fn round_trips<G: Game + PartialEq>(players: usize, options: &G::Options, games: u64) -> usize {
    let mut checked = 0;
    let mut moves = Vec::new();
    let mut chance = Vec::new();
    for seed in 0..games {
        let mut rng = table_rng(seed);
        let mut pos = G::start(players, options).unwrap();
        loop {
            let text = format!("{pos:#}");
            let back = G::from_text(&text, options)
                .unwrap_or_else(|e| panic!("{text} does not read back: {e}"));
            assert_eq!(back, pos, "{text}");
            checked += 1;
            let mv = match pos.turn() {
                Turn::Over => break,
                Turn::Chance => sample_chance(&pos, &mut rng, &mut chance),
                Turn::Seat(_) => {
                    moves.clear();
                    pos.legal_moves(&mut moves);
                    moves[rand::RngExt::random_range(&mut rng, 0..moves.len())]
                }
            };
            pos.play_unchecked(mv, &mut ());
        }
    }
    checked
}

#[test]
fn tides_of_war_positions_carry_the_truce_counter() {
    let options = super::tides::Options { truce_after: 12 };
    assert!(round_trips::<Tides>(2, &options, 40) > 400);
    assert!(round_trips::<Tides>(2, &Default::default(), 10) > 100);
}

#[test]
fn pic_positions_carry_the_sowings_and_stores_at_every_table_size() {
    for players in 2..=5 {
        let options = super::pic::Options {
            even_capture: true,
            move_cap: 40,
            ..Default::default()
        };
        assert!(round_trips::<Pic>(players, &options, 10) > 100, "{players}");
    }
}

#[test]
fn kiust_oyun_positions_carry_the_throw_in_play_and_the_turns() {
    assert!(round_trips::<Kiust>(2, &Default::default(), 10) > 1000);
}

#[test]
fn oicustiytac_positions_carry_the_turns_and_the_passes() {
    let options = super::oicus::Options {
        turn_cap: 60,
        ..Default::default()
    };
    assert!(round_trips::<Oicus>(2, &options, 20) > 500);
    assert!(round_trips::<Oicus>(2, &Default::default(), 5) > 100);
}

#[test]
fn a_truce_counter_past_the_limit_is_a_truce_under_the_options_it_is_read_with() {
    use super::tides::Options;
    use super::{Outcome, PositionError};
    let text = ".BBBB./W.BBBB/WW.BBB/WWW.BB/WWWW.B/.WWWW. w | quiet=60";
    let pos: Tides = text.parse().unwrap();
    assert_eq!(
        pos.turn(),
        Turn::Over,
        "60 quiet plies are a truce by default"
    );
    let pos = Tides::from_text(text, &Options { truce_after: 80 }).unwrap();
    assert!(
        matches!(pos.turn(), Turn::Seat(_)),
        "not under a limit of 80"
    );
    // White to move, walled in, 20 plies without a capture: under a truce after 10 the
    // game was drawn ten plies ago, whatever the wall; under the default 60 it is a
    // blockade, Black's win.
    let walled = "....../....../B.B.../BB..../WBB.../.B.... w | quiet=20";
    let truce = Tides::from_text(walled, &Options { truce_after: 10 }).unwrap();
    assert_eq!(
        truce.outcome(),
        Some(Outcome::draw(crate::games::tides::TRUCE))
    );
    let blockade: Tides = walled.parse().unwrap();
    assert_eq!(
        blockade.outcome(),
        Some(Outcome::win(super::Seat(1), crate::games::tides::BLOCKADE))
    );
    assert!(matches!(
        "... w | quiet=x".parse::<Tides>(),
        Err(PositionError::Parse(_))
    ));
    assert!(matches!(
        ".BBBB./W.BBBB/WW.BBB/WWW.BB/WWWW.B/.WWWW. w | tide=3".parse::<Tides>(),
        Err(PositionError::Parse(_))
    ));
}
