//! Discord (issue 43, point 1): `--format discord` cuts the telling into messages within
//! Discord's limits, tables fenced and narrow, in the players' view by default; `--post`
//! sends them to a webhook, which a local HTTP server stands in for here, checking every
//! request against Discord's documented limits (the numbers below are written from
//! Discord's developer documentation, "Execute Webhook" and "Embed Limits", not taken from
//! taproom), the multipart upload of the board and the `429` answer. No network but the
//! loopback.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::Taproom;

/// What the webhook took: the request's address, content type, body and when it came.
#[derive(Clone, Debug)]
struct Seen {
    url: String,
    content_type: String,
    body: Vec<u8>,
    at: Instant,
}

/// A webhook on the loopback that answers request `i` with `answers[i]` (status, JSON
/// body), and 200 after them, and keeps every request.
struct Hook {
    url: String,
    seen: Arc<Mutex<Vec<Seen>>>,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Hook {
    fn new(answers: Vec<(u16, &'static str)>) -> Hook {
        let server = tiny_http::Server::http("127.0.0.1:0").expect("a port on the loopback");
        let port = server.server_addr().to_ip().expect("an IP address").port();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (kept, stopped) = (Arc::clone(&seen), Arc::clone(&stop));
        let thread = std::thread::spawn(move || {
            while !stopped.load(Ordering::SeqCst) {
                let Ok(Some(mut request)) = server.recv_timeout(Duration::from_millis(50)) else {
                    continue;
                };
                let mut body = Vec::new();
                request.as_reader().read_to_end(&mut body).expect("a body");
                let content_type = request
                    .headers()
                    .iter()
                    .find(|h| h.field.equiv("Content-Type"))
                    .map(|h| h.value.to_string())
                    .unwrap_or_default();
                let mut kept = kept.lock().expect("the requests");
                let (status, text) = answers.get(kept.len()).copied().unwrap_or((200, "{}"));
                kept.push(Seen {
                    url: request.url().to_owned(),
                    content_type,
                    body,
                    at: Instant::now(),
                });
                drop(kept);
                let json = tiny_http::Header::from_bytes("Content-Type", "application/json");
                let mut answer = tiny_http::Response::from_string(text)
                    .with_status_code(status)
                    .with_header(json.expect("a header"));
                if status == 429 {
                    // The header says far longer than the body: the body is what counts.
                    let later = tiny_http::Header::from_bytes("Retry-After", "30");
                    answer = answer.with_header(later.expect("a header"));
                }
                let _ = request.respond(answer);
            }
        });
        Hook {
            url: format!("http://127.0.0.1:{port}/api/webhooks/1/secret-token"),
            seen,
            stop,
            thread: Some(thread),
        }
    }

    fn seen(&self) -> Vec<Seen> {
        self.seen.lock().expect("the requests").clone()
    }
}

impl Drop for Hook {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Characters as Discord counts them (UTF-16 units, as its JavaScript does).
fn units(text: &str) -> usize {
    text.encode_utf16().count()
}

/// The length of a string field of `v`, 0 when there is none.
fn len(v: &Value) -> usize {
    v.as_str().map_or(0, units)
}

/// The PNG file signature (PNG specification, 5.2).
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";

/// A request as Discord reads it: its JSON payload, and the file sent with it (name,
/// bytes), after checking the multipart form when there is one.
fn payload(seen: &Seen) -> (Value, Option<(String, Vec<u8>)>) {
    assert!(seen.url.contains("wait=true"), "{}", seen.url);
    if seen.content_type == "application/json" {
        return (serde_json::from_slice(&seen.body).expect("JSON"), None);
    }
    let boundary = seen
        .content_type
        .strip_prefix("multipart/form-data; boundary=")
        .unwrap_or_else(|| panic!("a content type Discord takes: {}", seen.content_type));
    let mut json = None;
    let mut file = None;
    let body = &seen.body;
    let marker = format!("--{boundary}");
    let starts: Vec<usize> = (0..body.len())
        .filter(|&i| body[i..].starts_with(marker.as_bytes()))
        .collect();
    assert!(
        body[*starts.last().expect("parts")..].starts_with(format!("{marker}--").as_bytes()),
        "the form is closed"
    );
    for pair in starts.windows(2) {
        let part = &body[pair[0] + marker.len() + 2..pair[1] - 2];
        let split = part
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a part's headers end");
        let head = String::from_utf8_lossy(&part[..split]).to_string();
        let data = part[split + 4..].to_vec();
        if head.contains("name=\"payload_json\"") {
            json = Some(serde_json::from_slice::<Value>(&data).expect("payload_json is JSON"));
        } else if head.contains("name=\"files[0]\"") {
            let name = head
                .split("filename=\"")
                .nth(1)
                .and_then(|r| r.split('"').next())
                .expect("a file name")
                .to_owned();
            assert!(head.contains("Content-Type: image/png"), "{head}");
            file = Some((name, data));
        } else {
            panic!("a part Discord does not take: {head}");
        }
    }
    (json.expect("a payload_json part"), file)
}

/// Checks a message's payload against Discord's documented limits; its embeds'
/// descriptions.
fn within_limits(p: &Value) -> Vec<String> {
    assert_eq!(p["allowed_mentions"]["parse"], serde_json::json!([]), "{p}");
    assert!(len(&p["content"]) <= 2000, "content");
    let embeds = p["embeds"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    assert!(embeds.len() <= 10, "at most 10 embeds");
    let mut total = 0;
    for e in embeds {
        let fields = e["fields"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default();
        assert!(len(&e["title"]) <= 256, "title");
        assert!(len(&e["description"]) <= 4096, "description");
        assert!(fields.len() <= 25, "fields");
        assert!(len(&e["footer"]["text"]) <= 2048, "footer");
        assert!(e["color"].is_u64(), "a colour is an integer: {e}");
        total += len(&e["title"]) + len(&e["description"]) + len(&e["footer"]["text"]);
        for f in fields {
            assert!((1..=256).contains(&len(&f["name"])), "a field's name: {f}");
            assert!(
                (1..=1024).contains(&len(&f["value"])),
                "a field's value: {f}"
            );
            total += len(&f["name"]) + len(&f["value"]);
        }
    }
    assert!(total <= 6000, "all embeds of a message: {total}");
    embeds
        .iter()
        .map(|e| e["description"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// Checks every request the webhook took: within the limits, the board a PNG sent as
/// `files[0]` and shown by its embed. The embeds' descriptions, in order, and how many
/// pictures there were.
fn check_all(seen: &[Seen]) -> (Vec<String>, usize) {
    let mut descriptions = Vec::new();
    let mut pictures = 0;
    for s in seen {
        let (p, file) = payload(s);
        descriptions.extend(within_limits(&p));
        if let Some((name, bytes)) = file {
            pictures += 1;
            assert!(bytes.starts_with(PNG), "files[0] is a PNG");
            let shown = format!("attachment://{name}");
            assert!(
                p["embeds"]
                    .as_array()
                    .expect("embeds")
                    .iter()
                    .any(|e| e["image"]["url"] == shown.as_str()),
                "an embed shows {shown}: {p}"
            );
        }
    }
    (descriptions, pictures)
}

/// The messages printed by `--format discord`, between the separator lines.
fn printed(stdout: &str) -> Vec<String> {
    let mut messages: Vec<String> = Vec::new();
    let mut expected = 1;
    for line in stdout.lines() {
        if line.starts_with("-----8<----- message ") {
            let (n, total) = line
                .trim_start_matches("-----8<----- message ")
                .trim_end_matches(" -----8<-----")
                .split_once(" of ")
                .expect("message N of M");
            assert_eq!(n.parse::<usize>().ok(), Some(expected), "{line}");
            assert!(total.parse::<usize>().expect("a count") >= expected);
            expected += 1;
            messages.push(String::new());
        } else {
            let m = messages
                .last_mut()
                .expect("a separator before the first message");
            if !m.is_empty() {
                m.push('\n');
            }
            m.push_str(line);
        }
    }
    messages
}

/// Checks each message: at most 2,000 characters, every fenced block opened and closed
/// in it, and its lines within 40 columns.
fn valid(messages: &[String]) {
    assert!(!messages.is_empty());
    for m in messages {
        assert!(units(m) <= 2000, "{} characters: {m}", units(m));
        let mut open = false;
        for line in m.lines() {
            if line.starts_with("```") {
                open = !open;
            } else if open {
                assert!(line.chars().count() <= 40, "wider than a phone: {line}");
            } else {
                assert!(!line.starts_with('|'), "no Markdown table: {line}");
            }
        }
        assert!(!open, "a fenced block left open: {m}");
    }
}

/// Every game at every table size it is played at, with Mirela (who cheats).
const TABLES: [(&str, &[&str]); 7] = [
    ("tides", &["Brannoc", "Mirela"]),
    ("kiust", &["Pip", "Mirela"]),
    ("dogfight", &["Pip", "Mirela"]),
    ("pic", &["Pip", "Mirela"]),
    ("pic", &["Pip", "Mirela", "Brannoc"]),
    ("pic", &["Pip", "Mirela", "Brannoc", "Hrodgar"]),
    ("pic", &["Pip", "Mirela", "Brannoc", "Hrodgar", "Ysolde"]),
];

fn play(game: &str, players: &[&str], more: &[&str]) -> crate::common::Output {
    let mut args = vec!["play", game];
    args.extend(players);
    args.extend(["--seed", "11"]);
    args.extend(more);
    Taproom::new().args(args).ok()
}

#[test]
fn every_game_prints_valid_messages_and_posts_them_with_its_board() {
    for (game, players) in TABLES {
        let what = format!("{game} {players:?}");
        let messages = printed(&play(game, players, &["--format", "discord"]).stdout);
        valid(&messages);
        let hook = Hook::new(Vec::new());
        let out = play(game, players, &["--post", &hook.url, "--narrate", "full"]);
        assert!(out.stdout.contains('┌'), "{what}: stdout as --format says");
        let seen = hook.seen();
        let (descriptions, pictures) = check_all(&seen);
        assert_eq!(pictures, 1, "{what}: the board, once");
        assert_eq!(descriptions.len(), seen.len(), "{what}: an embed a message");
        valid(&descriptions);
        assert!(
            out.stderr
                .contains(&format!("Posted {0} of {0} messages", seen.len())),
            "{what}: {}",
            out.stderr
        );
        assert!(
            !out.stderr.contains("secret-token"),
            "the token stays secret"
        );
    }
}

#[test]
fn a_long_evening_splits_into_valid_messages_and_no_table_straddles_two() {
    for view in ["players", "gm"] {
        let out = Taproom::new()
            .args(["night", "examples/evening.toml", "--format", "discord"])
            .args(["--view", view, "--narrate", "full"])
            .ok();
        let messages = printed(&out.stdout);
        assert!(messages.len() > 3, "a long evening: {}", messages.len());
        valid(&messages);
        // The evening's three matches, each under its heading once.
        for i in 1..=3 {
            let heading = format!("## Match {i} of 3");
            let n = messages
                .iter()
                .flat_map(|m| m.lines())
                .filter(|l| *l == heading);
            assert_eq!(n.count(), 1, "{heading}");
        }
        assert!(
            !out.stdout.contains("Nothing written"),
            "the GM's note stays home"
        );
    }
}

#[test]
fn sit_and_history_print_valid_messages() {
    let sit = Taproom::new()
        .args(["sit", "tides", "Brannoc", "--as", "Ysolde", "--seed", "7"])
        .args(["--best-of", "1", "--format", "discord"])
        .ok();
    let from = sit
        .stdout
        .find("-----8<-----")
        .expect("messages after the play");
    let messages = printed(&sit.stdout[from..]);
    valid(&messages);
    assert!(
        messages.concat().contains("replays this match"),
        "sit's replay"
    );
    let history = Taproom::new()
        .args(["history", "examples/chronicle", "--format", "discord"])
        .ok();
    let messages = printed(&history.stdout);
    valid(&messages);
    assert!(
        messages.concat().contains("```"),
        "the standings as a block"
    );
}

#[test]
fn a_429_waits_as_asked_and_each_message_is_sent_once() {
    let hook = Hook::new(vec![(
        429,
        r#"{"message": "You are being rate limited.", "retry_after": 0.3, "global": false}"#,
    )]);
    let out = Taproom::new()
        .args(["night", "examples/evening.toml", "--post", &hook.url])
        .ok();
    let seen = hook.seen();
    let (descriptions, pictures) = check_all(&seen);
    assert_eq!(pictures, 1);
    // The first message twice (refused, then taken), every other once.
    assert_eq!(seen[0].body, seen[1].body, "the refused message again");
    assert!(
        seen[1].at - seen[0].at >= Duration::from_millis(300),
        "waited as retry_after says"
    );
    assert!(
        seen[1].at - seen[0].at < Duration::from_secs(20),
        "the body's retry_after, not the header's 30 s"
    );
    let sent = seen.len() - 1;
    assert_eq!(descriptions[1..].len(), sent);
    let unique: std::collections::HashSet<&Vec<u8>> = seen[1..].iter().map(|s| &s.body).collect();
    assert_eq!(unique.len(), sent, "no message twice");
    let printed_count = printed(
        &Taproom::new()
            .args(["night", "examples/evening.toml", "--format", "discord"])
            .ok()
            .stdout,
    )
    .len();
    assert_eq!(sent, printed_count, "every message printed is posted");
    assert!(
        out.stderr
            .contains(&format!("Posted {sent} of {sent} messages")),
        "{}",
        out.stderr
    );
}

#[test]
fn a_refused_message_is_one_sentence_and_nothing_after_it_is_counted() {
    let printed_count = printed(
        &Taproom::new()
            .args(["night", "examples/evening.toml", "--format", "discord"])
            .ok()
            .stdout,
    )
    .len();
    for (answers, status, sent) in [
        (
            vec![(200, "{}"), (500, r#"{"message": "Internal"}"#)],
            "500",
            1,
        ),
        (
            vec![(404, r#"{"message": "Unknown Webhook", "code": 10015}"#)],
            "404",
            0,
        ),
    ] {
        let hook = Hook::new(answers);
        let out = Taproom::new()
            .args(["night", "examples/evening.toml", "--post", &hook.url])
            .run();
        assert_ne!(out.code, 0, "{}", out.stderr);
        assert_eq!(
            out.stderr.trim().lines().count(),
            1,
            "one sentence: {}",
            out.stderr
        );
        assert!(out.stderr.contains(status), "{}", out.stderr);
        assert!(
            out.stderr
                .contains(&format!("{sent} of {printed_count} messages were posted")),
            "{}",
            out.stderr
        );
        assert!(
            !out.stderr.contains("secret-token"),
            "the token stays secret"
        );
        assert_eq!(
            hook.seen().len(),
            sent + 1,
            "nothing sent after the refusal"
        );
    }
}

#[test]
fn a_post_address_that_is_no_address_is_refused_before_anything_is_played() {
    for bad in ["discord", "ftp://example.com/hook", "https://"] {
        let out = Taproom::new()
            .args(["play", "tides", "Brannoc", "Mirela", "--post", bad])
            .fails(&["--post"]);
        assert!(out.stdout.is_empty(), "nothing played: {}", out.stdout);
        assert_eq!(out.stderr.trim().lines().count(), 1, "{}", out.stderr);
    }
}

#[test]
fn posting_writes_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let hook = Hook::new(Vec::new());
    Taproom::new()
        .current_dir(dir.path())
        .args(["play", "pic", "Pip", "Mirela", "Hrodgar", "--seed", "3"])
        .args(["--post", &hook.url])
        .ok();
    assert!(!hook.seen().is_empty());
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}

/// The GM's heading over the lines of cheats nobody saw (tests/cli/secrets.rs).
const SECRETS: &str = "For the GM alone (the table never saw it)";

/// A seed of Pip against Mirela at Tides of War whose telling has a line for the GM
/// alone, with that line, read from the JSON's `gm_only`.
fn secret() -> (String, String) {
    for seed in 1..=150 {
        let seed = seed.to_string();
        let json = Taproom::new()
            .args([
                "play", "tides", "Pip", "Mirela", "--seed", &seed, "--format", "json",
            ])
            .ok()
            .stdout;
        let doc: Value = serde_json::from_str(&json).unwrap();
        for scene in doc["scenes"].as_array().unwrap() {
            if let Some(i) = scene["gm_only"].as_array().and_then(|g| g.first()) {
                let i = usize::try_from(i.as_u64().unwrap()).unwrap();
                return (seed, scene["lines"][i].as_str().unwrap().to_owned());
            }
        }
    }
    panic!("no seed with a line for the GM alone");
}

#[test]
fn the_players_view_is_the_default_and_the_gm_s_only_when_asked() {
    let (seed, line) = secret();
    // Markdown escapes a few characters; the line's longest plain word stands for it.
    let word = line
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .max_by_key(|w| w.len())
        .unwrap()
        .to_owned();
    let base = ["play", "tides", "Pip", "Mirela", "--seed", &seed];
    let told = |more: &[&str]| {
        let out = Taproom::new().args(base).args(more).ok().stdout;
        printed(&out).join("\n")
    };
    let players = told(&["--format", "discord"]);
    let gm = told(&["--format", "discord", "--view", "gm"]);
    assert!(!players.contains(SECRETS) && gm.contains(SECRETS));
    assert!(!players.contains("skill"), "no skills in the players' view");
    assert!(
        gm.contains(&format!("Seed {seed} replays")),
        "the GM's replay line"
    );
    let after = |text: &str| {
        text.split(SECRETS)
            .nth(1)
            .unwrap_or_default()
            .contains(&word)
    };
    assert!(after(&gm), "{word} in the GM's lines: {gm}");
    // Posted: the players' view unless --view gm.
    for (more, shown) in [(&[][..], false), (&["--view", "gm"][..], true)] {
        let hook = Hook::new(Vec::new());
        Taproom::new()
            .args(base)
            .args(["--post", &hook.url])
            .args(more)
            .ok();
        let seen = hook.seen();
        let (descriptions, _) = check_all(&seen);
        let all = descriptions.join("\n");
        assert_eq!(all.contains(SECRETS), shown, "{more:?}");
        let (last, _) = payload(seen.last().unwrap());
        let footer = last["embeds"][0]["footer"]["text"]
            .as_str()
            .unwrap_or_default();
        assert_eq!(footer.contains(&format!("Seed {seed}")), shown, "{footer}");
    }
}

#[test]
fn rate_limits_past_taproom_s_patience_stop_with_one_sentence() {
    // Asked to wait an hour: taproom waits at most a minute, so it stops at once.
    let hour = r#"{"message": "You are being rate limited.", "retry_after": 3600.0}"#;
    let hook = Hook::new(vec![(429, hour)]);
    let started = Instant::now();
    let out = Taproom::new()
        .args([
            "play", "kiust", "Pip", "Mirela", "--seed", "4", "--post", &hook.url,
        ])
        .run();
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "no hour's wait"
    );
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(out.stderr.trim().lines().count(), 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("3600 s") && out.stderr.contains(" 0 of "),
        "{}",
        out.stderr
    );
    assert_eq!(hook.seen().len(), 1);
    // Limited again and again: eight waits in all, then it stops.
    let short = r#"{"retry_after": 0.01}"#;
    let hook = Hook::new(vec![(429, short); 20]);
    let out = Taproom::new()
        .args([
            "play", "kiust", "Pip", "Mirela", "--seed", "4", "--post", &hook.url,
        ])
        .run();
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("after 8 waits"), "{}", out.stderr);
    assert_eq!(hook.seen().len(), 9, "the first try and eight more");
}

#[test]
fn sit_and_history_post_within_the_limits() {
    let hook = Hook::new(Vec::new());
    Taproom::new()
        .args([
            "sit", "pic", "Brannoc", "Mirela", "--as", "Ysolde", "--seed", "7",
        ])
        .args(["--best-of", "1", "--post", &hook.url])
        .ok();
    let seen = hook.seen();
    let (descriptions, pictures) = check_all(&seen);
    assert_eq!(pictures, 1, "the board");
    valid(&descriptions);
    let (last, _) = payload(seen.last().unwrap());
    let footer = last["embeds"][0]["footer"]["text"].as_str().unwrap();
    assert!(
        footer.contains("< /dev/null"),
        "sit's replay line: {footer}"
    );
    let hook = Hook::new(Vec::new());
    Taproom::new()
        .args(["history", "examples/chronicle", "--post", &hook.url])
        .ok();
    let (descriptions, pictures) = check_all(&hook.seen());
    assert_eq!(pictures, 1, "the purse chart");
    valid(&descriptions);
    assert!(descriptions.concat().contains("Standings"));
}
