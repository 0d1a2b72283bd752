use super::*;

/// Whether every fence of a message is closed within it (an even count of fence lines).
fn fences_closed(message: &str) -> bool {
    message
        .lines()
        .filter(|l| l.trim_start().starts_with("```"))
        .count()
        % 2
        == 0
}

#[test]
fn a_short_text_is_one_message_without_its_blank_ends() {
    assert_eq!(
        messages("\n\n## Title\n\nA line.\n\n"),
        ["## Title\n\nA line."]
    );
    assert!(messages("\n \n").is_empty());
    assert_eq!(
        messages("a\n\n\n\nb"),
        ["a\n\nb"],
        "one blank line for several"
    );
}

#[test]
fn messages_break_between_lines_within_the_limit() {
    // Ten lines of 9 characters: 99 characters joined; 30 holds three lines (29).
    let text: Vec<String> = (0..10).map(|i| format!("line {i:04}")).collect();
    let cut = messages_within(&text.join("\n"), 30);
    assert_eq!(cut.len(), 4, "{cut:?}");
    assert!(cut.iter().all(|m| m.chars().count() <= 30));
    assert_eq!(
        cut.join("\n"),
        text.join("\n"),
        "nothing lost, nothing added"
    );
}

#[test]
fn a_fenced_block_moves_whole_to_the_next_message() {
    let table = "```\n┌──┐\n│ab│\n└──┘\n```";
    let text = format!("{}\n{table}\nafter", "x".repeat(30));
    let cut = messages_within(&text, 40);
    assert_eq!(cut, ["x".repeat(30), format!("{table}\nafter")]);
}

#[test]
fn a_block_too_long_for_one_message_becomes_several_fenced_blocks() {
    let rows: Vec<String> = (0..20).map(|i| format!("row {i:02}")).collect();
    let text = format!("```\n{}\n```", rows.join("\n"));
    let cut = messages_within(&text, 50);
    assert!(cut.len() > 1);
    for m in &cut {
        assert!(m.chars().count() <= 50, "{m}");
        assert!(m.starts_with("```\n") && m.ends_with("\n```"), "{m}");
        assert!(fences_closed(m), "{m}");
    }
    let inner: Vec<&str> = cut
        .iter()
        .flat_map(|m| m.lines())
        .filter(|l| *l != "```")
        .collect();
    assert_eq!(inner, rows, "every row once, in order");
}

#[test]
fn a_heading_goes_with_the_lines_under_it() {
    let text = format!("{}\n\n### Game 2\n{}", "a".repeat(20), "b".repeat(20));
    let cut = messages_within(&text, 40);
    assert_eq!(
        cut,
        ["a".repeat(20), format!("### Game 2\n{}", "b".repeat(20))]
    );
}

#[test]
fn a_line_longer_than_a_message_is_cut_between_words() {
    let line = "word ".repeat(30);
    let cut = messages_within(line.trim_end(), 42);
    assert!(cut.iter().all(|m| m.chars().count() <= 42), "{cut:?}");
    assert!(cut.iter().all(|m| !m.starts_with(' ') && !m.ends_with(' ')));
    assert_eq!(cut.join(" "), line.trim_end());
}

#[test]
fn length_counts_as_discord_does() {
    // An emoji outside the Basic Multilingual Plane is two UTF-16 units.
    assert_eq!(length("a🎲"), 3);
    assert_eq!(length("─┼─"), 3);
}

#[test]
fn the_separator_names_the_message_and_the_count() {
    let mut out = Vec::new();
    write_messages(&mut out, &["one".to_owned(), "two".to_owned()]).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(
        text,
        format!("{}\none\n{}\ntwo\n", separator(1, 2), separator(2, 2))
    );
}
