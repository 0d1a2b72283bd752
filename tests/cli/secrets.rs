//! What only the GM may know is never inside the telling read aloud (issue 39, point 1):
//! the GM's view keeps the telling to what the table saw, the very telling the players'
//! view prints for the same seed, and gathers the lines of cheats nobody saw after it under
//! a heading of its own, in text, Markdown, the page and an evening; the JSON flags
//! exactly the lines the players' view leaves out.

use crate::common::Taproom;

/// The heading the GM's own lines go under.
const HEADING: &str = "For the GM alone (the table never saw it)";

/// Every game at every table size it is played at, with Mirela Quickfingers (honesty
/// low: she cheats, and some of it goes unseen) at the table.
const TABLES: [(&str, &[&str]); 7] = [
    ("tides", &["Pip", "Mirela"]),
    ("kiust", &["Pip", "Mirela"]),
    ("dogfight", &["Pip", "Mirela"]),
    ("pic", &["Pip", "Mirela"]),
    ("pic", &["Pip", "Mirela", "Brannoc"]),
    ("pic", &["Pip", "Mirela", "Brannoc", "Hrodgar"]),
    ("pic", &["Pip", "Mirela", "Brannoc", "Hrodgar", "Ysolde"]),
];

fn play(game: &str, players: &[&str], seed: u64, more: &[&str]) -> String {
    let seed = seed.to_string();
    let mut args = vec!["play", game];
    args.extend(players);
    args.extend(["--seed", &seed, "--wide"]);
    args.extend(more);
    Taproom::new().args(args).ok().stdout
}

/// The JSON's scenes: each line and whether it is flagged as the GM's alone.
fn flagged(json: &str) -> Vec<(String, bool)> {
    let doc: serde_json::Value = serde_json::from_str(json).expect("JSON");
    let mut out = Vec::new();
    for scene in doc["scenes"].as_array().expect("scenes") {
        let secret: Vec<u64> = scene["gm_only"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|i| i.as_u64().expect("an index"))
            .collect();
        for (i, line) in scene["lines"].as_array().expect("lines").iter().enumerate() {
            let line = line.as_str().expect("a line").to_owned();
            out.push((line, secret.contains(&(i as u64))));
        }
    }
    out
}

/// The number of the first game of the JSON's match with a cheat nobody saw, read from
/// the games' asides.
fn first_unseen(json: &str) -> u64 {
    let doc: serde_json::Value = serde_json::from_str(json).expect("JSON");
    doc["games"]
        .as_array()
        .expect("games")
        .iter()
        .find(|g| {
            g["asides"].as_array().into_iter().flatten().any(|a| {
                a["aside"]["aside"] == "cheat"
                    && a["aside"]["seen_by"].as_array().is_some_and(Vec::is_empty)
            })
        })
        .and_then(|g| g["number"].as_u64())
        .expect("a game with a cheat nobody saw")
}

/// A text page cut in three: the telling (after the title, up to the GM's heading or the
/// results table), the lines under the GM's heading, and whether the heading is there.
/// `table` is how the results table starts (`┌` in text, `|` in Markdown).
fn cut<'a>(text: &'a str, heading: &str, table: &str) -> (Vec<&'a str>, Vec<&'a str>, bool) {
    let lines: Vec<&str> = text.lines().skip(1).collect();
    let end = lines
        .iter()
        .position(|l| l.starts_with(table) || *l == heading)
        .expect("a results table");
    let telling = lines[..end].to_vec();
    if lines[end] != heading {
        return (telling, Vec::new(), false);
    }
    let secrets = lines[end + 1..]
        .iter()
        .take_while(|l| !l.starts_with(table))
        .filter(|l| !l.trim().is_empty())
        .copied()
        .collect();
    (telling, secrets, true)
}

/// Seeds of a table whose default telling has a line for the GM alone (the first `n`
/// found in seeds 1 to 150), with their JSON's lines.
fn secret_seeds(game: &str, players: &[&str], n: usize) -> Vec<(u64, Vec<(String, bool)>)> {
    (1..=150)
        .map(|seed| {
            (
                seed,
                flagged(&play(game, players, seed, &["--format", "json"])),
            )
        })
        .filter(|(_, lines)| lines.iter().any(|(_, s)| *s))
        .take(n)
        .collect()
}

