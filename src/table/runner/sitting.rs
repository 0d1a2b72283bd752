//! A whole match, game after game, and each game's record.

use super::hands::{Hands, Npcs};
use super::run::{Told, run_with};
use super::settings::{MatchSettings, TableError};
use crate::ai::{Player, TableRng, table_rng};
use crate::games::Played;
use crate::games::{Event, Game, Outcome, Seat};
use crate::table::cheat::{Manners, Marks, Watch};
use crate::table::checks::Figures;
use crate::table::log::{AsideAt, Entrant, GameLog, MatchLog, Step, Who};

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
        .map(|e| crate::table::intent::player_for_entrant::<G>(e, settings.effort))
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
        crate::table::format::Flow::new(n, settings.format, settings.draw_cap, G::FACTS.seating);
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
        let seats = flow.seat(winner.map(Who::nth)).to_vec();
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
    pub(super) fn play_game(
        &mut self,
        number: u32,
        seats: &[Who],
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
            d20: crate::table::checks::by_the_d20(self.entrants),
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
    seats: Vec<Who>,
    /// Every seat.
    all: Vec<Seat>,
    /// The first-turn ceremony's events.
    ceremony: Vec<Event>,
    /// The position at the start.
    start: Played,
    /// The seats' scores at the start.
    start_scores: Vec<i32>,
    /// The steps played (less those taken back).
    steps: Vec<Step>,
    /// The entrant who resigned.
    resigned: Option<Who>,
    /// What happened at the table around the moves.
    asides: Vec<AsideAt>,
}

impl Record {
    /// The record of game `number` starting from `pos`.
    pub(super) fn new<G: Game>(
        pos: &G,
        number: u32,
        seats: &[Who],
        ceremony: Vec<Event>,
    ) -> Record {
        let all: Vec<Seat> = (0..seats.len()).map(|i| Seat(i as u8)).collect();
        Record {
            number,
            seats: seats.to_vec(),
            ceremony,
            start: Played::new(pos.clone(), format!("{pos:#}")),
            start_scores: all.iter().map(|&s| pos.score(s)).collect(),
            all,
            steps: Vec::new(),
            resigned: None,
            asides: Vec::new(),
        }
    }

    /// Records what the game loop tells.
    pub(super) fn told<G: Game>(&mut self, told: Told<'_, G, Vec<Event>>) {
        match told {
            Told::Step(seat, mv, events, now) => self.steps.push(Step {
                seat,
                mv: Played::step(mv),
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
    pub(super) fn finish<G: Game>(self, pos: &G, outcome: Outcome) -> GameLog {
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
            end: Played::new(pos.clone(), format!("{pos:#}")),
            resigned: self.resigned,
            asides: self.asides,
        }
    }
}
