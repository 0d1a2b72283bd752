//! Replay lines replay: every "Seed N replays this match" line that `night` and `play`
//! print, run as written (through a real shell), plays the same match.

use crate::common;

use std::path::Path;

use common::Taproom;

/// The result table of a told match: its box-drawing lines.
fn tables(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with(['┌', '│', '╞', '└']))
        .map(str::to_owned)
        .collect()
}

/// The replay commands of an output, each as written after "replays this match:": on the
/// same line, or on the lines after it, continued with ` \\` as a shell continues them
/// (the command is kept as printed, continuations and all, since that is what a GM pastes).
fn replay_lines(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let Some((_, rest)) = l.split_once(" replays this match:") else {
            continue;
        };
        if !rest.trim().is_empty() {
            found.push(rest.trim().to_owned());
            continue;
        }
        let mut command = Vec::new();
        for next in &lines[i + 1..] {
            command.push(next.trim());
            if !next.ends_with(" \\") {
                break;
            }
        }
        found.push(command.join("\n"));
    }
    found
}

/// Runs a replay line through `sh`, with `taproom` standing for the binary under test.
fn run_in_shell(line: &str, dir: &Path) -> String {
    let bin = assert_cmd::cargo::cargo_bin("taproom");
    let rest = line
        .strip_prefix("taproom ")
        .unwrap_or_else(|| panic!("{line}"));
    let script = format!(
        "{} {rest} --narrate none",
        shell_words::quote(&bin.display().to_string())
    );
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(&script)
        .current_dir(dir)
        .output()
        .expect("sh runs");
    assert!(
        out.status.success(),
        "`{script}` failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn every_replay_line_of_the_example_evening_plays_the_same_match() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let night = Taproom::new()
        .args(["night", "examples/evening.toml", "--narrate", "none"])
        .current_dir(root)
        .ok()
        .stdout;
    let matches = night.split("━━ Settling up").next().unwrap();
    let sections: Vec<&str> = matches.split("━━ Match ").skip(1).collect();
    let lines = replay_lines(&night);
    assert_eq!(lines.len(), 3, "one replay line per match");
    for (section, line) in sections.iter().zip(&lines) {
        let night_table = tables(section);
        assert!(!night_table.is_empty());
        let replayed = run_in_shell(line, root);
        assert_eq!(tables(&replayed), night_table, "{line}");
        assert_eq!(
            replay_lines(&replayed),
            std::slice::from_ref(line),
            "it replays itself"
        );
    }
}

#[test]
fn names_and_rules_are_quoted_so_a_pasted_line_runs_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let roster = dir.path().join("npcs");
    std::fs::create_dir(&roster).unwrap();
    let name = r#"Mad "Dog" O'Hara $(touch pwned) `touch pwned2`"#;
    std::fs::write(
        roster.join("mad.toml"),
        format!(
            "name = {}\nskill = 2\ntemperament = \"bold\"\n",
            toml::Value::String(name.to_owned())
        ),
    )
    .unwrap();
    let out = Taproom::new()
        .args([
            "play",
            "pic",
            name,
            "Pip",
            "Sister Ysolde",
            "--roster",
            "npcs",
            "--seed",
            "5",
            "--best-of",
            "1",
            "--draw-cap",
            "2",
            "--rule",
            "start=9",
            "--rule",
            "move_cap=200",
            "--narrate",
            "none",
        ])
        .current_dir(dir.path())
        .ok()
        .stdout;
    let line = &replay_lines(&out)[0];
    let words = shell_words::split(line).unwrap();
    let has = |pair: [&str; 2]| words.windows(2).any(|w| w == pair);
    assert!(has(["--draw-cap", "2"]), "{line}");
    assert!(
        has(["--rule", "start=9"]) && has(["--rule", "move_cap=200"]),
        "{line}"
    );
    assert!(words.contains(&name.to_owned()), "{line}");
    let replayed = run_in_shell(line, dir.path());
    assert_eq!(tables(&replayed), tables(&out));
    assert!(!dir.path().join("pwned").exists() && !dir.path().join("pwned2").exists());
}
