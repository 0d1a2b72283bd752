//! The hands of a table with people at it (`taproom sit`): the characters' seats played
//! by their players, the people's asked through the [`Console`] (the board, the standing,
//! the throw, the legal moves numbered in notation and in words), and with `--dice table`
//! the chance of the table (the sticks, the stones from the bag, the lots) typed in by
//! the people who threw it and checked against what can fall. Everything that changes the
//! match is kept as typed, so the same seed and the same lines replay it exactly.

mod told;
mod turn;

use super::terminal::Console;
use crate::ai::{Player, TableRng, table_rng};
use crate::games::{Chance, Event, FirstTurn, Game, Seat};
use crate::narrate::Phrasebook;
use crate::ops::sit::{Notice, SeatedTable, Seating, numbered_by_notation};
use crate::report::View;
use crate::report::board::{BoardStyle, Diagram, Marks};
use crate::report::grid::GLUE;
use crate::roster::Voice;
use crate::table::{Decision, Entrant, Hands, MatchLog, MatchSettings, TableError, Who};

/// Who throws the sticks and draws the stones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Dice {
    /// taproom, from the match's seed.
    #[default]
    Seeded,
    /// The people at the table, with real sticks and stones, typing what fell.
    Table,
}

/// When the board is shown after a character's move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Boards {
    /// After every move.
    #[default]
    Every,
    /// Only at the telling moments: a capture, a claim, stones brought down or home, the
    /// end of a game (a person's own turn always shows it).
    Telling,
}

/// How a table with people at it is run.
pub struct Sitting<'c> {
    /// Who the people are: roster names, character files, or new names.
    pub people: Vec<String>,
    /// Who throws.
    pub dice: Dice,
    /// Whether a person may ask what a master would play.
    pub hint: bool,
    /// Whether a person may take back their last move.
    pub undo: bool,
    /// When a character's move shows the board.
    pub boards: Boards,
    /// How the boards are drawn.
    pub style: BoardStyle,
    /// Where the people are.
    pub console: &'c mut dyn Console,
    /// The page's width in columns, for the prose (boards fit 80 columns).
    pub width: usize,
    /// Every line typed that changed the match, in order: fed back on standard input with
    /// the same seed, they replay it exactly.
    pub typed: Vec<String>,
    /// Who the screen is for: in the players' view no figure gives an unseen cheat away
    /// (a palmed counter is left out of its cheat's store and score).
    pub view: View,
    /// Whether the board is always drawn from seat 0's side, rather than from the side of
    /// the person to move.
    pub fixed_board: bool,
}

impl<G: Diagram> Seating<G> for Sitting<'_> {
    fn people(&self) -> &[String] {
        &self.people
    }

    fn play(&mut self, table: SeatedTable<'_, G>) -> Result<MatchLog, crate::ops::Error> {
        let people: Vec<usize> = (0..self.people.len()).collect();
        let log = play_match::<G>(
            table.entrants,
            table.voices,
            &people,
            table.settings,
            table.phrasebook,
            table.notices,
            self,
        )?;
        // A screen that could not be written to stops the match unsettled: nothing the
        // people did not see is written.
        if let Some(e) = self.console.broken() {
            return Err(crate::ops::Error::Output(e));
        }
        Ok(log)
    }
}

/// Plays a match with people at the seats of entrants `people` (indices into
/// `entrants`), the characters at the rest.
///
fn play_match<G: Diagram>(
    entrants: &[Entrant],
    voices: &[Voice],
    people: &[usize],
    settings: &MatchSettings<G>,
    book: &Phrasebook,
    notices: &[Notice],
    sitting: &mut Sitting<'_>,
) -> Result<MatchLog, TableError> {
    let players = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| {
            (!people.contains(&i))
                .then(|| crate::table::player_for_entrant::<G>(e, crate::ai::Effort::Full))
        })
        .collect();
    let mut hands = SitHands::<G> {
        players,
        entrants: entrants.to_vec(),
        voices: voices.to_vec(),
        who: Vec::new(),
        book,
        sitting,
        hint_rng: table_rng(crate::seed::derive(
            settings.seed,
            crate::seed::Purpose::Hint,
            &[],
        )),
        last: None,
        thrown: None,
        game: 0,
        first: None,
        eof: false,
        start: G::start(entrants.len(), &settings.options).ok(),
        seen: None,
        steps: 0,
        unseen: Vec::new(),
        boasted: std::collections::HashSet::new(),
        viewer: None,
        pending: None,
        warned: None,
        insighted: Vec::new(),
    };
    for notice in notices {
        hands.tell(&notice.to_string());
    }
    crate::table::play_match_with(entrants, settings, &mut hands)
}

