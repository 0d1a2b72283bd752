//! The settlement table, in one renderer with two layouts: a column for each thing when
//! the page has room, else four that wrap; and each character's purse over the evening.

use super::{payout, result_and_change};
use crate::report::grid::{Grid, Laid, coins, glued, lay_out};
use crate::report::{Layout, View};
use crate::wager::purse::Purse;
use crate::wager::settle::Line;
use crate::wager::{Book, Currency, Money};

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

/// The two layouts of a settlement table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettlementLayout {
    /// A column for each thing: match, bettor, bet, stake, odds or pool (left out in the
    /// players' view), result, payout, purse before and purse after.
    Full,
    /// Five columns: match, bettor, the bet with its stake and odds, the result with the
    /// payout, the purse before and after in one.
    Compact,
    /// Compact, with the bettor's name above their bet.
    Narrow,
}

/// The settlement table in `layout`: a row for each bet settled or refused, numbered by
/// match when the rows come from more than one.
#[must_use]
pub fn settlement_table(
    rows: &[SettledRow<'_>],
    currency: Currency,
    view: View,
    layout: SettlementLayout,
) -> Grid {
    let numbered = rows.iter().any(|r| r.match_no.is_some());
    let mut table = Grid::new(layout.header(numbered, view));
    for row in rows {
        let cells = match (row.line, &row.refused) {
            (Some(line), _) => layout.settled(line, currency, view),
            (None, Some((bettor, what, stake, why))) => {
                layout.refused([bettor, what, stake, why], view)
            }
            (None, None) => continue,
        };
        let number = numbered.then(|| row.match_no.map(|n| n.to_string()).unwrap_or_default());
        let purses = layout.purses(row.purses, currency);
        let cells = match layout {
            SettlementLayout::Narrow => {
                let mut cells = cells.into_iter();
                let bettor = cells.next().unwrap_or_default();
                let bet = cells.next().unwrap_or_default();
                std::iter::once(format!("{bettor}\n{bet}"))
                    .chain(cells)
                    .collect()
            }
            SettlementLayout::Full | SettlementLayout::Compact => cells,
        };
        table.row(number.into_iter().chain(cells).chain(purses));
    }
    table
}

impl SettlementLayout {
    /// The column headings, the match's first when the rows are numbered.
    fn header(self, numbered: bool, view: View) -> Vec<&'static str> {
        let mut header = Vec::new();
        match self {
            SettlementLayout::Full => {
                if numbered {
                    header.push("Match");
                }
                header.extend(["Bettor", "Bet", "Stake"]);
                if view == View::Gm {
                    header.push("Odds");
                }
                header.extend(["Result", "Payout", "Purse before", "Purse after"]);
            }
            SettlementLayout::Compact => {
                if numbered {
                    header.push("#");
                }
                header.extend(["Bettor", "Bet", "Result", "Purse"]);
            }
            SettlementLayout::Narrow => {
                if numbered {
                    header.push("#");
                }
                header.extend(["Bettor and bet", "Result", "Purse"]);
            }
        }
        header
    }

    /// A settled bet's cells from the bettor to the payout.
    fn settled(self, line: &Line, currency: Currency, view: View) -> Vec<String> {
        let bettor = glued(&line.bet.bettor);
        let staked = coins(&line.bet.staked(currency));
        let payout = coins(&payout(line, currency));
        match self {
            SettlementLayout::Full => {
                let mut cells = vec![bettor, line.what.clone(), staked];
                if view == View::Gm {
                    cells.push(full_price(line, currency));
                }
                cells.extend([line.outcome(), payout]);
                cells
            }
            SettlementLayout::Compact | SettlementLayout::Narrow => vec![
                bettor,
                format!(
                    "{staked} {}, {}",
                    crate::wager::market::backing(&line.what),
                    compact_price(line, currency, view)
                ),
                coins(&result_and_change(line, currency)),
            ],
        }
    }

    /// A refused bet's cells from the bettor to the payout: the bettor, the bet as written,
    /// the stake and why it was refused.
    fn refused(self, [bettor, what, stake, why]: [&String; 4], view: View) -> Vec<String> {
        match self {
            SettlementLayout::Full => {
                let mut cells = vec![glued(bettor), what.clone(), coins(stake)];
                if view == View::Gm {
                    cells.push("—".to_owned());
                }
                cells.extend([format!("refused: {why}"), "—".to_owned()]);
                cells
            }
            SettlementLayout::Compact | SettlementLayout::Narrow => vec![
                glued(bettor),
                format!("{}: “{what}”", coins(stake)),
                format!("refused: {why}"),
            ],
        }
    }

    /// The purse before and after the row: two cells, or one with an arrow.
    fn purses(self, (before, after): (Purse, Purse), currency: Currency) -> Vec<String> {
        let (before, after) = (
            coins(&before.show(currency).to_string()),
            coins(&after.show(currency).to_string()),
        );
        match self {
            SettlementLayout::Full => vec![before, after],
            SettlementLayout::Compact | SettlementLayout::Narrow => {
                vec![format!("{before} → {after}")]
            }
        }
    }
}

