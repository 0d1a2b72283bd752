//! The people's console at `taproom sit`: lines read from standard input, with their
//! limits (a line that is not text, too long, or never ending), and everything the table
//! is told written out.

use std::io::{BufRead, Write};

/// Where a person's turn is read and the table's news is written.
pub trait Console {
    /// Writes some lines (no trailing newline needed).
    fn say(&mut self, text: &str);
    /// Asks with `prompt` and reads one line; `None` when the input has ended.
    fn ask(&mut self, prompt: &str) -> Option<String>;
    /// Why the table's screen could not be written to, if it could not: the match then
    /// stops without being settled (nothing is written).
    fn broken(&mut self) -> Option<std::io::Error> {
        None
    }
}

/// The people at a terminal or a script: lines from standard input, everything written to
/// the output. When the input is not a terminal, each line read is echoed after its
/// prompt, so a scripted game reads as it was played. A line that is not text (not
/// UTF-8) or is too long to be anything taproom asks for is one bad line, said as such;
/// once the output cannot be written, the input counts as ended (and the match is not
/// settled: see [`Console::broken`]).
pub struct Terminal<'o, W: Write> {
    /// Where everything is written.
    pub out: &'o mut W,
    /// Where the lines come from.
    pub input: Box<dyn BufRead>,
    /// Whether each line read is written back after its prompt.
    pub echo: bool,
    /// The first write that failed.
    pub failed: Option<std::io::Error>,
}

/// The longest line taken from the table, in bytes; the rest of a longer one is read
/// and dropped, and the line refused.
const MAX_LINE: usize = 1024;

/// The most taproom reads of one line that never ends (`< /dev/zero`) before it takes the
/// input as ended, so that such an input cannot hold the table for ever.
const MAX_RUN: usize = 8 << 20;

/// One line of input, without its line end, cut at [`MAX_LINE`] bytes (whether it was
/// cut is said); `None` at the end of the input.
///
/// # Errors
/// A read that fails, or a line still running past [`MAX_RUN`] bytes (`InvalidData`).
fn read_line(input: &mut dyn BufRead) -> std::io::Result<Option<(Vec<u8>, bool)>> {
    let mut line = Vec::new();
    let mut cut = false;
    let mut any = false;
    let mut run = 0usize;
    loop {
        if run > MAX_RUN {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                "a line runs on past 8 MB without ending",
            ));
        }
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (take, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        line.extend_from_slice(&buf[..take.min(room)]);
        cut |= take > room;
        run += take;
        input.consume(take);
        if done {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    while line.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
        line.pop();
    }
    Ok(Some((line, cut)))
}

impl<W: Write> Terminal<'_, W> {
    fn line(&mut self, text: &str) {
        if self.failed.is_none()
            && let Err(e) = writeln!(self.out, "{text}")
        {
            self.failed = Some(e);
        }
    }
}

impl<W: Write> Console for Terminal<'_, W> {
    fn say(&mut self, text: &str) {
        self.line(text);
    }

    fn ask(&mut self, prompt: &str) -> Option<String> {
        loop {
            if self.failed.is_some() {
                return None;
            }
            if let Err(e) = write!(self.out, "{prompt}").and_then(|()| self.out.flush()) {
                self.failed = Some(e);
                return None;
            }
            // A read that fails (the terminal gone), or a line that never ends, is the end
            // of the input too.
            let (bytes, cut) = match read_line(&mut *self.input) {
                Ok(Some(read)) => read,
                Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                    self.line("");
                    self.line(&format!(
                        "That line runs on past {} MB without ending; taproom reads no more input.",
                        MAX_RUN >> 20
                    ));
                    return None;
                }
                Ok(None) | Err(_) => {
                    self.line("");
                    return None;
                }
            };
            let text = String::from_utf8(bytes);
            if self.echo {
                let shown = match &text {
                    Ok(t) => crate::ops::sit::shown(t),
                    Err(e) => crate::ops::sit::shown(&String::from_utf8_lossy(e.as_bytes())),
                };
                self.line(&shown);
            }
            match text {
                _ if cut => self.line(&format!(
                    "That line is longer than {MAX_LINE} bytes, too long to read. Try again."
                )),
                Ok(line) => return Some(line),
                Err(_) => {
                    self.line("That line is not text (it is not UTF-8); it is not read. Try again.")
                }
            }
        }
    }

    fn broken(&mut self) -> Option<std::io::Error> {
        self.failed.take()
    }
}
