//! Reading a TOML file a GM wrote, with every complaint pinned to its file, line, column
//! and field.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use toml::de::{DeTable, DeValue};

type Spanned<T> = serde_spanned::Spanned<T>;

/// A problem in a file, at a place in it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct FileError {
    /// The file, as the user named it.
    pub file: PathBuf,
    /// 1-based line, 0 when there is no place (the file could not be read).
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The dotted key, where there is one.
    pub field: Option<String>,
    /// What is wrong, as a sentence without a full stop.
    pub message: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if self.line > 0 {
            write!(f, ":{}:{}", self.line, self.column)?;
        }
        if let Some(field) = &self.field {
            write!(f, ": field `{field}`")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// A TOML document being validated: its name, text and parsed tables.
pub struct Doc<'a> {
    file: &'a Path,
    text: &'a str,
}

/// A table of the document, with the dotted path that leads to it.
pub struct Table<'d, 'a> {
    doc: &'d Doc<'a>,
    path: String,
    table: &'d DeTable<'a>,
    span: Range<usize>,
}

impl<'a> Doc<'a> {
    /// A document named `file` with contents `text`.
    #[must_use]
    pub fn new(file: &'a Path, text: &'a str) -> Doc<'a> {
        Doc { file, text }
    }

    /// Parses the text.
    ///
    /// # Errors
    /// When it is not TOML.
    pub fn parse(&self) -> Result<Spanned<DeTable<'a>>, FileError> {
        DeTable::parse(self.text).map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            let message = e.message().trim().trim_end_matches('.').to_owned();
            self.error(span, None, format!("this is not valid TOML: {message}"))
        })
    }

    /// The root table of a parsed document.
    #[must_use]
    pub fn root<'d>(&'d self, parsed: &'d Spanned<DeTable<'a>>) -> Table<'d, 'a> {
        Table {
            doc: self,
            path: String::new(),
            table: parsed.get_ref(),
            span: parsed.span(),
        }
    }

    /// An error at byte span `span`.
    #[must_use]
    pub fn error(&self, span: Range<usize>, field: Option<String>, message: String) -> FileError {
        let before = &self.text[..span.start.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        FileError {
            file: self.file.to_owned(),
            line,
            column,
            field,
            message,
        }
    }
}

/// A value found in a table: where it is and what it holds.
pub struct Field<'d, 'a> {
    /// The dotted key.
    pub path: String,
    /// Where the value stands.
    pub span: Range<usize>,
    /// The value.
    pub value: &'d DeValue<'a>,
    doc: &'d Doc<'a>,
}

impl<'d, 'a> Field<'d, 'a> {
    /// An error about this field.
    #[must_use]
    pub fn error(&self, message: impl Into<String>) -> FileError {
        self.doc
            .error(self.span.clone(), Some(self.path.clone()), message.into())
    }

    /// An error about the character at byte `at` of this string value, pinned to its
    /// own column when the file writes it plainly enough to find (a brace is found by
    /// counting braces), else to the string's start.
    #[must_use]
    pub fn error_at(&self, at: usize, message: impl Into<String>) -> FileError {
        let value = self.value.as_str().unwrap_or("");
        let raw = self.doc.text.get(self.span.clone()).unwrap_or("");
        let offset = value
            .get(at..)
            .and_then(|rest| rest.chars().next())
            .and_then(|c| {
                // The same brace, counted: the k-th `{` of the value is the k-th of the text
                // written (an escape does not make a brace, unless it is \u007B itself).
                let k = value[..at].matches(c).count();
                let in_raw: Vec<usize> = raw.match_indices(c).map(|(i, _)| i).collect();
                (in_raw.len() == value.matches(c).count())
                    .then(|| in_raw.get(k).copied())
                    .flatten()
            });
        let start = self.span.start + offset.unwrap_or(0);
        self.doc
            .error(start..start, Some(self.path.clone()), message.into())
    }

