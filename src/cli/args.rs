//! What several commands ask alike: the match's shape, who the text is for and how much
//! of the story to tell, and a progress bar for long work.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};

use super::CliError;
use crate::games::GameKind;
use crate::narrate::Detail;
use crate::ops::Draft;
use crate::report::View;
use crate::table::{Format, RuleOptions};

/// The match's shape and the roster it draws on.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// A match won by the first to win a majority of N games, N/2 + 1 rounded down: best of
    /// 3 (and best of 2) needs 2 wins, so a best of 2 at 1–1 plays a third game, and drawn
    /// games are replayed without counting (see --draw-cap). Default 3, or the game's own
    /// rule: Òicustiỳtac is first to 3 rounds.
    #[arg(long, value_name = "N", conflicts_with = "first_to")]
    pub best_of: Option<u32>,
    /// A match won by the first to win N games.
    #[arg(long, value_name = "N")]
    pub first_to: Option<u32>,
    /// How many drawn games are replayed before a match stops as it stands (0 to 99,
    /// default 5).
    #[arg(long, value_name = "N")]
    pub draw_cap: Option<u32>,
    /// A rule option, `key=value` (repeatable), e.g. `truce_after=40`.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// A folder of character files (they stand in for built-in characters of the same
    /// name). Default: the campaign's roster (taproom.toml), if any.
    #[arg(long, value_name = "DIR")]
    pub roster: Option<PathBuf>,
    /// What a cheat seen at the table suffers: `lose-turn` (put it right and miss the
    /// turn), `take-back` (only put it right), `forfeit-game` or `forfeit-stakes`.
    /// Default: the tavern's `on_cheat`, else each game's custom (the game forfeit at Tides
    /// of War and Piç, the throw lost at Kiust Oyun; Òicustiỳtac's rule 2 always).
    #[arg(long, value_name = "RULE", value_parser = on_cheat_word)]
    pub on_cheat: Option<crate::games::OnCheat>,
    /// Someone who has seen another cheat before this match, `WATCHER:CHEAT` (or
    /// `WATCHER:CHEAT=TIMES`), repeatable: they watch those hands the closer. `night`
    /// carries it from match to match; its replay lines say it so.
    #[arg(long, value_name = "WATCHER:CHEAT")]
    pub wary: Vec<String>,
    /// A hustler the bookie is wise to (repeatable): he prices them at their true skill,
    /// not the skill their `[hustle]` shows. A campaign's history adds those whose hustle
    /// it saw turn; replay lines say it so.
    #[arg(long, value_name = "NAME")]
    pub wise_to: Vec<String>,
    /// Tell and play the match as if its players had never met: no rematch lines from
    /// the campaign's history, no reputations (replay lines of a match told from the
    /// history carry it, so that they replay exactly).
    #[arg(long)]
    pub no_history: bool,
    /// Money staked on the match outside taproom's wagers (a side pot the GM keeps), e.g.
    /// `5 gp`: counted with the bets' stakes when a hustler decides whether the match is
    /// worth playing for real. The replay line of a match with a hustler carries it.
    #[arg(long, value_name = "AMOUNT", value_parser = staked_word)]
    pub staked: Option<crate::wager::Money>,
}

/// Reads `--staked`.
fn staked_word(word: &str) -> Result<crate::wager::Money, String> {
    let m: crate::wager::Money = word
        .parse()
        .map_err(|e: crate::wager::money::MoneyError| e.to_string())?;
    if m > crate::wager::money::MAX_PURSE {
        return Err(format!(
            "{m} is more than the most taproom keeps in a purse"
        ));
    }
    Ok(m)
}

/// Reads `--on-cheat`.
fn on_cheat_word(word: &str) -> Result<crate::games::OnCheat, String> {
    crate::games::OnCheat::ALL
        .into_iter()
        .find(|o| o.key() == word.trim().to_lowercase())
        .ok_or_else(|| {
            "the rule is lose-turn, take-back, forfeit-game or forfeit-stakes".to_owned()
        })
}

