use super::*;
use crate::games::tides::Tides;

fn level(n: u8) -> Contender {
    Contender {
        name: format!("level {n}"),
        skill: Skill::Level(n),
        temperament: Temperament::Steady,
    }
}

fn settings(games: u32, schedule: Schedule) -> LadderSettings<Tides> {
    LadderSettings {
        games,
        seed: 11,
        schedule,
        options: Default::default(),
    }
}

#[test]
fn schedules_pair_everyone_or_only_neighbours() {
    assert_eq!(pairings(3, Schedule::RoundRobin), [(0, 1), (0, 2), (1, 2)]);
    assert_eq!(pairings(3, Schedule::Neighbours), [(0, 1), (1, 2)]);
    assert!(pairings(1, Schedule::RoundRobin).is_empty());
}

#[test]
fn every_game_has_a_seed_of_its_own() {
    let mut seeds: Vec<u64> = (0..3)
        .flat_map(|a| (0..3).flat_map(move |b| (0..4).map(move |g| game_seed(5, a, b, g))))
        .collect();
    seeds.sort_unstable();
    seeds.dedup();
    assert_eq!(seeds.len(), 36);
    assert_ne!(game_seed(5, 0, 1, 0), game_seed(6, 0, 1, 0));
}

#[test]
fn a_ladder_does_not_depend_on_the_number_of_threads() {
    let contenders = [level(1), level(2), level(3)];
    let run = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| run_ladder(&contenders, &settings(4, Schedule::RoundRobin), &|| {}))
            .unwrap()
    };
    let one = run(1);
    assert_eq!(one, run(2));
    assert_eq!(one.pairs.len(), 3);
    for p in &one.pairs {
        assert_eq!(p.games, 4);
        assert_eq!(p.wins + p.draws + p.losses, 4);
        assert!(p.moves > 0);
    }
}

#[test]
fn progress_is_reported_once_per_game() {
    let count = std::sync::atomic::AtomicU32::new(0);
    let ladder = run_ladder(
        &[level(1), level(1), level(2)],
        &settings(2, Schedule::Neighbours),
        &|| {
            count.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        },
    )
    .unwrap();
    assert_eq!(count.into_inner(), 4);
    assert_eq!(ladder.ratings.len(), 3);
}

#[test]
fn results_read_from_either_side() {
    let ladder = run_ladder(
        &[level(1), level(2)],
        &settings(4, Schedule::RoundRobin),
        &|| {},
    )
    .unwrap();
    let ab = ladder.result(0, 1).unwrap();
    let ba = ladder.result(1, 0).unwrap();
    assert_eq!(ab.wins, ba.losses);
    assert_eq!(ab.draws, ba.draws);
    assert!((ab.score() + ba.score() - 4.0).abs() < 1e-9);
    assert!(ladder.result(0, 0).is_none());
}