    /// The value as a string.
    ///
    /// # Errors
    /// When it is something else.
    pub fn str(&self) -> Result<&'d str, FileError> {
        self.value
            .as_str()
            .ok_or_else(|| self.error(format!("expected a string, found {}", kind(self.value))))
    }

    /// The value as a line of text that passes [`crate::names::check`] (a newline or an
    /// escape would forge lines in the ledger or act on the terminal; an invisible or
    /// direction-changing character would make two texts print alike), trimmed, in
    /// Unicode's composed form (NFC).
    ///
    /// # Errors
    /// When it is not a string, or holds such a character (named at its own column).
    pub fn line(&self) -> Result<String, FileError> {
        let text = self.str()?;
        let text =
            crate::names::check(text).map_err(|bad| self.error_at(bad.at, bad.to_string()))?;
        Ok(text.trim().to_owned())
    }

    /// The value as a path: checked as [`Field::line`] checks a line, but kept as written
    /// (a file's name is found by its bytes, never by a normal form of them).
    ///
    /// # Errors
    /// When it is not a string, or holds a character [`crate::names::check`] refuses.
    pub fn path_line(&self) -> Result<String, FileError> {
        let text = self.str()?;
        crate::names::check(text).map_err(|bad| self.error_at(bad.at, bad.to_string()))?;
        Ok(text.trim().to_owned())
    }

    /// The value as a name: a line of text, not empty, of at most [`MAX_NAME`]
    /// characters, with no `/` or `\` (a name is never a path).
    ///
    /// # Errors
    /// When it is not such a name.
    pub fn name(&self, what: &str) -> Result<String, FileError> {
        let name = self.line()?;
        if name.is_empty() {
            return Err(self.error(format!("the {what} is empty")));
        }
        if name.chars().count() > MAX_NAME {
            return Err(self.error(format!(
                "the {what} is {} characters long; at most {MAX_NAME}",
                name.chars().count()
            )));
        }
        if name.contains(['/', '\\']) {
            return Err(self.error(format!(
                "the {what} `{name}` holds a `/` or `\\`; a name is a name, never a path"
            )));
        }
        Ok(name)
    }

    /// The value as an integer.
    ///
    /// # Errors
    /// When it is something else.
    pub fn int(&self) -> Result<i64, FileError> {
        let n = self.value.as_integer().ok_or_else(|| {
            self.error(format!(
                "expected a whole number, found {}",
                kind(self.value)
            ))
        })?;
        i64::from_str_radix(&n.as_str().replace('_', ""), n.radix())
            .map_err(|_| self.error("the number is too large"))
    }

    /// The value as a number, whole or with a point.
    ///
    /// # Errors
    /// When it is something else.
    pub fn number(&self) -> Result<f64, FileError> {
        if let Some(f) = self.value.as_float() {
            return f
                .as_str()
                .replace('_', "")
                .parse()
                .map_err(|_| self.error("the number cannot be read"));
        }
        if self.value.as_integer().is_some() {
            return Ok(self.int()? as f64);
        }
        Err(self.error(format!("expected a number, found {}", kind(self.value))))
    }

    /// The value as true or false.
    ///
    /// # Errors
    /// When it is something else.
    pub fn bool(&self) -> Result<bool, FileError> {
        self.value.as_bool().ok_or_else(|| {
            self.error(format!(
                "expected true or false, found {}",
                kind(self.value)
            ))
        })
    }

    /// The items of a list, each a field of its own named `key[1]`, `key[2]`... (counted
    /// from 1, as a GM counts).
    ///
    /// # Errors
    /// When the value is not a list.
    pub fn items(&self) -> Result<Vec<Field<'d, 'a>>, FileError> {
        let array = self
            .value
            .as_array()
            .ok_or_else(|| self.error(format!("expected a list, found {}", kind(self.value))))?;
        Ok(array
            .iter()
            .enumerate()
            .map(|(i, item)| Field {
                path: format!("{}[{}]", self.path, i + 1),
                span: item.span(),
                value: item.get_ref(),
                doc: self.doc,
            })
            .collect())
    }

    /// The description of the value's kind, for messages: "a string", "a list".
    #[must_use]
    pub fn kind(&self) -> &'static str {
        kind(self.value)
    }

    /// The value as a list of lines (a single string counts as a list of one), each with
    /// no control characters.
    ///
    /// # Errors
    /// When it is something else, or a line holds a control character.
    pub fn strings(&self) -> Result<Vec<String>, FileError> {
        if let Some(s) = self.value.as_str() {
            check_line(s).map_err(|m| self.error(m))?;
            return Ok(vec![s.to_owned()]);
        }
        let array = self.value.as_array().ok_or_else(|| {
            self.error(format!(
                "expected a list of strings, found {}",
                kind(self.value)
            ))
        })?;
        array
            .iter()
            .map(|item| {
                if let Some(text) = item.get_ref().as_str() {
                    check_line(text)
                        .map_err(|m| self.doc.error(item.span(), Some(self.path.clone()), m))?;
                }
                item.get_ref().as_str().map(str::to_owned).ok_or_else(|| {
                    self.doc.error(
                        item.span(),
                        Some(self.path.clone()),
                        format!(
                            "expected a string in the list, found {}",
                            kind(item.get_ref())
                        ),
                    )
                })
            })
            .collect()
    }

    /// The value as a table.
    ///
    /// # Errors
    /// When it is something else.
    pub fn table(&self) -> Result<Table<'d, 'a>, FileError> {
        let table = self
            .value
            .as_table()
            .ok_or_else(|| self.error(format!("expected a table, found {}", kind(self.value))))?;
        Ok(Table {
            doc: self.doc,
            path: self.path.clone(),
            table,
            span: self.span.clone(),
        })
    }
}

