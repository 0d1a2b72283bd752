//! A campaign folder: `taproom init` writes `taproom.toml`, every command run in that
//! folder or below it (or anywhere, with `TAPROOM_CAMPAIGN`) takes its roster, tavern and
//! ledger where no flag is given, and a `taproom.toml` that is not a campaign file is
//! never taken for one.

use std::path::Path;

use crate::common::Taproom;

/// The example campaign (characters, tavern) copied into a folder of its own, with a
/// campaign file naming them and a ledger in a folder of its own (not the tavern's).
fn campaign() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let chars = dir.path().join("characters");
    std::fs::create_dir(&chars).unwrap();
    for e in std::fs::read_dir("examples/characters").unwrap().flatten() {
        std::fs::copy(e.path(), chars.join(e.file_name())).unwrap();
    }
    std::fs::copy("examples/tavern.toml", dir.path().join("tavern.toml")).unwrap();
    std::fs::create_dir(dir.path().join("books")).unwrap();
    std::fs::create_dir(dir.path().join("notes")).unwrap();
    std::fs::write(
        dir.path().join("taproom.toml"),
        "campaign = \"The Drowned Rat\"\nroster = \"characters\"\ntavern = \"tavern.toml\"\n\
         ledger = \"books/ledger.txt\"\nhistory = \"notes/history.jsonl\"\n",
    )
    .unwrap();
    dir
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The purse line of a character file.
fn purse(file: &Path) -> String {
    read(file)
        .lines()
        .find(|l| l.starts_with("purse ="))
        .unwrap()
        .to_owned()
}

/// A wager between Hrodgar and Tamsin (a stake between them, 1 gp either way) on a match
/// between Gorm and Vessa, who are only in the campaign's roster; with `--apply`.
const PLAY: [&str; 10] = [
    "play",
    "tides",
    "Gorm",
    "Vessa",
    "--bet",
    "Hrodgar 1 gp on Gorm against Tamsin",
    "--seed",
    "42",
    "--apply",
    "--short",
];

/// Runs [`PLAY`] in `dir` (with `env`), and checks that the campaign's characters' purses
/// and the campaign's ledger changed as the bet says: whoever backed the winner is 1 gp
/// richer, the other 1 gp poorer.
fn plays_in_the_campaign(root: &Path, dir: &Path, env: Option<(&str, &str)>) {
    let hrodgar = root.join("characters/hrodgar.toml");
    let tamsin = root.join("characters/tamsin.toml");
    assert_eq!(purse(&hrodgar), "purse = \"12 gp\"");
    assert_eq!(purse(&tamsin), "purse = \"7 gp 2 sp\"");
    let mut run = Taproom::new().args(PLAY).current_dir(dir);
    if let Some((k, v)) = env {
        run = run.env(k, v);
    }
    let out = run.ok();
    let gorm_won = out.stdout.starts_with("Gorm the Ferryman beats");
    assert!(
        gorm_won || out.stdout.starts_with("Vessa Nine-Rings beats"),
        "{}",
        out.stdout
    );
    let (h, t) = if gorm_won {
        ("13 gp", "6 gp 2 sp")
    } else {
        ("11 gp", "8 gp 2 sp")
    };
    assert_eq!(purse(&hrodgar), format!("purse = \"{h}\""));
    assert_eq!(purse(&tamsin), format!("purse = \"{t}\""));
    let ledger = read(&root.join("books/ledger.txt"));
    assert!(
        ledger.contains(&format!("Hrodgar Ironbelly: 12 gp -> {h}")),
        "{ledger}"
    );
    // The tavern is the campaign's (the built-in one is the Wayside Inn).
    assert!(
        ledger.contains("## The Drowned Rat: Tides of War"),
        "{ledger}"
    );
    // Not the tavern's own ledger, nor one in the folder the command ran in.
    assert!(!root.join("ledger.txt").exists());
    assert!(!dir.join("ledger.txt").exists());
}

