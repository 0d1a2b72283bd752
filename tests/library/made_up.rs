//! A game made up here, in this file alone, and played, told, priced, drawn (as text and
//! as pictures, filmed) and replayed
//! by the library: the proof that a game plugs into taproom through the traits and
//! nothing else (issue 41). No line outside this file names it, and it is in no registry:
//! the library reaches it through the generic functions, with the game's type.
//!
//! **The Runners.** Two to five runners on a track of eight squares (`a` to `h`), each
//! starting off the track. On a turn the runner throws a die of three faces (1, 2 or 3)
//! and runs that far; landing on a square where others stand sends them back off the
//! track. The first to reach the last square, or run past it, wins. The eldest (the first
//! named) runs first. Nothing is chosen, so the chances are the die's alone, and a count
//! by hand (below, `chances_by_hand`) says what every table should price.

use std::fmt;
use std::str::FromStr;

use taproom::games::draw::picture::{Ink, Layout, Look, PanelLine, Picture, Spot, WIDTH};
use taproom::games::draw::{BoardStyle, Diagram, Marks};
use taproom::games::{
    Chance, End, EndInfo, Evaluate, Event, EventSink, Facts, FirstTurn, OnCheat, Outcome,
    ParseError, Place, Rules, Seat, Seating, StartError, Tableside, Throws, Turn, Unit, Words,
};

/// The square that wins.
const GOAL: u8 = 8;

/// The Runners' one way of ending: a runner reached the last square.
pub const HOME_STRETCH: End = End::of(&EndInfo {
    key: "home-stretch",
    word: "home stretch",
    how: "down the home stretch",
    how_at_target: None,
    always_drawn: false,
    made_at_a_place: false,
    listed_before: "resigned",
});

/// A position: where each runner stands (0 off the track, 1 to 8 on squares `a` to `h`),
/// whose turn it is, and whether their die is in the air.
#[derive(Clone, Debug, PartialEq)]
pub struct Runners {
    at: Vec<u8>,
    to_run: u8,
    thrown: bool,
}

/// A move: the runner throws, or the die shows a face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stride {
    Throw,
    Face(u8),
}

/// The game takes no rule options.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Plain {}

/// Why a position cannot be: a runner past the goal with the game going on.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("a runner stands at {0}, past the last square")]
pub struct PastTheGoal(u8);

impl Runners {
    fn winner(&self) -> Option<Seat> {
        self.at
            .iter()
            .position(|&s| s >= GOAL)
            .map(|i| Seat(i as u8))
    }
}

fn square(at: u8) -> Place {
    Place::Square {
        file: at - 1,
        rank: 1,
    }
}

impl fmt::Display for Stride {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stride::Throw => f.write_str("throw"),
            Stride::Face(n) => write!(f, "{n}"),
        }
    }
}

impl FromStr for Stride {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Stride, ParseError> {
        match s {
            "throw" => Ok(Stride::Throw),
            "1" | "2" | "3" => Ok(Stride::Face(s.parse().expect("a digit"))),
            _ => Err(ParseError::mv(s, "a move is `throw`, or a face, 1 to 3")),
        }
    }
}

/// The notation: the squares, comma-separated, a slash, the runner to run (from 1), and
/// `*` when their die is in the air: `0,3,5/2*`.
impl fmt::Display for Runners {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at: Vec<String> = self.at.iter().map(u8::to_string).collect();
        let thrown = if self.thrown { "*" } else { "" };
        write!(f, "{}/{}{thrown}", at.join(","), self.to_run + 1)
    }
}

/// A position as its text says it, not yet judged by the rules.
#[derive(Clone, Debug)]
pub struct Track(Runners);

impl FromStr for Runners {
    type Err = taproom::games::PositionError;
    fn from_str(s: &str) -> Result<Runners, Self::Err> {
        Runners::from_text(s, &Plain::default())
    }
}

