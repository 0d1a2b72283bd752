//! The messages as a Discord webhook takes them (`--post`): one embed a message, the
//! first with the title, the last with the result's fields, the picture and a footer,
//! each within Discord's documented limits ("Embed Limits", "Execute Webhook").

use serde_json::{Value, json};

/// The most characters of an embed's title.
pub const TITLE: usize = 256;
/// The most characters of an embed's description.
pub const DESCRIPTION: usize = 4096;
/// The most fields of an embed.
pub const FIELDS: usize = 25;
/// The most characters of a field's name.
pub const FIELD_NAME: usize = 256;
/// The most characters of a field's value.
pub const FIELD_VALUE: usize = 1024;
/// The most characters of an embed's footer.
pub const FOOTER: usize = 2048;
/// The most characters of all the embeds of one message together.
pub const EMBEDS_TOTAL: usize = 6000;

/// The colour of taproom's embeds: the amber of a tavern's lamp.
pub const COLOUR: u32 = 0x00C8_8A2E;

/// The name of the picture attached to the last message.
pub const PICTURE: &str = "board.png";

/// What frames the messages when posted.
#[derive(Clone, Debug, Default)]
pub struct Card {
    /// The first embed's title (the match's, the evening's).
    pub title: String,
    /// The last embed's footer: the seed and the replay line where the view shows them.
    pub footer: String,
    /// The last embed's fields: the result at a glance, as (name, value).
    pub fields: Vec<(String, String)>,
    /// Whether a picture ([`PICTURE`]) is attached to the last message and shown in its
    /// embed.
    pub picture: bool,
}

/// The JSON body of each message to post (`payload_json` when a file goes with it): an
/// embed whose description is the message (the first message's heading is the title's
/// now), no content, and no mentions parsed, so that no name in the telling pings anyone.
#[must_use]
pub fn payloads(messages: &[String], card: &Card) -> Vec<Value> {
    let last = messages.len().saturating_sub(1);
    messages
        .iter()
        .enumerate()
        .map(|(i, message)| {
            let mut embed = json!({ "color": COLOUR });
            let mut text = message.as_str();
            if i == 0 && !card.title.is_empty() {
                embed["title"] = json!(clip(&card.title, TITLE));
                // The title says what the heading said.
                if let Some((heading, rest)) = text.split_once('\n')
                    && heading.starts_with('#')
                    && !rest.trim().is_empty()
                {
                    text = rest;
                }
            }
            embed["description"] = json!(clip(text.trim_start_matches('\n'), DESCRIPTION));
            let mut payload = json!({ "allowed_mentions": { "parse": [] } });
            if i == last {
                finish(&mut embed, card);
                if card.picture {
                    embed["image"] = json!({ "url": format!("attachment://{PICTURE}") });
                    payload["attachments"] = json!([{ "id": 0, "filename": PICTURE }]);
                }
            }
            payload["embeds"] = json!([embed]);
            payload
        })
        .collect()
}

/// The last embed's footer and fields: as many fields as the embeds' total leaves room
/// for.
fn finish(embed: &mut Value, card: &Card) {
    let footer = clip(&card.footer, FOOTER);
    let mut used = chars(&embed["title"]) + chars(&embed["description"]) + footer.chars().count();
    let mut fields = Vec::new();
    for (name, value) in card.fields.iter().take(FIELDS) {
        let name = clip(name, FIELD_NAME);
        let value = clip(value, FIELD_VALUE);
        let size = name.chars().count() + value.chars().count();
        if name.trim().is_empty() || value.trim().is_empty() {
            // Discord refuses a field with nothing in it.
            continue;
        }
        if used + size > EMBEDS_TOTAL {
            break;
        }
        used += size;
        fields.push(json!({ "name": name, "value": value, "inline": true }));
    }
    if !fields.is_empty() {
        embed["fields"] = json!(fields);
    }
    if !footer.is_empty() {
        embed["footer"] = json!({ "text": footer });
    }
}

/// The characters of a JSON string (none for anything else).
fn chars(value: &Value) -> usize {
    value.as_str().map_or(0, |s| s.chars().count())
}

/// `text` within `limit` characters (UTF-16 units, as Discord counts): whole, or cut
/// with an ellipsis at its end; never empty where a name or value must not be.
#[must_use]
pub fn clip(text: &str, limit: usize) -> String {
    if super::length(text) <= limit {
        return text.to_owned();
    }
    let mut out = String::new();
    for c in text.chars() {
        if super::length(&out) + c.len_utf16() + 1 > limit {
            break;
        }
        out.push(c);
    }
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_title_is_clipped_with_an_ellipsis() {
        let title = "x".repeat(300);
        let p = payloads(
            &["m".to_owned()],
            &Card {
                title,
                ..Card::default()
            },
        );
        let t = p[0]["embeds"][0]["title"].as_str().unwrap();
        assert_eq!(t.chars().count(), 256);
        assert!(t.ends_with('…'));
    }

    #[test]
    fn only_the_last_message_carries_the_footer_fields_and_picture() {
        let card = Card {
            title: "T".to_owned(),
            footer: "Seed 7".to_owned(),
            fields: vec![("Pip".to_owned(), "2 wins".to_owned())],
            picture: true,
        };
        let p = payloads(&["## T\none".to_owned(), "two".to_owned()], &card);
        assert_eq!(
            p[0]["embeds"][0]["description"], "one",
            "the heading is the title"
        );
        assert!(p[0]["embeds"][0]["footer"].is_null());
        assert!(p[0]["attachments"].is_null());
        assert_eq!(p[1]["embeds"][0]["footer"]["text"], "Seed 7");
        assert_eq!(p[1]["embeds"][0]["image"]["url"], "attachment://board.png");
        assert_eq!(p[1]["embeds"][0]["fields"][0]["value"], "2 wins");
        assert!(
            p.iter()
                .all(|m| m["allowed_mentions"]["parse"] == json!([]))
        );
    }

    #[test]
    fn fields_stop_where_the_embeds_total_would_pass_6000() {
        // 30 fields of 1,024 + 1 characters each: the first 25 alone pass 6,000.
        let fields = (0..30).map(|i| (i.to_string(), "v".repeat(1100))).collect();
        let card = Card {
            fields,
            ..Card::default()
        };
        let p = payloads(&["d".repeat(2000)], &card);
        let e = &p[0]["embeds"][0];
        let total: usize = 2000
            + e["fields"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| chars(&f["name"]) + chars(&f["value"]))
                .sum::<usize>();
        assert!(total <= 6000, "{total}");
        assert_eq!(
            e["fields"].as_array().unwrap().len(),
            3,
            "(6000 - 2000) / 1025"
        );
    }
}
