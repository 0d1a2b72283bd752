//! The rules' core: what a game is, as its spec says it, and nothing a player or a table
//! adds (those are the extension traits beside it: [`super::Evaluate`],
//! [`super::Tableside`], [`super::Words`]).

use std::fmt;
use std::str::FromStr;

use rand::Rng;

use super::error::{Invalid, Refused};
use super::{
    Chance, Event, EventSink, Facts, FirstTurn, GameKind, IllegalMove, Outcome, OwnEvent,
    ParseError, PositionError, Seat, StartError, Throws, Turn,
};

/// The rules of one game, as a position. See the module documentation for the contract.
///
/// A position is made in one of two places, and only there are the rule options applied:
/// [`Rules::start`], or [`Rules::from_setup`] from a position read from text (in two
/// steps, as shakmaty reads a FEN: the text parses into a [`Rules::Setup`], which says what
/// the text says and nothing more, then the setup becomes a position if the rules allow
/// it). `FromStr` reads a position under the default options.
pub trait Rules:
    Clone + fmt::Debug + fmt::Display + FromStr<Err = PositionError> + Send + Sync + 'static
{
    /// One decision of a seat, or one outcome of a chance event.
    type Move: Copy + Eq + fmt::Debug + fmt::Display + FromStr<Err = ParseError> + Send + Sync;

    /// The rule options a match can set (house readings that could go another way), read
    /// from `key = value` pairs (a tavern file, `--rule`).
    type Options: Clone + Default + fmt::Debug + Send + Sync + serde::de::DeserializeOwned;

    /// A position as its text says it, read but not judged by the rules: `FromStr` checks
    /// the notation and nothing else.
    type Setup: Clone + fmt::Debug + FromStr<Err = ParseError> + Send + Sync;

    /// Why the rules refuse a setup as a position, typed per game; `Display` says it as a
    /// clause.
    type Invalid: std::error::Error + Clone + PartialEq + Send + Sync + 'static;

    /// The events of the game's own, beside the [`Event`]s every game shares (a throw of
    /// the sticks, a piç claimed): a `Copy` enum in its folder, or [`NoOwn`](super::NoOwn)
    /// for a game with none. Only a game of the registry emits its own (see
    /// [`OwnEvent`]).
    type Own: OwnEvent;

    /// What the game says about itself: its names, unit, seats, ends and tallies.
    const FACTS: Facts;

    /// Which game this is: a handle on its [`Facts`](Rules::FACTS), the same for every
    /// game, in the registry or not.
    const KIND: GameKind = GameKind::of(&Self::FACTS);

    /// The start position for `players` players, under `options`.
    ///
    /// # Errors
    /// When the game cannot be played by that many players, or under those options.
    fn start(players: usize, options: &Self::Options) -> Result<Self, StartError>;

    /// How far the game has gone, in what its facts call its turns (`FACTS.turns`):
    /// sowings in Piç, turns of both players in Kiust Oyun and Òicustiỳtac (a lost throw
    /// and a pass are turns); `None` where that is simply the seats' moves (Tides of War).
    fn turns_played(&self) -> Option<u32> {
        None
    }

    /// The position a setup describes, under `options`: the one place where a position
    /// read from text is judged (whether the rules allow it, and whether its game is
    /// already over under those options).
    ///
    /// # Errors
    /// When the rules allow no such position.
    fn from_setup(setup: Self::Setup, options: &Self::Options) -> Result<Self, Self::Invalid>;

    /// Reads a position from its text, under `options`: the text parsed into a setup, then
    /// made a position.
    ///
    /// # Errors
    /// A text that does not follow the notation ([`PositionError::Parse`]), or one that
    /// reads as a position the rules refuse ([`PositionError::Illegal`]).
    fn from_text(text: &str, options: &Self::Options) -> Result<Self, PositionError> {
        let setup: Self::Setup = text.parse()?;
        Self::from_setup(setup, options).map_err(|why| PositionError::Illegal {
            game: Self::KIND,
            text: text.to_owned(),
            reason: Invalid::new(why),
        })
    }

    /// How many seats play.
    fn players(&self) -> usize;

    /// Who acts next.
    fn turn(&self) -> Turn;

    /// Appends the legal moves of the seat to move to `out` (nothing at a chance node or
    /// when the game is over). Moves come in a fixed order for a given position.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Appends the outcomes of the chance event due now, with exact probabilities that
    /// sum to one (nothing unless `turn()` is [`Turn::Chance`]).
    fn chance_outcomes(&self, out: &mut Vec<(Self::Move, Chance)>) {
        let _ = out;
    }

    /// Plays a move known to be legal (or a chance outcome), reporting its events.
    fn play_unchecked(&mut self, mv: Self::Move, events: &mut impl EventSink);

    /// Whether `mv` is legal here (a listed move, or a possible chance outcome).
    fn is_legal(&self, mv: Self::Move) -> bool {
        match self.turn() {
            Turn::Over => false,
            Turn::Chance => {
                let mut outs = Vec::new();
                self.chance_outcomes(&mut outs);
                outs.iter().any(|&(m, _)| m == mv)
            }
            Turn::Seat(_) => {
                let mut moves = Vec::new();
                self.legal_moves(&mut moves);
                moves.contains(&mv)
            }
        }
    }

    /// Plays a move after checking that it is legal.
    ///
    /// # Errors
    /// When the move is not legal here; the position is then unchanged.
    fn play(&mut self, mv: Self::Move, events: &mut impl EventSink) -> Result<(), IllegalMove> {
        if self.is_legal(mv) {
            self.play_unchecked(mv, events);
            Ok(())
        } else {
            let reason = match self.turn() {
                Turn::Over => Refused::Over,
                Turn::Chance => Refused::NoOutcome,
                Turn::Seat(s) => Refused::NotLegal(s),
            };
            Err(IllegalMove {
                mv: mv.to_string(),
                position: self.to_string(),
                reason,
            })
        }
    }

    /// How the game ended, once `turn()` is [`Turn::Over`].
    fn outcome(&self) -> Option<Outcome>;

    /// The seat's score where the game keeps one (points, counters, pieces left).
    fn score(&self, seat: Seat) -> i32 {
        let _ = seat;
        0
    }

    /// Named figures of the seat's standing for result tables ("stones left", "counters in
    /// piç"), in a fixed order; empty where the score says it all.
    fn standing(&self, seat: Seat) -> Vec<(&'static str, i32)> {
        let _ = seat;
        Vec::new()
    }

    /// Decides who takes the first turn among `players` named players, as the game's
    /// custom says; the default is a lot, each player equally likely.
    fn first_turn(players: usize, throws: &mut dyn Throws) -> FirstTurn {
        let winner = throws.lot(players);
        FirstTurn {
            winner,
            events: vec![Event::Lot {
                winner: Seat(winner as u8),
            }],
        }
    }
}

/// Samples a chance outcome of `pos` by its exact probabilities, with one draw from `rng`
/// (`buf` is scratch space for the outcomes).
pub fn sample_chance<G: Rules, R: Rng + ?Sized>(
    pos: &G,
    rng: &mut R,
    buf: &mut Vec<(G::Move, Chance)>,
) -> G::Move {
    buf.clear();
    pos.chance_outcomes(buf);
    let den = buf.first().map_or(1, |(_, c)| c.den);
    debug_assert!(
        buf.iter().all(|(_, c)| c.den == den),
        "chance outcomes share one denominator"
    );
    let mut roll = rand::RngExt::random_range(rng, 0..den);
    for &(mv, c) in buf.iter() {
        if roll < c.num {
            return mv;
        }
        roll -= c.num;
    }
    buf.last().expect("a chance node has outcomes").0
}

impl StartError {
    /// Refuses a table of `players` that `G` cannot seat.
    ///
    /// # Errors
    /// When `G` is not for that many.
    pub fn check_players<G: Rules>(players: usize) -> Result<(), StartError> {
        if G::FACTS.seats(players) {
            Ok(())
        } else {
            Err(StartError::Players {
                game: G::KIND,
                players,
            })
        }
    }
}
