//! The telling as a whole, over matches played by the built-in characters as they are
//! (the card-sharp and the tinker cheat, the nun and the old guard watch): the default
//! telling stays short at every table size, no phrasebook line serves twice in a match,
//! the lines vary from match to match, and the GM's full telling accounts for every
//! cheat tried, caught or not.

use std::collections::{HashMap, HashSet};

use taproom::games::{Game, GameKind};
use taproom::narrate::{Detail, Fact, Moment, Narrator, Phrasebook, Scene};
use taproom::roster::Voice;
use taproom::table::{Aside, Format, MatchLog};

/// A match of `G` between built-in characters as the roster gives them (their honesty and
/// eye at the game), at low skill levels to keep hundreds of matches quick.
fn play<G: Game>(seed: u64, names: &[&str]) -> (MatchLog, Vec<Voice>) {
    crate::narration::play_cast::<G>(seed, names, Format::BestOf(3), G::Options::default(), true)
}

/// A match told at `detail`: its scenes and the facts of its lines.
fn tell(log: &MatchLog, voices: &[Voice], detail: Detail) -> (Vec<Scene>, Vec<Fact>) {
    let book = Phrasebook::built_in();
    let refs: Vec<&Voice> = voices.iter().collect();
    let mut narrator = Narrator::new(&book, log, &refs);
    let scenes = narrator.tell(detail);
    (scenes, narrator.facts().to_vec())
}

fn play_any(kind: GameKind, seed: u64, names: &[&str]) -> (MatchLog, Vec<Voice>) {
    taproom::with_game!(kind, G => play::<G>(seed, names))
}

/// The built-in characters, each table a choice of them by the seed.
const CAST: [&str; 6] = ["Brannoc", "Mirela", "Pip", "Tamsin", "Ysolde", "Hrodgar"];

/// The 300 matches the variety is measured over: each game in turn, Piç at two to five
/// seats in turn, and the people at the table picked by the seed from the built-in cast
/// (an LCG's shuffle, so the choice is the test's own).
fn matches() -> impl Iterator<Item = (u64, GameKind, Vec<&'static str>)> {
    (0..300u64).map(|i| {
        let kind = GameKind::ALL[(i % 4) as usize];
        let seats = if kind == GameKind::Pic {
            2 + (i / 4 % 4) as usize
        } else {
            2
        };
        let mut cast = CAST.to_vec();
        let mut x = i
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        for k in (1..cast.len()).rev() {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            cast.swap(k, ((x >> 33) % (k as u64 + 1)) as usize);
        }
        cast.truncate(seats);
        (9000 + i, kind, cast)
    })
}

/// Each of the 300 matches, told at `detail`: its log, scenes and facts.
fn told(detail: Detail) -> impl Iterator<Item = (u64, MatchLog, Vec<Scene>, Vec<Fact>)> {
    matches().map(move |(seed, kind, names)| {
        let (log, voices) = play_any(kind, seed, &names);
        let (scenes, facts) = tell(&log, &voices, detail);
        (seed, log, scenes, facts)
    })
}

#[test]
fn no_line_of_the_book_serves_twice_in_a_match() {
    for detail in [Detail::Brief, Detail::Full] {
        for (seed, _, _, facts) in told(detail) {
            let mut used = HashSet::new();
            for f in &facts {
                assert!(
                    used.insert(&f.template),
                    "seed {seed}, {detail:?}: {:?} twice in a match",
                    f.template
                );
            }
        }
    }
}

