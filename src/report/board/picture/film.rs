//! A game of a match as pictures, move by move: played again through the checked rules
//! (as `taproom replay` plays it), a still for the start, each step and each thing the
//! table did, and one for the result.

use super::{Look, Picture, capitalised};
use crate::games::with_game;
use crate::ops::picture::ImageKind;
use crate::report::board::Marks;
use crate::report::replay::{Beat, ReplayError, aside_words, game_heading, result_line, walk};
use crate::table::{Aside, CheatResult, GameLog, MatchLog, RuleOptions};

/// Why a match cannot be filmed: as a replay cannot show it.
pub type FilmError = ReplayError;

/// One picture of a film: a look and its caption.
#[derive(Clone, Debug, PartialEq)]
pub struct Still {
    /// The position as drawn.
    pub look: Look,
    /// What happened, in words: "Step 3 of 41. Old Brannoc (White): c3-c4, steps a stone
    /// onto the river at c4."
    pub caption: String,
    /// The position in the game's notation (full, as `engine apply` prints it).
    pub position: String,
}

/// One game of a match as pictures.
#[derive(Clone, Debug, PartialEq)]
pub struct Film {
    /// The game's number in the match, from 1.
    pub number: u32,
    /// "Game 2 of 3: Old Brannoc (White) v Mirela Quickfingers (Black)".
    pub heading: String,
    /// The board's fixed drawing.
    pub layout: super::Layout,
    /// The start, every step and aside shown, then the end again with the result as its
    /// caption.
    pub stills: Vec<Still>,
}

impl Film {
    /// The SVG of each still, in order.
    #[must_use]
    pub fn svgs(&self) -> Vec<String> {
        self.stills
            .iter()
            .map(|s| super::svg(&self.layout, &s.look, &s.caption))
            .collect()
    }

    /// The last still (the game's end, its result as the caption).
    ///
    /// # Panics
    /// Never: a film always holds its start and its result.
    #[must_use]
    pub fn last(&self) -> &Still {
        self.stills
            .last()
            .expect("a film holds its start and result")
    }
}

/// Game `only` of the match (the deciding game, the last played, when `None`) as a film.
/// In the players' view (`players`), a cheat that stood unseen is not shown, and what it
/// put in a seat's figures where the table cannot see it (a counter palmed into a Piç
/// store) is left out until someone rightly accuses the cheat.
///
/// # Errors
/// A game the match did not play; a log the rules do not play back as recorded.
pub fn film(
    log: &MatchLog,
    rules: &RuleOptions,
    only: Option<u32>,
    players: bool,
) -> Result<Film, FilmError> {
    with_game!(log.game, G => film_of::<G>(log, rules, only, players))
}

/// [`film`] for a match of `G`, a game of the registry or not.
///
/// # Errors
/// As [`film`].
pub fn film_of<G: Picture>(
    log: &MatchLog,
    rules: &RuleOptions,
    only: Option<u32>,
    players: bool,
) -> Result<Film, FilmError> {
    let game = match only {
        None => log.games.last(),
        Some(n) => log.games.iter().find(|g| g.number == n),
    };
    let Some(game) = game else {
        let unit = log.game.facts().unit;
        let n = log.games.len();
        return Err(ReplayError::NoSuchGame {
            unit,
            asked: only.unwrap_or(1),
            played: match n {
                1 => format!("1 {unit}, numbered 1"),
                n => format!("{n} {unit}s, numbered 1 to {n}"),
            },
        });
    };
    film_game::<G>(log, game, rules, players)
}

/// Every game of the match, one after the other, as one film (for a GIF of the whole
/// match): each game's stills as [`film`] makes them, the first of each captioned with
/// its heading.
///
/// # Errors
/// A log the rules do not play back as recorded.
pub fn film_match(log: &MatchLog, rules: &RuleOptions, players: bool) -> Result<Film, FilmError> {
    with_game!(log.game, G => film_match_of::<G>(log, rules, players))
}

/// [`film_match`] for a match of `G`, a game of the registry or not.
///
/// # Errors
/// As [`film_match`].
pub fn film_match_of<G: Picture>(
    log: &MatchLog,
    rules: &RuleOptions,
    players: bool,
) -> Result<Film, FilmError> {
    let mut whole: Option<Film> = None;
    for game in &log.games {
        let film = film_game::<G>(log, game, rules, players)?;
        match &mut whole {
            None => whole = Some(film),
            Some(w) => w.stills.extend(film.stills),
        }
    }
    let mut whole = whole.ok_or_else(|| ReplayError::NoSuchGame {
        unit: log.game.facts().unit,
        asked: 1,
        played: "none".to_owned(),
    })?;
    whole.number = 0;
    whole.heading = format!("{}: the whole match", log.game.title());
    Ok(whole)
}