/// The hands of a table with people at it.
struct SitHands<'s, 'c, G: Game> {
    /// One player per entrant; `None` for a person.
    players: Vec<Option<Box<dyn Player<G>>>>,
    entrants: Vec<Entrant>,
    voices: Vec<Voice>,
    /// The entrant at each seat.
    who: Vec<Who>,
    book: &'s Phrasebook,
    sitting: &'s mut Sitting<'c>,
    /// The master's stream for hints: its own, so asking never changes the match.
    hint_rng: TableRng,
    /// The last move played, for the board's highlight.
    last: Option<G::Move>,
    /// The throw just made, told on the next person's turn.
    thrown: Option<String>,
    game: u32,
    /// Who won the first-turn ceremony, told under the game's heading.
    first: Option<String>,
    /// Whether the input has ended (every later turn of a person resigns).
    eof: bool,
    /// The position a game starts from.
    start: Option<G>,
    /// The last position the table was shown or told of.
    seen: Option<G>,
    /// The steps of this game played so far (less those taken back).
    steps: usize,
    /// Cheats nobody saw this game: after how many steps, by which seat, and what they
    /// put where the table cannot see it (left out of the players' board).
    unseen: Vec<(usize, Seat, i32)>,
    /// The boasts (entrant, line) already said this match: none is said twice.
    boasted: std::collections::HashSet<(Who, usize)>,
    /// The seat of the person who last had the move this game (at first, the first
    /// person's seat): the board is drawn from their side between their turns.
    viewer: Option<Seat>,
    /// A word typed where a cheat was asked for that was no cheat's number: taken as what
    /// the person typed on their turn.
    pending: Option<String>,
    /// The move a person was last warned loses at once, and when (steps into the game):
    /// typed again there, it is played.
    warned: Option<(usize, G::Move)>,
    /// The people (entrants) who have made their Insight check this match: one a match.
    insighted: Vec<Who>,
}

/// What a person may type on their turn, for `help`.
const HELP: &str = "Type a move's number or its notation (in any case). Commands: board (show the \
board), moves (list the moves), help (this), resign (give up the game), cheat (what you may \
try, numbered, to choose from), accuse [NAME] (call out a cheat), insight [NAME] (a d20 plus your \
Insight against their Deception: are they hustling? once a match).";

impl<G: Diagram> SitHands<'_, '_, G> {
    fn is_person(&self, seat: Seat) -> bool {
        self.players[self.who[seat.index()].index()].is_none()
    }

    fn name(&self, seat: Seat) -> &str {
        &self.entrants[self.who[seat.index()]].name
    }

    fn say(&mut self, text: &str) {
        self.sitting.console.say(text);
    }

    /// Prose said at the table, wrapped to the page (boards are never wrapped).
    fn tell(&mut self, text: &str) {
        let body = text.trim_start_matches('\n');
        for _ in body.len()..text.len() {
            self.sitting.console.say("");
        }
        let wrapped = self.fill(body);
        self.sitting.console.say(&wrapped);
    }

    /// `text` wrapped to the page between its words only (never inside a word, a number
    /// or a hyphenated name; words joined by [`GLUE`] stay on one line), the lines after
    /// the first indented.
    fn fill(&self, text: &str) -> String {
        let options = textwrap::Options::new(self.sitting.width.max(20))
            .subsequent_indent("  ")
            .break_words(false)
            .word_splitter(textwrap::WordSplitter::NoHyphenation);
        textwrap::fill(text, options).replace(GLUE, " ")
    }

    /// Asks with `prompt` wrapped to the page: the lines that do not fit are said first,
    /// and the answer is typed after the last.
    fn ask(&mut self, prompt: &str) -> Option<String> {
        let filled = self.fill(prompt.trim_end());
        let (said, last) = filled.rsplit_once('\n').unwrap_or(("", &filled));
        if !said.is_empty() {
            self.sitting.console.say(said);
        }
        self.sitting.console.ask(&format!("{last} "))
    }

    /// A move in words, for the seat that makes it ("sows their first heap").
    fn words(&self, mv: G::Move, seat: Seat) -> String {
        let pronouns = self.entrants[self.who[seat.index()]].pronouns;
        G::move_words(mv, seat).replace("{their}", pronouns.their())
    }

    /// A move in words said to the person whose turn it is ("sows your first heap").
    fn words_to_you(mv: G::Move, seat: Seat) -> String {
        G::move_words(mv, seat).replace("{their}", "your")
    }

