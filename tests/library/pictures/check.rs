//! Reading a board picture back, to hold it against the position it claims to show: the
//! four notations parsed here from the specs (`shared/rules/*.md`, "Notation"), never by
//! the engine's parser nor from the picture's own model (its `Look`); PNG and GIF
//! decoded by the `png` and `gif` crates; the colour at the centre of each spot sorted
//! into the ink it is, or the board showing through.
//!
//! Shared by the library tests and the command-line tests (`tests/cli/main.rs` takes it
//! by path), which each use part of it.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::io::Cursor;

use taproom::games::GameKind;
use taproom::report::board::picture::{DARK, HEAP, LIGHT, Layout, SEAT_COLOURS};

pub type Rgb = [u8; 3];

/// How far (in each channel) a sampled colour may stray from its ink: a GIF's palette
/// keeps the inks exact, but a little room costs nothing.
const TOLERANCE: i32 = 8;
/// How far (straight-line distance in RGB) the board showing through must be from every
/// ink it could be taken for.
pub const FAR: f64 = 40.0;

/// What one spot shows: nothing (the board), or a disc of an ink.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Shown {
    Empty,
    Ink(Rgb),
}

/// What a position's notation says each spot holds, by the spot's name as the layouts
/// name them (`c3`, `b7`, `heap 4`, `B3`): one [`Shown`] for each spot of that name (the
/// five slots of an Òicustiỳtac trap share its name, and its stones may sit in any of
/// them), and for Piç each heap's count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    pub spots: BTreeMap<String, Vec<Shown>>,
    pub counts: BTreeMap<String, u32>,
    /// The seats the notation has (Piç's groups of three; 2 in the other games).
    pub players: usize,
}

/// The part of a position's text the spec defines: what `{pos:#}` adds after ` | ` is
/// left out.
fn spec_part(text: &str) -> &str {
    text.split(" | ").next().unwrap_or(text).trim()
}

/// Tides of War: the six ranks from 6 down to 1, `/` between, each six of `W`, `B`,
/// `.`; a space and the side to move.
pub fn tides(text: &str) -> Expected {
    let text = spec_part(text);
    let (board, side) = text
        .rsplit_once(' ')
        .unwrap_or_else(|| panic!("no side to move in {text:?}"));
    assert!(side == "w" || side == "b", "side {side:?} in {text:?}");
    let ranks: Vec<&str> = board.split('/').collect();
    assert_eq!(ranks.len(), 6, "six ranks in {text:?}");
    let mut spots = BTreeMap::new();
    for (k, rank) in ranks.iter().enumerate() {
        let number = 6 - k;
        assert_eq!(rank.len(), 6, "six squares in rank {number} of {text:?}");
        for (file, c) in rank.chars().enumerate() {
            let shown = match c {
                'W' => Shown::Ink(LIGHT),
                'B' => Shown::Ink(DARK),
                '.' => Shown::Empty,
                other => panic!("{other:?} on a square of {text:?}"),
            };
            let name = format!("{}{number}", char::from(b'a' + file as u8));
            spots.insert(name, vec![shown]);
        }
    }
    Expected {
        spots,
        counts: BTreeMap::new(),
        players: 2,
    }
}

/// Kiust Oyun: columns `a` to `d`, each twelve of `1`, `2`, `.` from row 1 to row 12,
/// `/` between; ` ; ` and the player to move, then ` k` for the kiust right.
pub fn kiust(text: &str) -> Expected {
    let text = spec_part(text);
    let (board, rest) = text
        .split_once(" ; ")
        .unwrap_or_else(|| panic!("no player to move in {text:?}"));
    assert!(
        ["1", "2", "1 k", "2 k"].contains(&rest),
        "player to move {rest:?} in {text:?}"
    );
    let columns: Vec<&str> = board.split('/').collect();
    assert_eq!(columns.len(), 4, "four columns in {text:?}");
    let mut spots = BTreeMap::new();
    for (c, column) in columns.iter().enumerate() {
        assert_eq!(column.len(), 12, "twelve points in a column of {text:?}");
        for (r, p) in column.chars().enumerate() {
            let shown = match p {
                '1' => Shown::Ink(DARK),
                '2' => Shown::Ink(LIGHT),
                '.' => Shown::Empty,
                other => panic!("{other:?} on a point of {text:?}"),
            };
            let name = format!("{}{}", char::from(b'a' + c as u8), r + 1);
            spots.insert(name, vec![shown]);
        }
    }
    Expected {
        spots,
        counts: BTreeMap::new(),
        players: 2,
    }
}

