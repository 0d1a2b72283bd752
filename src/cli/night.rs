//! `taproom night EVENING.toml`: a scripted evening in a tavern. Every match is played and
//! told with its wagers, each settled from its own log as it ends (so a purse won early can
//! be bet later), and the evening closes with a settlement table. `--apply` writes the
//! purses back into the characters' files and the settlements into the ledger.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;

use super::CliError;
use super::rules::with_game;
use super::wagers::{entrants, full_name, load_tavern, place_bets, purse_of, write_back};
use crate::games::Game;
use crate::narrate::{Detail, Narrator, Phrasebook};
use crate::report;
use crate::report::wagers::{
    SettledRow, placed_lines, purse_table, settled_lines, settlement_table,
};
use crate::roster::{Character, Evening, MatchPlan, Roster, Tavern, read_text};
use crate::table::{Format, MatchSettings, play_match};
use crate::wager::place::{How, Proposal, Table, resolve};
use crate::wager::settle::Line;
use crate::wager::{HouseRules, Money, Purse, ledger, settle};

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  taproom night examples/evening.toml
  taproom night examples/evening.toml --narrate none
  taproom night campaign/fair-night.toml --apply")]
pub struct NightArgs {
    /// The evening file: its tavern, roster and matches, each with its wagers.
    evening: PathBuf,
    /// Write the new purses into the characters' files and the settlements into the ledger
    /// (without it nothing is written).
    #[arg(long)]
    apply: bool,
    /// The ledger file (default: the tavern's ledger, or ledger.txt beside the evening).
    #[arg(long, value_name = "FILE")]
    ledger: Option<PathBuf>,
    /// How much of each match to tell.
    #[arg(long, value_enum, default_value_t = Detail::Brief)]
    narrate: Detail,
    /// Who the text is for: `gm` shows everything; `players` leaves out skills, odds and
    /// seeds.
    #[arg(long, value_enum, default_value_t = report::View::Gm)]
    view: report::View,
}

/// An evening with every name matched: what `check` validates and `night` plays.
pub struct Prepared {
    /// The evening as read.
    pub evening: Evening,
    /// Its tavern.
    pub tavern: Tavern,
    /// Its characters.
    pub roster: Roster,
    /// Each match's players and bets, names matched.
    pub matches: Vec<(Vec<Character>, Vec<Proposal>)>,
}

