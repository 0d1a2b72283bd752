//! The seats that people play (`taproom sit`): who the people named with `--as` are, how
//! a match with people at it is played (the same loop, ceremony, format and wagers as
//! `play`; only the hands differ), and what a person's typed word means at the table
//! (a move by its number or notation, an accusation, a master's hint). Everything here
//! takes values and returns values; the console that reads lines, prompts and prints is
//! the command line's (`cli/sit`).

use super::Seated;
use crate::ai::{Player, Skill, SkilledPlayer, TableRng, Temperament};
use crate::games::{Event, Game, Seat, Turn};
use crate::narrate::Phrasebook;
use crate::roster::{Character, Voice};
use crate::table::{Entrant, MatchLog, MatchSettings};

/// People at the table: who they are, and the hands that play a match once the table
/// is read. The console that asks and tells them implements it (`cli/sit`).
pub trait Seating<G: Game> {
    /// The people, as named with `--as` (they sit first, in this order).
    fn people(&self) -> &[String];

    /// Plays the match, people at the first seats of `table.entrants` and characters at
    /// the rest.
    ///
    /// # Errors
    /// As [`crate::table::play_match`]; a screen that could no longer be written to
    /// ([`super::Error::Output`]): the match then stops unsettled.
    fn play(&mut self, table: SeatedTable<'_, G>) -> Result<MatchLog, super::Error>;
}

/// What the table knows once it is read, for the hands that play it.
pub struct SeatedTable<'t, G: Game> {
    /// Everyone at the table, people first.
    pub entrants: &'t [Entrant],
    /// Their voices, by entrant.
    pub voices: &'t [Voice],
    /// The match's settings (seed, format, rules, the tavern's cheat rules).
    pub settings: &'t MatchSettings<G>,
    /// The phrasebook the match is told from (the characters' manner of moving).
    pub phrasebook: &'t Phrasebook,
    /// What to tell the table before play ([`Notice`]s).
    pub notices: &'t [Notice],
}

/// Something the table is told before play, about who sat down.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A person named by the start of a roster name is that character.
    Found {
        /// As typed.
        typed: String,
        /// The character's full name.
        name: String,
    },
    /// Nobody of the roster has that name: a newcomer sits down.
    Newcomer {
        /// The name.
        name: String,
        /// A roster name close to it.
        suggestion: Option<String>,
    },
}

impl std::fmt::Display for Notice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Notice::Found { typed, name } => write!(f, "{typed} is {name}, of the roster."),
            Notice::Newcomer { name, suggestion } => {
                let near = suggestion
                    .as_ref()
                    .map_or_else(String::new, |s| format!(" (did you mean {s}?)"));
                write!(
                    f,
                    "Nobody in the roster is called {name}{near}, so {name} sits down as a \
                     newcomer, with no file and an empty purse, and the bookie prices them as \
                     a middling player."
                )
            }
        }
    }
}

/// The most characters of a typed line said back in a message.
const SHOWN: usize = 40;

/// A line as said back to the table: control characters escaped, and cut short (with
/// "…") past 40 characters, so that a long or hostile line is never printed
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

