//! Who decides at a table, and what a person who asks to cheat is offered.

use crate::ai::{Player, TableRng, sample_chance};
use crate::games::{Chance, Event, FirstTurn, Game, Outcome, Seat};
use crate::table::checks::Check;
use crate::table::log::{Aside, CheatKind, Who};

/// What a seat does on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision<M> {
    /// Plays this legal move.
    Play(M),
    /// Resigns the game: it ends at once, and the others' standing decides among them.
    Resign,
    /// Takes back the seat's own last move that it chose (and everything played since),
    /// when the table allows it: a forced move (the only one it had) is no choice to take
    /// back, and would only be played again. Nothing happens when the seat has chosen no
    /// move this game.
    Undo,
    /// Tries the cheat that serves best here (a person at `sit`); then decides again.
    Cheat,
    /// Accuses the seat of cheating (a person at `sit`); then decides again.
    Accuse(Seat),
    /// An Insight check against the seat (a person at `sit`, once a match); then decides
    /// again.
    Insight(Seat),
}

/// Who decides at a table: each seat's move, the chance of the table (the sticks, the
/// bag), and the first-turn ceremony. The characters' players are one kind of hands
/// ([`Npcs`]); people at the table (`taproom sit`) are another. The game loop asks the
/// hands and tells them what happened; it keeps the rules.
pub trait Hands<G: Game> {
    /// A game begins, with entrant `who[seat]` at each seat.
    fn new_game(&mut self, who: &[Who]);

    /// What the seat to move in `pos` does (`pos` is neither over nor a chance node).
    fn decide(&mut self, pos: &G, seat: Seat, rng: &mut TableRng) -> Decision<G::Move>;

    /// The chance outcome of `pos` (a chance node): by default drawn from `rng` by its
    /// exact odds.
    fn throw(&mut self, pos: &G, rng: &mut TableRng, buf: &mut Vec<(G::Move, Chance)>) -> G::Move {
        sample_chance(pos, rng, buf)
    }

    /// The first-turn ceremony among `players` named players: by default thrown with
    /// `rng`.
    fn ceremony(&mut self, players: usize, rng: &mut TableRng) -> FirstTurn {
        G::first_turn(players, rng)
    }

    /// Told each step after it is played: who moved (`None` for chance), the move, what
    /// it caused (empty where the loop does not record events), the position after it.
    fn told(&mut self, _seat: Option<Seat>, _mv: G::Move, _events: &[Event], _pos: &G) {}

    /// Told that `seat` took back `steps` steps (0: it had nothing to take back), and
    /// the position play resumes from.
    fn taken_back(&mut self, _seat: Seat, _steps: usize, _pos: &G) {}

    /// Told that `seat` resigned the game, and how it came out.
    fn resigned(&mut self, _seat: Seat, _outcome: &Outcome, _pos: &G) {}

    /// Whether a seat may take moves back: the loop then keeps every position of the
    /// game (the characters never do, and their games keep none).
    fn may_undo(&self) -> bool {
        false
    }

    /// Whether the seat's own temptation decides its cheats (a character); a person
    /// cheats only when they say so.
    fn cheats_unasked(&self, _seat: Seat) -> bool {
        true
    }

    /// Told of a cheat, a rule-2 penalty or an accusation, and the position after it.
    fn noted(&mut self, _aside: &Aside, _pos: &G) {}

    /// The d20 of a `check` that `seat` makes with `modifier` added: by default rolled
    /// from `rng` (the match's cheat stream); a person may roll their own (`sit --dice
    /// table`).
    fn d20(&mut self, _seat: Seat, _check: Check, _modifier: i8, rng: &mut TableRng) -> u8 {
        rand::RngExt::random_range(rng, 1..=20u8)
    }

    /// Told that the seat asked to cheat and tried nothing, and why.
    fn no_cheat(&mut self, _seat: Seat, _why: NoCheat, _pos: &G) {}

    /// Which of the cheats on offer (`offers`, the most worth first) the seat that asked
    /// to cheat tries: its index, or `None` to think better of it. By default the first.
    fn pick_cheat(&mut self, _seat: Seat, _offers: &[CheatOffer], _pos: &G) -> Option<usize> {
        Some(0)
    }
}

/// The characters' hands: one player per entrant, each choosing its seat's moves.
pub struct Npcs<'a, G: Game> {
    /// One player per entrant.
    pub players: &'a mut [Box<dyn Player<G>>],
    /// The entrant at each seat of the game being played.
    pub who: Vec<Who>,
}

impl<G: Game> Hands<G> for Npcs<'_, G> {
    fn new_game(&mut self, who: &[Who]) {
        self.who.clear();
        self.who.extend_from_slice(who);
        for player in self.players.iter_mut() {
            player.new_game();
            player.seated(&who.iter().map(|w| w.index()).collect::<Vec<_>>());
        }
    }

    fn cheats_unasked(&self, seat: Seat) -> bool {
        self.players[self.who[seat.index()].index()].cheats()
    }

    #[inline]
    fn decide(&mut self, pos: &G, seat: Seat, rng: &mut TableRng) -> Decision<G::Move> {
        Decision::Play(self.players[self.who[seat.index()].index()].choose(pos, rng))
    }
}

/// A cheat a person may try, as offered to them: what and where, the chance that
/// somebody sees it, and how much better the game would look to them after it (a share
/// of the game, from −1 to 1).
#[derive(Clone, Debug, PartialEq)]
pub struct CheatOffer {
    /// What it is.
    pub kind: CheatKind,
    /// Where: the game's own place for it, written as the table says it ("c3 to c4",
    /// "heap 3").
    pub at: crate::games::Played,
    /// The chance that somebody at the table sees it.
    pub risk: f64,
    /// How much better the game looks after it, unseen.
    pub gain: f32,
}

/// Why a seat that asked to cheat tried nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoCheat {
    /// There was nothing to try here.
    NothingToTry,
    /// The seat has tried one already this turn.
    OnceATurn,
}
