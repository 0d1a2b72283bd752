//! Cheats at the table: honest characters never try one, a cheat wins more and is caught
//! less as its skill rises and its watcher's eye falls, Òicustiỳtac's rule 2 brings a
//! stone down, the tavern's rules apply, and a seed replays every attempt exactly.

use taproom::ai::{Effort, Skill, Temperament};
use taproom::games::kiust::Kiust;
use taproom::games::oicus::Oicus;
use taproom::games::pic::Pic;
use taproom::games::tides::Tides;
use taproom::games::{End, Game, Rules};
use taproom::roster::tavern::OnCheat;
use taproom::table::{
    Aside, CheatResult, Entrant, Format, MatchLog, MatchSettings, TableRules, Who, play_match,
};

use crate::common::Taproom;

fn entrant(name: &str, level: u8, honesty: u8, eye: u8) -> Entrant {
    let mut e = Entrant::new(name, Skill::Level(level), Temperament::Steady);
    e.honesty = honesty;
    e.eye = eye;
    e
}

/// A seeded single game under the tavern's `on_cheat` (`None`: the game's custom).
fn single<G: Game>(entrants: &[Entrant], seed: u64, on_cheat: Option<OnCheat>) -> MatchLog {
    let settings = MatchSettings::<G> {
        format: Format::BestOf(1),
        draw_cap: 0,
        options: G::Options::default(),
        seed,
        effort: Effort::Full,
        table: TableRules {
            on_cheat,
            ..TableRules::default()
        },
        wary: taproom::table::cheat::Wary::default(),
    };
    play_match::<G>(entrants, &settings).expect("a match")
}

/// Honest characters (honesty 10) never try anything: every game, Piç at two, three and
/// five seats, 100 seeds each.
#[test]
fn an_honest_table_never_cheats() {
    fn none<G: Game>(seats: usize) {
        let table: Vec<Entrant> = (0..seats)
            .map(|i| entrant(&format!("P{i}"), 2 + i as u8, 10, 5))
            .collect();
        for seed in 1..=100 {
            let log = single::<G>(&table, seed, None);
            assert_eq!(log.asides().count(), 0, "{} seed {seed}", G::KIND);
        }
    }
    none::<Tides>(2);
    none::<Kiust>(2);
    none::<Oicus>(2);
    none::<Pic>(2);
    none::<Pic>(3);
    none::<Pic>(5);
}

/// The cheat's share of the wins over `games` seeded single games against `other`, the
/// two swapping their order at the table from one seed to the next; with the attempts.
fn cheat_share<G: Game>(cheat: &Entrant, other: &Entrant, games: u64) -> (f64, usize) {
    let (mut share, mut tries) = (0.0, 0);
    for seed in 1..=games {
        let (table, me) = if seed.is_multiple_of(2) {
            ([cheat.clone(), other.clone()], Who(0))
        } else {
            ([other.clone(), cheat.clone()], Who(1))
        };
        let log = single::<G>(&table, seed, None);
        share += if log.winners == [me] {
            1.0
        } else if log.winners.len() == 1 {
            0.0
        } else {
            0.5
        };
        tries += log.attempts(me);
    }
    (share / games as f64, tries)
}

/// Over 200 seeded single games a game, under each game's own custom for a cheat seen, a
/// cheat (honesty 0) wins a larger share against an honest player of equal skill and eye
/// 5 than the same two both honest on the same seeds; against a watcher of eye 9 a
/// sensible cheat tries less (a card-sharp still tries its least risky cheat a game), and
/// wins no more than a little.
#[test]
fn a_cheat_gains_at_an_average_table_and_keeps_still_before_a_sharp_eye() {
    fn check<G: Game>() {
        let honest = entrant("Honest", 5, 10, 5);
        let (fair, _) = cheat_share::<G>(&entrant("Cheat", 5, 10, 5), &honest, 200);
        let (cheating, tries) = cheat_share::<G>(&entrant("Cheat", 5, 0, 5), &honest, 200);
        assert!(
            cheating > fair + 0.04,
            "{}: {fair} honest, {cheating} cheating",
            G::KIND
        );
        let (sharp, wary_tries) =
            cheat_share::<G>(&entrant("Cheat", 5, 0, 5), &entrant("Eye", 5, 10, 9), 200);
        assert!(
            wary_tries < tries,
            "{}: {wary_tries} attempts before eye 9, {tries} before eye 5",
            G::KIND
        );
        assert!(
            sharp < fair + 0.06,
            "{}: {fair} honest, {sharp} cheating before eye 9",
            G::KIND
        );
    }
    check::<Tides>();
    check::<Pic>();
    check::<Kiust>();
    check::<Oicus>();
}

