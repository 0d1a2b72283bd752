//! Pictures of a match written to a file (`--image FILE`): its kind from the extension,
//! `.svg` and `.png` the last position of the game shown, `.gif` that game move by move.
//! A picture is written whole or not at all; it is not part of a campaign's
//! transaction (it changes nothing the campaign keeps).

use std::path::{Path, PathBuf};

use super::Error;
use crate::report::board::picture::{self, Film};

/// What a picture file holds, as its extension says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageKind {
    /// `.svg`: the last position, as SVG (text, scalable; not shown by every chat client).
    Svg,
    /// `.png`: the last position, 800 pixels wide.
    Png,
    /// `.gif`: the game move by move, animated, a pause on the last.
    Gif,
}

/// How long a GIF shows each picture, in hundredths of a second: the start, each move,
/// and the last (the result), which it holds before it loops.
const START: u16 = 150;
const MOVE: u16 = 70;
const LAST: u16 = 400;
/// The longest a GIF of a game runs, in hundredths of a second: a long game (Kiust Oyun
/// runs to a thousand steps) goes faster, down to a tenth of a second a move (browsers
/// show a shorter delay as that).
const WHOLE: usize = 90 * 100;
const FASTEST: u16 = 10;

/// The delay of each move in a GIF of `frames` frames: [`MOVE`], or faster so that the
/// whole runs about [`WHOLE`], never under [`FASTEST`].
fn pace(frames: usize) -> u16 {
    let each = WHOLE / frames.max(1);
    u16::try_from(each).unwrap_or(MOVE).clamp(FASTEST, MOVE)
}

impl ImageKind {
    /// The kind a file's extension names (any case).
    ///
    /// # Errors
    /// An extension that is none of `.svg`, `.png`, `.gif`.
    pub fn of(path: &Path) -> Result<ImageKind, Error> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("svg") => Ok(ImageKind::Svg),
            Some("png") => Ok(ImageKind::Png),
            Some("gif") => Ok(ImageKind::Gif),
            _ => Err(Error::Image {
                file: path.to_path_buf(),
                message: "the file's name must end in .png, .gif or .svg (the kind of picture)"
                    .to_owned(),
            }),
        }
    }
}

/// An image file asked for, checked before anything is played: its kind, and a folder
/// that exists to put it in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImageTarget {
    /// Where it goes.
    pub path: PathBuf,
    /// What it holds.
    pub kind: ImageKind,
}

impl ImageTarget {
    /// Checks `path` as an image to write: its extension, and its folder.
    ///
    /// # Errors
    /// An extension of no picture; a folder that does not exist.
    pub fn new(path: &Path) -> Result<ImageTarget, Error> {
        let kind = ImageKind::of(path)?;
        let folder = crate::store::folder_of(path);
        if !folder.is_dir() {
            return Err(Error::Image {
                file: path.to_path_buf(),
                message: format!("there is no folder {} to write it in", folder.display()),
            });
        }
        Ok(ImageTarget {
            path: path.to_path_buf(),
            kind,
        })
    }

    /// Draws `film` as this target's kind and writes it whole.
    ///
    /// # Errors
    /// A picture that cannot be drawn or written.
    pub fn write(&self, film: &Film) -> Result<(), Error> {
        let bytes = film_bytes(film, self.kind).map_err(|e| Error::Image {
            file: self.path.clone(),
            message: e.to_string(),
        })?;
        super::pages::write_file(&self.path, &bytes, |e| Error::Image {
            file: self.path.clone(),
            message: format!("cannot write it: {e}"),
        })
    }
}

/// A film as the bytes of a picture file of `kind`.
///
/// # Errors
/// A picture the drawing or an encoder refuses (a fault of taproom's).
pub fn film_bytes(film: &Film, kind: ImageKind) -> Result<Vec<u8>, picture::PictureError> {
    let last = film.last();
    match kind {
        ImageKind::Svg => Ok(picture::svg(&film.layout, &last.look, &last.caption).into_bytes()),
        ImageKind::Png => picture::png(&picture::svg(&film.layout, &last.look, &last.caption)),
        ImageKind::Gif => {
            let looks: Vec<(&picture::Look, &str)> = film
                .stills
                .iter()
                .map(|s| (&s.look, s.caption.as_str()))
                .collect();
            let (under, overs) = picture::layers(&film.layout, &looks);
            let n = overs.len();
            let pace = pace(n);
            let frames: Vec<(String, u16)> = overs
                .into_iter()
                .enumerate()
                .map(|(i, svg)| {
                    let delay = match i {
                        0 => START,
                        i if i + 1 == n => LAST,
                        _ => pace,
                    };
                    (svg, delay)
                })
                .collect();
            picture::gif(&under, &frames)
        }
    }
}
