//! The match summary (what the bets settle on) agrees with the games' own scores.

use taproom::ai::{Skill, Temperament};
use taproom::games::{Tally, kiust::Kiust, oicus, oicus::Oicus, tides::Tides};
use taproom::table::EntrantGame;
use taproom::table::{Entrant, Format, MatchSettings, play_match};

/// An entrant's count of a tally, which the game must keep.
fn count(e: &EntrantGame, tally: Tally) -> u32 {
    u32::try_from(e.tallies[&tally]).unwrap()
}

fn entrants() -> Vec<Entrant> {
    ["Ana", "Bo"]
        .iter()
        .map(|n| Entrant::new(n, Skill::Level(5), Temperament::Steady))
        .collect()
}

#[test]
fn oicustiytac_points_are_three_a_stone_down_and_two_a_stone_home() {
    for seed in 0..20 {
        let settings = MatchSettings::<Oicus> {
            effort: Default::default(),
            table: taproom::table::TableRules::default(),
            wary: taproom::table::cheat::Wary::default(),
            format: Format::FirstTo(3),
            draw_cap: 3,
            options: Default::default(),
            seed,
        };
        let log = play_match(&entrants(), &settings).unwrap();
        let summary = log.summary();
        assert!(
            summary[0]
                .first_turn
                .as_ref()
                .is_some_and(|f| !f.by_lot && f.draws.len() >= 2)
        );
        for round in &summary {
            for e in &round.entrants {
                assert_eq!(
                    e.score as u32,
                    3 * count(e, oicus::DOWN) + 2 * count(e, oicus::HOME),
                    "seed {seed} round {}: {e:?}",
                    round.number
                );
            }
            let top = round.entrants.iter().map(|e| e.score).max().unwrap();
            assert!(round.winners.iter().all(|w| {
                round
                    .entrants
                    .iter()
                    .any(|e| &e.name == w && e.score == top)
            }));
        }
    }
}

#[test]
fn captures_account_for_every_stone_and_piece_lost() {
    for seed in 0..20 {
        let settings = MatchSettings::<Tides> {
            effort: Default::default(),
            table: taproom::table::TableRules::default(),
            wary: taproom::table::cheat::Wary::default(),
            format: Format::BestOf(3),
            draw_cap: 3,
            options: Default::default(),
            seed,
        };
        for g in play_match(&entrants(), &settings).unwrap().summary() {
            let (a, b) = (&g.entrants[0], &g.entrants[1]);
            assert_eq!(
                a.score as u32 + count(b, Tally::Captures),
                14,
                "stones left plus stones taken: {g:?}"
            );
            assert_eq!(b.score as u32 + count(a, Tally::Captures), 14, "{g:?}");
        }
        let settings = MatchSettings::<Kiust> {
            effort: Default::default(),
            table: taproom::table::TableRules::default(),
            wary: taproom::table::cheat::Wary::default(),
            format: Format::BestOf(1),
            draw_cap: 3,
            options: Default::default(),
            seed,
        };
        for g in play_match(&entrants(), &settings).unwrap().summary() {
            let (a, b) = (&g.entrants[0], &g.entrants[1]);
            assert_eq!(a.score as u32 + count(b, Tally::Captures), 12, "{g:?}");
            assert_eq!(b.score as u32 + count(a, Tally::Captures), 12, "{g:?}");
            assert_eq!(
                g.first_turn.as_ref().unwrap().draws.len() % 2,
                0,
                "both throw, as often as they tie"
            );
        }
    }
}

/// At Piç the result table's figures for each seat (in heaps, in piç and, when it holds
/// any, in store) add up to the score the game counted, palmed counters included: played
/// with a card-sharp at tables of two to five, over seeds until counters were palmed.
#[test]
fn a_pic_result_table_adds_up_to_each_score() {
    use taproom::games::pic::Pic;
    let mut palmed_tables = 0;
    for players in 2..=5 {
        for seed in 0..12 {
            let mut entrants: Vec<Entrant> = ["Ana", "Bo", "Cy", "Di", "Ed"][..players]
                .iter()
                .map(|n| Entrant::new(n, Skill::Level(5), Temperament::Steady))
                .collect();
            // Ana palms whenever it pays; the others never look hard.
            entrants[0].honesty = 0;
            for e in &mut entrants {
                e.eye = 1;
            }
            let settings = MatchSettings::<Pic> {
                effort: Default::default(),
                table: taproom::table::TableRules::default(),
                wary: taproom::table::cheat::Wary::default(),
                format: Format::BestOf(1),
                draw_cap: 1,
                options: Default::default(),
                seed,
            };
            let log = play_match::<Pic>(&entrants, &settings).unwrap();
            let text = taproom::report::match_table(
                &log,
                taproom::report::Layout::Markdown,
                taproom::report::View::Gm,
            )
            .to_string();
            let game = &log.games[0];
            if game
                .asides
                .iter()
                .any(|a| matches!(a.aside, taproom::table::Aside::Cheat { .. }))
            {
                palmed_tables += 1;
            }
            for (s, &entrant) in game.seats.iter().enumerate() {
                let name = &log.entrants[entrant].name;
                let row = text
                    .lines()
                    .find(|l| l.split('|').nth(2).map(str::trim) == Some(name.as_str()))
                    .unwrap_or_else(|| panic!("{name}'s row:\n{text}"));
                // A row a player (Markdown lays the table out so): "in heaps 3, in piç 41,
                // in store 2" (captures aside).
                let sum: i32 = ["in heaps ", "in piç ", "in store "]
                    .iter()
                    .filter_map(|k| {
                        let at = row.find(k)? + k.len();
                        row[at..]
                            .split(|c: char| !c.is_ascii_digit())
                            .next()?
                            .parse::<i32>()
                            .ok()
                    })
                    .sum();
                assert_eq!(sum, game.scores[s], "{players} seats, seed {seed}: {row}");
            }
        }
    }
    assert!(
        palmed_tables > 5,
        "only {palmed_tables} tables with a cheat"
    );
}
