//! A chart of each character's purse across the campaign (`taproom history --image`):
//! the matches in order along, the purse's worth up, a coloured line and a name for each
//! character. Drawn as SVG, and from the SVG as PNG by the pictures' rasteriser.

use std::fmt::Write as _;

use crate::history::Record;
use crate::report::board::picture::{self, PictureError, SEAT_COLOURS};
use crate::wager::money::show_change;
use crate::wager::{Currency, Money};

/// The chart's size, in pixels of its PNG.
pub const WIDTH: f32 = 900.0;
/// The chart's height.
pub const HEIGHT: f32 = 520.0;

const LEFT: f32 = 110.0;
const RIGHT: f32 = 190.0;
const TOP: f32 = 50.0;
const BOTTOM: f32 = 70.0;
const FONT: &str = "DejaVu Sans, Verdana, sans-serif";

/// The lines' colours, one a character in turn: the seats' colours, then more.
const COLOURS: [[u8; 3]; 10] = [
    SEAT_COLOURS[0],
    SEAT_COLOURS[1],
    SEAT_COLOURS[2],
    SEAT_COLOURS[3],
    SEAT_COLOURS[4],
    [0x00, 0x83, 0x8f],
    [0x6d, 0x4c, 0x41],
    [0xd8, 0x1b, 0x60],
    [0x54, 0x6e, 0x7a],
    [0x82, 0x77, 0x17],
];

/// One character's purse through the matches: (position, worth in copper), where
/// position 0 is before the first match and `k` after match `k`.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Whose purse.
    pub name: String,
    /// The points, left to right.
    pub points: Vec<(usize, i128)>,
}

/// Every purse the records moved, in the order each first appears; with `only`, that
/// character's alone. A purse keeps its worth between the matches that moved it, and
/// runs on to the last match.
#[must_use]
pub fn lines(records: &[&Record], only: Option<&str>) -> Vec<Line> {
    let mut out: Vec<Line> = Vec::new();
    for (i, r) in records.iter().enumerate() {
        for m in &r.money {
            if only.is_some_and(|o| o != m.name) {
                continue;
            }
            let line = match out.iter().position(|l| l.name == m.name) {
                Some(at) => &mut out[at],
                None => {
                    out.push(Line {
                        name: m.name.clone(),
                        points: Vec::new(),
                    });
                    out.last_mut().expect("just pushed")
                }
            };
            if line.points.last() != Some(&(i, m.before_cp)) {
                line.points.push((i, m.before_cp));
            }
            line.points.push((i + 1, m.after_cp));
        }
    }
    let end = records.len();
    for line in &mut out {
        if let Some(&(x, y)) = line.points.last()
            && x < end
        {
            line.points.push((end, y));
        }
    }
    out
}

/// A step between ticks that gives about five of them over `span` coppers: 1, 2 or 5
/// times a power of ten (for a span past any purse, the largest such step there is).
fn tick_step(span: i128) -> i128 {
    let rough = (span / 5).max(1);
    let mut power: i128 = 1;
    while let Some(next) = power.checked_mul(10)
        && next <= rough
    {
        power = next;
    }
    [1, 2, 5, 10]
        .into_iter()
        .filter_map(|m| power.checked_mul(m))
        .find(|s| *s >= rough)
        .unwrap_or(power)
}

/// The most lines the grid draws: about five by [`tick_step`], seven with the ends
/// rounded out, and never more, whatever the amounts.
const MOST_GRID_LINES: i128 = 12;

/// The axis from `lo` to `hi` (`lo <= 0 <= hi`), rounded out to whole steps: the ends and
/// the step between ticks. Saturating arithmetic, so that no amount wraps.
fn axis(lo: i128, hi: i128) -> (i128, i128, i128) {
    let step = tick_step(hi.saturating_sub(lo).max(1));
    let lo = lo.div_euclid(step).saturating_mul(step);
    let up = hi.div_euclid(step).saturating_mul(step);
    let hi = if up < hi { up.saturating_add(step) } else { up };
    let hi = if hi == lo {
        lo.saturating_add(step)
    } else {
        hi
    };
    (lo, hi, step)
}

