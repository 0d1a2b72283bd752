//! A match shown again move by move (`taproom replay`): each game from its start position,
//! every step of its log played again through the game's checked rules, with a line
//! saying who moved and what the move does, and the board after it.
//!
//! The log is the record; the rules are the check. A step that the rules refuse, or that
//! comes out other than the log says (whose turn, what it caused, the scores, the end), is
//! an error naming the game and the step, never a panic and never a board drawn from a
//! guess.

use crate::games::{Event, Game, Seat, Turn, Unit, with_game};
use crate::names::and_list;
use crate::table::{AsideAt, GameLog, MatchLog, RuleOptions, Step, Who};

use super::Page;
use super::board::{BoardStyle, Diagram, Marks, role};

/// A match laid out for showing again: a title, its games, its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// "Tides of War: Old Brannoc v Mirela Quickfingers, best of 3, seed 42".
    pub title: String,
    /// The games shown (all of them, or the one asked for).
    pub games: Vec<GameShown>,
    /// The match's result in one line (the winners' names styled; see
    /// [`super::short::match_line`]), wrapped to the page.
    pub result: String,
}

/// One game of a match, step by step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameShown {
    /// 1 for the first game of the match.
    pub number: u32,
    /// "Game 1 of 3: Old Brannoc (White) v Mirela Quickfingers (Black)".
    pub heading: String,
    /// The board before the first step.
    pub start: String,
    /// Every step in order.
    pub steps: Vec<Frame>,
    /// How the game came out, and the games won so far.
    pub result: String,
}

/// One step shown: what happened, and the board after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// "Step 3 of 41. Old Brannoc (White): c3-c4, steps a stone onto the river at c4."
    /// (wrapped to the page, the lines after the first indented).
    pub heading: String,
    /// The board after the step, the step highlighted and the seats named.
    pub board: String,
}

/// Why a match cannot be shown.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A game asked for that the match did not play.
    #[error("there is no {unit} {asked} in this match: it played {played}")]
    NoSuchGame {
        /// What the game calls a part of a match.
        unit: Unit,
        /// The number asked for.
        asked: u32,
        /// "2 games, numbered 1 to 2".
        played: String,
    },
    /// A log the rules do not play back as it was recorded: a fault of taproom.
    #[error(
        "{unit} {number}, step {step} of the log does not replay: {message}; this is a bug in \
         taproom"
    )]
    Mismatch {
        /// What the game calls a part of a match.
        unit: Unit,
        /// Which game of the match.
        number: u32,
        /// Which step (from 1; 0 for the start position).
        step: usize,
        /// What went wrong.
        message: String,
    },
}

impl ReplayError {
    /// Whether the user can fix it in their input (a game number), rather than a fault of
    /// taproom.
    #[must_use]
    pub fn is_users(&self) -> bool {
        matches!(self, ReplayError::NoSuchGame { .. })
    }
}

/// Lays out a match for showing again: every game of `log`, or only the one numbered
/// `only`, played again from its start position under `rules` (the match's rule options),
/// and drawn in `style`. Every line is at most 80 columns wide.
///
/// # Errors
/// A game number the match did not play; a log the rules do not play back as recorded.
pub fn replay(
    log: &MatchLog,
    rules: &RuleOptions,
    only: Option<u32>,
    style: BoardStyle,
) -> Result<Replay, ReplayError> {
    with_game!(log.game, G => replay_of::<G>(log, rules, only, style))
}

/// [`replay`] for a match of `G`, a game of the registry or not.
///
/// # Errors
/// As [`replay`].
pub fn replay_of<G: Diagram>(
    log: &MatchLog,
    rules: &RuleOptions,
    only: Option<u32>,
    style: BoardStyle,
) -> Result<Replay, ReplayError> {
    let unit = log.game.facts().unit;
    let chosen: Vec<&GameLog> = log
        .games
        .iter()
        .filter(|g| only.is_none_or(|n| g.number == n))
        .collect();
    if let (Some(asked), true) = (only, chosen.is_empty()) {
        return Err(ReplayError::NoSuchGame {
            unit,
            asked,
            played: played(unit, log.games.len()),
        });
    }
    let games = chosen
        .into_iter()
        .map(|game| show_game::<G>(log, game, rules, style))
        .collect::<Result<Vec<_>, _>>()?;
    let names: Vec<&str> = log.entrants.iter().map(|e| e.name.as_str()).collect();
    let title = format!(
        "{}: {}, {}, seed {}",
        log.game.title(),
        names.join(" v "),
        log.format,
        log.seed
    );
    Ok(Replay {
        title: wrap(style, &title),
        games,
        result: wrap(style, &super::short::match_line(log)),
    })
}

