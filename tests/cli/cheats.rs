//! Cheats at the table: honest characters never try one, a cheat wins more and is caught
//! less as its skill rises and its watcher's eye falls, Òicustiỳtac's rule 2 brings a
//! stone down, the tavern's rules apply, and a seed replays every attempt exactly.

use taproom::ai::{Effort, Skill, Temperament};
use taproom::games::kiust::Kiust;
use taproom::games::oicus::Oicus;
use taproom::games::pic::Pic;
use taproom::games::tides::Tides;
use taproom::games::{End, Game};
use taproom::roster::tavern::OnCheat;
use taproom::table::{
    Aside, CheatResult, Entrant, Format, MatchLog, MatchSettings, TableRules, play_match,
};

use crate::common::Taproom;

fn entrant(name: &str, level: u8, honesty: u8, eye: u8) -> Entrant {
    let mut e = Entrant::new(name, Skill::Level(level), Temperament::Steady);
    e.honesty = honesty;
    e.eye = eye;
    e
}

fn single<G: Game>(entrants: &[Entrant], seed: u64, on_cheat: OnCheat) -> MatchLog {
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
            let log = single::<G>(&table, seed, OnCheat::TakeBack);
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

/// Over 200 seeded single games a game, a cheat (honesty 0) wins a larger share against
/// an honest player of equal skill than the same two both honest on the same seeds.
#[test]
fn a_cheat_wins_more_than_an_honest_player_of_equal_skill() {
    fn share<G: Game>(honesty: u8) -> f64 {
        let table = [entrant("Cheat", 5, honesty, 5), entrant("Honest", 5, 10, 5)];
        (1..=200)
            .map(|seed| {
                match single::<G>(&table, seed, OnCheat::TakeBack)
                    .winners
                    .as_slice()
                {
                    [0] => 1.0,
                    [1] => 0.0,
                    _ => 0.5,
                }
            })
            .sum::<f64>()
            / 200.0
    }
    fn check<G: Game>() {
        let (fair, cheating) = (share::<G>(10), share::<G>(0));
        assert!(
            cheating > fair + 0.05,
            "{}: {fair} honest, {cheating} cheating",
            G::KIND
        );
    }
    check::<Tides>();
    check::<Pic>();
    check::<Kiust>();
    check::<Oicus>();
}

/// The share of attempts seen falls as the cheat's skill rises (2 to 9) and as the
/// watcher's eye falls (9 to 1), in every game.
#[test]
fn the_caught_rate_falls_with_the_cheat_s_skill_and_the_watcher_s_eye() {
    fn caught<G: Game>(level: u8, eye: u8) -> (usize, usize) {
        let table = [
            entrant("Cheat", level, 0, 5),
            entrant("Watcher", 4, 10, eye),
        ];
        let (mut tries, mut seen) = (0, 0);
        for seed in 1..=60 {
            for (_, a) in single::<G>(&table, seed, OnCheat::TakeBack).asides() {
                if let Aside::Cheat { by: 0, seen_by, .. } = a {
                    tries += 1;
                    seen += usize::from(!seen_by.is_empty());
                }
            }
        }
        (seen, tries)
    }
    fn check<G: Game>() {
        let rate = |(s, t): (usize, usize)| {
            assert!(t >= 30, "{}: only {t} attempts", G::KIND);
            s as f64 / t as f64
        };
        let (clumsy, deft) = (rate(caught::<G>(2, 5)), rate(caught::<G>(9, 5)));
        assert!(
            deft < clumsy,
            "{}: skill 2 seen {clumsy}, skill 9 {deft}",
            G::KIND
        );
        let (sharp, dull) = (rate(caught::<G>(5, 9)), rate(caught::<G>(5, 1)));
        assert!(
            dull < sharp,
            "{}: eye 9 sees {sharp}, eye 1 {dull}",
            G::KIND
        );
    }
    check::<Tides>();
    check::<Pic>();
    check::<Kiust>();
    check::<Oicus>();
}

/// Rule 2 in play: every caught extra stone is followed, after the cheat's own turn, by
/// a stone of theirs brought down by the opponent: the opponent's points rise by 3 over
/// the cheat's step, the cheat has one stone fewer on the board, and the opponent moves
/// next.
#[test]
fn rule_two_brings_a_stone_down_before_the_opponent_s_turn() {
    let table = [entrant("Cheat", 2, 0, 5), entrant("Watcher", 5, 10, 10)];
    let mut checked = 0;
    for seed in 1..=100 {
        let log = single::<Oicus>(&table, seed, OnCheat::TakeBack);
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
                let seat = |e: usize| {
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

/// `on_cheat = "forfeit-game"`: a cheat seen loses the game on the spot.
#[test]
fn a_forfeit_rule_ends_the_game_against_the_cheat() {
    let table = [entrant("Cheat", 2, 0, 5), entrant("Watcher", 5, 10, 10)];
    let mut forfeits = 0;
    for seed in 1..=30 {
        let log = single::<Tides>(&table, seed, OnCheat::ForfeitGame);
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
                assert_eq!(g.winners, vec![1], "the watcher wins a forfeit");
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

/// At `sit`, a person may cheat (and is told whether anyone saw) and accuse: wrongly when
/// nothing stood, rightly after an unseen cheat of the character's.
#[test]
fn a_person_cheats_and_accuses_at_the_table() {
    let out = Taproom::new()
        .args([
            "sit",
            "pic",
            "Mirela",
            "--as",
            "Aria",
            "--seed",
            "4",
            "--best-of",
            "1",
        ])
        .env("COLUMNS", "300")
        .stdin(
            &(0..600)
                .map(|i| format!("cheat\naccuse\n{}\n", i % 6 + 1))
                .collect::<String>(),
        )
        .ok();
    // Until the match is told at the end (for the GM), the table reads only what was
    // seen: none of Mirela's cheats that stood unseen is said while the game is played.
    let at_table = &out.stdout[..out.stdout.find("\nPiç: ").expect("the telling")];
    for line in at_table
        .lines()
        .filter(|l| l.contains("Mirela Quickfingers palms"))
    {
        assert!(
            line.contains("catches"),
            "an unseen cheat said at the table: {line}"
        );
    }
    assert!(
        out.stdout
            .contains("Aria palms a counter from a heap. Nobody saw.")
            || out.stdout.contains("catches Aria trying it"),
        "{}",
        out.stdout
    );
    // Mirela (honesty 2) has cheats standing unseen to be found out.
    assert!(
        out.stdout
            .contains("Aria accuses Mirela Quickfingers of cheating, and rightly")
    );
    // Pip (honesty 10) never cheats: every accusation of him is wrong.
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
        .stdin(
            &(0..600)
                .map(|i| format!("accuse\n{}\n", i % 6 + 1))
                .collect::<String>(),
        )
        .ok();
    assert!(
        out.stdout
            .contains("Aria accuses Pip Underbough of cheating, wrongly")
    );
    assert!(!out.stdout.contains("rightly"));
}
