//! The wagers as the table hears them placed: the ante, each bet taken with its price, and
//! each refused, with why.

use crate::games::GameKind;
use crate::narrate::{Phrasebook, fill};
use crate::report::View;
use crate::roster::Tavern;
use crate::table::Entrant;
use crate::wager::Book;
use crate::wager::market::describe_for;
use crate::wager::place::{Placed, Refusal};

/// The wagers as the table hears them: the ante, each bet taken (with its price), and
/// each refused, with why.
#[must_use]
pub fn placed_lines(
    placed: &Placed,
    texts: &[String],
    entrants: &[Entrant],
    kind: GameKind,
    tavern: &Tavern,
    view: View,
    book: Option<&Phrasebook>,
) -> Vec<String> {
    let (bookie, currency, credit) = (tavern.bookie.as_str(), tavern.currency, tavern.credit);
    let mut lines = Vec::new();
    if let Some(first) = placed.ante.first() {
        let who: Vec<&str> = placed.ante.iter().map(|b| b.bettor.as_str()).collect();
        let who: Vec<String> = who.into_iter().map(str::to_owned).collect();
        lines.push(format!(
            "Each player puts {} in the pot for the winner: {}.",
            first.stake.show(currency),
            crate::names::and_list(&who)
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
        let what = describe_for(&b.bettor, b.market, b.side, entrants, kind);
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
            "{} puts {} {} {how}.",
            b.bettor,
            b.staked(currency),
            crate::wager::market::backing(&what)
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

/// Whose ante a refusal turned away (for a refusal with no price, the bookie).
fn refusal_who(r: &Refusal) -> &str {
    match r {
        Refusal::Short { who, .. } | Refusal::TooLarge { who } | Refusal::TooDeep { who } => who,
        Refusal::NoPrice => "the bookie",
    }
}