/// Òicustiỳtac: Black's traps 1–10, ` / `, White's 1–10, each `.` or its stones as `b`
/// and `w` in any order; then ` ; ` supplies, ` ; ` scores, ` ; ` the side to move. A
/// trap's five slots hold its black stones dark and its white ones light, the rest empty.
pub fn oicus(text: &str) -> Expected {
    let text = spec_part(text);
    let parts: Vec<&str> = text.split(" ; ").collect();
    assert_eq!(parts.len(), 4, "board, supplies, scores, side in {text:?}");
    assert!(parts[3] == "b" || parts[3] == "w", "side in {text:?}");
    let lands: Vec<&str> = parts[0].split(" / ").collect();
    assert_eq!(lands.len(), 2, "two Lands in {text:?}");
    let mut spots = BTreeMap::new();
    for (land, letter) in lands.iter().zip(['B', 'W']) {
        let traps: Vec<&str> = land.split(' ').collect();
        assert_eq!(traps.len(), 10, "ten traps in a Land of {text:?}");
        for (t, trap) in traps.iter().enumerate() {
            let (mut black, mut white) = (0, 0);
            if *trap != "." {
                for c in trap.chars() {
                    match c {
                        'b' => black += 1,
                        'w' => white += 1,
                        other => panic!("{other:?} in trap {trap:?} of {text:?}"),
                    }
                }
            }
            assert!(black + white <= 5, "trap {trap:?} of {text:?}");
            let mut shown = vec![Shown::Ink(DARK); black];
            shown.extend(vec![Shown::Ink(LIGHT); white]);
            shown.resize(5, Shown::Empty);
            spots.insert(format!("{letter}{}", t + 1), shown);
        }
    }
    Expected {
        spots,
        counts: BTreeMap::new(),
        players: 2,
    }
}

/// Piç: the heaps clockwise, three a player, ` / ` between the players' groups; a heap
/// its count, a piç its count, `p` and its owner (`3p2`); ` ; ` and the player to move.
/// A piç is its owner's colour, another heap brass when it holds anything, else empty.
pub fn pic(text: &str) -> Expected {
    let text = spec_part(text);
    let (board, side) = text
        .split_once(" ; ")
        .unwrap_or_else(|| panic!("no player to move in {text:?}"));
    let groups: Vec<&str> = board.split(" / ").collect();
    let players = groups.len();
    assert!((2..=5).contains(&players), "players in {text:?}");
    let side: usize = side.parse().expect("the player to move is a number");
    assert!((1..=players).contains(&side), "player to move in {text:?}");
    let mut spots = BTreeMap::new();
    let mut counts = BTreeMap::new();
    let heaps = groups.iter().flat_map(|g| {
        let three: Vec<&str> = g.split(' ').collect();
        assert_eq!(three.len(), 3, "three heaps a player in {text:?}");
        three
    });
    for (i, heap) in heaps.enumerate() {
        let (count, owner) = match heap.split_once('p') {
            Some((count, owner)) => (count, Some(owner.parse::<usize>().expect("an owner"))),
            None => (heap, None),
        };
        let count: u32 = count.parse().expect("a heap's count");
        let shown = match owner {
            Some(o) => {
                assert!((1..=players).contains(&o), "owner of {heap:?} in {text:?}");
                Shown::Ink(SEAT_COLOURS[o - 1])
            }
            None if count > 0 => Shown::Ink(HEAP),
            None => Shown::Empty,
        };
        let name = format!("heap {}", i + 1);
        spots.insert(name.clone(), vec![shown]);
        counts.insert(name, count);
    }
    Expected {
        spots,
        counts,
        players,
    }
}

/// The position's text parsed by the notation of `game`.
pub fn expected(game: GameKind, text: &str) -> Expected {
    match game {
        GameKind::TidesOfWar => tides(text),
        GameKind::KiustOyun => kiust(text),
        GameKind::Oicustiytac => oicus(text),
        GameKind::Pic => pic(text),
        other => panic!("no second reading of {other}'s notation here"),
    }
}

/// What an empty spot must stand clear of: inks, and how far.
#[derive(Clone, Debug, PartialEq)]
pub struct Clear {
    pub inks: Vec<Rgb>,
    pub far: f64,
}

