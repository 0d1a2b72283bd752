//! Posting to a Discord webhook (`--post URL`): each message once, in order, as JSON or
//! (with the picture) as `multipart/form-data`; a `429` waits as long as Discord asks and
//! sends again; any other failure stops, and only messages Discord acknowledged are
//! counted as sent. The webhook's address holds its secret token: no message names more
//! of it than its host.

use std::time::Duration;

use serde_json::Value;

/// A webhook's address, checked: `http://` or `https://` with a host.
#[derive(Clone, Debug)]
pub struct Webhook {
    url: String,
    host: String,
}

impl std::str::FromStr for Webhook {
    type Err = super::Error;

    fn from_str(text: &str) -> Result<Webhook, super::Error> {
        let bad = |why: &str| super::Error::Argument {
            flag: "--post",
            message: format!("--post takes a Discord webhook's address ({why})"),
        };
        let uri: ureq::http::Uri = text.trim().parse().map_err(|_| {
            bad("this is not a web address: it starts https://discord.com/api/webhooks/")
        })?;
        if !matches!(uri.scheme_str(), Some("https" | "http")) {
            return Err(bad(
                "an https:// address, such as https://discord.com/api/webhooks/ID/TOKEN",
            ));
        }
        let Some(host) = uri.host().filter(|h| !h.is_empty()) else {
            return Err(bad("this address names no host"));
        };
        Ok(Webhook {
            url: text.trim().to_owned(),
            host: host.to_owned(),
        })
    }
}

impl Webhook {
    /// The host, to name in messages (never the token).
    #[must_use]
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The address asked of: Discord answers with the message it made (`wait=true`),
    /// so that an answer means the message is there.
    fn target(&self) -> String {
        let join = if self.url.contains('?') { '&' } else { '?' };
        format!("{}{join}wait=true", self.url)
    }
}

/// How long to bear Discord's rate limits.
#[derive(Clone, Copy, Debug)]
pub struct Patience {
    /// How many `429`s in all, over every message, before giving up.
    pub retries: u32,
    /// The longest wait taken for one `429`; asked to wait longer, give up.
    pub longest_wait: Duration,
}

impl Default for Patience {
    fn default() -> Self {
        Patience {
            retries: 8,
            longest_wait: Duration::from_secs(60),
        }
    }
}

/// A file sent with a message: its name and bytes.
#[derive(Clone, Copy, Debug)]
pub struct Attachment<'a> {
    /// The name the embed refers to (`attachment://NAME`).
    pub name: &'a str,
    /// A PNG's bytes.
    pub bytes: &'a [u8],
}

/// Why the messages were not all posted: how many were, and why the next was not.
#[derive(Debug, thiserror::Error)]
#[error("{why}; {sent} of {total} messages were posted")]
pub struct PostError {
    /// The messages Discord acknowledged.
    pub sent: usize,
    /// The messages there were to post.
    pub total: usize,
    /// Why the next was not, as a clause.
    pub why: String,
}

/// Posts each payload to the webhook in order, `attachment` with the last; how many
/// were posted (all of them).
///
/// # Errors
/// The first message Discord did not acknowledge (after waiting out its `429`s), with
/// how many were posted before it.
pub fn post(
    hook: &Webhook,
    payloads: &[Value],
    attachment: Option<Attachment<'_>>,
    patience: Patience,
) -> Result<usize, PostError> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .user_agent(concat!("taproom/", env!("CARGO_PKG_VERSION")))
        .build()
        .into();
    let mut retries = 0;
    for (i, payload) in payloads.iter().enumerate() {
        let file = attachment.filter(|_| i + 1 == payloads.len());
        let (content_type, body) = body(payload, file);
        let fail = |why: String| PostError {
            sent: i,
            total: payloads.len(),
            why: format!(
                "message {} of {} was not posted: {why}",
                i + 1,
                payloads.len()
            ),
        };
        loop {
            let mut answer = agent
                .post(hook.target())
                .header("Content-Type", &content_type)
                .send(&body[..])
                .map_err(|e| fail(format!("{} could not be reached ({e})", hook.host())))?;
            let status = answer.status().as_u16();
            if (200..300).contains(&status) {
                break;
            }
            let header = answer
                .headers()
                .get("retry-after")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<f64>().ok());
            let text = answer.body_mut().read_to_string().unwrap_or_default();
            if status != 429 {
                return Err(fail(refusal(status, &text)));
            }
            retries += 1;
            let wait = retry_after(&text, header);
            if retries > patience.retries {
                return Err(fail(format!(
                    "Discord still limits the rate after {} waits",
                    patience.retries
                )));
            }
            if wait > patience.longest_wait {
                return Err(fail(format!(
                    "Discord asks to wait {:.0} s, longer than taproom waits ({} s)",
                    wait.as_secs_f64(),
                    patience.longest_wait.as_secs()
                )));
            }
            std::thread::sleep(wait);
        }
    }
    Ok(payloads.len())
}

