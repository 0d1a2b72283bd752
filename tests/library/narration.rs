//! The narrator tells the truth: every fact a narrated line states is checked against the
//! event log of seeded matches of every game and every table size (Piç at 2 to 5), each
//! person by the role the line gives them: who won, who led, by how much, who was
//! runner-up, who came back from where. Lines never repeat within a match, people are
//! named in full first and short after, and the brief narration draws on many lines.

use std::collections::HashSet;

use taproom::games::kiust::{Kiust, KiustEvent, Throw};
use taproom::games::oicus::{Oicus, OicusEvent};
use taproom::games::pic::{Pic, PicEvent};
use taproom::games::{Event, Game, GameKind, Played, Seat, kiust, oicus, pic, tides, tides::Tides};
use taproom::narrate::{Detail, Fact, Moment, Narrator, Phrasebook, Result3};
use taproom::roster::{Roster, Voice};
use taproom::table::{
    Aside, AsideAt, CheatResult, Entrant, Format, GameLog, MatchLog, MatchSettings, Who, play_match,
};

fn play<G: Game>(seed: u64, names: &[&str], format: Format) -> (MatchLog, Vec<Voice>) {
    play_with::<G>(seed, names, format, G::Options::default())
}

fn play_with<G: Game>(
    seed: u64,
    names: &[&str],
    format: Format,
    options: G::Options,
) -> (MatchLog, Vec<Voice>) {
    play_cast::<G>(seed, names, format, options, false)
}

/// A match of `G` between built-in characters at low skill levels (hundreds of matches
/// stay quick; what is told does not depend on how well they play, and different levels
/// keep the matches varied): honest, or as honest as their files say when `as_they_are`.
pub(crate) fn play_cast<G: Game>(
    seed: u64,
    names: &[&str],
    format: Format,
    options: G::Options,
    as_they_are: bool,
) -> (MatchLog, Vec<Voice>) {
    let roster = Roster::built_in();
    let cast: Vec<_> = names
        .iter()
        .map(|n| roster.named(n).unwrap().clone())
        .collect();
    let entrants: Vec<Entrant> = cast
        .iter()
        .enumerate()
        .map(|(i, c)| Entrant {
            name: c.name.clone(),
            short: c.short.clone(),
            pronouns: c.pronouns,
            skill: taproom::ai::Skill::Level(1 + (i as u8 % 3)),
            temperament: c.temperament_at(G::KIND),
            honesty: if as_they_are {
                c.honesty_at(G::KIND)
            } else {
                10
            },
            eye: c.eye_at(G::KIND),
            person: false,
            plan: taproom::table::Plan::default(),
            dnd: None,
        })
        .collect();
    let settings = MatchSettings::<G> {
        effort: Default::default(),
        table: taproom::table::TableRules::default(),
        wary: taproom::table::cheat::Wary::default(),
        format,
        draw_cap: 3,
        options,
        seed,
    };
    let log = play_match::<G>(&entrants, &settings).unwrap();
    (log, cast.into_iter().map(|c| c.voice).collect())
}

fn var<'a>(fact: &'a Fact, name: &str) -> &'a str {
    fact.vars
        .iter()
        .find(|(k, _)| k == name)
        .map_or_else(|| panic!("{fact:?} lacks {name}"), |(_, v)| v.as_str())
}

fn num(fact: &Fact, name: &str) -> i64 {
    var(fact, name)
        .parse()
        .unwrap_or_else(|_| panic!("{name} is a number: {}", fact.line))
}

/// The entrants a fact names in a role.
fn who(fact: &Fact, role: &str) -> Vec<Who> {
    fact.people.iter().find(|(k, _)| k == role).map_or_else(
        || panic!("{} names no {role}", fact.line),
        |(_, p)| p.clone(),
    )
}

fn one(fact: &Fact, role: &str) -> Who {
    match who(fact, role).as_slice() {
        [e] => *e,
        many => panic!("{} names {many:?} as its {role}", fact.line),
    }
}

/// The entrant at a seat of a game.
fn at(game: &GameLog, seat: Seat) -> Who {
    game.entrant_at(seat)
}

/// The winner's lead over the best of the others at a moment, and who that other is
/// (the first seat of those level on it).
fn lead(scores: &[i32], w: usize) -> (i32, Vec<usize>) {
    let best = (0..scores.len())
        .filter(|&s| s != w)
        .map(|s| scores[s])
        .max()
        .unwrap();
    let rivals = (0..scores.len())
        .filter(|&s| s != w && scores[s] == best)
        .collect();
    (scores[w] - best, rivals)
}

