//! An evening on the page (`taproom night`): the tavern's terms, each match told with the
//! wagers placed on it and how they settled, then the settling up of the whole evening.

use std::io::{self, Write};

use super::wagers::{
    SettledRow, coloured, placed_lines, purse_table, settled_lines_at, settlement_for,
};
use super::{Page, View};
use crate::ops::MatchSpec;
use crate::ops::evening::{Night, PlayedMatch, Prepared, PreparedMatch};
use crate::roster::Tavern;
use crate::wager::thing::show_stake;
use crate::wager::{Credit, Purse};

/// Writes the evening as text or Markdown: the tavern's terms, each match with its
/// wagers, then the settling up.
///
/// # Errors
/// When writing fails.
pub fn write_text(
    out: &mut impl Write,
    prepared: &Prepared,
    night: &Night,
    page: Page,
) -> io::Result<()> {
    write_opening(out, prepared, page)?;
    for i in 0..night.matches.len().min(prepared.matches.len()) {
        writeln!(out)?;
        write_match_at(out, prepared, night, i, page)?;
    }
    writeln!(out)?;
    write_settling_up(out, prepared, night, page)
}

/// The evening's title and the tavern's terms: what [`write_text`] writes first.
///
/// # Errors
/// When writing fails.
pub fn write_opening(out: &mut impl Write, prepared: &Prepared, page: Page) -> io::Result<()> {
    let terms = terms(&prepared.tavern, page.view);
    if page.layout.is_markdown() {
        writeln!(out, "# {}", super::escape_markdown(&prepared.evening.title))?;
        writeln!(out)?;
        writeln!(out, "{}", super::escape_markdown(&terms))
    } else {
        writeln!(out, "{}", prepared.evening.title)?;
        writeln!(out, "{}", page.prose("", &terms))
    }
}

/// Match `i` (from 0) of the evening under its heading ("Match 2 of 3"), as
/// [`write_text`] writes it.
///
/// # Errors
/// When writing fails.
pub fn write_match_at(
    out: &mut impl Write,
    prepared: &Prepared,
    night: &Night,
    i: usize,
    page: Page,
) -> io::Result<()> {
    let (Some(m), Some(played)) = (prepared.matches.get(i), night.matches.get(i)) else {
        return Ok(());
    };
    let total = night.matches.len();
    section(out, page, &format!("Match {} of {total}", i + 1))?;
    write_match(out, prepared, i, m, played, page)
}

/// A section's heading: `## text` in Markdown (with a blank line after it), else
/// `━━ text ━━`.
fn section(out: &mut impl Write, page: Page, text: &str) -> io::Result<()> {
    if page.layout.is_markdown() {
        writeln!(out, "## {}", super::escape_markdown(text))?;
        writeln!(out)
    } else {
        writeln!(out, "━━ {text} ━━")
    }
}

/// The tavern's terms in one line: who takes bets, and on what credit. The house's cut is
/// the GM's business: the players hear who takes bets and on what terms, not the bookie's
/// margin.
fn terms(t: &Tavern, view: View) -> String {
    let credit = match t.credit {
        Credit::None => "no credit".to_owned(),
        Credit::UpTo(m) => format!("credit up to {} each", m.show(t.currency)),
        Credit::Unlimited => "credit for anyone".to_owned(),
    };
    match view {
        View::Gm => {
            let margin = format!("{}%", f64::from(t.margin_bp) / 100.0);
            format!(
                "{}: {} takes bets at {} {margin} margin, the pools keep {}% for the house, {credit}.",
                t.name,
                t.bookie,
                crate::names::a_or_an(&margin),
                f64::from(t.take_bp) / 100.0,
            )
        }
        View::Players => format!("{}: {} takes bets, {credit}.", t.name, t.bookie),
    }
}