/// An amount as the axis writes it: the currency's coins, a sign only below zero.
fn amount(copper: i128, currency: Currency) -> String {
    if copper < 0 {
        show_change(copper, currency).to_string()
    } else {
        Money(u64::try_from(copper).unwrap_or(u64::MAX))
            .show(currency)
            .to_string()
    }
}

/// The plot's width, between the worth along the side and the names at the lines' ends.
const PLOT_W: f32 = WIDTH - LEFT - RIGHT;
/// The plot's height, between the title and the matches along the bottom.
const PLOT_H: f32 = HEIGHT - TOP - BOTTOM;

/// Where the plot's values fall: `n` matches across, `lo` to `hi` copper up the side, a
/// tick every `step`.
struct Frame {
    n: usize,
    lo: i128,
    hi: i128,
    step: i128,
}

impl Frame {
    /// The frame that holds every line's points (and zero), rounded out to whole ticks.
    fn around(lines: &[Line], matches: usize) -> Frame {
        let values = lines.iter().flat_map(|l| l.points.iter().map(|p| p.1));
        let (lo, hi) = values.fold((0_i128, 0_i128), |(lo, hi), v| (lo.min(v), hi.max(v)));
        let (lo, hi, step) = axis(lo, hi);
        Frame {
            n: matches.max(1),
            lo,
            hi,
            step,
        }
    }

    /// Across, in pixels, after `k` matches.
    #[allow(clippy::cast_precision_loss)]
    fn x(&self, k: usize) -> f32 {
        LEFT + PLOT_W * k as f32 / self.n as f32
    }

    /// Up, in pixels, at a worth of `v` copper.
    #[allow(clippy::cast_precision_loss)]
    fn y(&self, v: i128) -> f32 {
        let (lo, hi) = (self.lo, self.hi);
        TOP + PLOT_H * (1.0 - v.saturating_sub(lo) as f32 / hi.saturating_sub(lo).max(1) as f32)
    }
}

/// The chart as an SVG document.
#[must_use]
pub fn svg(records: &[&Record], only: Option<&str>, currency: Currency) -> String {
    let lines = lines(records, only);
    let frame = Frame::around(&lines, records.len());
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="{FONT}">"#
    );
    let _ = write!(
        s,
        r##"<rect width="{WIDTH}" height="{HEIGHT}" fill="{}"/>"##,
        picture::hex(picture::PAPER)
    );
    let title = match only {
        Some(name) => format!("{}’s purse across the campaign", name),
        None => "Purses across the campaign".to_owned(),
    };
    let _ = write!(
        s,
        r##"<text x="{}" y="30" font-size="20" font-weight="bold" text-anchor="middle" fill="#242220">{}</text>"##,
        WIDTH / 2.0,
        picture::escape(&title)
    );
    grid(&mut s, &frame, currency);
    axes(&mut s, &frame, currency);
    draw_lines(&mut s, &frame, &lines);
    s.push_str("</svg>\n");
    s
}

/// The grid across the plot and the worth along the side: a bounded count of lines, the
/// one at zero darker.
fn grid(s: &mut String, frame: &Frame, currency: Currency) {
    let (lo, hi, step) = (frame.lo, frame.hi, frame.step);
    let grid = (0..=MOST_GRID_LINES)
        .map_while(|k| lo.checked_add(k.checked_mul(step)?))
        .take_while(|v| *v <= hi);
    for v in grid {
        let yy = frame.y(v);
        let colour = if v == 0 { "#8a8170" } else { "#ddd5c4" };
        let _ = write!(
            s,
            r#"<line x1="{LEFT}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="{colour}" stroke-width="1"/>"#,
            LEFT + PLOT_W
        );
        let _ = write!(
            s,
            r##"<text x="{:.1}" y="{:.1}" font-size="13" text-anchor="end" fill="#242220">{}</text>"##,
            LEFT - 8.0,
            yy + 4.5,
            picture::escape(&amount(v, currency))
        );
    }
}

