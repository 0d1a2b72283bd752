//! Fits the bookie's model (`src/wager/model/`) from real games between `play`'s own
//! players, and writes `data/bookie.json`. Two steps, so that the games are played once:
//!
//! ```text
//! cargo run --release --example fit_bookie -- record GAMES [SEED] > records.jsonl
//! cargo run --release --example fit_bookie -- fit records.jsonl > data/bookie.json
//! ```
//!
//! `record` plays, for each game, GAMES single games at tables of two (and GAMES / 3 at
//! each Piç table of three, four and five), at full effort, under the game's own rules and
//! customs for a cheat seen, exactly as `play` plays them, between players drawn at
//! random: a skill from the baseline and levels 1 to 10, a temperament, an honesty (10,
//! never cheating, half the time; else 0 to 9) and an eye (0 to 10); a quarter of the
//! seats take the skill, temperament, honesty and eye of one of the built-in characters
//! at that game; two games in five are played under a cheat rule other than the game's
//! custom. Each game is a line of JSON: who sat where (seat 0 moved first) and what
//! they were, how it ended, every tally, and every cheat tried (by whom, the chance the
//! table gave of its being seen, and how many the same hand had tried before).
//!
//! `fit` reads those lines and fits, game by game, what `wager::model` documents.

use std::io::{BufRead, Write};

use rayon::prelude::*;
use taproom::ai::{Effort, Skill, Temperament};
use taproom::games::kiust::Kiust;
use taproom::games::oicus::Oicus;
use taproom::games::pic::Pic;
use taproom::games::tides::Tides;
use taproom::games::{Game, GameKind, OnCheat, Seat};
use taproom::seed::{Purpose, derive};
use taproom::table::{Aside, Entrant, Format, MatchSettings, play_match};
use taproom::wager::model::Profile;
use taproom::wager::model::fit::{self, Record, Try};

/// A profile for the seat of game `i`, drawn from `seed`.
fn draw_profile(kind: GameKind, seed: u64) -> Profile {
    if seed.is_multiple_of(4) {
        let roster = taproom::roster::Roster::built_in();
        let cs = roster.characters();
        let c = &cs[((seed >> 4) % cs.len() as u64) as usize];
        return Profile {
            skill: c.skill_at(kind),
            temperament: c.temperament_at(kind),
            honesty: c.honesty_at(kind),
            eye: c.eye_at(kind),
        };
    }
    let skill = match (seed >> 8) % 11 {
        0 => Skill::Baseline,
        n => Skill::Level(n as u8),
    };
    let temperament = Temperament::ALL[((seed >> 16) % 5) as usize];
    let honesty = if (seed >> 24).is_multiple_of(2) {
        10
    } else {
        ((seed >> 28) % 10) as u8
    };
    let eye = ((seed >> 36) % 11) as u8;
    Profile {
        skill,
        temperament,
        honesty,
        eye,
    }
}

