//! `taproom history --format json`: the records counted, as recorded, and what they add
//! up to (`docs/json.md`).

use std::io::{self, Write};

use serde::Serialize;

use crate::history::Record;
use crate::history::standings::{Champion, HeadToHead, Standing, Upset};
use crate::ops::history::{Reputation, Summary};
use crate::wager::money::show_change;

#[derive(Serialize)]
struct JsonStanding<'a> {
    #[serde(flatten)]
    standing: &'a Standing,
    /// `net_cp` written as the tavern writes money.
    net: String,
}

#[derive(Serialize)]
struct JsonUpset<'a> {
    #[serde(flatten)]
    upset: &'a Upset,
    /// The price as odds a tavern says aloud.
    odds: Option<String>,
}

#[derive(Serialize)]
struct JsonHistory<'a> {
    version: u32,
    file: String,
    matches: &'a [&'a Record],
    evenings: &'a [crate::ops::history::Evening],
    standings: Vec<JsonStanding<'a>>,
    head_to_heads: &'a [HeadToHead],
    upsets: Vec<JsonUpset<'a>>,
    champions: &'a [Champion],
    #[serde(skip_serializing_if = "Option::is_none")]
    reputation: Option<&'a Reputation>,
}

/// Writes the history as one JSON document.
///
/// # Errors
/// When writing fails.
pub fn write_json(
    out: &mut impl Write,
    summary: &Summary<'_>,
    file: &std::path::Path,
) -> io::Result<()> {
    let doc = JsonHistory {
        version: crate::report::JSON_VERSION,
        file: file.display().to_string(),
        matches: &summary.matches,
        evenings: &summary.evenings,
        standings: summary
            .standings
            .iter()
            .map(|s| JsonStanding {
                standing: s,
                net: show_change(s.net_cp, summary.currency).to_string(),
            })
            .collect(),
        head_to_heads: &summary.head_to_heads,
        upsets: summary
            .upsets
            .iter()
            .map(|u| JsonUpset {
                upset: u,
                odds: super::odds(u.price),
            })
            .collect(),
        champions: &summary.champions,
        reputation: summary.reputation.as_ref(),
    };
    serde_json::to_writer_pretty(&mut *out, &doc)?;
    writeln!(out)
}