/// The matches along the bottom (at most about twenty marked), the two axes and what
/// each measures.
fn axes(s: &mut String, frame: &Frame, currency: Currency) {
    let n = frame.n;
    let every = n.div_ceil(20).max(1);
    for k in (0..=n).step_by(every) {
        let xx = frame.x(k);
        let _ = write!(
            s,
            r##"<line x1="{xx:.1}" y1="{:.1}" x2="{xx:.1}" y2="{:.1}" stroke="#242220" stroke-width="1"/><text x="{xx:.1}" y="{:.1}" font-size="13" text-anchor="middle" fill="#242220">{k}</text>"##,
            TOP + PLOT_H,
            TOP + PLOT_H + 5.0,
            TOP + PLOT_H + 20.0
        );
    }
    let _ = write!(
        s,
        r##"<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{:.1}" stroke="#242220" stroke-width="1.5"/><line x1="{LEFT}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#242220" stroke-width="1.5"/>"##,
        TOP + PLOT_H,
        TOP + PLOT_H,
        LEFT + PLOT_W,
        TOP + PLOT_H
    );
    let _ = write!(
        s,
        r##"<text x="{:.1}" y="{:.1}" font-size="15" text-anchor="middle" fill="#242220">matches played, in order</text>"##,
        LEFT + PLOT_W / 2.0,
        HEIGHT - 22.0
    );
    let _ = write!(
        s,
        r##"<text x="22" y="{:.1}" font-size="15" text-anchor="middle" fill="#242220" transform="rotate(-90 22 {:.1})">purse, in {}</text>"##,
        TOP + PLOT_H / 2.0,
        TOP + PLOT_H / 2.0,
        currency_name(currency)
    );
}

/// Each purse's line, and each name at its line's end, kept apart.
fn draw_lines(s: &mut String, frame: &Frame, lines: &[Line]) {
    let mut labels: Vec<(f32, String, String)> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let colour = picture::hex(COLOURS[i % COLOURS.len()]);
        let points: Vec<String> = line
            .points
            .iter()
            .map(|&(k, v)| format!("{:.1},{:.1}", frame.x(k), frame.y(v)))
            .collect();
        let _ = write!(
            s,
            r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"/>"#,
            points.join(" ")
        );
        if let Some(&(_, v)) = line.points.last() {
            labels.push((frame.y(v), line.name.clone(), colour));
        }
    }
    labels.sort_by(|a, b| a.0.total_cmp(&b.0));
    let ys = apart(
        &labels.iter().map(|l| l.0).collect::<Vec<_>>(),
        16.0,
        HEIGHT - 10.0,
    );
    for (label, y) in labels.iter_mut().zip(ys) {
        label.0 = y;
    }
    for (yy, name, colour) in &labels {
        let _ = write!(
            s,
            r#"<text x="{:.1}" y="{:.1}" font-size="13" fill="{colour}">{}</text>"#,
            LEFT + PLOT_W + 8.0,
            yy + 4.5,
            picture::escape(name)
        );
    }
}

/// Heights for labels wanted at `ys` (in order, top first), each at least `gap` below
/// the one above and none below `floor`: pushed down where they crowd, then up from the
/// floor where they ran past it.
fn apart(ys: &[f32], gap: f32, floor: f32) -> Vec<f32> {
    let mut out = ys.to_vec();
    for i in 1..out.len() {
        out[i] = out[i].max(out[i - 1] + gap);
    }
    if let Some(last) = out.last_mut() {
        *last = last.min(floor);
    }
    for i in (0..out.len().saturating_sub(1)).rev() {
        out[i] = out[i].min(out[i + 1] - gap);
    }
    out
}

/// The currency in words for the axis: `gp`, or `coins` for the fewest.
fn currency_name(currency: Currency) -> String {
    match currency {
        Currency::Fewest => "coins".to_owned(),
        c => c.to_string(),
    }
}

