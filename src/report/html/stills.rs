//! The boards' stills as the page's data, for its script (deflated: see [`data`]). A still is what each of the
//! picture's changing elements shows ([`Elements`]), kind by kind; the first still of a
//! board gives every kind whole, each other only the kinds that changed, and of those
//! only the stretch that changed.
//!
//! ```json
//! {"ink": ["none", "#f6f1e4", …], "edge": "#3b3024",
//!  "films": [{"st": [{"s": [0, 2, 2, 0, …], "l": [0, "", …], "p": [0, "White…", …], …},
//!                    {"s": [7, 0, null, 1], "m": [7, 13], "p": [0, [21, "11", 2]], …},
//!                    …]}]}
//! ```
//!
//! Kinds, by the letter of their elements' ids: `s` the spots' inks and `w` the panel's
//! swatches (an index into `ink`; 0 is no fill and no outline, any other is outlined in
//! `edge`), `l` the spots' labels, `p` the panel's words, `z` their font sizes, `c` the
//! caption's lines: each `[first, items…]`, the items from index `first` on, `null` for
//! one that did not change. A text item is its words (a number for a count), or edits of
//! the text before it: `[copy, insert, skip, …]` in UTF-16 units, the rest kept.
//! `m` lists the spots marked as moved, `x` those marked as taken, `b` the panel's bold
//! lines, each whole.

use serde_json::{Map, Value, json};

use crate::report::board::picture::{EDGE, Elements, Film, Ink, Mark, SEAT_COLOURS, elements, hex};

/// Every ink a picture draws, in the order of their indexes.
fn palette() -> Vec<Ink> {
    let mut inks = vec![Ink::Empty, Ink::Light, Ink::Dark, Ink::Heap];
    inks.extend((0..SEAT_COLOURS.len()).map(|s| Ink::Seat(u8::try_from(s).unwrap_or(0))));
    inks
}

/// An ink's index in [`palette`].
fn ink_index(ink: Ink) -> u64 {
    match ink {
        Ink::Empty => 0,
        Ink::Light => 1,
        Ink::Dark => 2,
        Ink::Heap => 3,
        Ink::Seat(s) => 4 + u64::from(s) % SEAT_COLOURS.len() as u64,
    }
}

/// The stretch of `now` that differs from `before` (all of it when `before` is
/// shorter), as `[first, items…]`, `null` for an item inside it that did not change;
/// `None` when nothing changed. `item` writes an item given the one before it.
fn stretch<T: PartialEq>(
    before: &[T],
    now: &[T],
    item: impl Fn(Option<&T>, &T) -> Value,
) -> Option<Value> {
    let changed = |i: usize| before.get(i) != Some(&now[i]);
    let first = (0..now.len()).find(|&i| changed(i))?;
    let last = (0..now.len()).rev().find(|&i| changed(i))?;
    let mut out = vec![json!(first)];
    out.extend((first..=last).map(|i| {
        if changed(i) {
            item(before.get(i), &now[i])
        } else {
            Value::Null
        }
    }));
    Some(Value::Array(out))
}

/// A text given the text before it: whole (a number when it is one), or as edits of the
/// text before it, whichever is the shorter. The edits are triples, `[copy, insert,
/// skip, …]`: copy so many UTF-16 units of the text before (as the script counts), write
/// `insert`, skip so many; the rest of the text before is kept.
fn text_item(before: Option<&String>, now: &String) -> Value {
    // A count ("17") is written as the number, which the script shows as the same words.
    let whole = match now.parse::<u32>() {
        Ok(n) if n.to_string() == *now => json!(n),
        _ => json!(now),
    };
    let Some(before) = before else {
        return whole;
    };
    let edited = Value::Array(edits(before, now));
    if edited.to_string().len() < whole.to_string().len() {
        edited
    } else {
        whole
    }
}

