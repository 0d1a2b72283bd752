//! Players by skill and temperament: legal play, strength in order, and style that shows
//! in what a player chooses without costing it much strength.

use super::*;
use crate::games::tides::Tides;
use crate::games::{Event, Seat, Turn};
use crate::table::ladder::{Contender, LadderSettings, Schedule, run_ladder};

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
fn temperaments_change_style_not_strength_by_much() {
    let contenders: Vec<Contender> = [Temperament::Bold, Temperament::Cautious]
        .into_iter()
        .map(|temperament| Contender {
            name: temperament.to_string(),
            skill: Skill::Level(4),
            temperament,
        })
        .collect();
    let settings = LadderSettings::<Tides> {
        games: 120,
        seed: 5,
        schedule: Schedule::RoundRobin,
        options: Default::default(),
    };
    let ladder = run_ladder(&contenders, &settings, &|| {}).unwrap();
    let (share, _, _) = ladder.pairs[0].share();
    assert!(
        (0.35..=0.65).contains(&share),
        "bold scored {share:.2} against cautious"
    );
}

#[test]
fn more_skill_wins_more() {
    let contenders: Vec<Contender> = [1, 6]
        .into_iter()
        .map(|n| Contender {
            name: format!("level {n}"),
            skill: Skill::Level(n),
            temperament: Temperament::Steady,
        })
        .collect();
    let settings = LadderSettings::<Tides> {
        games: 20,
        seed: 6,
        schedule: Schedule::RoundRobin,
        options: Default::default(),
    };
    let ladder = run_ladder(&contenders, &settings, &|| {}).unwrap();
    assert!(ladder.pairs[0].losses >= 18, "{:?}", ladder.pairs[0]);
    assert!(ladder.ratings[1] > ladder.ratings[0] + 300.0);
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

/// A default `taproom play GAME --seed SEED` match: the built-in roster's first two
/// characters at their skill and temperament for the game, the game's own format.
fn default_match<G: Game>(seed: u64) -> crate::table::MatchLog {
    use crate::table::{Draft, MatchSpec, Seated};
    let roster = crate::roster::Roster::built_in();
    let seats = roster.characters()[..2]
        .iter()
        .map(|c| Seated {
            character: c.clone(),
            given_file: None,
        })
        .collect();
    let draft = Draft {
        seats,
        seed,
        ..Draft::default()
    };
    let spec = MatchSpec::new(G::KIND, draft).unwrap();
    crate::table::play_match::<G>(&spec.entrants(), &spec.settings::<G>(Effort::Full).unwrap())
        .unwrap()
}

/// The first move of every game of the default matches of seeds 1 to 40: the commonest
/// and how many games it opened, of how many.
fn commonest_opening<G: Game>() -> (String, usize, usize) {
    let mut counts = std::collections::HashMap::<String, usize>::new();
    let mut games = 0;
    for seed in 1..=40 {
        for game in default_match::<G>(seed).games {
            let first = game.steps.iter().find(|s| s.seat.is_some()).unwrap();
            *counts.entry(first.mv.clone()).or_default() += 1;
            games += 1;
        }
    }
    let (mv, n) = counts.into_iter().max_by_key(|&(_, n)| n).unwrap();
    (mv, n, games)
}

#[test]
fn the_same_players_open_differently_from_seed_to_seed_in_every_game() {
    use crate::games::{kiust::Kiust, oicus::Oicus, pic::Pic};
    let found = [
        ("Tides of War", commonest_opening::<Tides>()),
        ("Piç", commonest_opening::<Pic>()),
        ("Kiust Oyun", commonest_opening::<Kiust>()),
        ("Òicustiỳtac", commonest_opening::<Oicus>()),
    ];
    for (game, (mv, n, games)) in found {
        assert!(2 * n <= games, "{game}: {mv} opened {n} of {games} games");
    }
}

#[test]
fn a_seed_replays_a_match_exactly_in_every_game() {
    use crate::games::{kiust::Kiust, oicus::Oicus, pic::Pic};
    /// Every move of every game of a match.
    fn moves(log: &crate::table::MatchLog) -> Vec<Vec<String>> {
        log.games
            .iter()
            .map(|g| g.steps.iter().map(|s| s.mv.clone()).collect())
            .collect()
    }
    fn check<G: Game>() {
        let once = moves(&default_match::<G>(3));
        assert_eq!(once, moves(&default_match::<G>(3)), "{:?}", G::KIND);
        assert_ne!(once, moves(&default_match::<G>(4)), "{:?}", G::KIND);
    }
    check::<Tides>();
    check::<Pic>();
    check::<Kiust>();
    check::<Oicus>();
}

#[test]
fn level_10_beats_level_1_at_kiust_oyun() {
    use crate::games::kiust::Kiust;
    let contenders: Vec<Contender> = [1, 10]
        .into_iter()
        .map(|n| Contender {
            name: format!("level {n}"),
            skill: Skill::Level(n),
            temperament: Temperament::Steady,
        })
        .collect();
    let settings = LadderSettings::<Kiust> {
        games: 100,
        seed: 7,
        schedule: Schedule::RoundRobin,
        options: Default::default(),
    };
    let ladder = run_ladder(&contenders, &settings, &|| {}).unwrap();
    let pair = &ladder.pairs[0];
    // Level 10's points (it is the pairing's second).
    let points = f64::from(pair.losses) + f64::from(pair.draws) / 2.0;
    let (low, _) = crate::stats::wilson(points, u64::from(pair.games));
    assert!(low > 0.5, "level 10 scored {points} of {}", pair.games);
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

#[test]
fn captureless_truces_are_rare_from_level_5_up() {
    // Levels 5 to 10 against each other, the top four most (two careful masters are the
    // likeliest to lock their lines), every temperament, seeded single games.
    let mut dull = 0;
    let games = 48u64;
    for seed in 0..games {
        let levels = [
            7 + (seed % 4) as u8,
            [5, 6, 7, 8, 9, 10, 9, 10][(seed / 4 % 8) as usize],
        ];
        let temperaments = [
            Temperament::ALL[(seed % 5) as usize],
            Temperament::ALL[((seed / 5 + 2) % 5) as usize],
        ];
        let mut players: Vec<Box<dyn Player<Tides>>> = (0..2)
            .map(|k| player_for::<Tides>(Skill::Level(levels[k]), temperaments[k]))
            .collect();
        let mut pos = Tides::start(2, &Default::default()).unwrap();
        let mut captured = false;
        let outcome = crate::table::run_game(
            &mut pos,
            &mut players,
            &[0, 1],
            &mut table_rng(seed),
            1,
            &mut |_, _, events: Vec<Event>, _: &Tides| {
                captured |= events.iter().any(|e| matches!(e, Event::Capture { .. }));
            },
        )
        .unwrap();
        if outcome.end == crate::games::End::Truce && !captured {
            dull += 1;
        }
    }
    assert!(dull <= 1, "{dull} of {games} games were captureless truces");
}