    fn board(&self, pos: &G) -> String {
        let names: Vec<&str> = self
            .who
            .iter()
            .map(|&e| self.entrants[e].name.as_str())
            .collect();
        let marks = Marks {
            names: &names,
            last: self.last,
            from: self.viewer(pos),
        };
        pos.diagram_seen(&self.sitting.style, &marks, &self.hidden(pos))
    }

    /// The seat whose side the board is drawn from: the person to move, else the person
    /// who moved last (at first, the first person at the table); seat 0's side when the
    /// GM keeps the board fixed.
    fn viewer(&self, pos: &G) -> Seat {
        if self.sitting.fixed_board {
            return Seat(0);
        }
        match pos.turn() {
            crate::games::Turn::Seat(s) if s.index() < self.who.len() && self.is_person(s) => s,
            _ => self.viewer.unwrap_or(Seat(0)),
        }
    }

    /// By seat, what the players' board leaves out of each seat's figures: what cheats
    /// nobody saw put where the table cannot see it (nothing in the GM's view).
    fn hidden(&self, pos: &G) -> Vec<i32> {
        let mut hidden = vec![0; pos.players()];
        if self.sitting.view == View::Players {
            for &(_, seat, gain) in &self.unseen {
                if let Some(h) = hidden.get_mut(seat.index()) {
                    *h += gain;
                }
            }
        }
        hidden
    }

    /// Notes the position as the table last saw it.
    fn saw(&mut self, pos: &G) {
        self.seen = Some(pos.clone());
    }

    /// The legal moves, numbered, in notation and in words said to the person whose turn
    /// it is ("sows your first heap"; at most `limit`). Where every
    /// move's notation is itself a number (Piç's heaps), that number is the one to type,
    /// so a heap is never listed under another heap's number.
    fn move_list(&self, seat: Seat, moves: &[G::Move], limit: usize) -> String {
        let numeric = numbered_by_notation(moves);
        let width = if numeric {
            moves.iter().map(|m| m.to_string().len()).max().unwrap_or(1)
        } else {
            moves.len().to_string().len()
        };
        let mut text = String::new();
        let indent = " ".repeat(width + 2 + if numeric { 0 } else { 9 });
        let options = textwrap::Options::new(self.sitting.width.max(40))
            .subsequent_indent(&indent)
            .break_words(false)
            .word_splitter(textwrap::WordSplitter::NoHyphenation);
        for (i, &mv) in moves.iter().enumerate().take(limit) {
            let words = Self::words_to_you(mv, seat);
            let line = if numeric {
                format!("{:>width$}. {words}", mv.to_string())
            } else {
                format!("{:>width$}. {mv:<8} {words}", i + 1)
            };
            text.push_str(&textwrap::fill(&line, &options));
            text.push('\n');
        }
        if moves.len() > limit {
            text.push_str(&format!(
                "... and {} more: `moves` lists them all\n",
                moves.len() - limit
            ));
        }
        text
    }

    /// How a game came out, said at the table.
    fn announce(&mut self, outcome: &crate::games::Outcome) {
        let names: Vec<String> = outcome
            .winners
            .iter()
            .map(|s| self.name(s).to_owned())
            .collect();
        let line = if names.is_empty() {
            format!(
                "{} {} is drawn ({}).",
                G::FACTS.unit.title(),
                self.game,
                outcome.end.word()
            )
        } else {
            format!(
                "{} {} {} {} ({}).",
                crate::names::and_list(&names),
                if names.len() == 1 { "wins" } else { "share" },
                G::FACTS.unit.word(),
                self.game,
                outcome.end.word(),
            )
        };
        self.tell(&line);
    }

    /// The input has ended where the table throws or draws: said once, and taproom
    /// throws and draws from here (each person's turn from here resigns, as said there).
    fn input_ended(&mut self) {
        if !self.eof {
            self.eof = true;
            self.tell("The input has ended: taproom throws and draws for the table from here.");
        }
    }
}

impl<G: Diagram> Hands<G> for SitHands<'_, '_, G> {
    fn new_game(&mut self, who: &[Who]) {
        self.who = who.to_vec();
        self.viewer = who
            .iter()
            .position(|&e| self.players[e.index()].is_none())
            .map(|s| Seat(s as u8));
        self.game += 1;
        self.last = None;
        self.thrown = None;
        self.seen.clone_from(&self.start);
        self.steps = 0;
        self.unseen.clear();
        for p in self.players.iter_mut().flatten() {
            p.new_game();
            p.seated(&who.iter().map(|w| w.index()).collect::<Vec<_>>());
        }
        let seats: Vec<String> = who
            .iter()
            .enumerate()
            .map(|(s, &e)| {
                format!(
                    "{} ({})",
                    self.entrants[e].name,
                    G::FACTS.seat_names.get(s).copied().unwrap_or("")
                )
            })
            .collect();
        let line = format!(
            "\n== {} {}: {} ==",
            G::FACTS.unit.title(),
            self.game,
            seats.join(" v ")
        );
        self.tell(&line);
        if let Some(first) = self.first.take() {
            self.tell(&first);
        }
    }

