//! Wagers on the page: the bookie's board of chances and prices, and the settlement table.

use comfy_table::{CellAlignment, Table};

use super::{View, new_table};
use crate::ai::table_rng;
use crate::games::GameKind;
use crate::narrate::{Phrasebook, fill};
use crate::roster::Tavern;
use crate::wager::market::{Market, Scope, Selection, Side, describe};
use crate::wager::place::{Placed, Refusal};
use crate::wager::purse::Purse;
use crate::wager::settle::{BetResult, Line, Settlement};
use crate::wager::simulate::{Basis, MarketEstimate};
use crate::wager::{Book, Currency, Money};

/// A market's name in words: "the match", "who is most captures over the match".
#[must_use]
pub fn market_name(market: Market) -> String {
    market_label(market)
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// The audit: each outcome's stated chance and range beside what real matches did, the
/// observed interval, and the verdict.
#[must_use]
pub fn audit_table(audit: &crate::ops::price::Audit, names: &[String]) -> Table {
    let mut table = new_table();
    table.set_header([
        "Bet", "Outcome", "Stated", "Range", "Played", "Interval", "Verdict",
    ]);
    let mut last = None;
    for c in &audit.checks {
        let label = if last == Some(c.market) {
            String::new()
        } else {
            market_name(c.market)
        };
        last = Some(c.market);
        let outcome = match c.selection {
            Selection::Entrant(e) => names.get(e).cloned().unwrap_or_default(),
            Selection::End(end) => end.key().to_owned(),
            Selection::Anyone => "anyone".to_owned(),
        };
        table.add_row([
            label,
            outcome,
            pct(c.stated),
            format!("{}–{}", pct(c.stated_range.0), pct(c.stated_range.1)),
            format!("{} ({})", pct(c.observed), c.hits),
            format!("{}–{}", pct(c.observed_range.0), pct(c.observed_range.1)),
            if c.agrees { "agrees" } else { "DOES NOT AGREE" }.to_owned(),
        ]);
    }
    for col in 2..6 {
        if let Some(c) = table.column_mut(col) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    table
}

/// A market's name on the board, with the words that bet on it.
#[must_use]
pub fn market_label(market: Market) -> String {
    match market {
        Market::Match => "the match\n`on NAME`".to_owned(),
        Market::Game { number } => format!("game {number}\n`on game {number} NAME`"),
        Market::FirstTurn => "the first turn\n`on first-turn NAME`".to_owned(),
        Market::Most { tally, scope } => {
            let (over, words) = match scope {
                Scope::Match => ("over the match".to_owned(), String::new()),
                Scope::Game(n) => (format!("in game {n}"), format!(" in game {n}")),
            };
            format!(
                "who is {} {over}\n`on {} NAME{words}`",
                tally.phrase(),
                tally.word()
            )
        }
        Market::End { scope } => match scope {
            Scope::Match => "how the last game ends\n`on end WAY`".to_owned(),
            Scope::Game(n) => format!("how game {n} ends\n`on end WAY in game {n}`"),
        },
        Market::Caught { scope } => match scope {
            Scope::Match => "who is caught cheating\n`on caught NAME`".to_owned(),
            Scope::Game(n) => {
                format!("who is caught cheating in game {n}\n`on caught NAME in game {n}`")
            }
        },
        Market::AnyoneCaught { scope } => match scope {
            Scope::Match => "whether anyone is caught cheating\n`on anyone caught`".to_owned(),
            Scope::Game(n) => format!(
                "whether anyone is caught cheating in game {n}\n`on anyone caught in game {n}`"
            ),
        },
    }
}

fn pct(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}

/// The bookie's board: for every market, the chance of each outcome with its 95% range,
/// and the bookie's price on it (decimal and the tavern's way).
#[must_use]
pub fn odds_table(estimates: &[MarketEstimate], names: &[String], margin: f64) -> Table {
    let mut table = new_table();
    table.set_header([
        "Bet",
        "Outcome",
        "Chance",
        "95% range",
        "Decimal",
        "Tavern odds",
    ]);
    for est in estimates {
        let mut first = true;
        let mut label = || {
            if std::mem::take(&mut first) {
                market_label(est.market)
            } else {
                String::new()
            }
        };
        for (k, sel) in est.selections.iter().enumerate() {
            let outcome = match sel {
                Selection::Entrant(e) => names.get(*e).cloned().unwrap_or_default(),
                Selection::End(end) => end.key().to_owned(),
                Selection::Anyone => "anyone".to_owned(),
            };
            let (chance, range) = match est.basis {
                Basis::Exact => (pct(est.outright[k]), "exact".to_owned()),
                Basis::Model | Basis::Played { .. } | Basis::Book { .. } => {
                    let (lo, hi) = est.ranges[k];
                    (pct(est.outright[k]), format!("{}–{}", pct(lo), pct(hi)))
                }
            };
            let (decimal, tavern) = match est.price(*sel, margin) {
                Some(o) => (o.decimal_text(), o.to_string()),
                None => ("—".to_owned(), "no price".to_owned()),
            };
            table.add_row([label(), outcome, chance, range, decimal, tavern]);
        }
        let extra = [
            (est.dead_heat, "dead heat: stake shared"),
            (est.push, "level: stakes back"),
            (est.void, "not played: stakes back"),
        ];
        for (p, what) in extra {
            if p >= 0.0005 && est.basis != Basis::Exact {
                table.add_row([
                    label(),
                    what.to_owned(),
                    pct(p),
                    String::new(),
                    String::new(),
                    String::new(),
                ]);
            }
        }
    }
    for col in 2..6 {
        if let Some(c) = table.column_mut(col) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    table
}

/// One row of a settlement table.
pub struct SettledRow<'a> {
    /// Which match of the evening (`None` for a single match).
    pub match_no: Option<usize>,
    /// The bet settled, or `None` for a refused one.
    pub line: Option<&'a Line>,
    /// For a refused bet: the bettor, the bet as written, the stake (in words: coins or a
    /// thing) and why.
    pub refused: Option<(String, String, String, String)>,
    /// The bettor's purse before and after this row.
    pub purses: (Purse, Purse),
}

/// The settlement table: bettor, bet, stake, odds or pool, result, payout, purse before
/// and after.
///
/// In the players' view the odds column is left out.
#[must_use]
pub fn settlement_table(rows: &[SettledRow<'_>], currency: Currency, view: View) -> Table {
    let show_odds = view == View::Gm;
    let mut table = new_table();
    let numbered = rows.iter().any(|r| r.match_no.is_some());
    let mut header = Vec::new();
    if numbered {
        header.push("Match");
    }
    header.extend(["Bettor", "Bet", "Stake"]);
    if show_odds {
        header.push("Odds");
    }
    header.extend(["Result", "Payout", "Purse before", "Purse after"]);
    table.set_header(header);
    for row in rows {
        let mut cells = Vec::new();
        if numbered {
            cells.push(row.match_no.map(|n| n.to_string()).unwrap_or_default());
        }
        let (before, after) = row.purses;
        match (row.line, &row.refused) {
            (Some(line), _) => {
                let odds = match line.bet.book {
                    Book::Bookie(o) => format!("{o} ({})", o.decimal_text()),
                    Book::Pool => match line.pot {
                        Some((pot, _)) => format!("pool of {}", pot.show(currency)),
                        None => "pool".to_owned(),
                    },
                    Book::Stakes(_) => match line.pot {
                        Some((Money::ZERO, _)) => "stake of things".to_owned(),
                        Some((pot, _)) => format!("pot of {}", pot.show(currency)),
                        None => "pot".to_owned(),
                    },
                };
                cells.extend([
                    line.bet.bettor.clone(),
                    line.what.clone(),
                    line.bet.staked(currency),
                ]);
                if show_odds {
                    cells.push(odds);
                }
                cells.extend([line.outcome(), payout(line, currency)]);
            }
            (None, Some((bettor, what, stake, why))) => {
                cells.extend([bettor.clone(), what.clone(), stake.clone()]);
                if show_odds {
                    cells.push("—".to_owned());
                }
                cells.extend([format!("refused: {why}"), "—".to_owned()]);
            }
            (None, None) => continue,
        }
        cells.extend([
            before.show(currency).to_string(),
            after.show(currency).to_string(),
        ]);
        table.add_row(cells);
    }
    table
}

/// What a settled bet brought back: its coins, its own thing unless it lost, and the
/// things it won (`2 sp and “her silver locket”`; things alone when no coin came back, and
/// `nothing` for a bet that staked no coin and has nothing back).
fn payout(line: &Line, currency: Currency) -> String {
    let kept = line
        .bet
        .thing
        .as_ref()
        .filter(|_| line.result != BetResult::Lost);
    let things: Vec<String> = kept
        .into_iter()
        .chain(line.won.iter().map(|p| &p.thing))
        .map(crate::wager::Thing::quoted)
        .collect();
    let coins = line.payout.show(currency).to_string();
    match (line.payout, things.is_empty()) {
        (Money::ZERO, true) if line.bet.stake == Money::ZERO => "nothing".to_owned(),
        (_, true) => coins,
        (Money::ZERO, false) => things.join(" and "),
        (_, false) => format!("{coins} and {}", things.join(" and ")),
    }
}

/// The settlement table laid out for the page: every column as wide as it needs when that
/// fits, else five columns (the stake and its odds with the bet, the payout with the
/// result, the purse before and after in one) that wrap to the width.
#[must_use]
pub fn settlement_for(
    rows: &[SettledRow<'_>],
    currency: Currency,
    view: View,
    layout: super::Layout,
) -> Table {
    let full = settlement_table(rows, currency, view);
    match layout {
        super::Layout::Wide => full,
        super::Layout::Columns(w) if super::width_of(&full.to_string()) <= usize::from(w) => full,
        super::Layout::Columns(_) | super::Layout::Markdown => {
            super::fitted(compact_settlement(rows, currency, view), layout)
        }
    }
}

/// The settlement in five columns: match, bettor, the bet with its stake and odds, the
/// result with the payout, the purse before and after.
fn compact_settlement(rows: &[SettledRow<'_>], currency: Currency, view: View) -> Table {
    let mut table = new_table();
    let numbered = rows.iter().any(|r| r.match_no.is_some());
    let mut header = Vec::new();
    if numbered {
        header.push("#");
    }
    header.extend(["Bettor", "Bet", "Result", "Purse"]);
    table.set_header(header);
    for row in rows {
        let mut cells = Vec::new();
        if numbered {
            cells.push(row.match_no.map(|n| n.to_string()).unwrap_or_default());
        }
        let (before, after) = row.purses;
        match (row.line, &row.refused) {
            (Some(line), _) => {
                let how = match line.bet.book {
                    Book::Bookie(o) if view == View::Gm => format!("at {o}"),
                    Book::Bookie(_) => "with the bookie".to_owned(),
                    Book::Pool => match line.pot {
                        Some((pot, _)) => format!("in a pool of {}", pot.show(currency)),
                        None => "in the pool".to_owned(),
                    },
                    Book::Stakes(_) => match line.pot {
                        Some((Money::ZERO, _)) => "in a stake of things".to_owned(),
                        Some((pot, _)) => format!("in a pot of {}", pot.show(currency)),
                        None => "in a pot".to_owned(),
                    },
                };
                cells.extend([
                    line.bet.bettor.clone(),
                    format!("{} on {}, {how}", line.bet.staked(currency), line.what),
                    format!("{}: {}", line.outcome(), payout(line, currency)),
                ]);
            }
            (None, Some((bettor, what, stake, why))) => cells.extend([
                bettor.clone(),
                format!("{stake}: “{what}”"),
                format!("refused: {why}"),
            ]),
            (None, None) => continue,
        }
        cells.push(format!(
            "{} → {}",
            before.show(currency),
            after.show(currency)
        ));
        table.add_row(cells);
    }
    if numbered && let Some(c) = table.column_mut(0) {
        c.set_constraint(comfy_table::ColumnConstraint::ContentWidth);
    }
    table
}

/// Each character's purse at the start and the end, and the house's gain.
#[must_use]
pub fn purse_table(purses: &[(String, Purse, Purse)], house: i128, currency: Currency) -> Table {
    let mut table = new_table();
    table.set_header(["", "Purse at first", "Purse at last", "Gain"]);
    for (name, first, last) in purses {
        table.add_row([
            name.clone(),
            first.show(currency).to_string(),
            last.show(currency).to_string(),
            crate::wager::money::show_change(last.balance() - first.balance(), currency)
                .to_string(),
        ]);
    }
    table.add_row([
        "the house".to_owned(),
        String::new(),
        String::new(),
        crate::wager::money::show_change(house, currency).to_string(),
    ]);
    table
}

/// The wagers as the table hears them: the ante, each bet taken (with its price), and
/// each refused, with why.
#[must_use]
pub fn placed_lines(
    placed: &Placed,
    texts: &[String],
    names: &[String],
    kind: GameKind,
    tavern: &Tavern,
    view: View,
    book: Option<&Phrasebook>,
) -> Vec<String> {
    let (bookie, currency, credit) = (tavern.bookie.as_str(), tavern.currency, tavern.credit);
    let mut lines = Vec::new();
    if let Some(first) = placed.ante.first() {
        let who: Vec<&str> = placed.ante.iter().map(|b| b.bettor.as_str()).collect();
        lines.push(format!(
            "Each player puts {} in the pot for the winner: {}.",
            first.stake.show(currency),
            who.join(", ")
        ));
    }
    for r in &placed.ante_refused {
        lines.push(format!(
            "No ante from {}: {}; they play for honour alone.",
            refusal_who(r),
            r.describe(currency, credit)
        ));
    }
    for (_, bets) in &placed.taken {
        let b = &bets[0];
        let what = describe(b.market, b.side, names, kind);
        let how = match (b.book, bets.get(1)) {
            (Book::Bookie(o), _) if view == View::Gm => format!("with {bookie} at {o}"),
            (Book::Bookie(_), _) => format!("with {bookie}"),
            (Book::Pool, _) => "in the pool".to_owned(),
            (Book::Stakes(_), Some(rival)) => format!(
                "against {}, who puts up {}",
                rival.bettor,
                rival.staked(currency)
            ),
            (Book::Stakes(_), None) => "in a pot".to_owned(),
        };
        lines.push(format!(
            "{} puts {} on {what} {how}.",
            b.bettor,
            b.staked(currency)
        ));
    }
    for (i, r) in &placed.refused {
        let text = texts.get(*i).map_or("", String::as_str);
        // The bookie says it in his own words, then why.
        let said = match (r, book) {
            (Refusal::NoPrice, Some(book)) => {
                let no = book.lines(kind, crate::narrate::Moment::NoPrice);
                (!no.is_empty()).then(|| {
                    let line = fill(&no[*i % no.len()], &[("bookie", bookie.to_owned())]);
                    format!("{line} ")
                })
            }
            _ => None,
        };
        if let Some(said) = said {
            lines.push(format!(
                "“{text}”: {said}Refused: {}.",
                r.describe(currency, credit)
            ));
            continue;
        }
        lines.push(format!(
            "“{text}”: refused, {}.",
            r.describe(currency, credit)
        ));
    }
    lines
}

fn refusal_who(r: &Refusal) -> &str {
    match r {
        Refusal::Short { who, .. } | Refusal::TooLarge { who } => who,
        Refusal::NoPrice => "the bookie",
    }
}

/// What every bet brought, as the table hears it. A bet won on the winner of the match or
/// of a game gets a line from the phrasebook's `wager-paid` moment, chosen with `seed`
/// (no line twice while others are unused); the rest are plain.
#[must_use]
pub fn settled_lines(
    settlement: &Settlement,
    currency: Currency,
    book: &Phrasebook,
    kind: GameKind,
    names: &[String],
    seed: u64,
) -> Vec<String> {
    settled_lines_at(settlement, currency, book, kind, names, seed, None)
}

/// [`settled_lines`], with the bookie who paid and collected the bets made with them,
/// in the phrasebook's `pays-out` and `collects` words (followed by what the bet was).
/// A bet that won a thing says so ("Sister Ysolde wins “where the caravan went” from Old
/// Brannoc: ..."), followed by a line of the phrasebook's `stake-passes`.
#[must_use]
pub fn settled_lines_at(
    settlement: &Settlement,
    currency: Currency,
    book: &Phrasebook,
    kind: GameKind,
    names: &[String],
    seed: u64,
    bookie: Option<&str>,
) -> Vec<String> {
    use crate::narrate::Moment;
    let paid = book.lines(kind, Moment::WagerPaid);
    let mut rng = table_rng(crate::seed::derive(seed, crate::seed::Purpose::Wagers, &[]));
    let mut unused: Vec<usize> = (0..paid.len()).collect();
    // The bookie's own words: a line not yet said this match, while any is left.
    let mut left: std::collections::HashMap<Moment, Vec<usize>> = std::collections::HashMap::new();
    let mut deal = |moment: Moment, rng: &mut crate::ai::TableRng| -> Option<String> {
        let lines = book.lines(kind, moment);
        if lines.is_empty() {
            return None;
        }
        let unused = left.entry(moment).or_default();
        if unused.is_empty() {
            *unused = (0..lines.len()).collect();
        }
        let k = unused.remove(rand::RngExt::random_range(rng, 0..unused.len()));
        Some(lines[k].clone())
    };
    settlement
        .lines
        .iter()
        .map(|l| {
            let (who, stake, what) = (&l.bet.bettor, l.bet.stake.show(currency), &l.what);
            let on_winner = match (l.bet.market, l.bet.side) {
                (Market::Match | Market::Game { .. }, Side::For(Selection::Entrant(e))) => {
                    names.get(e)
                }
                _ => None,
            };
            let with_bookie = matches!(l.bet.book, Book::Bookie(_));
            let said_by_bookie = |template: Option<String>, role: &str, coins: String| {
                let (bookie, template) = (bookie?, template?);
                let line = fill(
                    &template,
                    &[
                        ("bookie", bookie.to_owned()),
                        (role, who.clone()),
                        ("coins", coins),
                    ],
                );
                let line = line.trim_end_matches(['.', '!']);
                Some(format!("{line}: {what}."))
            };
            // A cheat caught decided it: said plainly, with why.
            if l.cheat.is_some() {
                let why = l.outcome();
                return match l.result {
                    BetResult::Won => {
                        format!("{who} collects {} ({why}): {what}.", payout(l, currency))
                    }
                    BetResult::Lost => {
                        format!("{who} loses {} ({why}): {what}.", l.bet.staked(currency))
                    }
                    _ => format!(
                        "{who} has the {} back ({why}): {what}.",
                        l.bet.staked(currency)
                    ),
                };
            }
            // Stakes with things in them: who won what, who keeps theirs.
            if !l.won.is_empty() {
                let mut said = Vec::new();
                for p in &l.won {
                    let mut line = format!(
                        "{} wins {} from {}: {what}.",
                        p.to,
                        p.thing.quoted(),
                        p.from
                    );
                    if let Some(template) = deal(Moment::StakePasses, &mut rng) {
                        let vars = [
                            ("winner", p.to.clone()),
                            ("loser", p.from.clone()),
                            ("stake", p.thing.quoted()),
                        ];
                        line = format!("{line} {}", fill(&template, &vars));
                    }
                    said.push(line);
                }
                if l.payout > l.bet.stake {
                    said.push(format!(
                        "{who} collects {} as well.",
                        l.payout.show(currency)
                    ));
                }
                return said.join(" ");
            }
            let staked = l.bet.staked(currency);
            let things_only = l.bet.stake == Money::ZERO;
            match l.result {
                BetResult::Won if things_only && l.payout == Money::ZERO => {
                    return format!("{who} keeps {staked}: {what}.");
                }
                BetResult::Lost if things_only => {
                    return match &l.bet.thing {
                        Some(_) => format!("{who} loses {staked}: {what}."),
                        None => format!("{who} staked nothing, and loses nothing: {what}."),
                    };
                }
                BetResult::Push | BetResult::Void | BetResult::Refunded if things_only => {
                    return match &l.bet.thing {
                        Some(_) => format!("{who} keeps {staked} ({}): {what}.", l.result),
                        None => format!("{who} staked nothing ({}): {what}.", l.result),
                    };
                }
                _ => {}
            }
            match l.result {
                BetResult::Won if with_bookie && bookie.is_some() && on_winner.is_none() => {
                    let template = deal(Moment::PaysOut, &mut rng);
                    said_by_bookie(template, "winner", l.payout.show(currency).to_string())
                        .unwrap_or_else(|| {
                            format!("{who} collects {}: {what}.", l.payout.show(currency))
                        })
                }
                BetResult::Lost if with_bookie && bookie.is_some() => {
                    let template = deal(Moment::Collects, &mut rng);
                    said_by_bookie(template, "loser", stake.to_string())
                        .unwrap_or_else(|| format!("{who} loses {stake}: {what}."))
                }
                BetResult::Won if on_winner.is_some() && !paid.is_empty() => {
                    if unused.is_empty() {
                        unused = (0..paid.len()).collect();
                    }
                    let k = unused.remove(rand::RngExt::random_range(&mut rng, 0..unused.len()));
                    let vars = [
                        ("mover", who.clone()),
                        ("winner", on_winner.cloned().unwrap_or_default()),
                        ("coins", l.payout.show(currency).to_string()),
                    ];
                    fill(&paid[k], &vars)
                }
                BetResult::Won => format!("{who} collects {}: {what}.", l.payout.show(currency)),
                BetResult::Lost => format!("{who} loses {stake}: {what}."),
                BetResult::DeadHeat(k) => format!(
                    "{who} collects {}, a dead heat of {k}: {what}.",
                    l.payout.show(currency)
                ),
                BetResult::Push | BetResult::Void | BetResult::Refunded => {
                    format!("{who} has the {stake} back ({}): {what}.", l.result)
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::ai::{Skill, Temperament};
    use crate::games::{End, Outcome, Seat};
    use crate::table::{Entrant, Format, GameLog, MatchLog};
    use crate::wager::{Bet, HouseRules, Odds, settle};

    /// Ada v Bo, one game, Bo wins; no ceremony.
    fn log() -> MatchLog {
        let entrant = |n: &str| Entrant::new(n, Skill::Level(5), Temperament::Steady);
        MatchLog {
            game: GameKind::TidesOfWar,
            seed: 3,
            format: Format::BestOf(1),
            entrants: vec![entrant("Ada"), entrant("Bo")],
            games: vec![GameLog {
                number: 1,
                seats: vec![0, 1],
                ceremony: Vec::new(),
                start: String::new(),
                start_scores: vec![14, 14],
                steps: Vec::new(),
                turns: 0,
                outcome: Outcome::win(Seat(1), End::Conquest),
                winners: vec![1],
                scores: vec![14, 14],
                standing: vec![Vec::new(), Vec::new()],
                end: String::new(),
                resigned: None,
                asides: Vec::new(),
            }],
            wins: vec![0, 1],
            winners: vec![1],
        }
    }

    #[test]
    fn winnings_on_the_winner_are_told_in_the_phrasebook_s_words() {
        let bet = |who: &str, e: usize, market: Market| Bet {
            bettor: who.to_owned(),
            market,
            side: Side::For(Selection::Entrant(e)),
            stake: Money(100),
            thing: None,
            book: Book::Bookie(Odds::new(2, 1)),
        };
        let bets = [
            bet("Pip", 1, Market::Match),
            bet("Tam", 0, Market::Match),
            bet("Cy", 1, Market::FirstTurn),
        ];
        let purses: BTreeMap<String, Purse> = ["Pip", "Tam", "Cy"]
            .iter()
            .map(|n| ((*n).to_owned(), Purse::of(Money(100))))
            .collect();
        let rules = HouseRules {
            take_bp: 0,
            credit: crate::wager::purse::Credit::None,
            ..HouseRules::default()
        };
        let s = settle(&bets, &log(), &purses, &rules).unwrap();
        let book = Phrasebook::built_in();
        let names = ["Ada".to_owned(), "Bo".to_owned()];
        let tell = || settled_lines(&s, Currency::GOLD, &book, GameKind::TidesOfWar, &names, 3);
        let lines = tell();
        let vars = [
            ("mover", "Pip".to_owned()),
            ("winner", "Bo".to_owned()),
            ("coins", "3 gp".to_owned()),
        ];
        let filled: Vec<String> = book
            .lines(GameKind::TidesOfWar, crate::narrate::Moment::WagerPaid)
            .iter()
            .map(|t| fill(t, &vars))
            .collect();
        assert!(!filled.is_empty());
        assert!(filled.contains(&lines[0]), "{}", lines[0]);
        assert_eq!(lines[1], "Tam loses 1 gp: Ada to win the match.");
        assert_eq!(
            lines[2],
            "Cy has the 1 gp back (void): Bo to win the first turn."
        );
        assert_eq!(lines, tell(), "the seed chooses the same lines");
    }

    #[test]
    fn the_settlement_table_shows_odds_pools_and_refusals() {
        let bets = [Bet {
            bettor: "Pip".into(),
            market: Market::Match,
            side: Side::For(Selection::Entrant(1)),
            stake: Money(100),
            thing: None,
            book: Book::Bookie(Odds::new(5, 2)),
        }];
        let purses = BTreeMap::from([("Pip".to_owned(), Purse::of(Money(150)))]);
        let s = settle(&bets, &log(), &purses, &HouseRules::default()).unwrap();
        let steps = s.purse_steps();
        let rows = [
            SettledRow {
                match_no: None,
                line: Some(&s.lines[0]),
                refused: None,
                purses: steps[0],
            },
            SettledRow {
                match_no: None,
                line: None,
                refused: Some((
                    "Pip".into(),
                    "Pip 9 gp on Ada".into(),
                    "9 gp".into(),
                    "purse too light".into(),
                )),
                purses: (Purse::of(Money(400)), Purse::of(Money(400))),
            },
        ];
        let table = settlement_table(&rows, Currency::GOLD, View::Gm).to_string();
        let pip: Vec<&str> = table.lines().filter(|l| l.starts_with("│ Pip")).collect();
        let cells = |l: &str| {
            l.split(['│', '┆'])
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            cells(pip[0]),
            [
                "Pip",
                "Bo to win the match",
                "1 gp",
                "5 to 2 (3.50)",
                "won",
                "3 gp 5 sp",
                "1 gp 5 sp",
                "4 gp"
            ]
        );
        assert_eq!(
            cells(pip[1]),
            [
                "Pip",
                "Pip 9 gp on Ada",
                "9 gp",
                "—",
                "refused: purse too light",
                "—",
                "4 gp",
                "4 gp"
            ]
        );
    }

    #[test]
    fn a_thing_won_is_told_with_who_won_it_from_whom_and_a_stake_passes_line() {
        // Bo wins. Pip stakes the answer on Ada; Tam, against Ada, stakes 2 sp.
        let side = |who: &str, side: Side, coins: u64, thing: Option<&str>| Bet {
            bettor: who.to_owned(),
            market: Market::Match,
            side,
            stake: Money(coins),
            thing: thing.map(|t| t.parse().unwrap()),
            book: Book::Stakes(1),
        };
        let ada = Selection::Entrant(0);
        let bets = [
            side("Pip", Side::For(ada), 0, Some("where the caravan went")),
            side("Tam", Side::Against(ada), 20, None),
        ];
        let purses: BTreeMap<String, Purse> = ["Pip", "Tam"]
            .iter()
            .map(|n| ((*n).to_owned(), Purse::of(Money(100))))
            .collect();
        let s = settle(&bets, &log(), &purses, &HouseRules::default()).unwrap();
        let book = Phrasebook::built_in();
        let names = ["Ada".to_owned(), "Bo".to_owned()];
        let lines = settled_lines(&s, Currency::GOLD, &book, GameKind::TidesOfWar, &names, 3);
        assert_eq!(
            lines[0],
            "Pip loses “where the caravan went”: Ada to win the match."
        );
        let plain = "Tam wins “where the caravan went” from Pip: against Ada to win the match.";
        let (said, crowd) = lines[1].split_at(plain.len());
        assert_eq!(said, plain);
        let vars = [
            ("winner", "Tam".to_owned()),
            ("loser", "Pip".to_owned()),
            ("stake", "“where the caravan went”".to_owned()),
        ];
        let told: Vec<String> = book
            .lines(GameKind::TidesOfWar, crate::narrate::Moment::StakePasses)
            .iter()
            .map(|t| format!(" {}", fill(t, &vars)))
            .collect();
        assert!(told.len() >= 5, "several lines to choose from");
        assert!(told.contains(&crowd.to_owned()), "{crowd}");

        // In the table: the thing as the stake and as what came back; Tam's coins back.
        let steps = s.purse_steps();
        let rows: Vec<SettledRow<'_>> = s
            .lines
            .iter()
            .zip(steps)
            .map(|(line, purses)| SettledRow {
                match_no: None,
                line: Some(line),
                refused: None,
                purses,
            })
            .collect();
        let table = settlement_table(&rows, Currency::GOLD, View::Gm).to_string();
        let cells = |who: &str| -> Vec<String> {
            let row = table
                .lines()
                .find(|l| l.starts_with(&format!("│ {who}")))
                .unwrap();
            row.split(['│', '┆'])
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(str::to_owned)
                .collect()
        };
        assert_eq!(
            cells("Pip"),
            [
                "Pip",
                "Ada to win the match",
                "“where the caravan went”",
                "pot of 2 sp",
                "lost",
                "nothing",
                "1 gp",
                "1 gp"
            ]
        );
        assert_eq!(
            cells("Tam"),
            [
                "Tam",
                "against Ada to win the match",
                "2 sp",
                "pot of 2 sp",
                "won",
                "2 sp and “where the caravan went”",
                "1 gp",
                "1 gp"
            ]
        );
    }

    #[test]
    fn a_bet_a_cheat_caught_decided_says_why_in_the_lines_and_the_table() {
        // Bo wins, but is seen cheating and ruled forfeit; the house bars cheats.
        let mut l = log();
        l.games[0].asides.push(crate::table::AsideAt {
            before: 0,
            aside: crate::table::Aside::Cheat {
                by: 1,
                kind: crate::table::CheatKind::Nudge,
                at: None,
                seen_by: vec![0],
                result: crate::table::CheatResult::StakesForfeit,
                risk: 0.2,
                worth: 0.1,
                earlier: 0,
            },
            position: None,
        });
        let bet = |who: &str, side: Side, book: Book| Bet {
            bettor: who.to_owned(),
            market: Market::Match,
            side,
            stake: Money(100),
            thing: None,
            book,
        };
        let bo = Selection::Entrant(1);
        let bets = [
            bet("Bo", Side::For(bo), Book::Bookie(Odds::new(2, 1))),
            bet("Bo", Side::For(bo), Book::Stakes(1)),
            bet("Ada", Side::Against(bo), Book::Stakes(1)),
        ];
        let purses: BTreeMap<String, Purse> = ["Ada", "Bo"]
            .iter()
            .map(|n| ((*n).to_owned(), Purse::of(Money(200))))
            .collect();
        let rules = HouseRules {
            bar_cheats: true,
            ..HouseRules::default()
        };
        let s = settle(&bets, &l, &purses, &rules).unwrap();
        let book = Phrasebook::built_in();
        let names = ["Ada".to_owned(), "Bo".to_owned()];
        let lines = settled_lines(&s, Currency::GOLD, &book, GameKind::TidesOfWar, &names, 3);
        assert_eq!(
            lines,
            [
                "Bo has the 1 gp back (void: Bo was caught cheating and the house bars \
                 cheats): Bo to win the match.",
                "Bo loses 1 gp (lost by forfeit: Bo was caught cheating): Bo to win the match.",
                "Ada collects 2 gp (won by forfeit: Bo was caught cheating): against Bo to win \
                 the match."
            ]
        );
        let rows: Vec<SettledRow<'_>> = s
            .lines
            .iter()
            .zip(s.purse_steps())
            .map(|(line, purses)| SettledRow {
                match_no: None,
                line: Some(line),
                refused: None,
                purses,
            })
            .collect();
        let table = settlement_table(&rows, Currency::GOLD, View::Gm).to_string();
        let flat: String = table.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains("void: Bo was caught cheating and the house bars cheats"),
            "{table}"
        );
        assert!(
            flat.contains("won by forfeit: Bo was caught cheating"),
            "{table}"
        );
    }

    #[test]
    fn a_thing_kept_and_nothing_staked_are_said_plainly() {
        let side = |who: &str, side: Side, thing: Option<&str>| Bet {
            bettor: who.to_owned(),
            market: Market::Match,
            side,
            stake: Money::ZERO,
            thing: thing.map(|t| t.parse().unwrap()),
            book: Book::Stakes(1),
        };
        let bo = Selection::Entrant(1);
        let bets = [
            side("Pip", Side::For(bo), Some("a favour")),
            side("Tam", Side::Against(bo), None),
        ];
        let purses: BTreeMap<String, Purse> = ["Pip", "Tam"]
            .iter()
            .map(|n| ((*n).to_owned(), Purse::of(Money(100))))
            .collect();
        let s = settle(&bets, &log(), &purses, &HouseRules::default()).unwrap();
        let book = Phrasebook::built_in();
        let names = ["Ada".to_owned(), "Bo".to_owned()];
        let lines = settled_lines(&s, Currency::GOLD, &book, GameKind::TidesOfWar, &names, 3);
        assert_eq!(
            lines,
            [
                "Pip keeps “a favour”: Bo to win the match.",
                "Tam staked nothing, and loses nothing: against Bo to win the match."
            ]
        );
        let placed = Placed {
            taken: vec![(0, bets.to_vec())],
            ..Placed::default()
        };
        let told = placed_lines(
            &placed,
            &[],
            &names,
            GameKind::TidesOfWar,
            &Tavern::built_in(),
            View::Gm,
            None,
        );
        assert_eq!(
            told,
            ["Pip puts “a favour” on Bo to win the match against Tam, who puts up nothing."]
        );
    }
}
