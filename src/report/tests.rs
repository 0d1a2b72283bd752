//! The page of a match as each reader gets it: what the GM reads and what the players
//! hear, from the narrator's scenes.

use super::{Layout, Page, View, write_text};
use crate::narrate::aside_tests::{aside, cheat, tell, tides_with_asides};
use crate::narrate::{Detail, Fact, Moment, Scene};
use crate::table::{CheatResult, MatchLog};

/// The text of a match for `view`, on one line a line.
fn page(log: &MatchLog, scenes: &[Scene], view: View) -> String {
    let mut out = Vec::new();
    let page = Page {
        view,
        layout: Layout::Wide,
    };
    write_text(&mut out, log, scenes, page, "taproom play").unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn the_players_never_hear_of_a_cheat_nobody_saw() {
    let mut log = tides_with_asides();
    // The first mention of Mirela in game 1 is a cheat nobody saw, before any move.
    log.games[0].asides.insert(
        0,
        aside(
            0,
            cheat(
                1,
                crate::games::tides::NUDGE,
                Some("a6"),
                &[],
                CheatResult::Stood,
            ),
        ),
    );
    for detail in [Detail::Brief, Detail::Full] {
        let (scenes, facts) = tell(&log, detail);
        let gm = page(&log, &scenes, View::Gm);
        let players = page(&log, &scenes, View::Players);
        let unseen: Vec<&Fact> = facts
            .iter()
            .filter(|f| matches!(f.key, Moment::CheatUnseen | Moment::CheatUnseenTally))
            .collect();
        assert!(!unseen.is_empty());
        for f in &unseen {
            assert!(f.gm_only);
            assert!(gm.contains(&f.line), "the GM hears {:?}", f.line);
            assert!(
                !players.contains(&f.line),
                "the players do not: {:?}",
                f.line
            );
        }
        // No line the players hear tells a cheat that stood unseen: none of its places.
        for line in players.lines() {
            for place in ["a6", "f3"] {
                assert!(!line.contains(&format!(" {place}")), "{line}");
            }
        }
        // (The result's lines style the winner's name.)
        for f in facts.iter().filter(|f| !f.gm_only && f.game > 0) {
            assert!(players.contains(&f.line), "the players hear {:?}", f.line);
        }
        // Named in full at the first mention the players hear, in the whole telling.
        let text = scenes
            .iter()
            .flat_map(Scene::players_lines)
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join("\n");
        for e in &log.entrants {
            if let Some(short_at) = text.find(&e.short) {
                assert!(
                    text.find(&e.name).is_some_and(|f| f <= short_at),
                    "{} named short first: {text}",
                    e.name
                );
            }
        }
        for scene in &scenes {
            for (i, line) in scene.lines.iter().enumerate() {
                let told_unseen = unseen.iter().any(|f| &f.line == line);
                assert_eq!(scene.is_gm_only(i), told_unseen, "{line}");
            }
        }
    }
}

/// A code span shows its text exactly whatever backticks it holds: read back by
/// pulldown-cmark, its one code event is the text.
#[test]
fn a_code_span_holds_any_run_of_backticks() {
    use pulldown_cmark::{Event, Parser};
    for text in [
        "taproom play tides Pip",
        "a `b` c",
        "``two`` and `one`",
        "`starts",
        "ends`",
        " spaced ",
        "x | y <z>",
    ] {
        let span = super::code_span(text);
        let codes: Vec<String> = Parser::new(&span)
            .filter_map(|e| match e {
                Event::Code(c) => Some(c.to_string()),
                _ => None,
            })
            .collect();
        assert_eq!(codes, [text], "{span}");
    }
}

/// Escaped text reads back as itself, as plain text: no emphasis, code, link or HTML.
#[test]
fn escaped_markdown_reads_back_as_the_text() {
    use pulldown_cmark::{Event, Parser};
    let text = "<img src=x> `a` *b* _c_ [d](e) #f | g \\ h";
    let escaped = super::escape_markdown(text);
    let events: Vec<Event<'_>> = Parser::new(&escaped).collect();
    let plain: String = events
        .iter()
        .filter_map(|e| match e {
            Event::Text(t) => Some(t.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(plain, text, "{events:?}");
    assert!(
        events.iter().all(|e| matches!(
            e,
            Event::Text(_)
                | Event::Start(pulldown_cmark::Tag::Paragraph)
                | Event::End(pulldown_cmark::TagEnd::Paragraph)
        )),
        "{events:?}"
    );
}