/// "2 games, numbered 1 to 2", "1 round, numbered 1".
fn played(unit: Unit, n: usize) -> String {
    match n {
        1 => format!("1 {unit}, numbered 1"),
        n => format!("{n} {unit}s, numbered 1 to {n}"),
    }
}

/// `text` in the style's characters, wrapped to 80 columns, the lines after the first
/// indented by two.
fn wrap(style: BoardStyle, text: &str) -> String {
    Page::default().prose("", &style.text(text))
}

/// "The sticks" for "the sticks".
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// An aside in words: "Mirela Quickfingers nudges a stone one point (c3 to c4), unseen".
pub(crate) fn aside_words(log: &MatchLog, aside: &crate::table::Aside) -> String {
    use crate::table::{Aside, CheatResult};
    let name = |e: &Who| log.get(*e).map_or("someone", |x| x.name.as_str());
    match aside {
        Aside::Cheat {
            by,
            kind,
            at,
            seen_by,
            result,
            roll,
            ..
        } => {
            let seen = if seen_by.is_empty() {
                "unseen".to_owned()
            } else {
                let who: Vec<&str> = seen_by.iter().map(name).collect();
                format!("seen by {}", who.join(" and "))
            };
            let what = match result {
                CheatResult::Stood => "it stands",
                CheatResult::TakenBack => "taken back",
                CheatResult::TurnLost => "taken back, and the turn lost",
                CheatResult::GameForfeit => "the game is forfeit",
                CheatResult::StakesForfeit => "taken back, the stakes forfeit",
                CheatResult::RuleTwo => "undone, and a stone will be brought down (rule 2)",
            };
            let place = at.as_deref().map_or(String::new(), |a| format!(" ({a})"));
            let rolled = roll.as_ref().map_or(String::new(), |r| {
                format!(
                    " (Sleight of Hand {})",
                    crate::table::checks::sum_words(r.d20, r.modifier, r.total)
                )
            });
            format!(
                "{} {}{place}{rolled}, {seen}: {what}",
                name(by),
                kind.words()
            )
        }
        Aside::Insight { by, of, roll } => format!(
            "{} reads {} (Insight {} against Deception {}): {}",
            name(by),
            name(of),
            crate::table::checks::sum_words(roll.d20, roll.modifier, roll.total),
            roll.dc,
            match roll.read {
                None => "nothing learnt".to_owned(),
                Some(r) if r.hustling => format!(
                    "a hustle, showing skill {} of {}",
                    r.shows.map_or_else(String::new, |s| s.to_string()),
                    r.skill
                ),
                Some(r) => format!("no hustle, skill {}", r.skill),
            }
        ),
        Aside::Penalty { by, victim, at } => format!(
            "{} brings down a stone of {}'s from {at} (rule 2)",
            name(by),
            name(victim)
        ),
        Aside::Accused { by, against, right } => format!(
            "{} accuses {} of cheating, {}",
            name(by),
            name(against),
            if *right { "rightly" } else { "wrongly" }
        ),
    }
}

/// One game played again from its start, a frame a step.
fn show_game<G: Diagram>(
    log: &MatchLog,
    game: &GameLog,
    rules: &RuleOptions,
    style: BoardStyle,
) -> Result<GameShown, ReplayError> {
    let mut start = String::new();
    let mut steps = Vec::with_capacity(game.steps.len());
    let mut heading = String::new();
    let total = game.steps.len();
    walk::<G>(log, game, rules, |pos, names, beat| {
        let marks = Marks::names(names);
        match beat {
            Beat::Start => {
                heading = wrap(style, &game_heading::<G>(log, game, names));
                start = pos.diagram_with(&style, &marks);
            }
            Beat::Aside(a) => {
                let said = format!("At the table: {}.", aside_words(log, &a.aside));
                steps.push(Frame {
                    heading: wrap(style, &said),
                    board: pos.diagram_with(&style, &marks),
                });
            }
            Beat::Step { n, mv, words } => steps.push(Frame {
                heading: wrap(style, &format!("Step {n} of {total}. {words}.")),
                board: pos.diagram_with(&style, &marks.last(mv)),
            }),
        }
    })?;
    Ok(GameShown {
        number: game.number,
        heading,
        start,
        steps,
        result: wrap(style, &result_line(log, game)),
    })
}