/// The longest name taproom takes, in characters.
pub const MAX_NAME: usize = 60;

/// Refuses text that [`crate::names::check`] refuses (a control, invisible or
/// direction-changing character), naming the character.
///
/// # Errors
/// A clause naming the first such character and where it stands.
pub fn check_line(text: &str) -> Result<(), String> {
    crate::names::check(text)
        .map(drop)
        .map_err(|bad| bad.to_string())
}

/// What kind of TOML value this is, for messages.
fn kind(value: &DeValue<'_>) -> &'static str {
    match value {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "a whole number",
        DeValue::Float(_) => "a number with a point",
        DeValue::Boolean(_) => "true or false",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "a list",
        DeValue::Table(_) => "a table",
    }
}

impl<'d, 'a> Table<'d, 'a> {
    fn child_path(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_owned()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    /// Refuses any key not in `allowed`, suggesting the closest allowed one.
    ///
    /// # Errors
    /// On the first unknown key.
    pub fn only(&self, allowed: &[&str]) -> Result<(), FileError> {
        for (key, _) in self.table.iter() {
            let name: &str = key.get_ref();
            if !allowed.contains(&name) {
                let hint = match crate::names::closest(name, allowed.iter().copied()) {
                    Some(a) => format!("; did you mean `{a}`?"),
                    None => format!("; the keys here are {}", allowed.join(", ")),
                };
                return Err(self.doc.error(
                    key.span(),
                    Some(self.child_path(name)),
                    format!("unknown key `{name}`{hint}"),
                ));
            }
        }
        Ok(())
    }

    /// The field under `key`, if present.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<Field<'d, 'a>> {
        self.table
            .iter()
            .find(|(k, _)| k.get_ref() == key)
            .map(|(_, v)| Field {
                path: self.child_path(key),
                span: v.span(),
                value: v.get_ref(),
                doc: self.doc,
            })
    }

    /// The field under `key`, which must be present.
    ///
    /// # Errors
    /// When it is missing.
    pub fn need(&self, key: &str) -> Result<Field<'d, 'a>, FileError> {
        self.get(key).ok_or_else(|| {
            let at = if self.path.is_empty() {
                0..0
            } else {
                self.span.clone()
            };
            self.doc.error(
                at,
                Some(self.child_path(key)),
                format!("the key `{key}` is missing"),
            )
        })
    }

    /// Every key and field of the table, in file order.
    pub fn fields(&self) -> impl Iterator<Item = (&'d str, Field<'d, 'a>)> + '_ {
        self.table.iter().map(|(k, v)| {
            let name: &'d str = k.get_ref();
            (
                name,
                Field {
                    path: self.child_path(name),
                    span: v.span(),
                    value: v.get_ref(),
                    doc: self.doc,
                },
            )
        })
    }

    /// An error about the key `key` of this table (its span is the key's).
    #[must_use]
    pub fn key_error(&self, key: &str, message: impl Into<String>) -> FileError {
        let span = self
            .table
            .iter()
            .find(|(k, _)| k.get_ref() == key)
            .map_or(self.span.clone(), |(k, _)| k.span());
        self.doc
            .error(span, Some(self.child_path(key)), message.into())
    }
}