impl FromStr for Track {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Track, ParseError> {
        let bad = |why: &str| ParseError::position(s, why);
        let (at, turn) = s.split_once('/').ok_or_else(|| bad("no `/`"))?;
        let at: Vec<u8> = at
            .split(',')
            .map(|n| n.trim().parse().map_err(|_| bad("a square is a number")))
            .collect::<Result<_, _>>()?;
        let (turn, thrown) = match turn.strip_suffix('*') {
            Some(t) => (t, true),
            None => (turn, false),
        };
        let to_run: u8 = turn.parse().map_err(|_| bad("the runner is a number"))?;
        if !(2..=5).contains(&at.len()) || to_run == 0 || usize::from(to_run) > at.len() {
            return Err(bad("two to five runners, and one of them to run"));
        }
        Ok(Track(Runners {
            at,
            to_run: to_run - 1,
            thrown,
        }))
    }
}

impl Rules for Runners {
    type Move = Stride;
    type Options = Plain;
    type Setup = Track;
    type Invalid = PastTheGoal;
    type Own = taproom::games::NoOwn;
    const FACTS: Facts = Facts {
        id: "runners",
        aliases: &[],
        title: "the Runners",
        unit: Unit::Game,
        min_players: 2,
        max_players: 5,
        seat_names: &["red", "blue", "green", "yellow", "white"],
        seating: Seating::Rotate,
        match_wins: None,
        rule_two: false,
        on_cheat: OnCheat::LoseTurn,
        ends: &[HOME_STRETCH],
        tallies: &[],
        turns: "throws",
        chance: "the die",
        perft_depth: 4,
        rules: &[],
        board: true,
        target: Some(GOAL),
        store: None,
    };

    fn start(players: usize, _: &Plain) -> Result<Runners, StartError> {
        StartError::check_players::<Runners>(players)?;
        Ok(Runners {
            at: vec![0; players],
            to_run: 0,
            thrown: false,
        })
    }
    fn from_setup(Track(setup): Track, _: &Plain) -> Result<Runners, PastTheGoal> {
        match setup.at.iter().find(|&&s| s > GOAL) {
            Some(&s) => Err(PastTheGoal(s)),
            None => Ok(setup),
        }
    }
    fn players(&self) -> usize {
        self.at.len()
    }
    fn turn(&self) -> Turn {
        match (self.winner(), self.thrown) {
            (Some(_), _) => Turn::Over,
            (None, true) => Turn::Chance,
            (None, false) => Turn::Seat(Seat(self.to_run)),
        }
    }
    fn legal_moves(&self, out: &mut Vec<Stride>) {
        if self.turn() != Turn::Over && !self.thrown {
            out.push(Stride::Throw);
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(Stride, Chance)>) {
        if self.turn() == Turn::Chance {
            out.extend((1..=3).map(|n| (Stride::Face(n), Chance::new(1, 3))));
        }
    }
    fn play_unchecked(&mut self, mv: Stride, events: &mut impl EventSink) {
        let Stride::Face(n) = mv else {
            self.thrown = true;
            return;
        };
        let me = usize::from(self.to_run);
        self.at[me] = (self.at[me] + n).min(GOAL);
        let to = self.at[me];
        for other in 0..self.at.len() {
            if other == me || self.at[other] != to {
                continue;
            }
            self.at[other] = 0;
            events.emit(Event::Capture {
                by: Seat(self.to_run),
                victim: Seat(other as u8),
                at: square(to),
                count: 1,
            });
        }
        self.thrown = false;
        if let Some(outcome) = self.outcome() {
            events.emit(Event::Over { outcome });
        } else {
            self.to_run = (self.to_run + 1) % self.at.len() as u8;
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.winner().map(|w| Outcome::win(w, HOME_STRETCH))
    }
    fn score(&self, seat: Seat) -> i32 {
        i32::from(self.at[seat.index()])
    }
    fn first_turn(_players: usize, _throws: &mut dyn Throws) -> FirstTurn {
        // The eldest runs first: no lot is drawn.
        FirstTurn {
            winner: 0,
            events: vec![Event::FirstTurn { winner: Seat(0) }],
        }
    }
}

impl Evaluate for Runners {
    fn heuristic(&self, seat: Seat) -> f32 {
        let mine = f32::from(self.at[seat.index()]);
        let best = self
            .at
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != seat.index())
            .map(|(_, &s)| f32::from(s))
            .fold(0.0, f32::max);
        (mine - best) / f32::from(GOAL)
    }
}

impl Tableside for Runners {
    fn first_turn_odds(players: usize) -> Vec<f64> {
        let mut odds = vec![0.0; players];
        odds[0] = 1.0;
        odds
    }
}

impl Words for Runners {
    const RULES_PAGE: &'static str = "# The Runners\n\nThrow the die of three faces and run; \
        land on others and send them back; the first to the last square wins.\n";
    const HEADING: &'static str = "Runners";
    const PHRASES: &'static str =
        "[runners]\nopening = [\"{mover} {move}, and the runners are off.\"]\n";
}

impl Diagram for Runners {
    /// The track as a row of squares, each runner's letter on theirs, the ones off the
    /// track to the left: `RB | . . G . . . . . |`.
    fn diagram_with(&self, _: &BoardStyle, marks: &Marks<'_, Stride>) -> String {
        let letter = |i: usize| Runners::FACTS.seat_names[i][..1].to_uppercase();
        let off: String = (0..self.at.len())
            .filter(|&i| self.at[i] == 0)
            .map(letter)
            .collect();
        let squares: Vec<String> = (1..=GOAL)
            .map(|s| {
                let here: String = (0..self.at.len())
                    .filter(|&i| self.at[i] == s)
                    .map(letter)
                    .collect();
                if here.is_empty() {
                    ".".to_owned()
                } else {
                    here
                }
            })
            .collect();
        let mut out = format!("{off:>5} | {} |\n", squares.join(" "));
        for (i, &s) in self.at.iter().enumerate() {
            let name = marks.names.get(i).copied().unwrap_or("");
            out.push_str(&format!("{} {name}: {s}\n", letter(i)));
        }
        out
    }
}

/// The picture: a row of eight squares with each runner's disc in its seat's colour, and
/// beside it a column of places off the track, one a runner.
impl Picture for Runners {
    fn layout(players: usize) -> Layout {
        let step = (WIDTH - 240.0) / f32::from(GOAL);
        let mut spots: Vec<Spot> = (0..players)
            .map(|i| Spot::new(format!("off {}", i + 1), 60.0, 60.0 + 60.0 * i as f32, 18.0))
            .collect();
        spots.extend((1..=GOAL).map(|s| {
            let name = char::from(b'a' + s - 1).to_string();
            Spot::new(name, 200.0 + step * f32::from(s - 1), 60.0, 18.0)
        }));
        Layout {
            board_height: 100.0 + 60.0 * players as f32,
            backdrop: format!(
                r#"<rect x="150" y="30" width="{}" height="60" fill="tan"/>"#,
                step * f32::from(GOAL)
            ),
            spots,
            panel_lines: players,
        }
    }

