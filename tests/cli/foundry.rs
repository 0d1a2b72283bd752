//! Foundry VTT (issue 43, point 2): `--format foundry` writes one JSON document of a
//! journal entry and chat messages that parses against a schema of the fields it uses,
//! written here from Foundry's own documentation; what only the GM may know goes only
//! in whispered messages; every message's flags carry the game, the seed and a replay
//! line that plays the same match again; and the macro in `examples/` imports it.
//!
//! The schema's sources (Foundry VTT API documentation, version 14):
//! - JournalEntry: <https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.JournalEntryData.html>
//! - JournalEntryPage: <https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.JournalEntryPageData.html>
//! - its `title`: <https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.JournalEntryPageTitleData.html>
//! - its `text`: <https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.JournalEntryPageTextData.html>
//! - `text.format`: <https://foundryvtt.com/api/enums/foundry.CONST.JOURNAL_ENTRY_PAGE_FORMATS.html>
//!   (HTML 1, MARKDOWN 2, as Foundry's `common/constants.mjs` defines them)
//! - ChatMessage: <https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.ChatMessageData.html>
//! - its `speaker`: <https://foundryvtt.com/api/v8/data.ChatSpeakerData.html>

use crate::common::{Taproom, secret_and_public};

use serde_json::{Value, json};

/// The fields a `JournalEntryPage` may have (JournalEntryPageData).
const PAGE_FIELDS: [&str; 14] = [
    "_id",
    "_stats",
    "category",
    "flags",
    "image",
    "name",
    "ownership",
    "sort",
    "src",
    "system",
    "text",
    "title",
    "type",
    "video",
];

/// taproom's own flags on a chat message.
fn message_flags() -> Value {
    json!({
        "type": "object",
        "required": ["taproom"],
        "additionalProperties": false,
        "properties": {"taproom": {
            "type": "object",
            "required": ["game", "seed", "replay", "match", "gm_only"],
            "additionalProperties": false,
            "properties": {
                "game": {"enum": ["tides-of-war", "pic", "kiust-oyun", "oicustiytac"]},
                "seed": {"type": "integer"},
                "replay": {"type": "string"},
                "match": {"type": "integer"},
                "gm_only": {"type": "boolean"}
            }
        }}
    })
}

/// A page of each kind used: every field one of JournalEntryPageData's.
fn page(kind: &str, required: &[&str], own: Value) -> Value {
    let mut properties = serde_json::Map::new();
    for f in PAGE_FIELDS {
        properties.insert(f.to_owned(), json!({}));
    }
    properties.insert("name".into(), json!({"type": "string"}));
    properties.insert("type".into(), json!({"const": kind}));
    properties.insert(
        "title".into(),
        json!({"type": "object", "additionalProperties": false, "required": ["show", "level"],
               "properties": {"show": {"type": "boolean"}, "level": {"type": "integer"}}}),
    );
    for (k, v) in own.as_object().unwrap() {
        properties.insert(k.clone(), v.clone());
    }
    let mut req = vec!["name", "type", "title"];
    req.extend(required);
    json!({"type": "object", "required": req, "additionalProperties": false,
           "properties": properties})
}

/// The schema of the fields the document uses, from the pages cited above.
fn schema() -> Value {
    let text_page = page(
        "text",
        &["text"],
        json!({"text": {
            "type": "object", "required": ["content", "format"], "additionalProperties": false,
            "properties": {
                "content": {"type": "string"},
                // CONST.JOURNAL_ENTRY_PAGE_FORMATS.HTML; MARKDOWN (2) would want `markdown`.
                "format": {"enum": [1]},
                "markdown": {"type": "string"}
            }
        }}),
    );
    let image_page = page(
        "image",
        &["src"],
        json!({
            "src": {"type": "string"},
            "image": {"type": "object", "additionalProperties": false,
                      "properties": {"caption": {"type": "string"}}},
            "flags": {"type": "object"}
        }),
    );
    let message = json!({
        "type": "object",
        "required": ["content", "speaker", "whisper", "flags"],
        "additionalProperties": false,
        "properties": {
            "_id": {}, "_stats": {}, "blind": {"type": "boolean"}, "content": {"type": "string"},
            "emote": {}, "flags": message_flags(), "flavor": {"type": "string"}, "rolls": {},
            "sound": {}, "speaker": {
                "type": "object", "required": ["alias"], "additionalProperties": false,
                "properties": {"actor": {}, "alias": {"type": "string"}, "scene": {}, "token": {}}
            },
            "style": {}, "system": {}, "timestamp": {}, "title": {}, "type": {}, "user": {},
            "whisper": {"type": "array", "items": {"type": "string"}}
        }
    });
    json!({
        "type": "object",
        "required": ["journal", "messages"],
        "additionalProperties": false,
        "properties": {
            "journal": {
                "type": "object",
                "required": ["name", "pages"],
                "additionalProperties": false,
                "properties": {
                    "_id": {}, "_stats": {}, "categories": {}, "flags": {"type": "object"},
                    "folder": {}, "name": {"type": "string"}, "ownership": {}, "sort": {},
                    "pages": {"type": "array", "minItems": 1,
                              "items": {"oneOf": [text_page, image_page]}}
                }
            },
            "messages": {"type": "array", "minItems": 1, "items": message}
        }
    })
}