/// What an empty spot must stand clear of in `game`: every ink, [`FAR`] away, with one
/// allowance for what the pictures draw today:
///
/// - Tides of War's towns (`#a9764b`) and Òicustiỳtac's home traps (`#b58a55`) are
///   within 22 and 26 of Piç's brass (`#b0843c`), an ink neither game draws: there the
///   board need only stand clear of the game's own inks.
pub fn clear_of(game: GameKind) -> Clear {
    let mut inks = vec![LIGHT, DARK];
    inks.extend(SEAT_COLOURS);
    if matches!(game, GameKind::Pic | GameKind::KiustOyun) {
        inks.push(HEAP);
    }
    Clear { inks, far: FAR }
}

/// A picture's pixels, three bytes each, row by row.
pub struct Image {
    pub width: u32,
    pub height: u32,
    pub rgb: Vec<u8>,
}

impl Image {
    /// The pixel that holds the point (`x`, `y`).
    pub fn at(&self, x: f32, y: f32) -> Rgb {
        assert!(
            x >= 0.0 && y >= 0.0 && x < self.width as f32 && y < self.height as f32,
            "({x}, {y}) is outside a picture of {}x{}",
            self.width,
            self.height
        );
        let i = 3 * (y.floor() as usize * self.width as usize + x.floor() as usize);
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }
}

/// A PNG file's pixels, decoded by the `png` crate (8-bit RGB or RGBA).
pub fn decode_png(bytes: &[u8]) -> Image {
    let decoder = png::Decoder::new(Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a PNG of a sane size")];
    let info = reader.next_frame(&mut buf).expect("a whole PNG image");
    assert_eq!(info.bit_depth, png::BitDepth::Eight, "8 bits a channel");
    let channels = match info.color_type {
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        other => panic!("a PNG of {other:?}"),
    };
    let mut rgb = Vec::with_capacity(info.width as usize * info.height as usize * 3);
    for row in buf[..info.buffer_size()].chunks_exact(info.line_size) {
        for p in row[..info.width as usize * channels].chunks_exact(channels) {
            rgb.extend_from_slice(&p[..3]);
        }
    }
    Image {
        width: info.width,
        height: info.height,
        rgb,
    }
}

/// What a GIF's frame says of itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrameInfo {
    /// Its rectangle on the screen: left, top, width, height.
    pub rect: [u16; 4],
    /// Hundredths of a second.
    pub delay: u16,
    pub dispose: gif::DisposalMethod,
}

/// A GIF decoded by the `gif` crate, frame by frame, each drawn over the screen as the
/// frames before it left it (its rectangle over what was there, its transparent pixels
/// letting it show through; a frame disposed of as `Background` clears its rectangle
/// after it, `Previous` restores it). `each` sees each frame and the whole screen then.
/// Returns the screen's width and height.
pub fn decode_gif(bytes: &[u8], mut each: impl FnMut(usize, FrameInfo, &Image)) -> (u16, u16) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(Cursor::new(bytes)).expect("a GIF header");
    let (w, h) = (decoder.width(), decoder.height());
    let mut screen = Image {
        width: u32::from(w),
        height: u32::from(h),
        rgb: vec![0; usize::from(w) * usize::from(h) * 3],
    };
    let mut n = 0;
    while let Some(frame) = decoder.read_next_frame().expect("a whole GIF frame") {
        let info = FrameInfo {
            rect: [frame.left, frame.top, frame.width, frame.height],
            delay: frame.delay,
            dispose: frame.dispose,
        };
        let [left, top, fw, fh] = info.rect.map(usize::from);
        assert!(
            left + fw <= usize::from(w) && top + fh <= usize::from(h),
            "frame {n}'s rectangle {:?} leaves the {w}x{h} screen",
            info.rect
        );
        let before = (info.dispose == gif::DisposalMethod::Previous).then(|| screen.rgb.clone());
        for y in 0..fh {
            for x in 0..fw {
                let p = &frame.buffer[4 * (y * fw + x)..4 * (y * fw + x) + 4];
                if p[3] != 0 {
                    let at = 3 * ((top + y) * usize::from(w) + left + x);
                    screen.rgb[at..at + 3].copy_from_slice(&p[..3]);
                }
            }
        }
        each(n, info, &screen);
        match info.dispose {
            gif::DisposalMethod::Previous => screen.rgb = before.expect("kept"),
            gif::DisposalMethod::Background => {
                for y in 0..fh {
                    let at = 3 * ((top + y) * usize::from(w) + left);
                    screen.rgb[at..at + 3 * fw].fill(0);
                }
            }
            _ => {}
        }
        n += 1;
    }
    (w, h)
}

