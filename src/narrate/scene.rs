//! A told game as a GM reads it: a heading and its lines, some for the GM alone.

/// A told game: a heading and its lines.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Scene {
    /// "Game 1", "Round 2".
    pub heading: String,
    /// The lines, in order.
    pub lines: Vec<String>,
    /// The lines for the GM alone, by their index in `lines`, in order: what the players
    /// did not see (a cheat nobody caught). The players' view leaves them out.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub gm_only: Vec<usize>,
    /// For each of `gm_only`, the game (or round) it is about, 0 for the match: a brief
    /// telling's cheat that got away is told with the result, of the game it was in.
    #[serde(skip)]
    pub gm_games: Vec<u32>,
}

impl Scene {
    /// A scene with no lines yet.
    #[must_use]
    pub fn new(heading: impl Into<String>) -> Scene {
        Scene {
            heading: heading.into(),
            lines: Vec::new(),
            gm_only: Vec::new(),
            gm_games: Vec::new(),
        }
    }

    /// Whether line `i` is for the GM alone.
    #[must_use]
    pub fn is_gm_only(&self, i: usize) -> bool {
        self.gm_only.binary_search(&i).is_ok()
    }

    /// The lines the players may hear: every line but the GM's own.
    pub fn players_lines(&self) -> impl Iterator<Item = &String> {
        self.lines
            .iter()
            .enumerate()
            .filter(|(i, _)| !self.is_gm_only(*i))
            .map(|(_, l)| l)
    }

    /// Adds a line for everyone.
    pub(super) fn push(&mut self, line: String) {
        self.lines.push(line);
    }

    /// Adds a line for the GM alone, about `game` (0 for the match).
    pub(super) fn push_gm_only(&mut self, line: String, game: u32) {
        self.gm_only.push(self.lines.len());
        self.gm_games.push(game);
        self.lines.push(line);
    }

    /// The lines for the GM alone, each with the game (or round) it is about, 0 for the
    /// match.
    pub fn gm_lines(&self) -> impl Iterator<Item = (u32, &String)> {
        self.gm_only
            .iter()
            .enumerate()
            .map(|(k, &i)| (self.gm_games.get(k).copied().unwrap_or(0), &self.lines[i]))
    }
}
