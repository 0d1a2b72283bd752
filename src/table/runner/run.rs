//! The one game loop, and a seat's turn in it.

use super::hands::{CheatOffer, Decision, Hands, NoCheat, Npcs};
use super::settings::{STEP_GUARD, TableError};
use crate::ai::{Player, TableRng};
use crate::games::{End, Event, EventSink, Game, Outcome, Seat, Seats, Turn};
use crate::table::cheat::{Watch, Weighed};
use crate::table::log::{AsideAt, Who};

/// What [`run_game`] tells of each step: who moved (`None` for chance), the move or
/// outcome, the events it caused, and the position after it.
pub type StepFn<'a, G, E> = dyn FnMut(Option<Seat>, <G as crate::games::Rules>::Move, E, &G) + 'a;

/// What [`run_with`] tells of each step.
pub enum Told<'p, G: Game, E> {
    /// A move or chance outcome was played: by whom (`None` for chance), what, with the
    /// events it caused and the position after it.
    Step(Option<Seat>, G::Move, E, &'p G),
    /// The last `n` steps were taken back.
    Back(usize),
    /// The seat resigned the game (its last word).
    Resigned(Seat),
    /// Something happened at the table around the moves.
    Aside(AsideAt),
}

/// The events a sink kept, for the hands to read: none for the sink that keeps none.
pub trait Kept: EventSink + Default {
    /// The events, in order.
    fn kept(&self) -> &[Event];
}

impl Kept for () {
    #[inline(always)]
    fn kept(&self) -> &[Event] {
        &[]
    }
}

impl Kept for Vec<Event> {
    fn kept(&self) -> &[Event] {
        self
    }
}

/// Plays one game from `pos` to its end: chance outcomes drawn with `rng` by their exact
/// odds, each seat's moves chosen by `players[who[seat]]`. `step` is told every move or
/// outcome with the events it caused (into a sink of the caller's choosing: `()` when it
/// only wants the moves) and the position after it. Ladders and the bookie's simulations
/// play through here, and it through [`run_with`], the one game loop.
///
/// # Errors
/// When the game runs past a million steps (a fault of an engine, never a loop).
pub fn run_game<G: Game, E: Kept>(
    pos: &mut G,
    players: &mut [Box<dyn Player<G>>],
    who: &[Who],
    rng: &mut TableRng,
    number: u32,
    step: &mut StepFn<'_, G, E>,
) -> Result<Outcome, TableError> {
    let mut hands = Npcs {
        players,
        who: Vec::new(),
    };
    hands.new_game(who);
    run_with(pos, &mut hands, rng, number, None, &mut |told: Told<
        '_,
        G,
        E,
    >| {
        if let Told::Step(seat, mv, events, now) = told {
            step(seat, mv, events, now);
        }
    })
}

