//! The search on a toy game with chance and up to five seats, where the right move is
//! known, and on Tides of War positions with a forced win or a forced defence.

use std::fmt;
use std::str::FromStr;

use super::*;
use crate::ai::table_rng;
use crate::games::tides::Tides;
use crate::games::{
    Evaluate, EventSink, GameKind, Outcome, ParseError, PositionError, Rules, Seat, Tableside,
    Words,
};

/// A race: each seat has a counter; on its turn a seat either steps (+1) or gambles (a
/// coin: +3 or nothing). The first to reach `GOAL` wins.
#[derive(Clone, Debug, PartialEq)]
struct Race {
    counters: Vec<u8>,
    to_move: u8,
    gambling: bool,
    winner: Option<u8>,
}

const GOAL: u8 = 10;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Act {
    Step,
    Gamble,
    Heads,
    Tails,
}

impl fmt::Display for Act {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl FromStr for Act {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        Err(ParseError::mv(s, "the toy race reads no moves"))
    }
}

impl fmt::Display for Race {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} {}", self.counters, self.to_move)
    }
}

/// The toy race reads no positions: its setup never parses, so none is ever made.
#[derive(Clone, Debug)]
enum NoSetup {}

impl FromStr for NoSetup {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        Err(ParseError::position(s, "the toy race reads no positions"))
    }
}

impl FromStr for Race {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Self, PositionError> {
        Race::from_text(s, &())
    }
}

impl Race {
    fn at(counters: &[u8], to_move: u8) -> Race {
        Race {
            counters: counters.to_vec(),
            to_move,
            gambling: false,
            winner: None,
        }
    }

    fn advance(&mut self, by: u8) {
        let me = usize::from(self.to_move);
        self.counters[me] += by;
        if self.counters[me] >= GOAL {
            self.winner = Some(self.to_move);
        }
        self.gambling = false;
        self.to_move = (self.to_move + 1) % self.counters.len() as u8;
    }
}

impl Rules for Race {
    type Move = Act;
    type Options = ();
    type Setup = NoSetup;
    type Invalid = std::convert::Infallible;
    type Own = crate::games::NoOwn;
    const KIND: GameKind = GameKind::Pic;
    const FACTS: crate::games::Facts = <crate::games::pic::Pic as Rules>::FACTS;