/// Checks one fact against the log; panics with the line when it is false.
fn check(log: &MatchLog, fact: &Fact) {
    let line = &fact.line;
    // Every person the line names is in it, by full or short name.
    for (role, people) in &fact.people {
        if fact.template.contains(&format!("{{{role}}}")) {
            for &e in people {
                let entrant = &log.entrants[e];
                assert!(
                    line.contains(&entrant.name) || line.contains(&entrant.short),
                    "{line:?} does not name its {role} {}",
                    entrant.name
                );
            }
        }
    }
    // No placeholder is left unfilled.
    assert!(!line.contains('{'), "{line:?} has an unfilled placeholder");
    // Only a cheat nobody saw is the GM's alone.
    assert_eq!(
        fact.gm_only,
        matches!(fact.key, Moment::CheatUnseen | Moment::CheatUnseenTally),
        "{line}"
    );
    if fact.game == 0 {
        match fact.key {
            Moment::MatchWon => assert_eq!(who(fact, "winner"), log.winners, "{line}"),
            Moment::MatchDrawn => assert!(log.winners.is_empty(), "{line}"),
            Moment::MatchShared => {
                assert!(log.winners.len() > 1, "{line}");
                assert_eq!(who(fact, "winner"), log.winners, "{line}");
            }
            Moment::Ambience => {}
            // A grudge: the cheat was caught in the match, by each of the watchers named.
            Moment::Grudge => {
                let mover = one(fact, "mover");
                for w in who(fact, "watcher") {
                    assert!(
                        log.asides()
                            .any(|(_, a)| matches!(a, Aside::Cheat { by, seen_by, .. }
                            if *by == mover && seen_by.contains(&w))),
                        "{line}"
                    );
                }
            }
            // The onlookers at the end: a groan names the most skilled loser, at least two
            // levels above the winner; tension a match won by one game; a cheer the rest.
            Moment::Groan | Moment::Tension | Moment::Cheer => {
                let w = one(fact, "winner");
                assert_eq!(log.winners, [w], "{line}");
                let level = |e: Who| match log.entrants[e].skill {
                    taproom::ai::Skill::Level(n) => i32::from(n),
                    taproom::ai::Skill::Baseline => 5,
                };
                let best_loser = log.everyone().filter(|&e| e != w).map(level).max().unwrap();
                let upset = best_loser >= level(w) + 2;
                let second = log
                    .everyone()
                    .filter(|&e| e != w)
                    .map(|e| log.wins[e.index()])
                    .max()
                    .unwrap();
                let close = log.games.len() > 1 && second + 1 == log.wins[w.index()];
                match fact.key {
                    Moment::Groan => {
                        let l = one(fact, "loser");
                        assert!(upset && level(l) == best_loser, "{line}");
                    }
                    Moment::Tension => {
                        let l = one(fact, "loser");
                        assert!(!upset && close && log.wins[l.index()] == second, "{line}");
                    }
                    _ => assert!(!upset && !close, "{line}"),
                }
            }
            other => panic!("unexpected match-level moment {other}"),
        }
        return;
    }
    let game = &log.games[fact.game as usize - 1];
    let events: Vec<&Event> = game.events().map(|(_, e)| e).collect();
    // The one who comes nearest: the best final score among the non-winners.
    let runner_up = || {
        let others: Vec<usize> = (0..game.seats.len())
            .filter(|&s| !game.winners.contains(&game.seats[s]))
            .collect();
        let best = others.iter().map(|&s| game.scores[s]).max().unwrap();
        others
            .into_iter()
            .filter(|&s| game.scores[s] == best)
            .map(|s| game.seats[s])
            .collect::<Vec<_>>()
    };
    match fact.key {
        Moment::Finish(end, result) => {
            assert_eq!(game.outcome.end, end, "{line}");
            match result {
                Result3::Won => assert_eq!(game.winners.len(), 1, "{line}"),
                Result3::Drawn => assert!(game.winners.is_empty(), "{line}"),
                Result3::Shared => assert!(game.winners.len() > 1, "{line}"),
            }
            if fact.people.iter().any(|(k, _)| k == "winner") {
                assert_eq!(who(fact, "winner"), game.winners, "{line}");
            } else {
                assert!(game.winners.is_empty(), "{line}");
            }
            if fact.people.iter().any(|(k, _)| k == "loser") {
                assert!(
                    runner_up().contains(&one(fact, "loser")),
                    "the runner-up: {line}"
                );
            }
        }
        Moment::GameWon => {
            assert_eq!(who(fact, "winner"), game.winners, "{line}");
            assert!(
                runner_up().contains(&one(fact, "loser")),
                "the runner-up: {line}"
            );
        }
        Moment::GameDrawn => assert!(game.winners.is_empty(), "{line}"),
        Moment::Lot | Moment::FirstTurn => {
            let winner = game.ceremony.iter().rev().find_map(|e| match *e {
                Event::FirstTurn { winner } | Event::Lot { winner } => {
                    Some(Who::nth(winner.index()))
                }
                _ => None,
            });
            assert_eq!(Some(one(fact, "winner")), winner, "{line}");
        }
        Moment::Game(m) if m.key == "first-throw" => {
            let (mover, count) = (one(fact, "mover"), num(fact, "count"));
            assert!(
                game.ceremony.iter().any(|e| matches!(e.own(),
                Some(&KiustEvent::FirstThrow { player, flats }) if player.index() == mover.index() && i64::from(flats) == count)),
                "{line}"
            );
        }
        Moment::Game(m) if m.key == "bag-draw" => {
            let (mover, count) = (one(fact, "mover"), num(fact, "count"));
            assert!(
                game.ceremony.iter().any(|e| matches!(e.own(),
                Some(&OicusEvent::BagDraw { player, whites, .. }) if player.index() == mover.index() && i64::from(whites) == count)),
                "{line}"
            );
        }
        Moment::Opening => {
            let first = game.steps.iter().find(|s| s.seat.is_some()).unwrap();
            assert_eq!(one(fact, "mover"), at(game, first.seat.unwrap()), "{line}");
            let words = taproom::games::words::move_words(log.game, &first.mv, first.seat.unwrap())
                .unwrap();
            let mover = &log.entrants[one(fact, "mover")];
            assert_eq!(
                var(fact, "move"),
                words.replace("{their}", mover.pronouns.their()),
                "{line}"
            );
            assert!(
                !line.contains(first.mv.text()) || !first.mv.text().contains('-'),
                "no notation: {line}"
            );
        }
        Moment::FirstBlood | Moment::BigCapture => {
            let (mover, victim, count) =
                (one(fact, "mover"), one(fact, "victim"), num(fact, "count"));
            let takes = |s: &taproom::table::Step| -> i64 {
                s.events
                    .iter()
                    .map(|e| match *e {
                        Event::Capture { count, .. } => i64::from(count),
                        _ => 0,
                    })
                    .sum()
            };
            let step = game
                .steps
                .iter()
                .find(|s| {
                    s.seat.is_some_and(|seat| at(game, seat) == mover)
                        && takes(s) == count
                        && s.events.iter().any(|e| {
                            matches!(*e, Event::Capture { victim: v, .. } if at(game, v) == victim)
                        })
                })
                .unwrap_or_else(|| panic!("no such capture: {line}"));
            if fact.key == Moment::FirstBlood {
                let first = game.steps.iter().find(|s| takes(s) > 0).unwrap();
                assert_eq!(first.seat, step.seat, "{line}");
            } else {
                let most = game.steps.iter().map(takes).max().unwrap();
                assert_eq!(count, most, "the biggest chain: {line}");
            }
        }
        Moment::Game(m) if m.key == "claim" => {
            let (mover, owner, count) =
                (one(fact, "mover"), one(fact, "owner"), num(fact, "count"));
            assert!(
                events.iter().any(
                    |e| matches!(e.own(), Some(&PicEvent::Claim { by, owner: o, counters, .. })
                if at(game, by) == mover && at(game, o) == owner && i64::from(counters) == count)
                ),
                "{line}"
            );
        }
        Moment::Pass => {
            let mover = one(fact, "mover");
            assert!(
                events
                    .iter()
                    .any(|e| matches!(**e, Event::Pass { by } if at(game, by) == mover)),
                "{line}"
            );
        }
        Moment::Game(m) if ["kiust", "kiust-enter"].contains(&m.key) => {
            let mover = one(fact, "mover");
            assert!(
                events.iter().any(
                    |e| matches!(e.own(), Some(&KiustEvent::Throw { by, throw: Throw::Kiust })
                if at(game, by) == mover)
                ),
                "{line}"
            );
        }
        Moment::Game(m) if m.key == "enter" => {
            let mover = one(fact, "mover");
            assert!(
                events
                    .iter()
                    .any(|e| matches!(**e, Event::Enter { by, .. } if at(game, by) == mover)),
                "{line}"
            );
        }
        Moment::Game(m) if m.key == "whelp" => {
            let mover = one(fact, "mover");
            assert!(
                events
                    .iter()
                    .any(|e| matches!(e.own(), Some(&OicusEvent::Whelp { by, .. }) if at(game, by) == mover)),
                "{line}"
            );
        }
        Moment::Game(m) if m.key == "bring-home" => {
            let mover = one(fact, "mover");
            assert!(
                events
                    .iter()
                    .any(|e| matches!(e.own(), Some(&OicusEvent::BringHome { by, .. }) if at(game, by) == mover)),
                "{line}"
            );
        }
        Moment::Game(m) if m.key == "bring-down" => {
            let (mover, victim, count) =
                (one(fact, "mover"), one(fact, "victim"), num(fact, "count"));
            assert!(
                events.iter().any(
                    |e| matches!(e.own(), Some(&OicusEvent::BringDown { by, victim: v, count: c, .. })
                if at(game, by) == mover && at(game, v) == victim && i64::from(c) == count)
                ),
                "{line}"
            );
        }
        Moment::TurningPoint => {
            let w = one(fact, "mover");
            assert_eq!(game.winners, [w], "{line}");
            let ws = game.seat_of(w).index();
            // The last step at which the winner went from not leading to leading: the one
            // overtaken there is the loser, whoever was ahead just before it (at a table
            // of three or more, not whoever is second after it).
            let mut prev = lead(&game.start_scores, ws);
            let mut turn = None;
            for s in &game.steps {
                let now = lead(&s.scores, ws);
                if prev.0 <= 0 && now.0 > 0 {
                    turn = Some(prev.1.clone());
                }
                prev = now;
            }
            let rivals = turn.unwrap_or_else(|| panic!("no turning point: {line}"));
            let loser = game.seat_of(one(fact, "loser")).index();
            assert!(rivals.contains(&loser), "the one overtaken: {line}");
        }
        Moment::Comeback => {
            let w = one(fact, "winner");
            assert_eq!(game.winners, [w], "{line}");
            let ws = game.seat_of(w).index();
            // The winner's deepest deficit, and who led them then.
            let mut worst = lead(&game.start_scores, ws);
            let mut worst_at = 0;
            for (i, s) in game.steps.iter().enumerate() {
                let now = lead(&s.scores, ws);
                if now.0 < worst.0 {
                    worst = now;
                    worst_at = i;
                }
            }
            assert_eq!(
                num(fact, "count"),
                -i64::from(worst.0),
                "the deficit: {line}"
            );
            // From behind to ahead: in front on the count at some step after the worst.
            assert!(
                game.steps[worst_at..]
                    .iter()
                    .any(|s| lead(&s.scores, ws).0 > 0),
                "a comeback that never got in front: {line}"
            );
            let loser = game.seat_of(one(fact, "loser")).index();
            assert!(
                worst.1.contains(&loser),
                "the rival at the low point: {line}"
            );
        }
        Moment::Swing => {
            let (mover, victim, count) =
                (one(fact, "mover"), one(fact, "victim"), num(fact, "count"));
            assert!(count >= 2, "{line}");
            let ms = game.seat_of(mover).index();
            let vs = game.seat_of(victim).index();
            let mut prev = game.start_scores.clone();
            let found = game.steps.iter().any(|s| {
                let gap = |sc: &[i32]| i64::from(lead(sc, ms).0);
                let ok = s.seat.is_some_and(|seat| seat.index() == ms)
                    && gap(&s.scores) - gap(&prev) == count
                    && prev[vs] - s.scores[vs]
                        == (0..s.scores.len())
                            .filter(|&x| x != ms)
                            .map(|x| prev[x] - s.scores[x])
                            .max()
                            .unwrap();
                prev.clone_from(&s.scores);
                ok
            });
            assert!(found, "the swing: {line}");
        }
        Moment::CloseFinish | Moment::Rout => {
            let w = one(fact, "winner");
            assert_eq!(game.winners, [w], "{line}");
            let ws = game.seat_of(w).index();
            let (margin, rivals) = lead(&game.scores, ws);
            assert_eq!(num(fact, "count"), i64::from(margin), "the margin: {line}");
            let loser = game.seat_of(one(fact, "loser")).index();
            assert!(rivals.contains(&loser), "the runner-up: {line}");
        }
        // The onlookers gasp at the line before: the same mover and victim.
        Moment::Gasp => {
            let mover = one(fact, "mover");
            let victim = one(fact, "victim");
            assert_ne!(mover, victim, "{line}");
            assert!(game.seats.contains(&mover) && game.seats.contains(&victim));
        }
        // A murmur: some stretch of 24 moves in which no score moved.
        Moment::Murmur => {
            let mut quiet = 0;
            let mut longest = 0;
            let mut before = game.start_scores.clone();
            for s in &game.steps {
                if s.scores != before {
                    quiet = 0;
                } else if s.seat.is_some() {
                    quiet += 1;
                    longest = longest.max(quiet);
                }
                before.clone_from(&s.scores);
            }
            assert!(longest >= 24, "a quiet spell of {longest} moves: {line}");
        }
        Moment::CheatUnseen
        | Moment::CheatCaught
        | Moment::CheatForfeit
        | Moment::CheatStakes
        | Moment::CheatOutcry
        | Moment::CheatAgain
        | Moment::CheatWatched
        | Moment::CheatTally
        | Moment::CheatUnseenTally
        | Moment::RuleTwo
        | Moment::AccusedRight
        | Moment::AccusedWrong => check_aside(game, fact),
        other => panic!("no check for moment {other}: {line}"),
    }
}