impl MatchArgs {
    /// The match as drafted by these arguments (seats to be filled), with `seed`.
    ///
    /// # Errors
    /// A rule that is not `key=value`, a `--wary` that does not read.
    pub fn draft(&self, seed: u64) -> Result<Draft, crate::table::SpecError> {
        Ok(Draft {
            seats: Vec::new(),
            format: match (self.best_of, self.first_to) {
                (_, Some(n)) => Some(Format::FirstTo(n)),
                (Some(n), None) => Some(Format::BestOf(n)),
                (None, None) => None,
            },
            draw_cap: self.draw_cap,
            rules: RuleOptions::from_pairs(&self.rules)?,
            roster: self.roster.clone(),
            seed,
            table: crate::table::TableRules {
                on_cheat: self.on_cheat,
                ..crate::table::TableRules::default()
            },
            wary: crate::table::cheat::Wary::from_words(&self.wary)?,
            wise_to: self.wise_to.clone(),
            no_history: self.no_history,
            staked: self.staked.unwrap_or_default(),
        })
    }
}

impl MatchArgs {
    /// The match as drafted by these arguments, with `seed`, the campaign's roster where
    /// no `--roster` is given.
    ///
    /// # Errors
    /// As [`MatchArgs::draft`]; a campaign file that is not valid.
    pub fn draft_in(&self, seed: u64, here: &super::here::Here) -> Result<Draft, CliError> {
        let mut draft = self.draft(seed)?;
        draft.roster = here.roster(draft.roster.as_deref())?;
        // The roster's folder is a word of the replay command printed after the match:
        // it passes the check every printed name passes.
        if let Some(dir) = &draft.roster {
            let shown = dir.to_string_lossy();
            crate::names::check(&shown).map_err(|bad| crate::ops::Error::Argument {
                flag: "--roster",
                message: format!("--roster `{}`: {bad}", crate::names::escaped(&shown)),
            })?;
        }
        Ok(draft)
    }
}

/// The game named on the command line.
///
/// # Errors
/// A name that is none of the games.
pub fn game(name: &str) -> Result<GameKind, crate::games::kind::UnknownGame> {
    name.parse()
}

/// How much of the story to tell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Narrate {
    /// To read aloud: one or two lines a game, two for the match.
    #[default]
    Brief,
    /// Every moment the narrator finds.
    Full,
    /// No story, only the tables.
    None,
}

impl From<Narrate> for Detail {
    fn from(n: Narrate) -> Detail {
        match n {
            Narrate::Brief => Detail::Brief,
            Narrate::Full => Detail::Full,
            Narrate::None => Detail::None,
        }
    }
}

/// Who the text is for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Audience {
    /// The game master: everything, skills and the seed included.
    #[default]
    Gm,
    /// The players: what can be read aloud (no skill numbers, no odds, no seed).
    Players,
}

impl From<Audience> for View {
    fn from(a: Audience) -> View {
        match a {
            Audience::Gm => View::Gm,
            Audience::Players => View::Players,
        }
    }
}

/// Output formats of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Narrated scenes and a table.
    Text,
    /// The whole match as JSON.
    Json,
    /// The scenes and tables in Markdown, for campaign notes or a chat window.
    Markdown,
    /// One self-contained HTML page: the telling, the tables, and each game's board
    /// stepping move by move.
    Html,
    /// Discord's Markdown: tables as monospaced blocks 40 columns wide, cut into messages
    /// of at most 2,000 characters (the players' view unless --view gm).
    Discord,
    /// One JSON document for Foundry VTT: a journal entry (the telling, the tables, the
    /// board) and chat messages, the GM's own lines whispered to the GM
    /// (examples/foundry-import.js imports it).
    Foundry,
    /// One Markdown note for a notes vault: the match's facts as YAML front matter, and
    /// links to the characters' own notes.
    Note,
}

/// How a match is told and laid out: the story, who reads it, the GM's own lines, the
/// format and the width of the tables (`play` and `sit`).
#[derive(Debug, Args)]
pub struct TellArgs {
    /// How much of the story to tell.
    #[arg(long, value_enum, default_value_t = Narrate::Brief)]
    pub narrate: Narrate,
    /// Who the text is for: `gm` shows everything (skills, odds, the seed, every cheat);
    /// `players` only what can be read aloud. Default: gm at play, players at sit (the
    /// screen is the people's there) and for Discord (--format discord, --post).
    #[arg(long, value_enum)]
    pub view: Option<Audience>,
    /// A phrasebook of the GM's own lines, added to (or replacing) the built-in ones. A
    /// `phrasebook.toml` in the --roster folder is read too.
    #[arg(long, value_name = "FILE")]
    pub phrasebook: Vec<PathBuf>,
    /// Text for the table, Markdown for notes and chat, JSON for tools (the match and
    /// its wagers; schema in docs/json.md), html: one page to open in a browser, the
    /// boards stepping move by move (not at `sit`), discord: messages to paste into a
    /// Discord channel (see --post), foundry: a journal entry and chat messages for
    /// Foundry VTT, or note: a note with YAML front matter for a notes vault.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
    /// Tables as wide as they need, whatever the terminal (by default they fit its width,
    /// `COLUMNS`, or 80 columns when printing elsewhere).
    #[arg(long)]
    pub wide: bool,
}

