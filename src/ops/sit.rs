//! A seat at the table (`taproom sit`): people play some seats, the characters the rest.
//!
//! The match is the one `play` plays (the same loop, ceremony, format and wagers); only the
//! hands differ: a person's seat is asked through a [`Console`] (the board, the standing,
//! the throw, the legal moves numbered in notation and in words), and with `--dice table`
//! the chance of the table (the sticks, the stones from the bag, the lots) is typed in by
//! the people who threw it and checked against what can fall. Everything that changes the
//! match is kept as typed, so the same seed and the same lines replay it exactly.

use crate::ai::{Player, Skill, SkilledPlayer, TableRng, Temperament, table_rng};
use crate::games::{Chance, Event, FirstTurn, Game, Seat, Throws};
use crate::narrate::Phrasebook;
use crate::narrate::VoiceMoment;
use crate::report::board::{BoardStyle, Diagram, Marks};
use crate::roster::{Character, Voice};
use crate::table::{Decision, Entrant, Hands, MatchLog, MatchSettings, TableError};

/// Where a person's turn is read and the table's news is written.
pub trait Console {
    /// Writes some lines (no trailing newline needed).
    fn say(&mut self, text: &str);
    /// Asks with `prompt` and reads one line; `None` when the input has ended.
    fn ask(&mut self, prompt: &str) -> Option<String>;
    /// Why the table's screen could not be written to, if it could not: the match then
    /// stops without being settled (nothing is written).
    fn broken(&mut self) -> Option<std::io::Error> {
        None
    }
}

/// The most characters of a typed line said back in a message.
const SHOWN: usize = 40;