/// Checks a line about an aside against the game's asides: the people in their roles,
/// what the cheat did, where, and what came of it.
fn check_aside(game: &GameLog, fact: &Fact) {
    let line = &fact.line;
    let place = fact
        .vars
        .iter()
        .find(|(k, _)| k == "place")
        .map(|(_, v)| v.as_str());
    let cheats = || {
        game.asides.iter().filter_map(|a| match &a.aside {
            Aside::Cheat {
                by,
                kind,
                at,
                seen_by,
                result,
                ..
            } => Some((*by, *kind, at.as_deref(), seen_by.clone(), *result)),
            _ => None,
        })
    };
    let found = match fact.key {
        Moment::CheatUnseen | Moment::CheatCaught | Moment::CheatAgain => {
            let mover = one(fact, "mover");
            let watchers = if fact.key != Moment::CheatUnseen {
                who(fact, "watcher")
            } else {
                Vec::new()
            };
            // What was done and where, in words: the square or heap the log gives, never
            // a throw's or an action's notation left bare.
            let said = var(fact, "cheat");
            cheats().any(|(by, kind, at, seen_by, _)| {
                let told_right = match (kind.key(), at) {
                    ("nudge", Some(at)) => {
                        let from = at.split(" to ").next().unwrap_or(at);
                        (said == format!("nudges a stone one point, from {at}")
                            || said == format!("nudges a stone one point at {at}"))
                            && place == Some(from)
                    }
                    ("palm", Some(at)) => {
                        said == format!("palms a counter from {at}") && place == Some(at)
                    }
                    ("turn-stick", Some(at)) => {
                        let (was, made) = at.split_once(" to ").expect("a throw to a throw");
                        said.starts_with("turns a stick over, making the throw ")
                            && said.ends_with(&format!(" instead of a {was}"))
                                == (was != "kiust" && was != "6x4")
                            && said.contains(made.trim_start_matches("6x"))
                            && place.is_none()
                    }
                    // An action in the game's notation is told in words; a place that
                    // is none (a trap named by hand) is told as it is.
                    ("extra-stone", Some(at)) => {
                        (said.starts_with("sneaks an extra action into the turn and ")
                            && place.is_none())
                            || (said == format!("{} at {at}", kind.words()) && place == Some(at))
                    }
                    (_, None) => said == kind.words() && place.is_none(),
                    (other, Some(_)) => panic!("no words written here for the cheat `{other}`"),
                };
                by == mover && seen_by == watchers && told_right
            })
        }
        Moment::CheatWatched | Moment::CheatTally | Moment::CheatUnseenTally => {
            // So many cheats of the mover's in this game, caught (or, for the GM, not),
            // of the game's own kind, in words and in figures alike.
            let mover = one(fact, "mover");
            let count = num(fact, "count");
            let seen = fact.key != Moment::CheatUnseenTally;
            let theirs = cheats()
                .filter(|(by, _, _, seen_by, _)| *by == mover && seen_by.is_empty() != seen)
                .count() as i64;
            let times = var(fact, "times");
            let in_words = [
                "once", "twice", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            ];
            let said_count = in_words
                .iter()
                .position(|w| times.starts_with(w))
                .map_or_else(
                    || times.split(' ').next().unwrap().parse::<i64>().unwrap(),
                    |i| i as i64 + 1,
                );
            assert_eq!(said_count, count, "{line}");
            assert_eq!(
                times.contains("more"),
                fact.key != Moment::CheatWatched,
                "{line}"
            );
            let habit = var(fact, "habit");
            let kind_said = cheats().any(|(_, kind, ..)| {
                let stem = match kind.key() {
                    "nudge" => "nudging",
                    "palm" => "palming",
                    "turn-stick" => "turning",
                    "extra-stone" => "sneaking in",
                    other => panic!("no habit written here for the cheat `{other}`"),
                };
                habit.starts_with(stem)
            });
            // Watched: this many so far (the second catch, or all of a brief game's);
            // a tally: this many more after the first one or two, told in place.
            let room = if fact.key == Moment::CheatWatched {
                0
            } else {
                1
            };
            kind_said && count >= 1 && count + room <= theirs && (count >= 2 || room == 1)
        }
        Moment::CheatOutcry => {
            let (mover, watchers) = (one(fact, "mover"), who(fact, "watcher"));
            cheats().any(|(by, _, _, seen_by, _)| by == mover && seen_by == watchers)
        }
        Moment::CheatForfeit | Moment::CheatStakes => {
            let mover = one(fact, "mover");
            let wanted = if fact.key == Moment::CheatForfeit {
                if fact.people.iter().any(|(k, _)| k == "winner") {
                    assert_eq!(who(fact, "winner"), game.winners, "{line}");
                }
                assert_eq!(num(fact, "number"), i64::from(game.number), "{line}");
                CheatResult::GameForfeit
            } else {
                CheatResult::StakesForfeit
            };
            cheats().any(|(by, _, _, seen_by, result)| {
                by == mover && !seen_by.is_empty() && result == wanted
            })
        }
        Moment::RuleTwo => {
            let (mover, victim) = (one(fact, "mover"), one(fact, "victim"));
            game.asides.iter().any(|a| {
                matches!(&a.aside, Aside::Penalty { by, victim: v, at }
                    if *by == mover && *v == victim && Some(at.text()) == place)
            })
        }
        Moment::AccusedRight | Moment::AccusedWrong => {
            let (accuser, accused) = (one(fact, "accuser"), one(fact, "accused"));
            let right = fact.key == Moment::AccusedRight;
            game.asides.iter().any(|a| {
                matches!(a.aside, Aside::Accused { by, against, right: r }
                    if by == accuser && against == accused && r == right)
            })
        }
        other => panic!("{other} is no aside: {line}"),
    };
    assert!(found, "no such aside in game {}: {line}", game.number);
}