    fn start(players: usize, _: &()) -> Result<Self, crate::games::StartError> {
        Ok(Race::at(&vec![0; players], 0))
    }
    fn from_setup(setup: NoSetup, _: &()) -> Result<Self, Self::Invalid> {
        match setup {}
    }
    fn players(&self) -> usize {
        self.counters.len()
    }
    fn turn(&self) -> Turn {
        match (self.winner, self.gambling) {
            (Some(_), _) => Turn::Over,
            (None, true) => Turn::Chance,
            (None, false) => Turn::Seat(Seat(self.to_move)),
        }
    }
    fn legal_moves(&self, out: &mut Vec<Act>) {
        if self.turn() != Turn::Over && !self.gambling {
            out.extend([Act::Step, Act::Gamble]);
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(Act, Chance)>) {
        if self.turn() == Turn::Chance {
            out.extend([
                (Act::Heads, Chance::new(1, 2)),
                (Act::Tails, Chance::new(1, 2)),
            ]);
        }
    }
    fn play_unchecked(&mut self, mv: Act, _: &mut impl EventSink) {
        match mv {
            Act::Step => self.advance(1),
            Act::Gamble => self.gambling = true,
            Act::Heads => self.advance(3),
            Act::Tails => self.advance(0),
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.winner
            .map(|w| Outcome::win(Seat(w), crate::games::oicus::POINTS))
    }
}

impl Evaluate for Race {
    fn heuristic(&self, seat: Seat) -> f32 {
        let mine = f32::from(self.counters[seat.index()]);
        let best_other = self
            .counters
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != seat.index())
            .map(|(_, &c)| f32::from(c))
            .fold(0.0, f32::max);
        (mine - best_other) / f32::from(GOAL)
    }
}

impl Tableside for Race {}

impl Words for Race {
    const RULES_PAGE: &'static str =
        "# The toy race\n\nStep one, or gamble for three or none; the first to the goal wins.\n";
    const HEADING: &'static str = "Race";
}

fn config(iterations: u32) -> Config {
    Config {
        iterations,
        exploration: 0.4,
        leaf: Leaf::Evaluate {
            plies: 0,
            sharpness: 6.0,
        },
        stop_early: None,
        solver: true,
        contempt: 0.0,
        draw_horizon: 0.0,
    }
}

fn best<M: Copy>(root: &[RootMove<M>]) -> M {
    root.iter()
        .max_by(|a, b| a.value.total_cmp(&b.value))
        .unwrap()
        .mv
}

#[test]
fn each_seat_of_three_takes_its_own_sure_win() {
    // Seat 2 of three steps home; the other seats' interests do not matter to it.
    let pos = Race::at(&[8, 8, 9], 2);
    let root = Search::new(config(200))
        .run(&pos, &mut table_rng(1))
        .to_vec();
    assert_eq!(best(&root), Act::Step);
    let step = root.iter().find(|r| r.mv == Act::Step).unwrap();
    assert!(step.exact && (step.value - 1.0).abs() < 1e-6, "{step:?}");
}

#[test]
fn a_seat_that_loses_by_stepping_gambles_at_the_odds() {
    // Seat 0 needs 3; seat 1 steps home next. Stepping loses for sure, the coin wins half
    // the time, and the search knows the half exactly.
    let pos = Race::at(&[7, 9], 0);
    let root = Search::new(config(400))
        .run(&pos, &mut table_rng(2))
        .to_vec();
    assert_eq!(best(&root), Act::Gamble);
    let gamble = root.iter().find(|r| r.mv == Act::Gamble).unwrap();
    let step = root.iter().find(|r| r.mv == Act::Step).unwrap();
    assert!(
        gamble.exact && (gamble.value - 0.5).abs() < 1e-6,
        "{gamble:?}"
    );
    assert!(step.exact && step.value.abs() < 1e-6, "{step:?}");
}

#[test]
fn five_seats_play_out_to_a_winner() {
    let mut pos = Race::start(5, &()).unwrap();
    let mut rng = table_rng(3);
    let mut search = Search::new(config(50));
    let mut buf = Vec::new();
    for _ in 0..200 {
        let mv = match pos.turn() {
            Turn::Over => break,
            Turn::Chance => sample_chance(&pos, &mut rng, &mut buf),
            Turn::Seat(_) => best(search.run(&pos, &mut rng)),
        };
        pos.play_unchecked(mv, &mut ());
    }
    assert!(pos.winner.is_some(), "{pos}");
}

#[test]
fn a_conquest_in_one_is_found_and_proven() {
    // White's e5 stone steps into Black's town f6.
    let pos: Tides = "....../....W./....../..B.../....../...... w"
        .parse()
        .unwrap();
    let mut search = Search::new(config(1000));
    let root = search.run(&pos, &mut table_rng(4)).to_vec();
    let win = best(&root);
    assert_eq!(win.to_string(), "e5-f6");
    assert!(root.iter().any(|r| r.exact && r.value > 0.999));
    assert!(
        search.iterations_run() < 1000,
        "a proven root stops the search"
    );
}

#[test]
fn the_only_defence_against_conquest_is_found() {
    // Black's b2 threatens to step into White's town a1, which White may not enter to
    // block; only the jump c2xa2, taking b2, saves the game.
    let pos: Tides = "....../....B./....../....../.BW.../...... w"
        .parse()
        .unwrap();
    let root = Search::new(config(2000))
        .run(&pos, &mut table_rng(5))
        .to_vec();
    assert_eq!(best(&root).to_string(), "c2xa2");
}

#[test]
fn the_same_seed_replays_the_same_search() {
    let pos = Tides::start(2, &Default::default()).unwrap();
    let mut search = Search::new(config(300));
    let a = search.run(&pos, &mut table_rng(6)).to_vec();
    let b = search.run(&pos, &mut table_rng(6)).to_vec();
    assert_eq!(a, b, "the reused tree leaves nothing behind");
    let c = search.run(&pos, &mut table_rng(7)).to_vec();
    assert_ne!(a, c);
    assert_eq!(a.iter().map(|r| r.visits).sum::<u32>(), 300);
}

#[test]
fn a_prior_steers_the_first_iterations() {
    let pos = Tides::start(2, &Default::default()).unwrap();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut priors = vec![0.2; moves.len()];
    priors[3] = 0.9;
    let mut search = Search::new(config(20));
    let root = search.run_guided(&pos, &mut table_rng(8), &priors, 50);
    let most = root.iter().max_by_key(|r| r.visits).unwrap();
    assert_eq!(most.mv, moves[3]);
}

#[test]
fn the_baseline_rolls_out_to_the_end_without_proofs() {
    let pos: Tides = "....../....W./....../..B.../....../...... w"
        .parse()
        .unwrap();
    let mut search = Search::new(crate::ai::levels::BASELINE);
    let root = search.run(&pos, &mut table_rng(9)).to_vec();
    assert_eq!(search.iterations_run(), 1000, "no early stop, no proof");
    let most = root.iter().max_by_key(|r| r.visits).unwrap();
    assert_eq!(most.mv.to_string(), "e5-f6");
}

#[test]
fn stopping_early_saves_iterations_and_a_smaller_share_saves_more() {
    // Piç from the start: three moves, one of them plainly better for a while.
    use crate::games::pic::Pic;
    let pos = Pic::start(2, &Default::default()).unwrap();
    let run = |stop_early| {
        let mut search = Search::new(Config {
            stop_early,
            solver: false,
            ..config(4_000)
        });
        let root = search.run(&pos, &mut table_rng(11));
        let most = root.iter().max_by_key(|r| r.visits).unwrap().mv;
        (search.iterations_run(), most)
    };
    let (never, pick) = run(None);
    let (certain, pick_certain) = run(Some(1.0));
    let (soon, _) = run(Some(0.3));
    assert_eq!(never, 4_000);
    assert!(certain < never, "{certain} iterations");
    assert!(soon < certain, "{soon} against {certain} iterations");
    // Stopping only when the most visited move is certain keeps the choice.
    assert_eq!(pick, pick_certain);
}

#[test]
fn the_logarithm_table_gives_what_ln_gives() {
    // Bit for bit, so that a table lookup never changes a choice.
    for visits in [
        0,
        1,
        2,
        3,
        7,
        100,
        4_095,
        super::LN_TABLE - 1,
        super::LN_TABLE,
        100_000,
    ] {
        let looked_up = super::ln_visits(visits);
        let computed = (visits as f32).ln();
        assert_eq!(looked_up.to_bits(), computed.to_bits(), "ln({visits})");
    }
}