/// The keywords of JSON Schema the schema above uses, checked by hand: `type`, `enum`,
/// `const`, `required`, `properties`, `additionalProperties: false`, `items`,
/// `minItems`, `oneOf`. The first fault found, with its path.
fn validate(schema: &Value, doc: &Value, path: &str) -> Result<(), String> {
    let fail = |why: String| Err(format!("{path}: {why}"));
    if let Some(t) = schema.get("type").and_then(Value::as_str) {
        let ok = match t {
            "object" => doc.is_object(),
            "array" => doc.is_array(),
            "string" => doc.is_string(),
            "integer" => doc.is_i64() || doc.is_u64(),
            "boolean" => doc.is_boolean(),
            other => panic!("type {other} is not used"),
        };
        if !ok {
            return fail(format!("not {t}: {doc}"));
        }
    }
    if let Some(options) = schema.get("enum").and_then(Value::as_array)
        && !options.contains(doc)
    {
        return fail(format!("{doc} is none of {options:?}"));
    }
    if let Some(c) = schema.get("const")
        && c != doc
    {
        return fail(format!("{doc} is not {c}"));
    }
    if let Some(obj) = doc.as_object() {
        for r in schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if !obj.contains_key(r.as_str().unwrap()) {
                return fail(format!("no `{r}`"));
            }
        }
        let props = schema.get("properties").and_then(Value::as_object);
        for (k, v) in obj {
            match props.and_then(|p| p.get(k)) {
                Some(s) => validate(s, v, &format!("{path}.{k}"))?,
                None if schema.get("additionalProperties") == Some(&json!(false)) => {
                    return fail(format!("`{k}` is no field of Foundry's"));
                }
                None => {}
            }
        }
    }
    if let Some(items) = doc.as_array() {
        if let Some(min) = schema.get("minItems").and_then(Value::as_u64)
            && (items.len() as u64) < min
        {
            return fail(format!("fewer than {min} items"));
        }
        if let Some(s) = schema.get("items") {
            for (i, item) in items.iter().enumerate() {
                validate(s, item, &format!("{path}[{i}]"))?;
            }
        }
    }
    if let Some(options) = schema.get("oneOf").and_then(Value::as_array) {
        let fits = options
            .iter()
            .filter(|s| validate(s, doc, path).is_ok())
            .count();
        if fits != 1 {
            return fail(format!("fits {fits} of the {} shapes", options.len()));
        }
    }
    Ok(())
}

/// The validator refuses what Foundry's documents would not have.
#[test]
fn the_hand_validator_refuses_what_the_schema_forbids() {
    let good = json!({
        "journal": {"name": "J", "pages": [
            {"name": "P", "type": "text", "title": {"show": true, "level": 1},
             "text": {"content": "<p>x</p>", "format": 1}}
        ]},
        "messages": [{"content": "<p>x</p>", "speaker": {"alias": "Inn"}, "whisper": [],
                      "flags": {"taproom": {"game": "pic", "seed": 1, "replay": "r",
                                            "match": 1, "gm_only": false}}}]
    });
    let s = schema();
    assert_eq!(validate(&s, &good, "$"), Ok(()));
    for (pointer, bad) in [
        ("/journal/pages/0/text/format", json!(3)),
        ("/journal/pages/0/type", json!("pdf")),
        ("/messages/0/whisper", json!("GM")),
        ("/messages/0/speaker/name", json!("Inn")),
        ("/messages/0/flags/taproom/seed", json!("1")),
    ] {
        let mut doc = good.clone();
        let (parent, key) = pointer.rsplit_once('/').unwrap();
        doc.pointer_mut(parent).unwrap()[key] = bad;
        assert!(validate(&s, &doc, "$").is_err(), "{pointer}");
    }
}

