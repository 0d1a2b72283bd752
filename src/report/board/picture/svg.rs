//! A layout and a look as one SVG document: the board, the spots, the panel under it and
//! a caption. Every element a look changes has an id (`s3` the disc of spot 3, `l3` its
//! label, `m3` its mark, `p0` the first panel line, `w0` its swatch, `c0` the first
//! caption line), so that a page can lay another look over the same document.

use std::fmt::Write as _;

use super::{Ink, Layout, Look, MARK, Mark, PAPER, hex};

/// Every picture's width, in pixels of its PNG.
pub const WIDTH: f32 = 800.0;
/// The height of a panel line.
const LINE: f32 = 34.0;
/// The caption's lines, at most (a longer caption is cut with an ellipsis).
const CAPTION_LINES: usize = 3;
/// The height of a caption line.
const CAPTION_LINE: f32 = 28.0;
/// The caption's height under the panel, margins included.
pub const HEIGHT_CAPTION: f32 = CAPTION_LINES as f32 * CAPTION_LINE + 20.0;
/// Characters on a caption line (DejaVu Sans at 20 pixels averages 11 pixels a
/// character; 68 of them keep within the width's margins).
const CAPTION_CHARS: usize = 68;
/// The font, as the picture names it: DejaVu Sans is inside the binary for PNG and GIF.
pub(crate) const FONT: &str = "DejaVu Sans, Verdana, sans-serif";

/// Escapes text for SVG content or an attribute.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The caption cut into at most three lines of the picture's width.
pub(crate) fn caption_lines(caption: &str) -> Vec<String> {
    let mut lines: Vec<String> = textwrap::wrap(caption, CAPTION_CHARS)
        .into_iter()
        .map(|l| l.into_owned())
        .collect();
    if lines.len() > CAPTION_LINES {
        lines.truncate(CAPTION_LINES);
        if let Some(last) = lines.last_mut() {
            let keep: String = last.chars().take(CAPTION_CHARS - 1).collect();
            *last = format!("{}…", keep.trim_end());
        }
    }
    lines
}

/// The picture's height for a layout.
#[must_use]
pub fn height(layout: &Layout) -> f32 {
    layout.board_height + layout.panel_lines as f32 * LINE + 12.0 + HEIGHT_CAPTION
}

/// The picture of `look` laid over `layout`, with `caption` under the panel: one SVG
/// document, [`WIDTH`] wide.
#[must_use]
pub fn svg(layout: &Layout, look: &Look, caption: &str) -> String {
    let mut out = open(layout, 8 * 1024);
    base(&mut out, layout);
    over(&mut out, layout, look, caption);
    out.push_str("</svg>\n");
    out
}

/// The part of a picture that no look changes (the paper and the board's drawing), and
/// for each look the part over it (the spots, the panel, the caption), each as an SVG
/// document of the picture's size: drawn one over the other they are [`svg`]'s picture.
/// A film draws the first once.
#[must_use]
pub fn layers(layout: &Layout, looks: &[(&Look, &str)]) -> (String, Vec<String>) {
    let mut under = open(layout, layout.backdrop.len() + 256);
    base(&mut under, layout);
    under.push_str("</svg>\n");
    let overs = looks
        .iter()
        .map(|(look, caption)| {
            let mut out = open(layout, 6 * 1024);
            over(&mut out, layout, look, caption);
            out.push_str("</svg>\n");
            out
        })
        .collect();
    (under, overs)
}

/// An SVG document's opening tag for the picture of `layout`.
fn open(layout: &Layout, capacity: usize) -> String {
    let h = height(layout);
    let mut out = String::with_capacity(capacity);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{h}" viewBox="0 0 {WIDTH} {h}" font-family="{FONT}">"#
    );
    out
}

/// The paper and the board's drawing.
fn base(out: &mut String, layout: &Layout) {
    let _ = write!(
        out,
        r#"<rect width="{WIDTH}" height="{}" fill="{}"/>"#,
        height(layout),
        hex(PAPER)
    );
    out.push_str(&layout.backdrop);
}

