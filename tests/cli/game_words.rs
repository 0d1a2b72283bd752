//! Every line fits its game and its table: no line of a telling (the default one, the full
//! one, the boasts at `sit`) names another game's things, and none speaks of money at a
//! match where no money moved. A character file's `[voice.GAME]` lines are said at that
//! game alone, and a bad key there is refused at its place.
//!
//! The games' words are listed here by hand from their rules (`/work/shared/rules/`), not
//! taken from taproom.

use crate::common::Taproom;

/// Each game's own words, from its rules: Tides of War's river, towns and endings, Piç's
/// heaps (kuy) of counters and their sowing, Kiust Oyun's stick dice and the kiust throw,
/// Òicustiỳtac's traps, whelping and dogfight; stones are Tides of War's and
/// Òicustiỳtac's alike. (Words a tavern says of anything, "land", "ring", "piece",
/// "point", "square", are left out.)
const WORDS: [(&[&str], &[&str]); 5] = [
    (
        &["tides"],
        &["river", "rivers", "town", "towns", "massacre", "blockade"],
    ),
    (
        &["pic"],
        &[
            "heap", "heaps", "counter", "counters", "piç", "kuy", "sow", "sows", "sowing", "sown",
        ],
    ),
    (&["kiust"], &["kiust", "kiusts", "sticks", "flats"]),
    (
        &["oicustiytac"],
        &[
            "trap", "traps", "whelp", "whelps", "whelped", "whelping", "dogfight",
        ],
    ),
    (&["tides", "oicustiytac"], &["stone", "stones"]),
];

/// Words of money, by hand: what a purse holds and how it is bet.
const MONEY: [&str; 27] = [
    "winnings",
    "purse",
    "purses",
    "coin",
    "coins",
    "wager",
    "wagers",
    "wagered",
    "stake",
    "stakes",
    "staked",
    "bet",
    "bets",
    "money",
    "gold",
    "silver",
    "copper",
    "coppers",
    "pay",
    "pays",
    "paid",
    "spend",
    "strongbox",
    "ante",
    "gp",
    "sp",
    "cp",
];

/// The built-in characters, every one of whom takes a turn at every game.
const CHARACTERS: [&str; 6] = ["Brannoc", "Mirela", "Hrodgar", "Pip", "Ysolde", "Tamsin"];

fn words(line: &str) -> Vec<String> {
    line.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The words of other games in `text`, told at `game`, each with its line.
fn foreign(game: &str, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let said = words(line);
        for (games, list) in WORDS {
            if games.contains(&game) {
                continue;
            }
            for w in list.iter().filter(|w| said.iter().any(|s| s == *w)) {
                found.push(format!("`{w}` in: {}", line.trim()));
            }
        }
    }
    found
}

/// The lines of `text` that speak of money.
fn money(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| words(l).iter().any(|w| MONEY.contains(&w.as_str())))
        .map(|l| l.trim().to_owned())
        .collect()
}

/// The tables: every game, Piç at two to five seats; `seed` turns who sits down.
fn tables(seed: usize) -> Vec<(&'static str, Vec<&'static str>)> {
    let at = |n: usize| -> Vec<&'static str> {
        (0..n)
            .map(|i| CHARACTERS[(seed + i) % CHARACTERS.len()])
            .collect()
    };
    let mut out = vec![("tides", at(2)), ("kiust", at(2)), ("oicustiytac", at(2))];
    for n in 2..=5 {
        out.push(("pic", at(n)));
    }
    out
}

fn play(game: &str, players: &[&str], seed: usize, extra: &[&str]) -> String {
    let seed = seed.to_string();
    let mut args = vec!["play", game];
    args.extend(players);
    args.extend(["--seed", &seed]);
    args.extend(extra);
    Taproom::new()
        .args(&args)
        .env("COLUMNS", "1000")
        .ok()
        .stdout
}

#[test]
fn the_lists_find_what_they_look_for() {
    assert_eq!(
        foreign("kiust", "  Old Brannoc: \"Sit, sit. Mind the river.\"").len(),
        1
    );
    assert!(foreign("tides", "Mind the river. The stones were cold.").is_empty());
    assert_eq!(foreign("pic", "The stones were cold.").len(), 1);
    assert_eq!(foreign("oicustiytac", "A heap of sticks").len(), 2);
    assert_eq!(
        money("a\n\"Don't look so glum. It's only coin.\"\nb").len(),
        1
    );
    assert!(money("Better luck next time, spelled out.").is_empty());
}