/// The request's content type and body: the JSON alone, or with a file, the JSON as
/// `payload_json` and the file as `files[0]` in `multipart/form-data`.
fn body(payload: &Value, file: Option<Attachment<'_>>) -> (String, Vec<u8>) {
    let json = payload.to_string();
    let Some(file) = file else {
        return ("application/json".to_owned(), json.into_bytes());
    };
    // A boundary that no JSON text nor PNG is likely to hold, checked all the same.
    let mut boundary = String::from("taproom-boundary-7d1f3a9c");
    while json.contains(&boundary) || contains(file.bytes, boundary.as_bytes()) {
        boundary.push('x');
    }
    let mut body = Vec::new();
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\
             Content-Type: application/json\r\n\r\n{json}\r\n--{boundary}\r\n\
             Content-Disposition: form-data; name=\"files[0]\"; filename=\"{}\"\r\n\
             Content-Type: image/png\r\n\r\n",
            file.name
        )
        .as_bytes(),
    );
    body.extend_from_slice(file.bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// Whether `hay` holds `needle`.
fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// How long a `429` asks to wait: `retry_after` (seconds) in its JSON body, else its
/// `Retry-After` header, else a second.
fn retry_after(body: &str, header: Option<f64>) -> Duration {
    let seconds = serde_json::from_str::<Value>(body)
        .ok()
        .and_then(|v| v["retry_after"].as_f64())
        .or(header)
        .filter(|s| s.is_finite() && *s >= 0.0)
        .unwrap_or(1.0);
    Duration::from_secs_f64(seconds.min(86_400.0))
}

/// `text` cut to at most `limit` characters, an ellipsis marking a cut.
fn clipped(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        return text.to_owned();
    }
    let mut out: String = text.chars().take(limit - 1).collect();
    out.push('…');
    out
}

/// A refusal in words: the status and Discord's own message, when it gave one.
fn refusal(status: u16, body: &str) -> String {
    let said = serde_json::from_str::<Value>(body)
        .ok()
        .and_then(|v| v["message"].as_str().map(str::to_owned))
        .map(|m| clipped(m.trim(), 200));
    let reason = ureq::http::StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .unwrap_or("");
    match said {
        Some(m) if !m.is_empty() => format!("Discord answered {status} {reason} ({m})"),
        _ => format!("Discord answered {status} {reason}")
            .trim_end()
            .to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_webhook_is_an_http_or_https_address_with_a_host() {
        assert!(
            "https://discord.com/api/webhooks/1/abc"
                .parse::<Webhook>()
                .is_ok()
        );
        assert!("http://127.0.0.1:8080/hook".parse::<Webhook>().is_ok());
        for bad in ["discord", "ftp://example.com/x", "", "https://"] {
            let e = bad.parse::<Webhook>().unwrap_err().to_string();
            assert!(
                e.starts_with("--post takes a Discord webhook's address"),
                "{bad}: {e}"
            );
        }
    }

    #[test]
    fn the_wait_asks_for_an_answer_after_any_query() {
        let hook: Webhook = "https://h/w?thread_id=5".parse().unwrap();
        assert_eq!(hook.target(), "https://h/w?thread_id=5&wait=true");
    }

    #[test]
    fn a_429_waits_as_its_body_says_else_as_its_header() {
        assert_eq!(
            retry_after(r#"{"retry_after": 0.25}"#, Some(9.0)).as_millis(),
            250
        );
        assert_eq!(retry_after("not json", Some(2.0)).as_secs(), 2);
        assert_eq!(retry_after("", None).as_secs(), 1);
    }
}
