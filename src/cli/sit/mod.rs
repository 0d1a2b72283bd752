//! `taproom sit`: people at the table take seats against the characters (or each other),
//! turn by turn on standard input, and the match is told and settled as `play` does.

mod hands;
mod terminal;

use std::io::{IsTerminal, Write};

use clap::{Args, ValueEnum};

use super::CliError;
use super::args::{Audience, Drawn, ImageArgs, MatchArgs, OutputFormat, Quiet, TellArgs, game};
use super::bet::BetArgs;
use super::discord;
use super::error::after_write;
use super::play::{Told, write_played};
use crate::ops::play::{Played, Request, play_with};
use crate::report;
use crate::report::board::BoardStyle;
use crate::report::board::Diagram;
use hands::{Boards, Dice, Sitting};
use terminal::Terminal;

/// Who throws the sticks and draws the stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DiceArg {
    /// taproom throws and draws, from the seed, so the evening replays.
    Seeded,
    /// The people throw real sticks, draw real stones and roll real d20s, and type what
    /// fell.
    Table,
}

/// When a character's move shows the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BoardsArg {
    /// After every move.
    Every,
    /// Only at the telling moments (captures, claims, stones down or home, the end).
    Telling,
}

#[derive(Debug, Args)]
#[command(
    after_help = "On a person's turn: type a move's number or its notation (in any case), or \
board, moves, help, resign, cheat (lists what you may try, numbered), accuse [NAME], insight \
[NAME] (once a match: a d20 plus your Insight against their Deception; met, it tells whether \
they hustle) (and hint, undo when the GM allows them). Where anyone at the table has a [dnd] \
table, a cheat is a d20 plus Sleight of Hand against each watcher's passive Perception, shown \
as rolled; with --dice table you roll your own d20s and type them (1-20). The end of the input resigns the game. The board is drawn from \
the side of the person to move, unless --fixed-board.

The screen is the people's: the match is told in the players' view (no skill, no
odds, no cheat that nobody saw); `--view gm` tells the GM everything.

Examples:
  taproom sit tides Brannoc --as Ysolde
  taproom sit pic Mirela --as Aria --view gm   the GM's screen: every cheat told
  taproom sit kiust Pip --as \"Aria Stormborn\" --hint --undo
  taproom sit pic Pip Tamsin --as Aria --as Bram --best-of 1
  taproom sit oicustiytac Mirela --as Ysolde --dice table
  taproom sit tides Brannoc --as examples/party/aria.toml --dice table   her own d20s for cheat and insight
  taproom sit tides Hrodgar --as \"Sister Ysolde\" --bet \"Sister Ysolde 2 gp on Ysolde against Hrodgar\"
  taproom sit tides Brannoc --as Ysolde --bribe \"Ysolde 2 gp to Brannoc to lose\"   the GM's secret
  taproom sit tides Brannoc --as Ysolde --image match.gif
  taproom sit tides Brannoc --as Ysolde --fixed-board   White's side up, whoever moves
  taproom sit pic Mirela Pip --as Aria --post https://discord.com/api/webhooks/ID/TOKEN
  printf '1\\n1\\n' | taproom sit tides Brannoc --as Ysolde --seed 7 --best-of 1"
)]
pub struct SitArgs {
    /// The game: tides-of-war (tides), pic, kiust-oyun (kiust), oicustiytac (dogfight).
    game: String,
    /// The characters the people play against: names from the roster, or character files
    /// (none: only the people play).
    opponents: Vec<String>,
    /// A person at the table (repeatable; they sit first, in this order): a character file,
    /// a roster name (a player character with a purse, so stakes settle), or simply a name.
    #[arg(long = "as", value_name = "NAME", required = true)]
    people: Vec<String>,
    /// The seed: with the same lines typed, it replays the match exactly (default: a
    /// fresh one, printed).
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    table: MatchArgs,
    /// Who throws the sticks, draws the stones and rolls a person's d20s (`cheat`,
    /// `insight`): taproom from the seed, or the people at the table with real ones,
    /// typing what fell.
    #[arg(long, value_enum, default_value_t = DiceArg::Seeded)]
    dice: DiceArg,
    /// Let a person type `hint`: what a master (level 10) would play, and why.
    #[arg(long)]
    hint: bool,
    /// Let a person type `undo`: take back their last move (and the replies to it).
    #[arg(long)]
    undo: bool,
    /// When a character's move shows the board.
    #[arg(long, value_enum, default_value_t = BoardsArg::Every)]
    boards: BoardsArg,
    /// Boards in plain ASCII (for old terminals and chat windows).
    #[arg(long)]
    ascii: bool,
    /// Draw the board always from the first seat's side (White's at Tides of War),
    /// rather than turned to the person to move.
    #[arg(long)]
    fixed_board: bool,
    #[command(flatten)]
    tell: TellArgs,
    #[command(flatten)]
    quiet: Quiet,
    #[command(flatten)]
    wager: BetArgs,
    #[command(flatten)]
    picture: ImageArgs,
    #[command(flatten)]
    channel: super::discord::PostArgs,
}