/// The same seed in both views, text and Markdown: the GM's telling is the players'
/// telling line for line, every flagged line stands under the GM's heading (once, after
/// the game it is about: the first with a cheat nobody saw) and nowhere else, and the JSON's unflagged lines
/// are the players' telling's lines, in order.
fn check_match(game: &str, players: &[&str], seed: u64, lines: &[(String, bool)]) {
    let what = format!("{game} {players:?} seed {seed}");
    let secrets: Vec<&str> = lines.iter().filter(|l| l.1).map(|l| l.0.as_str()).collect();
    let public: Vec<&str> = lines
        .iter()
        .filter(|l| !l.1)
        .map(|l| l.0.as_str())
        .collect();
    let gm = play(game, players, seed, &[]);
    let them = play(game, players, seed, &["--view", "players"]);
    let (gm_told, gm_secret, heading) = cut(&gm, HEADING, "┌");
    let (told, none, no_heading) = cut(&them, HEADING, "┌");
    assert!(
        heading && !no_heading && none.is_empty(),
        "{what}: the heading"
    );
    assert_eq!(
        gm_told, told,
        "{what}: the GM reads aloud what the players hear"
    );
    // The players' telling, its scenes' lines (indented) whole on a wide page.
    let said: Vec<&str> = told.iter().filter_map(|l| l.strip_prefix("  ")).collect();
    assert_eq!(
        said, public,
        "{what}: the JSON's unflagged lines are the players'"
    );
    assert_eq!(gm_secret.len(), secrets.len(), "{what}: {gm_secret:?}");
    // The brief telling tells the match's first cheat that got away, after its game.
    let unit = if game == "dogfight" { "Round" } else { "Game" };
    let first = first_unseen(&play(game, players, seed, &["--format", "json"]));
    assert_eq!(secrets.len(), 1, "{what}: {secrets:?}");
    assert_eq!(
        gm_secret[0].trim_start(),
        format!("{unit} {first}: {}", secrets[0]),
        "{what}"
    );
    for (shown, secret) in gm_secret.iter().zip(&secrets) {
        assert!(
            shown.ends_with(secret),
            "{what}: `{shown}` is not `{secret}`"
        );
        assert_eq!(
            gm.matches(secret).count(),
            1,
            "{what}: `{secret}` said once"
        );
        assert!(
            !them.contains(secret),
            "{what}: the players hear `{secret}`"
        );
    }
    // Markdown: the same, the heading a scene's, the GM's lines a list.
    let md_heading = format!("### {HEADING}");
    let gm = play(game, players, seed, &["--format", "markdown"]);
    let them = play(
        game,
        players,
        seed,
        &["--format", "markdown", "--view", "players"],
    );
    let (gm_told, gm_secret, heading) = cut(&gm, &md_heading, "|");
    let (told, _, no_heading) = cut(&them, &md_heading, "|");
    assert!(heading && !no_heading, "{what}: the Markdown heading");
    assert_eq!(gm_told, told, "{what}: Markdown read aloud");
    assert_eq!(gm_secret.len(), secrets.len(), "{what}: {gm_secret:?}");
    assert!(
        gm_secret.iter().all(|l| l.starts_with("- ")),
        "{gm_secret:?}"
    );
}

/// Over every game and Piç at two to five seats: two matches with a cheat nobody saw;
/// and where a seed hides nothing (Mirela does not always cheat unseen), no heading.
#[test]
fn the_gm_reads_aloud_only_what_the_table_saw_and_the_secrets_come_after() {
    let mut clean_tables = 0;
    for (game, players) in TABLES {
        let found = secret_seeds(game, players, 2);
        assert!(
            !found.is_empty(),
            "{game} {players:?}: no seed hides a cheat"
        );
        for (seed, lines) in &found {
            check_match(game, players, *seed, lines);
        }
        let clean = (1..=40).find(|&seed| {
            !flagged(&play(game, players, seed, &["--format", "json"]))
                .iter()
                .any(|l| l.1)
        });
        if let Some(clean) = clean {
            clean_tables += 1;
            let gm = play(game, players, clean, &[]);
            assert!(!gm.contains(HEADING), "{game} seed {clean}: {gm}");
        }
    }
    assert!(
        clean_tables >= 3,
        "only {clean_tables} tables with a seed hiding nothing"
    );
}

/// The full telling tells every cheat nobody saw in its game's place: at the GM's heading
/// each is after its game's heading ("Game 2: ..."), and the short line tells none.
#[test]
fn full_and_short_tellings_keep_the_secrets_too() {
    let players = ["Pip", "Mirela", "Brannoc"];
    let (seed, _) = secret_seeds("pic", &players, 1).remove(0);
    let gm = play("pic", &players, seed, &["--narrate", "full"]);
    let them = play(
        "pic",
        &players,
        seed,
        &["--narrate", "full", "--view", "players"],
    );
    let (gm_told, secrets, heading) = cut(&gm, HEADING, "┌");
    assert!(heading, "{gm}");
    assert_eq!(gm_told, cut(&them, HEADING, "┌").0);
    for line in &secrets {
        let line = line.trim_start();
        assert!(
            line.starts_with("Game ") || line.starts_with("Round "),
            "a full telling's secret names its game: {line}"
        );
    }
    let short = play("pic", &players, seed, &["--short"]);
    assert!(!short.contains(HEADING), "{short}");
    assert_eq!(short.lines().count(), 1, "{short}");
}