#[test]
fn campaign_init_writes_a_file_that_check_accepts_and_a_second_init_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let out = Taproom::new()
        .args(["init", "--name", "The Drowned Rat", "--roster", "npcs"])
        .current_dir(dir.path())
        .ok();
    assert!(out.stdout.contains("taproom.toml"), "{}", out.stdout);
    let text = read(&dir.path().join("taproom.toml"));
    assert!(text.contains("campaign = \"The Drowned Rat\""), "{text}");
    assert!(text.contains("roster = \"npcs\""), "{text}");
    assert!(text.contains("ledger = \"ledger.txt\""), "{text}");
    assert!(
        text.lines().filter(|l| l.starts_with('#')).count() >= 5,
        "commented: {text}"
    );
    // The roster folder made, a starter tavern written.
    assert!(dir.path().join("npcs").is_dir());
    assert!(read(&dir.path().join("tavern.toml")).contains("tavern = "));
    // `check` with no files checks the campaign and what it names.
    let checked = Taproom::new().arg("check").current_dir(dir.path()).ok();
    assert!(
        checked.stdout.contains("ok: taproom.toml"),
        "{}",
        checked.stdout
    );
    assert!(
        checked.stdout.contains("ok: tavern.toml"),
        "{}",
        checked.stdout
    );
    Taproom::new()
        .args(["check", "taproom.toml"])
        .current_dir(dir.path())
        .ok();
    // A second init refuses, and leaves the file as it was.
    let err = Taproom::new()
        .args(["init", "--roster", "elsewhere"])
        .current_dir(dir.path())
        .fails(&["taproom.toml", "--force"]);
    assert_eq!(err.stderr.lines().count(), 1, "{}", err.stderr);
    assert_eq!(read(&dir.path().join("taproom.toml")), text);
    // --force writes over it.
    Taproom::new()
        .args(["init", "--force", "--name", "Another"])
        .current_dir(dir.path())
        .ok();
    assert!(read(&dir.path().join("taproom.toml")).contains("campaign = \"Another\""));
}

#[test]
fn campaign_play_apply_writes_the_purses_and_ledger_it_names() {
    let dir = campaign();
    plays_in_the_campaign(dir.path(), dir.path(), None);
}

#[test]
fn campaign_is_found_from_a_folder_below_it() {
    let dir = campaign();
    let below = dir.path().join("sessions/one");
    std::fs::create_dir_all(&below).unwrap();
    plays_in_the_campaign(dir.path(), &below, None);
}

#[test]
fn campaign_named_by_the_environment_is_used_from_an_unrelated_folder() {
    let dir = campaign();
    let elsewhere = tempfile::tempdir().unwrap();
    let folder = dir.path().to_str().unwrap();
    plays_in_the_campaign(
        dir.path(),
        elsewhere.path(),
        Some(("TAPROOM_CAMPAIGN", folder)),
    );
    // The file itself may be named too.
    let file = dir.path().join("taproom.toml");
    let out = Taproom::new()
        .arg("roster")
        .env("TAPROOM_CAMPAIGN", file.to_str().unwrap())
        .current_dir(elsewhere.path())
        .ok();
    assert!(out.stdout.contains("Vessa"), "{}", out.stdout);
    // A name that names nothing is one sentence, exit 2.
    let err = Taproom::new()
        .arg("roster")
        .env("TAPROOM_CAMPAIGN", "/no/such/campaign")
        .current_dir(elsewhere.path())
        .fails(&["TAPROOM_CAMPAIGN", "/no/such/campaign"]);
    assert_eq!(err.stderr.lines().count(), 1, "{}", err.stderr);
    // A folder without a campaign file is refused too.
    Taproom::new()
        .arg("roster")
        .env("TAPROOM_CAMPAIGN", elsewhere.path().to_str().unwrap())
        .current_dir(elsewhere.path())
        .fails(&["holds no taproom.toml"]);
}