/// Honesty sets how often a character is willing: never more attempts in a match than
/// the willingness drawn for it (`appetite` rounded up), and, before a blind watcher
/// (eye 0) over 60 seeds, fewer attempts the more honest, in every game.
#[test]
fn honesty_sets_the_appetite() {
    use taproom::table::cheat::appetite;
    fn tries<G: Game>(honesty: u8) -> usize {
        let table = [entrant("Cheat", 5, honesty, 5), entrant("Blind", 5, 10, 0)];
        (1..=60)
            .map(|seed| {
                let n = single::<G>(&table, seed, None).attempts(Who(0));
                if honesty > 0 {
                    let most = appetite(honesty).ceil() as usize;
                    assert!(n <= most, "{} honesty {honesty}: {n} attempts", G::KIND);
                }
                n
            })
            .sum()
    }
    fn check<G: Game>() {
        let by: Vec<usize> = [9, 5, 1, 0].iter().map(|&h| tries::<G>(h)).collect();
        assert!(
            by.windows(2).all(|w| w[0] <= w[1]) && by[0] < by[3],
            "{}: attempts at honesty 9, 5, 1, 0: {by:?}",
            G::KIND
        );
    }
    check::<Tides>();
    check::<Pic>();
    check::<Kiust>();
    check::<Oicus>();
}

/// A willing character picks its moment: every attempt by honesty 1 to 9 was worth at
/// least `MOMENT` to it, every attempt by honesty 0 at least `WORTH`, and none risked more
/// than the character's nerve; every game, 40 seeds at each honesty.
#[test]
fn a_cheat_picks_its_moment_within_its_nerve() {
    use taproom::table::cheat::{MOMENT, NERVE, WORTH};
    fn check<G: Game>() {
        let mut seen = 0;
        for honesty in [0u8, 3, 6] {
            let table = [entrant("Cheat", 5, honesty, 5), entrant("Dull", 5, 10, 2)];
            let nerve = NERVE * (1.0 - f64::from(honesty) / 10.0);
            for seed in 1..=40 {
                for (_, a) in single::<G>(&table, seed, None).asides() {
                    let Aside::Cheat {
                        by: Who(0),
                        risk,
                        worth,
                        ..
                    } = a
                    else {
                        continue;
                    };
                    let bar = if honesty == 0 { WORTH } else { MOMENT };
                    assert!(
                        *worth >= bar,
                        "{} honesty {honesty}: worth {worth}",
                        G::KIND
                    );
                    assert!(*risk <= nerve + 1e-9, "{}: risk {risk}", G::KIND);
                    seen += 1;
                }
            }
        }
        assert!(seen > 0, "{}: no attempt to check", G::KIND);
    }
    check::<Tides>();
    check::<Pic>();
    check::<Kiust>();
    check::<Oicus>();
}

