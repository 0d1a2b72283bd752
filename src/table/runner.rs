//! Running a match: the ceremony, the games, the seats, the players, one seeded generator.

use super::Format;
use super::cheat::{Manners, Marks, OnCheat, OnFalseAccusation, TableRules, Wary, Watch, Weighed};
use super::checks::{Check, Figures};
use super::log::{Aside, AsideAt, CheatKind, CheatResult, Entrant, GameLog, MatchLog, Step};
use crate::ai::{Effort, Player, TableRng, sample_chance, table_rng};
use crate::games::{Chance, End, Event, EventSink, FirstTurn, Game, Outcome, Seat, Seats, Turn};

/// No game may run longer than this many steps; every game's own cap ends it far sooner,
/// so reaching it means an engine fault, reported rather than looped on.
const STEP_GUARD: usize = 1_000_000;

/// What a match is played under.
#[derive(Clone, Debug)]
pub struct MatchSettings<G: Game> {
    /// How long the match lasts.
    pub format: Format,
    /// How many drawn games are replayed before the match stops where it stands.
    pub draw_cap: u32,
    /// The rule options.
    pub options: G::Options,
    /// The seed of the table's generator.
    pub seed: u64,
    /// How hard the players think: in earnest, or as the bookie imagines them.
    pub effort: Effort,
    /// The tavern's rules for cheats and accusations.
    pub table: TableRules,
    /// Who has seen whom cheat earlier in the evening (by name): they watch those hands
    /// the more closely.
    pub wary: Wary,
}

impl<G: Game> MatchSettings<G> {
    /// One game (a best of 1, no drawn game replayed) under the game's own rules and
    /// customs, played in earnest from `seed`, with nobody wary of anyone: the table that
    /// tests and measuring programs play.
    #[must_use]
    pub fn single_game(seed: u64) -> MatchSettings<G> {
        MatchSettings {
            format: Format::BestOf(1),
            draw_cap: 0,
            options: G::Options::default(),
            seed,
            effort: Effort::Full,
            table: TableRules::default(),
            wary: Wary::default(),
        }
    }
}

/// A match that could not be run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The game cannot be started with this table or these rules.
    #[error(transparent)]
    Start(#[from] crate::games::StartError),
    /// An engine ran past every cap: a bug, reported instead of looping.
    #[error("game {game} ran past {STEP_GUARD} steps without ending; this is a bug in taproom")]
    Runaway {
        /// Which game of the match.
        game: u32,
    },
}

/// Plays a whole match between `entrants` (two to five) and returns its log.
///
/// # Errors
/// When the game cannot seat that many, or an engine never ends a game.
pub fn play_match<G: Game>(
    entrants: &[Entrant],
    settings: &MatchSettings<G>,
) -> Result<MatchLog, TableError> {
    let mut players: Vec<Box<dyn Player<G>>> = entrants
        .iter()
        .map(|e| super::intent::player_for_entrant::<G>(e, settings.effort))
        .collect();
    let mut hands = Npcs {
        players: &mut players,
        who: Vec::new(),
    };
    play_match_with(entrants, settings, &mut hands)
}

/// [`play_match`] with the seats' decisions (and the table's chance) in `hands`: the
/// characters' players, or people at the table (`taproom sit`).
///
/// # Errors
/// As [`play_match`].
pub fn play_match_with<G: Game, H: Hands<G> + ?Sized>(
    entrants: &[Entrant],
    settings: &MatchSettings<G>,
    hands: &mut H,
) -> Result<MatchLog, TableError> {
    let n = entrants.len();
    G::start(n, &settings.options)?;
    let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
    let honesty: Vec<u8> = entrants.iter().map(|e| e.honesty).collect();
    let mut sitting = Sitting {
        entrants,
        settings,
        hands,
        rng: table_rng(settings.seed),
        marks: Marks::new(&names, &honesty, &settings.wary, settings.seed),
    };
    let mut flow =
        super::format::Flow::new(n, settings.format, settings.draw_cap, G::FACTS.seating);
    let mut games = Vec::new();
    loop {
        let number = games.len() as u32 + 1;
        let mut ceremony = Vec::new();
        let winner = if flow.needs_ceremony() {
            let first = sitting.hands.ceremony(n, &mut sitting.rng);
            ceremony = first.events;
            Some(first.winner)
        } else {
            None
        };
        let seats = flow.seat(winner).to_vec();
        let log = sitting.play_game(number, &seats, ceremony)?;
        let over = flow.record(if log.outcome.is_draw() {
            &[]
        } else {
            &log.winners
        });
        games.push(log);
        if over {
            break;
        }
    }
    Ok(MatchLog {
        game: G::KIND,
        seed: settings.seed,
        format: settings.format,
        entrants: entrants.to_vec(),
        games,
        wins: flow.wins().to_vec(),
        winners: flow.winners(),
    })
}