#[test]
fn campaign_flags_win_over_the_campaign() {
    let dir = campaign();
    // The campaign's roster has Vessa; an empty roster given with --roster does not.
    let with = Taproom::new().arg("roster").current_dir(dir.path()).ok();
    assert!(with.stdout.contains("Vessa"), "{}", with.stdout);
    std::fs::create_dir(dir.path().join("empty")).unwrap();
    let without = Taproom::new()
        .args(["roster", "--roster", "empty"])
        .current_dir(dir.path())
        .ok();
    assert!(!without.stdout.contains("Vessa"), "{}", without.stdout);
    assert!(without.stdout.contains("Brannoc"), "{}", without.stdout);
    // Vessa is nobody without the campaign's roster.
    Taproom::new()
        .args(["play", "tides", "Gorm", "Vessa", "--roster", "empty"])
        .current_dir(dir.path())
        .fails(&["Gorm"]);
    // Another tavern given with --tavern takes the bets.
    std::fs::write(
        dir.path().join("goose.toml"),
        "tavern = \"The Gilded Goose\"\nbookie = \"Old Henrik\"\n",
    )
    .unwrap();
    let bet = [
        "play",
        "tides",
        "Gorm",
        "Vessa",
        "--bet",
        "Pip 2 cp on Vessa",
        "--seed",
        "3",
    ];
    let campaigns = Taproom::new().args(bet).current_dir(dir.path()).ok();
    assert!(
        campaigns.stdout.contains("Wagers at The Drowned Rat"),
        "{}",
        campaigns.stdout
    );
    let goose = Taproom::new()
        .args(bet)
        .args(["--tavern", "goose.toml"])
        .current_dir(dir.path())
        .ok();
    assert!(
        goose.stdout.contains("Wagers at The Gilded Goose"),
        "{}",
        goose.stdout
    );
    // And --ledger takes the settlement.
    Taproom::new()
        .args(PLAY)
        .args(["--ledger", "mine.txt"])
        .current_dir(dir.path())
        .ok();
    assert!(read(&dir.path().join("mine.txt")).contains("Hrodgar Ironbelly"));
    assert!(!dir.path().join("books/ledger.txt").exists());
}

#[test]
fn campaign_fills_in_what_an_evening_leaves_out() {
    let dir = campaign();
    let evening = "evening = \"A short night\"\n\n[[match]]\ngame = \"tides\"\n\
                   players = [\"Gorm\", \"Vessa\"]\nbest_of = 1\n";
    std::fs::write(dir.path().join("short.toml"), evening).unwrap();
    let out = Taproom::new()
        .args(["night", "short.toml", "--narrate", "none"])
        .current_dir(dir.path())
        .ok();
    // The campaign's tavern, and its roster (Gorm and Vessa are no built-in characters).
    assert!(out.stdout.contains("Drowned Rat"), "{}", out.stdout);
    assert!(out.stdout.contains("Gorm the Ferryman"), "{}", out.stdout);
    let elsewhere = tempfile::tempdir().unwrap();
    std::fs::write(elsewhere.path().join("short.toml"), evening).unwrap();
    Taproom::new()
        .args(["night", "short.toml"])
        .current_dir(elsewhere.path())
        .fails(&["Gorm"]);
}

#[test]
fn campaign_verbose_names_the_campaign_file_or_none() {
    let dir = campaign();
    let below = dir.path().join("sub");
    std::fs::create_dir(&below).unwrap();
    let out = Taproom::new()
        .args(["roster", "--verbose"])
        .current_dir(&below)
        .ok();
    assert!(
        out.stderr.contains("campaign: ../taproom.toml"),
        "{}",
        out.stderr
    );
    let elsewhere = tempfile::tempdir().unwrap();
    let out = Taproom::new()
        .args(["-v", "roster"])
        .current_dir(elsewhere.path())
        .ok();
    assert!(out.stderr.contains("campaign: none"), "{}", out.stderr);
    // Without --verbose, not a word of it.
    let out = Taproom::new().arg("roster").current_dir(&below).ok();
    assert!(!out.stderr.contains("campaign"), "{}", out.stderr);
}