/// The share of the lines of the default telling that are word for word a line of
/// another of the 300 matches: under a third. (The GM's full telling, every moment and
/// every voice, is measured too and reported, for the record.)
#[test]
fn the_default_telling_varies_from_match_to_match() {
    for detail in [Detail::Brief, Detail::Full] {
        let lines_of: Vec<Vec<String>> = told(detail)
            .map(|(_, _, scenes, _)| scenes.iter().flat_map(|s| s.lines.clone()).collect())
            .collect();
        let mut owners: HashMap<&str, HashSet<usize>> = HashMap::new();
        for (m, lines) in lines_of.iter().enumerate() {
            for l in lines {
                owners.entry(l.as_str()).or_default().insert(m);
            }
        }
        let total: usize = lines_of.iter().map(Vec::len).sum();
        let shared = lines_of
            .iter()
            .flatten()
            .filter(|l| owners[l.as_str()].len() > 1)
            .count();
        let share = shared as f64 / total as f64;
        eprintln!(
            "{detail:?}: {shared} of {total} lines ({:.1}%) are a line of another match",
            100.0 * share
        );
        if detail == Detail::Brief {
            assert!(share < 1.0 / 3.0, "{:.1}% shared", 100.0 * share);
        }
    }
}

/// The result is told in several shapes: which moments its lines are, in order (a
/// quoted voice is "voice").
#[test]
fn the_result_comes_in_several_shapes() {
    let mut shapes = HashSet::new();
    for (_, _, scenes, facts) in told(Detail::Brief) {
        let result = scenes.last().expect("the result");
        let shape: Vec<String> = result
            .players_lines()
            .map(|l| {
                facts
                    .iter()
                    .find(|f| &f.line == l)
                    .map_or("voice".to_owned(), |f| f.key.to_string())
            })
            .collect();
        shapes.insert(shape);
    }
    let voice_first = shapes
        .iter()
        .any(|s| s.first().is_some_and(|k| k == "voice"));
    let voice_after = shapes.iter().any(|s| {
        s.first().is_some_and(|k| k == "match-won") && s.get(1).is_some_and(|k| k == "voice")
    });
    let crowd_after = shapes.iter().any(|s| {
        s.first().is_some_and(|k| k == "match-won")
            && s.get(1).is_some_and(|k| k == "tension" || k == "groan")
    });
    assert!(voice_first && voice_after && crowd_after, "{shapes:?}");
}

/// With the cheats at the table, the default telling stays one or two lines a game and
/// five around them, at every game and every table size; the GM's full telling accounts
/// for every cheat tried, caught or not, in a line of its own or a sum.
#[test]
fn cheats_at_the_table_keep_the_telling_short_and_the_gm_hears_every_one() {
    let mut cheats = 0;
    for (seed, _, scenes, _) in told(Detail::Brief) {
        let mut around = 0;
        for scene in &scenes {
            let aloud = scene.players_lines().count();
            if scene.heading.starts_with("Game") || scene.heading.starts_with("Round") {
                assert!((1..=2).contains(&aloud), "seed {seed}: {:?}", scene.lines);
            } else {
                around += aloud;
            }
        }
        assert!(around <= 5, "seed {seed}: {around} lines around the games");
    }
    for (seed, log, _, facts) in told(Detail::Full) {
        let sum = |keys: &[Moment], tally: Moment| {
            facts.iter().filter(|f| keys.contains(&f.key)).count()
                + facts
                    .iter()
                    .filter(|f| f.key == tally)
                    .map(count)
                    .sum::<usize>()
        };
        let tried = |seen: bool| {
            log.games
                .iter()
                .flat_map(|g| &g.asides)
                .filter(|a| matches!(&a.aside, Aside::Cheat { seen_by, .. } if seen_by.is_empty() != seen))
                .count()
        };
        let caught = [
            Moment::CheatCaught,
            Moment::CheatAgain,
            Moment::CheatWatched,
        ];
        assert_eq!(sum(&caught, Moment::CheatTally), tried(true), "seed {seed}");
        assert_eq!(
            sum(&[Moment::CheatUnseen], Moment::CheatUnseenTally),
            tried(false),
            "seed {seed}"
        );
        cheats += tried(true) + tried(false);
    }
    assert!(cheats >= 50, "only {cheats} cheats in 300 matches");
}

/// A tally's count of cheats.
fn count(f: &Fact) -> usize {
    f.vars
        .iter()
        .find(|(k, _)| k == "count")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or_else(|| panic!("a count: {}", f.line))
}
