//! What one `--apply` wrote, kept in the records it wrote, so that `taproom undo` can take
//! it back: where its lines begin in the history, and for each character file the bytes it
//! replaced and the bytes it put there, with a check of the whole file it left.
//!
//! A character file is taken back only when it is still, byte for byte, the file the write
//! left (its length and CRC-32 say so); it then gets back exactly the bytes it had, every
//! comment and space with them. A file changed since is refused, never merged.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The write a record was made by.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Applied {
    /// Where the write's lines begin in the history, in bytes: the history's length
    /// before it. Every record of one write carries the same.
    pub from: u64,
    /// Each character file the write changed (on the write's last record only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<Restore>,
}

/// One character file as a write changed it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Restore {
    /// The file: its real path as the write found it, relative to the history's real
    /// folder when it is in it (so a campaign's folder may move).
    pub file: PathBuf,
    /// Where the change begins, in bytes.
    pub at: usize,
    /// The text there before the write.
    pub was: String,
    /// The text the write put there.
    pub now: String,
    /// The length of the whole file the write left, in bytes.
    pub len: usize,
    /// The CRC-32 of the whole file the write left.
    pub crc32: u32,
}

impl Restore {
    /// How the write changed `file` from `old` to `new`: the one stretch that differs,
    /// between what both begin and end with.
    #[must_use]
    pub fn between(file: &Path, old: &str, new: &str) -> Restore {
        let (a, b) = (old.as_bytes(), new.as_bytes());
        let mut start = a.iter().zip(b).take_while(|(x, y)| x == y).count();
        while !old.is_char_boundary(start) {
            start -= 1;
        }
        let room = a.len().min(b.len()) - start;
        let mut end = a
            .iter()
            .rev()
            .zip(b.iter().rev())
            .take(room)
            .take_while(|(x, y)| x == y)
            .count();
        while !old.is_char_boundary(a.len() - end) || !new.is_char_boundary(b.len() - end) {
            end -= 1;
        }
        Restore {
            file: file.to_owned(),
            at: start,
            was: old[start..a.len() - end].to_owned(),
            now: new[start..b.len() - end].to_owned(),
            len: b.len(),
            crc32: crc32fast::hash(b),
        }
    }

    /// The file's text before the write, from `text`, its text now; `None` when `text` is
    /// not what the write left.
    #[must_use]
    pub fn undo(&self, text: &str) -> Option<String> {
        let bytes = text.as_bytes();
        if bytes.len() != self.len || crc32fast::hash(bytes) != self.crc32 {
            return None;
        }
        let end = self.at.checked_add(self.now.len())?;
        if text.get(self.at..end) != Some(self.now.as_str()) {
            return None;
        }
        Some(format!("{}{}{}", &text[..self.at], self.was, &text[end..]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_before_comes_back_byte_for_byte() {
        let cases = [
            (
                "purse = \"3 sp 8 cp\"  # left\n",
                "purse = \"1 gp\"  # left\n",
            ),
            (
                "a\npurse = \"3 sp\"\n[voice]\n",
                "a\npurse = \"0 cp\"\ndebt = \"4 sp\"\n[voice]\n",
            ),
            (
                "purse = \"0 cp\"\ndebt = \"4 sp\"\nx\n",
                "purse = \"1 sp\"\nx\n",
            ),
            (
                "name = \"Zoë\"\npurse = \"é\"\n",
                "name = \"Zoë\"\npurse = \"è\"\n",
            ),
            ("same\n", "same\n"),
            ("", "purse = \"1 gp\"\n"),
            ("aaaa", "aa"),
        ];
        for (old, new) in cases {
            let r = Restore::between(Path::new("x.toml"), old, new);
            assert_eq!(
                r.undo(new).as_deref(),
                Some(old),
                "{old:?} -> {new:?}: {r:?}"
            );
            // Stored small: only the stretch that differs.
            assert!(r.was.len() <= old.len() && r.now.len() <= new.len());
        }
    }

    #[test]
    fn a_file_changed_since_is_not_taken_back() {
        let old = "# Pip\npurse = \"3 sp\"\n";
        let new = "# Pip\npurse = \"1 gp\"\n";
        let r = Restore::between(Path::new("pip.toml"), old, new);
        for changed in [
            "# Pip!\npurse = \"1 gp\"\n",
            "# Pip\npurse = \"2 gp\"\n",
            "# Pip\npurse = \"1 gp\"\n\n",
            "",
        ] {
            assert_eq!(r.undo(changed), None, "{changed:?}");
        }
    }
}