fn play_one<G: Game>(base: u64, i: u64, players: usize) -> Option<Record> {
    let profiles: Vec<Profile> = (0..players as u64)
        .map(|p| {
            draw_profile(
                G::KIND,
                derive(base, Purpose::ModelFit, &[G::KIND as u64, i, p]),
            )
        })
        .collect();
    let entrants: Vec<Entrant> = profiles
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let mut e = Entrant::new(&format!("P{k}"), p.skill, p.temperament);
            e.honesty = p.honesty;
            e.eye = p.eye;
            e
        })
        .collect();
    // The game's custom for a cheat seen three games in five; else another rule a tavern
    // might keep (rule 2 always holds where the game has it).
    let custom = G::FACTS.on_cheat;
    let others: Vec<OnCheat> = [OnCheat::LoseTurn, OnCheat::TakeBack, OnCheat::ForfeitGame]
        .into_iter()
        .filter(|&r| r != custom)
        .collect();
    let pick = derive(base, Purpose::ModelFit, &[G::KIND as u64, i, 98]) % 10;
    let rule = match pick {
        _ if G::FACTS.rule_two => None,
        0 | 1 => Some(others[0]),
        2 | 3 => Some(others[1]),
        _ => None,
    };
    let settings = MatchSettings::<G> {
        format: Format::BestOf(1),
        draw_cap: 0,
        options: G::Options::default(),
        seed: derive(base, Purpose::ModelFit, &[G::KIND as u64, i, 99]),
        effort: Effort::Full,
        table: taproom::table::TableRules {
            on_cheat: rule,
            ..taproom::table::TableRules::default()
        },
        wary: taproom::table::cheat::Wary::default(),
    };
    let log = play_match::<G>(&entrants, &settings).ok()?;
    let game = log.games.first()?;
    let seat_of = |e: usize| game.seat_of(e).index();
    let tries = game
        .asides
        .iter()
        .filter_map(|a| match &a.aside {
            Aside::Cheat {
                by,
                seen_by,
                risk,
                earlier,
                ..
            } => Some(Try {
                seat: seat_of(*by),
                risk: *risk,
                earlier: *earlier,
                seen: !seen_by.is_empty(),
            }),
            _ => None,
        })
        .collect();
    Some(Record {
        game: G::KIND,
        seats: game.seats.iter().map(|&e| profiles[e]).collect(),
        winners: game.winners.iter().map(|&e| seat_of(e)).collect(),
        end: game.outcome.end,
        tallies: (0..players)
            .map(|s| {
                G::FACTS
                    .tallies
                    .iter()
                    .map(|&t| game.tally(Seat(s as u8), t))
                    .collect()
            })
            .collect(),
        tries,
        rule,
    })
}

fn record_game<G: Game>(games: u64, base: u64, out: &mut impl Write) -> std::io::Result<()> {
    let mut jobs: Vec<(u64, usize)> = (0..games).map(|i| (i, 2)).collect();
    if G::FACTS.max_players > 2 {
        jobs.extend((0..games).map(|i| (games + i, 3 + (i % 3) as usize)));
    }
    let start = std::time::Instant::now();
    let records: Vec<Record> = jobs
        .par_iter()
        .filter_map(|&(i, n)| play_one::<G>(base, i, n))
        .collect();
    for r in &records {
        serde_json::to_writer(&mut *out, r)?;
        writeln!(out)?;
    }
    eprintln!(
        "{}: {} games in {:.0?}",
        G::KIND.id(),
        records.len(),
        start.elapsed()
    );
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("record") => {
            let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4000);
            let base: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
            let only: Vec<GameKind> = args[3.min(args.len())..]
                .iter()
                .filter_map(|a| a.parse().ok())
                .collect();
            let mut out = std::io::stdout().lock();
            for kind in GameKind::ALL {
                if !only.is_empty() && !only.contains(&kind) {
                    continue;
                }
                match kind {
                    GameKind::TidesOfWar => record_game::<Tides>(games, base, &mut out)?,
                    GameKind::Pic => record_game::<Pic>(games, base, &mut out)?,
                    GameKind::KiustOyun => record_game::<Kiust>(games, base, &mut out)?,
                    GameKind::Oicustiytac => record_game::<Oicus>(games, base, &mut out)?,
                }
            }
        }
        Some("fit") => {
            let mut records: Vec<Record> = Vec::new();
            for path in &args[1..] {
                let file = std::io::BufReader::new(std::fs::File::open(path)?);
                for line in file.lines() {
                    records.push(serde_json::from_str(&line?)?);
                }
            }
            let written = format!(
                "cargo run --release --example fit_bookie -- fit {}",
                args[1..].join(" ")
            );
            let models = fit::fit_all(&records, &mut |m| eprintln!("{m}"));
            print!("{}", fit::write(&models, &written));
        }
        _ => {
            eprintln!("usage: fit_bookie record GAMES [SEED] [GAME...] | fit RECORDS...");
            std::process::exit(2);
        }
    }
    Ok(())
}