/// The people named with `--as`, as characters: a character file, a character of the
/// roster (found as `play` finds one: a full name, a short name, the start of a name or
/// of one of its words, in any case), or else a newcomer of that name with an empty purse
/// and the roster's middling skill. Also returns what to tell the table of each.
///
/// # Errors
/// A character file that cannot be read or is invalid; a name that is empty, or that
/// could be several characters of the roster.
pub fn people(
    roster: &crate::roster::Roster,
    words: &[String],
) -> Result<(Vec<Seated>, Vec<Notice>), super::Error> {
    let mut seats = Vec::new();
    let mut told = Vec::new();
    for w in words {
        if super::cast::is_file(w) {
            seats.push(super::cast::seat(roster, w, std::path::Path::new(""))?);
            continue;
        }
        let name = crate::names::check(w.trim()).map_err(|bad| super::Error::Argument {
            flag: "--as",
            message: format!("--as `{}`: {bad}", crate::names::escaped(w.trim())),
        })?;
        let name = name.as_str();
        if name.is_empty() || name.chars().count() > 60 {
            return Err(super::Error::Conflict(
                "--as takes a name of 1 to 60 printable characters or a character file",
            ));
        }
        let character = match roster.named(name) {
            Ok(c) => {
                // Found by the start of a name: said, so that nobody is seated unawares.
                if !crate::names::same(name, &c.name) && !crate::names::same(name, &c.short) {
                    told.push(Notice::Found {
                        typed: name.to_owned(),
                        name: c.name.clone(),
                    });
                }
                c.clone()
            }
            Err(crate::names::NameError::Unknown { suggestion, .. }) => {
                told.push(Notice::Newcomer {
                    name: name.to_owned(),
                    suggestion,
                });
                newcomer(name)
            }
            Err(e) => return Err(e.into()),
        };
        seats.push(Seated {
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
        intent: crate::roster::Intent::default(),
        dnd: None,
        file: None,
    }
}

/// Why a word typed on a person's turn is no move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotAMove {
    /// A number that lists no move; the numbers that do (`1 to N`, or Piç's heaps).
    NoSuchNumber {
        /// The number typed.
        n: usize,
        /// The numbers that name moves.
        numbers: Vec<String>,
    },
    /// A move in notation, but not a legal one here.
    NotLegal(String),
    /// Neither a move nor a command.
    Unknown(String),
}

impl std::fmt::Display for NotAMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotAMove::NoSuchNumber { n, numbers } => write!(
                f,
                "There is no move {n} here: the moves are numbered {}.",
                numbers.join(", ")
            ),
            NotAMove::NotLegal(mv) => {
                write!(
                    f,
                    "{mv} is not a legal move here; type `moves` for the list."
                )
            }
            NotAMove::Unknown(word) => write!(
                f,
                "`{}` is neither a move nor a command; type `help` for what you can type.",
                shown(word)
            ),
        }
    }
}

/// The move a person typed: its number in the list, or its notation (in any case).
///
/// # Errors
/// A number no move has, a move not legal here, or a word that is no move.
pub fn pick<M: Copy + Eq + std::fmt::Display + std::str::FromStr>(
    word: &str,
    moves: &[M],
) -> Result<M, NotAMove> {
    let numeric = numbered_by_notation(moves);
    if let Ok(n) = word.parse::<usize>() {
        let listed = if numeric {
            moves.iter().copied().find(|m| m.to_string() == word)
        } else {
            n.checked_sub(1).and_then(|i| moves.get(i)).copied()
        };
        return listed.ok_or_else(|| NotAMove::NoSuchNumber {
            n,
            numbers: if numeric {
                moves.iter().map(ToString::to_string).collect()
            } else {
                vec![format!("1 to {}", moves.len())]
            },
        });
    }
    // Notation in any case: `E1-E2` is `e1-e2`, `w5` is `W5`. No two moves of a game
    // differ only in case, so the legal move written so is the one meant.
    if let Some(&mv) = moves
        .iter()
        .find(|m| m.to_string().eq_ignore_ascii_case(word))
    {
        return Ok(mv);
    }
    match word.parse::<M>() {
        Ok(mv) if moves.contains(&mv) => Ok(mv),
        Ok(mv) => Err(NotAMove::NotLegal(mv.to_string())),
        Err(_) => match word.to_ascii_lowercase().parse::<M>() {
            Ok(mv) => Err(NotAMove::NotLegal(mv.to_string())),
            Err(_) => match word.to_ascii_uppercase().parse::<M>() {
                Ok(mv) => Err(NotAMove::NotLegal(mv.to_string())),
                Err(_) => Err(NotAMove::Unknown(word.to_owned())),
            },
        },
    }
}

/// Whether every move's notation is a number (Piç's heaps): the list then numbers each
/// move by its notation, and a number typed is the notation.
#[must_use]
pub fn numbered_by_notation<M: std::fmt::Display>(moves: &[M]) -> bool {
    moves
        .iter()
        .all(|m| m.to_string().bytes().all(|b| b.is_ascii_digit()))
}