/// Seats the people, plays the match turn by turn, and writes it out as `play` does.
///
/// # Errors
/// Bad arguments, files, names or bets (before anything is played); a failed write.
pub fn run(args: &SitArgs, here: &super::here::Here, out: &mut impl Write) -> Result<(), CliError> {
    if args.tell.format == OutputFormat::Html {
        let why = "--format html is for play, replay and night: sit's screen is the terminal";
        return Err(crate::ops::Error::Conflict(why).into());
    }
    let kind = game(&args.game)?;
    let hook = args.channel.webhook()?;
    let seed = args
        .seed
        .unwrap_or_else(|| rand::random_range(0..100_000_000));
    let request = Request {
        game: kind,
        words: args.opponents.clone(),
        draft: args.table.draft_in(seed, here)?,
        detail: args.tell.narrate.into(),
        phrasebooks: args.tell.phrasebook.clone(),
        tavern: here.tavern(args.wager.tavern().as_deref())?,
        bets: args.wager.bets()?,
        bribes: args.wager.bribes()?,
        apply: here.apply(args.wager.apply())?,
        history: here.history()?,
        evening: here.evening(args.wager.evening())?,
    };
    let image = args.picture.target()?;
    let quiet = args.quiet;
    // The screen at `sit` is the people's: the players' view unless the GM asks.
    let page = args.tell.page(Audience::Players);
    let players = page.view == report::View::Players;
    // The picture is drawn before anything is written (with --apply, one that cannot be
    // stops the run there), and written after.
    let applying = request.apply.is_some();
    let mut drawn = Drawn::default();
    let mut ready = |log: &crate::table::MatchLog, spec: &crate::ops::MatchSpec| {
        drawn = args.picture.draw(image.as_ref(), log, &spec.rules, players);
        drawn.before_write(applying)
    };
    let (played, typed) =
        crate::games::with_game!(kind, G => sit_at::<G>(args, &request, out, &mut ready))?;
    quiet.recovered(&played.recovered);
    super::args::warn(&played.warnings);
    drawn.write();
    tell(args, &played, &typed, drawn, out)
        .and_then(|()| match &hook {
            Some(hook) => post(args, &played, &typed, hook),
            None => Ok(()),
        })
        .map_err(|e| after_write(e, &played.written))
}

/// Posts the match to the webhook, in the channel's view, with its board and the replay
/// of what the people typed.
fn post(
    args: &SitArgs,
    played: &Played,
    typed: &[String],
    hook: &crate::ops::post::Webhook,
) -> Result<(), CliError> {
    let view = args.tell.channel_view();
    let replay = replay_line(args, &played.spec, typed);
    let messages = discord::match_messages(played, view, &replay, true)?;
    let card = discord::match_card(played, &replay, true);
    let png = discord::board_png(&played.log, &played.spec.rules, view);
    discord::send(hook, &messages, card, png.as_deref(), args.quiet)
}

