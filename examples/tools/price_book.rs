//! Counts the bookie's book of the regulars (`src/wager/book.rs`) and writes
//! `data/prices.json`.
//!
//! ```text
//! cargo run --release --example price_book -- MATCHES OICUS_MATCHES PAGES > data/prices.json
//! cargo run --release --example price_book -- 1000 600 /tmp/pages.jsonl > data/prices.json
//! ```
//!
//! Every pairing of the six built-in characters in every game (at Òicustiỳtac, whose
//! first turn is no fair lot, in both orders), and the Piç tables of three, four and five
//! that the project's audit plays, in the default formats: MATCHES matches each (Òicustiỳtac
//! OICUS_MATCHES), played for real by `play`'s own players from seeds derived from one
//! base seed, every market counted. Each table counted is added to the file PAGES as a
//! line as soon as it is done, and a run started again with the same PAGES counts only the
//! tables not there yet (hours of play survive an interruption). Progress goes to stderr.

use std::io::Write;

use taproom::games::kiust::Kiust;
use taproom::games::oicus::Oicus;
use taproom::games::pic::Pic;
use taproom::games::tides::Tides;
use taproom::games::{Game, GameKind};
use taproom::ops::MatchSpec;
use taproom::ops::book::{built_in_table, fingerprint};
use taproom::seed::Purpose;
use taproom::wager::Market;
use taproom::wager::book::{Book, Counts, Page, key, markets, most_games};
use taproom::wager::simulate::Observed;

const CHARACTERS: [&str; 6] = ["Brannoc", "Mirela", "Hrodgar", "Pip", "Ysolde", "Tamsin"];

/// The tables of the book, by game and the characters named.
fn tables() -> Vec<(GameKind, Vec<&'static str>)> {
    let mut out = Vec::new();
    for kind in GameKind::ALL {
        for (i, &a) in CHARACTERS.iter().enumerate() {
            for &b in &CHARACTERS[i + 1..] {
                out.push((kind, vec![a, b]));
                if kind == GameKind::Oicustiytac {
                    out.push((kind, vec![b, a]));
                }
            }
        }
    }
    out.push((GameKind::Pic, vec!["Pip", "Ysolde", "Hrodgar"]));
    out.push((GameKind::Pic, vec!["Brannoc", "Mirela", "Tamsin", "Pip"]));
    out.push((GameKind::Pic, CHARACTERS[..5].to_vec()));
    // The table the project's last look before a session ends audits.
    out.push((
        GameKind::Pic,
        vec!["Pip", "Tamsin", "Mirela", "Hrodgar", "Ysolde"],
    ));
    out
}

/// `sims` real matches of `spec`, every market of `wanted` counted.
fn count<G: Game>(
    spec: &MatchSpec,
    wanted: &[Market],
    sims: u64,
) -> Result<Vec<Observed>, Box<dyn std::error::Error + Send + Sync>> {
    let settings = spec.settings::<G>(taproom::ai::Effort::Full)?;
    Ok(taproom::wager::simulate::simulate::<G>(
        &spec.entrants(),
        &settings,
        wanted,
        sims,
        Purpose::BookieSim,
        &|| {},
    )?)
}

fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let mut args = std::env::args().skip(1);
    let matches: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let oicus: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(matches);
    let pages_file = args.next().unwrap_or_else(|| "pages.jsonl".to_owned());
    let mut book = Book::new(
        fingerprint(),
        format!(
            "cargo run --release --example price_book -- {matches} {oicus} PAGES > data/prices.json"
        ),
    );
    let mut done: Vec<Page> = match std::fs::read_to_string(&pages_file) {
        Ok(text) => text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(serde_json::from_str)
            .collect::<Result<_, _>>()?,
        Err(_) => Vec::new(),
    };
    let mut pages = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&pages_file)?;
    let all = tables();
    for (i, (kind, names)) in all.iter().enumerate() {
        let spec = built_in_table(*kind, names, 0xB00C)?;
        let sims = if *kind == GameKind::Oicustiytac {
            oicus
        } else {
            matches
        };
        let entrants = spec.entrants();
        let page_key = key(*kind, &entrants, spec.format, spec.draw_cap);
        if let Some(at) = done.iter().position(|p| p.key == page_key) {
            book.pages.push(done.remove(at));
            continue;
        }
        let wanted = markets(
            *kind,
            most_games(spec.format, entrants.len(), spec.draw_cap),
        );
        let started = std::time::Instant::now();
        let observed = match kind {
            GameKind::TidesOfWar => count::<Tides>(&spec, &wanted, sims)?,
            GameKind::Pic => count::<Pic>(&spec, &wanted, sims)?,
            GameKind::KiustOyun => count::<Kiust>(&spec, &wanted, sims)?,
            GameKind::Oicustiytac => count::<Oicus>(&spec, &wanted, sims)?,
        };
        // Games never played are void everywhere: the book leaves them out.
        let counts = observed
            .iter()
            .filter(|o| o.void < o.sims)
            .map(Counts::of)
            .collect();
        eprintln!(
            "{}/{}: {} {} in {:.0} s",
            i + 1,
            all.len(),
            kind.id(),
            names.join(" v "),
            started.elapsed().as_secs_f64()
        );
        let page = Page {
            key: page_key,
            game: *kind,
            players: entrants.len(),
            sims,
            counts,
        };
        serde_json::to_writer(&mut pages, &page)?;
        writeln!(pages)?;
        book.pages.push(page);
    }
    let mut out = std::io::stdout().lock();
    serde_json::to_writer(&mut out, &book)?;
    writeln!(out)?;
    Ok(())
}