/// What a game played again shows, in order: its start, each thing the table did (an
/// aside, after which the position is as the table left it), and each step.
pub(crate) enum Beat<'a, G: Game> {
    /// The position the game starts from.
    Start,
    /// Something the table did (a cheat, a stone brought down); the position is the one
    /// it left.
    Aside(&'a AsideAt),
    /// Step `n` (from 1), the move it made, and who made it and what it does in words
    /// ("Old Brannoc (White): c3-c4, steps a stone onto the river at c4").
    Step {
        /// The step's number, from 1.
        n: usize,
        /// The move.
        mv: G::Move,
        /// The step in words.
        words: String,
    },
}

/// Plays `game` of `log` again from its start through the game's checked rules, and
/// calls `visit` with the position, the seated names (in seat order) and what happened,
/// at the start, after each aside and after each step; then checks that the game ends as
/// the log says.
///
/// # Errors
/// A log the rules do not play back as recorded.
pub(crate) fn walk<'a, G: Game>(
    log: &'a MatchLog,
    game: &'a GameLog,
    rules: &RuleOptions,
    mut visit: impl FnMut(&G, &[&'a str], Beat<'a, G>),
) -> Result<(), ReplayError> {
    let options = rules
        .options::<G>()
        .map_err(|e| mismatch::<G>(game, 0, format!("the match's rule options: {e}")))?;
    let mut pos = game
        .start
        .read(|text| G::from_text(text, &options))
        .map_err(|e| mismatch::<G>(game, 0, format!("the start position: {e}")))?;
    let names = seated_names(log, game, &pos)?;
    visit(&pos, &names, Beat::Start);
    let total = game.steps.len();
    for before in 0..=total {
        for a in game.asides.iter().filter(|a| a.before == before) {
            if let Some(text) = &a.position {
                pos = text.read(|t| G::from_text(t, &options)).map_err(|e| {
                    mismatch::<G>(game, before, format!("the position after an aside: {e}"))
                })?;
            }
            visit(&pos, &names, Beat::Aside(a));
        }
        if let Some(step) = game.steps.get(before) {
            let n = before + 1;
            let mv =
                play_step(&mut pos, step).map_err(|message| mismatch::<G>(game, n, message))?;
            let words = step_words::<G>(log, game, step, mv);
            visit(&pos, &names, Beat::Step { n, mv, words });
        }
    }
    check_end(&pos, game)
}

/// A log that the rules do not play back as recorded, at `step` of `game`.
fn mismatch<G: Game>(game: &GameLog, step: usize, message: String) -> ReplayError {
    ReplayError::Mismatch {
        unit: G::FACTS.unit,
        number: game.number,
        step,
        message,
    }
}

/// The names of the entrants in the game's seats, in seat order, once the log's seats are
/// checked against the table the start position sets.
fn seated_names<'a, G: Game>(
    log: &'a MatchLog,
    game: &GameLog,
    pos: &G,
) -> Result<Vec<&'a str>, ReplayError> {
    if game.seats.len() != pos.players() || game.seats.iter().any(|&e| log.get(e).is_none()) {
        return Err(mismatch::<G>(
            game,
            0,
            format!(
                "the log seats {:?} of {} players at a table of {}",
                game.seats,
                log.entrants.len(),
                pos.players()
            ),
        ));
    }
    Ok(game
        .seats
        .iter()
        .map(|&e| log.entrants[e].name.as_str())
        .collect())
}

/// "Game 1 of 3: Old Brannoc (White) v Mirela Quickfingers (Black)".
pub(crate) fn game_heading<G: Game>(log: &MatchLog, game: &GameLog, names: &[&str]) -> String {
    let seated: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, name)| format!("{name} ({})", role::<G>(Seat(i as u8))))
        .collect();
    format!(
        "{} {} of {}: {}",
        G::FACTS.unit.title(),
        game.number,
        log.games.len(),
        seated.join(" v ")
    )
}

/// Checks that the game ends where the log says, and (unless it ended at the table, by
/// resigning or a forfeit) as the rules say it came out.
fn check_end<G: Game>(pos: &G, game: &GameLog) -> Result<(), ReplayError> {
    let end = format!("{pos:#}");
    let by_the_table = matches!(
        game.outcome.end,
        crate::games::End::Resigned | crate::games::End::Forfeit
    );
    if game.end != end.as_str() || (!by_the_table && pos.outcome() != Some(game.outcome)) {
        return Err(mismatch::<G>(
            game,
            game.steps.len(),
            format!(
                "the game ends at `{end}` ({:?}), the log says `{}` ({:?})",
                pos.outcome(),
                game.end,
                game.outcome
            ),
        ));
    }
    Ok(())
}

