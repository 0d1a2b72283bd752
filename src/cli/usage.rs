//! clap's own errors (a flag mistyped, a value missing), cut to what a GM needs: the
//! problem and any "did you mean" on one line, then the usage line and where to read more.

/// The error in two lines: `error: ...` (with clap's suggestion, when it has one) and the
/// usage with a pointer to `--help` (for `command`, the subcommand typed, when clap gives
/// no usage).
#[must_use]
pub fn short(e: &clap::Error, command: Option<&str>) -> String {
    let text = e.render().to_string();
    let mut problem = String::new();
    let mut hints: Vec<String> = Vec::new();
    let mut usage = None;
    let mut in_problem = true;
    for line in text.lines() {
        let trimmed = line.trim();
        if let Some(rest) = trimmed.strip_prefix("Usage:") {
            usage = Some(rest.trim().to_owned());
            in_problem = false;
        } else if let Some(tip) = trimmed.strip_prefix("tip:") {
            in_problem = false;
            let tip = tip.trim();
            // clap's suggestions: "a similar argument exists: '--seed'".
            if let Some((_, what)) = tip.split_once("exists: ").or(tip.split_once("exist: ")) {
                hints.push(format!("did you mean {what}?"));
            } else {
                hints.push(tip.to_owned());
            }
        } else if trimmed.is_empty() {
            if !problem.is_empty() {
                in_problem = false;
            }
        } else if trimmed.starts_with("For more information") {
            in_problem = false;
        } else if in_problem {
            let piece = trimmed.strip_prefix("error:").unwrap_or(trimmed).trim();
            if !problem.is_empty() {
                let joint = if problem.ends_with(':') || piece.starts_with('[') {
                    " "
                } else {
                    ", "
                };
                problem.push_str(joint);
            }
            problem.push_str(piece);
        }
    }
    let mut first = format!("error: {problem}");
    for hint in hints {
        first.push_str("; ");
        first.push_str(&hint);
    }
    match usage {
        Some(u) => {
            // "taproom play <GAME> ..." -> "taproom play --help".
            let command: Vec<&str> = u
                .split_whitespace()
                .take_while(|w| !w.starts_with(['<', '[', '-']))
                .collect();
            format!("{first}\nusage: {u} (more: {} --help)", command.join(" "))
        }
        None => match command {
            Some(c) => format!("{first}\nmore: taproom {c} --help"),
            None => format!("{first}\nmore: taproom --help"),
        },
    }
}