/// Tells `seeds` matches of a game, checks every fact, the no-repeat rule and the naming
/// rule, and returns the distinct templates used by the brief narration and the number of
/// facts checked.
fn audit<G: Game>(seeds: std::ops::Range<u64>, names: &[&str]) -> (HashSet<String>, usize) {
    let book = Phrasebook::built_in();
    let mut templates = HashSet::new();
    let mut checked = 0;
    for seed in seeds {
        let (log, voices) = play::<G>(seed, names, Format::BestOf(3));
        let voice_refs: Vec<&Voice> = voices.iter().collect();
        for detail in [Detail::Brief, Detail::Full] {
            let mut narrator = Narrator::new(&book, &log, &voice_refs);
            let scenes = narrator.tell(detail);
            let mut seen = HashSet::new();
            // Full name at the first mention in the telling: a short name alone never
            // comes before the full one.
            let text = scenes
                .iter()
                .map(|s| s.lines.join("\n"))
                .collect::<Vec<_>>()
                .join("\n");
            for e in log.entrants.iter().filter(|e| e.short != e.name) {
                if let Some(short_at) = text.find(&e.short) {
                    let full_at = text.find(&e.name);
                    assert!(
                        full_at.is_some_and(|f| f <= short_at),
                        "seed {seed}: {} named short before in full: {text}",
                        e.name
                    );
                }
            }
            for scene in &scenes {
                for line in &scene.lines {
                    assert!(
                        seen.insert(line.clone()),
                        "seed {seed}: {line:?} said twice"
                    );
                    // Piç is played on the ground or a table, with no board: not in the
                    // narrator's lines, nor in the voice lines quoted there.
                    assert!(
                        G::KIND != GameKind::Pic || !line.to_lowercase().contains("board"),
                        "seed {seed}: a board at Piç: {line:?}"
                    );
                    assert!(
                        !line.contains("s's "),
                        "seed {seed}: a possessive: {line:?}"
                    );
                    // Words for two only at a table of two.
                    assert!(
                        log.entrants.len() == 2
                            || !(line.contains(" both ") || line.contains("two of us")),
                        "seed {seed}: words for two at a table of {}: {line:?}",
                        log.entrants.len()
                    );
                }
            }
            for pair in narrator.facts().windows(2) {
                if pair[1].key == Moment::Gasp {
                    assert!(
                        matches!(pair[0].key, Moment::BigCapture | Moment::Swing)
                            && one(&pair[0], "mover") == one(&pair[1], "mover")
                            && one(&pair[0], "victim") == one(&pair[1], "victim"),
                        "seed {seed}: a gasp at {:?} after {:?}",
                        pair[1].line,
                        pair[0].line
                    );
                }
            }
            // A ceremony is told in its order: every throw or draw for the first turn
            // before the line that says who won it.
            let facts = narrator.facts();
            for (i, f) in facts.iter().enumerate() {
                if f.key == Moment::FirstTurn {
                    assert!(
                        !facts[i..].iter().any(|later| later.game == f.game
                            && matches!(later.key, Moment::Game(m) if ["first-throw", "bag-draw"].contains(&m.key))),
                        "seed {seed}: the first turn told before its throws: {:?}",
                        f.line
                    );
                }
            }
            for fact in narrator.facts() {
                check(&log, fact);
                checked += 1;
                if detail == Detail::Brief {
                    templates.insert(fact.template.clone());
                }
            }
            if detail == Detail::Brief {
                // What the GM reads aloud: one or two lines a game, five for the match
                // around them (the greetings, the result, the winner's word, the hook);
                // the GM's own secret (a cheat that got away) is one more line at most.
                let mut around = 0;
                let mut secrets = 0;
                for scene in &scenes {
                    let aloud = scene.players_lines().count();
                    secrets += scene.gm_only.len();
                    if scene.heading.starts_with("Game") || scene.heading.starts_with("Round") {
                        assert!(
                            (1..=2).contains(&aloud),
                            "seed {seed}: brief tells 1-2 lines a game: {:?}",
                            scene.lines
                        );
                    } else {
                        around += aloud;
                    }
                }
                assert!(around <= 5, "seed {seed}: {around} lines around the games");
                assert!(secrets <= 1, "seed {seed}: {secrets} secrets in brief");
                let words: usize = scenes
                    .iter()
                    .flat_map(|s| s.players_lines())
                    .map(|l| l.split_whitespace().count())
                    .sum();
                let games = log.games.len();
                // Read aloud at 150 words a minute: about 35 words a game and the match
                // around them at a table of two (a best of 3 in well under a minute,
                // most in about half); a table of three to five names more people in
                // each count.
                let per = if log.entrants.len() == 2 { 40 } else { 50 };
                assert!(
                    words <= per * (games + 1),
                    "seed {seed}: {words} words for {games} games"
                );
            }
        }
    }
    (templates, checked)
}