impl TellArgs {
    /// Who reads the page: the `--view` given, else `default` (the command's own), or
    /// the players for a channel (`--format discord`).
    #[must_use]
    pub fn view(&self, default: Audience) -> View {
        let default = if self.format == OutputFormat::Discord {
            Audience::Players
        } else {
            default
        };
        self.view.unwrap_or(default).into()
    }

    /// Who reads what is posted to a channel (`--post`): the `--view` given, else the
    /// players.
    #[must_use]
    pub fn channel_view(&self) -> View {
        self.view.unwrap_or(Audience::Players).into()
    }

    /// Who reads the page (`--view`, else `default`) and how its tables are laid out.
    #[must_use]
    pub fn page(&self, default: Audience) -> crate::report::Page {
        crate::report::Page {
            view: self.view(default),
            layout: layout(self.wide, self.format == OutputFormat::Markdown),
        }
    }
}

/// `--quiet`: for scripts, the result alone.
#[derive(Clone, Copy, Debug, Args)]
pub struct Quiet {
    /// For scripts: no progress bar and no notes, only the result (errors still go to
    /// stderr).
    #[arg(long, short)]
    pub quiet: bool,
}

impl Quiet {
    /// The progress bar for this run: never drawn when quiet.
    #[must_use]
    pub fn bar(self) -> Bar {
        Bar {
            bar: ProgressBar::hidden(),
            quiet: self.quiet,
        }
    }

    /// Tells of writes a killed run had left and this one finished, unless quiet.
    pub fn recovered(self, done: &[crate::ops::apply::Recovered]) {
        if !self.quiet {
            say_recovered(done);
        }
    }

    /// Tells that this run waits for another, unless quiet.
    pub fn waiting(self, folder: &std::path::Path) {
        if !self.quiet {
            say_waiting(folder);
        }
    }
}

/// A progress bar on stderr, drawn only on a terminal.
pub struct Bar {
    bar: ProgressBar,
    quiet: bool,
}

impl Bar {
    /// A hidden bar until work starts.
    #[must_use]
    pub fn new() -> Bar {
        Bar {
            bar: ProgressBar::hidden(),
            quiet: false,
        }
    }
}

impl Default for Bar {
    fn default() -> Self {
        Bar::new()
    }
}

impl crate::ops::Progress for Bar {
    fn start(&self, what: &str, total: u64) {
        if !self.quiet {
            self.bar
                .set_draw_target(indicatif::ProgressDrawTarget::stderr());
        }
        self.bar.set_length(total);
        self.bar.set_position(0);
        if let Ok(style) = ProgressStyle::with_template("{msg} {bar:30} {pos}/{len} {eta}") {
            self.bar.set_style(style);
        }
        self.bar.set_message(what.to_owned());
    }