fn foundry(args: &[&str]) -> Value {
    let out = Taproom::new()
        .arg("play")
        .args(args)
        .args(["--format", "foundry"])
        .ok()
        .stdout;
    serde_json::from_str(&out).expect("one JSON document")
}

fn match_json(args: &[&str]) -> Value {
    let out = Taproom::new()
        .arg("play")
        .args(args)
        .args(["--format", "json"])
        .ok()
        .stdout;
    serde_json::from_str(&out).unwrap()
}

/// HTML as the words it shows: tags dropped, entities read.
fn text_of(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// Every game at every table size, with Mirela (who cheats) at the table.
const TABLES: [(&str, &[&str]); 7] = [
    ("tides", &["Pip", "Mirela"]),
    ("kiust", &["Pip", "Mirela"]),
    ("dogfight", &["Pip", "Mirela"]),
    ("pic", &["Pip", "Mirela"]),
    ("pic", &["Pip", "Mirela", "Brannoc"]),
    ("pic", &["Pip", "Mirela", "Brannoc", "Hrodgar"]),
    ("pic", &["Pip", "Mirela", "Brannoc", "Hrodgar", "Ysolde"]),
];

/// The document of every table parses against the schema, with a text page that tells
/// the match and an image page a PNG whose bytes travel in its flags; the messages' flags
/// name the game and seed.
#[test]
fn the_document_has_foundrys_shape_for_every_game_and_table() {
    use base64::Engine as _;
    let schema = schema();
    for (game, players) in TABLES {
        let mut args = vec![game];
        args.extend(players);
        args.extend(["--seed", "12"]);
        let doc = foundry(&args);
        let what = format!("{args:?}");
        validate(&schema, &doc, "$").unwrap_or_else(|e| panic!("{what}: {e}"));
        let truth = match_json(&args);
        let pages = doc["journal"]["pages"].as_array().unwrap();
        assert_eq!(pages.len(), 2, "{what}: a text page and the board");
        let told = text_of(pages[0]["text"]["content"].as_str().unwrap());
        for e in truth["entrants"].as_array().unwrap() {
            assert!(told.contains(e["name"].as_str().unwrap()), "{what}: {told}");
        }
        let png = pages[1]["flags"]["taproom"]["png"].as_str().unwrap();
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(
                png.strip_prefix("data:image/png;base64,")
                    .expect("a PNG data URI"),
            )
            .unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{what}");
        assert!(
            pages[1]["src"].as_str().unwrap().ends_with(".png"),
            "{what}"
        );
        for m in doc["messages"].as_array().unwrap() {
            let flags = &m["flags"]["taproom"];
            assert_eq!(flags["seed"], truth["seed"], "{what}");
            assert_eq!(flags["game"], truth["game"], "{what}");
        }
    }
}

/// An evening's document: the same shape, a board and a match's messages for each match.
#[test]
fn an_evening_is_one_journal_and_each_matchs_messages() {
    let out = Taproom::new()
        .args([
            "night",
            "examples/evening.toml",
            "--format",
            "foundry",
            "--quiet",
        ])
        .ok()
        .stdout;
    let doc: Value = serde_json::from_str(&out).unwrap();
    validate(&schema(), &doc, "$").unwrap();
    let evening: Value = serde_json::from_str(
        &Taproom::new()
            .args([
                "night",
                "examples/evening.toml",
                "--format",
                "json",
                "--quiet",
            ])
            .ok()
            .stdout,
    )
    .unwrap();
    let matches = evening["matches"].as_array().unwrap();
    let pages = doc["journal"]["pages"].as_array().unwrap();
    assert_eq!(pages.len(), 1 + matches.len());
    let public: Vec<&Value> = doc["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["whisper"] == json!([]))
        .collect();
    assert_eq!(public.len(), matches.len());
    for (m, told) in matches.iter().zip(&public) {
        assert_eq!(told["flags"]["taproom"]["seed"], m["seed"]);
        assert_eq!(told["flags"]["taproom"]["replay"], m["replay"]);
    }
}

/// Checks one match's document in the players' view (the default) and the GM's: a line
/// for the GM alone is in exactly one message, whispered to the GM placeholder and
/// flagged, never in a message for all nor in the players' journal; in the GM's journal
/// it is there; a match with none has no whispered message at all. Whether it had any.
fn check_secrets(args: &[&str]) -> bool {
    let what = format!("{args:?}");
    let (secret, public) = secret_and_public(&match_json(args));
    let doc = foundry(args);
    let mut gm_args = args.to_vec();
    gm_args.extend(["--view", "gm"]);
    let gm_doc = foundry(&gm_args);
    let messages = doc["messages"].as_array().unwrap();
    let (whispered, open): (Vec<&Value>, Vec<&Value>) =
        messages.iter().partition(|m| m["whisper"] != json!([]));
    let journal = text_of(
        doc["journal"]["pages"][0]["text"]["content"]
            .as_str()
            .unwrap(),
    );
    let gm_journal = text_of(
        gm_doc["journal"]["pages"][0]["text"]["content"]
            .as_str()
            .unwrap(),
    );
    let said = text_of(open[0]["content"].as_str().unwrap());
    for line in &public {
        assert!(said.contains(line.as_str()), "{what}: `{line}` told to all");
    }
    if secret.is_empty() {
        assert!(whispered.is_empty(), "{what}: nothing to whisper");
        assert_eq!(gm_doc["messages"], doc["messages"], "{what}");
        return false;
    }
    assert_eq!(whispered.len(), 1, "{what}");
    assert_eq!(whispered[0]["whisper"], json!(["GM"]), "{what}");
    assert_eq!(
        whispered[0]["flags"]["taproom"]["gm_only"],
        json!(true),
        "{what}"
    );
    let whisper = text_of(whispered[0]["content"].as_str().unwrap());
    for line in &secret {
        assert!(
            whisper.contains(line.as_str()),
            "{what}: `{line}` whispered"
        );
        for m in &open {
            assert!(
                !text_of(m["content"].as_str().unwrap()).contains(line.as_str()),
                "{what}"
            );
            assert_eq!(m["flags"]["taproom"]["gm_only"], json!(false), "{what}");
        }
        assert!(
            !journal.contains(line.as_str()),
            "{what}: `{line}` in the players' journal"
        );
        assert!(
            gm_journal.contains(line.as_str()),
            "{what}: `{line}` in the GM's journal"
        );
    }
    // The GM's view changes the journal, not who is told what in the chat.
    assert_eq!(gm_doc["messages"], doc["messages"], "{what}");
    true
}

/// Over every game and Piç at two to five seats: seeds with a cheat nobody saw and
/// seeds without, until each table has shown one of each (or 40 seeds are tried; Mirela
/// cheats unseen in most matches at some tables).
#[test]
fn the_gms_lines_go_only_whispered_and_only_when_there_are_some() {
    let (mut tables_with_secrets, mut clean_tables) = (0, 0);
    for (game, players) in TABLES {
        let (mut with, mut without) = (false, false);
        for seed in 1..=40u64 {
            let seed = seed.to_string();
            let mut args = vec![game];
            args.extend(players);
            args.extend(["--seed", &seed]);
            if check_secrets(&args) {
                with = true;
            } else {
                without = true;
            }
            if with && without {
                break;
            }
        }
        tables_with_secrets += usize::from(with);
        clean_tables += usize::from(without);
    }
    assert!(
        tables_with_secrets >= 5,
        "only {tables_with_secrets} tables hid a cheat"
    );
    assert!(
        clean_tables >= 3,
        "only {clean_tables} tables had a seed hiding nothing"
    );
}

/// The replay line in a message's flags plays the very same match: the same winners,
/// games won and every game's log, as `--format json` of each tells.
#[test]
fn the_flags_replay_line_replays_the_match() {
    for (game, players) in TABLES {
        let mut args = vec![game];
        args.extend(players);
        args.extend(["--seed", "21", "--first-to", "2"]);
        let doc = foundry(&args);
        let replay = doc["messages"][0]["flags"]["taproom"]["replay"]
            .as_str()
            .unwrap();
        let words = shell_words::split(replay).unwrap();
        assert_eq!(words[..2], ["taproom", "play"], "{replay}");
        let again = match_json(&words[2..].iter().map(String::as_str).collect::<Vec<_>>());
        let first = match_json(&args);
        for key in ["winners", "wins", "games", "seed", "format"] {
            assert_eq!(again[key], first[key], "{replay}: {key}");
        }
    }
}

/// Runs the macro of `examples/` under Node against a stand-in for Foundry
/// (`tests/data/foundry-harness.js`) with `doc` in the Data folder and the GM users
/// `gms`: what it made. None when there is no Node (said on stderr).
fn run_macro(doc: &Value, gms: &str) -> Option<Value> {
    if std::process::Command::new("node")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipped: no `node` to run examples/foundry-import.js under");
        return None;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("match.json");
    std::fs::write(&file, doc.to_string()).unwrap();
    let out = std::process::Command::new("node")
        .arg("tests/data/foundry-harness.js")
        .arg("examples/foundry-import.js")
        .arg(&file)
        .arg(gms)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(serde_json::from_slice(&out.stdout).unwrap())
}

/// The macro uploads each board where its page's `src` says, creates the journal with
/// the text page as written and no picture left in the flags, and posts every message,
/// the GM's whispered to the GM users' ids; with no GM user, the GM's lines are not
/// posted at all.
#[test]
fn the_macro_imports_the_document_and_whispers_to_the_gms() {
    // A table and seed whose match hides a cheat (found as the test above finds them).
    let doc = (1..=40u64)
        .map(|seed| {
            foundry(&[
                "pic",
                "Pip",
                "Mirela",
                "Brannoc",
                "--seed",
                &seed.to_string(),
            ])
        })
        .find(|d| {
            d["messages"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m["whisper"] == json!(["GM"]))
        })
        .expect("a match with a line for the GM alone");
    let Some(made) = run_macro(&doc, "gmUser00000001,gmUser00000002") else {
        return;
    };
    let pages = doc["journal"]["pages"].as_array().unwrap();
    let made_pages = made["journal"]["pages"].as_array().unwrap();
    assert_eq!(made_pages[0], pages[0], "the text page as written");
    assert_eq!(made_pages[1]["src"], pages[1]["src"]);
    assert_eq!(
        made_pages[1]["flags"]["taproom"],
        json!({}),
        "no picture left inline"
    );
    let uploads = made["uploads"].as_array().unwrap();
    assert_eq!(uploads.len(), 1);
    assert_eq!(
        uploads[0]["magic"],
        json!("89504e470d0a1a0a"),
        "a PNG uploaded"
    );
    let src = pages[1]["src"].as_str().unwrap();
    assert_eq!(
        format!(
            "{}/{}",
            uploads[0]["dir"].as_str().unwrap(),
            uploads[0]["name"].as_str().unwrap()
        ),
        src
    );
    let sent = doc["messages"].as_array().unwrap();
    let posted = made["messages"].as_array().unwrap();
    assert_eq!(posted.len(), sent.len());
    for (p, s) in posted.iter().zip(sent) {
        assert_eq!(p["content"], s["content"]);
        let to = if s["whisper"] == json!(["GM"]) {
            json!(["gmUser00000001", "gmUser00000002"])
        } else {
            json!([])
        };
        assert_eq!(p["whisper"], to);
    }
    let nobody = run_macro(&doc, "").unwrap();
    let posted = nobody["messages"].as_array().unwrap();
    assert_eq!(
        posted.len(),
        sent.len() - 1,
        "the GM's lines not posted to all"
    );
    assert!(posted.iter().all(|m| m["whisper"] == json!([])));
}

/// The document at the end of a sitting's output (after the boards and prompts).
fn tail(stdout: &str) -> Value {
    let at = stdout.rfind("\n{\n").expect("a JSON document at the end") + 1;
    serde_json::from_str(&stdout[at..]).expect("one JSON document")
}

/// At `sit`: the same shape, the players' view, and a replay line in the flags that
/// feeds the very lines typed to `taproom sit` and plays the same match again.
#[test]
fn a_sittings_document_replays_what_the_people_typed() {
    let typed: String = (0..3000).map(|i| format!("{}\n", i % 15 + 1)).collect();
    let sit = |format: &str| {
        Taproom::new()
            .args(["sit", "pic", "Mirela", "Brannoc", "--as", "Aria"])
            .args(["--seed", "8", "--best-of", "1", "--format", format])
            .stdin(&typed)
            .ok()
            .stdout
    };
    let doc = tail(&sit("foundry"));
    validate(&schema(), &doc, "$").unwrap();
    let first = tail(&sit("json"));
    let replay = doc["messages"][0]["flags"]["taproom"]["replay"]
        .as_str()
        .unwrap();
    assert!(
        replay.starts_with("printf ") && replay.contains("| taproom sit pic "),
        "{replay}"
    );
    let bin = assert_cmd::cargo::cargo_bin("taproom");
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{replay} --format json"))
        .env("PATH", path)
        .env("TAPROOM_NOW", crate::common::NOW)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let again = tail(&String::from_utf8_lossy(&out.stdout));
    for key in ["winners", "wins", "games", "seed"] {
        assert_eq!(again[key], first[key], "{replay}: {key}");
    }
}