#[test]
fn tides_of_war_narration_is_true_and_varied() {
    let (templates, checked) = audit::<Tides>(0..100, &["Brannoc", "Mirela"]);
    assert!(checked > 1000, "{checked}");
    assert!(
        templates.len() >= 20,
        "only {} distinct lines",
        templates.len()
    );
}

#[test]
fn kiust_oyun_narration_is_true_and_varied() {
    let (templates, _) = audit::<Kiust>(0..100, &["Hrodgar", "Tamsin"]);
    assert!(
        templates.len() >= 20,
        "only {} distinct lines",
        templates.len()
    );
}

#[test]
fn oicustiytac_narration_is_true_and_varied() {
    let (templates, _) = audit::<Oicus>(0..100, &["Ysolde", "Pip"]);
    assert!(
        templates.len() >= 20,
        "only {} distinct lines",
        templates.len()
    );
}

#[test]
fn pic_narration_is_true_at_every_table_size() {
    let tables: [&[&str]; 4] = [
        &["Tamsin", "Hrodgar"],
        &["Pip", "Ysolde", "Hrodgar"],
        &["Brannoc", "Mirela", "Pip", "Ysolde"],
        &["Brannoc", "Mirela", "Pip", "Ysolde", "Tamsin"],
    ];
    let mut templates = HashSet::new();
    for (i, names) in tables.iter().enumerate() {
        let from = 1000 * i as u64;
        let (t, checked) = audit::<Pic>(from..from + 250, names);
        assert!(checked > 1000, "{} players: {checked}", names.len());
        templates.extend(t);
    }
    assert!(
        templates.len() >= 20,
        "only {} distinct lines",
        templates.len()
    );
}