    fn tick(&self) {
        self.bar.inc(1);
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// The `--apply` settings: the ledger, the wait for another run.
#[must_use]
pub fn apply_with(ledger: Option<std::path::PathBuf>, wait: u64) -> crate::ops::apply::Apply {
    crate::ops::apply::Apply::with_wait(ledger, std::time::Duration::from_secs(wait))
}

/// Tells the GM on stderr that this run waits for another.
pub fn say_waiting(folder: &std::path::Path) {
    super::note(&format!(
        "waiting for another taproom run writing in {} to finish...",
        folder.display()
    ));
}

/// Tells the GM on stderr of a write a killed run had left, finished now.
pub fn say_recovered(done: &[crate::ops::apply::Recovered]) {
    for r in done {
        let names: Vec<String> = r.files.iter().map(|f| f.display().to_string()).collect();
        let done = if r.undone {
            "undid a write that an interrupted run had begun (every file is as it was before \
             it)"
        } else {
            "finished a write that an interrupted run had left half done"
        };
        super::note(&format!("{done}: {}", names.join(", ")));
    }
}

/// How wide the page is: `COLUMNS` when set, else the terminal's width when printing to
/// one, else 80 columns.
#[must_use]
pub fn page_width() -> u16 {
    if let Some(n) = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<u16>().ok())
        .filter(|&n| n >= 20)
    {
        return n;
    }
    if std::io::IsTerminal::is_terminal(&std::io::stdout())
        && let Some((terminal_size::Width(w), _)) = terminal_size::terminal_size()
    {
        return w.max(20);
    }
    80
}

/// The layout of the tables: Markdown, as wide as they need (`--wide`), or within the
/// page's width.
#[must_use]
pub fn layout(wide: bool, markdown: bool) -> crate::report::Layout {
    use crate::report::Layout;
    if markdown {
        Layout::Markdown
    } else if wide {
        Layout::Wide
    } else {
        Layout::Columns(page_width())
    }
}

/// `--image FILE` and `--game N`: a picture of a game of the match.
#[derive(Debug, Args)]
pub struct ImageArgs {
    /// Also draw a game of the match as a picture in FILE, its kind from the extension:
    /// `.png` (for a chat channel) or `.svg` the deciding game's last position, `.gif` that
    /// game move by move, animated. With `--format markdown` the text links it.
    #[arg(long, value_name = "FILE")]
    pub image: Option<PathBuf>,
    /// With --image: draw game N of the match (round N of Òicustiỳtac), counted from 1 as
    /// it was played, instead of the deciding one; `all` (for a `.gif`) every game.
    #[arg(
        long = "game",
        id = "image_game",
        value_name = "N|all",
        requires = "image"
    )]
    pub game: Option<Shown>,
}

/// A picture of a match, drawn once the match is played and before anything is written,
/// then written: the Markdown line that links it once written, or why it failed (told
/// after the text, so that the telling is never lost to it).
#[derive(Debug, Default)]
pub struct Drawn {
    /// Drawn and not yet written: where, its bytes, and the line that links it.
    ready: Option<(crate::ops::picture::ImageTarget, Vec<u8>, String)>,
    link: Option<String>,
    failed: Option<CliError>,
}

impl ImageArgs {
    /// Draws the picture asked for (`target`, checked before the match) of the match
    /// played, in the players' view when `players`; [`Drawn::write`] writes it.
    #[must_use]
    pub fn draw(
        &self,
        target: Option<&crate::ops::picture::ImageTarget>,
        log: &crate::table::MatchLog,
        rules: &RuleOptions,
        players: bool,
    ) -> Drawn {
        let Some(target) = target else {
            return Drawn::default();
        };
        match image_bytes(target, log, rules, self.game, players) {
            Ok(bytes) => Drawn {
                ready: Some((target.clone(), bytes, image_link(target, log, self.game))),
                link: None,
                failed: None,
            },
            Err(e) => Drawn {
                ready: None,
                link: None,
                failed: Some(e),
            },
        }
    }
}

impl Drawn {
    /// With `--apply` (`applying`), a picture that could not be drawn stops the run
    /// before anything is written: its error, taken out; else nothing (the failure is
    /// told after the text).
    ///
    /// # Errors
    /// That error.
    pub fn before_write(&mut self, applying: bool) -> Result<(), CliError> {
        match self.failed.take() {
            Some(e) if applying => Err(e),
            failed => {
                self.failed = failed;
                Ok(())
            }
        }
    }

    /// Writes the picture drawn, whole; a failure is kept, to be told after the text.
    pub fn write(&mut self) {
        if let Some((target, bytes, link)) = self.ready.take() {
            match target.write(&bytes) {
                Ok(()) => self.link = Some(link),
                Err(e) => self.failed = Some(e.into()),
            }
        }
    }

    /// Writes the Markdown image of the picture, after a blank line, when the output is
    /// Markdown and a picture was written.
    ///
    /// # Errors
    /// The output cannot be written.
    pub fn write_link(
        &self,
        out: &mut impl std::io::Write,
        format: OutputFormat,
    ) -> std::io::Result<()> {
        match (&self.link, format) {
            (Some(link), OutputFormat::Markdown) => writeln!(out, "\n{link}"),
            _ => Ok(()),
        }
    }

