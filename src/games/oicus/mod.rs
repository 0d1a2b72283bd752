//! Òicustiỳtac ("dogfight"), one round of it, exactly as `shared/rules/oicustiytac.md`
//! says: two Lands of ten traps, whelping, vertical and diagonal moves, crowding, bringing
//! down and bringing home, a round to 21 points.
//!
//! A value of [`Oicus`] is one round; the match layer plays rounds to three and hands the
//! black stones to the winner of the last one. Seat 0 is Black, who moves first; seat 1 is
//! White. A move is one whole turn ([`Move`]); [`Game::legal_moves`] lists every distinct
//! turn once, two turns being the same when they are the same multiset of actions.

mod actions;
mod first;
mod generate;
mod position;
mod turns;
mod view;

mod moves;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_examples;
#[cfg(test)]
mod tests_reference;

use serde::Deserialize;

pub use moves::{Action, ActionKind, Move};

use super::{End, Event, EventSink, FirstTurn, Game, GameKind, Outcome, Place, Seat, Turn};

/// Stones per player in a round.
pub const STONES: u8 = 15;
/// Points that end a round.
pub const TARGET: u8 = 21;
/// The most stones a trap holds after a turn (rule 8).
pub const TRAP_LIMIT: u8 = 5;
/// Traps on the board: Black's Land (indices 0–9, trap `t` at `t − 1`), then White's.
pub const TRAPS: usize = 20;

/// The start of a round.
pub const START: &str = ". . . . . . . . . . / . . . . . . . . . . ; 15 15 ; 0 0 ; b";

/// Who takes a round that ends at 21 or more points on equal scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EqualAt21 {
    /// The player who just moved (the spec's house reading).
    #[default]
    Mover,
    /// Nobody: the round is drawn, like a stalled round on equal scores.
    Drawn,
}

/// The rule options of Òicustiỳtac (the spec's house readings that could go another way).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "snake_case")]
pub struct Options {
    /// Turns (passes included) after which the round ends and the score decides; 0 for
    /// no cap. The spec's house reading is 300.
    pub turn_cap: u16,
    /// Who takes a round ended by points on equal scores.
    pub equal_at_21: EqualAt21,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            turn_cap: 300,
            equal_at_21: EqualAt21::Mover,
        }
    }
}

/// One round of Òicustiỳtac. Seat 0 is Black, seat 1 White.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Oicus {
    /// Stones of each colour (black, white) in each trap, by trap index.
    stones: [[u8; TRAPS]; 2],
    /// Stones not yet whelped, per colour.
    supply: [u8; 2],
    /// Points, per colour.
    points: [u8; 2],
    /// The side to move, 0 (Black) or 1 (White).
    side: u8,
    /// Whether the turn just played was a pass (not part of the position text).
    passed: bool,
    /// Turns played this round, for the cap (not part of the position text).
    turns: u16,
    options: Options,
    result: Option<Outcome>,
}

impl Oicus {
    /// The stones of `seat` in the trap at `index` (`land * 10 + trap − 1`).
    #[must_use]
    pub fn stones_at(&self, seat: Seat, index: usize) -> u8 {
        self.stones[seat.index()][index]
    }

    /// The stones of `seat` still in the supply.
    #[must_use]
    pub fn supply(&self, seat: Seat) -> u8 {
        self.supply[seat.index()]
    }

    /// The stones of `seat` on the board.
    #[must_use]
    pub fn on_board(&self, seat: Seat) -> u8 {
        self.stones[seat.index()].iter().sum()
    }

    /// Turns played this round (passes included).
    #[must_use]
    pub fn turns_played(&self) -> u16 {
        self.turns
    }

    /// The place a trap index names.
    fn place(index: usize) -> Place {
        Place::Trap {
            land: Seat((index / 10) as u8),
            trap: (index % 10) as u8 + 1,
        }
    }