/// Writes out the match played, then tells the picture's failure, if any.
fn tell(
    args: &SitArgs,
    played: &Played,
    typed: &[String],
    drawn: Drawn,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let quiet = args.quiet;
    let page = args.tell.page(Audience::Players);
    writeln!(out)?;
    let replay = replay_line(args, &played.spec, typed);
    let told = Told {
        format: args.tell.format,
        page,
        replay: &replay,
        sat: true,
        foundry: page.view,
        // The replay holds only what the people typed: it is theirs to keep (a bribe, the
        // GM's secret, left out of it).
        kept: (page.view == report::View::Players)
            .then(|| without_bribes(&replay, &played.spec.bribes)),
    };
    // --format html is refused before the match.
    write_played(out, played, &drawn, &told, quiet)?;
    drawn.result()
}

/// Plays the match at game `G`, the people at the terminal: what was played, and every
/// line typed that changed it.
fn sit_at<G: Diagram>(
    args: &SitArgs,
    request: &Request,
    out: &mut impl Write,
    ready: crate::ops::play::Ready<'_, CliError>,
) -> Result<(Played, Vec<String>), CliError> {
    let quiet = args.quiet;
    let stdin = std::io::stdin();
    let echo = !stdin.is_terminal();
    let style = BoardStyle::for_output(std::io::stdout().is_terminal(), args.ascii);
    let mut console = Terminal {
        out: &mut *out,
        input: Box::new(stdin.lock()),
        echo,
        failed: None,
    };
    let mut sitting = Sitting {
        people: args.people.clone(),
        dice: match args.dice {
            DiceArg::Seeded => Dice::Seeded,
            DiceArg::Table => Dice::Table,
        },
        hint: args.hint,
        undo: args.undo,
        boards: match args.boards {
            BoardsArg::Every => Boards::Every,
            BoardsArg::Telling => Boards::Telling,
        },
        style,
        console: &mut console,
        width: usize::from(super::args::page_width()),
        typed: Vec::new(),
        view: args.tell.view(Audience::Players),
        fixed_board: args.fixed_board,
    };
    let played = play_with::<G, CliError>(
        request,
        &quiet.bar(),
        &mut |f| quiet.waiting(f),
        Some(&mut sitting),
        ready,
    )?;
    let typed = std::mem::take(&mut sitting.typed);
    if let Some(e) = console.failed.take() {
        return Err(after_write(e.into(), &played.written));
    }
    debug_assert_eq!(played.log.game, G::KIND);
    Ok((played, typed))
}

/// The command that replays this sitting: the lines typed, fed to `taproom sit` with the
/// same seed, seats and flags.
fn replay_line(args: &SitArgs, spec: &crate::ops::MatchSpec, typed: &[String]) -> String {
    let mut sit = crate::ops::memory::sit_words(spec, &args.people);
    if args.dice == DiceArg::Table {
        sit.extend(["--dice".to_owned(), "table".to_owned()]);
    }
    if args.hint {
        sit.push("--hint".to_owned());
    }
    if args.undo {
        sit.push("--undo".to_owned());
    }
    let command = shell_words::join(sit);
    if typed.is_empty() {
        format!("{command} < /dev/null")
    } else {
        let mut feed = vec!["printf".to_owned(), "%s\\n".to_owned()];
        feed.extend(typed.iter().cloned());
        format!("{} | {command}", shell_words::join(feed))
    }
}
/// A command line with every `--bribe TEXT` of `bribes` left out: what the people may
/// see of it.
fn without_bribes(line: &str, bribes: &[String]) -> String {
    let mut line = line.to_owned();
    for b in bribes {
        line = line.replace(&format!(" --bribe {}", shell_words::quote(b)), "");
    }
    line
}