/// Reads an evening, its tavern and roster, and matches every name in it, so that a bad
/// name or rule is an error before anything is played.
///
/// # Errors
/// The first problem, at its place in the file.
pub fn prepare(path: &Path) -> Result<Prepared, CliError> {
    let evening = Evening::from_toml(path, &read_text(path)?)?;
    let tavern = load_tavern(evening.tavern.as_deref())?;
    let roster = match &evening.roster {
        Some(dir) => Roster::own_then_built_in(dir)?,
        None => Roster::built_in(),
    };
    let mut matches = Vec::new();
    for plan in &evening.matches {
        with_game!(plan.game, G => plan.options::<G>().map(|_| ()).map_err(CliError::from))?;
        let mut players: Vec<Character> = Vec::new();
        for p in &plan.players {
            let c = roster
                .get(&p.value)
                .map_err(|e| p.spot.error(e.to_string()))?;
            if players.iter().any(|o| o.name == c.name) {
                return Err(p
                    .spot
                    .error(format!("{} cannot sit at the table twice", c.name))
                    .into());
            }
            players.push(c);
        }
        let names: Vec<String> = players.iter().map(|c| c.name.clone()).collect();
        let table = Table {
            game: plan.game,
            entrants: &names,
        };
        let lookup = |n: &str| full_name(&roster, n);
        let proposals = plan
            .bets
            .iter()
            .map(|b| resolve(&b.value, &table, &lookup).map_err(|e| b.spot.error(e.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        matches.push((players, proposals));
    }
    Ok(Prepared {
        evening,
        tavern,
        roster,
        matches,
    })
}

/// Everyone with money at stake in the evening, with their purse at the start.
fn purses(p: &Prepared) -> Result<BTreeMap<String, Purse>, CliError> {
    let mut purses = BTreeMap::new();
    for (plan, (players, proposals)) in p.evening.matches.iter().zip(&p.matches) {
        let mut names: Vec<String> = Vec::new();
        if plan.ante.is_some() {
            names.extend(players.iter().map(|c| c.name.clone()));
        }
        for prop in proposals {
            names.push(prop.bettor.clone());
            if let How::Against { rival, .. } = &prop.how {
                names.push(rival.clone());
            }
        }
        for name in names {
            if !purses.contains_key(&name) {
                purses.insert(name.clone(), purse_of(&p.roster.get(&name)?));
            }
        }
    }
    Ok(purses)
}

/// A row of the evening's settlement table, owned.
struct Row {
    match_no: usize,
    line: Option<Line>,
    refused: Option<(String, String, Money, String)>,
    purses: (Purse, Purse),
}

/// Plays the evening.
///
/// # Errors
/// A bad file, name or rule (before anything is played), or a failed write.
pub fn run(args: &NightArgs, out: &mut impl Write) -> Result<(), CliError> {
    let prepared = prepare(&args.evening)?;
    let first = purses(&prepared)?;
    if args.apply
        && let Some(name) = first
            .keys()
            .find(|n| prepared.roster.get(n).is_ok_and(|c| c.file.is_none()))
    {
        return Err(CliError::Usage(format!(
            "{name} is built into taproom and has no file to keep a purse in; copy their file \
             from taproom's data/characters into the evening's roster folder, or leave out --apply"
        )));
    }
    let t = &prepared.tavern;
    let mut book = Phrasebook::built_in();
    if let Some(dir) = &prepared.evening.roster {
        let own = dir.join("phrasebook.toml");
        if own.is_file() {
            book.merge_toml(&own, &read_text(&own)?)?;
        }
    }
    let mut now = first.clone();
    let mut rows: Vec<Row> = Vec::new();
    let mut entries = String::new();
    let mut house: i128 = 0;
    writeln!(out, "{}", prepared.evening.title)?;
    writeln!(
        out,
        "{}: {} takes bets at a {}% margin, the pools keep {}% for the house, {}.",
        t.name,
        t.bookie,
        f64::from(t.margin_bp) / 100.0,
        f64::from(t.take_bp) / 100.0,
        match t.credit {
            crate::wager::Credit::None => "no credit".to_owned(),
            crate::wager::Credit::UpTo(m) => format!("credit up to {} each", m.show(t.currency)),
            crate::wager::Credit::Unlimited => "credit for anyone".to_owned(),
        }
    )?;
    let total = prepared.evening.matches.len();
    for (i, (plan, (players, proposals))) in prepared
        .evening
        .matches
        .iter()
        .zip(&prepared.matches)
        .enumerate()
    {
        writeln!(out)?;
        writeln!(out, "━━ Match {} of {total} ━━", i + 1)?;
        if !t.ambience.is_empty() {
            writeln!(out, "{}", t.ambience[i % t.ambience.len()])?;
        }
        if let Some(intro) = &plan.intro {
            writeln!(out, "{intro}")?;
        }
        let m = MatchBets {
            plan,
            players,
            proposals,
            texts: &plan.bet_texts,
            tavern: t,
            narrate: args.narrate,
            view: args.view,
            book: &book,
        };
        let (settlement, refused) = with_game!(plan.game, G => play_one::<G>(&m, &now, out))?;
        for (line, step) in settlement.lines.iter().zip(settlement.purse_steps()) {
            rows.push(Row {
                match_no: i + 1,
                line: Some(line.clone()),
                refused: None,
                purses: step,
            });
        }
        for (bettor, text, stake, why) in refused {
            let p = settlement
                .after
                .get(&bettor)
                .or(now.get(&bettor))
                .copied()
                .unwrap_or_default();
            rows.push(Row {
                match_no: i + 1,
                line: None,
                refused: Some((bettor, text, stake, why)),
                purses: (p, p),
            });
        }
        house += settlement.house;
        now.extend(settlement.after.clone());
        let heading = format!(
            "{}, {}, match {}: {}: {} (seed {})",
            t.name,
            prepared.evening.title,
            i + 1,
            plan.game.title(),
            players
                .iter()
                .map(|c| c.name.as_str())
                .collect::<Vec<_>>()
                .join(" v "),
            plan.seed
        );
        entries.push_str(&ledger::entry(&heading, &settlement, t.currency));
    }
    writeln!(out)?;
    writeln!(out, "━━ Settling up at {} ━━", t.name)?;
    let shown: Vec<SettledRow<'_>> = rows
        .iter()
        .map(|r| SettledRow {
            match_no: Some(r.match_no),
            line: r.line.as_ref(),
            refused: r.refused.clone(),
            purses: r.purses,
        })
        .collect();
    writeln!(out, "{}", settlement_table(&shown, t.currency, args.view))?;
    let summary: Vec<(String, Purse, Purse)> =
        first.iter().map(|(n, p)| (n.clone(), *p, now[n])).collect();
    writeln!(out, "{}", purse_table(&summary, house, t.currency))?;
    if !args.apply {
        writeln!(
            out,
            "Nothing written: --apply writes the purses into the characters' files and the settlements into the ledger."
        )?;
        return Ok(());
    }
    let changed: BTreeMap<String, Purse> = now
        .iter()
        .filter(|(n, p)| first[*n] != **p)
        .map(|(n, p)| (n.clone(), *p))
        .collect();
    let ledger_path = args
        .ledger
        .clone()
        .or_else(|| t.ledger.clone())
        .unwrap_or_else(|| {
            prepared
                .evening
                .file
                .parent()
                .unwrap_or(Path::new(""))
                .join("ledger.txt")
        });
    for file in write_back(
        &changed,
        &prepared.roster,
        t.currency,
        &ledger_path,
        &entries,
    )? {
        writeln!(out, "Written: {}", file.display())?;
    }
    Ok(())
}

/// One match's table and wagers.
struct MatchBets<'a> {
    plan: &'a MatchPlan,
    players: &'a [Character],
    proposals: &'a [Proposal],
    texts: &'a [String],
    tavern: &'a Tavern,
    narrate: Detail,
    view: report::View,
    book: &'a Phrasebook,
}

/// A refused bet: the bettor, the bet as written, the stake, why.
type Refused = (String, String, Money, String);

/// Places the match's wagers, plays and tells it, and settles it.
fn play_one<G: Game>(
    m: &MatchBets<'_>,
    purses: &BTreeMap<String, Purse>,
    out: &mut impl Write,
) -> Result<(crate::wager::Settlement, Vec<Refused>), CliError> {
    let t = m.tavern;
    let entrants = entrants::<G>(m.players);
    let format = m.plan.format_for::<G>();
    let settings = MatchSettings::<G> {
        effort: Default::default(),
        format,
        draw_cap: m.plan.draw_cap,
        options: m.plan.options::<G>()?,
        seed: m.plan.seed,
    };
    G::start(entrants.len(), &settings.options)?;
    let placed = place_bets::<G>(m.proposals, m.plan.ante, &entrants, &settings, purses, t)?;
    let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
    let told = placed_lines(&placed, m.texts, &names, G::KIND, t, m.view);
    if !told.is_empty() {
        writeln!(out, "Wagers:")?;
        for line in told {
            writeln!(out, "  {line}")?;
        }
    }
    writeln!(out)?;
    let log = play_match::<G>(&entrants, &settings)?;
    let book = m.book;
    let voices: Vec<&crate::roster::Voice> = m.players.iter().map(|c| &c.voice).collect();
    let scenes = Narrator::new(book, &log, &voices).tell(m.narrate);
    let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    let replay = format!(
        "taproom play {} {} --seed {} --{} {}",
        G::KIND.id(),
        quoted.join(" "),
        log.seed,
        match format {
            Format::BestOf(_) => "best-of",
            Format::FirstTo(_) => "first-to",
        },
        match format {
            Format::BestOf(n) | Format::FirstTo(n) => n,
        }
    );
    report::write_text(out, &log, &scenes, m.view, &replay)?;
    let rules = HouseRules {
        take_bp: t.take_bp,
        credit: t.credit,
    };
    let settlement = settle(&placed.bets(), &log, purses, &rules)?;
    let lines = settled_lines(&settlement, t.currency, m.book, G::KIND, &names, log.seed);
    if !lines.is_empty() {
        writeln!(out, "Settled:")?;
        for line in lines {
            writeln!(out, "  {line}")?;
        }
    }
    let refused = placed
        .refused
        .iter()
        .map(|(i, r)| {
            let p = &m.proposals[*i];
            (
                p.bettor.clone(),
                m.texts[*i].clone(),
                p.stake,
                r.short().to_owned(),
            )
        })
        .collect();
    Ok((settlement, refused))
}
