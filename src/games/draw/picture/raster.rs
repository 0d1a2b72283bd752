//! Pictures as pixels: an SVG drawn by resvg with the font inside the binary, written as
//! PNG by the `png` crate or, a picture a frame, as an animated GIF by the `gif` crate.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

use super::{DARK, HEAP, LIGHT, MARK, PAPER, SEAT_COLOURS, WOOD};

/// The fonts the pictures are drawn with (DejaVu Sans; see `data/fonts/`).
const REGULAR: &[u8] = include_bytes!("../../../../data/fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("../../../../data/fonts/DejaVuSans-Bold.ttf");

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    /// The drawing was refused (a fault of taproom's, never of the user's input).
    #[error("the picture could not be drawn: {0}")]
    Draw(String),
    /// An encoder refused the pixels.
    #[error("the picture could not be encoded: {0}")]
    Encode(String),
}

/// The options resvg reads SVG with: only the fonts inside the binary, loaded once.
fn options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut fonts = usvg::fontdb::Database::new();
        fonts.load_font_data(REGULAR.to_vec());
        fonts.load_font_data(BOLD.to_vec());
        fonts.set_sans_serif_family("DejaVu Sans");
        usvg::Options {
            font_family: "DejaVu Sans".to_owned(),
            fontdb: Arc::new(fonts),
            ..usvg::Options::default()
        }
    })
}

/// An SVG document drawn to pixels at its own size: (width, height, RGBA bytes, row by
/// row). The pictures are opaque, so the bytes are plain (not premultiplied) RGBA.
///
/// # Errors
/// An SVG that resvg cannot read.
pub fn rgba(svg: &str) -> Result<(u32, u32, Vec<u8>), PictureError> {
    let pixmap = draw(svg, 1.0, None)?;
    Ok((pixmap.width(), pixmap.height(), pixmap.take()))
}