/// The one game loop: plays a game from `pos` to its end (or a resignation), asking
/// `hands` for every decision and chance outcome, telling `step` (and the hands) every
/// step. When the hands allow takebacks it keeps the positions the seats moved from.
///
/// # Errors
/// When the game runs past a million steps (a fault of an engine, never a loop).
pub fn run_with<G: Game, E: Kept, H: Hands<G> + ?Sized>(
    pos: &mut G,
    hands: &mut H,
    rng: &mut TableRng,
    number: u32,
    watch: Option<&mut Watch<'_>>,
    step: &mut dyn FnMut(Told<'_, G, E>),
) -> Result<Outcome, TableError> {
    let mut chance_buf = Vec::new();
    let mut run = Run {
        pos,
        hands,
        watch,
        step,
        history: Vec::new(),
        played: 0,
        table: TableState::default(),
    };
    for _ in 0..STEP_GUARD {
        let (seat, mv) = match run.pos.turn() {
            Turn::Over => {
                return run
                    .pos
                    .outcome()
                    .ok_or(TableError::Runaway { game: number });
            }
            Turn::Chance => (None, run.hands.throw(run.pos, rng, &mut chance_buf)),
            Turn::Seat(s) => match run.seat_turn(s, rng) {
                Turned::Move(mv) => (Some(s), mv),
                Turned::Again => continue,
                Turned::Ended(outcome) => return Ok(outcome),
            },
        };
        run.play(seat, mv);
    }
    Err(TableError::Runaway { game: number })
}

/// What a seat's turn came to.
pub(super) enum Turned<M> {
    /// A move to play.
    Move(M),
    /// Nothing played (a takeback, a cheat tried, an accusation, a command refused): the
    /// loop asks again, the position perhaps changed.
    Again,
    /// The game is over (resigned, or forfeit for a cheat or a false accusation).
    Ended(Outcome),
}

/// One game's run of the loop: the position, who decides and who is told, and what the
/// table keeps around the moves.
pub(super) struct Run<'r, 'w, G: Game, E, H: ?Sized> {
    /// The position played on.
    pub(super) pos: &'r mut G,
    /// Who decides.
    pub(super) hands: &'r mut H,
    /// The table's watch over cheats (none where nobody cheats: ladders, the bookie).
    pub(super) watch: Option<&'r mut Watch<'w>>,
    /// Told every step and everything around the moves.
    pub(super) step: &'r mut dyn FnMut(Told<'_, G, E>),
    /// With takebacks: the position a seat moved from, the steps played before it, the
    /// seat.
    pub(super) history: Vec<(G, usize, Seat)>,
    /// The steps played so far (less those taken back).
    pub(super) played: usize,
    /// Cheats, penalties and accusations.
    pub(super) table: TableState,
}

impl<G: Game, E: Kept, H: Hands<G> + ?Sized> Run<'_, '_, G, E, H> {
    /// Plays `mv` (by `seat`, `None` for chance) and tells it; then Òicustiỳtac's rule
    /// 2: the caught cheat's opponent brings a stone down before their own turn.
    pub(super) fn play(&mut self, seat: Option<Seat>, mv: G::Move) {
        let mut events = E::default();
        self.pos.play_unchecked(mv, &mut events);
        self.played += 1;
        self.hands.told(seat, mv, events.kept(), self.pos);
        (self.step)(Told::Step(seat, mv, events, self.pos));
        if let Some(mover) = seat
            && self.watch.is_some()
            && self.table.penalty == Some(mover)
            && self.pos.outcome().is_none()
        {
            self.table.penalty = None;
            self.bring_down(mover);
        }
    }

    /// Tells the hands and the step of something at the table around the moves.
    pub(super) fn note(&mut self, aside: AsideAt) {
        self.hands.noted(&aside.aside, self.pos);
        (self.step)(Told::Aside(aside));
    }

    /// Seat `s`'s turn: a cheat of its own temptation first (a character of less than
    /// perfect honesty, once a turn, as anyone), then what its hands decide.
    pub(super) fn seat_turn(&mut self, s: Seat, rng: &mut TableRng) -> Turned<G::Move> {
        if let Some(cheat) = self.tempted(s) {
            return match self.attempt(s, cheat) {
                Some(end) => Turned::Ended(end),
                // The position may be another's turn now, or over.
                None => Turned::Again,
            };
        }
        match self.hands.decide(self.pos, s, rng) {
            Decision::Play(mv) => {
                if self.hands.may_undo() {
                    self.history.push((self.pos.clone(), self.played, s));
                }
                Turned::Move(mv)
            }
            Decision::Resign => {
                let outcome = conceded(self.pos, s, End::Resigned);
                self.hands.resigned(s, &outcome, self.pos);
                (self.step)(Told::Resigned(s));
                Turned::Ended(outcome)
            }
            Decision::Undo => {
                self.undo(s);
                Turned::Again
            }
            Decision::Cheat => self.asked_cheat(s).map_or(Turned::Again, Turned::Ended),
            Decision::Accuse(against) => {
                self.accuse(s, against).map_or(Turned::Again, Turned::Ended)
            }
            Decision::Insight(of) => {
                self.insight(s, of);
                Turned::Again
            }
        }
    }

