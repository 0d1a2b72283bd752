//! Reading a skill field (`skill = 6` or `skill = "L6"`): shared by the character and
//! their hustle (`[hustle] shows`), below both.

use super::source::{Field, FileError};
use crate::ai::Skill;

/// The skill a field gives: a level from 1 to 10 or a skill's text.
pub(super) fn read_skill(field: &Field<'_, '_>) -> Result<Skill, FileError> {
    if let Ok(s) = field.str() {
        return s.parse::<Skill>().map_err(|e| field.error(e.to_string()));
    }
    let n = field.int()?;
    Skill::level(n).ok_or_else(|| field.error(format!("skill is a level from 1 to 10, not {n}")))
}
