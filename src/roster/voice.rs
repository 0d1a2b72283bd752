//! What a character says, at the moments a character's own voice has lines for (the
//! narrator reads them; a character file's `[voice]` writes them).

use serde::Serialize;

/// The moments a character has lines for, by their keys in `[voice]`.
pub const VOICE_KEYS: [&str; 5] = [
    VoiceMoment::Greeting.key_const(),
    VoiceMoment::Boast.key_const(),
    VoiceMoment::Win.key_const(),
    VoiceMoment::Loss.key_const(),
    VoiceMoment::Caught.key_const(),
];

/// What a character says at each moment (any list may be empty).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Voice {
    /// On sitting down.
    pub greeting: Vec<String>,
    /// When things go their way.
    pub boast: Vec<String>,
    /// On winning.
    pub win: Vec<String>,
    /// On losing.
    pub loss: Vec<String>,
    /// On being caught cheating, and caught again.
    pub caught: Vec<String>,
}

impl Voice {
    /// The lines for a moment.
    #[must_use]
    pub fn lines(&self, moment: VoiceMoment) -> &[String] {
        match moment {
            VoiceMoment::Greeting => &self.greeting,
            VoiceMoment::Boast => &self.boast,
            VoiceMoment::Win => &self.win,
            VoiceMoment::Loss => &self.loss,
            VoiceMoment::Caught => &self.caught,
        }
    }
}

/// The moments a character's own voice has lines for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VoiceMoment {
    /// On sitting down.
    Greeting,
    /// When things go their way.
    Boast,
    /// On winning.
    Win,
    /// On losing.
    Loss,
    /// On being caught cheating, and caught again.
    Caught,
}

impl VoiceMoment {
    /// Every one, in file order.
    pub const ALL: [VoiceMoment; 5] = [
        VoiceMoment::Greeting,
        VoiceMoment::Boast,
        VoiceMoment::Win,
        VoiceMoment::Loss,
        VoiceMoment::Caught,
    ];

    /// Its key in a character file's `[voice]`.
    #[must_use]
    pub fn key(self) -> &'static str {
        self.key_const()
    }

    /// [`VoiceMoment::key`], usable in constants.
    #[must_use]
    pub const fn key_const(self) -> &'static str {
        match self {
            VoiceMoment::Greeting => "greeting",
            VoiceMoment::Boast => "boast",
            VoiceMoment::Win => "win",
            VoiceMoment::Loss => "loss",
            VoiceMoment::Caught => "caught",
        }
    }
}
