//! `taproom replay`: a seeded match shown again move by move, the board after each move;
//! on a terminal, Enter steps on.

use std::io::{BufRead, IsTerminal, Write};

use clap::Args;

use super::CliError;
use super::args::{Audience, MatchArgs, game, say_recovered};
use crate::narrate::Detail;
use crate::ops::play::{Request, play};
use crate::report::Page;
use crate::report::board::BoardStyle;
use crate::report::replay::{Replay, replay};

/// What the reader is asked between two steps on a terminal.
const PROMPT: &str = "Enter for the next move, q to stop ";

#[derive(Debug, Args)]
#[command(after_help = "Examples:
  taproom replay tides Brannoc Mirela --seed 42 --best-of 1
  taproom replay kiust Pip Ysolde --seed 3 --best-of 1 --ascii
  taproom replay pic Pip Ysolde Hrodgar --seed 7 --best-of 3 --game 2
  taproom replay dogfight --seed 5 --first-to 1
  taproom replay tides Brannoc Mirela --seed 42 --game 2 --image game2.gif
  taproom replay tides Brannoc Mirela --seed 42 --format html > match.html")]
pub struct ReplayArgs {
    /// The game: tides-of-war (tides), pic, kiust-oyun (kiust), oicustiytac (dogfight).
    game: String,
    /// Who plays, as `taproom play` takes them: names from the roster, or paths to
    /// character files. Default: the first two characters of the roster.
    characters: Vec<String>,
    /// The seed of the match, as `taproom play` printed it (default: a fresh one, printed
    /// at the end).
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    table: MatchArgs,
    /// A bribe taken before the match, as the replay line gives it (repeatable): the
    /// throw it bought is played again (no money moves at a replay).
    #[arg(long = "bribe", value_name = "BRIBE")]
    bribes: Vec<String>,
    /// Show only game N of the match (round N of Òicustiỳtac), counted from 1 as it was
    /// played, drawn games included.
    #[arg(long = "game", id = "only", value_name = "N", visible_alias = "round")]
    only: Option<u32>,
    /// Draw the boards, and write the text, in plain ASCII.
    #[arg(long)]
    ascii: bool,
    /// Also draw the game shown (the deciding one, or --game N) as a picture in FILE, its
    /// kind from the extension: `.png` or `.svg` its last position, `.gif` move by move.
    #[arg(long, value_name = "FILE")]
    image: Option<std::path::PathBuf>,
    /// Text, or html: one page to open in a browser, the match told and each game's board
    /// stepping move by move (buttons, the arrow keys, a slider).
    #[arg(long, value_enum, default_value_t = ReplayFormat::Text)]
    format: ReplayFormat,
    /// Who the page is for (with --format html): `gm` shows everything; `players` leaves
    /// out the cheats nobody saw. The text replay is the GM's.
    #[arg(long, value_enum, default_value_t = Audience::Gm)]
    view: Audience,
}

/// What `replay` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ReplayFormat {
    /// The boards as text, step by step.
    Text,
    /// One self-contained HTML page.
    Html,
}

/// Plays the match the arguments describe, as `taproom play` would, and shows it again
/// step by step; on a terminal (standard input and output both), waits for Enter between
/// steps.
///
/// # Errors
/// Bad arguments, files or rule options; a game the match did not play.
pub fn run(
    args: &ReplayArgs,
    here: &super::here::Here,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let html = args.format == ReplayFormat::Html;
    if !html && args.view == Audience::Players {
        let why = "--view players goes with --format html: the text replay is the GM's";
        return Err(crate::ops::Error::Conflict(why).into());
    }
    let kind = game(&args.game)?;
    let image = args
        .image
        .as_deref()
        .map(crate::ops::picture::ImageTarget::new)
        .transpose()?;
    let seed = args
        .seed
        .unwrap_or_else(|| rand::random_range(0..100_000_000));
    // The request `play` makes of these arguments, without the wagers and (but on a
    // page) the telling, which take nothing from the match's generator: the same seed,
    // the same match.
    let request = Request {
        game: kind,
        words: args.characters.clone(),
        draft: args.table.draft_in(seed, here)?,
        detail: if html { Detail::Brief } else { Detail::None },
        phrasebooks: Vec::new(),
        tavern: None,
        bets: Vec::new(),
        bribes: super::bet::read_bribes(&args.bribes)?,
        apply: None,
        history: here.history()?,
        evening: here.evening(None)?,
    };
    let played = play(&request, &(), &mut |_| {})?;
    say_recovered(&played.recovered);
    if html {
        let shown = super::page::MatchPage {
            view: args.view.into(),
            only: args.only,
            replay: &played.spec.replay_command(),
        };
        out.write_all(super::page::match_page(&played, &shown)?.as_bytes())?;
        return Ok(());
    }
    let terminal = std::io::stdout().is_terminal();
    let style = BoardStyle::for_output(terminal, args.ascii);
    let shown = replay(&played.log, &played.spec.rules, args.only, style)?;
    if let Some(target) = &image {
        super::args::write_image(
            target,
            &played.log,
            &played.spec.rules,
            args.only.map(super::args::Shown::Game),
            false,
        )?;
    }
    let command = shell_words::join(played.spec.command_words("replay"));
    let lead = format!("Seed {seed} replays this match:");
    let seed_line = Page::default().command(&lead, &command);
    if terminal && std::io::stdin().is_terminal() {
        let mut input = std::io::stdin().lock();
        show(&shown, &seed_line, out, Some(&mut input))
    } else {
        show(&shown, &seed_line, out, None)
    }
}

