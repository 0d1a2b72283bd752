//! `taproom check`: validating files without playing.

mod common;

use common::Taproom;

#[test]
fn good_files_pass_and_the_shipped_characters_are_good() {
    let out = Taproom::new()
        .args([
            "check",
            "data/characters/brannoc.toml",
            "data/characters/pip.toml",
        ])
        .ok();
    assert!(
        out.stdout
            .contains("ok: data/characters/brannoc.toml (Old Brannoc, skill 6, cautious)")
    );
}

#[test]
fn a_bad_file_fails_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("npc.toml");
    std::fs::write(&file, "name = \"N\"\nskill = 11\n").unwrap();
    Taproom::new()
        .args(["check", file.to_str().unwrap()])
        .fails(&["npc.toml:2:9", "field `skill`", "1 to 10"]);
    std::fs::write(&file, "name = \"N\"\nskill = 4\npurse = \"4 gold\"\n").unwrap();
    Taproom::new()
        .args(["check", file.to_str().unwrap()])
        .fails(&["npc.toml:3:9", "field `purse`", "coin"]);
    std::fs::write(
        &file,
        "name = \"N\"\nskill = 4\n[voice]\ngreting = [\"hi\"]\n",
    )
    .unwrap();
    Taproom::new()
        .args(["check", file.to_str().unwrap()])
        .fails(&["npc.toml:4:1", "did you mean `greeting`?"]);
    std::fs::write(&file, "name = \"N\nskill = 4\n").unwrap();
    Taproom::new()
        .args(["check", file.to_str().unwrap()])
        .fails(&["npc.toml:1:", "not valid TOML"]);
    Taproom::new()
        .args(["check", "/no/such.toml"])
        .fails(&["/no/such.toml", "cannot read"]);
}

#[test]
fn phrasebooks_are_checked_too() {
    Taproom::new().args(["check", "data/phrases.toml"]).ok();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("words.toml");
    std::fs::write(
        &file,
        "[tides-of-war]\nconquest = [\"{winner} takes {town}.\"]\ntruce = [\"{wizard} sighs.\"]\n",
    )
    .unwrap();
    Taproom::new()
        .args(["check", file.to_str().unwrap()])
        .fails(&["words.toml:3:", "tides-of-war.truce", "{wizard}"]);
}