/// How a bet was priced, for its own column: the bookie's odds with their decimal, or the
/// pool or pot it was in (`pool of 3 gp`, `pool` before it is known, `stake of things`
/// when no coin is in it, `pot of 2 sp`, `pot`).
fn full_price(line: &Line, currency: Currency) -> String {
    match (line.bet.book, line.pot) {
        (Book::Bookie(o), _) => format!("{o} ({})", o.decimal_text()),
        (Book::Pool, Some((pot, _))) => format!("pool of {}", pot.show(currency)),
        (Book::Pool, None) => "pool".to_owned(),
        (Book::Stakes(_), Some((Money::ZERO, _))) => "stake of things".to_owned(),
        (Book::Stakes(_), Some((pot, _))) => format!("pot of {}", pot.show(currency)),
        (Book::Stakes(_), None) => "pot".to_owned(),
    }
}

/// How a bet was priced, after the bet: "at" the bookie's odds (in the GM's view), "with
/// the bookie", or "in" the pool or pot it was in.
fn compact_price(line: &Line, currency: Currency, view: View) -> String {
    match line.bet.book {
        // The odds are one token ("7 to 4 on"); a pot's coins keep to their numbers.
        Book::Bookie(o) if view == View::Gm => format!("at {}", glued(&o.to_string())),
        Book::Bookie(_) => "with the bookie".to_owned(),
        Book::Pool if line.pot.is_none() => "in the pool".to_owned(),
        Book::Pool | Book::Stakes(_) => format!("in a {}", coins(&full_price(line, currency))),
    }
}

/// The settlement table laid out for the page: every column as wide as it needs when that
/// fits, else five columns (the stake and its odds with the bet, the payout with the
/// result, the purse before and after in one) that wrap to the width, and narrower still
/// the bettor above their bet.
#[must_use]
pub fn settlement_for(
    rows: &[SettledRow<'_>],
    currency: Currency,
    view: View,
    layout: Layout,
) -> Laid {
    let forms = [
        settlement_table(rows, currency, view, SettlementLayout::Full).whole(),
        settlement_table(rows, currency, view, SettlementLayout::Compact),
        settlement_table(rows, currency, view, SettlementLayout::Narrow),
    ];
    lay_out(&forms, layout, 1)
}

/// Each character's purse at the start and the end, and the house's gain.
#[must_use]
pub fn purse_table(purses: &[(String, Purse, Purse)], house: i128, currency: Currency) -> Grid {
    let mut table = Grid::new(["", "Purse at first", "Purse at last", "Gain"]);
    for (name, first, last) in purses {
        table.row([
            glued(name),
            coins(&first.show(currency).to_string()),
            coins(&last.show(currency).to_string()),
            coins(
                &crate::wager::money::show_change(last.balance() - first.balance(), currency)
                    .to_string(),
            ),
        ]);
    }
    table.row([
        "the house".to_owned(),
        String::new(),
        String::new(),
        coins(&crate::wager::money::show_change(house, currency).to_string()),
    ]);
    table
}
