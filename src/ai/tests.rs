//! Players by skill and temperament: legal play, strength in order, and style that shows
//! in what a player chooses without costing it much strength.

use super::*;
use crate::games::tides::Tides;
use crate::games::{Event, Seat, Turn};

/// Whether playing `mv` in `pos` captures anything.
fn captures<G: Game>(pos: &G, mv: G::Move) -> bool {
    let mut next = pos.clone();
    let mut events = Vec::new();
    next.play_unchecked(mv, &mut events);
    events.iter().any(|e| matches!(e, Event::Capture { .. }))
}

/// Positions from seeded level-4 self-play where the side to move can capture.
fn capture_positions(count: usize) -> Vec<Tides> {
    let mut found = Vec::new();
    let mut moves = Vec::new();
    for seed in 0.. {
        let mut rng = table_rng(seed);
        let mut players: Vec<Box<dyn Player<Tides>>> = (0..2)
            .map(|_| player_for::<Tides>(Skill::Level(4), Temperament::Steady))
            .collect();
        let mut pos = Tides::start(2, &Default::default()).unwrap();
        while let Turn::Seat(s) = pos.turn() {
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.len() > 1 && moves.iter().any(|&m| captures(&pos, m)) {
                found.push(pos);
                if found.len() == count {
                    return found;
                }
            }
            let mv = players[s.index()].choose(&pos, &mut rng);
            pos.play_unchecked(mv, &mut ());
        }
    }
    unreachable!("the seeds never run out")
}

/// How many of `positions` a level-5 player of `temperament` answers with a capture.
fn capture_count(positions: &[Tides], temperament: Temperament) -> usize {
    let mut player = player_for::<Tides>(Skill::Level(5), temperament);
    positions
        .iter()
        .enumerate()
        .filter(|&(i, pos)| {
            let mv = player.choose(pos, &mut table_rng(1000 + i as u64));
            captures(pos, mv)
        })
        .count()
}

#[test]
fn every_skill_plays_legal_moves_to_the_end() {
    for skill in (1..=10).map(Skill::Level).chain([Skill::Baseline]) {
        let mut player = player_for::<Tides>(skill, Temperament::Bold);
        let mut rng = table_rng(u64::from(skill.to_string().len() as u8));
        let mut pos = Tides::start(2, &Default::default()).unwrap();
        for _ in 0..6 {
            let mv = player.choose(&pos, &mut rng);
            pos.play(mv, &mut ())
                .unwrap_or_else(|e| panic!("skill {skill}: {e}"));
        }
    }
}

#[test]
fn every_level_takes_a_conquest_in_one_when_it_is_the_only_sane_move() {
    // From level 3 up the two-ply look sees it; the search sees it at every level that
    // tries the move.
    let pos: Tides = "....../....W./....../..B.../....../.B.... w"
        .parse()
        .unwrap();
    for level in 3..=10 {
        let mut player = player_for::<Tides>(Skill::Level(level), Temperament::Reckless);
        let mv = player.choose(&pos, &mut table_rng(u64::from(level)));
        assert_eq!(mv.to_string(), "e5-f6", "level {level}");
    }
}

#[test]
fn a_bold_player_captures_more_often_than_a_cautious_one() {
    let positions = capture_positions(120);
    let bold = capture_count(&positions, Temperament::Bold);
    let cautious = capture_count(&positions, Temperament::Cautious);
    let steady = capture_count(&positions, Temperament::Steady);
    assert!(
        bold >= cautious + positions.len() / 10,
        "bold {bold}, steady {steady}, cautious {cautious} of {}",
        positions.len()
    );
    assert!(
        bold > steady,
        "bold {bold}, steady {steady} of {}",
        positions.len()
    );
}

#[test]
fn a_slip_plays_any_legal_move_uniformly() {
    let start = Tides::start(2, &Default::default()).unwrap();
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    let mut profile = Skill::Level(10).profile_for::<Tides>();
    profile.slip = 1.0;
    let mut slipping = SkilledPlayer::<Tides>::with_profile(profile, Temperament::Steady.leaning());
    let mut rng = table_rng(3);
    let mut seen = vec![0u32; moves.len()];
    for _ in 0..50 * moves.len() {
        let mv = slipping.choose(&start, &mut rng);
        seen[moves.iter().position(|&m| m == mv).unwrap()] += 1;
    }
    // Uniform over the legal moves: every one comes up, none twice as often as its share.
    assert!(seen.iter().all(|&n| (20..=100).contains(&n)), "{seen:?}");
}

#[test]
fn levels_that_slip_slip_less_as_they_climb_and_level_10_never_does() {
    for kind in crate::games::GameKind::ALL {
        let slips: Vec<f32> = (1..=10)
            .map(|n| Skill::Level(n).profile(kind).slip)
            .collect();
        assert!(
            slips.windows(2).all(|w| w[0] >= w[1]),
            "{kind:?}: {slips:?}"
        );
        assert!(slips.iter().all(|s| (0.0..=1.0).contains(s)), "{kind:?}");
        assert_eq!(slips[9], 0.0, "{kind:?}");
    }
}

#[test]
fn a_bold_player_opens_forward_and_a_cautious_one_keeps_its_line() {
    // Tides of War: how much nearer the enemy town the first move brings White's stones
    // (Game::advance), over 40 seeds, for each temperament at level 8.
    let mean_advance = |temperament: Temperament| {
        let start = Tides::start(2, &Default::default()).unwrap();
        let mut sum = 0.0;
        for seed in 0..40 {
            let mut player = player_for::<Tides>(Skill::Level(8), temperament);
            let mv = player.choose(&start, &mut table_rng(seed));
            let mut next = start;
            next.play_unchecked(mv, &mut ());
            sum += next.advance(Seat(0)) - start.advance(Seat(0));
        }
        sum / 40.0
    };
    let (bold, cautious) = (
        mean_advance(Temperament::Bold),
        mean_advance(Temperament::Cautious),
    );
    // One stone one step nearer is 1/70; at least half of bold's openings more do so
    // than cautious's.
    assert!(
        bold > cautious + 0.5 / 70.0,
        "bold {bold:.4}, cautious {cautious:.4}"
    );
}
