//! Nothing touched outside the campaign, and nothing written that should not be: a journal
//! planted in the roster folder naming a file elsewhere, a lock file that is a symbolic
//! link, a read-only file, a path ending in a slash, a name that names no file, and a
//! picture write killed half-way.

use std::path::{Path, PathBuf};

use crate::common::Taproom;

/// The example characters and tavern, copied into `dir` (made).
fn copy_campaign(dir: &Path) {
    let chars = dir.join("characters");
    std::fs::create_dir_all(&chars).unwrap();
    for e in std::fs::read_dir("examples/characters").unwrap().flatten() {
        std::fs::copy(e.path(), chars.join(e.file_name())).unwrap();
    }
    std::fs::copy("examples/tavern.toml", dir.join("tavern.toml")).unwrap();
}

/// The example characters and tavern, copied into a folder of their own.
fn campaign() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_campaign(dir.path());
    dir
}

/// A wager on a match in the campaign's roster, with `--apply`.
const PLAY: [&str; 12] = [
    "play",
    "tides",
    "Gorm",
    "Vessa",
    "--roster",
    "characters",
    "--bet",
    "Hrodgar 1 gp on Gorm against Tamsin",
    "--seed",
    "42",
    "--apply",
    "--short",
];

/// Every entry under `dir`, by path, with the contents of each file (as text, for
/// messages that can be read).
fn snapshot(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            let rel = p.strip_prefix(dir).unwrap().to_owned();
            let meta = std::fs::symlink_metadata(&p).unwrap();
            if meta.is_dir() {
                stack.push(p);
                out.push((rel, "a folder".to_owned()));
            } else if meta.is_file() {
                let bytes = std::fs::read(&p).unwrap();
                out.push((rel, String::from_utf8_lossy(&bytes).into_owned()));
            } else {
                out.push((rel, "something else".to_owned()));
            }
        }
    }
    out.sort();
    out
}

/// `snapshot` less the lock files a run may leave in the folders it reads.
fn plain(dir: &Path) -> Vec<(PathBuf, String)> {
    plain_of(snapshot(dir))
}

/// A snapshot less its lock files.
fn plain_of(snapshot: Vec<(PathBuf, String)>) -> Vec<(PathBuf, String)> {
    snapshot
        .into_iter()
        .filter(|(p, _)| p.file_name().is_none_or(|n| n != ".taproom.lock"))
        .collect()
}

/// The red team's setup: a folder elsewhere holding a file of the GM's, and a journal put
/// into the roster folder that names that file as a target it staged (its identity the
/// file's own, so that undoing the write would remove it). With `with_roster_file`, it
/// names a file of the roster folder too, and says it is committed.
#[cfg(unix)]
fn plant(roster: &Path, elsewhere: &Path, with_roster_file: bool) -> PathBuf {
    use std::os::unix::fs::MetadataExt;
    let precious = elsewhere.join("precious.txt");
    std::fs::write(&precious, "precious").unwrap();
    let meta = std::fs::metadata(&precious).unwrap();
    let (roster, elsewhere) = (
        std::fs::canonicalize(roster).unwrap(),
        std::fs::canonicalize(elsewhere).unwrap(),
    );
    let entry = |folder: &Path, name: &str, staged: serde_json::Value| {
        serde_json::json!({
            "target": folder.join(name),
            "temp": folder.join(format!(".{name}.x.taproom-tmp")),
            "backup": null,
            "staged": staged,
        })
    };
    let mut files = vec![entry(
        &elsewhere,
        "precious.txt",
        serde_json::json!({"dev": meta.dev(), "ino": meta.ino()}),
    )];
    let mut state = "prepared";
    if with_roster_file {
        files.push(entry(&roster, "pip.toml", serde_json::Value::Null));
        state = "committed";
    }
    let mut folders = vec![roster.clone(), elsewhere];
    folders.sort();
    let journal = roster.join(".taproom-journal.x.json");
    let json = serde_json::json!({"id": "x", "state": state, "folders": folders, "files": files});
    std::fs::write(&journal, serde_json::to_vec(&json).unwrap()).unwrap();
    journal
}

