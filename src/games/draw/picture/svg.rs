//! A layout and a look as one SVG document: the board, the spots, the panel under it and
//! a caption. Every element a look changes has an id (`s3` the disc of spot 3, `l3` its
//! label, `m3` its mark, `p0` the first panel line, `w0` its swatch, `c0` the first
//! caption line), so that a page can lay another look over the same document.

use std::fmt::Write as _;

use super::{Ink, Layout, Look, MARK, Mark, PAPER, PanelLine, hex};

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
    svg_with_ids(layout, look, caption, "", Backdrop::Drawn)
}

/// How a picture on a page draws its layout's backdrop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backdrop<'a> {
    /// Drawn in the picture.
    Drawn,
    /// Drawn in the picture, in a group of this id for others on the page to use.
    Named(&'a str),
    /// The group of this id, drawn by another picture on the page.
    Used(&'a str),
    /// Neither the paper nor the backdrop: the layer a GIF's frame draws over them (see
    /// [`layers`]).
    Over,
}

/// The part of a picture that no look changes (the paper and the board's drawing), and
/// for each look the part over it (the spots, the panel, the caption), each as an SVG
/// document of the picture's size: drawn one over the other they are [`svg`]'s picture.
/// A GIF draws the first once.
#[must_use]
pub fn layers(layout: &Layout, looks: &[(&Look, &str)]) -> (String, Vec<String>) {
    let h = height(layout);
    let under = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{h}" viewBox="0 0 {WIDTH} {h}" font-family="{FONT}"><rect width="{WIDTH}" height="{h}" fill="{}"/>{}</svg>
"#,
        hex(PAPER),
        layout.backdrop
    );
    let overs = looks
        .iter()
        .map(|(look, caption)| svg_with_ids(layout, look, caption, "", Backdrop::Over))
        .collect();
    (under, overs)
}