#[test]
fn every_game_has_a_line_for_every_way_it_ends() {
    let book = Phrasebook::built_in();
    for kind in GameKind::ALL {
        for &end in kind.facts().ends {
            assert!(
                !book
                    .lines(kind, Moment::Finish(end, Result3::Won))
                    .is_empty(),
                "{kind} {end:?}"
            );
        }
    }
}

#[test]
fn a_truce_is_told_by_its_own_lines_or_as_a_draw_never_as_a_win() {
    // A book with no truce lines of its own (and a line for a win ready): a truce falls
    // back to a plain draw's line.
    let mut bare = Phrasebook::default();
    bare.merge_toml(
        std::path::Path::new("bare.toml"),
        "[common]\ngame-drawn = [\"Game {number} is drawn, {scores}.\"]\n\
         game-won = [\"{winner} wins game {number}.\"]\n\
         [tides-of-war]\nconquest = [\"{winner} conquers.\"]\n",
    )
    .unwrap();
    let built_in = Phrasebook::built_in();
    let truce_lines = built_in.lines(
        GameKind::TidesOfWar,
        Moment::Finish(taproom::games::tides::TRUCE, Result3::Won),
    );
    let mut truces = 0;
    for seed in 0..20 {
        let options = taproom::games::tides::Options { truce_after: 2 };
        let (log, voices) =
            play_with::<Tides>(seed, &["Pip", "Tamsin"], Format::BestOf(1), options);
        let voice_refs: Vec<&Voice> = voices.iter().collect();
        let Some(truce) = log
            .games
            .iter()
            .find(|g| g.outcome.end == taproom::games::tides::TRUCE)
        else {
            continue;
        };
        truces += 1;
        let finish = |book: &Phrasebook| -> Fact {
            let mut narrator = Narrator::new(book, &log, &voice_refs);
            narrator.tell(Detail::Full);
            narrator
                .facts()
                .iter()
                .find(|f| {
                    f.game == truce.number
                        && matches!(
                            f.key,
                            Moment::Finish(..) | Moment::GameDrawn | Moment::GameWon
                        )
                })
                .cloned()
                .unwrap_or_else(|| panic!("seed {seed}: the truce is not told"))
        };
        let own = finish(&built_in);
        assert_eq!(
            own.key,
            Moment::Finish(taproom::games::tides::TRUCE, Result3::Won),
            "seed {seed}: {}",
            own.line
        );
        assert!(truce_lines.contains(&own.template), "seed {seed}");
        assert!(!own.line.contains(['{', '}']), "seed {seed}: {}", own.line);
        let plain = finish(&bare);
        assert_eq!(plain.key, Moment::GameDrawn, "seed {seed}: {}", plain.line);
        assert!(
            plain
                .line
                .starts_with(&format!("Game {} is drawn, ", truce.number))
        );
        assert!(
            !plain.line.contains(['{', '}']),
            "seed {seed}: {}",
            plain.line
        );
    }
    assert!(truces > 0, "no seed ended in a truce");
}