/// Whom a person accuses, among the others at the table (`(seat, name, short name)`):
/// the one named (by a part of the full name or the whole short name, in any case), or
/// the only other at a table of two.
///
/// # Errors
/// What to say instead: accuse whom, nobody of that name, or more than one.
pub fn accused(others: &[(Seat, &str, &str)], name: &str) -> Result<Seat, String> {
    if name.is_empty() {
        return match others {
            [(one, _, _)] => Ok(*one),
            _ => Err("Accuse whom? Type `accuse` and a name.".to_owned()),
        };
    }
    let lower = name.to_lowercase();
    let found: Vec<Seat> = others
        .iter()
        .filter(|(_, full, short)| {
            full.to_lowercase().contains(&lower) || short.to_lowercase() == lower
        })
        .map(|(s, _, _)| *s)
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

/// What a master (level 10) would play for `seat`, from the hint's own stream (so asking
/// never changes the match), and a few words on why.
pub fn hint<G: Game>(pos: &G, seat: Seat, rng: &mut TableRng) -> (G::Move, String) {
    let mut master = SkilledPlayer::<G>::new(Skill::Level(10), Temperament::Steady);
    let mv = master.choose(pos, rng);
    let mut after = pos.clone();
    let mut events: Vec<Event> = Vec::new();
    after.play_unchecked(mv, &mut events);
    (mv, reason(pos, &after, seat, &events))
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

/// Whether `mv`, played by `seat`, loses the game at once: it ends the game with others
/// winning, or it lets the next to move win with a reply (after the throw that comes
/// between, if one does). The chance that it loses so (1 when nothing is thrown
/// between; the share of the throws that allow it otherwise), or `None` when it does not.
/// A game drawn is no loss.
#[must_use]
pub fn loses_at_once<G: Game>(pos: &G, seat: Seat, mv: G::Move) -> Option<f64> {
    let mut after = pos.clone();
    after.play_unchecked(mv, &mut ());
    if let Some(outcome) = after.outcome() {
        return lost(&outcome, seat).then_some(1.0);
    }
    let share = match after.turn() {
        Turn::Seat(_) => f64::from(u8::from(reply_wins(&after, seat))),
        Turn::Chance => {
            let mut throws = Vec::new();
            after.chance_outcomes(&mut throws);
            throws
                .into_iter()
                .filter(|(throw, _)| {
                    let mut thrown = after.clone();
                    thrown.play_unchecked(*throw, &mut ());
                    thrown.outcome().is_some_and(|o| lost(&o, seat)) || reply_wins(&thrown, seat)
                })
                .map(|(_, c)| f64::from(c.num) / f64::from(c.den))
                .sum()
        }
        Turn::Over => 0.0,
    };
    (share > 0.0).then_some(share)
}

/// Whether the game ended with others winning (`seat` not among them; no draw).
fn lost(outcome: &crate::games::Outcome, seat: Seat) -> bool {
    !outcome.winners.is_empty() && !outcome.winners.contains(seat)
}

/// Whether another seat to move in `pos` has a move that wins the game against `seat`.
fn reply_wins<G: Game>(pos: &G, seat: Seat) -> bool {
    match pos.turn() {
        Turn::Seat(s) if s != seat => {
            let mut replies = Vec::new();
            pos.legal_moves(&mut replies);
            replies.into_iter().any(|reply| {
                let mut next = pos.clone();
                next.play_unchecked(reply, &mut ());
                next.outcome().is_some_and(|o| lost(&o, seat))
            })
        }
        _ => false,
    }
}

/// Whether these events make a moment worth the board (and a boast).
#[must_use]
pub fn telling(events: &[Event]) -> bool {
    events.iter().any(Event::is_telling)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Rules;
    use crate::games::pic::Pic;
    use crate::games::tides::Tides;

    fn moves<G: Game>(pos: &G) -> Vec<G::Move> {
        let mut out = Vec::new();
        pos.legal_moves(&mut out);
        out
    }

    #[test]
    fn a_move_is_picked_by_its_number_in_the_list_or_by_its_notation() {
        let pos = Tides::start(2, &Default::default()).unwrap();
        let list = moves(&pos);
        assert!(list.len() > 2, "Tides of War opens with a choice");
        assert_eq!(pick("1", &list), Ok(list[0]));
        assert_eq!(
            pick(&list.len().to_string(), &list),
            Ok(list[list.len() - 1])
        );
        let third = list[2].to_string();
        assert_eq!(pick(&third, &list), Ok(list[2]));
        assert_eq!(
            pick("0", &list),
            Err(NotAMove::NoSuchNumber {
                n: 0,
                numbers: vec![format!("1 to {}", list.len())]
            })
        );
        assert_eq!(
            pick("castle", &list),
            Err(NotAMove::Unknown("castle".into()))
        );
    }

    #[test]
    fn two_of_the_fourteen_opening_moves_at_tides_of_war_lose_at_once() {
        // The issue's count, found by hand at the table: two opening moves leave a stone
        // that Black's reply carries into White's town.
        let pos = Tides::start(2, &Default::default()).unwrap();
        let list = moves(&pos);
        assert_eq!(list.len(), 14);
        let losing: Vec<String> = list
            .iter()
            .filter(|&&mv| loses_at_once(&pos, Seat(0), mv).is_some())
            .map(ToString::to_string)
            .collect();
        assert_eq!(losing.len(), 2, "{losing:?}");
        for mv in &losing {
            // Each is lost for certain (nothing is thrown at Tides of War), and by a reply
            // that ends the game with Black the winner.
            let mv = mv.parse().unwrap();
            assert_eq!(loses_at_once(&pos, Seat(0), mv), Some(1.0));
            let mut after = pos;
            after.play_unchecked(mv, &mut ());
            let black_wins = moves(&after).into_iter().any(|r| {
                let mut end = after;
                end.play_unchecked(r, &mut ());
                end.outcome().is_some_and(|o| o.winners.contains(Seat(1)))
            });
            assert!(black_wins, "{mv}");
        }
    }

    #[test]
    fn a_move_that_loses_only_on_some_throws_is_weighed_by_their_chance() {
        // Kiust Oyun, played at random to its ends: a move found to lose on some throws
        // but not all is weighed in sixteenths (four two-sided sticks), and throwing each
        // outcome by hand shows both kinds of throw.
        use crate::games::kiust::Kiust;
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut found = 0;
        for _ in 0..300 {
            let mut pos = Kiust::start(2, &Default::default()).unwrap();
            while pos.outcome().is_none() && found < 3 {
                if pos.turn() == Turn::Chance {
                    let mut throws = Vec::new();
                    pos.chance_outcomes(&mut throws);
                    pos.play_unchecked(throws[next(throws.len())].0, &mut ());
                    continue;
                }
                let seat = pos.side_to_move();
                let list = moves(&pos);
                for &mv in &list {
                    let Some(p) = loses_at_once(&pos, seat, mv) else {
                        continue;
                    };
                    if p >= 1.0 {
                        continue;
                    }
                    found += 1;
                    assert!((p * 16.0 - (p * 16.0).round()).abs() < 1e-9, "{p}");
                    let mut after = pos;
                    after.play_unchecked(mv, &mut ());
                    let mut throws = Vec::new();
                    after.chance_outcomes(&mut throws);
                    let wins: Vec<bool> = throws
                        .iter()
                        .map(|(t, _)| {
                            let mut thrown = after;
                            thrown.play_unchecked(*t, &mut ());
                            moves(&thrown).into_iter().any(|r| {
                                let mut end = thrown;
                                end.play_unchecked(r, &mut ());
                                end.outcome().is_some_and(|o| !o.winners.contains(seat))
                            })
                        })
                        .collect();
                    assert!(wins.contains(&true) && wins.contains(&false), "{pos}");
                }
                pos.play_unchecked(list[next(list.len())], &mut ());
            }
        }
        assert!(found > 0, "no move found that loses on some throws only");
    }

    #[test]
    fn notation_is_taken_in_any_case() {
        // Tides of War writes squares in small letters, Òicustiỳtac its actions in
        // capitals: each is taken typed the other way, and gives the same move.
        let pos = Tides::start(2, &Default::default()).unwrap();
        let list = moves(&pos);
        assert_eq!(pick("E1-E2", &list), Ok("e1-e2".parse().unwrap()));
        assert_eq!(pick("e1-E2", &list), Ok("e1-e2".parse().unwrap()));
        let oicus = crate::games::oicus::Oicus::start(2, &Default::default()).unwrap();
        let list = moves(&oicus);
        assert_eq!(pick("w5", &list), Ok("W5".parse().unwrap()));
        assert_eq!(pick("w5+w5", &list), Ok("W5+W5".parse().unwrap()));
        // A move in capitals that is not legal here is named, not called a stranger.
        let tides = moves(&pos);
        assert_eq!(
            pick("A1-A2", &tides),
            Err(NotAMove::NotLegal("a1-a2".into()))
        );
    }

    #[test]
    fn a_legal_looking_move_that_is_not_legal_here_is_named_as_such() {
        let pos = Tides::start(2, &Default::default()).unwrap();
        let list = moves(&pos);
        // Every square pair in notation that the list lacks: the first that parses.
        let absent = ["a1-a2", "f6-f5", "c3-c4", "d4-d5", "b2-b3"]
            .into_iter()
            .filter_map(|w| w.parse::<<Tides as Rules>::Move>().ok())
            .find(|m| !list.contains(m))
            .expect("a move in notation that is not legal at the start");
        assert_eq!(
            pick(&absent.to_string(), &list),
            Err(NotAMove::NotLegal(absent.to_string()))
        );
    }

    #[test]
    fn at_pic_a_number_typed_is_the_heap_never_a_place_in_the_list() {
        let mut pos = Pic::start(3, &Default::default()).unwrap();
        let first = moves(&pos)[0];
        pos.play_unchecked(first, &mut Vec::<Event>::new());
        let list = moves(&pos);
        assert!(numbered_by_notation(&list));
        for mv in &list {
            assert_eq!(pick(&mv.to_string(), &list), Ok(*mv));
        }
        // A number that is some other seat's heap names no move of this seat.
        let taken: Vec<String> = list.iter().map(ToString::to_string).collect();
        let other = (1..=40)
            .map(|n: usize| n.to_string())
            .find(|n| !taken.contains(n))
            .unwrap();
        assert!(matches!(
            pick(&other, &list),
            Err(NotAMove::NoSuchNumber { .. })
        ));
    }

    #[test]
    fn an_accusation_names_one_other_or_asks_whom() {
        let two = [(Seat(1), "Mirela Quickfingers", "Mirela")];
        assert_eq!(accused(&two, ""), Ok(Seat(1)));
        assert_eq!(accused(&two, "quick"), Ok(Seat(1)));
        assert!(
            accused(&two, "Brannoc")
                .unwrap_err()
                .contains("Nobody else")
        );
        let three = [
            (Seat(1), "Mirela Quickfingers", "Mirela"),
            (Seat(2), "Old Brannoc", "Brannoc"),
        ];
        assert!(accused(&three, "").unwrap_err().starts_with("Accuse whom?"));
        assert_eq!(accused(&three, "brannoc"), Ok(Seat(2)));
        // "r" is in both full names: more than one.
        assert!(accused(&three, "r").unwrap_err().contains("more than one"));
    }

    #[test]
    fn a_line_said_back_is_cut_short_and_its_control_characters_escaped() {
        assert_eq!(shown("a\tb"), "a\\tb");
        let long = "x".repeat(100);
        let said = shown(&long);
        assert_eq!(said.chars().count(), SHOWN + 1);
        assert!(said.ends_with('…'));
    }

    #[test]
    fn a_master_s_hint_is_a_legal_move_and_never_draws_on_the_match_s_stream() {
        let after = Tides::start(2, &Default::default()).unwrap();
        let crate::games::Turn::Seat(seat) = after.turn() else {
            panic!("a seat moves first at Tides of War")
        };
        let mut a = crate::ai::table_rng(5);
        let mut b = crate::ai::table_rng(5);
        let (mv, why) = hint(&after, seat, &mut a);
        assert!(moves(&after).contains(&mv));
        assert!(!why.is_empty());
        // The same stream, the same hint.
        assert_eq!(hint(&after, seat, &mut b).0, mv);
    }

    #[test]
    fn newcomers_and_names_found_by_their_start_are_told() {
        let roster = crate::roster::Roster::built_in();
        let (seats, told) = people(&roster, &["Zebulon".into(), "Quick".into()]).unwrap();
        assert_eq!(seats[0].character.name, "Zebulon");
        assert_eq!(seats[0].character.skill, Skill::Level(5));
        assert!(matches!(&told[0], Notice::Newcomer { name, .. } if name == "Zebulon"));
        assert_eq!(seats[1].character.name, "Mirela Quickfingers");
        assert_eq!(
            told[1].to_string(),
            "Quick is Mirela Quickfingers, of the roster."
        );
        assert!(people(&roster, &["  ".into()]).is_err());
    }
}