#[cfg(unix)]
#[test]
fn a_planted_journal_naming_a_file_elsewhere_is_refused_in_one_sentence_and_nothing_touched() {
    // The campaign in `m-campaign`, the folder elsewhere after it (`z-elsewhere`): a
    // journal naming only the file elsewhere, or committed while the folder after its
    // own holds no copy of it, could not have been left by a run; it is refused.
    for with_roster_file in [false, true] {
        for args in [&["roster", "--roster", "characters"][..], &PLAY] {
            let root = tempfile::tempdir().unwrap();
            let (dir, elsewhere) = (
                root.path().join("m-campaign"),
                root.path().join("z-elsewhere"),
            );
            copy_campaign(&dir);
            std::fs::create_dir(&elsewhere).unwrap();
            plant(&dir.join("characters"), &elsewhere, with_roster_file);
            let before = snapshot(&dir);
            let out = Taproom::new()
                .args(args)
                .current_dir(&dir)
                .fails(&[".taproom-journal.x.json", "touched nothing it names"]);
            let case = format!("{args:?}, with a roster file: {with_roster_file}");
            assert_eq!(out.stderr.lines().count(), 1, "{case}: {}", out.stderr);
            assert!(!out.stderr.contains("undid"), "{case}: {}", out.stderr);
            // The folder elsewhere: the file as it was, and nothing beside it (no lock).
            assert_eq!(
                snapshot(&elsewhere),
                [(PathBuf::from("precious.txt"), "precious".to_owned())],
                "{case}"
            );
            // Nothing written in the campaign either: no purse, no ledger.
            assert_eq!(plain(&dir), before, "{case}");
        }
    }
}

#[cfg(unix)]
#[test]
fn a_journal_shaped_as_a_kill_leaves_one_touches_nothing_in_a_folder_without_its_copy() {
    // The folder elsewhere before the campaign's (`a-elsewhere`), the journal committed:
    // as a run killed while removing its journals, in order, leaves it. It is finished
    // in the roster folder only; the folder elsewhere is neither touched nor locked.
    for args in [&["roster", "--roster", "characters"][..], &PLAY] {
        let root = tempfile::tempdir().unwrap();
        let (dir, elsewhere) = (
            root.path().join("m-campaign"),
            root.path().join("a-elsewhere"),
        );
        copy_campaign(&dir);
        std::fs::create_dir(&elsewhere).unwrap();
        let journal = plant(&dir.join("characters"), &elsewhere, true);
        let out = Taproom::new().args(args).current_dir(&dir).ok();
        assert!(!out.stderr.contains("precious"), "{args:?}: {}", out.stderr);
        assert_eq!(
            snapshot(&elsewhere),
            [(PathBuf::from("precious.txt"), "precious".to_owned())],
            "{args:?}"
        );
        assert!(!journal.exists(), "{args:?}");
    }
}

#[cfg(unix)]
#[test]
fn a_lock_file_that_is_a_symbolic_link_is_refused_and_nothing_made_where_it_points() {
    let dir = campaign();
    let elsewhere = tempfile::tempdir().unwrap();
    let aim = elsewhere.path().join("made-by-taproom");
    std::os::unix::fs::symlink(&aim, dir.path().join("characters/.taproom.lock")).unwrap();
    let before = snapshot(dir.path());
    let out = Taproom::new()
        .args(PLAY)
        .current_dir(dir.path())
        .fails(&[".taproom.lock", "symbolic link"]);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(!aim.exists(), "nothing made where the link points");
    assert_eq!(plain(dir.path()), plain_of(before), "nothing written");
}

#[cfg(unix)]
#[test]
fn a_read_only_character_file_or_picture_is_refused_before_anything_is_written() {
    use std::os::unix::fs::PermissionsExt;
    let read_only = |p: &Path| {
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o444)).unwrap();
    };
    // A character whose purse the bet changes.
    let dir = campaign();
    read_only(&dir.path().join("characters/hrodgar.toml"));
    let before = snapshot(dir.path());
    Taproom::new()
        .args(PLAY)
        .current_dir(dir.path())
        .fails(&["hrodgar.toml", "read-only"]);
    assert_eq!(plain(dir.path()), before, "no purse, no ledger, no history");
    // A picture, alone and with --apply: refused before the match is played.
    let dir = campaign();
    let board = dir.path().join("board.png");
    std::fs::write(&board, "the GM's own picture").unwrap();
    read_only(&board);
    let before = snapshot(dir.path());
    Taproom::new()
        .args(["engine", "apply", "tides", "c3-c4", "--image", "board.png"])
        .current_dir(dir.path())
        .fails(&["board.png", "read-only"]);
    let mut play: Vec<&str> = PLAY.to_vec();
    play.extend(["--image", "board.png"]);
    Taproom::new()
        .args(&play)
        .current_dir(dir.path())
        .fails(&["board.png", "read-only"]);
    assert_eq!(plain(dir.path()), before);
}

