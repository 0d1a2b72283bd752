//! Choosing the game's type from its name, and reading `--rule key=value` options.

use crate::games::Game;

use super::CliError;

/// Runs `$body` with `$g` bound to the game type of `$kind`.
macro_rules! with_game {
    ($kind:expr, $g:ident => $body:expr) => {
        match $kind {
            $crate::games::GameKind::TidesOfWar => {
                type $g = $crate::games::tides::Tides;
                $body
            }
            $crate::games::GameKind::KiustOyun => {
                type $g = $crate::games::kiust::Kiust;
                $body
            }
            $crate::games::GameKind::Oicustiytac => {
                type $g = $crate::games::oicus::Oicus;
                $body
            }
            $crate::games::GameKind::Pic => {
                type $g = $crate::games::pic::Pic;
                $body
            }
        }
    };
}
pub(crate) use with_game;

/// Reads rule options from `key=value` pairs (values as in TOML: `truce_after=40`,
/// `all_round="four"`, or bare words, which are taken as strings).
///
/// # Errors
/// An unknown option or a bad value, naming it.
pub fn options<G: Game>(pairs: &[String]) -> Result<G::Options, CliError> {
    let mut text = String::new();
    for pair in pairs {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| CliError::Usage(format!("a rule is written key=value, not `{pair}`")))?;
        let (key, value) = (key.trim(), value.trim());
        let literal = if value.parse::<i64>().is_ok()
            || value == "true"
            || value == "false"
            || value.starts_with('"')
        {
            value.to_owned()
        } else {
            format!("\"{value}\"")
        };
        text.push_str(&format!("{key} = {literal}\n"));
    }
    toml::from_str(&text).map_err(|e| {
        CliError::Usage(format!(
            "bad rule option for {}: {}",
            G::KIND.title(),
            e.message().trim().trim_end_matches('.')
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tides::Tides;

    #[test]
    fn rule_options_are_read_and_checked() {
        let o = options::<Tides>(&["truce_after=40".to_owned()]).unwrap();
        assert_eq!(o.truce_after, 40);
        assert!(options::<Tides>(&["truce=40".to_owned()]).is_err());
        assert!(options::<Tides>(&["truce_after=many".to_owned()]).is_err());
        assert!(options::<Tides>(&["truce_after".to_owned()]).is_err());
    }
}