/// Over twelve seeds at every table (each built-in character at each game), in the
/// default telling and the full one, with no bet: no other game's word and no word of
/// money, anywhere in what is printed.
#[test]
fn a_telling_keeps_to_its_game_and_to_money_that_moved() {
    let mut faults = Vec::new();
    let mut told = 0;
    for seed in 1..=12 {
        for (game, players) in tables(seed) {
            for extra in [&[][..], &["--narrate", "full"][..]] {
                let out = play(game, &players, seed, extra);
                told += out.lines().filter(|l| l.contains('"')).count();
                let at = format!("{game} {players:?} seed {seed} {extra:?}");
                faults.extend(
                    foreign(game, &out)
                        .into_iter()
                        .map(|f| format!("{at}: {f}")),
                );
                faults.extend(money(&out).into_iter().map(|l| format!("{at}: money: {l}")));
            }
        }
    }
    assert!(told > 300, "only {told} quoted lines: nothing to check");
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// The example characters (`examples/characters/`) likewise, over six seeds at every
/// table, in the full telling.
#[test]
fn the_example_characters_keep_to_their_game_too() {
    let roster = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/characters");
    let cast = [
        "Gorm", "Vessa", "Dobbin", "Ilse", "Hrodgar", "Pip", "Tamsin",
    ];
    let mut faults = Vec::new();
    let mut told = 0;
    for seed in 1..=6 {
        let at =
            |n: usize| -> Vec<&str> { (0..n).map(|i| cast[(seed + i) % cast.len()]).collect() };
        let mut tables = vec![("tides", at(2)), ("kiust", at(2)), ("oicustiytac", at(2))];
        tables.extend((2..=5).map(|n| ("pic", at(n))));
        for (game, players) in tables {
            let out = play(
                game,
                &players,
                seed,
                &["--narrate", "full", "--roster", roster],
            );
            told += out.lines().filter(|l| l.contains('"')).count();
            let at = format!("{game} {players:?} seed {seed}");
            faults.extend(
                foreign(game, &out)
                    .into_iter()
                    .map(|f| format!("{at}: {f}")),
            );
            faults.extend(money(&out).into_iter().map(|l| format!("{at}: money: {l}")));
        }
    }
    assert!(told > 100, "only {told} quoted lines: nothing to check");
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// At `sit`, a long scripted match against each built-in character at every game: the
/// boasts (and everything else printed) keep to the game, and to no money.
#[test]
fn the_boasts_at_sit_keep_to_their_game() {
    let mut faults = Vec::new();
    let mut boasts = 0;
    for (game, input) in [
        ("tides", "1\n".repeat(20_000)),
        ("kiust", "1\n".repeat(20_000)),
        ("oicustiytac", "1\n".repeat(20_000)),
        (
            "pic",
            (0..20_000).map(|i| format!("{}\n", i % 15 + 1)).collect(),
        ),
    ] {
        for (i, who) in CHARACTERS.iter().enumerate() {
            let seed = (i + 1).to_string();
            let args = [
                "sit",
                game,
                who,
                "--as",
                "Aria",
                "--seed",
                &seed,
                "--best-of",
                "3",
            ];
            let out = Taproom::new()
                .args(args)
                .env("COLUMNS", "1000")
                .stdin(&input)
                .ok()
                .stdout;
            boasts += out.lines().filter(|l| l.ends_with('"')).count();
            let at = format!("{args:?}");
            faults.extend(
                foreign(game, &out)
                    .into_iter()
                    .map(|f| format!("{at}: {f}")),
            );
            // The notice that a newcomer sits down with an empty purse is no line of the
            // telling.
            let told: String = out
                .lines()
                .filter(|l| !l.starts_with("Nobody in the roster is called Aria"))
                .map(|l| format!("{l}\n"))
                .collect();
            faults.extend(
                money(&told)
                    .into_iter()
                    .map(|l| format!("{at}: money: {l}")),
            );
        }
    }
    assert!(boasts > 20, "only {boasts} quoted lines at sit");
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// Where money moved (a bet was taken), a character's word of money may be said in the
/// telling: the filter holds money back only where none moved.
#[test]
fn where_money_moved_a_character_may_speak_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let tavern = dir.path().join("quick.toml");
    std::fs::write(&tavern, "tavern = \"The Quick\"\nsims = 2000\n").unwrap();
    let tavern = tavern.to_str().unwrap();
    let mut said = Vec::new();
    for seed in 1..=8 {
        for game in ["tides", "kiust"] {
            let bet = ["--bet", "Pip 1 sp on Tamsin", "--tavern", tavern];
            let mut extra = vec!["--narrate", "full"];
            extra.extend(bet);
            let out = play(game, &["Mirela", "Tamsin"], seed, &extra);
            // The telling alone: the part before the table of games.
            let telling = out.split('┌').next().unwrap_or_default();
            said.extend(money(telling).into_iter().filter(|l| l.contains('"')));
        }
    }
    assert!(
        said.len() >= 4,
        "Mirela and Tamsin speak of money at sixteen matches with a bet only {} times: {said:?}",
        said.len()
    );
}

/// An ante alone moves money: at a night whose one match has an ante and no bet, the
/// characters may speak of money.
#[test]
fn an_ante_alone_lets_money_be_spoken_of() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("quick.toml"),
        "tavern = \"The Quick\"\nsims = 2000\n",
    )
    .unwrap();
    let mut said = Vec::new();
    for seed in 1..=4 {
        let night = dir.path().join(format!("ante-{seed}.toml"));
        std::fs::write(
            &night,
            format!(
                "evening = \"Ante only\"\ntavern = \"quick.toml\"\nseed = {seed}\n\n\
                 [[match]]\ngame = \"kiust-oyun\"\nplayers = [\"Mirela\", \"Tamsin\"]\n\
                 ante = \"1 sp\"\n"
            ),
        )
        .unwrap();
        let out = Taproom::new()
            .args(["night", night.to_str().unwrap(), "--narrate", "full"])
            .env("COLUMNS", "1000")
            .ok()
            .stdout;
        let telling = out.split("At the table").nth(1).unwrap_or_default();
        let telling = telling.split('┌').next().unwrap_or_default();
        said.extend(money(telling).into_iter().filter(|l| l.contains('"')));
    }
    assert!(
        said.len() >= 2,
        "money spoken of {} times: {said:?}",
        said.len()
    );
}

