//! Running a match: the ceremony, the games, the seats, the players, one seeded generator.

use super::Format;
use super::cheat::{Manners, Marks, OnCheat, OnFalseAccusation, Wary, Watch, Weighed};
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

/// The tavern's rules for what happens at the table around the games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableRules {
    /// What a cheat who is seen suffers, when the tavern keeps a rule of its own; else
    /// each game's custom ([`crate::games::Facts::on_cheat`]).
    pub on_cheat: Option<OnCheat>,
    /// What a wrong accusation costs.
    pub on_false_accusation: OnFalseAccusation,
}

impl TableRules {
    /// These rules, with what they leave unset taken from the tavern's (whose rule for a
    /// wrong accusation always holds).
    #[must_use]
    pub fn or(self, tavern: TableRules) -> TableRules {
        TableRules {
            on_cheat: self.on_cheat.or(tavern.on_cheat),
            on_false_accusation: tavern.on_false_accusation,
        }
    }

    /// What a cheat seen suffers at a game of `G`: the tavern's rule, else the game's
    /// custom.
    #[must_use]
    pub fn on_cheat_at<G: Game>(&self) -> OnCheat {
        self.on_cheat.unwrap_or(G::FACTS.on_cheat)
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
    let mut rng = table_rng(settings.seed);
    let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
    let honesty: Vec<u8> = entrants.iter().map(|e| e.honesty).collect();
    let mut marks = Marks::new(&names, &honesty, &settings.wary, settings.seed);
    let mut flow =
        super::format::Flow::new(n, settings.format, settings.draw_cap, G::FACTS.seating);
    let mut games = Vec::new();
    loop {
        let number = games.len() as u32 + 1;
        let mut ceremony = Vec::new();
        let winner = if flow.needs_ceremony() {
            let first = hands.ceremony(n, &mut rng);
            ceremony = first.events;
            Some(first.winner)
        } else {
            None
        };
        let seats = flow.seat(winner).to_vec();
        let log = play_game(
            entrants, number, &seats, ceremony, settings, hands, &mut rng, &mut marks,
        )?;
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
    mut watch: Option<&mut Watch<'_>>,
    step: &mut dyn FnMut(Told<'_, G, E>),
) -> Result<Outcome, TableError> {
    let mut chance_buf = Vec::new();
    let mut run = Run {
        history: Vec::new(),
        played: 0,
        table: TableState::default(),
    };
    for _ in 0..STEP_GUARD {
        let (seat, mv) = match pos.turn() {
            Turn::Over => return pos.outcome().ok_or(TableError::Runaway { game: number }),
            Turn::Chance => (None, hands.throw(pos, rng, &mut chance_buf)),
            Turn::Seat(s) => match run.seat_turn(pos, s, hands, rng, watch.as_deref_mut(), step) {
                Turned::Move(mv) => (Some(s), mv),
                Turned::Again => continue,
                Turned::Ended(outcome) => return Ok(outcome),
            },
        };
        let mut events = E::default();
        pos.play_unchecked(mv, &mut events);
        run.played += 1;
        hands.told(seat, mv, events.kept(), pos);
        step(Told::Step(seat, mv, events, pos));
        // Òicustiỳtac's rule 2: the caught cheat's opponent brings a stone down before
        // their own turn.
        if let (Some(w), Some(mover)) = (watch.as_deref_mut(), seat)
            && run.table.penalty == Some(mover)
            && pos.outcome().is_none()
        {
            run.table.penalty = None;
            run.table.bring_down(pos, mover, w, run.played, hands, step);
        }
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

/// One game's run of the loop: what the table keeps around the moves.
struct Run<G: Game> {
    /// With takebacks: the position a seat moved from, the steps played before it, the
    /// seat.
    history: Vec<(G, usize, Seat)>,
    /// The steps played so far (less those taken back).
    played: usize,
    /// Cheats, penalties and accusations.
    table: TableState,
}

impl<G: Game> Run<G> {
    /// Seat `s`'s turn: a cheat of its own temptation first (a character of less than
    /// perfect honesty, once a turn, as anyone), then what its hands decide.
    fn seat_turn<E: Kept, H: Hands<G> + ?Sized>(
        &mut self,
        pos: &mut G,
        s: Seat,
        hands: &mut H,
        rng: &mut TableRng,
        mut watch: Option<&mut Watch<'_>>,
        step: &mut dyn FnMut(Told<'_, G, E>),
    ) -> Turned<G::Move> {
        if let Some(w) = watch.as_deref_mut()
            && hands.cheats_unasked(s)
            && self.table.tried != Some((s, self.played))
            && let Some(cheat) = w.tempted(pos, s)
        {
            return match self
                .table
                .attempt(pos, s, cheat, w, self.played, hands, step)
            {
                Some(end) => Turned::Ended(end),
                // The position may be another's turn now, or over.
                None => Turned::Again,
            };
        }
        match hands.decide(pos, s, rng) {
            Decision::Play(mv) => {
                if hands.may_undo() {
                    self.history.push((pos.clone(), self.played, s));
                }
                Turned::Move(mv)
            }
            Decision::Resign => {
                let outcome = conceded(pos, s, End::Resigned);
                hands.resigned(s, &outcome, pos);
                step(Told::Resigned(s));
                Turned::Ended(outcome)
            }
            Decision::Undo => {
                self.undo(pos, s, hands, step);
                Turned::Again
            }
            Decision::Cheat => match self.asked_cheat(pos, s, watch, hands, step) {
                Some(end) => Turned::Ended(end),
                None => Turned::Again,
            },
            Decision::Accuse(against) => {
                let end = watch.and_then(|w| {
                    self.table
                        .accuse(pos, s, against, w, self.played, hands, step)
                });
                end.map_or(Turned::Again, Turned::Ended)
            }
        }
    }

    /// Takes back seat `s`'s last move that was a choice (and every step after it).
    fn undo<E: Kept, H: Hands<G> + ?Sized>(
        &mut self,
        pos: &mut G,
        s: Seat,
        hands: &mut H,
        step: &mut dyn FnMut(Told<'_, G, E>),
    ) {
        let back = self
            .history
            .iter()
            .rposition(|(from, _, by)| *by == s && has_choice(from));
        let steps = match back {
            Some(i) => {
                let (from, before, _) = self.history.swap_remove(i);
                self.history.truncate(i);
                *pos = from;
                let steps = self.played - before;
                self.played = before;
                step(Told::Back(steps));
                steps
            }
            None => 0,
        };
        hands.taken_back(s, steps, pos);
    }

    /// A cheat seat `s` asked to try (a person at `sit`): the best there is, once a turn;
    /// the game's end when the tavern makes it forfeit.
    fn asked_cheat<E: Kept, H: Hands<G> + ?Sized>(
        &mut self,
        pos: &mut G,
        s: Seat,
        watch: Option<&mut Watch<'_>>,
        hands: &mut H,
        step: &mut dyn FnMut(Told<'_, G, E>),
    ) -> Option<Outcome> {
        let Some(w) = watch else {
            hands.no_cheat(s, NoCheat::NothingToTry, pos);
            return None;
        };
        if self.table.tried == Some((s, self.played)) {
            hands.no_cheat(s, NoCheat::OnceATurn, pos);
            return None;
        }
        let mut weighed = w.offers(pos, s, MOST_OFFERED);
        if weighed.is_empty() {
            hands.no_cheat(s, NoCheat::NothingToTry, pos);
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
        let i = hands.pick_cheat(s, &offers, pos)?;
        if i >= weighed.len() {
            return None;
        }
        let cheat = weighed.swap_remove(i);
        self.table
            .attempt(pos, s, cheat, w, self.played, hands, step)
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

impl TableState {
    /// Tries `cheat` for `seat`: who sees it, and what comes of it; the game's end when
    /// the tavern makes it forfeit.
    #[allow(clippy::too_many_arguments)]
    fn attempt<G: Game, E: Kept, H: Hands<G> + ?Sized>(
        &mut self,
        pos: &mut G,
        seat: Seat,
        weighed: Weighed<G>,
        w: &mut Watch<'_>,
        played: usize,
        hands: &mut H,
        step: &mut dyn FnMut(Told<'_, G, E>),
    ) -> Option<Outcome> {
        self.tried = Some((seat, played));
        let cheat = weighed.cheat;
        let earlier = w.marks.tries[w.who[seat.index()]];
        let seen = w.watchers(seat, cheat.boldness, weighed.gain);
        // A lost turn that would hand the cheat the game (the other side left without a
        // move) is only a take-back.
        let lost = pos
            .lose_turn()
            .filter(|after| !after.outcome().is_some_and(|o| o.winners.contains(seat)));
        let result = if seen.is_empty() {
            CheatResult::Stood
        } else if G::FACTS.rule_two {
            CheatResult::RuleTwo
        } else {
            match w.rules.on_cheat_at::<G>() {
                OnCheat::LoseTurn if lost.is_some() => CheatResult::TurnLost,
                OnCheat::LoseTurn | OnCheat::TakeBack => CheatResult::TakenBack,
                OnCheat::ForfeitGame => CheatResult::GameForfeit,
                OnCheat::ForfeitStakes => CheatResult::StakesForfeit,
            }
        };
        let mut position = None;
        match result {
            CheatResult::Stood => {
                *pos = cheat.after;
                position = Some(format!("{pos:#}"));
                if !self.unexposed.contains(&seat) {
                    self.unexposed.push(seat);
                }
            }
            CheatResult::TurnLost => {
                if let Some(after) = lost {
                    *pos = after;
                    position = Some(format!("{pos:#}"));
                }
            }
            CheatResult::RuleTwo => self.penalty = Some(seat),
            CheatResult::TakenBack | CheatResult::GameForfeit | CheatResult::StakesForfeit => {}
        }
        let aside = AsideAt {
            before: played,
            aside: Aside::Cheat {
                by: w.who[seat.index()],
                kind: cheat.kind,
                at: Some(cheat.at),
                seen_by: seen.iter().map(|s| w.who[s.index()]).collect(),
                result,
                risk: weighed.risk,
                worth: weighed.worth,
                earlier,
            },
            position,
        };
        hands.noted(&aside.aside, pos);
        step(Told::Aside(aside));
        (result == CheatResult::GameForfeit).then(|| conceded(pos, seat, End::Forfeit))
    }

    /// `by` accuses `against`: right when `against`'s last cheat stood unseen. A right
    /// accusation exposes it (it counts as caught, and `by` watches `against` the closer
    /// for it; a forfeit rule takes the game, rule 2 a stone; a cheat that stood cannot
    /// be taken back so late); a wrong one may cost the accuser the game.
    #[allow(clippy::too_many_arguments)]
    fn accuse<G: Game, E: Kept, H: Hands<G> + ?Sized>(
        &mut self,
        pos: &mut G,
        by: Seat,
        against: Seat,
        w: &mut Watch<'_>,
        played: usize,
        hands: &mut H,
        step: &mut dyn FnMut(Told<'_, G, E>),
    ) -> Option<Outcome> {
        let right = self.unexposed.contains(&against);
        self.unexposed.retain(|&s| s != against);
        if right {
            w.marks.seen[w.who[by.index()]][w.who[against.index()]] += 1.0;
        }
        let aside = AsideAt {
            before: played,
            aside: Aside::Accused {
                by: w.who[by.index()],
                against: w.who[against.index()],
                right,
            },
            position: None,
        };
        hands.noted(&aside.aside, pos);
        step(Told::Aside(aside));
        if right {
            if G::FACTS.rule_two {
                self.bring_down_by(pos, by, against, w, played, hands, step);
                return pos.outcome();
            }
            if w.rules.on_cheat_at::<G>() == OnCheat::ForfeitGame {
                return Some(conceded(pos, against, End::Forfeit));
            }
            None
        } else if w.rules.on_false_accusation == OnFalseAccusation::ForfeitGame {
            Some(conceded(pos, by, End::Forfeit))
        } else {
            None
        }
    }

    /// Rule 2 after `victim`'s turn: the next seat brings down a stone of `victim`'s.
    fn bring_down<G: Game, E: Kept, H: Hands<G> + ?Sized>(
        &mut self,
        pos: &mut G,
        victim: Seat,
        w: &Watch<'_>,
        played: usize,
        hands: &mut H,
        step: &mut dyn FnMut(Told<'_, G, E>),
    ) {
        let by = victim.next(pos.players());
        self.bring_down_by(pos, by, victim, w, played, hands, step);
    }

    /// `by` brings down the stone of `victim`'s that serves `by` best (their search's
    /// choice, by the game's heuristic).
    #[allow(clippy::too_many_arguments)]
    fn bring_down_by<G: Game, E: Kept, H: Hands<G> + ?Sized>(
        &mut self,
        pos: &mut G,
        by: Seat,
        victim: Seat,
        w: &Watch<'_>,
        played: usize,
        hands: &mut H,
        step: &mut dyn FnMut(Told<'_, G, E>),
    ) {
        let mut options = Vec::new();
        pos.penalties(by, victim, &mut options);
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
        *pos = after;
        let aside = AsideAt {
            before: played,
            aside: Aside::Penalty {
                by: w.who[by.index()],
                victim: w.who[victim.index()],
                at,
            },
            position: Some(format!("{pos:#}")),
        };
        hands.noted(&aside.aside, pos);
        step(Told::Aside(aside));
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

/// Plays one game of a match with the seats given, recording every step.
#[allow(clippy::too_many_arguments)]
fn play_game<G: Game, H: Hands<G> + ?Sized>(
    entrants: &[Entrant],
    number: u32,
    seats: &[usize],
    ceremony: Vec<Event>,
    settings: &MatchSettings<G>,
    hands: &mut H,
    rng: &mut TableRng,
    marks: &mut Marks,
) -> Result<GameLog, TableError> {
    let mut pos = G::start(seats.len(), &settings.options)?;
    let start = format!("{pos:#}");
    let all: Vec<Seat> = (0..seats.len()).map(|i| Seat(i as u8)).collect();
    let start_scores = all.iter().map(|&s| pos.score(s)).collect();
    let mut steps = Vec::new();
    let mut resigned = None;
    let mut asides: Vec<AsideAt> = Vec::new();
    marks.new_game();
    let mut watch = Watch {
        manners: seats
            .iter()
            .map(|&e| Manners {
                honesty: entrants[e].honesty,
                eye: entrants[e].eye,
                level: entrants[e].skill.rough_level(),
            })
            .collect(),
        who: seats.to_vec(),
        rules: settings.table,
        marks,
    };
    hands.new_game(seats);
    let outcome = run_with(
        &mut pos,
        hands,
        rng,
        number,
        Some(&mut watch),
        &mut |told: Told<'_, G, Vec<Event>>| match told {
            Told::Step(seat, mv, events, now) => steps.push(Step {
                seat,
                mv: mv.to_string(),
                events,
                scores: all.iter().map(|&s| now.score(s)).collect(),
            }),
            Told::Back(n) => {
                steps.truncate(steps.len().saturating_sub(n));
                asides.retain(|a| a.before <= steps.len());
            }
            Told::Resigned(s) => resigned = Some(seats[s.index()]),
            Told::Aside(a) => asides.push(a),
        },
    )?;
    Ok(GameLog {
        number,
        seats: seats.to_vec(),
        ceremony,
        start,
        start_scores,
        turns: pos
            .turns_played()
            .unwrap_or_else(|| steps.iter().filter(|s| s.seat.is_some()).count() as u32),
        steps,
        winners: outcome.winners.iter().map(|s| seats[s.index()]).collect(),
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
        resigned,
        asides,
    })
}