#[test]
fn a_path_ending_in_a_slash_is_refused_naming_its_field_and_nothing_is_written() {
    let dir = campaign();
    let before = snapshot(dir.path());
    for image in ["x.png/", "x.png/."] {
        Taproom::new()
            .args(["engine", "apply", "tides", "c3-c4", "--image", image])
            .current_dir(dir.path())
            .fails(&[image, "names a folder, not a file"]);
    }
    let mut play: Vec<&str> = PLAY.to_vec();
    play.extend(["--ledger", "sub/"]);
    Taproom::new()
        .args(&play)
        .current_dir(dir.path())
        .fails(&["the ledger `sub/` ends in a slash"]);
    assert_eq!(plain(dir.path()), before);
    // In a campaign file, at the key.
    for key in ["ledger", "history", "tavern"] {
        std::fs::write(
            dir.path().join("taproom.toml"),
            format!("campaign = \"Rat\"\nroster = \"characters\"\n{key} = \"sub/\"\n"),
        )
        .unwrap();
        for args in [&["roster"][..], &["check"], &PLAY[..PLAY.len() - 1]] {
            let out = Taproom::new().args(args).current_dir(dir.path()).fails(&[
                "taproom.toml:3:",
                &format!("field `{key}`"),
                "ends in a slash",
            ]);
            assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        }
    }
    std::fs::remove_file(dir.path().join("taproom.toml")).unwrap();
    // In a tavern file, at the key.
    std::fs::write(
        dir.path().join("tavern.toml"),
        std::fs::read_to_string("examples/tavern.toml")
            .unwrap()
            .replace("ledger = \"ledger.txt\"", "ledger = \"sub/\""),
    )
    .unwrap();
    Taproom::new()
        .args(["check", "tavern.toml"])
        .current_dir(dir.path())
        .fails(&["tavern.toml:", "field `ledger`", "ends in a slash"]);
    assert!(!dir.path().join("sub").exists());
}

#[test]
fn a_name_that_names_no_file_is_refused_for_a_new_character() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["..", ".", "/", "../.."] {
        let out = Taproom::new()
            .args(["new", "character", name, "--roster", "npcs"])
            .current_dir(dir.path())
            .fails(&[&format!("`{name}` cannot be a character's name")]);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    }
    assert_eq!(snapshot(dir.path()), [], "nothing made");
}

#[test]
fn a_picture_write_killed_half_way_leaves_a_part_the_next_write_removes() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["engine", "apply", "tides", "c3-c4", "--image", "board.png"];
    let killed = Taproom::new()
        .args(args)
        .env("TAPROOM_TEST_STOP", "crash:part")
        .current_dir(dir.path())
        .run();
    assert_ne!(killed.code, 0, "the write was killed");
    let left = snapshot(dir.path());
    assert_eq!(left.len(), 1, "{left:?}");
    let part = left[0].0.to_string_lossy().into_owned();
    assert!(
        part.starts_with(".board.png.") && part.ends_with(".taproom-part"),
        "{part}"
    );
    assert!(!left[0].1.is_empty(), "half a picture was on disk");
    // The next write: the picture whole, and the killed write's part gone.
    Taproom::new().args(args).current_dir(dir.path()).ok();
    let now = snapshot(dir.path());
    assert_eq!(
        now.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>(),
        [PathBuf::from("board.png")]
    );
    let png = std::fs::read(dir.path().join("board.png")).unwrap();
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    assert!(
        png.ends_with(b"IEND\xaeB`\x82"),
        "a whole PNG, to its last chunk"
    );
    // So does a run that reads the folder as a roster, without writing a picture there.
    let killed = Taproom::new()
        .args(["engine", "apply", "tides", "c3-c4", "--image", "other.svg"])
        .env("TAPROOM_TEST_STOP", "crash:part")
        .current_dir(dir.path())
        .run();
    assert_ne!(killed.code, 0);
    assert_eq!(snapshot(dir.path()).len(), 2);
    Taproom::new()
        .args(["roster", "--roster", "."])
        .current_dir(dir.path())
        .ok();
    let names: Vec<PathBuf> = plain(dir.path()).into_iter().map(|(p, _)| p).collect();
    assert_eq!(names, [PathBuf::from("board.png")]);
}