/// [`svg`] with every id it gives begun with `prefix` (`g2-s3`), so that several
/// pictures can share one page, and the backdrop drawn as `backdrop` says (once a page
/// for each layout).
#[must_use]
pub fn svg_with_ids(
    layout: &Layout,
    look: &Look,
    caption: &str,
    prefix: &str,
    backdrop: Backdrop<'_>,
) -> String {
    let h = height(layout);
    let mut out = String::with_capacity(8 * 1024);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{h}" viewBox="0 0 {WIDTH} {h}" font-family="{FONT}">"#
    );
    if backdrop != Backdrop::Over {
        let _ = write!(
            out,
            r#"<rect width="{WIDTH}" height="{h}" fill="{}"/>"#,
            hex(PAPER)
        );
    }
    match backdrop {
        Backdrop::Over => {}
        Backdrop::Drawn => out.push_str(&layout.backdrop),
        Backdrop::Named(id) => {
            let _ = write!(out, r#"<g id="{id}">{}</g>"#, layout.backdrop);
        }
        Backdrop::Used(id) => {
            let _ = write!(out, r##"<use href="#{id}"/>"##);
        }
    }
    spots(&mut out, layout, look, prefix);
    panel(&mut out, layout, look, prefix);
    let top = layout.board_height + layout.panel_lines as f32 * LINE + 12.0;
    out.push_str(r##"<g font-size="20" fill="#3a2f25">"##);
    for (i, line) in caption_lines(caption)
        .iter()
        .map(String::as_str)
        .chain(std::iter::repeat(""))
        .take(CAPTION_LINES)
        .enumerate()
    {
        let y = px(top + 22.0 + i as f32 * CAPTION_LINE);
        let _ = write!(
            out,
            r#"<text id="{prefix}c{i}" x="24" y="{y}">{}</text>"#,
            escape(line)
        );
    }
    out.push_str("</g></svg>\n");
    out
}

/// The outline of a disc that holds something (a stone, a heap, a swatch).
pub(crate) const EDGE: &str = "#3b3024";

/// A panel line's font size and weight: DejaVu Sans averages 0.56 of its size a
/// character (0.62 in bold), so a long line is drawn smaller rather than past the edge.
fn panel_font(line: &PanelLine) -> (f32, &'static str) {
    let weight = if line.strong { "bold" } else { "normal" };
    let per = if line.strong { 0.62 } else { 0.56 };
    let size = (21.0f32).min((WIDTH - 80.0) / (line.text.chars().count().max(1) as f32 * per));
    ((size * 10.0).floor() / 10.0, weight)
}

/// What a look shows in each element of [`svg`]'s picture that changes from look to
/// look, by kind; the element of index `i` has the id of its kind and `i`: a page lays
/// another look over the same picture by setting these.
#[derive(Clone, Debug, PartialEq)]
pub struct Elements {
    /// By spot, the ink of its disc (`s3`).
    pub inks: Vec<Ink>,
    /// By spot, its label (`l3`).
    pub labels: Vec<String>,
    /// By spot, its mark for the last move (`m3`).
    pub marks: Vec<Mark>,
    /// By panel line, the ink of its swatch (`w0`).
    pub swatches: Vec<Ink>,
    /// By panel line, its words, their font size and whether they are bold (`p0`).
    pub panel: Vec<(String, f32, bool)>,
    /// The caption's lines (`c0`), always all of them, empty when unused.
    pub caption: Vec<String>,
}

/// What `look` and `caption` show in each of the picture's changing elements.
#[must_use]
pub fn elements(layout: &Layout, look: &Look, caption: &str) -> Elements {
    let spots = layout.spots.len();
    let lines: Vec<PanelLine> = (0..layout.panel_lines)
        .map(|i| look.panel.get(i).cloned().unwrap_or_default())
        .collect();
    let caption = caption_lines(caption);
    Elements {
        inks: (0..spots)
            .map(|i| look.inks.get(i).copied().unwrap_or(Ink::Empty))
            .collect(),
        labels: (0..spots)
            .map(|i| look.labels.get(i).cloned().unwrap_or_default())
            .collect(),
        marks: (0..spots)
            .map(|i| look.marks.get(i).copied().unwrap_or_default())
            .collect(),
        swatches: lines
            .iter()
            .map(|l| l.swatch.unwrap_or(Ink::Empty))
            .collect(),
        panel: lines
            .iter()
            .map(|l| {
                let (size, weight) = panel_font(l);
                (l.text.clone(), size, weight == "bold")
            })
            .collect(),
        caption: (0..CAPTION_LINES)
            .map(|i| caption.get(i).cloned().unwrap_or_default())
            .collect(),
    }
}

/// A coordinate to a tenth of a pixel, as written in the picture.
fn px(v: f32) -> f32 {
    (v * 10.0).round() / 10.0
}

/// The fill and outline of a disc in `ink`: no outline where there is no ink.
fn inked(ink: Ink) -> String {
    match ink.rgb() {
        Some(rgb) => format!(r#"fill="{}" stroke="{EDGE}""#, hex(rgb)),
        None => r#"fill="none""#.to_owned(),
    }
}

/// The spots: every disc, then every mark (hidden when there is none, so a page can
/// show it), then every label, each kind in a group that holds what they share.
fn spots(out: &mut String, layout: &Layout, look: &Look, prefix: &str) {
    out.push_str(r#"<g stroke-width="1.5">"#);
    for (i, spot) in layout.spots.iter().enumerate() {
        let ink = look.inks.get(i).copied().unwrap_or(Ink::Empty);
        let _ = write!(
            out,
            r#"<circle id="{prefix}s{i}" cx="{}" cy="{}" r="{}" {}/>"#,
            px(spot.x),
            px(spot.y),
            px(spot.r),
            inked(ink)
        );
    }
    let _ = write!(
        out,
        r#"</g><g fill="none" stroke="{}" stroke-width="4">"#,
        hex(MARK)
    );
    for (i, spot) in layout.spots.iter().enumerate() {
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
                    r#"<rect id="{prefix}m{i}" x="{}" y="{}" width="{}" height="{}" rx="12"{dash}{shown}/>"#,
                    px(x),
                    px(y),
                    px(w),
                    px(h)
                );
            }
            None => {
                let _ = write!(
                    out,
                    r#"<circle id="{prefix}m{i}" cx="{}" cy="{}" r="{}"{dash}{shown}/>"#,
                    px(spot.x),
                    px(spot.y),
                    px(spot.r + 5.0)
                );
            }
        }
    }
    out.push_str(
        r##"</g><g font-size="21" font-weight="bold" text-anchor="middle" fill="#2b2118">"##,
    );
    for (i, spot) in layout.spots.iter().enumerate() {
        let label = look.labels.get(i).map_or("", String::as_str);
        let _ = write!(
            out,
            r#"<text id="{prefix}l{i}" x="{}" y="{}">{}</text>"#,
            px(spot.label_at.0),
            px(spot.label_at.1),
            escape(label)
        );
    }
    out.push_str("</g>");
}

/// The panel's lines under the board, each with its swatch.
fn panel(out: &mut String, layout: &Layout, look: &Look, prefix: &str) {
    out.push_str(r##"<g stroke-width="1.5" fill="#2b2118">"##);
    for i in 0..layout.panel_lines {
        let line = look.panel.get(i).cloned().unwrap_or_default();
        let y = layout.board_height + 6.0 + i as f32 * LINE;
        let _ = write!(
            out,
            r#"<circle id="{prefix}w{i}" cx="36" cy="{}" r="11" {}/>"#,
            px(y + LINE / 2.0),
            inked(line.swatch.unwrap_or(Ink::Empty))
        );
        let (size, weight) = panel_font(&line);
        let _ = write!(
            out,
            r#"<text id="{prefix}p{i}" x="58" y="{}" font-size="{size}" font-weight="{weight}">{}</text>"#,
            px(y + LINE / 2.0 + 7.0),
            escape(&line.text)
        );
    }
    out.push_str("</g>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_elements_name_every_element_the_picture_gives_an_id_and_no_other() {
        use crate::games::Rules;
        use crate::games::draw::Marks;
        use crate::games::draw::picture::Picture;
        use crate::games::pic::Pic;
        let pos = Pic::start(3, &Default::default()).unwrap();
        let layout = Pic::layout(3);
        let look = pos.look(&Marks::none(), &[]);
        let drawn = svg_with_ids(&layout, &look, "A caption", "g2-", Backdrop::Drawn);
        let mut ids: Vec<&str> = drawn
            .split(" id=\"")
            .skip(1)
            .map(|rest| &rest[..rest.find('"').unwrap()])
            .collect();
        ids.sort_unstable();
        let e = elements(&layout, &look, "A caption");
        let kinds = [
            ("s", e.inks.len()),
            ("l", e.labels.len()),
            ("m", e.marks.len()),
            ("w", e.swatches.len()),
            ("p", e.panel.len()),
            ("c", e.caption.len()),
        ];
        let mut named: Vec<String> = kinds
            .iter()
            .flat_map(|&(kind, n)| (0..n).map(move |i| format!("g2-{kind}{i}")))
            .collect();
        named.sort_unstable();
        assert_eq!(ids, named);
        assert_eq!(
            svg(&layout, &look, "A caption"),
            svg_with_ids(&layout, &look, "A caption", "", Backdrop::Drawn)
        );
    }

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