/// The table draws who sees a cheat by the chance it states: over every attempt of a cheat
/// (honesty 0, skill 5) before a watcher of eye 5, in every game, the attempts seen number
/// the sum of the stated risks, within three standard deviations; and a clumsy hand (skill
/// 2) is seen more often than a deft one (skill 9) by the same watcher.
#[test]
fn cheats_are_seen_as_often_as_the_table_says() {
    fn attempts<G: Game>(level: u8, eye: u8) -> Vec<(f64, bool)> {
        let table = [
            entrant("Cheat", level, 0, 5),
            entrant("Watcher", 5, 10, eye),
        ];
        let mut out = Vec::new();
        for seed in 1..=150 {
            for (_, a) in single::<G>(&table, seed, Some(OnCheat::LoseTurn)).asides() {
                if let Aside::Cheat {
                    by: Who(0),
                    seen_by,
                    risk,
                    ..
                } = a
                {
                    out.push((*risk, !seen_by.is_empty()));
                }
            }
        }
        out
    }
    fn check<G: Game>() {
        let all = attempts::<G>(5, 5);
        assert!(all.len() >= 30, "{}: only {} attempts", G::KIND, all.len());
        let expected: f64 = all.iter().map(|(r, _)| r).sum();
        let sd = all.iter().map(|(r, _)| r * (1.0 - r)).sum::<f64>().sqrt();
        let seen = all.iter().filter(|(_, s)| *s).count() as f64;
        assert!(
            (seen - expected).abs() <= 3.0 * sd + 1.0,
            "{}: {seen} seen, {expected:.1} expected (sd {sd:.1})",
            G::KIND
        );
        let rate = |v: Vec<(f64, bool)>| {
            assert!(v.len() >= 10, "{}: only {} attempts", G::KIND, v.len());
            v.iter().filter(|(_, s)| *s).count() as f64 / v.len() as f64
        };
        let (clumsy, deft) = (rate(attempts::<G>(2, 4)), rate(attempts::<G>(9, 4)));
        assert!(
            deft < clumsy,
            "{}: a clumsy hand seen {clumsy}, a deft one {deft}",
            G::KIND
        );
    }
    check::<Tides>();
    check::<Pic>();
    check::<Kiust>();
    check::<Oicus>();
}

/// Suspicion in the log: a hand's `earlier` attempts count up through the match, game
/// after game, and a cheat seen makes its watcher see more (the risk of the next attempt
/// by the same hand, of the same boldness and worth, is higher), every game.
#[test]
fn every_attempt_is_counted_and_raises_the_watch() {
    fn check<G: Game>() {
        let table = [entrant("Cheat", 5, 0, 5), entrant("Watcher", 5, 10, 4)];
        let mut counted = 0;
        for seed in 1..=30 {
            let log = single_best_of::<G>(&table, seed, 3);
            let mut next = 0;
            for g in &log.games {
                for a in &g.asides {
                    if let Aside::Cheat {
                        by: Who(0),
                        earlier,
                        ..
                    } = &a.aside
                    {
                        assert_eq!(*earlier, next, "{} seed {seed}", G::KIND);
                        next += 1;
                        counted += 1;
                    }
                }
            }
        }
        assert!(counted > 10, "{}: {counted} attempts", G::KIND);
    }
    check::<Tides>();
    check::<Pic>();
    check::<Kiust>();
    check::<Oicus>();
}

/// A best of `n` between `entrants` under the game's custom.
fn single_best_of<G: Game>(entrants: &[Entrant], seed: u64, n: u32) -> MatchLog {
    let settings = MatchSettings::<G> {
        format: Format::BestOf(n),
        draw_cap: 0,
        options: G::Options::default(),
        seed,
        effort: Effort::Full,
        table: TableRules::default(),
        wary: taproom::table::cheat::Wary::default(),
    };
    play_match::<G>(entrants, &settings).expect("a match")
}

/// Kiust Oyun's custom: a cheat seen loses the throw. The table leaves the position with
/// the other player to throw, and the next move played is theirs.
#[test]
fn a_turned_stick_seen_loses_the_throw() {
    let table = [entrant("Cheat", 5, 0, 5), entrant("Watcher", 5, 10, 6)];
    let mut checked = 0;
    for seed in 1..=60 {
        let log = single::<Kiust>(&table, seed, None);
        for g in &log.games {
            for a in &g.asides {
                let Aside::Cheat { by, result, .. } = &a.aside else {
                    continue;
                };
                if *result != CheatResult::TurnLost {
                    continue;
                }
                let pos: Kiust = a
                    .position
                    .as_ref()
                    .expect("the turn passed")
                    .parse()
                    .unwrap();
                let other = g.seats.iter().position(|&e| e != *by).unwrap();
                assert_eq!(pos.turn(), taproom::games::Turn::Chance);
                // The position names the player to throw after `;`, from 1.
                let text = pos.to_string();
                let to_move = text.split(';').nth(1).unwrap().trim();
                assert!(
                    to_move.starts_with(&(other + 1).to_string()),
                    "seed {seed}: {text}"
                );
                // The next step is the other player's throw.
                let next = &g.steps[a.before];
                assert_eq!(next.seat, None, "a throw");
                checked += 1;
            }
        }
    }
    assert!(checked >= 3, "only {checked} lost throws");
}