/// One game of the match as a film, at game `G`: a still for the start, each move (with
/// the chance outcomes before it), each aside the view shows, and the end again with the
/// result.
fn film_game<G: Picture>(
    log: &MatchLog,
    game: &GameLog,
    rules: &RuleOptions,
    players: bool,
) -> Result<Film, FilmError> {
    let seats = game.seats.len();
    let layout = G::layout(seats);
    let total = game.steps.len();
    let mut stills: Vec<Still> = Vec::with_capacity(total + 2);
    let mut heading = String::new();
    let mut reel = Reel::<G> {
        log,
        game,
        players,
        hidden: vec![0i32; seats],
        before: None,
        chance: Vec::new(),
    };
    // The pictures call each seat by its short name ("Brannoc"), the captions in full.
    let shorts: Vec<&str> = game
        .seats
        .iter()
        .map(|&e| log.get(e).map_or("", |x| x.short.as_str()))
        .collect();
    walk::<G>(log, game, rules, |pos, names, beat| {
        let marks = Marks::names(&shorts);
        let still = match beat {
            Beat::Start => {
                heading = game_heading::<G>(log, game, names);
                Some((pos.look(&marks, reel.shown()), heading.clone()))
            }
            Beat::Aside(a) => reel.aside(pos, &marks, &a.aside),
            // A chance outcome (a throw of the sticks) is told with the move it
            // allows rather than drawn alone: most throws in Kiust Oyun move nothing, and
            // a film of them would be a thousand pictures of a board standing still.
            Beat::Step { n, words, .. } if game.steps[n - 1].seat.is_none() => {
                reel.chance.push(words);
                None
            }
            Beat::Step { n, mv, words } => {
                let before = told_chance(&mut reel.chance);
                Some((
                    pos.look(&marks.last(mv), reel.shown()),
                    format!("Step {n} of {total}. {before}{words}."),
                ))
            }
        };
        if let Some((look, caption)) = still {
            stills.push(Still {
                look,
                caption,
                position: format!("{pos:#}"),
            });
        }
        reel.before = Some(pos.clone());
    })?;
    let left = told_chance(&mut reel.chance);
    let caption = format!("{left}{}", result_line(log, game));
    let end = end_still(
        &stills,
        reel.before.as_ref(),
        &shorts,
        reel.shown(),
        caption,
    );
    stills.extend(end);
    Ok(Film {
        number: game.number,
        heading,
        layout,
        stills,
    })
}

/// The film's end: the last still again, with the result as its caption; but a chance
/// outcome after it that moved something (a die that carries a runner home) ends the
/// game past it, and then the end is drawn anew from `pos`, the position the game ended
/// in. (A throw of the sticks that moves nothing, at Kiust Oyun's cap, keeps the last
/// move's still and its ring.)
fn end_still<G: Picture>(
    stills: &[Still],
    pos: Option<&G>,
    shorts: &[&str],
    hidden: &[i32],
    caption: String,
) -> Option<Still> {
    let last = stills.last();
    match pos.map(|p| (p, p.look(&Marks::names(shorts), hidden))) {
        Some((pos, look))
            if last.is_none_or(|s| s.look.inks != look.inks || s.look.labels != look.labels) =>
        {
            Some(Still {
                look,
                caption,
                position: format!("{pos:#}"),
            })
        }
        _ => last.cloned().map(|s| Still { caption, ..s }),
    }
}

/// What a film of one game keeps from one beat of its replay to the next.
struct Reel<'a, G> {
    log: &'a MatchLog,
    game: &'a GameLog,
    /// The players' view (as [`film`] takes it).
    players: bool,
    /// By seat, what cheats that stood unseen put in its figures where the table cannot
    /// see it, kept out of the players' view.
    hidden: Vec<i32>,
    /// The position the last beat left.
    before: Option<G>,
    /// The chance outcomes since the last move, not yet told.
    chance: Vec<String>,
}

impl<G: Picture> Reel<'_, G> {
    /// What the table has not seen of each seat's figures, as [`Picture::look`] takes it:
    /// in the players' view, what is hidden; in the GM's, nothing.
    fn shown(&self) -> &[i32] {
        if self.players { &self.hidden } else { &[] }
    }

    /// The still an aside shows, if any. In the players' view a cheat that stood unseen
    /// shows nothing, and what it gained is kept out of its seat's figures until a right
    /// accusation brings the seat's hidden gains back into view; any other aside is a
    /// still captioned with what the table did.
    fn aside(
        &mut self,
        pos: &G,
        marks: &Marks<'_, G::Move>,
        aside: &Aside,
    ) -> Option<(Look, String)> {
        match aside {
            Aside::Cheat {
                by,
                result: CheatResult::Stood,
                ..
            } if self.players => {
                let seat = self.game.seat_of(*by);
                if let Some(b) = &self.before {
                    self.hidden[seat.index()] += G::unseen_gain(b, pos, seat);
                }
                None
            }
            other => {
                if let Aside::Accused {
                    against,
                    right: true,
                    ..
                } = other
                {
                    self.hidden[self.game.seat_of(*against).index()] = 0;
                }
                let said = format!("At the table: {}.", aside_words(self.log, other));
                Some((pos.look(marks, self.shown()), said))
            }
        }
    }
}

