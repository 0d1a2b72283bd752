//! Piç positions in the spec's notation: `12 12 12 / 3p1 0 5 ; 2`.
//!
//! The heaps clockwise, three a player, groups separated by `/`; a piç is its count, `p`
//! and its owner's number; then `;` and the player to move. Spaces around the separators
//! are free when reading; writing puts exactly one space between every two items.
//! Stores (`even_capture`) and the sowing count are not part of the spec's text; they
//! follow it after ` | `.
//!
//! Reading is two steps, as for every game: the text into a [`Setup`], then the setup
//! into a position ([`Rules::from_setup`]). Every text the notation reads is a position
//! the rules allow (the spec's malformed cases are all the text's: the groups, the owners,
//! the player to move, counts too large for the engine), so the second step only settles
//! whether the game is already over under the options.

use std::fmt;
use std::str::FromStr;

use super::{Count, MAX_HEAPS, MAX_PLAYERS, NO_OWNER, Options, Pic};
use crate::games::{ParseError, PositionError, Rules};

/// A Piç position as its text says it, not yet made a position under rule options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The counters of each heap, clockwise from heap 1 (past the ring, 0).
    pub(super) heaps: [Count; MAX_HEAPS + 1],
    /// The owner of each piç (a seat), or [`NO_OWNER`].
    pub(super) owner: [u8; MAX_HEAPS],
    /// The heaps that are piç, as a bit set.
    pub(super) pics: u16,
    /// Each seat's store.
    pub(super) stores: [Count; MAX_PLAYERS],
    /// How many play, 2 to 5.
    pub(super) players: u8,
    /// The seat to move.
    pub(super) side: u8,
    /// Sowings made so far (for the cap).
    pub(super) sowings: u32,
}

/// A whole number in `text`, for `what`: only digits, and small enough for `max`.
fn number(text: &str, what: &str, max: u64) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{what} `{text}` is not a number"));
    }
    match text.parse::<u64>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(format!("{what} `{text}` is too large (at most {max})")),
    }
}

/// One heap: its counters, and the piç owner's seat (or [`NO_OWNER`]).
fn heap(text: &str, players: usize) -> Result<(Count, u8), String> {
    let max = u64::from(Count::MAX);
    match text.split_once('p') {
        None => Ok((number(text, "the count", max)? as Count, NO_OWNER)),
        Some((count, owner)) => {
            let count = number(count, "the count", max)? as Count;
            let owner = number(owner, "the piç owner", u64::MAX)
                .ok()
                .filter(|o| (1..=players as u64).contains(o))
                .ok_or_else(|| {
                    format!("the piç owner in `{text}` is not one of players 1 to {players}")
                })?;
            Ok((count, owner as u8 - 1))
        }
    }
}

impl FromStr for Setup {
    type Err = ParseError;

    /// Reads the spec's notation, optionally followed by the state it leaves out:
    /// ` | sowings=N stores=A,B,...`, the sowings made (for the move cap) and each player's
    /// store of even captures.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = |why: String| ParseError::position(s, why);
        let (spec, state) = crate::games::split_state(s)?;
        let mut sowings = 0;
        let mut stores_text = None;
        for (key, value) in state {
            match key {
                "sowings" => sowings = crate::games::state_number(s, key, value)?,
                "stores" => stores_text = Some(value),
                other => return Err(crate::games::unknown_state(s, other, "sowings and stores")),
            }
        }
        let (ring_text, side_text) = spec
            .split_once(';')
            .ok_or_else(|| bad("expected the heaps, `;` and the player to move".into()))?;
        let ring = read_ring(ring_text).map_err(&bad)?;
        let players = ring.players;
        let side = number(side_text.trim(), "the player to move", u64::MAX)
            .ok()
            .filter(|p| (1..=players as u64).contains(p))
            .ok_or_else(|| {
                bad(format!(
                    "the player to move `{}` is not one of players 1 to {players}",
                    side_text.trim()
                ))
            })?;
        let stores = match stores_text {
            Some(text) => read_stores(text, players).map_err(&bad)?,
            None => [0; MAX_PLAYERS],
        };
        let kept: u64 = stores.iter().map(|&c| u64::from(c)).sum();
        if ring.total + kept > u64::from(Count::MAX) {
            return Err(bad(format!(
                "the heaps and stores hold {} counters in all, more than the engine's {}",
                ring.total + kept,
                Count::MAX
            )));
        }
        Ok(Setup {
            heaps: ring.heaps,
            owner: ring.owner,
            pics: ring.pics,
            stores,
            players: players as u8,
            side: side as u8 - 1,
            sowings,
        })
    }
}

/// The heaps of a ring as read: their counters, the piç and their owners, how many play
/// and how many counters the heaps hold.
struct Ring {
    heaps: [Count; MAX_HEAPS + 1],
    owner: [u8; MAX_HEAPS],
    pics: u16,
    players: usize,
    total: u64,
}

/// The groups of heaps before the `;`; or what is wrong with them.
fn read_ring(text: &str) -> Result<Ring, String> {
    let groups: Vec<&str> = text.split('/').collect();
    let players = groups.len();
    if !(2..=MAX_PLAYERS).contains(&players) {
        return Err(format!(
            "expected 2 to 5 groups of heaps separated by `/`, found {players}"
        ));
    }
    let mut heaps = [0; MAX_HEAPS + 1];
    let mut owner = [NO_OWNER; MAX_HEAPS];
    let mut pics = 0u16;
    for (g, group) in groups.iter().enumerate() {
        let items: Vec<&str> = group.split_whitespace().collect();
        if items.len() != 3 {
            return Err(format!(
                "player {}'s group has {} heaps, not 3",
                g + 1,
                items.len()
            ));
        }
        for (k, item) in items.iter().enumerate() {
            let i = 3 * g + k;
            let (count, o) = heap(item, players)?;
            heaps[i] = count;
            owner[i] = o;
            if o != NO_OWNER {
                pics |= 1 << i;
            }
        }
    }
    let total: u64 = heaps.iter().map(|&c| u64::from(c)).sum();
    if total > u64::from(Count::MAX) {
        return Err(format!(
            "the heaps hold {total} counters in all, more than the engine's {}",
            Count::MAX
        ));
    }
    Ok(Ring {
        heaps,
        owner,
        pics,
        players,
        total,
    })
}

/// The `stores=` value: one store a player.
fn read_stores(text: &str, players: usize) -> Result<[Count; MAX_PLAYERS], String> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() != players {
        return Err(format!(
            "`stores={text}` gives {} stores for {players} players",
            parts.len()
        ));
    }
    let mut stores = [0; MAX_PLAYERS];
    for (store, part) in stores.iter_mut().zip(parts) {
        *store = number(part, "a store", u64::from(Count::MAX))? as Count;
    }
    Ok(stores)
}

impl FromStr for Pic {
    type Err = PositionError;

    /// Reads a position under the default rule options ([`Rules::from_text`]).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Pic::from_text(s, &Options::default())
    }
}

impl fmt::Display for Pic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..self.ring() {
            if i > 0 {
                f.write_str(if i % 3 == 0 { " / " } else { " " })?;
            }
            write!(f, "{}", self.heaps[i])?;
            if let Some(o) = self.pic_owner(i) {
                write!(f, "p{o}")?;
            }
        }
        write!(f, " ; {}", self.side + 1)?;
        if f.alternate() {
            let stores: Vec<String> = self.stores[..usize::from(self.players)]
                .iter()
                .map(ToString::to_string)
                .collect();
            write!(f, " | sowings={} stores={}", self.sowings, stores.join(","))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Pic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pic({self})")
    }
}