    /// The winner on the score, if there is one.
    fn leader(&self) -> Option<Seat> {
        match self.points[0].cmp(&self.points[1]) {
            std::cmp::Ordering::Greater => Some(Seat(0)),
            std::cmp::Ordering::Less => Some(Seat(1)),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Decides whether the round ended with the turn `mover` just played (`passed` says
    /// whether that turn was a pass, `before` whether the turn before it was one).
    fn settle(&mut self, mover: u8, passed: bool, before: bool, events: &mut impl EventSink) {
        let by_score = |end| {
            self.leader()
                .map_or(Outcome::draw(end), |s| Outcome::win(s, end))
        };
        let outcome = if self.points.iter().any(|&p| p >= TARGET) {
            match (self.leader(), self.options.equal_at_21) {
                (Some(s), _) => Outcome::win(s, End::Points),
                (None, EqualAt21::Mover) => Outcome::win(Seat(mover), End::Points),
                (None, EqualAt21::Drawn) => Outcome::draw(End::Points),
            }
        } else if passed && before {
            by_score(End::Stalled)
        } else if self.options.turn_cap > 0 && self.turns >= self.options.turn_cap {
            by_score(End::Cap)
        } else {
            return;
        };
        self.result = Some(outcome);
        events.emit(Event::Over { outcome });
    }

    /// [`Game::heuristic`] of both seats, the threats against each worked out once.
    fn judgements(&self) -> [f32; 2] {
        let exposed = self.exposed();
        let threats = [
            self.threat_against(0, exposed[0]),
            self.threat_against(1, exposed[1]),
        ];
        let in_play = |s: usize| f32::from(self.supply[s] + self.stones[s].iter().sum::<u8>());
        let weight = |s: usize| {
            if s == usize::from(self.side) {
                1.0
            } else {
                0.5
            }
        };
        [0, 1].map(|me| {
            let them = 1 - me;
            let points = f32::from(self.points[me]) - f32::from(self.points[them]);
            let stones = in_play(me) - in_play(them);
            let threat =
                f32::from(threats[them]) * weight(me) - f32::from(threats[me]) * weight(them);
            let value = 0.6 * (points / f32::from(TARGET))
                + 0.15 * (stones / f32::from(STONES))
                + 0.25 * (threat / 3.0);
            value.clamp(-1.0, 1.0)
        })
    }

    /// For each seat, the traps (bit `i` for trap `i`) where a threat against it can lie:
    /// those holding a stone of its that three more stones (the most one turn brings into
    /// a trap) would crowd. Eight traps at a time, a byte each (no count reaches 128).
    fn exposed(&self) -> [u32; 2] {
        /// One in every byte.
        const LANES: u64 = 0x0101_0101_0101_0101;
        /// The high bit of every byte.
        const HIGH: u64 = LANES << 7;
        /// Traps `8 * k..8 * k + 8` of `counts` as the bytes of a word, past the last as 0.
        fn word(counts: &[u8; TRAPS], k: usize) -> u64 {
            let mut bytes = [0u8; 8];
            let start = 8 * k;
            let end = (start + 8).min(TRAPS);
            bytes[..end - start].copy_from_slice(&counts[start..end]);
            u64::from_le_bytes(bytes)
        }
        /// The high bits of a word's bytes as the low bits of a mask, byte `i` to bit `i`.
        fn high_bits(x: u64) -> u32 {
            ((x >> 7 & LANES).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
        }
        let mut out = [0u32; 2];
        for k in 0..TRAPS.div_ceil(8) {
            let (black, white) = (word(&self.stones[0], k), word(&self.stones[1], k));
            // A byte's high bit: both sides' stones there at least `TRAP_LIMIT - 2`; the
            // seat's at least 1.
            let crowdable = (black + white + LANES * u64::from(128 - (TRAP_LIMIT - 2))) & HIGH;
            for (seat, stones) in [black, white].into_iter().enumerate() {
                let held = (stones + LANES * 127) & HIGH;
                out[seat] |= high_bits(crowdable & held) << (8 * k);
            }
        }
        out
    }

    /// The most stones of `seat` that could be brought down by the other side in one turn,
    /// judged roughly (crowding aside): the threat the heuristic weighs. `exposed` is
    /// [`Oicus::exposed`] for the seat: the only traps where it can lose stones.
    fn threat_against(&self, seat: usize, exposed: u32) -> u8 {
        let attacker = 1 - seat;
        let mut traps = exposed;
        if traps == 0 {
            return 0;
        }
        // What the attacker holds at each place an action could bring a stone from: its
        // stones in each trap, at most two whelps from the supply, nothing from nowhere.
        let mut held = [0u8; actions::NOWHERE + 1];
        held[..TRAPS].copy_from_slice(&self.stones[attacker]);
        held[actions::SUPPLY] = self.supply[attacker].min(2);
        let feeds = &actions::FEEDS[attacker];
        let mut worst = 0;
        while traps != 0 {
            let i = traps.trailing_zeros() as usize;
            traps &= traps - 1;
            let mine = self.stones[seat][i];
            // We cannot lose more stones than we have there.
            if mine <= worst {
                continue;
            }
            let from = feeds[i].map(|place| held[usize::from(place)]);
            // All the stones that could come, and the most from one place.
            let reach: u8 = from.iter().sum();
            let single = from.into_iter().max().unwrap_or(0);
            let incoming = if single >= 3 { 3 } else { reach.min(2) };
            let here = self.stones[0][i] + self.stones[1][i];
            let lost = (here + incoming)
                .saturating_sub(TRAP_LIMIT)
                .min(mine)
                .min(incoming);
            worst = worst.max(lost);
        }
        worst
    }
}

impl Game for Oicus {
    type Move = Move;
    type Options = Options;
    const KIND: GameKind = GameKind::Oicustiytac;
    const FACTS: super::Facts = super::Facts {
        unit: super::Unit::Round,
        min_players: 2,
        max_players: 2,
        seat_names: &["Black", "White"],
        // Rule 10: the winner of a round plays Black (seat 0) in the next; a drawn round
        // is replayed with the same colours.
        seating: super::Seating::WinnerFirst,
        // "The first player to win 3 rounds wins the game."
        rule_two: true,
        on_cheat: crate::games::OnCheat::ForfeitGame,
        match_wins: Some(3),
        ends: &[End::Points, End::Stalled, End::Cap],
        tallies: &[super::Tally::Points, super::Tally::Down, super::Tally::Home],
        perft_depth: 6,
        turns: "turns",
        chance: "the bag",
        rules: &[
            super::RuleOption {
                key: "turn_cap",
                takes: "a whole number of turns before a round is scored as it stands, 1 to 3000 (0, never, with taproom engine)",
            },
            super::RuleOption {
                key: "equal_at_21",
                takes: "mover or drawn",
            },
        ],
    };

    fn start(players: usize, options: &Options) -> Result<Self, super::StartError> {
        super::StartError::check_players::<Self>(players)?;
        let mut pos: Oicus = START.parse().expect("the start position parses");
        pos.options = *options;
        Ok(pos)
    }

    fn turns_played(&self) -> Option<u32> {
        Some(u32::from(self.turns))
    }

    /// More stones than permitted (rule 2): one action more, by a stone of the mover's,
    /// slipped in before the turn's lawful ones (a whelp, a stone moved: anything a turn of
    /// one action could do, bring-downs and all), the mover still to move.
    fn cheats(&self, seat: Seat, out: &mut Vec<crate::games::CheatMove<Self>>) {
        if self.turn() != Turn::Seat(seat) {
            return;
        }
        let mut turns = Vec::new();
        self.legal_moves(&mut turns);
        for mv in turns {
            let text = mv.to_string();
            if mv.is_pass() || text.contains('+') || text.starts_with('3') {
                continue;
            }
            let mut after = *self;
            after.play_unchecked(mv, &mut ());
            if after.result.is_some() {
                continue;
            }
            after.side = self.side;
            after.turns = self.turns;
            after.passed = self.passed;
            out.push(crate::games::CheatMove {
                after,
                kind: crate::games::CheatKind::ExtraStone,
                at: text,
                // One stone more among the turn's busy hands: easy to miss, a whelp
                // easiest.
                boldness: if mv.to_string().starts_with('W') {
                    0.1
                } else {
                    0.15
                },
            });
        }
    }

    /// Rule 2: `by` brings down one of `victim`'s stones from any trap, 3 points to `by`
    /// as rule 8 scores a stone brought down; 21 points end the round there.
    fn penalties(&self, by: Seat, victim: Seat, out: &mut Vec<(Self, String)>) {
        let (b, v) = (by.index(), victim.index());
        for i in 0..TRAPS {
            if self.stones[v][i] == 0 {
                continue;
            }
            let mut after = *self;
            after.stones[v][i] -= 1;
            after.points[b] = after.points[b].saturating_add(3);
            if after.points[b] >= 21 {
                after.result = Some(Outcome::win(by, End::Points));
            }
            let land = if i < 10 { "Black's" } else { "White's" };
            out.push((after, format!("{land} trap {}", i % 10 + 1)));
        }
    }

    fn move_words(mv: Move, mover: Seat) -> String {
        let _ = mover;
        moves::words(mv)
    }

    fn check_for_match(options: &Options) -> Result<(), super::StartError> {
        super::StartError::cap_in_match(
            GameKind::Oicustiytac,
            "turn_cap",
            u64::from(options.turn_cap),
            3000,
        )
    }

    fn set_options(&mut self, options: &Options) {
        self.options = *options;
        // The cap and the tie at 21 depend on the options: judge the position again
        // (a stalled round stays stalled).
        if matches!(
            self.result,
            None | Some(Outcome {
                end: End::Cap | End::Points,
                ..
            })
        ) {
            self.result = None;
            self.settle(1 - self.side, false, false, &mut ());
        }
    }

    fn players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.result.is_some() {
            Turn::Over
        } else {
            Turn::Seat(Seat(self.side))
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.result.is_none() {
            self.legal_turns(out);
        }
    }

    fn play_unchecked(&mut self, mv: Move, events: &mut impl EventSink) {
        let mover = self.side;
        let before = self.passed;
        if mv.is_pass() {
            events.emit(Event::Pass { by: Seat(mover) });
        } else {
            self.apply(mv, events);
        }
        self.passed = mv.is_pass();
        self.turns = self.turns.saturating_add(1);
        self.side = 1 - mover;
        self.settle(mover, mv.is_pass(), before, events);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result
    }

    fn score(&self, seat: Seat) -> i32 {
        i32::from(self.points[seat.index()])
    }

    fn standing(&self, seat: Seat) -> Vec<(&'static str, i32)> {
        // Stones brought down and home are counted from the events by the match layer.
        vec![("points", self.score(seat))]
    }

    /// Score difference (most of it), stones still in play (supply and board: the points
    /// still to be made by bringing home), and the stones each side could bring down of
    /// the other next turn, the side to move's threat counting in full.
    fn heuristic(&self, seat: Seat) -> f32 {
        self.judgements()[seat.index()]
    }

    fn heuristics(&self, out: &mut [f32]) {
        out[..2].copy_from_slice(&self.judgements());
    }

    /// The seat's stones in the opponent's Land, of all its stones.
    fn advance(&self, seat: Seat) -> f32 {
        let me = seat.index();
        let opponent = if me == 0 { 10..20 } else { 0..10 };
        f32::from(self.stones[me][opponent].iter().sum::<u8>()) / f32::from(STONES)
    }

    /// A round's turn cap scores it as it stands; no rule draws it for want of progress.
    fn moves_to_draw(&self) -> Option<u32> {
        None
    }

    fn first_turn(players: usize, throws: &mut dyn crate::games::Throws) -> FirstTurn {
        first::draw(players, throws)
    }

    fn first_turn_odds(players: usize) -> Vec<f64> {
        first::odds(players)
    }
}

impl std::fmt::Debug for Oicus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Oicus({self})")
    }
}