    fn look(&self, marks: &Marks<'_, Stride>, _hidden: &[i32]) -> Look {
        let n = self.at.len();
        let mut look = Look::empty(n + usize::from(GOAL));
        for (i, &s) in self.at.iter().enumerate() {
            let spot = if s == 0 { i } else { n + usize::from(s) - 1 };
            look.inks[spot] = Ink::Seat(i as u8);
            let name = marks.names.get(i).copied().unwrap_or("");
            look.panel.push(PanelLine {
                swatch: Some(Ink::Seat(i as u8)),
                text: format!("{name}: {s}"),
                strong: false,
            });
        }
        look
    }
}

// ---------------------------------------------------------------------------------------
// What the library does with it.

use taproom::ai::Effort;
use taproom::narrate::{Detail, Narrator, Phrasebook};
use taproom::ops::spec::{Draft, MatchSpec, Seated};
use taproom::report::replay::replay_of;
use taproom::roster::Roster;
use taproom::table::{Format, MatchLog, RuleOptions, play_match};
use taproom::wager::Market;

/// Each seat's chance of winning one game from the start, the first seat running first,
/// counted by hand: the chance of every position where a runner is about to throw, by
/// value iteration until no chance moves by 1e-15 (landing on others makes the race go
/// round, so a plain recursion would not end).
fn chances_by_hand(players: usize) -> Vec<f64> {
    let squares = usize::from(GOAL); // 0 to 7: a runner on 8 has won
    let positions = squares.pow(players as u32);
    let index = |at: &[usize], to_run: usize| {
        at.iter().rev().fold(0, |i, &s| i * squares + s) * players + to_run
    };
    let mut value = vec![vec![0.0f64; players]; positions * players];
    loop {
        let mut moved = 0.0f64;
        for code in 0..positions {
            let at: Vec<usize> = (0..players)
                .map(|k| code / squares.pow(k as u32) % squares)
                .collect();
            for to_run in 0..players {
                let mut next = vec![0.0; players];
                for face in 1..=3 {
                    let mut after = at.clone();
                    after[to_run] += face;
                    if after[to_run] >= squares {
                        next[to_run] += 1.0 / 3.0;
                        continue;
                    }
                    for k in 0..players {
                        if k != to_run && after[k] == after[to_run] {
                            after[k] = 0;
                        }
                    }
                    let v = &value[index(&after, (to_run + 1) % players)];
                    for (n, x) in next.iter_mut().zip(v) {
                        *n += x / 3.0;
                    }
                }
                let here = &mut value[index(&at, to_run)];
                for (h, n) in here.iter_mut().zip(&next) {
                    moved = moved.max((*h - n).abs());
                    *h = *n;
                }
            }
        }
        if moved < 1e-15 {
            return value[index(&vec![0; players], 0)].clone();
        }
    }
}

/// A match of the Runners between the first `n` built-in characters, as the library
/// checks and seats it.
fn spec(n: usize, format: Format, seed: u64) -> MatchSpec {
    let roster = Roster::built_in();
    let seats = ["Brannoc", "Mirela", "Pip", "Tamsin", "Ysolde"][..n]
        .iter()
        .map(|name| Seated {
            character: roster.named(name).unwrap().clone(),
            given_file: None,
        })
        .collect();
    let draft = Draft {
        seats,
        format: Some(format),
        seed,
        ..Draft::default()
    };
    MatchSpec::of::<Runners>(draft).unwrap()
}

fn played(spec: &MatchSpec) -> MatchLog {
    let settings = spec.settings::<Runners>(Effort::Full).unwrap();
    play_match::<Runners>(&spec.entrants(), &settings).unwrap()
}

/// Where the runners stand after `moves` from the start, by this file's reading of its
/// own rules, and what was taken on the way.
fn walked(players: usize, first: usize, moves: &[String]) -> (Vec<u8>, usize) {
    let mut at = vec![0u8; players];
    let mut to_run = first;
    let mut taken = 0;
    for mv in moves {
        if mv == "throw" {
            continue;
        }
        let face: u8 = mv.parse().expect("a face");
        assert!((1..=3).contains(&face), "a face of the die: {mv}");
        at[to_run] = (at[to_run] + face).min(GOAL);
        let here = at[to_run];
        for (k, square) in at.iter_mut().enumerate() {
            if k != to_run && *square == here {
                *square = 0;
                taken += 1;
            }
        }
        if here < GOAL {
            to_run = (to_run + 1) % players;
        }
    }
    (at, taken)
}

#[test]
fn the_runners_are_played_to_the_end_by_their_own_rules_at_every_table_size() {
    for n in 2..=5 {
        let spec = spec(n, Format::BestOf(3), 7 + n as u64);
        let log = played(&spec);
        assert_eq!(log.game, Runners::KIND);
        assert_eq!(log.game.title(), "the Runners");
        for game in &log.games {
            let moves: Vec<String> = game.steps.iter().map(|s| s.mv.to_string()).collect();
            // The log keeps the game's own moves, written in its notation.
            for step in &game.steps {
                let mv = step.mv.get::<Stride>().expect("the game's own move");
                assert_eq!(mv.to_string(), step.mv.text());
            }
            assert_eq!(
                game.start.get::<Runners>().map(|r| r.at.clone()),
                Some(vec![0; n])
            );
            // Seat 0 runs first in every game; throws and faces alternate.
            for (i, mv) in moves.iter().enumerate() {
                assert_eq!(mv == "throw", i % 2 == 0, "step {i} of {moves:?}");
            }
            let (at, taken) = walked(n, 0, &moves);
            let winner = at.iter().position(|&s| s == GOAL).expect("someone home");
            assert_eq!(at.iter().filter(|&&s| s == GOAL).count(), 1);
            assert_eq!(game.winners, vec![game.seats[winner]], "{moves:?}");
            let captures = game
                .steps
                .iter()
                .flat_map(|s| &s.events)
                .filter(|e| matches!(e, Event::Capture { .. }))
                .count();
            assert_eq!(captures, taken);
        }
        let needed = log.wins.iter().max().copied().unwrap();
        assert_eq!(needed, 2, "best of three: {:?}", log.wins);
    }
}

#[test]
fn the_runners_are_told_with_the_common_lines_naming_the_winner() {
    for n in [2, 3, 5] {
        let spec = spec(n, Format::BestOf(3), 40 + n as u64);
        let log = played(&spec);
        let voices: Vec<_> = spec
            .seats
            .iter()
            .map(|s| s.character.voice.clone())
            .collect();
        let voices: Vec<_> = voices.iter().collect();
        let book = Phrasebook::built_in();
        for detail in [Detail::Brief, Detail::Full] {
            let scenes = Narrator::of::<Runners>(&book, &log, &voices).tell(detail);
            let lines: Vec<&str> = scenes
                .iter()
                .flat_map(|s| &s.lines)
                .map(String::as_str)
                .collect();
            let text = lines.join("\n");
            assert!(lines.len() >= 3, "{detail:?}: {text}");
            let winner = &log.entrants[log.winners[0]].name;
            let short = winner.split_whitespace().next().unwrap();
            assert!(text.contains(short), "{detail:?}: no {short} in {text}");
            assert!(!text.contains("{"), "a placeholder left: {text}");
            // No line from another game's section: their names and their pieces.
            for word in [
                "Piç", "Tides", "Kiust", "Òicus", "heap", "stones", "counters",
            ] {
                assert!(!text.contains(word), "another game's word {word}: {text}");
            }
        }
    }
}

/// The game's own phrasebook section, which only it may hold, is merged by the library and
/// read for its moments; the common lines serve where it has none, and without it the
/// line is never said.
#[test]
fn the_runners_own_lines_are_told_once_merged() {
    let spec = spec(3, Format::BestOf(3), 77);
    let log = played(&spec);
    let voices: Vec<_> = spec
        .seats
        .iter()
        .map(|s| s.character.voice.clone())
        .collect();
    let voices: Vec<_> = voices.iter().collect();
    let own = "and the runners are off.";
    let told = |book: &Phrasebook| -> String {
        let scenes = Narrator::of::<Runners>(book, &log, &voices).tell(Detail::Full);
        scenes
            .iter()
            .flat_map(|s| s.lines.clone())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let mut book = Phrasebook::built_in();
    assert!(!told(&book).contains(own));
    book.merge_game::<Runners>().unwrap();
    let text = told(&book);
    // Full telling tells the match's opening, and the Runners' is the only opening line
    // the book has for them.
    assert_eq!(text.matches(own).count(), 1, "{text}");
    assert!(!text.contains('{'), "{text}");
    // A registry game's section is not the made-up game's to hold.
    let mut other = Phrasebook::built_in();
    let wrong = other.merge_toml(std::path::Path::new("runners.toml"), Runners::PHRASES);
    assert!(wrong.unwrap_err().to_string().contains("runners"));
}

#[test]
fn the_runners_are_priced_as_a_count_by_hand_says() {
    for n in 2..=4 {
        let by_hand = chances_by_hand(n);
        assert!((by_hand.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        // Running first is worth enough that a price of even chances fails below.
        assert!(by_hand[0] - 1.0 / n as f64 > 0.04, "{by_hand:?}");
        let spec = spec(n, Format::BestOf(1), 100 + n as u64);
        let sims = 4000;
        let priced = taproom::ops::wagers::estimates_seen::<Runners>(
            &spec,
            &[Market::Match],
            sims,
            &(),
            "counting",
            taproom::ops::Sight::Bookie,
        )
        .unwrap();
        let chances = &priced[0].outright;
        assert_eq!(chances.len(), n);
        for (seat, (&p, &q)) in chances.iter().zip(&by_hand).enumerate() {
            let sd = (q * (1.0 - q) / sims as f64).sqrt();
            assert!(
                (p - q).abs() < 4.5 * sd,
                "{n} runners, seat {seat}: {p} v {q}"
            );
        }
    }
}

/// Where the track line of a drawing puts each runner: 0 off the track, else the square.
fn read_track(board: &str, players: usize) -> Vec<u8> {
    let line = board.lines().find(|l| l.contains(" | ")).expect("a track");
    let (off, rest) = line.split_once(" | ").unwrap();
    let squares: Vec<&str> = rest.trim_end_matches(" |").split(' ').collect();
    assert_eq!(squares.len(), usize::from(GOAL), "{line}");
    (0..players)
        .map(|i| {
            let letter = Runners::FACTS.seat_names[i][..1].to_uppercase();
            match squares.iter().position(|sq| sq.contains(&letter)) {
                Some(k) => k as u8 + 1,
                None => {
                    assert!(off.contains(&letter), "runner {i} nowhere: {line}");
                    0
                }
            }
        })
        .collect()
}

/// Where the runners stand after each step of `game` at `n` seats, by this file's own
/// walk of its moves ([`walked`]).
fn tracks(game: &taproom::table::GameLog, n: usize) -> Vec<Vec<u8>> {
    let moves: Vec<String> = game.steps.iter().map(|s| s.mv.to_string()).collect();
    (0..moves.len())
        .map(|i| walked(n, 0, &moves[..=i]).0)
        .collect()
}

#[test]
fn the_runners_are_drawn_and_replayed_frame_by_frame() {
    for n in [2, 3, 5] {
        let spec = spec(n, Format::BestOf(3), 70 + n as u64);
        let log = played(&spec);
        let shown =
            replay_of::<Runners>(&log, &RuleOptions::default(), None, BoardStyle::PLAIN).unwrap();
        assert_eq!(shown.games.len(), log.games.len());
        assert!(shown.title.starts_with("the Runners: "), "{}", shown.title);
        for (game, seen) in log.games.iter().zip(&shown.games) {
            assert_eq!(read_track(&seen.start, n), vec![0; n]);
            let walk = tracks(game, n);
            assert_eq!(seen.steps.len(), walk.len());
            for (i, (frame, at)) in seen.steps.iter().zip(walk).enumerate() {
                assert_eq!(read_track(&frame.board, n), at, "step {i}: {}", frame.board);
                for line in frame.board.lines().chain(frame.heading.lines()) {
                    assert!(line.chars().count() <= 80, "{line}");
                }
            }
        }
    }
}

/// Where each runner stands in a still's position (its notation, `0,3,5/2*`).
fn still_track(position: &str) -> Vec<u8> {
    let (at, _) = position.split_once('/').expect("a slash");
    at.split(',')
        .map(|s| s.parse().expect("a square"))
        .collect()
}

/// The film of each game, and of the whole match, as the library makes it from the log:
/// its stills run through the positions this file's own walk of the moves passes, in
/// order, from the start to the end; each still's picture shows every runner once, where
/// the walk puts it; each SVG holds each runner's colour.
#[test]
fn the_runners_are_filmed_as_pictures_still_by_still() {
    use taproom::report::board::picture::{SEAT_COLOURS, film_match_of, film_of};
    for n in [2, 4, 5] {
        let spec = spec(n, Format::BestOf(3), 90 + n as u64);
        let log = played(&spec);
        let rules = RuleOptions::default();
        let mut stills = 0;
        for game in &log.games {
            let film = film_of::<Runners>(&log, &rules, Some(game.number), false).unwrap();
            let mut walk: Vec<Vec<u8>> = vec![vec![0; n]];
            for at in tracks(game, n) {
                if walk.last() != Some(&at) {
                    walk.push(at);
                }
            }
            let mut seen: Vec<Vec<u8>> = Vec::new();
            for still in &film.stills {
                let at = still_track(&still.position);
                // The picture: runner i's colour on the spot of its square, and nowhere else.
                for (i, &s) in at.iter().enumerate() {
                    let spot = if s == 0 { i } else { n + usize::from(s) - 1 };
                    let inked: Vec<usize> = (0..still.look.inks.len())
                        .filter(|&k| still.look.inks[k] == Ink::Seat(i as u8))
                        .collect();
                    assert_eq!(inked, [spot], "runner {i} at {s}: {}", still.position);
                }
                if seen.last() != Some(&at) {
                    seen.push(at);
                }
            }
            assert_eq!(seen, walk, "game {}", game.number);
            assert_eq!(film.last().position, game.end.text());
            for svg in film.svgs() {
                assert!(svg.starts_with("<svg"), "{svg}");
                for rgb in &SEAT_COLOURS[..n] {
                    let hex = format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2]);
                    assert!(svg.contains(&hex), "no {hex}");
                }
            }
            stills += film.stills.len();
        }
        let whole = film_match_of::<Runners>(&log, &rules, false).unwrap();
        assert_eq!(whole.stills.len(), stills);
    }
}
