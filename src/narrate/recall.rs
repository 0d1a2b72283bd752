//! A rematch told as one: what the campaign's history recalls of the table, told at the
//! table before play and, for an upset avenged, with the result.
//!
//! Briefly, one line before play (a grudge after a cheat caught, else their last
//! meeting, else the champion defending the title, else a streak) and an upset avenged
//! after it, so the telling stays short enough to read aloud; in full, every line. Each
//! character goes by their full name the first time these lines name them (unless the
//! greetings did), and by their short name after; a line naming someone for the first
//! time names everyone in it in full, so that no line mixes the two forms.

use std::collections::BTreeSet;

use super::{Detail, Scene};
use crate::history::rematch::Recall;
use crate::table::MatchLog;

/// The heading of the scene before play.
const AT_THE_TABLE: &str = "At the table";

/// The order in which a brief telling picks its one line before play.
fn rank(r: &Recall) -> u8 {
    match r {
        Recall::Grudge { .. } => 0,
        Recall::LastMet { .. } => 1,
        Recall::Defends { .. } => 2,
        Recall::Streak { .. } => 3,
        Recall::Avenged { .. } => 4,
    }
}

/// The recalls a telling at `detail` tells, in order.
#[must_use]
pub fn told(recalls: &[Recall], detail: Detail) -> Vec<Recall> {
    match detail {
        Detail::None => Vec::new(),
        Detail::Full => recalls.to_vec(),
        Detail::Brief => {
            let mut out: Vec<Recall> = recalls
                .iter()
                .filter(|r| !matches!(r, Recall::Avenged { .. }))
                .min_by_key(|r| rank(r))
                .cloned()
                .into_iter()
                .collect();
            out.extend(
                recalls
                    .iter()
                    .filter(|r| matches!(r, Recall::Avenged { .. }))
                    .cloned(),
            );
            out
        }
    }
}

/// Tells `before` at the table (after its greetings) and `after` with the result.
pub fn tell(
    scenes: &mut Vec<Scene>,
    before: &[Recall],
    after: &[Recall],
    log: &MatchLog,
    detail: Detail,
) {
    if detail == Detail::None || (before.is_empty() && after.is_empty()) {
        return;
    }
    // Who the greetings already named in full.
    let mut named: BTreeSet<String> = log
        .entrants
        .iter()
        .filter(|e| {
            scenes.first().is_some_and(|s| {
                s.heading == AT_THE_TABLE && s.lines.iter().any(|l| l.contains(&e.name))
            })
        })
        .map(|e| e.name.clone())
        .collect();
    // A line names everyone in it in one form: in full when it names anyone these lines
    // (or the greetings) have not named yet, else short.
    let mut line = |r: &Recall| {
        let mut in_line: Vec<String> = Vec::new();
        // Said once to learn who the line names.
        let _ = r.words(&mut |full: &str| {
            in_line.push(full.to_owned());
            full.to_owned()
        });
        let in_full = in_line.iter().any(|n| !named.contains(n));
        named.extend(in_line);
        let mut short = |full: &str| {
            if in_full {
                full.to_owned()
            } else {
                log.entrants
                    .iter()
                    .find(|e| e.name == full)
                    .map_or_else(|| full.to_owned(), |e| e.short.clone())
            }
        };
        r.words(&mut short)
    };
    let first: Vec<String> = told(before, detail).iter().map(&mut line).collect();
    if !first.is_empty() {
        if scenes.first().is_none_or(|s| s.heading != AT_THE_TABLE) {
            scenes.insert(0, Scene::new(AT_THE_TABLE));
        }
        scenes[0].lines.extend(first);
    }
    let last: Vec<String> = told(after, detail).iter().map(&mut line).collect();
    if let Some(end) = scenes.last_mut()
        && !last.is_empty()
    {
        // After the result's own first line (who won), before the hook.
        let at = end.lines.len().min(1);
        let count = last.len();
        for (i, l) in last.into_iter().enumerate() {
            end.lines.insert(at + i, l);
        }
        for g in &mut end.gm_only {
            if *g >= at {
                *g += count;
            }
        }
    }
}