    fn decide(&mut self, pos: &G, seat: Seat, rng: &mut TableRng) -> Decision<G::Move> {
        let entrant = self.who[seat.index()];
        match &mut self.players[entrant.index()] {
            Some(p) => Decision::Play(p.choose(pos, rng)),
            None => self.ask_person(pos, seat),
        }
    }

    fn throw(&mut self, pos: &G, rng: &mut TableRng, buf: &mut Vec<(G::Move, Chance)>) -> G::Move {
        if self.sitting.dice == Dice::Table && !self.eof {
            if let Some(mv) = self.typed_throw(pos, buf) {
                return mv;
            }
            self.input_ended();
        }
        crate::ai::sample_chance(pos, rng, buf)
    }

    fn ceremony(&mut self, players: usize, rng: &mut TableRng) -> FirstTurn {
        let first = if self.sitting.dice == Dice::Table {
            let mut at_table = turn::AtTable { hands: self, rng };
            G::first_turn(players, &mut at_table)
        } else {
            G::first_turn(players, rng)
        };
        self.first = Some(format!(
            "{} wins the first turn.",
            self.entrants[first.winner].name
        ));
        first
    }

    fn told(&mut self, seat: Option<Seat>, mv: G::Move, events: &[Event], pos: &G) {
        self.steps += 1;
        self.saw(pos);
        match seat {
            None => {
                self.thrown = Some(mv.to_string());
                if pos.turn() == crate::games::Turn::Chance || pos.outcome().is_some() {
                    self.tell(&format!("The throw: {mv}."));
                    self.thrown = None;
                }
            }
            Some(s) => {
                self.last = Some(mv);
                if !self.is_person(s) {
                    self.tell_npc(s, mv, events, pos);
                } else if pos.outcome().is_some() {
                    let b = self.board(pos);
                    self.say(b.trim_end());
                }
            }
        }
        if let Some(outcome) = pos.outcome() {
            self.announce(&outcome);
        }
    }

    fn taken_back(&mut self, seat: Seat, steps: usize, pos: &G) {
        // Cheats made after the position play resumes from are taken back with it.
        self.steps = self.steps.saturating_sub(steps);
        let now = self.steps;
        self.unseen.retain(|&(at, _, _)| at <= now);
        self.saw(pos);
        let name = self.name(seat).to_owned();
        if steps == 0 {
            self.tell(&format!("{name} has no move of this game to take back."));
        } else {
            self.last = None;
            self.tell(&format!(
                "{name} takes back their last move ({steps} step{} undone).",
                if steps == 1 { "" } else { "s" }
            ));
        }
        let _ = pos;
    }

    fn resigned(&mut self, _seat: Seat, outcome: &crate::games::Outcome, _pos: &G) {
        self.announce(outcome);
    }

    fn may_undo(&self) -> bool {
        self.sitting.undo
    }

    fn cheats_unasked(&self, seat: Seat) -> bool {
        self.players[self.who[seat.index()].index()]
            .as_ref()
            .is_some_and(|p| p.cheats())
    }

    fn noted(&mut self, aside: &crate::table::Aside, pos: &G) {
        self.note(aside, pos);
    }

    fn pick_cheat(
        &mut self,
        seat: Seat,
        offers: &[crate::table::CheatOffer],
        _pos: &G,
    ) -> Option<usize> {
        self.choose_cheat(seat, offers)
    }

    fn d20(
        &mut self,
        seat: Seat,
        check: crate::table::checks::Check,
        modifier: i8,
        rng: &mut TableRng,
    ) -> u8 {
        if self.sitting.dice == Dice::Table && self.is_person(seat) && !self.eof {
            if let Some(d20) = self.typed_d20(check, modifier) {
                return d20;
            }
            self.input_ended();
        }
        rand::RngExt::random_range(rng, 1..=20u8)
    }

    fn no_cheat(&mut self, seat: Seat, why: crate::table::NoCheat, _pos: &G) {
        let name = self.name(seat).to_owned();
        self.tell(&match why {
            crate::table::NoCheat::NothingToTry => {
                format!("{name} looks for a chance to cheat and finds none here.")
            }
            crate::table::NoCheat::OnceATurn => format!(
                "{name} has tried their luck once this turn already; a second try would be \
                 seen by anyone: play a move."
            ),
        });
    }
}

#[cfg(test)]
mod tests;