/// Match `i` (from 0) of the evening: the tavern's ambience, the match's introduction, the
/// wagers placed, the told match and its result, and how the wagers settled.
fn write_match(
    out: &mut impl Write,
    prepared: &Prepared,
    i: usize,
    m: &PreparedMatch,
    played: &PlayedMatch,
    page: Page,
) -> io::Result<()> {
    let t = &prepared.tavern;
    let ambience = (!t.ambience.is_empty()).then(|| &t.ambience[i % t.ambience.len()]);
    for line in ambience.into_iter().chain(&m.intro) {
        if page.layout.is_markdown() {
            // A paragraph each.
            writeln!(out, "{}", super::escape_markdown(line))?;
            writeln!(out)?;
        } else {
            writeln!(out, "{}", page.prose("", line))?;
        }
    }
    let names = m.spec.names();
    let book = &prepared.phrasebook;
    let told = placed_lines(
        &played.placed,
        &m.texts,
        &played.log.entrants,
        m.spec.game,
        t,
        page.view,
        Some(book),
    );
    if !told.is_empty() {
        page.block(out, "Wagers:", &told, &told)?;
    }
    if page.view == View::Gm && !m.offers.is_empty() {
        let bribes: Vec<String> = m.offers.iter().map(|o| o.line(t.currency)).collect();
        page.block(out, "Bribes (the GM's alone):", &bribes, &bribes)?;
    }
    writeln!(out)?;
    // The stakes a hustle read ride on the replay line (`--staked`), from the match played.
    let replay = MatchSpec {
        staked: played.spec.staked,
        ..m.spec.clone()
    }
    .replay_command();
    super::write_text(out, &played.log, &played.scenes, page, &replay)?;
    let s = &played.settlement;
    let seed = played.log.seed;
    let lines = settled_lines_at(
        s,
        t.currency,
        book,
        m.spec.game,
        &names,
        seed,
        Some(&t.bookie),
    );
    if !lines.is_empty() {
        page.block(out, "Settled:", &lines, &coloured(&lines, s))?;
    }
    Ok(())
}

/// The rows match `match_no` adds to the evening's settlement table: each bet settled,
/// then each refused, with the purse before and after it.
fn settlement_rows(
    match_no: usize,
    played: &PlayedMatch,
    currency: crate::wager::Currency,
) -> Vec<SettledRow<'_>> {
    let s = &played.settlement;
    let settled = s
        .lines
        .iter()
        .zip(s.purse_steps())
        .map(|(line, step)| SettledRow {
            match_no: Some(match_no),
            line: Some(line),
            refused: None,
            purses: step,
        });
    let refused = played
        .refused
        .iter()
        .zip(&played.refused_purses)
        .map(|(r, purse)| SettledRow {
            match_no: Some(match_no),
            line: None,
            refused: Some((
                r.bettor.clone(),
                r.text.clone(),
                show_stake(r.stake, r.thing.as_ref(), currency),
                r.why.clone(),
            )),
            purses: (*purse, *purse),
        });
    settled.chain(refused).collect()
}

/// The settling up: every bet of the evening in one table, then each character's purse
/// at the first and the last, and the house's gain.
///
/// # Errors
/// When writing fails.
pub fn write_settling_up(
    out: &mut impl Write,
    prepared: &Prepared,
    night: &Night,
    page: Page,
) -> io::Result<()> {
    let t = &prepared.tavern;
    let rows: Vec<SettledRow<'_>> = night
        .matches
        .iter()
        .enumerate()
        .flat_map(|(i, played)| settlement_rows(i + 1, played, t.currency))
        .collect();
    section(out, page, &format!("Settling up at {}", t.name))?;
    writeln!(
        out,
        "{}",
        settlement_for(&rows, t.currency, page.view, page.layout)
    )?;
    let summary: Vec<(String, Purse, Purse)> = night
        .first
        .iter()
        .map(|(n, p)| (n.clone(), *p, night.last.get(n).copied().unwrap_or(*p)))
        .collect();
    if page.layout.is_markdown() {
        writeln!(out)?;
    }
    writeln!(
        out,
        "{}",
        crate::report::grid::lay_out(
            &[purse_table(&summary, night.house, t.currency)],
            page.layout,
            0
        )
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wager::{Currency, Money};

    #[test]
    fn the_players_hear_who_takes_bets_on_what_credit_but_not_the_house_s_cut() {
        let t = Tavern {
            name: "The Gilded Newt".to_owned(),
            bookie: "Old Brannoc".to_owned(),
            margin_bp: 550,
            take_bp: 1000,
            credit: Credit::UpTo(Money(500)),
            currency: Currency::GOLD,
            ..Tavern::built_in()
        };
        assert_eq!(
            terms(&t, View::Gm),
            "The Gilded Newt: Old Brannoc takes bets at a 5.5% margin, the pools keep 10% for \
             the house, credit up to 5 gp each."
        );
        assert_eq!(
            terms(&t, View::Players),
            "The Gilded Newt: Old Brannoc takes bets, credit up to 5 gp each."
        );
        let no_credit = Tavern {
            credit: Credit::None,
            ..t
        };
        assert!(terms(&no_credit, View::Players).ends_with(", no credit."));
    }
}