/// Plays one step of the log on `pos` through the checked rules, and checks that it comes
/// out as the log says: whose turn it was, what it caused, the scores after it.
fn play_step<G: Game>(pos: &mut G, step: &Step) -> Result<G::Move, String> {
    let mv: G::Move = step.mv.parse().map_err(|e| format!("{e}"))?;
    let due = match step.seat {
        Some(seat) => Turn::Seat(seat),
        None => Turn::Chance,
    };
    if pos.turn() != due {
        return Err(format!(
            "the log has {due:?} to act, the rules {:?}",
            pos.turn()
        ));
    }
    let mut events: Vec<Event> = Vec::new();
    pos.play(mv, &mut events).map_err(|e| e.to_string())?;
    if events != step.events {
        return Err(format!(
            "`{mv}` caused {events:?}, the log says {:?}",
            step.events
        ));
    }
    let scores: Vec<i32> = (0..pos.players())
        .map(|s| pos.score(Seat(s as u8)))
        .collect();
    if scores != step.scores {
        return Err(format!(
            "the scores after `{mv}` are {scores:?}, the log says {:?}",
            step.scores
        ));
    }
    Ok(mv)
}

/// Who made a step and what it does: "Old Brannoc (White): c3-c4, steps a stone onto
/// the river at c4"; for a chance outcome, the game's own word for what decides it and
/// whom it fell to, as its events say: "The sticks: 3, Sister Ysolde throws 3".
fn step_words<G: Game>(log: &MatchLog, game: &GameLog, step: &Step, mv: G::Move) -> String {
    let words = |seat: Seat| {
        let who = &log.entrants[game.entrant_at(seat)];
        let words = G::move_words(mv, seat).replace("{their}", who.pronouns.their());
        (who.name.as_str(), words)
    };
    match step.seat {
        Some(seat) => {
            let (name, words) = words(seat);
            format!("{name} ({}): {mv}, {words}", role::<G>(seat))
        }
        None => {
            let chance = capitalised(G::FACTS.chance);
            match step.events.iter().find_map(Event::by) {
                Some(by) => {
                    let (name, words) = words(by);
                    format!("{chance}: {mv}, {name} {words}")
                }
                None => format!("{chance}: {mv}"),
            }
        }
    }
}