/// Asides for a played game, at places spread through it: a cheat nobody saw, one seen
/// (taken back, the stakes forfeit, or the game forfeit at its end, as `variant` says; in
/// Òicustiỳtac rule 2 and its penalty), and an accusation, right or wrong.
fn asides_for(kind: GameKind, game: &GameLog, variant: u64) -> Vec<AsideAt> {
    let n = game.steps.len();
    let (a, b) = (game.seats[0], game.seats[1]);
    let (cheat, at) = match kind {
        GameKind::TidesOfWar => (tides::NUDGE, Some("c4")),
        GameKind::Pic => (pic::PALM, Some("heap 3")),
        GameKind::KiustOyun => (kiust::TURN_STICK, None),
        GameKind::Oicustiytac => (oicus::EXTRA_STONE, Some("trap 2")),
        other => panic!("no cheat written here for {other}"),
    };
    let at = at.map(Played::from);
    let aside = |before: usize, aside: Aside| AsideAt {
        before,
        aside,
        position: None,
    };
    let mut out = vec![aside(
        n / 4,
        Aside::Cheat {
            by: a,
            kind: cheat,
            at: at.clone(),
            seen_by: Vec::new(),
            result: CheatResult::Stood,
            risk: 0.2,
            worth: 0.1,
            earlier: 0,
            roll: None,
        },
    )];
    let (before, result) = match (kind, variant % 3) {
        (GameKind::Oicustiytac, _) => (n / 2, CheatResult::RuleTwo),
        (_, 0) => (n / 2, CheatResult::TakenBack),
        (_, 1) => (n / 2, CheatResult::StakesForfeit),
        _ => (n, CheatResult::GameForfeit),
    };
    out.push(aside(
        before,
        Aside::Cheat {
            by: b,
            kind: cheat,
            at: at.clone(),
            seen_by: game.seats.iter().copied().filter(|&e| e != b).collect(),
            result,
            risk: 0.2,
            worth: 0.1,
            earlier: 1,
            roll: None,
        },
    ));
    // Every fourth game, the cheat who was caught keeps at it: caught three times more,
    // and the one who got away gets away twice more (rolled up as a story, and summed).
    if variant % 4 == 3 {
        for k in 1..=3 {
            out.push(aside(
                (before + k).min(n),
                Aside::Cheat {
                    by: b,
                    kind: cheat,
                    at: at.clone(),
                    seen_by: game.seats.iter().copied().filter(|&e| e != b).collect(),
                    result: CheatResult::TakenBack,
                    risk: 0.2,
                    worth: 0.1,
                    earlier: 1 + k as u32,
                    roll: None,
                },
            ));
        }
        for k in 1..=2 {
            out.push(aside(
                n / 4 + k,
                Aside::Cheat {
                    by: a,
                    kind: cheat,
                    at: at.clone(),
                    seen_by: Vec::new(),
                    result: CheatResult::Stood,
                    risk: 0.2,
                    worth: 0.1,
                    earlier: k as u32,
                    roll: None,
                },
            ));
        }
    }
    if result == CheatResult::RuleTwo {
        out.push(aside(
            before,
            Aside::Penalty {
                by: a,
                victim: b,
                at: "trap 5".into(),
            },
        ));
    }
    out.push(aside(
        (3 * n / 4).min(before),
        Aside::Accused {
            by: b,
            against: a,
            right: variant.is_multiple_of(2),
        },
    ));
    out.sort_by_key(|x| x.before);
    out
}

/// Played matches with asides put in by hand: every line about them is true of the log,
/// the naming and no-repeat rules hold, and the players' view hears no cheat nobody saw
/// while the GM's hears every one at full detail.
fn audit_asides<G: Game>(seeds: std::ops::Range<u64>, names: &[&str]) {
    let book = Phrasebook::built_in();
    for seed in seeds {
        let (mut log, voices) = play::<G>(seed, names, Format::BestOf(3));
        for (i, g) in log.games.iter_mut().enumerate() {
            g.asides = asides_for(G::KIND, g, seed + i as u64);
        }
        let voice_refs: Vec<&Voice> = voices.iter().collect();
        for detail in [Detail::Brief, Detail::Full] {
            let mut narrator = Narrator::new(&book, &log, &voice_refs);
            let scenes = narrator.tell(detail);
            let facts = narrator.facts();
            for fact in facts {
                check(&log, fact);
            }
            // Every attempt is accounted for: a line of its own, or a tally's count.
            let counted = |keys: &[Moment], tally: Moment| {
                facts.iter().filter(|f| keys.contains(&f.key)).count()
                    + facts
                        .iter()
                        .filter(|f| f.key == tally)
                        .map(|f| num(f, "count") as usize)
                        .sum::<usize>()
            };
            let unseen = counted(&[Moment::CheatUnseen], Moment::CheatUnseenTally);
            let cheats = log
                .asides()
                .filter(|(_, a)| matches!(a, Aside::Cheat { seen_by, .. } if seen_by.is_empty()))
                .count();
            let caught = log
                .asides()
                .filter(|(_, a)| matches!(a, Aside::Cheat { seen_by, .. } if !seen_by.is_empty()))
                .count();
            match detail {
                Detail::Full => assert_eq!(unseen, cheats, "seed {seed}"),
                _ => assert_eq!(unseen, 1, "seed {seed}: one a match at brief"),
            }
            // Brief tells a game's first aside the table saw, when it is a cheat caught.
            let first_caught = log
                .games
                .iter()
                .filter(|g| {
                    let mut asides: Vec<&AsideAt> = g.asides.iter().collect();
                    asides.sort_by_key(|a| a.before);
                    asides
                        .iter()
                        .find(|a| match &a.aside {
                            Aside::Cheat { seen_by, .. } => !seen_by.is_empty(),
                            _ => true,
                        })
                        .is_some_and(|a| matches!(a.aside, Aside::Cheat { .. }))
                })
                .count();
            let told = [
                Moment::CheatCaught,
                Moment::CheatAgain,
                Moment::CheatWatched,
            ];
            if detail == Detail::Full {
                assert_eq!(
                    counted(&told, Moment::CheatTally),
                    caught,
                    "seed {seed}: every cheat caught, told or summed"
                );
            } else {
                assert_eq!(
                    facts.iter().filter(|f| told.contains(&f.key)).count(),
                    first_caught,
                    "seed {seed}: a line for the cheats caught in each game, at brief"
                );
            }
            // Caught again: "a second time" counts the cheat's catches in the match.
            for f in facts.iter().filter(|f| f.key == Moment::CheatAgain) {
                let nth = ordinal(var(f, "nth"));
                let mover = one(f, "mover");
                let before: usize = log
                    .games
                    .iter()
                    .take_while(|g| g.number < f.game)
                    .flat_map(|g| &g.asides)
                    .filter(|a| matches!(&a.aside, Aside::Cheat { by, seen_by, .. } if *by == mover && !seen_by.is_empty()))
                    .count();
                assert!(before >= 1 && nth == before + 1, "seed {seed}: {}", f.line);
            }
            let mut seen = HashSet::new();
            for scene in &scenes {
                for line in &scene.lines {
                    assert!(
                        seen.insert(line.clone()),
                        "seed {seed}: {line:?} said twice"
                    );
                }
                for (i, line) in scene.lines.iter().enumerate() {
                    let secret = facts.iter().any(|f| f.gm_only && &f.line == line);
                    assert_eq!(scene.is_gm_only(i), secret, "seed {seed}: {line}");
                }
            }
            // Each view names everyone in full before it names them short, over the
            // whole telling.
            let views: [Vec<&String>; 2] = [
                scenes.iter().flat_map(|s| s.lines.iter()).collect(),
                scenes.iter().flat_map(|s| s.players_lines()).collect(),
            ];
            for lines in views {
                let text = lines
                    .iter()
                    .map(|l| l.as_str())
                    .collect::<Vec<_>>()
                    .join("\n");
                for e in log.entrants.iter().filter(|e| e.short != e.name) {
                    if let Some(short_at) = text.find(&e.short) {
                        assert!(
                            text.find(&e.name).is_some_and(|f| f <= short_at),
                            "seed {seed}: {} named short first: {text}",
                            e.name
                        );
                    }
                }
            }
        }
    }
}