/// The chart as a PNG file's bytes.
///
/// # Errors
/// A drawing the rasteriser refuses (a fault of taproom's).
pub fn png(
    records: &[&Record],
    only: Option<&str>,
    currency: Currency,
) -> Result<Vec<u8>, PictureError> {
    picture::png(&svg(records, only, currency))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(name: &str, before_cp: i128, after_cp: i128) -> crate::history::MoneyChange {
        crate::history::MoneyChange {
            name: name.to_owned(),
            before_cp,
            after_cp,
        }
    }

    fn with_money(money: Vec<crate::history::MoneyChange>) -> Record {
        let line = r#"{"version":1,"at":"2026-12-03T20:00:00+01:00","tavern":"T","evening":"e","command":"play","game":"pic","format":"best of 1","seed":1,"replay":"","entrants":[],"games":[],"winners":[]}"#;
        let mut r: Record = serde_json::from_str(line).expect("a record");
        r.money = money;
        r
    }

    #[test]
    fn a_purse_holds_its_worth_between_the_matches_that_move_it() {
        let records = [
            with_money(vec![money("A", 100, 150)]),
            with_money(vec![money("B", 10, 0)]),
            // A's purse changed outside the record (a purchase) before match 3.
            with_money(vec![money("A", 120, 200)]),
            with_money(vec![]),
        ];
        let refs: Vec<&Record> = records.iter().collect();
        let got = lines(&refs, None);
        assert_eq!(got[0].name, "A");
        // Before match 1, after it, its worth before match 3, after it, held to the end.
        assert_eq!(
            got[0].points,
            [(0, 100), (1, 150), (2, 120), (3, 200), (4, 200)]
        );
        assert_eq!(got[1].points, [(1, 10), (2, 0), (4, 0)]);
        assert_eq!(lines(&refs, Some("B")).len(), 1);
    }

    #[test]
    fn labels_keep_apart_and_on_the_picture() {
        assert_eq!(
            apart(&[100.0, 105.0, 300.0], 16.0, 500.0),
            [100.0, 116.0, 300.0]
        );
        assert_eq!(
            apart(&[490.0, 495.0, 499.0], 16.0, 500.0),
            [468.0, 484.0, 500.0]
        );
    }

    #[test]
    fn ticks_are_one_two_or_five_times_a_power_of_ten() {
        assert_eq!(tick_step(1000), 200);
        assert_eq!(tick_step(2600), 1000);
        assert_eq!(tick_step(12), 2);
        assert_eq!(tick_step(1), 1);
        // Past any purse: a fifth of i128::MAX is about 3.4e37, so 1e37 is the power of
        // ten and 5e37 the first step past it (no wrap on the way).
        assert_eq!(tick_step(i128::MAX), 10_i128.pow(37) * 5);
    }

    #[test]
    fn the_axis_has_a_handful_of_lines_whatever_the_amounts() {
        for (lo, hi) in [
            (0, 1),
            (-7, 0),
            (-1_000, 26_000),
            (-1_000_000_000_000_000, 1_000_000_000_000_000),
            (i128::MIN, i128::MAX),
            (i128::MIN, 0),
            (0, i128::MAX),
        ] {
            let (a, b, step) = axis(lo, hi);
            assert!(
                step > 0 && a <= lo && b >= hi && a < b,
                "{lo}..{hi}: {a} {b} {step}"
            );
            // By hand: (b - a) / step lines and one, at most seven for a span that fits.
            let lines = (b / step) - (a / step) + 1;
            assert!(
                (2..=MOST_GRID_LINES).contains(&lines),
                "{lo}..{hi}: {lines}"
            );
        }
    }

    #[test]
    fn a_chart_of_amounts_past_any_purse_is_drawn_at_once() {
        let records = [
            with_money(vec![money("A", i128::MIN, i128::MAX)]),
            with_money(vec![money("B", i128::MAX, i128::MIN)]),
        ];
        let refs: Vec<&Record> = records.iter().collect();
        let started = std::time::Instant::now();
        let drawn = svg(&refs, None, Currency::GOLD);
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
        assert!(drawn.len() < 100_000, "{} bytes", drawn.len());
        assert!(drawn.ends_with("</svg>\n"));
    }
}