/// The number of frames in a GIF, and each one's delay.
pub fn gif_delays(bytes: &[u8]) -> Vec<u16> {
    let mut options = gif::DecodeOptions::new();
    options.skip_frame_decoding(true);
    let mut decoder = options.read_info(Cursor::new(bytes)).expect("a GIF header");
    let mut delays = Vec::new();
    while let Some(frame) = decoder.next_frame_info().expect("a GIF frame") {
        delays.push(frame.delay);
    }
    delays
}

/// The ink a sampled colour is, `Empty` when it stands clear of every ink `clear` names,
/// `None` when it is neither (a colour no spot should show at its centre).
fn classify(c: Rgb, clear: &Clear) -> Option<Shown> {
    let mut inks = vec![LIGHT, DARK, HEAP];
    inks.extend(SEAT_COLOURS);
    if let Some(ink) = inks
        .into_iter()
        .find(|ink| (0..3).all(|k| (i32::from(c[k]) - i32::from(ink[k])).abs() <= TOLERANCE))
    {
        return Some(Shown::Ink(ink));
    }
    let distance = |ink: &Rgb| {
        (0..3)
            .map(|k| (f64::from(c[k]) - f64::from(ink[k])).powi(2))
            .sum::<f64>()
            .sqrt()
    };
    clear
        .inks
        .iter()
        .all(|ink| distance(ink) >= clear.far)
        .then_some(Shown::Empty)
}

/// Where `image` (drawn on `layout`) does not show what `expected` says: one sentence a
/// spot name, empty when every spot agrees. Every spot of the layout is sampled at its
/// centre, and every place the notation names must have spots.
pub fn mismatches(
    layout: &Layout,
    image: &Image,
    expected: &Expected,
    clear: &Clear,
) -> Vec<String> {
    let mut drawn: BTreeMap<&str, Vec<(Option<Shown>, Rgb)>> = BTreeMap::new();
    // A GIF is drawn smaller than the layout's own size (GIF_SCALE): the spots scale with
    // it, each centre taken at its pixel's centre.
    let scale = image.width as f32 / taproom::report::board::picture::WIDTH;
    for spot in &layout.spots {
        let c = image.at(spot.x * scale, spot.y * scale);
        drawn
            .entry(spot.name.as_str())
            .or_default()
            .push((classify(c, clear), c));
    }
    let mut wrong = Vec::new();
    for (name, want) in &expected.spots {
        let Some(got) = drawn.get(name.as_str()) else {
            wrong.push(format!("{name}: no spot of that name in the layout"));
            continue;
        };
        let mut seen: Vec<Option<Shown>> = got.iter().map(|(s, _)| *s).collect();
        let mut want: Vec<Option<Shown>> = want.iter().copied().map(Some).collect();
        seen.sort();
        want.sort();
        if seen != want {
            let colours: Vec<String> = got
                .iter()
                .map(|(_, c)| format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2]))
                .collect();
            wrong.push(format!(
                "{name}: the notation says {want:?}, the picture shows {seen:?} ({})",
                colours.join(" ")
            ));
        }
    }
    for name in drawn.keys() {
        if !expected.spots.contains_key(*name) {
            wrong.push(format!("{name}: a spot the notation does not name"));
        }
    }
    wrong
}

/// The text of the SVG element `id` (`l4`, the label of spot 4), as drawn.
pub fn svg_text<'a>(svg: &'a str, id: &str) -> Option<&'a str> {
    let open = format!("<text id=\"{id}\"");
    let start = svg.find(&open)? + open.len();
    let body = start + svg[start..].find('>')? + 1;
    let end = body + svg[body..].find("</text>")?;
    Some(&svg[body..end])
}

/// Where a Piç picture's SVG does not label each heap with the notation's count.
pub fn count_mismatches(layout: &Layout, svg: &str, expected: &Expected) -> Vec<String> {
    let mut wrong = Vec::new();
    for (i, spot) in layout.spots.iter().enumerate() {
        let Some(&count) = expected.counts.get(&spot.name) else {
            continue;
        };
        let label = svg_text(svg, &format!("l{i}"));
        if label != Some(count.to_string().as_str()) {
            wrong.push(format!(
                "{}: the notation counts {count}, the label says {label:?}",
                spot.name
            ));
        }
    }
    wrong
}