const WREN: &str = "name = \"Wren\"\nskill = 5\n\n[voice]\ngreeting = [\"Evening, all.\"]\n\n\
                    [voice.kiust-oyun]\ngreeting = [\"Sticks out, friend. Throw.\"]\n";

/// A character file's lines for one game are said at that game, and never at another.
#[test]
fn a_voice_for_one_game_is_heard_there_alone() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("wren.toml"), WREN).unwrap();
    let roster = dir.path().to_str().unwrap();
    let (mut at_kiust, mut evening) = (0, 0);
    for seed in 1..=8 {
        for game in ["kiust", "tides", "pic", "oicustiytac"] {
            let extra = ["--narrate", "full", "--roster", roster];
            let out = play(game, &["Wren", "Brannoc"], seed, &extra);
            let kiust_line = out.contains("Sticks out, friend. Throw.");
            assert!(
                game == "kiust" || !kiust_line,
                "Wren's Kiust Oyun line said at {game}, seed {seed}:\n{out}"
            );
            at_kiust += usize::from(kiust_line);
            evening += usize::from(out.contains("Evening, all."));
        }
    }
    // A full telling greets with most voices: the line for every game is heard at every
    // game, the Kiust Oyun line at Kiust Oyun (one of Wren's two lines there).
    assert!(at_kiust >= 2, "the Kiust Oyun line said {at_kiust} times");
    assert!(
        evening >= 12,
        "the line for every game said {evening} times"
    );
    eprintln!("Kiust Oyun line {at_kiust} times in 8 matches; the other {evening} in 32");
}

/// A bad key under `[voice]` or a game's voice is refused with its file, line, column and
/// field; a game's voice must be a table of the five moments.
#[test]
fn a_bad_key_in_a_games_voice_is_refused_at_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("wren.toml");
    let cases = [
        (
            WREN.replace("[voice.kiust-oyun]", "[voice.chess]"),
            "wren.toml:7:8: field `voice.chess`",
            "unknown key `chess`",
        ),
        (
            WREN.replace("[voice.kiust-oyun]", "[voice.kiust-oyn]"),
            "wren.toml:7:8: field `voice.kiust-oyn`",
            "did you mean `kiust-oyun`?",
        ),
        (
            WREN.replace("\ngreeting = [\"Sticks", "\ngreetings = [\"Sticks"),
            "wren.toml:8:1: field `voice.kiust-oyun.greetings`",
            "did you mean `greeting`?",
        ),
        (
            WREN.replace("\n\n[voice.kiust-oyun]\ngreeting = ", "\nkiust = "),
            "wren.toml:6:9: field `voice.kiust`",
            "expected a table",
        ),
    ];
    for (text, at, why) in &cases {
        std::fs::write(&file, text).unwrap();
        let path = file.to_str().unwrap();
        Taproom::new()
            .args(["play", "kiust", path, "Brannoc", "--seed", "1"])
            .fails(&[at, why]);
        let out = Taproom::new().args(["check", path]).run();
        assert_ne!(out.code, 0, "check passed {text}");
        assert!(
            out.stdout.contains(at) || out.stderr.contains(at),
            "{}{}",
            out.stdout,
            out.stderr
        );
    }
}
