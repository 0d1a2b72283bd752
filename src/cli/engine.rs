//! `taproom engine perft|moves|apply`: the rules, checkable from outside against other
//! implementations (see `docs/rules/`).

use std::io::{IsTerminal, Write};

use clap::{Args, Subcommand};

use super::CliError;
use crate::games::with_game;
use crate::games::{Game, GameKind, Outcome, Turn, perft};
use crate::ops;
use crate::ops::picture::ImageTarget;
use crate::report::board::picture::{Picture, film_bytes, film_of_moves};
use crate::report::board::{BoardStyle, Marks};
use crate::table::RuleOptions;

#[derive(Debug, Subcommand)]
pub enum EngineCommand {
    /// Count the move sequences of exactly D plies; the count alone on the last line.
    #[command(after_help = "Example:\n  taproom engine perft tides-of-war --depth 4")]
    Perft {
        #[command(flatten)]
        at: At,
        /// How many plies (at most 8 for Tides of War, 22 for Piç, 13 for Kiust Oyun, 6
        /// for Òicustiỳtac: a few minutes from the start on one core).
        #[arg(long, short)]
        depth: u32,
    },
    /// List the legal moves (for Òicustiỳtac, turns), one per line.
    #[command(after_help = "Examples:
  taproom engine moves tides-of-war
  taproom engine moves kiust-oyun --throw 3")]
    Moves {
        #[command(flatten)]
        at: At,
        /// The chance outcome to play first, when the position awaits one (a stick throw:
        /// 2, 3, 6, kiust, 6x4).
        #[arg(long)]
        throw: Option<String>,
    },
    /// Play moves in order and print the position reached, then the outcome if it is over.
    #[command(after_help = "Examples:
  taproom engine apply tides-of-war c3-c4 c5xc3xa1
  taproom engine apply pic --players 3 2 5 --board
  taproom engine apply tides-of-war c3-c4 c5xc3xa1 --image tides.png")]
    Apply {
        #[command(flatten)]
        at: At,
        /// The moves, in the game's notation (chance outcomes such as throws included; a
        /// pass is `-`). Options may follow them.
        moves: Vec<String>,
        /// Print the position's whole state: the spec's notation, then ` | ` and what it
        /// leaves out (Tides of War's plies since the last capture, turns towards a cap),
        /// which `--position` reads back.
        #[arg(long)]
        full: bool,
        /// Then draw the position reached as a board diagram (in colour on a terminal,
        /// unless NO_COLOR is set), the last move highlighted.
        #[arg(long)]
        board: bool,
        /// Draw the diagram in plain ASCII.
        #[arg(long, requires = "board")]
        ascii: bool,
        /// Also draw the position reached as a picture in FILE, its kind from the
        /// extension: `.png` or `.svg` the position reached, the last move marked;
        /// `.gif` every move from the position given, animated.
        #[arg(long, value_name = "FILE")]
        image: Option<std::path::PathBuf>,
    },
}

/// Where the command starts.
#[derive(Debug, Args)]
pub struct At {
    /// The game.
    game: String,
    /// The position, in the game's notation (default: the start).
    #[arg(long, short)]
    position: Option<String>,
    /// Players at the start position, for games of more than two (Piç).
    #[arg(long, default_value_t = 2)]
    players: usize,
    /// A rule option, `key=value` (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rules: Vec<String>,
}

/// Runs an engine command.
///
/// # Errors
/// A malformed position or move, an illegal move, a bad option.
pub fn run(cmd: &EngineCommand, out: &mut impl Write) -> Result<(), CliError> {
    let at = match cmd {
        EngineCommand::Perft { at, .. }
        | EngineCommand::Moves { at, .. }
        | EngineCommand::Apply { at, .. } => at,
    };
    let kind: GameKind = at.game.parse()?;
    with_game!(kind, G => run_game::<G>(cmd, at, out))
}

/// The position a command starts from: `--position` read under the rule options, or the
/// start for `--players`.
fn position<G: Game>(at: &At) -> Result<G, CliError> {
    let options = RuleOptions::from_pairs(&at.rules)?.options::<G>()?;
    Ok(match &at.position {
        Some(text) => G::from_text(text, &options)?,
        None => G::start(at.players, &options)?,
    })
}

