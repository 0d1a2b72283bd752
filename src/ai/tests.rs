//! Players by skill and temperament: legal play, strength in order, and style that shows
//! in what a player chooses without costing it much strength.

use super::*;
use crate::games::tides::Tides;
use crate::games::{Evaluate, Event, Rules, Seat, Turn};

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

/// Every skill, seated `players` at a table in turn (the seed rotates who sits where, and
/// gives each seat a temperament), plays whole games of `G` from the start to their end,
/// every move a player chooses checked against the rules' own list of legal moves and every
/// chance outcome against the chance node's. Gives how many decisions each skill made.
fn whole_games<G: Game>(players: usize, skills: &[Skill], seed: u64) -> Vec<usize> {
    let mut decisions = vec![0; skills.len()];
    let (mut moves, mut chance) = (Vec::new(), Vec::new());
    for table in 0..skills.len().div_ceil(players) {
        let who: Vec<usize> = (0..players)
            .map(|s| (table * players + s + seed as usize) % skills.len())
            .collect();
        let mut hands: Vec<Box<dyn Player<G>>> = who
            .iter()
            .map(|&k| {
                let temperament = Temperament::ALL[(k + seed as usize) % Temperament::ALL.len()];
                player_for::<G>(skills[k], temperament)
            })
            .collect();
        let mut rng = table_rng(seed * 100 + table as u64);
        let mut pos = G::start(players, &G::Options::default()).unwrap();
        let label = |pos: &G| format!("{:?} seed {seed}, table {who:?}: {pos:#}", G::KIND);
        loop {
            let mv = match pos.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    let mv = crate::games::sample_chance(&pos, &mut rng, &mut chance);
                    assert!(chance.iter().any(|&(m, _)| m == mv), "{}", label(&pos));
                    mv
                }
                Turn::Seat(seat) => {
                    let k = who[seat.index()];
                    let mv = hands[seat.index()].choose(&pos, &mut rng);
                    moves.clear();
                    pos.legal_moves(&mut moves);
                    assert!(
                        moves.contains(&mv),
                        "{} chose {mv}, not among {moves:?}: {}",
                        skills[k],
                        label(&pos)
                    );
                    decisions[k] += 1;
                    mv
                }
            };
            pos.play(mv, &mut ())
                .unwrap_or_else(|e| panic!("{e}: {}", label(&pos)));
        }
        assert!(pos.outcome().is_some(), "{}", label(&pos));
    }
    decisions
}

#[test]
fn every_level_plays_legal_moves_to_the_end_of_every_game() {
    // Levels 1 to 10 at every game over three seeds, Piç at a table of two and one of
    // three, four or five: each level decides moves in every game, to its end.
    use crate::games::{kiust::Kiust, oicus::Oicus, pic::Pic};
    let levels: Vec<Skill> = (1..=10).map(Skill::Level).collect();
    for seed in 0..3 {
        let more = 3 + seed as usize;
        let played = [
            (
                "Tides of War".to_owned(),
                whole_games::<Tides>(2, &levels, seed),
            ),
            (
                "Kiust Oyun".to_owned(),
                whole_games::<Kiust>(2, &levels, seed),
            ),
            (
                "Òicustiỳtac".to_owned(),
                whole_games::<Oicus>(2, &levels, seed),
            ),
            ("Piç for 2".to_owned(), whole_games::<Pic>(2, &levels, seed)),
            (
                format!("Piç for {more}"),
                whole_games::<Pic>(more, &levels, seed),
            ),
        ];
        for (game, decisions) in played {
            for (level, n) in levels.iter().zip(decisions) {
                assert!(n > 0, "level {level} made no move at {game}, seed {seed}");
            }
        }
    }
}

#[test]
fn the_baseline_plays_legal_opening_moves_in_every_game() {
    // Its random playouts make a whole game of it cost seconds: its first moves of each
    // game, at both seats, against level 1.
    use crate::games::{kiust::Kiust, oicus::Oicus, pic::Pic};
    fn opening<G: Game>() {
        let skills = [Skill::Baseline, Skill::Level(1)];
        let mut hands: Vec<Box<dyn Player<G>>> = skills
            .iter()
            .map(|&s| player_for::<G>(s, Temperament::Steady))
            .collect();
        let mut rng = table_rng(9);
        let (mut moves, mut chance) = (Vec::new(), Vec::new());
        let mut pos = G::start(2, &G::Options::default()).unwrap();
        let mut baseline = 0;
        while baseline < 4 {
            let mv = match pos.turn() {
                Turn::Over => break,
                Turn::Chance => crate::games::sample_chance(&pos, &mut rng, &mut chance),
                Turn::Seat(seat) => {
                    let mv = hands[seat.index()].choose(&pos, &mut rng);
                    moves.clear();
                    pos.legal_moves(&mut moves);
                    assert!(moves.contains(&mv), "{:?}: {mv} in {pos:#}", G::KIND);
                    baseline += usize::from(seat.0 == 0);
                    mv
                }
            };
            pos.play(mv, &mut ()).unwrap();
        }
        assert_eq!(baseline, 4, "{:?}", G::KIND);
    }
    opening::<Tides>();
    opening::<Kiust>();
    opening::<Oicus>();
    opening::<Pic>();
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
    // (Evaluate::advance), over 40 seeds, for each temperament at level 8.
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