/// A text in words and what stands between them: runs of letters and digits, and each
/// other character alone.
fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut in_word = false;
    for (i, c) in text.char_indices() {
        let word = c.is_alphanumeric();
        if i > start && !(word && in_word) {
            out.push(&text[start..i]);
            start = i;
        }
        in_word = word;
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// The edits that make `now` of `before`, word by word (the longest run of words they
/// share kept), as [`text_item`] writes them.
fn edits(before: &str, now: &str) -> Vec<Value> {
    let (b, n) = (tokens(before), tokens(now));
    // kept[i][j]: the most words b[i..] and n[j..] share, in order.
    let mut kept = vec![vec![0u16; n.len() + 1]; b.len() + 1];
    for i in (0..b.len()).rev() {
        for j in (0..n.len()).rev() {
            kept[i][j] = if b[i] == n[j] {
                kept[i + 1][j + 1] + 1
            } else {
                kept[i + 1][j].max(kept[i][j + 1])
            };
        }
    }
    let units = |t: &str| t.encode_utf16().count();
    let mut out = Vec::new();
    let (mut copy, mut insert, mut skip) = (0, String::new(), 0);
    let (mut i, mut j) = (0, 0);
    while i < b.len() || j < n.len() {
        if i < b.len() && j < n.len() && b[i] == n[j] {
            if !insert.is_empty() || skip > 0 {
                out.extend([json!(copy), json!(insert), json!(skip)]);
                (copy, insert, skip) = (0, String::new(), 0);
            }
            copy += units(b[i]);
            (i, j) = (i + 1, j + 1);
        } else if j < n.len() && (i == b.len() || kept[i][j + 1] >= kept[i + 1][j]) {
            insert.push_str(n[j]);
            j += 1;
        } else {
            skip += units(b[i]);
            i += 1;
        }
    }
    if !insert.is_empty() || skip > 0 {
        out.extend([json!(copy), json!(insert), json!(skip)]);
    }
    out
}

/// Each kind of `now` that differs from `before` (every kind when `before` is `None`).
fn still(before: Option<&Elements>, now: &Elements) -> Value {
    let mut out = Map::new();
    let empty = Elements {
        inks: Vec::new(),
        labels: Vec::new(),
        marks: Vec::new(),
        swatches: Vec::new(),
        panel: Vec::new(),
        caption: Vec::new(),
    };
    let was = before.unwrap_or(&empty);
    let ink = |_: Option<&Ink>, i: &Ink| json!(ink_index(*i));
    let mut put = |key: &str, v: Option<Value>| {
        if let Some(v) = v {
            out.insert(key.to_owned(), v);
        }
    };
    put("s", stretch(&was.inks, &now.inks, ink));
    put("w", stretch(&was.swatches, &now.swatches, ink));
    put("l", stretch(&was.labels, &now.labels, text_item));
    let words = |p: &[(String, f32, bool)]| p.iter().map(|l| l.0.clone()).collect::<Vec<_>>();
    put(
        "p",
        stretch(&words(&was.panel), &words(&now.panel), text_item),
    );
    let sizes = |p: &[(String, f32, bool)]| p.iter().map(|l| l.1).collect::<Vec<_>>();
    // A size is drawn to a tenth of a pixel: written so, not as the f32 it is.
    let size = |_: Option<&f32>, z: &f32| json!((f64::from(*z) * 10.0).round() / 10.0);
    put("z", stretch(&sizes(&was.panel), &sizes(&now.panel), size));
    put("c", stretch(&was.caption, &now.caption, text_item));
    let which = |marks: &[Mark], kind: Mark| -> Vec<usize> {
        (0..marks.len()).filter(|&i| marks[i] == kind).collect()
    };
    for (key, kind) in [("m", Mark::Moved), ("x", Mark::Taken)] {
        let (then, now) = (which(&was.marks, kind), which(&now.marks, kind));
        if before.is_none() || then != now {
            put(key, Some(json!(now)));
        }
    }
    let bold =
        |p: &[(String, f32, bool)]| -> Vec<usize> { (0..p.len()).filter(|&i| p[i].2).collect() };
    if before.is_none() || bold(&was.panel) != bold(&now.panel) {
        put("b", Some(json!(bold(&now.panel))));
    }
    Value::Object(out)
}

/// One film's stills: the first whole, each other as what changed.
fn film_data(film: &Film) -> Value {
    let mut before: Option<Elements> = None;
    let mut stills = Vec::with_capacity(film.stills.len());
    for s in &film.stills {
        let now = elements(&film.layout, &s.look, &s.caption);
        stills.push(still(before.as_ref(), &now));
        before = Some(now);
    }
    json!({ "st": stills })
}

/// The page's data for `films`: the JSON, deflated (zlib) and written as base64. A long
/// match is thousands of stills (a best of 3 of Kiust Oyun can play seven games of some
/// 600 moves), and their words say much the same from still to still: deflated, they
/// take an eighth of the room.
pub(super) fn data(films: &[&Film]) -> String {
    use base64::Engine as _;
    let inks: Vec<Value> = palette()
        .into_iter()
        .map(|ink| json!(ink.rgb().map_or_else(|| "none".to_owned(), hex)))
        .collect();
    let doc = json!({
        "ink": inks,
        "edge": EDGE,
        "films": films.iter().map(|f| film_data(f)).collect::<Vec<_>>(),
    });
    let deflated = miniz_oxide::deflate::compress_to_vec_zlib(doc.to_string().as_bytes(), 9);
    base64::engine::general_purpose::STANDARD.encode(deflated)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ink_has_its_index_in_the_palette() {
        for (i, ink) in palette().into_iter().enumerate() {
            assert_eq!(ink_index(ink), i as u64, "{ink:?}");
        }
    }

    #[test]
    fn a_stretch_runs_from_the_first_change_to_the_last() {
        let item = |_: Option<&u8>, x: &u8| json!(x);
        assert_eq!(
            stretch(&[1, 2, 3, 4], &[1, 5, 3, 6], item),
            Some(json!([1, 5, null, 6]))
        );
        assert_eq!(stretch(&[1, 2], &[1, 2], item), None);
        assert_eq!(stretch(&[], &[7, 8], item), Some(json!([0, 7, 8])));
    }

    /// What the script does with a text item: JavaScript's strings count UTF-16 units.
    fn apply(before: &str, item: &Value) -> String {
        let Some(ops) = item.as_array() else {
            return item
                .as_str()
                .map_or_else(|| item.to_string(), str::to_owned);
        };
        let b: Vec<u16> = before.encode_utf16().collect();
        let (mut out, mut at) = (Vec::new(), 0);
        for op in ops.chunks(3) {
            let copy = op[0].as_u64().unwrap() as usize;
            out.extend_from_slice(&b[at..at + copy]);
            out.extend(op[1].as_str().unwrap().encode_utf16());
            at += copy + op[2].as_u64().unwrap() as usize;
        }
        out.extend_from_slice(&b[at..]);
        String::from_utf16(&out).unwrap()
    }

    #[test]
    fn a_text_is_its_edits_in_utf16_units_when_they_are_shorter() {
        let pairs = [
            (
                "Hrodgar (player 1): score 39 (39 in heaps, 0 in piç), to move",
                "Hrodgar (player 1): score 41 (41 in heaps, 0 in piç)",
            ),
            (
                "Step 5 of 95. Pip Underbough (player 5): 14, sows his second heap.",
                "Step 6 of 95. Sister Ysolde (player 1): 3, sows her third heap.",
            ),
            ("🎲🎲 a long line of words", "🎲🎲 a long line of verbs 🎲"),
            ("ab", "cd"),
            ("", "a whole new line"),
            ("a line that goes", ""),
        ];
        for (before, now) in pairs {
            let item = text_item(Some(&before.to_owned()), &now.to_owned());
            assert_eq!(apply(before, &item), now, "{item}");
            assert!(item.to_string().len() <= json!(now).to_string().len());
        }
        let item = text_item(
            Some(&"Hrodgar (player 1): score 39 (39 in heaps), to move".to_owned()),
            &"Hrodgar (player 1): score 41 (41 in heaps)".to_owned(),
        );
        assert_eq!(item, json!([26, "41", 2, 2, "41", 2, 10, "", 9]));
        assert_eq!(text_item(None, &"17".to_owned()), json!(17));
        assert_eq!(text_item(None, &"017".to_owned()), json!("017"));
    }
}