/// An evening of two matches with secrets: each match's telling is the players', and its
/// GM's lines follow it, before its table.
#[test]
fn an_evening_keeps_each_matchs_secrets_after_its_telling() {
    let dir = std::env::temp_dir().join(format!("taproom-secrets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (tides, _) = secret_seeds("tides", &["Pip", "Mirela"], 1).remove(0);
    let (pic, _) = secret_seeds("pic", &["Pip", "Mirela", "Brannoc"], 1).remove(0);
    let evening = dir.join("evening.toml");
    std::fs::write(
        &evening,
        format!(
            "evening = \"Secrets\"\nseed = 1\n\n[[match]]\ngame = \"tides-of-war\"\nplayers = [\"Pip\", \"Mirela\"]\nseed = {tides}\n\n[[match]]\ngame = \"pic\"\nplayers = [\"Pip\", \"Mirela\", \"Brannoc\"]\nseed = {pic}\n"
        ),
    )
    .unwrap();
    let night = |view: &str| {
        let path = evening.to_str().unwrap();
        Taproom::new()
            .args(["night", path, "--wide", "--quiet", "--view", view])
            .ok()
            .stdout
    };
    let (gm, them) = (night("gm"), night("players"));
    std::fs::remove_dir_all(&dir).unwrap();
    let gm_matches: Vec<&str> = gm.split("━━ Match ").skip(1).collect();
    let their_matches: Vec<&str> = them.split("━━ Match ").skip(1).collect();
    assert_eq!(gm_matches.len(), 2, "{gm}");
    for (g, t) in gm_matches.iter().zip(&their_matches) {
        // From the match's title (after the wagers and its intro) on.
        let title = |m: &'static str, s: &str| s.find(m).map(|i| s[i..].to_owned());
        let game = if g.contains("Tides of War:") {
            "Tides of War:"
        } else {
            "Piç:"
        };
        let (g, t) = (title(game, g).unwrap(), title(game, t).unwrap());
        let (gm_told, secrets, heading) = cut(&g, HEADING, "┌");
        assert!(heading && !secrets.is_empty(), "{g}");
        assert_eq!(gm_told, cut(&t, HEADING, "┌").0, "{g}");
        assert!(!t.contains(HEADING));
    }
}

/// The page: the GM's heading after the last scene's, the players' page without it.
#[test]
fn the_page_puts_the_secrets_under_their_heading() {
    let players = ["Pip", "Mirela"];
    let (seed, lines) = secret_seeds("tides", &players, 1).remove(0);
    let gm = play("tides", &players, seed, &["--format", "html"]);
    let them = play(
        "tides",
        &players,
        seed,
        &["--format", "html", "--view", "players"],
    );
    let heading = gm.find(HEADING).expect("the GM's heading");
    assert!(!them.contains(HEADING));
    let result = gm.find("The result").expect("the result's heading");
    assert!(result < heading);
    for (line, secret) in &lines {
        // Its first words, clear of anything HTML escapes.
        let words: String = line
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == ' ')
            .collect();
        if !*secret || words.len() < 12 {
            continue;
        }
        let at = gm.find(&words).expect("the secret on the page");
        assert!(at > heading, "`{line}` before the heading");
    }
}

/// With colour on, every line under the heading is dimmed (SGR 2); the telling is not.
#[test]
fn the_secrets_are_dimmed_in_colour() {
    let players = ["Pip", "Mirela"];
    let (seed, _) = secret_seeds("tides", &players, 1).remove(0);
    let coloured = play("tides", &players, seed, &["--color", "always"]);
    let lines: Vec<&str> = coloured.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains(HEADING))
        .expect("the heading");
    const DIM: &str = "\u{1b}[2m";
    for line in &lines[..at] {
        assert!(!line.contains(DIM), "dimmed in the telling: {line:?}");
    }
    let secret: Vec<&str> = lines[at..]
        .iter()
        .take_while(|l| !l.contains('┌'))
        .filter(|l| !l.trim().is_empty())
        .copied()
        .collect();
    assert!(secret.len() >= 2, "{secret:?}");
    for line in &secret {
        assert!(line.starts_with(DIM), "not dimmed: {line:?}");
    }
}