/// A line as said back to the table: control characters escaped, and cut short (with
/// "…") past [`SHOWN`] characters, so that a long or hostile line is never printed
/// whole.
#[must_use]
pub fn shown(line: &str) -> String {
    let mut out = String::new();
    for (i, c) in line.chars().enumerate() {
        if i == SHOWN {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

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
    pub view: crate::report::View,
    /// What to tell the table before play (set by the match: who sits down as a
    /// newcomer).
    pub notices: Vec<String>,
}

/// The people named with `--as`, as characters: a character file, a character of the
/// roster (found as `play` finds one: a full name, a short name, the start of a name or
/// of one of its words, in any case), or else a newcomer of that name with an empty purse
/// and the roster's middling skill. Also returns what to tell the table of each newcomer.
///
/// # Errors
/// A character file that cannot be read or is invalid; a name that is empty, or that
/// could be several characters of the roster.
pub fn people(
    roster: &crate::roster::Roster,
    words: &[String],
) -> Result<(Vec<crate::table::Seated>, Vec<String>), super::Error> {
    let mut seats = Vec::new();
    let mut told = Vec::new();
    for w in words {
        if super::cast::is_file(w) {
            seats.push(super::cast::seat(roster, w, std::path::Path::new(""))?);
            continue;
        }
        let name = w.trim();
        if name.is_empty() || name.chars().any(char::is_control) || name.chars().count() > 60 {
            return Err(super::Error::Conflict(
                "--as takes a name of 1 to 60 printable characters or a character file",
            ));
        }
        let character = match roster.named(name) {
            Ok(c) => {
                // Found by the start of a name: said, so that nobody is seated unawares.
                if !crate::names::same(name, &c.name) && !crate::names::same(name, &c.short) {
                    told.push(format!("{name} is {}, of the roster.", c.name));
                }
                c.clone()
            }
            Err(crate::names::NameError::Unknown { suggestion, .. }) => {
                let near = suggestion.map_or_else(String::new, |s| format!(" (did you mean {s}?)"));
                told.push(format!(
                    "Nobody in the roster is called {name}{near}, so {name} sits down as a \
                     newcomer, with no file and an empty purse, and the bookie prices them as \
                     a middling player."
                ));
                newcomer(name)
            }
            Err(e) => return Err(e.into()),
        };
        seats.push(crate::table::Seated {
            character,
            given_file: None,
        });
    }
    Ok((seats, told))
}

/// Someone who just sat down: no file, no purse, middling skill (what the bookie prices
/// them at), a steady manner.
#[must_use]
pub fn newcomer(name: &str) -> Character {
    Character {
        name: name.to_owned(),
        short: crate::roster::default_short(name),
        pronouns: crate::roster::Pronouns::They,
        description: "A newcomer at the table.".to_owned(),
        skill: Skill::Level(5),
        temperament: Temperament::Steady,
        honesty: 10,
        eye: None,
        purse: crate::wager::Money::ZERO,
        debt: crate::wager::Money::ZERO,
        games: std::collections::BTreeMap::new(),
        voice: Voice::default(),
        file: None,
    }
}

/// Plays a match with people at the seats of entrants `people` (indices into
/// `entrants`), the characters at the rest.
///
/// # Errors
/// As [`crate::table::play_match`].
pub fn play_match<G: Diagram>(
    entrants: &[Entrant],
    voices: &[Voice],
    people: &[usize],
    settings: &MatchSettings<G>,
    book: &Phrasebook,
    sitting: &mut Sitting<'_>,
) -> Result<MatchLog, TableError> {
    let players = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| {
            (!people.contains(&i)).then(|| crate::ai::player_for::<G>(e.skill, e.temperament))
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
    };
    for notice in std::mem::take(&mut hands.sitting.notices) {
        hands.tell(&notice);
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
    who: Vec<usize>,
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
}

/// What a person may type on their turn, for `help`.
const HELP: &str = "Type a move's number or its notation. Commands: board (show the board), moves \
(list the moves), help (this), resign (give up the game), cheat (try your luck), accuse [NAME] \
(call out a cheat).";

impl<G: Diagram> SitHands<'_, '_, G> {
    fn is_person(&self, seat: Seat) -> bool {
        self.players[self.who[seat.index()]].is_none()
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
        let options = textwrap::Options::new(self.sitting.width.max(20)).subsequent_indent("  ");
        let wrapped = textwrap::fill(body, options);
        self.sitting.console.say(&wrapped);
    }

    /// A move in words, for the seat that makes it ("sows their first heap").
    fn words(&self, mv: G::Move, seat: Seat) -> String {
        let pronouns = self.entrants[self.who[seat.index()]].pronouns;
        G::move_words(mv, seat).replace("{their}", pronouns.their())
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
        };
        pos.diagram_seen(&self.sitting.style, &marks, &self.hidden(pos))
    }

    /// By seat, what the players' board leaves out of each seat's figures: what cheats
    /// nobody saw put where the table cannot see it (nothing in the GM's view).
    fn hidden(&self, pos: &G) -> Vec<i32> {
        let mut hidden = vec![0; pos.players()];
        if self.sitting.view == crate::report::View::Players {
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

    /// The legal moves, numbered, in notation and in words (at most `limit`). Where every
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
        let options = textwrap::Options::new(self.sitting.width.max(40)).subsequent_indent(&indent);
        for (i, &mv) in moves.iter().enumerate().take(limit) {
            let words = self.words(mv, seat);
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
                names.join(" and "),
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
            self.say("The input has ended: taproom throws and draws for the table from here.");
        }
    }

    /// A person's turn: the table as it stands, then their choice.
    fn ask_person(&mut self, pos: &G, seat: Seat, rng: &mut TableRng) -> Decision<G::Move> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let name = self.name(seat).to_owned();
        if self.eof {
            self.tell(&format!(
                "The input has ended: {name} resigns {} {}.",
                G::FACTS.unit.word(),
                self.game
            ));
            return Decision::Resign;
        }
        if let [only] = moves.as_slice() {
            // A forced move (a pass, the only step) is played at once, and said.
            let words = self.words(*only, seat);
            self.tell(&format!("{name} has only one move: {only} ({words})."));
            return Decision::Play(*only);
        }
        let mut head = format!(
            "\n-- {} {}: {name} to move ({}) --\n",
            G::FACTS.unit.title(),
            self.game,
            G::FACTS.seat_names.get(seat.index()).copied().unwrap_or("")
        );
        head.push_str(&self.board(pos));
        if let Some(t) = self.thrown.take() {
            head.push_str(&format!("The throw: {t}\n"));
        }
        head.push_str(&self.move_list(seat, &moves, 40));
        self.say(head.trim_end());
        loop {
            let Some(line) = self.sitting.console.ask(&format!("{name}> ")) else {
                self.eof = true;
                self.tell(&format!(
                    "The input has ended: {name} resigns {} {}.",
                    G::FACTS.unit.word(),
                    self.game
                ));
                return Decision::Resign;
            };
            let word = line.trim();
            match word.to_ascii_lowercase().as_str() {
                "" => continue,
                "board" => {
                    let b = self.board(pos);
                    self.say(b.trim_end());
                }
                "moves" => {
                    let list = self.move_list(seat, &moves, usize::MAX);
                    self.say(list.trim_end());
                }
                "help" | "?" => {
                    let mut help = HELP.to_owned();
                    if self.sitting.hint {
                        help.push_str(" hint (what a master would play).");
                    }
                    if self.sitting.undo {
                        help.push_str(" undo (take back your last move).");
                    }
                    self.tell(&help);
                }
                "resign" => {
                    self.sitting.typed.push("resign".to_owned());
                    self.tell(&format!(
                        "{name} resigns {} {}.",
                        G::FACTS.unit.word(),
                        self.game
                    ));
                    return Decision::Resign;
                }
                "hint" if self.sitting.hint => {
                    let hint = self.hint(pos, seat);
                    self.tell(&hint);
                }
                "undo" if self.sitting.undo => {
                    self.sitting.typed.push("undo".to_owned());
                    return Decision::Undo;
                }
                "cheat" => {
                    self.sitting.typed.push("cheat".to_owned());
                    return Decision::Cheat;
                }
                w if w == "accuse" || w.starts_with("accuse ") => {
                    match self.accused(pos, seat, word["accuse".len()..].trim()) {
                        Ok(against) => {
                            self.sitting.typed.push(word.to_owned());
                            return Decision::Accuse(against);
                        }
                        Err(why) => self.tell(&why),
                    }
                }
                "hint" | "undo" => self.tell(&format!(
                    "The GM has not allowed `{word}` at this table (sit --{word} allows it)."
                )),
                _ => match pick(word, &moves) {
                    Ok(mv) => {
                        self.sitting.typed.push(mv.to_string());
                        let _ = rng;
                        return Decision::Play(mv);
                    }
                    Err(why) => self.tell(&why),
                },
            }
        }
    }

    /// The seat a person accuses: the one named, or the only other at a table of two.
    fn accused(&self, pos: &G, seat: Seat, name: &str) -> Result<Seat, String> {
        let others: Vec<Seat> = (0..pos.players())
            .map(|i| Seat(i as u8))
            .filter(|&s| s != seat)
            .collect();
        if name.is_empty() {
            return match others.as_slice() {
                [one] => Ok(*one),
                _ => Err("Accuse whom? Type `accuse` and a name.".to_owned()),
            };
        }
        let lower = name.to_lowercase();
        let found: Vec<Seat> = others
            .iter()
            .copied()
            .filter(|&s| {
                let e = &self.entrants[self.who[s.index()]];
                e.name.to_lowercase().contains(&lower) || e.short.to_lowercase() == lower
            })
            .collect();
        match found.as_slice() {
            [one] => Ok(*one),
            [] => Err(format!(
                "Nobody else at the table is called `{}`.",
                shown(name)
            )),
            _ => Err(format!(
                "`{}` could be more than one at the table; say more.",
                shown(name)
            )),
        }
    }

    /// What a master (level 10) would play here, and why in a few words.
    fn hint(&mut self, pos: &G, seat: Seat) -> String {
        let mut master = SkilledPlayer::<G>::new(Skill::Level(10), Temperament::Steady);
        let mv = master.choose(pos, &mut self.hint_rng);
        let mut after = pos.clone();
        let mut events: Vec<Event> = Vec::new();
        after.play_unchecked(mv, &mut events);
        let why = reason(pos, &after, seat, &events);
        format!(
            "A master would play {mv} ({}): {why}.",
            self.words(mv, seat)
        )
    }

    /// A character's move, told in their manner.
    fn tell_npc(&mut self, seat: Seat, mv: G::Move, events: &[Event], pos: &G) {
        let entrant = self.who[seat.index()];
        let e = &self.entrants[entrant];
        let mut words = self.words(mv, seat);
        let verbs = self.book.verbs(e.temperament);
        // "moves a man", "steps a stone": said in the character's manner ("edges",
        // "hurls"); other verbs (sows, whelps, jumps) are the game's own and stay.
        if let Some(rest) = words
            .strip_prefix("moves ")
            .or_else(|| words.strip_prefix("steps "))
            && !verbs.is_empty()
        {
            let k = pos_hash(pos) as usize % verbs.len();
            words = format!("{} {rest}", verbs[k]);
        }
        let mut line = match self.thrown.take() {
            Some(t) => format!("{} throws {t} and {words} ({mv}).", e.name),
            None => format!("{} {words} ({mv}).", e.name),
        };
        let telling = telling(events);
        if telling {
            let boasts = self.voices[entrant].lines(VoiceMoment::Boast);
            if !boasts.is_empty() {
                let k = pos_hash(pos) as usize % boasts.len();
                line.push_str(&format!(" \"{}\"", boasts[k]));
            }
        }
        // A person's turn next shows the board anyway.
        let person_next = matches!(pos.turn(), crate::games::Turn::Seat(s) if self.is_person(s));
        let show = !person_next
            && (self.sitting.boards == Boards::Every || telling || pos.outcome().is_some());
        self.tell(&line);
        if show {
            let b = self.board(pos);
            self.say(b.trim_end());
        }
    }

    /// A chance outcome typed at the table, checked against what can fall.
    fn typed_throw(&mut self, pos: &G, buf: &mut Vec<(G::Move, Chance)>) -> Option<G::Move> {
        buf.clear();
        pos.chance_outcomes(buf);
        let can: Vec<String> = buf
            .iter()
            .map(|(mv, c)| format!("{mv} ({} in {})", c.num, c.den))
            .collect();
        loop {
            let line = self.sitting.console.ask(&format!(
                "Throw the sticks and type what fell ({}): ",
                can.join(", ")
            ))?;
            let word = line.trim();
            if word.is_empty() {
                continue;
            }
            match word.parse::<G::Move>() {
                Ok(mv) if buf.iter().any(|(m, _)| *m == mv) => {
                    self.sitting.typed.push(mv.to_string());
                    return Some(mv);
                }
                _ => self.tell(&format!(
                    "`{}` cannot fall here; what can fall: {}.",
                    shown(word),
                    can.join(", ")
                )),
            }
        }
    }

    /// Asks the table for a whole number in `range`, with `question`; `None` when the
    /// input has ended.
    fn ask_number(&mut self, question: &str, lo: u32, hi: u32) -> Option<u32> {
        loop {
            let line = self
                .sitting
                .console
                .ask(&format!("{question} ({lo}-{hi}): "))?;
            match line.trim().parse::<u32>() {
                Ok(n) if (lo..=hi).contains(&n) => {
                    self.sitting.typed.push(n.to_string());
                    return Some(n);
                }
                _ => self.tell(&format!(
                    "`{}` cannot be: type a whole number from {lo} to {hi}.",
                    shown(line.trim())
                )),
            }
        }
    }
}

/// Picks the move a person typed: its number in the list, or its notation.
fn pick<M: Copy + Eq + std::fmt::Display + std::str::FromStr>(
    word: &str,
    moves: &[M],
) -> Result<M, String> {
    let numeric = numbered_by_notation(moves);
    if let Ok(n) = word.parse::<usize>() {
        let listed = if numeric {
            moves.iter().copied().find(|m| m.to_string() == word)
        } else {
            n.checked_sub(1).and_then(|i| moves.get(i)).copied()
        };
        return listed.ok_or_else(|| {
            let numbers: Vec<String> = if numeric {
                moves.iter().map(ToString::to_string).collect()
            } else {
                vec![format!("1 to {}", moves.len())]
            };
            format!(
                "There is no move {n} here: the moves are numbered {}.",
                numbers.join(", ")
            )
        });
    }
    match word.parse::<M>() {
        Ok(mv) if moves.contains(&mv) => Ok(mv),
        Ok(mv) => Err(format!(
            "{mv} is not a legal move here; type `moves` for the list."
        )),
        Err(_) => Err(format!(
            "`{}` is neither a move nor a command; type `help` for what you can type.",
            shown(word)
        )),
    }
}

/// Whether every move's notation is a number (Piç's heaps): the list then numbers each
/// move by its notation, and a number typed is the notation.
fn numbered_by_notation<M: std::fmt::Display>(moves: &[M]) -> bool {
    moves
        .iter()
        .all(|m| m.to_string().bytes().all(|b| b.is_ascii_digit()))
}

/// Whether these events make a moment worth the board (and a boast).
fn telling(events: &[Event]) -> bool {
    events.iter().any(|e| {
        matches!(
            e,
            Event::Capture { .. }
                | Event::Claim { .. }
                | Event::BringDown { .. }
                | Event::BringHome { .. }
                | Event::Enter { .. }
        )
    })
}

/// A few words on why a move is good: what it takes, what it gains, or the master's trust.
fn reason<G: Game>(before: &G, after: &G, seat: Seat, events: &[Event]) -> String {
    let taken: u32 = events
        .iter()
        .map(|e| match e {
            Event::Capture { by, count, .. } if *by == seat => u32::from(*count),
            _ => 0,
        })
        .sum();
    if after.outcome().is_some_and(|o| o.winners.contains(seat)) {
        return "it wins the game".to_owned();
    }
    if taken > 0 {
        return format!("it takes {}", crate::games::words::number(taken as usize));
    }
    let gain = after.score(seat) - before.score(seat);
    if gain > 0 {
        return format!("it gains {gain} on the count");
    }
    let lift = after.heuristic(seat) - before.heuristic(seat);
    if lift > 0.05 {
        "it leaves your position stronger than any other move".to_owned()
    } else {
        "it gives the least away".to_owned()
    }
}

/// A cheap, stable number from a position, to vary the words of a line.
fn pos_hash<G: Game>(pos: &G) -> u64 {
    let text = format!("{pos}");
    text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

impl<G: Diagram> Hands<G> for SitHands<'_, '_, G> {
    fn new_game(&mut self, who: &[usize]) {
        self.who = who.to_vec();
        self.game += 1;
        self.last = None;
        self.thrown = None;
        self.seen.clone_from(&self.start);
        self.steps = 0;
        self.unseen.clear();
        for p in self.players.iter_mut().flatten() {
            p.new_game();
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
        match &mut self.players[entrant] {
            Some(p) => Decision::Play(p.choose(pos, rng)),
            None => self.ask_person(pos, seat, rng),
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
            let mut at_table = AtTable { hands: self, rng };
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
        !self.is_person(seat)
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

    /// What the table sees of a cheat, a rule-2 penalty or an accusation. A cheat that
    /// nobody saw is not said here, where everyone at the table reads: only the person
    /// who tried it is told it stood, and the GM reads every attempt in the telling.
    fn noted(&mut self, aside: &crate::table::Aside, pos: &G) {
        use crate::table::{Aside, CheatResult};
        // What an unseen cheat added to its seat's score; a rightly accused cheat's is
        // seen now.
        match aside {
            Aside::Cheat { by, seen_by, .. } if seen_by.is_empty() => {
                if let (Some(s), Some(before)) = (self.who.iter().position(|e| e == by), &self.seen)
                {
                    let seat = Seat(s as u8);
                    let gain = G::unseen_gain(before, pos, seat);
                    if gain != 0 {
                        self.unseen.push((self.steps, seat, gain));
                    }
                }
            }
            Aside::Accused {
                against,
                right: true,
                ..
            } => {
                if let Some(s) = self.who.iter().position(|e| e == against) {
                    self.unseen.retain(|&(_, seat, _)| seat.index() != s);
                }
            }
            Aside::Cheat { .. } | Aside::Penalty { .. } | Aside::Accused { .. } => {}
        }
        self.saw(pos);
        let name = |e: usize| self.entrants[e].name.clone();
        let line = match aside {
            Aside::Cheat {
                by,
                kind,
                seen_by,
                result,
                ..
            } => {
                let person = self.players[*by].is_none();
                if seen_by.is_empty() {
                    if !person {
                        return;
                    }
                    format!("{} {}. Nobody saw.", name(*by), kind.words())
                } else {
                    let who: Vec<String> = seen_by.iter().map(|&e| name(e)).collect();
                    let then = match result {
                        CheatResult::Stood | CheatResult::TakenBack => "it is taken back",
                        CheatResult::TurnLost => {
                            "it is taken back, and the turn is lost by the house's rule"
                        }
                        CheatResult::GameForfeit => "the game is forfeit by the house's rule",
                        CheatResult::StakesForfeit => {
                            "it is taken back, and the stakes are forfeit by the house's rule"
                        }
                        CheatResult::RuleTwo => {
                            "it is undone, and a stone will be brought down for it (rule 2)"
                        }
                    };
                    format!(
                        "{} {} catches {} trying it: {} {}; {then}.",
                        who.join(" and "),
                        if who.len() == 1 { "" } else { "both" },
                        name(*by),
                        name(*by),
                        kind.words()
                    )
                    .replace("  ", " ")
                }
            }
            Aside::Penalty { by, victim, at } => format!(
                "{} brings down a stone of {}'s from {at} (rule 2).",
                name(*by),
                name(*victim)
            ),
            Aside::Accused { by, against, right } => {
                if *right {
                    format!(
                        "{} accuses {} of cheating, and rightly: the cheat is exposed.",
                        name(*by),
                        name(*against)
                    )
                } else {
                    format!(
                        "{} accuses {} of cheating, wrongly; the room does not forget it.",
                        name(*by),
                        name(*against)
                    )
                }
            }
        };
        self.tell(&line);
        let _ = pos;
    }
}

/// The first-turn ceremony thrown at the table: each throw and draw typed in, checked
/// against what can fall; when the input ends, the seeded generator throws the rest.
struct AtTable<'h, 's, 'c, G: Game> {
    hands: &'h mut SitHands<'s, 'c, G>,
    rng: &'h mut TableRng,
}

impl<G: Diagram> AtTable<'_, '_, '_, G> {
    fn named(&self, player: usize) -> String {
        self.hands.entrants[player].name.clone()
    }
}

impl<G: Diagram> Throws for AtTable<'_, '_, '_, G> {
    fn lot(&mut self, players: usize) -> usize {
        if self.hands.eof {
            return Throws::lot(&mut *self.rng, players);
        }
        let names: Vec<String> = (0..players)
            .map(|p| format!("{} {}", p + 1, self.named(p)))
            .collect();
        let q = format!(
            "Draw lots for the first turn; who won? ({})",
            names.join(", ")
        );
        match self.hands.ask_number(&q, 1, players as u32) {
            Some(n) => n as usize - 1,
            None => {
                self.hands.input_ended();
                Throws::lot(&mut *self.rng, players)
            }
        }
    }

    fn sticks(&mut self, player: usize) -> u8 {
        if self.hands.eof {
            return Throws::sticks(&mut *self.rng, player);
        }
        let q = format!(
            "{} throws the four sticks for the first turn: how many flat sides up?",
            self.named(player)
        );
        match self.hands.ask_number(&q, 0, 4) {
            Some(n) => n as u8,
            None => {
                self.hands.input_ended();
                Throws::sticks(&mut *self.rng, player)
            }
        }
    }

    fn bag(&mut self, player: usize, n: u32, whites: u32, blacks: u32) -> u32 {
        if self.hands.eof {
            return Throws::bag(&mut *self.rng, player, n, whites, blacks);
        }
        let lo = n.saturating_sub(blacks);
        let hi = n.min(whites);
        let q = format!(
            "{} draws {} from the bag ({whites} white, {blacks} black in it): how many white?",
            self.named(player),
            crate::games::words::stones(n as usize)
        );
        match self.hands.ask_number(&q, lo, hi) {
            Some(w) => w,
            None => {
                self.hands.input_ended();
                Throws::bag(&mut *self.rng, player, n, whites, blacks)
            }
        }
    }
}