/// What a look and a caption put over the board.
fn over(out: &mut String, layout: &Layout, look: &Look, caption: &str) {
    spots(out, layout, look);
    panel(out, layout, look);
    let top = layout.board_height + layout.panel_lines as f32 * LINE + 12.0;
    for (i, line) in caption_lines(caption)
        .iter()
        .map(String::as_str)
        .chain(std::iter::repeat(""))
        .take(CAPTION_LINES)
        .enumerate()
    {
        let y = top + 22.0 + i as f32 * CAPTION_LINE;
        let _ = write!(
            out,
            r##"<text id="c{i}" x="24" y="{y}" font-size="20" fill="#3a2f25">{}</text>"##,
            escape(line)
        );
    }
}

/// Each spot's disc, label and mark (hidden when there is none, so a page can show it).
fn spots(out: &mut String, layout: &Layout, look: &Look) {
    for (i, spot) in layout.spots.iter().enumerate() {
        let ink = look.inks.get(i).copied().unwrap_or(Ink::Empty);
        let (fill, stroke) = match ink.rgb() {
            Some(rgb) => (hex(rgb), "#3b3024"),
            None => ("none".to_owned(), "none"),
        };
        let _ = write!(
            out,
            r#"<circle id="s{i}" cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>"#,
            spot.x, spot.y, spot.r
        );
        let mark = look.marks.get(i).copied().unwrap_or_default();
        let dash = if mark == Mark::Taken {
            r#" stroke-dasharray="5 4""#
        } else {
            ""
        };
        let shown = if mark == Mark::None {
            r#" visibility="hidden""#
        } else {
            ""
        };
        match spot.frame {
            Some([x, y, w, h]) => {
                let _ = write!(
                    out,
                    r#"<rect id="m{i}" x="{x}" y="{y}" width="{w}" height="{h}" rx="12" fill="none" stroke="{}" stroke-width="4"{dash}{shown}/>"#,
                    hex(MARK)
                );
            }
            None => {
                let _ = write!(
                    out,
                    r#"<circle id="m{i}" cx="{}" cy="{}" r="{}" fill="none" stroke="{}" stroke-width="4"{dash}{shown}/>"#,
                    spot.x,
                    spot.y,
                    spot.r + 5.0,
                    hex(MARK)
                );
            }
        }
        let label = look.labels.get(i).map_or("", String::as_str);
        let _ = write!(
            out,
            r##"<text id="l{i}" x="{}" y="{}" font-size="21" font-weight="bold" text-anchor="middle" fill="#2b2118">{}</text>"##,
            spot.label_at.0,
            spot.label_at.1,
            escape(label)
        );
    }
}

/// The panel's lines under the board, each with its swatch.
fn panel(out: &mut String, layout: &Layout, look: &Look) {
    for i in 0..layout.panel_lines {
        let line = look.panel.get(i).cloned().unwrap_or_default();
        let y = layout.board_height + 6.0 + i as f32 * LINE;
        let (fill, stroke) = match line.swatch.and_then(Ink::rgb) {
            Some(rgb) => (hex(rgb), "#3b3024"),
            None => ("none".to_owned(), "none"),
        };
        let _ = write!(
            out,
            r#"<circle id="w{i}" cx="36" cy="{}" r="11" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>"#,
            y + LINE / 2.0
        );
        let weight = if line.strong { "bold" } else { "normal" };
        // DejaVu Sans averages 0.56 of its size a character (0.62 in bold): a long line
        // is drawn smaller rather than past the edge.
        let per = if line.strong { 0.62 } else { 0.56 };
        let size = (21.0f32).min((WIDTH - 80.0) / (line.text.chars().count().max(1) as f32 * per));
        let size = (size * 10.0).floor() / 10.0;
        let _ = write!(
            out,
            r##"<text id="p{i}" x="58" y="{}" font-size="{size}" font-weight="{weight}" fill="#2b2118">{}</text>"##,
            y + LINE / 2.0 + 7.0,
            escape(&line.text)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_caption_keeps_to_three_lines_and_escapes_what_svg_reads() {
        let long = "word ".repeat(100);
        let lines = caption_lines(&long);
        assert_eq!(lines.len(), 3);
        assert!(lines[2].ends_with('…'));
        assert!(lines.iter().all(|l| l.chars().count() <= CAPTION_CHARS));
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