/// An ordinal as the narrator says it, as a number: "second" is 2, "11th" is 11.
fn ordinal(said: &str) -> usize {
    const WORDS: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    WORDS.iter().position(|w| *w == said).map_or_else(
        || said.trim_end_matches(char::is_alphabetic).parse().unwrap(),
        |i| i + 1,
    )
}

#[test]
fn asides_are_told_truly_at_every_game() {
    audit_asides::<Tides>(0..12, &["Brannoc", "Mirela"]);
    audit_asides::<Kiust>(0..12, &["Hrodgar", "Tamsin"]);
    audit_asides::<Oicus>(0..12, &["Ysolde", "Pip"]);
    audit_asides::<Pic>(0..12, &["Pip", "Ysolde", "Hrodgar"]);
}

/// Tells matches of `G` with every entrant given `pronouns`, and checks that no line puts
/// "he", "she" or "they" before a verb of the wrong number: the moves in words and the
/// temperaments' verbs are the narrator's verbs, each known in both forms.
fn grammar<G: Game>(names: &[&str], pronouns: taproom::names::Pronouns) -> usize {
    use taproom::ai::Temperament;
    let book = Phrasebook::built_in();
    let mut checked = 0;
    for seed in 0..12 {
        let (mut log, voices) = play::<G>(seed, names, Format::BestOf(3));
        for e in &mut log.entrants {
            e.pronouns = pronouns;
        }
        // Each verb the lines may open a phrase with, singular and plural (made by hand:
        // drop the s, or the es after s, sh, ch and x, or ies to y).
        let mut singular: HashSet<String> = [
            Temperament::Cautious,
            Temperament::Steady,
            Temperament::Bold,
            Temperament::Reckless,
            Temperament::Cunning,
        ]
        .iter()
        .flat_map(|&t| book.verbs(t).to_vec())
        .collect();
        for game in &log.games {
            for step in &game.steps {
                if let Some(seat) = step.seat
                    && let Some(words) = taproom::games::words::move_words(G::KIND, &step.mv, seat)
                    && let Some(first) = words.split(' ').next()
                {
                    singular.insert(first.to_owned());
                }
            }
        }
        let by_hand = |v: &str| -> String {
            if let Some(stem) = v.strip_suffix("ies") {
                format!("{stem}y")
            } else if ["sses", "shes", "ches", "xes"]
                .iter()
                .any(|e| v.ends_with(e))
            {
                v[..v.len() - 2].to_owned()
            } else {
                v.strip_suffix('s').unwrap_or(v).to_owned()
            }
        };
        let voice_refs: Vec<&Voice> = voices.iter().collect();
        let scenes = Narrator::new(&book, &log, &voice_refs).tell(Detail::Full);
        let (right, wrong): (Vec<String>, Vec<String>) = if pronouns.they() == "they" {
            (
                singular.iter().map(|v| by_hand(v)).collect(),
                singular.iter().cloned().collect(),
            )
        } else {
            (
                singular.iter().cloned().collect(),
                singular.iter().map(|v| by_hand(v)).collect(),
            )
        };
        let subject = pronouns.they();
        for line in scenes.iter().flat_map(|s| s.lines.iter()) {
            let lower = line.to_lowercase();
            for (w, r) in wrong.iter().zip(&right) {
                assert!(
                    !lower.contains(&format!(" {subject} {w} "))
                        && !lower.starts_with(&format!("{subject} {w} ")),
                    "seed {seed}: `{subject} {w}` where `{subject} {r}` is meant: {line}"
                );
            }
            checked += 1;
        }
    }
    checked
}

/// A grammar test over every pronoun in every game (Piç at tables of two, three and five).
#[test]
fn verbs_agree_with_every_pronoun_in_every_game() {
    use taproom::names::Pronouns;
    for p in [Pronouns::He, Pronouns::She, Pronouns::They] {
        let mut lines = 0;
        lines += grammar::<Tides>(&["Brannoc", "Mirela"], p);
        lines += grammar::<Kiust>(&["Hrodgar", "Pip"], p);
        lines += grammar::<Oicus>(&["Ysolde", "Tamsin"], p);
        lines += grammar::<Pic>(&["Tamsin", "Pip"], p);
        lines += grammar::<Pic>(&["Tamsin", "Pip", "Mirela"], p);
        lines += grammar::<Pic>(&["Tamsin", "Pip", "Mirela", "Brannoc", "Hrodgar"], p);
        assert!(lines > 500, "{lines} lines read");
    }
}
