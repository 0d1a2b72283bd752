//! Players across whole games and matches: what needs the table that runs them (and the
//! roster's characters) above the players, so it is tested here, from outside the library,
//! rather than among the players' own unit tests in `src/ai/`.

use taproom::ai::{Effort, Player, Skill, Temperament, player_for, table_rng};
use taproom::games::kiust::Kiust;
use taproom::games::oicus::Oicus;
use taproom::games::pic::Pic;
use taproom::games::tides::{TRUCE, Tides};
use taproom::games::{Event, Game, Rules};
use taproom::table::ladder::{Contender, LadderSettings, Schedule, run_ladder};

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

/// A default `taproom play GAME --seed SEED` match: the built-in roster's first two
/// characters at their skill and temperament for the game, the game's own format.
fn default_match<G: Game>(seed: u64) -> taproom::table::MatchLog {
    use taproom::ops::{Draft, MatchSpec, Seated};
    let roster = taproom::roster::Roster::built_in();
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
    taproom::table::play_match::<G>(&spec.entrants(), &spec.settings::<G>(Effort::Full).unwrap())
        .unwrap()
}

/// The first move of every game of the default matches of seeds 1 to 40: the commonest
/// and how many games it opened, of how many.
fn commonest_opening<G: Game>() -> (String, usize, usize) {
    let mut counts = std::collections::HashMap::<String, usize>::new();
    let mut games = 0;
    for seed in 1..=40 {
        for game in default_match::<G>(seed).games {
            // A game forfeit for a cheat seen before anyone moved has no opening.
            let Some(first) = game.steps.iter().find(|s| s.seat.is_some()) else {
                continue;
            };
            *counts.entry(first.mv.to_string()).or_default() += 1;
            games += 1;
        }
    }
    let (mv, n) = counts.into_iter().max_by_key(|&(_, n)| n).unwrap();
    (mv, n, games)
}

#[test]
fn the_same_players_open_differently_from_seed_to_seed_in_every_game() {
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
    /// Every move of every game of a match.
    fn moves(log: &taproom::table::MatchLog) -> Vec<Vec<String>> {
        log.games
            .iter()
            .map(|g| g.steps.iter().map(|s| s.mv.to_string()).collect())
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
    let (low, _) = taproom::stats::wilson(points, u64::from(pair.games));
    assert!(low > 0.5, "level 10 scored {points} of {}", pair.games);
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
        let outcome = taproom::table::run_game(
            &mut pos,
            &mut players,
            &[taproom::table::Who(0), taproom::table::Who(1)],
            &mut table_rng(seed),
            1,
            &mut |_, _, events: Vec<Event>, _: &Tides| {
                captured |= events.iter().any(|e| matches!(e, Event::Capture { .. }));
            },
        )
        .unwrap();
        if outcome.end == TRUCE && !captured {
            dull += 1;
        }
    }
    assert!(dull <= 1, "{dull} of {games} games were captureless truces");
}
