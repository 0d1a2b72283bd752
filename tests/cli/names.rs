//! Names as a GM writes them: with numbers in them (`Char 7 1 gp on Char 5`), in any
//! case (one name however it is cased, at the table and in the bets), and by a
//! character's own short name, which wins over the start of another's name.

use crate::common::Taproom;

/// A roster folder of characters with these names (and short names, where given), each
/// with a purse of 5 gp.
fn roster(names: &[(&str, Option<&str>)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (i, (name, short)) in names.iter().enumerate() {
        let short = short.map_or_else(String::new, |s| format!("short = \"{s}\"\n"));
        std::fs::write(
            dir.path().join(format!("c{i}.toml")),
            format!("name = \"{name}\"\n{short}skill = 4\npurse = \"5 gp\"\n"),
        )
        .unwrap();
    }
    dir
}

#[test]
fn names_with_numbers_bet_and_settle() {
    let dir = roster(&[("Char 5", None), ("Char 7", None), ("Char 12", None)]);
    let out = Taproom::new()
        .args([
            "play",
            "tides",
            "Char 5",
            "Char 12",
            "--roster",
            ".",
            "--seed",
            "1",
            "--best-of",
            "1",
            "--narrate",
            "none",
            "--bet",
            "Char 7 1 gp on Char 5 against Char 12",
            "--apply",
        ])
        .current_dir(dir.path())
        .ok();
    let ledger = std::fs::read_to_string(dir.path().join("ledger.txt")).unwrap();
    // One of the two paid the other 1 gp: whoever backed the loser.
    assert!(
        ledger.contains("- Char 12 paid Char 7 1 gp")
            || ledger.contains("- Char 7 paid Char 12 1 gp"),
        "{ledger}\n{}",
        out.stdout
    );
    let purse = |i: usize| {
        std::fs::read_to_string(dir.path().join(format!("c{i}.toml")))
            .unwrap()
            .lines()
            .find(|l| l.starts_with("purse"))
            .unwrap()
            .to_owned()
    };
    let moved: Vec<String> = [1, 2].iter().map(|&i| purse(i)).collect();
    moved
        .iter()
        .find(|p| p.contains("\"6 gp\""))
        .expect("the winner has 6 gp");
    moved
        .iter()
        .find(|p| p.contains("\"4 gp\""))
        .expect("the loser has 4 gp");
    assert!(purse(0).contains("\"5 gp\""), "Char 5 bet nothing");
}

#[test]
fn names_that_differ_only_in_case_are_one_name_at_the_table_and_in_bets() {
    Taproom::new()
        .args(["play", "tides", "Brannoc", "old brannoc"])
        .fails(&["cannot sit at the Tides of War table twice"]);
    let dir = roster(&[("Aria", None)]);
    let out = Taproom::new()
        .args(["sit", "tides", "--as", "aria", "--as", "ARIA"])
        .current_dir(dir.path())
        .fails(&[
            "ARIA cannot sit at the Tides of War table twice",
            "aria is seated already",
        ]);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    // A bet names a person however it is cased.
    let out = Taproom::new()
        .args([
            "sit",
            "tides",
            "Brannoc",
            "--as",
            "Aria",
            "--roster",
            ".",
            "--seed",
            "1",
            "--best-of",
            "1",
            "--narrate",
            "none",
            "--bet",
            "ARIA 1 sp on aria against brannoc",
        ])
        .current_dir(dir.path())
        .stdin("resign\n")
        .ok();
    assert!(out.stdout.contains("Aria"), "{}", out.stdout);
}

#[test]
fn a_characters_own_short_name_wins_over_the_start_of_anothers() {
    let dir = roster(&[
        ("Ash Wren", None),
        ("Dobbin Ashcroft", None),
        ("Ashe the Elder", Some("Elder")),
    ]);
    // "Ash" is Ash Wren's own short name, though it starts Ashcroft and Ashe too.
    let out = Taproom::new()
        .args([
            "play",
            "tides",
            "Ash",
            "Dobbin",
            "--roster",
            ".",
            "--seed",
            "1",
            "--best-of",
            "1",
            "--narrate",
            "none",
            "--bet",
            "Ash 1 sp on Ash against Dobbin",
        ])
        .current_dir(dir.path())
        .ok();
    assert!(out.stdout.contains("Ash Wren"), "{}", out.stdout);
    assert!(!out.stdout.contains("Ashe the Elder"), "{}", out.stdout);
    // A short name set in the file counts as well; the start of a name still picks one
    // out, and is a question when it starts two.
    let out = Taproom::new()
        .args([
            "play",
            "tides",
            "Elder",
            "Ashc",
            "--roster",
            ".",
            "--seed",
            "1",
            "--best-of",
            "1",
        ])
        .current_dir(dir.path())
        .ok();
    assert!(
        out.stdout.contains("Ashe the Elder") && out.stdout.contains("Dobbin Ashcroft"),
        "{}",
        out.stdout
    );
    Taproom::new()
        .args(["play", "tides", "As", "Dobbin", "--roster", "."])
        .current_dir(dir.path())
        .fails(&["`As` could be"]);
}

/// `Zoë` written composed (U+00EB) and decomposed (`e` and U+0308) is one name: typed
/// either way it finds the character, who is printed composed; two files of it are two
/// characters of one name, refused as any two of one name are.
#[test]
fn a_name_in_either_unicode_form_is_one_name() {
    let composed = "Zo\u{eb}";
    let decomposed = "Zoe\u{308}";
    let dir = roster(&[(decomposed, None)]);
    let out = Taproom::new()
        .args(["play", "tides", composed, "Pip", "--roster", "."])
        .args(["--seed", "1", "--best-of", "1", "--format", "json"])
        .current_dir(dir.path())
        .ok();
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(doc["entrants"][0]["name"], composed, "read composed");
    assert!(!out.stdout.contains(decomposed));
    let dir = roster(&[(decomposed, None), (composed, None)]);
    Taproom::new()
        .args(["play", "tides", "Pip", "Brannoc", "--roster", "."])
        .current_dir(dir.path())
        .fails(&["two characters are called `Zoë`"]);
}

/// An invisible or direction-changing character in a name, in any file that names
/// something, is refused in one sentence: the file, the line, the column of the
/// character itself, the field, and which character it is.
#[test]
fn a_name_with_an_invisible_or_direction_changing_character_is_refused_where_it_stands() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    for (file, text, place, field, what) in [
        (
            "c.toml",
            "skill = 4\nname = \"Pip\u{200b}pin\"\n",
            "c.toml:2:12",
            "field `name`",
            "character 4 is an invisible character (U+200B)",
        ),
        (
            "s.toml",
            "name = \"Pip\"\nshort = \"\u{202e}piP\"\nskill = 4\n",
            "s.toml:2:10",
            "field `short`",
            "character 1 is a direction-changing character (U+202E)",
        ),
        (
            "t.toml",
            "tavern = \"The Rat\u{ad}\"\n",
            "t.toml:1:18",
            "field `tavern`",
            "character 8 is an invisible character (U+00AD)",
        ),
        (
            "taproom.toml",
            "campaign = \"Rat \u{2067}Years\u{2069}\"\n",
            "taproom.toml:1:17",
            "field `campaign`",
            "character 5 is a direction-changing character (U+2067)",
        ),
        (
            "e.toml",
            "evening = \"A night\u{feff}\"\n[[match]]\ngame = \"pic\"\nplayers = [\"Pip\", \"Tamsin\"]\n",
            "e.toml:1:19",
            "field `evening`",
            "character 8 is an invisible character (U+FEFF)",
        ),
        (
            "esc.toml",
            "name = \"Pip\\u001b[2J\"\nskill = 4\n",
            "esc.toml:1:8",
            "field `name`",
            "character 4 is a control character (U+001B)",
        ),
    ] {
        std::fs::write(p.join(file), text).unwrap();
        let out = Taproom::new()
            .args(["check", file])
            .current_dir(p)
            .fails(&[place, field, what]);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert!(
            !out.stderr.chars().any(|c| c.is_control() && c != '\n'),
            "{:?}",
            out.stderr
        );
    }
}