/// What [`run_game`] tells of each step: who moved (`None` for chance), the move or
/// outcome, the events it caused, and the position after it.
pub type StepFn<'a, G, E> = dyn FnMut(Option<Seat>, <G as crate::games::Rules>::Move, E, &G) + 'a;

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
    fn new_game(&mut self, who: &[usize]);

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
    pub who: Vec<usize>,
}

impl<G: Game> Hands<G> for Npcs<'_, G> {
    fn new_game(&mut self, who: &[usize]) {
        self.who.clear();
        self.who.extend_from_slice(who);
        for player in self.players.iter_mut() {
            player.new_game();
            player.seated(who);
        }
    }

    fn cheats_unasked(&self, seat: Seat) -> bool {
        self.players[self.who[seat.index()]].cheats()
    }

    #[inline]
    fn decide(&mut self, pos: &G, seat: Seat, rng: &mut TableRng) -> Decision<G::Move> {
        Decision::Play(self.players[self.who[seat.index()]].choose(pos, rng))
    }
}

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
    who: &[usize],
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
enum Turned<M> {
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
struct Run<'r, 'w, G: Game, E, H: ?Sized> {
    /// The position played on.
    pos: &'r mut G,
    /// Who decides.
    hands: &'r mut H,
    /// The table's watch over cheats (none where nobody cheats: ladders, the bookie).
    watch: Option<&'r mut Watch<'w>>,
    /// Told every step and everything around the moves.
    step: &'r mut dyn FnMut(Told<'_, G, E>),
    /// With takebacks: the position a seat moved from, the steps played before it, the
    /// seat.
    history: Vec<(G, usize, Seat)>,
    /// The steps played so far (less those taken back).
    played: usize,
    /// Cheats, penalties and accusations.
    table: TableState,
}