#[test]
fn campaign_file_gone_wrong_is_named_at_its_line_column_and_key() {
    let dir = campaign();
    let file = dir.path().join("taproom.toml");
    for (text, needles) in [
        (
            "campaign = \"Rat\"\nrooster = \"characters\"\n",
            ["taproom.toml:2:1", "rooster", "did you mean `roster`"],
        ),
        (
            "campaign = \"Rat\"\n\ntavern = 7\n",
            ["taproom.toml:3:10", "tavern", "expected a string"],
        ),
        (
            "campaign = \"Rat\"\nroster = \"characters\nledger = \"x\"\n",
            ["taproom.toml:2:", "not valid TOML", ""],
        ),
    ] {
        std::fs::write(&file, text).unwrap();
        for args in [
            &["roster"][..],
            &["play", "tides"],
            &["check"],
            &["check", "taproom.toml"],
        ] {
            let err = Taproom::new()
                .args(args)
                .current_dir(dir.path())
                .fails(&needles);
            assert_eq!(err.stderr.lines().count(), 1, "{args:?}: {}", err.stderr);
        }
    }
    // A path that is not there is for `check` to find, at the key.
    std::fs::write(&file, "campaign = \"Rat\"\nroster = \"npcs\"\n").unwrap();
    Taproom::new()
        .args(["check", "taproom.toml"])
        .current_dir(dir.path())
        .fails(&["taproom.toml:2:10", "field `roster`", "npcs", "not there"]);
    std::fs::write(&file, "campaign = \"Rat\"\nledger = \"gone/ledger.txt\"\n").unwrap();
    Taproom::new().arg("check").current_dir(dir.path()).fails(&[
        "taproom.toml:2:10",
        "field `ledger`",
        "gone",
    ]);
}