/// A name given on the command line that would act on the terminal is refused, and
/// shown escaped: as a character to seat, as a person at the table, as a name the
/// roster does not know.
#[test]
fn a_name_on_the_command_line_that_acts_on_the_terminal_is_refused_escaped() {
    let clear = "Pip\u{1b}[2J";
    // A roster folder whose name clears the screen: a word of the replay command.
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join(clear);
    std::fs::create_dir(&folder).unwrap();
    let folder = folder.to_str().unwrap();
    for args in [
        vec![
            "play", "tides", "Pip", "Brannoc", "--roster", folder, "--color", "always",
        ],
        vec!["play", "tides", clear, "Brannoc", "--color", "always"],
        vec![
            "sit", "tides", "Brannoc", "--as", clear, "--color", "always",
        ],
        vec![
            "sit",
            "tides",
            "Brannoc",
            "--as",
            "Ann\u{202e}",
            "--color",
            "always",
        ],
        vec![
            "history",
            "examples/chronicle",
            "--character",
            clear,
            "--color",
            "always",
        ],
    ] {
        let out = Taproom::new().args(&args).fails(&[]);
        assert!(
            out.stderr.contains("\\u{1b}[2J") || out.stderr.contains("\\u{202e}"),
            "{args:?}: {}",
            out.stderr
        );
        let acting: Vec<char> = out
            .stderr
            .chars()
            .filter(|c| c.is_control() && *c != '\n')
            .collect();
        assert!(acting.is_empty(), "{args:?}: {acting:?}");
        assert!(!out.stderr.contains('\u{202e}'));
    }
}
