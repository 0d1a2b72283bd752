//! Rebuilds what the bookie relies on (`data/bookie.json`, see `src/wager/model/`) from
//! real matches of `play`'s own players, in one resumable command:
//!
//! ```text
//! cargo run --release --example fit_bookie -- refit [DIR]
//! ```
//!
//! It plays the tables of [`PLAN`] chunk by chunk into `DIR` (by default
//! `target/bookie-records`), a file of JSON lines a chunk written whole when the chunk is
//! done, so a run stopped half-way goes on where it stopped; then it fits the model from
//! every chunk and writes `data/bookie.json`. The parts alone:
//!
//! ```text
//! cargo run --release --example fit_bookie -- record DIR [GAME...]   # the chunks only
//! cargo run --release --example fit_bookie -- fit DIR > data/bookie.json
//! cargo run --release --example fit_bookie -- calibrate   # the 95% ranges only, again
//! ```

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use taproom::games::GameKind;
use taproom::wager::model::record::{self, Record};
use taproom::wager::model::{Models, fit};

/// How many chunks of how many matches each game's records hold: set so that the whole
/// refit takes under an hour on two cores.
const PLAN: [(GameKind, u64, u64); 4] = [
    (GameKind::TidesOfWar, 160, 250),
    (GameKind::Pic, 160, 250),
    (GameKind::KiustOyun, 200, 100),
    (GameKind::Oicustiytac, 160, 150),
];

fn chunk_path(dir: &Path, kind: GameKind, chunk: u64) -> PathBuf {
    dir.join(format!("{}-{chunk:03}.jsonl", kind.id()))
}

fn record_all(dir: &Path, only: &[GameKind]) -> Result<(), Box<dyn std::error::Error>> {
    std::fs::create_dir_all(dir)?;
    let total: u64 = PLAN
        .iter()
        .filter(|p| only.is_empty() || only.contains(&p.0))
        .map(|p| p.1)
        .sum();
    let mut done = 0;
    // Round-robin over the games, so that a run stopped early has some of each.
    let most = PLAN.iter().map(|p| p.1).max().unwrap_or(0);
    for c in 0..most {
        for &(kind, chunks, tables) in &PLAN {
            if c >= chunks || !(only.is_empty() || only.contains(&kind)) {
                continue;
            }
            done += 1;
            let path = chunk_path(dir, kind, c);
            if path.exists() {
                continue;
            }
            let start = std::time::Instant::now();
            let records = record::chunk(kind, c, tables, &regulars)?;
            let mut text = Vec::new();
            for r in &records {
                serde_json::to_writer(&mut text, r)?;
                text.push(b'\n');
            }
            let tmp = path.with_extension("part");
            std::fs::write(&tmp, &text)?;
            std::fs::rename(&tmp, &path)?;
            eprintln!(
                "[{done}/{total}] {}: {} games in {:.1?}",
                path.display(),
                records.len(),
                start.elapsed()
            );
        }
    }
    Ok(())
}

fn read_all(dir: &Path) -> Result<Vec<Record>, Box<dyn std::error::Error>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    paths.sort();
    let mut records = Vec::new();
    for path in paths {
        let file = std::io::BufReader::new(std::fs::File::open(&path)?);
        for line in file.lines() {
            records.push(serde_json::from_str(&line?)?);
        }
    }
    Ok(records)
}

fn fit_dir(dir: &Path) -> Result<String, Box<dyn std::error::Error>> {
    let records = read_all(dir)?;
    eprintln!("fitting from {} games", records.len());
    let mut models = fit::fit_all(&records, &mut |m| eprintln!("{m}"));
    fit::calibrate(&mut models, &regulars, &mut |m| eprintln!("{m}"))?;
    Ok(fit::write(
        &models,
        "cargo run --release --example fit_bookie -- refit",
        &record::fingerprint(&regulars),
    ))
}

/// The built-in characters' make-up at a game: a fifth of the fit's seats.
fn regulars(kind: GameKind) -> Vec<taproom::wager::model::Profile> {
    taproom::roster::Roster::built_in().profiles_at(kind)
}

fn model_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data/bookie.json")
}

/// Writes `data/bookie.json` whole: to a part file first, then renamed over it.
fn write_model(json: &str) -> Result<(), Box<dyn std::error::Error>> {
    let out = model_path();
    let tmp = out.with_extension("json.part");
    std::fs::write(&tmp, json)?;
    std::fs::rename(&tmp, &out)?;
    eprintln!("wrote {}", out.display());
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = |i: usize| {
        args.get(i)
            .map_or_else(|| PathBuf::from("target/bookie-records"), PathBuf::from)
    };
    match args.first().map(String::as_str) {
        Some("refit") => {
            let dir = dir(1);
            record_all(&dir, &[])?;
            write_model(&fit_dir(&dir)?)?;
        }
        Some("calibrate") => {
            let mut models: Models = serde_json::from_str(&std::fs::read_to_string(model_path())?)?;
            fit::calibrate(&mut models, &regulars, &mut |m| eprintln!("{m}"))?;
            write_model(&fit::write(
                &models,
                &models.written_by.clone(),
                &models.fingerprint.clone(),
            ))?;
        }
        Some("record") => {
            let only: Vec<GameKind> = args[2.min(args.len())..]
                .iter()
                .filter_map(|a| a.parse().ok())
                .collect();
            record_all(&dir(1), &only)?;
        }
        Some("fit") => {
            let json = fit_dir(&dir(1))?;
            std::io::stdout().write_all(json.as_bytes())?;
        }
        _ => {
            eprintln!("usage: fit_bookie refit [DIR] | record DIR [GAME...] | fit DIR | calibrate");
            std::process::exit(2);
        }
    }
    Ok(())
}