/// Runs an engine command on game `G`, from the position it names.
fn run_game<G: Picture>(
    cmd: &EngineCommand,
    at: &At,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let pos = position::<G>(at)?;
    match cmd {
        EngineCommand::Perft { depth, .. } => perft_from(&pos, *depth, out),
        EngineCommand::Moves { throw, .. } => moves_from(pos, throw.as_deref(), out),
        EngineCommand::Apply {
            moves,
            full,
            board,
            ascii,
            image,
            ..
        } => {
            let style =
                board.then(|| BoardStyle::for_output(std::io::stdout().is_terminal(), *ascii));
            let image = image.as_deref().map(ImageTarget::new).transpose()?;
            apply_from(pos, moves, *full, style, image.as_ref(), out)
        }
    }
}

/// `perft`: the number of move sequences of exactly `depth` plies, refused past the depth
/// the game can count in minutes.
fn perft_from<G: Game>(pos: &G, depth: u32, out: &mut impl Write) -> Result<(), CliError> {
    let most = G::FACTS.perft_depth;
    if depth > most {
        return Err(ops::Error::Argument {
            flag: "--depth",
            message: format!(
                "perft to depth {depth} would run for hours; {} goes to {most} at most",
                G::KIND.title()
            ),
        }
        .into());
    }
    writeln!(out, "{}", perft(pos, depth))?;
    Ok(())
}

/// `moves`: the legal moves one a line, after the throw given when the position awaits
/// one (and refusing a throw where none is awaited).
fn moves_from<G: Game>(
    mut pos: G,
    throw: Option<&str>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    match (pos.turn(), throw) {
        (Turn::Chance, Some(t)) => pos.play(t.parse()?, &mut ())?,
        (Turn::Chance, None) => {
            return Err(ops::Error::Argument {
                flag: "--throw",
                message: format!(
                    "position `{pos}` awaits a chance event (a throw): give it with --throw"
                ),
            }
            .into());
        }
        (_, Some(t)) => {
            return Err(ops::Error::Argument {
                flag: "--throw",
                message: format!(
                    "--throw {t} does not apply: position `{pos}` awaits no chance event"
                ),
            }
            .into());
        }
        (_, None) => {}
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    for mv in moves {
        writeln!(out, "{mv}")?;
    }
    Ok(())
}

/// `apply`: the moves played in order, then the position reached (whole with `full`),
/// the outcome if it is over, and when a `board` style is given its diagram in that
/// style, the last move highlighted.
fn apply_from<G: Picture>(
    mut pos: G,
    moves: &[String],
    full: bool,
    board: Option<BoardStyle>,
    image: Option<&ImageTarget>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let start = image.map(|_| pos.clone());
    let mut last = None;
    let mut played = Vec::with_capacity(moves.len());
    for text in moves {
        let mv: G::Move = text.parse()?;
        pos.play(mv, &mut ())?;
        last = Some(mv);
        played.push(mv);
    }
    if let (Some(target), Some(start)) = (image, start) {
        let film = film_of_moves(&start, &played)?;
        let bytes = film_bytes(&film, target.kind).map_err(|e| target.failed(&e))?;
        target.write(&bytes)?;
    }
    if full {
        writeln!(out, "{pos:#}")?;
    } else {
        writeln!(out, "{pos}")?;
    }
    if let Some(outcome) = pos.outcome() {
        writeln!(out, "{}", describe::<G>(outcome))?;
    }
    if let Some(style) = board {
        // The lines above are for checkers that parse them; the diagram follows.
        let marks = Marks {
            last,
            ..Marks::none()
        };
        writeln!(out)?;
        write!(out, "{}", pos.diagram_with(&style, &marks))?;
    }
    Ok(())
}

/// "result: White wins (conquest)".
fn describe<G: Game>(outcome: Outcome) -> String {
    let name = |s: crate::games::Seat| {
        G::FACTS
            .seat_names
            .get(s.index())
            .copied()
            .unwrap_or("?")
            .to_owned()
    };
    let who: Vec<String> = outcome.winners.iter().map(name).collect();
    let what = match who.len() {
        0 => "draw".to_owned(),
        1 => format!("{} wins", who[0]),
        _ => format!("{} share the win", who.join(" and ")),
    };
    format!("result: {what} ({})", outcome.end.word())
}