    /// The cheat seat `s` is tempted to by its own nature, if the table watches and it
    /// has tried none this turn.
    pub(super) fn tempted(&mut self, s: Seat) -> Option<Weighed<G>> {
        let w = self.watch.as_deref_mut()?;
        if !self.hands.cheats_unasked(s) || self.table.tried == Some((s, self.played)) {
            return None;
        }
        w.tempted(self.pos, s)
    }

    /// Takes back seat `s`'s last move that was a choice (and every step after it).
    pub(super) fn undo(&mut self, s: Seat) {
        let back = self
            .history
            .iter()
            .rposition(|(from, _, by)| *by == s && has_choice(from));
        let steps = match back {
            Some(i) => {
                let (from, before, _) = self.history.swap_remove(i);
                self.history.truncate(i);
                *self.pos = from;
                let steps = self.played - before;
                self.played = before;
                (self.step)(Told::Back(steps));
                steps
            }
            None => 0,
        };
        self.hands.taken_back(s, steps, self.pos);
    }

    /// A cheat seat `s` asked to try (a person at `sit`): the best there is, once a turn;
    /// the game's end when the tavern makes it forfeit.
    pub(super) fn asked_cheat(&mut self, s: Seat) -> Option<Outcome> {
        let Some(w) = self.watch.as_deref() else {
            self.hands.no_cheat(s, NoCheat::NothingToTry, self.pos);
            return None;
        };
        if self.table.tried == Some((s, self.played)) {
            self.hands.no_cheat(s, NoCheat::OnceATurn, self.pos);
            return None;
        }
        let mut weighed = w.offers(self.pos, s, MOST_OFFERED);
        if weighed.is_empty() {
            self.hands.no_cheat(s, NoCheat::NothingToTry, self.pos);
            return None;
        }
        let offers: Vec<CheatOffer> = weighed
            .iter()
            .map(|c| CheatOffer {
                kind: c.cheat.kind,
                at: c.cheat.at.clone(),
                risk: c.risk,
                gain: c.gain,
            })
            .collect();
        let i = self.hands.pick_cheat(s, &offers, self.pos)?;
        if i >= weighed.len() {
            return None;
        }
        let cheat = weighed.swap_remove(i);
        self.attempt(s, cheat)
    }
}

/// The most cheats offered to a person who asks to cheat (the most worth first).
pub(super) const MOST_OFFERED: usize = 9;

/// Whether the seat to move in `pos` has more than one move to choose from.
pub(super) fn has_choice<G: Game>(pos: &G) -> bool {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.len() > 1
}

/// What the table remembers within a game: each seat's last cheat that stood unseen (for
/// an accusation), a rule-2 penalty owed, and who last tried a cheat, and when.
#[derive(Default)]
pub(super) struct TableState {
    /// Seats whose last cheat stood unseen and was not yet exposed.
    pub(super) unexposed: Vec<Seat>,
    /// The seat that owes Òicustiỳtac's rule-2 penalty after its turn.
    pub(super) penalty: Option<Seat>,
    /// The seat that last tried a cheat, and the steps played by then: one a turn.
    pub(super) tried: Option<(Seat, usize)>,
}

/// How a game ends when `seat` resigns or forfeits (`end`): the others win, or those of
/// them standing best by the game's score (Piç's counters at a table of three or more).
pub(super) fn conceded<G: Game>(pos: &G, seat: Seat, end: End) -> Outcome {
    let others = (0..pos.players())
        .map(|i| Seat(i as u8))
        .filter(|&s| s != seat);
    let best = others.clone().map(|s| pos.score(s)).max().unwrap_or(0);
    let winners = others
        .filter(|&s| pos.score(s) == best)
        .fold(Seats::NONE, Seats::with);
    Outcome { winners, end }
}
