//! The reports' Markdown as HTML for the page: CommonMark with tables, every piece of
//! text escaped. What the Markdown holds comes partly from the GM's files (names, a
//! tavern's lines, bets as typed), so HTML in it is shown as text, a link or a picture as
//! its words, and a wide table scrolls inside its own box on a narrow screen.

use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

fn parser(text: &str) -> Parser<'_> {
    Parser::new_ext(text, Options::ENABLE_TABLES)
}

/// The level of the Markdown's largest heading (1 for `#`), if it has any.
pub(super) fn top_level(text: &str) -> Option<usize> {
    parser(text)
        .filter_map(|e| match e {
            Event::Start(Tag::Heading { level, .. }) => Some(level as usize),
            _ => None,
        })
        .min()
}

/// A heading level raised by `up` (`###` raised by 1 is `<h2>`), at most to `<h1>`.
fn raised(level: HeadingLevel, up: usize) -> HeadingLevel {
    let n = (level as usize).saturating_sub(up).max(1);
    HeadingLevel::try_from(n).unwrap_or(HeadingLevel::H1)
}

/// The Markdown as HTML, each heading raised by `up` levels.
pub(super) fn to_html(text: &str, up: usize) -> String {
    let events = parser(text).flat_map(|event| {
        let out: Vec<Event<'_>> = match event {
            // Whatever HTML the text holds is shown, never read.
            Event::Html(raw) | Event::InlineHtml(raw) => vec![Event::Text(raw)],
            Event::Start(Tag::Link { .. } | Tag::Image { .. })
            | Event::End(TagEnd::Link | TagEnd::Image) => Vec::new(),
            Event::Start(Tag::Heading {
                level,
                id,
                classes,
                attrs,
            }) => vec![Event::Start(Tag::Heading {
                level: raised(level, up),
                id,
                classes,
                attrs,
            })],
            Event::End(TagEnd::Heading(level)) => {
                vec![Event::End(TagEnd::Heading(raised(level, up)))]
            }
            Event::Start(Tag::Table(align)) => vec![
                Event::Html(CowStr::Borrowed("<div class=\"wide\">")),
                Event::Start(Tag::Table(align)),
            ],
            Event::End(TagEnd::Table) => vec![
                Event::End(TagEnd::Table),
                Event::Html(CowStr::Borrowed("</div>\n")),
            ],
            other => vec![other],
        };
        out
    });
    let mut html = String::with_capacity(text.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, events);
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_and_links_in_the_text_are_shown_as_words() {
        let html = to_html(
            "## <script>alert(1)</script> v Bo\n\nSee [here](javascript:alert(1)) and <img src=x onerror=alert(1)>, <https://example.com>.\n",
            1,
        );
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(!html.contains("href"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
        assert!(html.starts_with("<h1>"), "{html}");
    }

    #[test]
    fn a_table_is_wrapped_to_scroll_and_headings_are_raised() {
        let md = "### Game 1\n\n| A | B |\n|---|---|\n| 1 | 2 |\n";
        assert_eq!(top_level(md), Some(3));
        let html = to_html(md, 2);
        assert!(html.contains("<h1>Game 1</h1>"), "{html}");
        assert!(
            html.contains("<div class=\"wide\"><table>") && html.contains("</table>\n</div>"),
            "{html}"
        );
    }
}