/// Rule 2 in play: every caught extra stone is followed, after the cheat's own turn, by
/// a stone of theirs brought down by the opponent: the opponent's points rise by 3 over
/// the cheat's step, the cheat has one stone fewer on the board, and the opponent moves
/// next.
#[test]
fn rule_two_brings_a_stone_down_before_the_opponent_s_turn() {
    let table = [entrant("Cheat", 2, 0, 5), entrant("Watcher", 5, 10, 6)];
    let mut checked = 0;
    for seed in 1..=100 {
        let log = single::<Oicus>(&table, seed, None);
        for g in &log.games {
            for (i, a) in g.asides.iter().enumerate() {
                let Aside::Penalty { by, victim, .. } = a.aside else {
                    continue;
                };
                // The caught cheat just before it, by the victim.
                let caught = g.asides[..i].iter().rev().find_map(|c| match &c.aside {
                    Aside::Cheat { by, result, .. } => Some((*by, *result)),
                    _ => None,
                });
                assert_eq!(caught, Some((victim, CheatResult::RuleTwo)));
                let seat = |e: Who| {
                    taproom::games::Seat(g.seats.iter().position(|&x| x == e).unwrap() as u8)
                };
                let (by_seat, victim_seat) = (seat(by), seat(victim));
                let before: &taproom::table::Step = &g.steps[a.before - 1];
                assert_eq!(before.seat, Some(victim_seat), "after the cheat's own turn");
                let after: Oicus = a.position.as_ref().unwrap().parse().unwrap();
                let step_pos = {
                    // The position after the cheat's step, played again from the start.
                    let mut pos: Oicus = g.start.parse().unwrap();
                    let mut k = 0;
                    for (j, s) in g.steps[..a.before].iter().enumerate() {
                        for t in g.asides.iter().filter(|t| t.before == j) {
                            if let Some(p) = &t.position {
                                pos = p.parse().unwrap();
                            }
                        }
                        pos.play(s.mv.parse().unwrap(), &mut ()).unwrap();
                        k = j;
                    }
                    let _ = k;
                    pos
                };
                assert_eq!(after.score(by_seat), step_pos.score(by_seat) + 3);
                assert_eq!(
                    after.on_board(victim_seat) + 1,
                    step_pos.on_board(victim_seat)
                );
                if let Some(next) = g.steps.get(a.before) {
                    assert_eq!(next.seat, Some(by_seat), "the opponent moves next");
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 5, "only {checked} penalties in 100 seeds");
}

/// Tides of War's custom (`forfeit-game`): a cheat seen loses the game on the spot.
#[test]
fn a_forfeit_rule_ends_the_game_against_the_cheat() {
    let table = [entrant("Cheat", 2, 0, 5), entrant("Watcher", 5, 10, 4)];
    let mut forfeits = 0;
    for seed in 1..=60 {
        let log = single::<Tides>(&table, seed, None);
        for g in &log.games {
            let forfeit = g.asides.iter().any(|a| {
                matches!(
                    a.aside,
                    Aside::Cheat {
                        result: CheatResult::GameForfeit,
                        ..
                    }
                )
            });
            assert_eq!(forfeit, g.outcome.end == End::Forfeit, "seed {seed}");
            if forfeit {
                assert_eq!(g.winners, vec![Who(1)], "the watcher wins a forfeit");
                forfeits += 1;
            }
        }
    }
    assert!(forfeits > 0);
}

/// The same seed gives the same attempts and the same catches; the replay command shows
/// the cheats that stood and plays on from them.
#[test]
fn a_seed_replays_every_attempt_and_catch() {
    let a = Taproom::new()
        .args([
            "play", "pic", "Mirela", "Hrodgar", "Pip", "--seed", "9", "--format", "json",
        ])
        .ok();
    let b = Taproom::new()
        .args([
            "play", "pic", "Mirela", "Hrodgar", "Pip", "--seed", "9", "--format", "json",
        ])
        .ok();
    assert_eq!(a.stdout, b.stdout);
    let doc: serde_json::Value = serde_json::from_str(&a.stdout).unwrap();
    let asides: usize = doc["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["asides"].as_array().map_or(0, Vec::len))
        .sum();
    assert!(
        asides > 0,
        "Mirela (honesty 2) tries something over a match of Piç"
    );
    let replay = Taproom::new()
        .args(["replay", "pic", "Mirela", "Hrodgar", "Pip", "--seed", "9"])
        .ok();
    assert!(
        replay
            .stdout
            .contains("At the table: Mirela Quickfingers palms a counter")
    );
}

/// At `sit`, a person may cheat (and is told whether anyone saw), once a turn: a second
/// `cheat` before a move is refused, and the log holds at most one attempt of theirs
/// between two of their moves (a forgiving tavern, so that a cheat seen does not end the
/// game).
#[test]
fn a_person_cheats_once_a_turn() {
    for game in ["pic", "dogfight", "tides", "kiust"] {
        let out = Taproom::new()
            .args([
                "sit",
                game,
                "Mirela",
                "--as",
                "Aria",
                "--seed",
                "1",
                "--best-of",
                "1",
                "--format",
                "json",
                "--on-cheat",
                "take-back",
            ])
            .env("COLUMNS", "300")
            .stdin(&"cheat\n1\n".repeat(75))
            .run();
        let text = &out.stdout;
        let said = format!("{text}{}", out.stderr);
        let refused = said.matches("once this turn already").count();
        assert!(refused > 0, "{game}: a second cheat in a turn is refused");
        let start = text
            .find("{\n")
            .or_else(|| text.find('{'))
            .expect("the JSON");
        let doc: serde_json::Value =
            serde_json::from_str(&text[start..]).unwrap_or_else(|e| panic!("{game}: {e}"));
        for g in doc["games"].as_array().unwrap() {
            let mut turns = std::collections::BTreeMap::new();
            for a in g["asides"].as_array().into_iter().flatten() {
                if a["aside"]["aside"] == "cheat" && a["aside"]["by"] == 0 {
                    *turns.entry(a["before"].as_u64().unwrap()).or_insert(0) += 1;
                }
            }
            assert!(
                turns.values().all(|&n| n == 1),
                "{game}: attempts by step {turns:?}"
            );
        }
    }
}

/// At `sit`, a person may accuse: rightly after an unseen cheat of the character's (Mirela,
/// honesty 2, who picks her moments: over eight best-of-3 matches), wrongly when nothing
/// stood (Pip, honesty 10, never).
#[test]
fn a_person_accuses_at_the_table() {
    let accuse = (0..1500)
        .map(|i| format!("accuse\n{}\n", i % 6 + 1))
        .collect::<String>();
    let mut right = 0;
    for seed in 1..=8 {
        let seed = seed.to_string();
        let seed = seed.as_str();
        let out = Taproom::new()
            .args([
                "sit",
                "pic",
                "Mirela",
                "--as",
                "Aria",
                "--seed",
                seed,
                "--best-of",
                "3",
            ])
            .env("COLUMNS", "300")
            .stdin(&accuse)
            .ok();
        // Until the match is told at the end (for the GM), the table reads only what was
        // seen: none of Mirela's cheats that stood unseen is said while the game is played.
        let at_table = &out.stdout[..out.stdout.find("\nPiç: ").expect("the telling")];
        for line in at_table
            .lines()
            .filter(|l| l.contains("Mirela Quickfingers palms"))
        {
            assert!(
                line.contains(" catches ") || line.contains(" catch "),
                "an unseen cheat said at the table: {line}"
            );
        }
        right += out
            .stdout
            .matches("Aria accuses Mirela Quickfingers of cheating, and rightly")
            .count();
    }
    assert!(right > 0, "Mirela's unseen cheats are found out");
    let out = Taproom::new()
        .args([
            "sit",
            "pic",
            "Pip",
            "--as",
            "Aria",
            "--seed",
            "4",
            "--best-of",
            "1",
        ])
        .env("COLUMNS", "300")
        .stdin(&accuse)
        .ok();
    assert!(
        out.stdout
            .contains("Aria accuses Pip Underbough of cheating, wrongly")
    );
    assert!(!out.stdout.contains("rightly"));
}

/// Every place a cheat or a penalty names in the log of a table with a card-sharp (each
/// game's own cheat, seeds 1 to 6).
fn places_of<G: Game>() -> Vec<(Option<taproom::games::Played>, bool)> {
    let table = [entrant("Sharp", 5, 0, 5), entrant("Mark", 5, 10, 9)];
    let mut out = Vec::new();
    for seed in 1..=6 {
        for (_, aside) in single::<G>(&table, seed, None).asides() {
            match aside {
                Aside::Cheat { at, .. } => out.push((at.clone(), false)),
                Aside::Penalty { at, .. } => out.push((Some(at.clone()), true)),
                _ => {}
            }
        }
    }
    out
}

/// A cheat's place is the game's own value, not words: the points a nudged stone slid
/// between, the heap a counter was palmed from, the throw before and after a stick was
/// turned, the move an extra stone made, the trap rule 2 took a stone from; and it is
/// written as the log always wrote it, which the JSON gives (each checked here against
/// words made from the value, not by the game's code that wrote them).
#[test]
fn a_cheat_s_place_is_the_game_s_own_value_written_as_the_log_wrote_it() {
    use taproom::games::kiust::Throw;
    use taproom::games::{Place, Played};
    let written = |p: &Played| serde_json::to_string(p).unwrap();
    let tides = places_of::<Tides>();
    assert!(!tides.is_empty(), "a card-sharp nudges at Tides of War");
    for (at, _) in &tides {
        let at = at.as_ref().expect("a nudge has a place");
        let &(from, to) = at.get::<(Place, Place)>().expect("two points");
        assert!(matches!(from, Place::Square { .. }) && matches!(to, Place::Square { .. }));
        assert_eq!(at.text(), format!("{from} to {to}"));
        assert_eq!(written(at), format!("\"{from} to {to}\""));
    }
    let pic = places_of::<Pic>();
    assert!(!pic.is_empty(), "a card-sharp palms at Piç");
    for (at, _) in &pic {
        let at = at.as_ref().expect("a palm has a place");
        let Some(&Place::Heap(n)) = at.get::<Place>() else {
            panic!("a heap: {at:?}")
        };
        assert_eq!(at.text(), format!("heap {n}"));
    }
    let kiust = places_of::<Kiust>();
    assert!(!kiust.is_empty(), "a card-sharp turns sticks at Kiust Oyun");
    for (at, _) in &kiust {
        let at = at.as_ref().expect("a turned stick has a place");
        let &(was, made) = at.get::<(Throw, Throw)>().expect("two throws");
        assert_ne!(was, made);
        assert_eq!(at.text(), format!("{was} to {made}"));
    }
    let oicus = places_of::<Oicus>();
    assert!(oicus.iter().any(|(_, penalty)| !penalty), "{oicus:?}");
    assert!(
        oicus.iter().any(|(_, penalty)| *penalty),
        "rule 2 is seen: {oicus:?}"
    );
    for (at, penalty) in &oicus {
        let at = at.as_ref().expect("an extra stone has a place");
        if *penalty {
            let Some(&Place::Trap { land, trap }) = at.get::<Place>() else {
                panic!("a trap: {at:?}")
            };
            let land = ["Black's", "White's"][land.index()];
            assert_eq!(at.text(), format!("{land} trap {trap}"));
        } else {
            let mv = at.get::<<Oicus as Rules>::Move>().expect("a move");
            assert_eq!(at.text(), mv.to_string());
        }
    }
}