#[test]
fn campaign_a_taproom_toml_that_is_not_a_campaign_file_is_passed_over() {
    let dir = campaign();
    // A character file called taproom.toml in a folder below the campaign.
    let below = dir.path().join("odd");
    std::fs::create_dir(&below).unwrap();
    std::fs::write(
        below.join("taproom.toml"),
        "name = \"Odd Tom\"\nskill = 3\n",
    )
    .unwrap();
    let out = Taproom::new()
        .args(["roster", "--verbose"])
        .current_dir(&below)
        .ok();
    assert!(
        out.stderr.contains("passed over taproom.toml"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("campaign: ../taproom.toml"),
        "{}",
        out.stderr
    );
    assert!(
        out.stdout.contains("Vessa"),
        "the campaign above: {}",
        out.stdout
    );
    assert!(!out.stdout.contains("Odd Tom"), "{}", out.stdout);
    // With no campaign above it, nothing is taken for one.
    let lone = tempfile::tempdir().unwrap();
    std::fs::write(
        lone.path().join("taproom.toml"),
        "tavern = \"The Odd Tankard\"\n",
    )
    .unwrap();
    let out = Taproom::new()
        .args([
            "play",
            "tides",
            "Mirela",
            "Tamsin",
            "--bet",
            "Pip 1 cp on Tamsin",
            "-v",
        ])
        .current_dir(lone.path())
        .ok();
    assert!(out.stderr.contains("campaign: none"), "{}", out.stderr);
    assert!(!out.stdout.contains("Odd Tankard"), "{}", out.stdout);
    // Named by the environment, it is refused for what it is.
    Taproom::new()
        .arg("roster")
        .env("TAPROOM_CAMPAIGN", lone.path().to_str().unwrap())
        .fails(&["that is a tavern file, not a campaign"]);
    // `check` says what it is.
    let out = Taproom::new()
        .args(["check", "taproom.toml"])
        .current_dir(lone.path())
        .ok();
    assert!(
        out.stdout.contains("tavern The Odd Tankard"),
        "{}",
        out.stdout
    );
    // And `check` with no files and no campaign says so.
    Taproom::new()
        .arg("check")
        .current_dir(lone.path())
        .fails(&["no campaign file", "taproom init"]);
}

#[test]
fn campaign_new_character_goes_into_the_campaigns_roster() {
    let dir = campaign();
    let below = dir.path().join("sub");
    std::fs::create_dir(&below).unwrap();
    Taproom::new()
        .args(["new", "character", "Mara Voss", "--skill", "4"])
        .current_dir(&below)
        .ok();
    assert!(dir.path().join("characters/mara-voss.toml").is_file());
    assert!(!below.join("mara-voss.toml").exists());
}

#[test]
fn campaign_in_examples_is_found_there() {
    // The shipped examples are a campaign: run inside a copy of them, `play` needs no
    // --roster and no --tavern.
    let dir = tempfile::tempdir().unwrap();
    let examples = dir.path().join("examples");
    std::fs::create_dir_all(examples.join("characters")).unwrap();
    for e in std::fs::read_dir("examples/characters").unwrap().flatten() {
        std::fs::copy(e.path(), examples.join("characters").join(e.file_name())).unwrap();
    }
    for f in [
        "taproom.toml",
        "tavern.toml",
        "evening.toml",
        "phrasebook.toml",
    ] {
        std::fs::copy(Path::new("examples").join(f), examples.join(f)).unwrap();
    }
    let out = Taproom::new()
        .args([
            "play",
            "tides",
            "Gorm",
            "Vessa",
            "--bet",
            "Pip 2 cp on Vessa",
            "--short",
        ])
        .current_dir(&examples)
        .ok();
    assert!(out.stdout.contains("Gorm the Ferryman"), "{}", out.stdout);
    Taproom::new().arg("check").current_dir(&examples).ok();
}

/// Whether this run may give a file to another user (only root may).
#[cfg(unix)]
fn may_give_files_away() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

#[cfg(unix)]
#[test]
fn campaign_file_of_another_user_found_upward_is_passed_over_unless_named() {
    if !may_give_files_away() {
        eprintln!(
            "skipped: only root can make a campaign file another user's, and this test \
             runs as another user"
        );
        return;
    }
    // A shared folder above: its campaign file belongs to user 65534 (nobody), and names
    // a ledger there. A GM works in a folder below it, with a roster of their own.
    let dir = campaign();
    let file = dir.path().join("taproom.toml");
    std::os::unix::fs::chown(&file, Some(65534), Some(65534)).unwrap();
    let below = dir.path().join("mine");
    std::fs::create_dir(&below).unwrap();
    let out = Taproom::new()
        .args(["roster", "--verbose"])
        .current_dir(&below)
        .ok();
    let real = std::fs::canonicalize(&file).unwrap();
    let line = format!(
        "campaign: passed over {}: it belongs to another user (user id 65534), not you; \
         to trust it, name it with TAPROOM_CAMPAIGN={}",
        real.display(),
        real.display()
    );
    assert!(out.stderr.lines().any(|l| l == line), "{}", out.stderr);
    assert!(out.stderr.contains("campaign: none"), "{}", out.stderr);
    // Not a word of it without --verbose.
    let quiet = Taproom::new().arg("roster").current_dir(&below).ok();
    assert!(!quiet.stderr.contains("campaign"), "{}", quiet.stderr);
    // --apply writes the ledger of the folder it runs in, never the one the other
    // user's file names.
    let mut play: Vec<&str> = PLAY.to_vec();
    play.extend(["--roster", "../characters"]);
    Taproom::new().args(&play).current_dir(&below).ok();
    assert!(!dir.path().join("books/ledger.txt").exists());
    assert!(below.join("ledger.txt").exists());
    // Named by TAPROOM_CAMPAIGN, it is trusted: its ledger is written.
    Taproom::new()
        .args(PLAY)
        .env("TAPROOM_CAMPAIGN", real.to_str().unwrap())
        .current_dir(&below)
        .ok();
    assert!(dir.path().join("books/ledger.txt").exists());
}

#[test]
fn campaign_init_refuses_what_apply_would_and_a_failed_init_leaves_nothing_behind() {
    let entries = |dir: &Path| {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    for (args, needles) in [
        (
            &["--ledger", "x.toml"][..],
            &["--ledger", "`x.toml` is a .toml file"][..],
        ),
        (
            &["--history", "notes/h.toml"],
            &["--history", "is a .toml file"],
        ),
        (
            &["--tavern", "taproom.toml"],
            &["--tavern", "the campaign file itself"],
        ),
        (
            &["--tavern", "./taproom.toml"],
            &["--tavern", "the campaign file itself"],
        ),
        (
            &["--history", "ledger.txt"],
            &["--history", "is the ledger too"],
        ),
        (&["--ledger", "books/"], &["--ledger", "ends in a slash"]),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let mut all = vec!["init", "--roster", "npcs"];
        all.extend(args);
        let out = Taproom::new()
            .args(&all)
            .current_dir(dir.path())
            .fails(needles);
        assert_eq!(out.stderr.lines().count(), 1, "{args:?}: {}", out.stderr);
        assert!(
            entries(dir.path()).is_empty(),
            "{args:?}: {:?}",
            entries(dir.path())
        );
    }
    // A tavern whose folder cannot be made (a file has its name): by then the roster,
    // ledger and history folders were made; all are gone again.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("blocked"), "the GM's").unwrap();
    let out = Taproom::new()
        .args([
            "init",
            "--roster",
            "npcs/main",
            "--ledger",
            "books/ledger.txt",
            "--history",
            "notes/history.jsonl",
            "--tavern",
            "blocked/tavern.toml",
        ])
        .current_dir(dir.path())
        .run();
    // The system refused (exit 1), in one line naming the file.
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(out.stderr.contains("blocked/tavern.toml"), "{}", out.stderr);
    assert_eq!(entries(dir.path()), ["blocked"]);
    assert_eq!(read(&dir.path().join("blocked")), "the GM's");
}

/// The name the tavern file in `dir` gives, read back as `play` reads it: the heading of
/// the wagers placed at a match played in the campaign.
fn tavern_played_at(dir: &Path) -> String {
    let out = Taproom::new()
        .args([
            "play",
            "tides",
            "Pip",
            "Brannoc",
            "--seed",
            "1",
            "--bet",
            "Pip 1 sp on Brannoc in the pool",
        ])
        .args(["--narrate", "none"])
        .current_dir(dir)
        .ok();
    let line = out
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("Wagers at "))
        .unwrap_or_else(|| panic!("no wagers heading: {}", out.stdout));
    line.split(", placed before").next().unwrap().to_owned()
}

#[test]
fn campaign_init_names_the_starter_tavern_after_the_campaign() {
    // Named on the command line, quotation marks and all: the tavern takes the name.
    for name in ["The Salty Eel", "The \"Salty\" Eel"] {
        let dir = tempfile::tempdir().unwrap();
        Taproom::new()
            .args(["init", "--name", name])
            .current_dir(dir.path())
            .ok();
        assert_eq!(tavern_played_at(dir.path()), name);
        // And `check` takes the tavern written.
        Taproom::new()
            .args(["check", "tavern.toml"])
            .current_dir(dir.path())
            .ok();
    }
    // No name given: the campaign is the folder's, the starter tavern the built-in one's.
    let dir = tempfile::tempdir().unwrap();
    Taproom::new().arg("init").current_dir(dir.path()).ok();
    assert_eq!(tavern_played_at(dir.path()), "The Wayside Inn");
    // A tavern file that is there already keeps its name, and its bytes.
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy("examples/tavern.toml", dir.path().join("rat.toml")).unwrap();
    let before = read(&dir.path().join("rat.toml"));
    let own = before
        .lines()
        .find_map(|l| l.strip_prefix("tavern = \""))
        .and_then(|l| l.split('"').next())
        .unwrap()
        .to_owned();
    Taproom::new()
        .args(["init", "--name", "The Salty Eel", "--tavern", "rat.toml"])
        .current_dir(dir.path())
        .ok();
    assert_eq!(read(&dir.path().join("rat.toml")), before);
    assert_ne!(own, "The Salty Eel");
    assert_eq!(tavern_played_at(dir.path()), own);
}