/// The chance outcomes since the last move, told before the next: "The sticks: 3, Pip
/// throws 3. ", or "4 throws came to nothing; then the sticks: 3, Pip throws 3. ".
fn told_chance(pending: &mut Vec<String>) -> String {
    let said = match pending.as_slice() {
        [] => String::new(),
        [one] => format!("{one}. "),
        [earlier @ .., last] => {
            let n = earlier.len();
            let throws = if n == 1 { "throw" } else { "throws" };
            format!("{n} {throws} came to nothing; then {}. ", lower_first(last))
        }
    };
    pending.clear();
    said
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_lowercase().chain(chars).collect())
}

/// A position and moves played from it, as `taproom engine apply` takes them, as a film:
/// the position given, each move (captioned with its notation and its words), then the
/// end again, captioned with the outcome or whose turn it is.
///
/// # Errors
/// A move the rules refuse.
pub fn film_of_moves<G: Picture>(
    start: &G,
    moves: &[G::Move],
) -> Result<Film, crate::games::IllegalMove> {
    let layout = G::layout(start.players());
    let role = super::super::role::<G>;
    let mut pos = start.clone();
    let still = |pos: &G, marks: &Marks<'_, G::Move>, caption: String| Still {
        look: pos.look(marks, &[]),
        caption,
        position: format!("{pos:#}"),
    };
    let heading = format!("{}: the position given", G::KIND.title());
    let mut stills = vec![still(&pos, &Marks::none(), heading.clone())];
    for (i, &mv) in moves.iter().enumerate() {
        let said = match pos.turn() {
            crate::games::Turn::Seat(seat) => {
                let words = G::move_words(mv, seat).replace("{their}", "their");
                format!("{}: {mv}, {words}", capitalised(role(seat)))
            }
            _ => format!("{}: {mv}", capitalised(G::FACTS.chance)),
        };
        pos.play(mv, &mut ())?;
        let caption = format!("Move {} of {}. {said}.", i + 1, moves.len());
        stills.push(still(&pos, &Marks::none().last(mv), caption));
    }
    let end = match (pos.outcome(), pos.turn()) {
        (Some(outcome), _) => format!(
            "Over: {}.",
            super::super::result_clause(outcome, |s| role(s).to_owned())
        ),
        (None, crate::games::Turn::Seat(seat)) => format!("{} to move.", capitalised(role(seat))),
        (None, _) => format!("{} to come.", capitalised(G::FACTS.chance)),
    };
    let last = stills.last().cloned().map(|s| Still { caption: end, ..s });
    stills.extend(last);
    Ok(Film {
        number: 1,
        heading,
        layout,
        stills,
    })
}

/// How long a GIF shows each picture, in hundredths of a second: the start, each move,
/// and the last (the result), which it holds before it loops.
const START: u16 = 150;
const MOVE: u16 = 70;
const LAST: u16 = 400;
/// The longest a GIF of a game runs, in hundredths of a second: a long game (Kiust Oyun
/// runs to a thousand steps) goes faster, down to a tenth of a second a move (browsers
/// show a shorter delay as that).
const WHOLE: usize = 90 * 100;
const FASTEST: u16 = 10;

/// The delay of each move in a GIF of `frames` frames: [`MOVE`], or faster so that the
/// whole runs about [`WHOLE`], never under [`FASTEST`].
fn pace(frames: usize) -> u16 {
    let each = WHOLE / frames.max(1);
    u16::try_from(each).unwrap_or(MOVE).clamp(FASTEST, MOVE)
}

/// A film as the bytes of a picture file of `kind`.
///
/// # Errors
/// A picture the drawing or an encoder refuses (a fault of taproom's).
pub fn film_bytes(film: &Film, kind: ImageKind) -> Result<Vec<u8>, super::PictureError> {
    let last = film.last();
    match kind {
        ImageKind::Svg => Ok(super::svg(&film.layout, &last.look, &last.caption).into_bytes()),
        ImageKind::Png => super::png(&super::svg(&film.layout, &last.look, &last.caption)),
        ImageKind::Gif => {
            let looks: Vec<(&super::Look, &str)> = film
                .stills
                .iter()
                .map(|s| (&s.look, s.caption.as_str()))
                .collect();
            let (under, overs) = super::layers(&film.layout, &looks);
            let n = overs.len();
            let pace = pace(n);
            let frames: Vec<(String, u16)> = overs
                .into_iter()
                .enumerate()
                .map(|(i, svg)| {
                    let delay = match i {
                        0 => START,
                        i if i + 1 == n => LAST,
                        _ => pace,
                    };
                    (svg, delay)
                })
                .collect();
            super::gif(&under, &frames)
        }
    }
}