/// Writes the match shown again: the title, each game's start, every step and the
/// game's result, then the match's result and `seed_line`. With `pause`, asks before each
/// page after the first and reads a line from it: `q` (or the end of the input) stops.
fn show(
    shown: &Replay,
    seed_line: &str,
    out: &mut impl Write,
    mut pause: Option<&mut dyn BufRead>,
) -> Result<(), CliError> {
    let mut pages: Vec<String> = Vec::new();
    for (i, game) in shown.games.iter().enumerate() {
        // The title opens the first page; a blank line parts every other block.
        let lead = if i == 0 {
            format!("{}\n", shown.title)
        } else {
            String::new()
        };
        pages.push(format!("{lead}\n{}\n\n{}", game.heading, game.start));
        for frame in &game.steps {
            pages.push(format!("\n{}\n\n{}", frame.heading, frame.board));
        }
        if let Some(last) = pages.last_mut() {
            last.push_str(&format!("\n{}\n", game.result));
        }
    }
    if let Some(last) = pages.last_mut() {
        last.push_str(&format!("\n{}\n{seed_line}\n", shown.result));
    }
    for (i, page) in pages.iter().enumerate() {
        if i > 0
            && let Some(input) = pause.as_deref_mut()
        {
            write!(out, "{PROMPT}")?;
            out.flush()?;
            let mut answer = String::new();
            let read = input.read_line(&mut answer)?;
            if read == 0 || answer.trim().eq_ignore_ascii_case("q") {
                return Ok(());
            }
        }
        write!(out, "{page}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::replay::{Frame, GameShown};

    fn shown() -> Replay {
        let frame = |n: usize| Frame {
            heading: format!("Step {n} of 2."),
            board: format!("board {n}\n"),
        };
        Replay {
            title: "Title".to_owned(),
            games: vec![GameShown {
                number: 1,
                heading: "Game 1 of 1".to_owned(),
                start: "start\n".to_owned(),
                steps: vec![frame(1), frame(2)],
                result: "Game 1: Ada wins.".to_owned(),
            }],
            result: "Ada beats Bo.".to_owned(),
        }
    }

    fn shown_with(input: Option<&str>) -> String {
        let mut out = Vec::new();
        match input {
            Some(text) => {
                let mut reader = std::io::Cursor::new(text.as_bytes().to_vec());
                show(&shown(), "Seed 1", &mut out, Some(&mut reader)).unwrap();
            }
            None => show(&shown(), "Seed 1", &mut out, None).unwrap(),
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn without_a_terminal_everything_is_written_without_asking() {
        let text = shown_with(None);
        assert!(!text.contains("Enter"), "{text}");
        for part in [
            "Title",
            "start",
            "board 1",
            "board 2",
            "Ada wins",
            "Ada beats Bo",
            "Seed 1",
        ] {
            assert!(text.contains(part), "{part}: {text}");
        }
    }

    #[test]
    fn enter_steps_on_and_q_stops() {
        let all = shown_with(Some("\n\n\n"));
        assert_eq!(all.matches(PROMPT).count(), 2, "{all}");
        assert!(all.contains("Seed 1"), "{all}");
        let stopped = shown_with(Some("\nq\n"));
        assert!(
            stopped.contains("board 1") && !stopped.contains("board 2"),
            "{stopped}"
        );
        assert!(!stopped.contains("Ada beats Bo"), "{stopped}");
        // The end of the input stops too.
        let ended = shown_with(Some(""));
        assert!(
            ended.contains("start") && !ended.contains("board 1"),
            "{ended}"
        );
    }
}
