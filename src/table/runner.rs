//! Running a match: the ceremony, the games, the seats, the players, one seeded generator.

use super::Format;
use super::log::{Entrant, GameLog, MatchLog, Step};
use crate::ai::{Effort, Player, TableRng, player_for_effort, sample_chance, table_rng};
use crate::games::{Event, EventSink, Game, Outcome, Seat, Seating, Turn};

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
    let n = entrants.len();
    G::start(n, &settings.options)?;
    let mut rng = table_rng(settings.seed);
    let mut players: Vec<Box<dyn Player<G>>> = entrants
        .iter()
        .map(|e| player_for_effort::<G>(e.skill, e.temperament, settings.effort))
        .collect();
    let mut wins = vec![0u32; n];
    let mut games = Vec::new();
    let mut decided: u32 = 0;
    let mut draws = 0;
    let mut seats: Vec<usize> = Vec::new();
    loop {
        let number = games.len() as u32 + 1;
        let mut ceremony = Vec::new();
        let previous: Option<&GameLog> = games.last();
        seats = match (G::FACTS.seating, previous) {
            (Seating::CeremonyEachGame, _) | (_, None) => {
                let first = G::first_turn(n, &mut rng);
                ceremony = first.events;
                (0..n).map(|k| (first.winner + k) % n).collect()
            }
            (Seating::Rotate, Some(_)) => (0..n).map(|k| seats[(k + 1) % n]).collect(),
            (Seating::WinnerFirst, Some(prev)) => match prev.winners.as_slice() {
                [w] => {
                    let at = prev.seat_of(*w).index();
                    (0..n).map(|k| seats[(at + k) % n]).collect()
                }
                _ => seats.clone(),
            },
        };
        let log = play_game(number, &seats, ceremony, settings, &mut players, &mut rng)?;
        if log.outcome.is_draw() {
            draws += 1;
        } else {
            decided += 1;
            for &w in &log.winners {
                wins[w] += 1;
            }
        }
        games.push(log);
        let best = wins.iter().copied().max().unwrap_or(0);
        let leaders = wins.iter().filter(|&&w| w == best).count();
        // Draws beyond the cap, or as many undecided extra games, stop the match as it
        // stands (then drawn or shared).
        let extra = decided.saturating_sub(settings.format.length(n));
        if settings.format.is_decided(decided, best, leaders)
            || draws > settings.draw_cap
            || extra > settings.draw_cap
        {
            break;
        }
    }
    let best = wins.iter().copied().max().unwrap_or(0);
    let top: Vec<usize> = (0..n).filter(|&i| wins[i] == best).collect();
    let winners = if top.len() == n { Vec::new() } else { top };
    Ok(MatchLog {
        game: G::KIND,
        seed: settings.seed,
        format: settings.format,
        entrants: entrants.to_vec(),
        games,
        wins,
        winners,
    })
}

/// What [`run_game`] tells of each step: who moved (`None` for chance), the move or
/// outcome, the events it caused, and the position after it.
pub type StepFn<'a, G, E> = dyn FnMut(Option<Seat>, <G as Game>::Move, E, &G) + 'a;

/// Plays one game from `pos` to its end: chance outcomes drawn with `rng` by their exact
/// odds, each seat's moves chosen by `players[who[seat]]`. `step` is told every move or
/// outcome with the events it caused (into a sink of the caller's choosing: `()` when it
/// only wants the moves) and the position after it. This is the one game loop: matches,
/// ladders and the bookie's simulations all play through it.
///
/// # Errors
/// When the game runs past [`STEP_GUARD`] steps (a fault of an engine, never a loop).
pub fn run_game<G: Game, E: EventSink + Default>(
    pos: &mut G,
    players: &mut [Box<dyn Player<G>>],
    who: &[usize],
    rng: &mut TableRng,
    number: u32,
    step: &mut StepFn<'_, G, E>,
) -> Result<Outcome, TableError> {
    let mut chance_buf = Vec::new();
    for player in players.iter_mut() {
        player.new_game();
    }
    for _ in 0..STEP_GUARD {
        let (seat, mv) = match pos.turn() {
            Turn::Over => return pos.outcome().ok_or(TableError::Runaway { game: number }),
            Turn::Chance => (None, sample_chance(pos, rng, &mut chance_buf)),
            Turn::Seat(s) => (Some(s), players[who[s.index()]].choose(pos, rng)),
        };
        let mut events = E::default();
        pos.play_unchecked(mv, &mut events);
        step(seat, mv, events, pos);
    }
    Err(TableError::Runaway { game: number })
}

/// Plays one game of a match with the seats given, recording every step.
fn play_game<G: Game>(
    number: u32,
    seats: &[usize],
    ceremony: Vec<Event>,
    settings: &MatchSettings<G>,
    players: &mut [Box<dyn Player<G>>],
    rng: &mut TableRng,
) -> Result<GameLog, TableError> {
    let mut pos = G::start(seats.len(), &settings.options)?;
    let start = format!("{pos:#}");
    let all: Vec<Seat> = (0..seats.len()).map(|i| Seat(i as u8)).collect();
    let start_scores = all.iter().map(|&s| pos.score(s)).collect();
    let mut steps = Vec::new();
    let outcome = run_game(
        &mut pos,
        players,
        seats,
        rng,
        number,
        &mut |seat, mv, events: Vec<Event>, now: &G| {
            steps.push(Step {
                seat,
                mv: mv.to_string(),
                events,
                scores: all.iter().map(|&s| now.score(s)).collect(),
            });
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
    })
}