/// "Game 1: Mirela Quickfingers wins (all captured, 780 turns). Games won: Old Brannoc
/// 0, Mirela Quickfingers 1."
pub(crate) fn result_line(log: &MatchLog, game: &GameLog) -> String {
    let facts = log.game.facts();
    let winners: Vec<String> = game
        .winners
        .iter()
        .map(|&w| log.entrants[w].name.clone())
        .collect();
    let what = match winners.as_slice() {
        [] => "a draw".to_owned(),
        [one] => format!("{one} wins"),
        many => format!("{} share the win", and_list(many)),
    };
    // The games won up to this one, drawn ones counting for nobody.
    let mut wins = vec![0u32; log.entrants.len()];
    for g in log.games.iter().take_while(|g| g.number <= game.number) {
        for &w in &g.winners {
            wins[w.index()] += 1;
        }
    }
    let tally: Vec<String> = log
        .entrants
        .iter()
        .zip(&wins)
        .map(|(e, n)| format!("{} {n}", e.name))
        .collect();
    format!(
        "{} {}: {what} ({}, {}). {}s won: {}.",
        facts.unit.title(),
        game.number,
        game.outcome.end.word(),
        crate::names::counted(game.turns, facts.turns),
        facts.unit.title(),
        tally.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Effort, Skill, Temperament};
    use crate::games::GameKind;
    use crate::table::{Entrant, Format, MatchSettings, play_match};

    /// A short seeded match of `G` between two quick players.
    fn played<G: Game>(seed: u64, players: usize) -> MatchLog {
        let entrants: Vec<Entrant> = ["Ada", "Bo", "Cy", "Di", "Ed"][..players]
            .iter()
            .map(|n| Entrant::new(n, Skill::Level(2), Temperament::Steady))
            .collect();
        let settings = MatchSettings::<G> {
            format: Format::BestOf(1),
            draw_cap: 5,
            options: G::Options::default(),
            seed,
            effort: Effort::Full,
            table: crate::table::TableRules::default(),
            wary: crate::table::cheat::Wary::default(),
        };
        play_match::<G>(&entrants, &settings).unwrap()
    }

    fn every_game() -> Vec<MatchLog> {
        vec![
            played::<crate::games::tides::Tides>(1, 2),
            played::<crate::games::pic::Pic>(2, 3),
            played::<crate::games::kiust::Kiust>(3, 2),
            played::<crate::games::oicus::Oicus>(4, 2),
        ]
    }

    #[test]
    fn every_step_of_every_game_gets_a_frame_and_every_line_fits() {
        for log in every_game() {
            let shown = replay(&log, &RuleOptions::default(), None, BoardStyle::PLAIN).unwrap();
            assert_eq!(shown.games.len(), log.games.len(), "{}", log.game);
            for (game, g) in shown.games.iter().zip(&log.games) {
                assert_eq!(game.steps.len(), g.steps.len(), "{}", log.game);
                for (i, frame) in game.steps.iter().enumerate() {
                    assert!(
                        frame
                            .heading
                            .starts_with(&format!("Step {} of {}.", i + 1, g.steps.len())),
                        "{}",
                        frame.heading
                    );
                    assert!(
                        frame.heading.contains(g.steps[i].mv.text()),
                        "{}",
                        frame.heading
                    );
                    for line in frame.heading.lines().chain(frame.board.lines()) {
                        assert!(super::super::width_of(line) <= 80, "{line}");
                    }
                }
            }
        }
    }

    #[test]
    fn ascii_keeps_to_ascii_and_no_colour_writes_no_escape() {
        for log in every_game() {
            let shown = replay(&log, &RuleOptions::default(), None, BoardStyle::ASCII).unwrap();
            let mut all = format!("{}\n{}\n", shown.title, shown.result);
            for g in &shown.games {
                all.push_str(&g.heading);
                all.push_str(&g.start);
                all.push_str(&g.result);
                for f in &g.steps {
                    all.push_str(&f.heading);
                    all.push_str(&f.board);
                }
            }
            // The match line styles the winner's name (the output stream drops the style
            // where colour is off); the boards and the rest are plain.
            let boards: String = shown
                .games
                .iter()
                .flat_map(|g| g.steps.iter())
                .map(|f| f.board.as_str())
                .collect();
            assert!(!boards.contains('\u{1b}'), "{}", log.game);
            assert!(all.is_ascii(), "{}", log.game);
        }
    }

    #[test]
    fn a_chance_outcome_is_told_by_the_game_s_own_word() {
        let log = played::<crate::games::kiust::Kiust>(5, 2);
        let shown = replay(&log, &RuleOptions::default(), None, BoardStyle::PLAIN).unwrap();
        let first = &shown.games[0].steps[0].heading;
        assert!(
            first.starts_with(&format!(
                "Step 1 of {}. The sticks: ",
                log.games[0].steps.len()
            )),
            "{first}"
        );
        assert!(first.contains(" throws "), "{first}");
        assert_eq!(GameKind::KiustOyun.facts().chance, "the sticks");
    }

    #[test]
    fn one_game_alone_and_a_game_never_played() {
        let log = played::<crate::games::tides::Tides>(6, 2);
        let n = log.games.len() as u32;
        let shown = replay(&log, &RuleOptions::default(), Some(n), BoardStyle::PLAIN).unwrap();
        assert_eq!(shown.games.len(), 1);
        assert_eq!(shown.games[0].number, n);
        let err = replay(
            &log,
            &RuleOptions::default(),
            Some(n + 1),
            BoardStyle::PLAIN,
        )
        .unwrap_err();
        assert!(err.is_users());
        assert!(
            err.to_string().contains(&format!("no game {}", n + 1)),
            "{err}"
        );
    }

    #[test]
    fn a_log_the_rules_refuse_is_an_error_not_a_panic() {
        let mut log = played::<crate::games::tides::Tides>(7, 2);
        // The second move played again as the first: not legal for White at the start.
        let second = log.games[0].steps[1].clone();
        log.games[0].steps[0].mv = second.mv;
        let err = replay(&log, &RuleOptions::default(), None, BoardStyle::PLAIN).unwrap_err();
        assert!(!err.is_users());
        assert!(err.to_string().contains("step 1"), "{err}");
        // A move that does not parse, and an end the rules do not reach.
        let mut log = played::<crate::games::pic::Pic>(8, 2);
        log.games[0].steps[0].mv = "x".into();
        let err = replay(&log, &RuleOptions::default(), None, BoardStyle::PLAIN).unwrap_err();
        assert!(err.to_string().contains("step 1"), "{err}");
        let mut log = played::<crate::games::pic::Pic>(8, 2);
        log.games[0].steps.pop();
        assert!(replay(&log, &RuleOptions::default(), None, BoardStyle::PLAIN).is_err());
    }
}