impl<G: Game, E: Kept, H: Hands<G> + ?Sized> Run<'_, '_, G, E, H> {
    /// Plays `mv` (by `seat`, `None` for chance) and tells it; then Òicustiỳtac's rule
    /// 2: the caught cheat's opponent brings a stone down before their own turn.
    fn play(&mut self, seat: Option<Seat>, mv: G::Move) {
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
    fn note(&mut self, aside: AsideAt) {
        self.hands.noted(&aside.aside, self.pos);
        (self.step)(Told::Aside(aside));
    }

    /// Seat `s`'s turn: a cheat of its own temptation first (a character of less than
    /// perfect honesty, once a turn, as anyone), then what its hands decide.
    fn seat_turn(&mut self, s: Seat, rng: &mut TableRng) -> Turned<G::Move> {
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
    fn tempted(&mut self, s: Seat) -> Option<Weighed<G>> {
        let w = self.watch.as_deref_mut()?;
        if !self.hands.cheats_unasked(s) || self.table.tried == Some((s, self.played)) {
            return None;
        }
        w.tempted(self.pos, s)
    }

    /// Takes back seat `s`'s last move that was a choice (and every step after it).
    fn undo(&mut self, s: Seat) {
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
    fn asked_cheat(&mut self, s: Seat) -> Option<Outcome> {
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
const MOST_OFFERED: usize = 9;

/// A cheat a person may try, as offered to them: what and where, the chance that
/// somebody sees it, and how much better the game would look to them after it (a share
/// of the game, from −1 to 1).
#[derive(Clone, Debug, PartialEq)]
pub struct CheatOffer {
    /// What it is.
    pub kind: CheatKind,
    /// Where, in words ("c3 to c4", "heap 3").
    pub at: String,
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

/// Whether the seat to move in `pos` has more than one move to choose from.
fn has_choice<G: Game>(pos: &G) -> bool {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.len() > 1
}

/// What the table remembers within a game: each seat's last cheat that stood unseen (for
/// an accusation), a rule-2 penalty owed, and who last tried a cheat, and when.
#[derive(Default)]
struct TableState {
    /// Seats whose last cheat stood unseen and was not yet exposed.
    unexposed: Vec<Seat>,
    /// The seat that owes Òicustiỳtac's rule-2 penalty after its turn.
    penalty: Option<Seat>,
    /// The seat that last tried a cheat, and the steps played by then: one a turn.
    tried: Option<(Seat, usize)>,
}

/// What comes of a cheat: it stands unseen (`seen` is empty), else rule 2 where the game
/// keeps it, else the table's rule; a lost turn only where one can be lost (`can_lose`).
fn judged<G: Game>(w: &Watch<'_>, seen: &[Seat], can_lose: bool) -> CheatResult {
    if seen.is_empty() {
        CheatResult::Stood
    } else if G::FACTS.rule_two {
        CheatResult::RuleTwo
    } else {
        match w.rules.on_cheat_at::<G>() {
            OnCheat::LoseTurn if can_lose => CheatResult::TurnLost,
            OnCheat::LoseTurn | OnCheat::TakeBack => CheatResult::TakenBack,
            OnCheat::ForfeitGame => CheatResult::GameForfeit,
            OnCheat::ForfeitStakes => CheatResult::StakesForfeit,
        }
    }
}

/// The table around the moves: cheats, Insight checks, accusations and rule-2
/// penalties. Each is done only where the table watches (never at ladders or the
/// bookie's imagined matches).
impl<G: Game, E: Kept, H: Hands<G> + ?Sized> Run<'_, '_, G, E, H> {
    /// Tries `weighed` for `seat`: who sees it, and what comes of it; the game's end when
    /// the tavern makes it forfeit.
    fn attempt(&mut self, seat: Seat, weighed: Weighed<G>) -> Option<Outcome> {
        let w = self.watch.as_deref_mut()?;
        self.table.tried = Some((seat, self.played));
        let cheat = weighed.cheat;
        let earlier = w.marks.tries[w.who[seat.index()]];
        let (seen, roll) = if w.d20 {
            let soh = w.manners[seat.index()].figures.sleight_of_hand;
            let d20 = self.hands.d20(seat, Check::SleightOfHand, soh, w.rng());
            let (seen, roll) = w.rolled(seat, d20);
            (seen, Some(roll))
        } else {
            (w.watchers(seat, cheat.boldness, weighed.gain), None)
        };
        // A lost turn that would hand the cheat the game (the other side left without a
        // move) is only a take-back.
        let lost = self
            .pos
            .lose_turn()
            .filter(|after| !after.outcome().is_some_and(|o| o.winners.contains(seat)));
        let result = judged::<G>(w, &seen, lost.is_some());
        let mut position = None;
        match result {
            CheatResult::Stood => {
                *self.pos = cheat.after;
                position = Some(format!("{:#}", self.pos));
                if !self.table.unexposed.contains(&seat) {
                    self.table.unexposed.push(seat);
                }
            }
            CheatResult::TurnLost => {
                if let Some(after) = lost {
                    *self.pos = after;
                    position = Some(format!("{:#}", self.pos));
                }
            }
            CheatResult::RuleTwo => self.table.penalty = Some(seat),
            CheatResult::TakenBack | CheatResult::GameForfeit | CheatResult::StakesForfeit => {}
        }
        let aside = Aside::Cheat {
            by: w.who[seat.index()],
            kind: cheat.kind,
            at: Some(cheat.at),
            seen_by: seen.iter().map(|s| w.who[s.index()]).collect(),
            result,
            risk: weighed.risk,
            worth: weighed.worth,
            earlier,
            roll,
        };
        self.note(AsideAt {
            before: self.played,
            aside,
            position,
        });
        (result == CheatResult::GameForfeit).then(|| conceded(self.pos, seat, End::Forfeit))
    }

    /// `by`'s Insight check against `of`: a d20 from the checks' own stream (or typed),
    /// recorded with what it read.
    fn insight(&mut self, by: Seat, of: Seat) {
        let Some(w) = self.watch.as_deref_mut() else {
            return;
        };
        let (reader, read) = (w.who[by.index()], w.who[of.index()]);
        let modifier = w.manners[by.index()].figures.insight;
        let d20 = self
            .hands
            .d20(by, Check::Insight, modifier, w.marks.checks_rng());
        let roll = super::checks::insight_check(&w.entrants[reader], &w.entrants[read], d20);
        self.note(AsideAt {
            before: self.played,
            aside: Aside::Insight {
                by: reader,
                of: read,
                roll,
            },
            position: None,
        });
    }

    /// `by` accuses `against`: right when `against`'s last cheat stood unseen. A right
    /// accusation exposes it (it counts as caught, and `by` watches `against` the closer
    /// for it; a forfeit rule takes the game, rule 2 a stone; a cheat that stood cannot
    /// be taken back so late); a wrong one may cost the accuser the game.
    fn accuse(&mut self, by: Seat, against: Seat) -> Option<Outcome> {
        let w = self.watch.as_deref_mut()?;
        let right = self.table.unexposed.contains(&against);
        self.table.unexposed.retain(|&s| s != against);
        if right {
            w.marks.seen[w.who[by.index()]][w.who[against.index()]] += 1.0;
        }
        let aside = Aside::Accused {
            by: w.who[by.index()],
            against: w.who[against.index()],
            right,
        };
        let rules = w.rules;
        self.note(AsideAt {
            before: self.played,
            aside,
            position: None,
        });
        if right {
            if G::FACTS.rule_two {
                self.bring_down_by(by, against);
                return self.pos.outcome();
            }
            if rules.on_cheat_at::<G>() == OnCheat::ForfeitGame {
                return Some(conceded(self.pos, against, End::Forfeit));
            }
            None
        } else if rules.on_false_accusation == OnFalseAccusation::ForfeitGame {
            Some(conceded(self.pos, by, End::Forfeit))
        } else {
            None
        }
    }

    /// Rule 2 after `victim`'s turn: the next seat brings down a stone of `victim`'s.
    fn bring_down(&mut self, victim: Seat) {
        let by = victim.next(self.pos.players());
        self.bring_down_by(by, victim);
    }

    /// `by` brings down the stone of `victim`'s that serves `by` best (their search's
    /// choice, by the game's heuristic).
    fn bring_down_by(&mut self, by: Seat, victim: Seat) {
        let Some(w) = self.watch.as_deref() else {
            return;
        };
        let (by_who, victim_who) = (w.who[by.index()], w.who[victim.index()]);
        let mut options = Vec::new();
        self.pos.penalties(by, victim, &mut options);
        let best = options.into_iter().max_by(|a, b| {
            let value = |p: &G| {
                p.outcome()
                    .map_or_else(|| p.heuristic(by), |o| o.reward(by, p.players()) as f32)
            };
            value(&a.0).total_cmp(&value(&b.0))
        });
        let Some((after, at)) = best else {
            return;
        };
        *self.pos = after;
        self.note(AsideAt {
            before: self.played,
            aside: Aside::Penalty {
                by: by_who,
                victim: victim_who,
                at,
            },
            position: Some(format!("{:#}", self.pos)),
        });
    }
}

/// How a game ends when `seat` resigns or forfeits (`end`): the others win, or those of
/// them standing best by the game's score (Piç's counters at a table of three or more).
fn conceded<G: Game>(pos: &G, seat: Seat, end: End) -> Outcome {
    let others = (0..pos.players())
        .map(|i| Seat(i as u8))
        .filter(|&s| s != seat);
    let best = others.clone().map(|s| pos.score(s)).max().unwrap_or(0);
    let winners = others
        .filter(|&s| pos.score(s) == best)
        .fold(Seats::NONE, Seats::with);
    Outcome { winners, end }
}

/// What a match carries from game to game: who plays, under what, who decides, the
/// table's generator, and what the table remembers of cheats.
struct Sitting<'m, G: Game, H: ?Sized> {
    /// Everyone at the match.
    entrants: &'m [Entrant],
    /// What the match is played under.
    settings: &'m MatchSettings<G>,
    /// Who decides.
    hands: &'m mut H,
    /// The table's generator.
    rng: TableRng,
    /// The match's memory of cheats.
    marks: Marks,
}

impl<G: Game, H: Hands<G> + ?Sized> Sitting<'_, G, H> {
    /// Plays one game of the match with the seats given, recording every step.
    fn play_game(
        &mut self,
        number: u32,
        seats: &[usize],
        ceremony: Vec<Event>,
    ) -> Result<GameLog, TableError> {
        let mut pos = G::start(seats.len(), &self.settings.options)?;
        let mut record = Record::new(&pos, number, seats, ceremony);
        self.marks.new_game();
        let mut watch = Watch {
            manners: seats
                .iter()
                .map(|&e| Manners {
                    honesty: self.entrants[e].honesty,
                    eye: self.entrants[e].eye,
                    level: self.entrants[e].skill.rough_level(),
                    figures: Figures::of(&self.entrants[e]),
                })
                .collect(),
            who: seats.to_vec(),
            rules: self.settings.table,
            marks: &mut self.marks,
            d20: super::checks::by_the_d20(self.entrants),
            entrants: self.entrants,
        };
        self.hands.new_game(seats);
        let outcome = run_with(
            &mut pos,
            self.hands,
            &mut self.rng,
            number,
            Some(&mut watch),
            &mut |told: Told<'_, G, Vec<Event>>| record.told(told),
        )?;
        Ok(record.finish(&pos, outcome))
    }
}

/// A game's record as it is played, made a [`GameLog`] at its end.
struct Record {
    /// Which game of the match.
    number: u32,
    /// The entrant at each seat.
    seats: Vec<usize>,
    /// Every seat.
    all: Vec<Seat>,
    /// The first-turn ceremony's events.
    ceremony: Vec<Event>,
    /// The position at the start.
    start: String,
    /// The seats' scores at the start.
    start_scores: Vec<i32>,
    /// The steps played (less those taken back).
    steps: Vec<Step>,
    /// The entrant who resigned.
    resigned: Option<usize>,
    /// What happened at the table around the moves.
    asides: Vec<AsideAt>,
}

impl Record {
    /// The record of game `number` starting from `pos`.
    fn new<G: Game>(pos: &G, number: u32, seats: &[usize], ceremony: Vec<Event>) -> Record {
        let all: Vec<Seat> = (0..seats.len()).map(|i| Seat(i as u8)).collect();
        Record {
            number,
            seats: seats.to_vec(),
            ceremony,
            start: format!("{pos:#}"),
            start_scores: all.iter().map(|&s| pos.score(s)).collect(),
            all,
            steps: Vec::new(),
            resigned: None,
            asides: Vec::new(),
        }
    }

    /// Records what the game loop tells.
    fn told<G: Game>(&mut self, told: Told<'_, G, Vec<Event>>) {
        match told {
            Told::Step(seat, mv, events, now) => self.steps.push(Step {
                seat,
                mv: mv.to_string(),
                events,
                scores: self.all.iter().map(|&s| now.score(s)).collect(),
            }),
            Told::Back(n) => {
                self.steps.truncate(self.steps.len().saturating_sub(n));
                self.asides.retain(|a| a.before <= self.steps.len());
            }
            Told::Resigned(s) => self.resigned = Some(self.seats[s.index()]),
            Told::Aside(a) => self.asides.push(a),
        }
    }

    /// The game's log, ended in `pos` with `outcome`.
    fn finish<G: Game>(self, pos: &G, outcome: Outcome) -> GameLog {
        let all = &self.all;
        GameLog {
            number: self.number,
            turns: pos
                .turns_played()
                .unwrap_or_else(|| self.steps.iter().filter(|s| s.seat.is_some()).count() as u32),
            winners: outcome
                .winners
                .iter()
                .map(|s| self.seats[s.index()])
                .collect(),
            seats: self.seats,
            ceremony: self.ceremony,
            start: self.start,
            start_scores: self.start_scores,
            steps: self.steps,
            outcome,
            scores: all.iter().map(|&s| pos.score(s)).collect(),
            standing: all
                .iter()
                .map(|&s| {
                    pos.standing(s)
                        .into_iter()
                        .map(|(k, v)| (k.to_owned(), v))
                        .collect()
                })
                .collect(),
            end: format!("{pos:#}"),
            resigned: self.resigned,
            asides: self.asides,
        }
    }
}