    /// The error of a picture that could not be drawn or written, if any.
    ///
    /// # Errors
    /// That error.
    pub fn result(self) -> Result<(), CliError> {
        self.failed.map_or(Ok(()), Err)
    }
}

/// Which game of a match a picture shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Game N, from 1.
    Game(u32),
    /// Every game, one after the other (a GIF).
    All,
}

impl std::str::FromStr for Shown {
    type Err = String;

    fn from_str(text: &str) -> Result<Shown, String> {
        if text.eq_ignore_ascii_case("all") {
            return Ok(Shown::All);
        }
        match text.parse::<u32>() {
            Ok(n) if n >= 1 => Ok(Shown::Game(n)),
            _ => Err(format!(
                "`{text}` is not a game: give its number, from 1, or `all`"
            )),
        }
    }
}

impl ImageArgs {
    /// The picture asked for, checked before anything is played.
    ///
    /// # Errors
    /// A file name of no picture's kind; a place no file can be written (see
    /// [`crate::ops::picture::ImageTarget::new`]); `--game all` for a still picture.
    pub fn target(&self) -> Result<Option<crate::ops::picture::ImageTarget>, CliError> {
        let target = self
            .image
            .as_deref()
            .map(crate::ops::picture::ImageTarget::new)
            .transpose()?;
        if let Some(t) = &target
            && self.game == Some(Shown::All)
            && t.kind != crate::ops::picture::ImageKind::Gif
        {
            return Err(t
                .failed(&"`--game all` draws every game one after another, which needs a .gif")
                .into());
        }
        Ok(target)
    }
}

/// Draws game `only` (the deciding game when `None`) of a match played as `target` asks,
/// in the players' view when `players`, and writes it.
///
/// # Errors
/// A game the match did not play; a picture that cannot be written.
pub fn write_image(
    target: &crate::ops::picture::ImageTarget,
    log: &crate::table::MatchLog,
    rules: &crate::table::RuleOptions,
    shown: Option<Shown>,
    players: bool,
) -> Result<(), CliError> {
    let bytes = image_bytes(target, log, rules, shown, players)?;
    target.write(&bytes)?;
    Ok(())
}

/// Game `only` (the deciding game when `None`) of a match, drawn as `target`'s kind
/// asks, in the players' view when `players`: the file's bytes.
///
/// # Errors
/// A game the match did not play; a picture that cannot be drawn.
fn image_bytes(
    target: &crate::ops::picture::ImageTarget,
    log: &crate::table::MatchLog,
    rules: &crate::table::RuleOptions,
    shown: Option<Shown>,
    players: bool,
) -> Result<Vec<u8>, CliError> {
    use crate::ops::picture::ImageKind;
    use crate::report::board::picture;
    let film = match shown {
        None => picture::film(log, rules, None, players)?,
        Some(Shown::Game(n)) => picture::film(log, rules, Some(n), players)?,
        Some(Shown::All) if target.kind == ImageKind::Gif => {
            picture::film_match(log, rules, players)?
        }
        Some(Shown::All) => {
            return Err(target
                .failed(&"`--game all` draws every game one after another, which needs a .gif")
                .into());
        }
    };
    Ok(picture::film_bytes(&film, target.kind).map_err(|e| target.failed(&e))?)
}

/// The Markdown line that shows a picture written beside the text: `![alt](path)`, the
/// path as given (so the text and the picture go into a channel together).
#[must_use]
pub fn image_link(
    target: &crate::ops::picture::ImageTarget,
    log: &crate::table::MatchLog,
    shown: Option<Shown>,
) -> String {
    let unit = log.game.facts().unit;
    let which = match shown {
        Some(Shown::Game(n)) => format!("{unit} {n}"),
        Some(Shown::All) => "the whole match".to_owned(),
        None => format!("the deciding {unit}"),
    };
    let what = match target.kind {
        crate::ops::picture::ImageKind::Gif => "move by move",
        _ => "the last position",
    };
    let path = target.path.display().to_string();
    // Markdown ends a link's target at a space or a closing parenthesis unless it is in
    // angle brackets.
    let path = if path.contains([' ', '(', ')']) {
        format!("<{path}>")
    } else {
        path
    };
    format!("![{}, {which}: {what}]({path})", log.game.title())
}

/// Prints each warning (a history's line read past) on standard error.
pub fn warn(warnings: &[String]) {
    for w in warnings {
        anstream::eprintln!("{w}");
    }
}
