//! The regulars' book from above: the built-in characters' tables as a GM names them,
//! the fingerprint of `play`'s players that the book (`wager::book`, `data/prices.json`)
//! was counted from, and the book looked up for a described match. The book itself knows
//! tables by what changes how they play and never reads the roster; the names and the
//! characters behind them are this layer's.

use super::{Draft, MatchSpec, Seated};
use crate::games::GameKind;
use crate::names::NameError;
use crate::roster::Roster;
use crate::table::TableRules;
use crate::wager::Market;
use crate::wager::book::Book;
use crate::wager::simulate::Observed;

/// The counts of `markets` for the match `spec` describes, when the book holds its table
/// (the default tavern only: no house rules, no tavern's own cheat rule, nobody wary), in
/// the order asked for, with the entrants in the spec's order.
#[must_use]
pub fn lookup(book: &Book, spec: &MatchSpec, markets: &[Market]) -> Option<Vec<Observed>> {
    if !spec.rules.is_empty() || spec.table != TableRules::default() || !spec.wary.is_empty() {
        return None;
    }
    book.lookup(
        spec.game,
        &spec.entrants(),
        spec.format,
        spec.draw_cap,
        markets,
    )
}

/// The match in the default format between built-in characters, named as a GM would.
///
/// # Errors
/// A name that picks out nobody, or a table the game cannot seat.
pub fn built_in_table(
    kind: GameKind,
    names: &[&str],
    seed: u64,
) -> Result<MatchSpec, Box<dyn std::error::Error + Send + Sync>> {
    let roster = Roster::built_in();
    let seats = names
        .iter()
        .map(|n| {
            Ok(Seated {
                character: roster.named(n)?.clone(),
                given_file: None,
            })
        })
        .collect::<Result<Vec<_>, NameError>>()?;
    let draft = Draft {
        seats,
        seed,
        ..Draft::default()
    };
    Ok(MatchSpec::new(kind, draft)?)
}

/// The fingerprint of `play`'s players: a hash (FNV-1a, 64 bits) of the logs of one
/// seeded best-of-3 of each game between Old Brannoc and Mirela Quickfingers, two of the
/// built-in characters who cheat. Any change to how the players move, cheat or are seen
/// changes it.
///
/// # Panics
/// Never: the built-in characters play every game.
#[must_use]
pub fn fingerprint() -> String {
    let mut text = String::new();
    for kind in GameKind::ALL {
        let spec = built_in_table(kind, &["Brannoc", "Mirela"], 20_261_201)
            .expect("two built-in characters sit at every game");
        let log = crate::games::with_game!(kind, G => {
            let settings = spec
                .settings::<G>(crate::ai::Effort::Full)
                .expect("the built-in settings");
            crate::table::play_match::<G>(&spec.entrants(), &settings).expect("a match")
        });
        text.push_str(&serde_json::to_string(&log).expect("a log writes as JSON"));
    }
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lookup_in(book: &Book, spec: &MatchSpec) -> Option<Vec<Observed>> {
        lookup(book, spec, &[Market::Match])
    }

    /// The book was counted from the players as they play now: if this fails, the players
    /// changed, and `cargo run --release --example price_book` must count the book again.
    #[test]
    fn the_book_was_counted_from_today_s_players() {
        let book = Book::built_in();
        assert!(!book.pages.is_empty());
        assert_eq!(
            book.fingerprint,
            fingerprint(),
            "data/prices.json was counted from other players: count it again with {}",
            book.written_by
        );
    }

    /// A table is found under the order it was counted in and, where the first turn is a
    /// fair lot, under every rotation of it, with each entrant's counts following them.
    #[test]
    fn a_table_is_found_whichever_entrant_is_named_first() {
        let spec = |names: &[&str]| built_in_table(GameKind::Pic, names, 1).unwrap();
        let book = Book::built_in();
        let a = lookup_in(book, &spec(&["Pip", "Ysolde", "Hrodgar"]))
            .expect("the audit's table of three");
        let b = lookup_in(book, &spec(&["Hrodgar", "Pip", "Ysolde"])).expect("a rotation");
        // Pip is 0 in the first, 1 in the second; Hrodgar 2 and 0.
        assert_eq!(a[0].outright[0], b[0].outright[1]);
        assert_eq!(a[0].outright[2], b[0].outright[0]);
        assert_eq!(a[0].outright[1], b[0].outright[2]);
        assert!(
            lookup_in(book, &spec(&["Pip", "Hrodgar", "Ysolde"])).is_none(),
            "another order round the table is another table"
        );
    }
}