/// An SVG document drawn at `scale`, over a copy of `under` (of the same size) when one
/// is given, else on nothing.
fn draw(svg: &str, scale: f32, under: Option<&Pixmap>) -> Result<Pixmap, PictureError> {
    let tree =
        usvg::Tree::from_str(svg, options()).map_err(|e| PictureError::Draw(e.to_string()))?;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .ok_or_else(|| PictureError::Draw("a picture of no size".to_owned()))?;
    let mut pixmap = match under {
        Some(under) => under.clone(),
        None => Pixmap::new(size.width(), size.height())
            .ok_or_else(|| PictureError::Draw("an empty picture".to_owned()))?,
    };
    if (pixmap.width(), pixmap.height()) != (size.width(), size.height()) {
        return Err(PictureError::Draw("layers of different sizes".to_owned()));
    }
    resvg::render(
        &tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// An SVG document as a PNG file's bytes (RGB, no alpha: the pictures are opaque).
///
/// # Errors
/// An SVG that resvg cannot read; an encoder error.
pub fn png(svg: &str) -> Result<Vec<u8>, PictureError> {
    let (w, h, pixels) = rgba(svg)?;
    let rgb: Vec<u8> = pixels
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let encode = |e: png::EncodingError| PictureError::Encode(e.to_string());
    let mut writer = encoder.write_header().map_err(encode)?;
    writer.write_image_data(&rgb).map_err(encode)?;
    writer.finish().map_err(encode)?;
    Ok(out)
}

/// The colours every picture draws flat, put first in a GIF's palette so that they come
/// out exact: the inks, the wood, the paper, the mark.
fn exact_colours() -> Vec<[u8; 3]> {
    let mut colours = vec![PAPER, WOOD, LIGHT, DARK, HEAP, MARK];
    colours.extend(SEAT_COLOURS);
    colours
}

/// A palette of at most 256 colours for frames of RGBA pixels: the exact colours, then
/// what NeuQuant (the `color_quant` crate) learns from a sample of the frames for the
/// rest (the edges that anti-aliasing softens, the board's own colours).
struct Palette {
    colours: Vec<[u8; 3]>,
    index: HashMap<[u8; 3], u8>,
}

impl Palette {
    fn learn(frames: &[&[u8]]) -> Palette {
        let mut colours = exact_colours();
        // Every 7th pixel of up to eight frames spread over the film is plenty to learn
        // from, and keeps a long film quick.
        let step = frames.len().div_ceil(8).max(1);
        let mut sample = Vec::new();
        for frame in frames.iter().step_by(step) {
            for p in frame.chunks_exact(4).step_by(7) {
                sample.extend_from_slice(&[p[0], p[1], p[2], 255]);
            }
        }
        let room = usize::from(CLEAR) - colours.len();
        if !sample.is_empty() {
            let quant = color_quant::NeuQuant::new(10, room, &sample);
            for c in quant.color_map_rgba().chunks_exact(4) {
                colours.push([c[0], c[1], c[2]]);
            }
        }
        // The last index stays free: it is the transparent one.
        colours.truncate(usize::from(CLEAR));
        let index = colours
            .iter()
            .enumerate()
            .rev()
            .map(|(i, c)| (*c, i as u8))
            .collect();
        Palette { colours, index }
    }

    /// The palette's index for a colour: its own when it has one, else the nearest
    /// (remembered in `nearest`, as a frame repeats its colours).
    fn of(&self, c: [u8; 3], nearest: &mut HashMap<[u8; 3], u8>) -> u8 {
        if let Some(&i) = self.index.get(&c).or_else(|| nearest.get(&c)) {
            return i;
        }
        let dist = |p: &[u8; 3]| {
            (0..3)
                .map(|k| (i32::from(p[k]) - i32::from(c[k])).pow(2))
                .sum::<i32>()
        };
        let best = self
            .colours
            .iter()
            .enumerate()
            .min_by_key(|(_, p)| dist(p))
            .map_or(0, |(i, _)| i as u8);
        nearest.insert(c, best);
        best
    }

    fn flat(&self) -> Vec<u8> {
        let mut flat: Vec<u8> = self.colours.iter().flatten().copied().collect();
        flat.resize(256 * 3, 0);
        flat
    }
}

/// The palette index a GIF frame leaves transparent: the pixel of the frame before shows
/// through (a frame after the first draws only what changed).
const CLEAR: u8 = 255;

/// The scale a GIF is drawn at: 600 pixels wide, half the pixels of a PNG, which keeps a
/// long game quick to draw and small to send.
pub const GIF_SCALE: f32 = 0.75;

/// An animated GIF that loops: the SVG document `under` drawn once, and each frame's
/// document drawn over it (see [`super::svg::layers`]), shown for its delay (in hundredths
/// of a second), at [`GIF_SCALE`]. Each frame after the first is written as the rectangle
/// that changed, its unchanged pixels transparent over the frame before, which keeps a
/// long game small. The frames are drawn in parallel.
///
/// # Errors
/// An SVG that resvg cannot read; documents of different sizes; an encoder error.
pub fn gif(under: &str, frames: &[(String, u16)]) -> Result<Vec<u8>, PictureError> {
    use rayon::prelude::*;
    let base = draw(under, GIF_SCALE, None)?;
    let (w, h) = (base.width(), base.height());
    let (gw, gh) = (
        u16::try_from(w).map_err(|_| PictureError::Encode("too wide".to_owned()))?,
        u16::try_from(h).map_err(|_| PictureError::Encode("too tall".to_owned()))?,
    );
    let over = |svg: &str| draw(svg, GIF_SCALE, Some(&base)).map(Pixmap::take);
    // The palette is learnt from up to eight frames spread over the film.
    let step = frames.len().div_ceil(8).max(1);
    let sample: Vec<Vec<u8>> = frames
        .par_iter()
        .step_by(step)
        .map(|(svg, _)| over(svg))
        .collect::<Result<_, _>>()?;
    let sample: Vec<&[u8]> = sample.iter().map(Vec::as_slice).collect();
    let palette = Palette::learn(&sample);
    let encode = |e: gif::EncodingError| PictureError::Encode(e.to_string());
    let mut out = Vec::new();
    let mut encoder = gif::Encoder::new(&mut out, gw, gh, &palette.flat()).map_err(encode)?;
    encoder.set_repeat(gif::Repeat::Infinite).map_err(encode)?;
    // A batch at a time: drawn, then each frame cut to what changed since the one before
    // and compressed, in parallel; only a batch's pixels are held at once.
    let batch = 4 * rayon::current_num_threads().max(1);
    let mut before: Option<Vec<u8>> = None;
    for chunk in frames.chunks(batch) {
        let drawn: Vec<Vec<u8>> = chunk
            .par_iter()
            .map(|(svg, _)| over(svg))
            .collect::<Result<_, _>>()?;
        let encoded: Vec<gif::Frame<'static>> = (0..drawn.len())
            .into_par_iter()
            .map(|i| {
                let prior = match i {
                    0 => before.as_deref(),
                    i => Some(drawn[i - 1].as_slice()),
                };
                let mut frame = cut(&palette, prior, &drawn[i], w as usize, h as usize);
                frame.delay = chunk[i].1;
                frame.make_lzw_pre_encoded();
                frame
            })
            .collect();
        for frame in &encoded {
            encoder.write_lzw_pre_encoded_frame(frame).map_err(encode)?;
        }
        before = drawn.into_iter().last();
    }
    drop(encoder);
    Ok(out)
}

/// A GIF frame of `now` (RGBA, `w` by `h`): whole when it is the first, else the
/// rectangle that changed since `before`, its unchanged pixels transparent.
fn cut(
    palette: &Palette,
    before: Option<&[u8]>,
    now: &[u8],
    w: usize,
    h: usize,
) -> gif::Frame<'static> {
    let [x0, y0, x1, y1] = match before {
        Some(before) => changed(before, now, w, h),
        None => [0, 0, w, h],
    };
    let mut buffer = Vec::with_capacity((x1 - x0) * (y1 - y0));
    let mut last: Option<([u8; 3], u8)> = None;
    let mut nearest = HashMap::new();
    let mut index_of = |p: &[u8]| {
        let c = [p[0], p[1], p[2]];
        match last {
            Some((seen, index)) if seen == c => index,
            _ => {
                let index = palette.of(c, &mut nearest);
                last = Some((c, index));
                index
            }
        }
    };
    for y in y0..y1 {
        let span = 4 * (y * w + x0)..4 * (y * w + x1);
        let row = now[span.clone()].chunks_exact(4);
        match before {
            Some(before) => {
                for (p, q) in row.zip(before[span].chunks_exact(4)) {
                    buffer.push(if p == q { CLEAR } else { index_of(p) });
                }
            }
            None => buffer.extend(row.map(&mut index_of)),
        }
    }
    gif::Frame {
        left: x0 as u16,
        top: y0 as u16,
        width: (x1 - x0) as u16,
        height: (y1 - y0) as u16,
        dispose: gif::DisposalMethod::Keep,
        transparent: before.map(|_| CLEAR),
        buffer: std::borrow::Cow::Owned(buffer),
        ..gif::Frame::default()
    }
}

/// The rectangle `[x0, y0, x1, y1]` (ends exclusive) where two frames of RGBA pixels `w`
/// by `h` differ; a single pixel at the origin when they do not (a GIF frame cannot be
/// empty).
fn changed(a: &[u8], b: &[u8], w: usize, h: usize) -> [usize; 4] {
    let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
    let row = 4 * w;
    for y in 0..h {
        let (ra, rb) = (&a[y * row..(y + 1) * row], &b[y * row..(y + 1) * row]);
        if ra == rb {
            continue;
        }
        y0 = y0.min(y);
        y1 = y + 1;
        let pa = ra.chunks_exact(4);
        let first = pa
            .clone()
            .zip(rb.chunks_exact(4))
            .position(|(p, q)| p != q)
            .unwrap_or(0);
        let last = w - pa
            .rev()
            .zip(rb.chunks_exact(4).rev())
            .position(|(p, q)| p != q)
            .unwrap_or(0);
        x0 = x0.min(first);
        x1 = x1.max(last);
    }
    if y1 == 0 {
        [0, 0, 1, 1]
    } else {
        [x0, y0, x1, y1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_changed_rectangle_covers_every_difference_and_no_more() {
        let (w, h) = (6, 5);
        let a = vec![0u8; 4 * w * h];
        let mut b = a.clone();
        b[4 * (w + 2) + 1] = 1; // (2, 1), its green
        b[4 * (3 * w + 4)] = 1; // (4, 3), its red
        assert_eq!(changed(&a, &b, w, h), [2, 1, 5, 4]);
        assert_eq!(changed(&a, &a, w, h), [0, 0, 1, 1]);
    }

    #[test]
    fn the_exact_colours_keep_their_own_index() {
        let frame: Vec<u8> = (0..4000u32)
            .flat_map(|i| [(i % 256) as u8, (i / 16 % 256) as u8, 40, 255])
            .collect();
        let palette = Palette::learn(&[&frame]);
        let mut nearest = HashMap::new();
        assert!(palette.colours.len() <= usize::from(CLEAR));
        for (i, c) in exact_colours().into_iter().enumerate() {
            let at = usize::from(palette.of(c, &mut nearest));
            assert_eq!(palette.colours[at], c, "colour {i}");
        }
    }
}
