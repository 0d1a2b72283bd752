//! What the table is told at `taproom sit` of the characters' moves (in their manner, a
//! boast at a telling moment, the board when it is wanted) and of cheats, rule-2
//! penalties and accusations (a cheat nobody saw is never said where everyone reads).

use super::{Boards, SitHands};
use crate::games::{Event, Game, Seat};
use crate::ops::sit::telling;
use crate::report::View;
use crate::report::board::Diagram;
use crate::roster::VoiceMoment;
use crate::table::checks::sum_words as sum;
use crate::table::{Aside, CheatResult, Who};

impl<G: Diagram> SitHands<'_, '_, G> {
    /// A character's move, told in their manner.
    pub(super) fn tell_npc(&mut self, seat: Seat, mv: G::Move, events: &[Event], pos: &G) {
        let entrant = self.who[seat.index()];
        let e = &self.entrants[entrant];
        let mut words = self.words(mv, seat);
        let verbs = self.book.verbs(e.temperament);
        // "moves a man", "steps a stone": said in the character's manner ("edges",
        // "hurls"); other verbs (sows, whelps, jumps) are the game's own and stay.
        if let Some(rest) = words
            .strip_prefix("moves ")
            .or_else(|| words.strip_prefix("steps "))
            && !verbs.is_empty()
        {
            let k = pos_hash(pos) as usize % verbs.len();
            words = format!("{} {rest}", verbs[k]);
        }
        let mut line = match self.thrown.take() {
            Some(t) => format!("{} throws {t} and {words} ({mv}).", e.name),
            None => format!("{} {words} ({mv}).", e.name),
        };
        let telling = telling(events);
        if telling {
            // A boast not yet said this match, from where the position points on; when
            // a character has said them all, they say nothing more (never one twice).
            let boasts = self.voices[entrant.index()].lines(VoiceMoment::Boast);
            let n = boasts.len();
            let start = if n == 0 {
                0
            } else {
                pos_hash(pos) as usize % n
            };
            let fresh = (0..n)
                .map(|d| (start + d) % n)
                .find(|&k| !self.boasted.contains(&(entrant, k)));
            if let Some(k) = fresh {
                self.boasted.insert((entrant, k));
                line.push_str(&format!(" \"{}\"", boasts[k]));
            }
        }
        // A person's turn next shows the board anyway.
        let person_next = matches!(pos.turn(), crate::games::Turn::Seat(s) if self.is_person(s));
        let show = !person_next
            && (self.sitting.boards == Boards::Every || telling || pos.outcome().is_some());
        self.tell(&line);
        if show {
            let b = self.board(pos);
            self.say(b.trim_end());
        }
    }

    /// What the table sees of a cheat, a rule-2 penalty or an accusation. A cheat that
    /// nobody saw is not said here, where everyone at the table reads: only the person
    /// who tried it is told it stood, and the GM reads every attempt in the telling.
    pub(super) fn note(&mut self, aside: &Aside, pos: &G) {
        self.keep_unseen(aside, pos);
        self.saw(pos);
        if let Some(line) = self.roll_line(aside) {
            self.tell(&line);
        }
        if let Some(line) = self.aside_line(aside) {
            self.tell(&line);
        }
    }

    /// The d20 of a cheat or an Insight check, shown with its arithmetic: a person's
    /// always, a character's when somebody saw the cheat (or in the GM's view).
    fn roll_line(&self, aside: &Aside) -> Option<String> {
        let name = |e: Who| self.entrants[e].name.clone();
        match aside {
            Aside::Cheat {
                by,
                seen_by,
                roll: Some(roll),
                ..
            } => {
                let person = self.players[by.index()].is_none();
                let shown = person || !seen_by.is_empty() || self.sitting.view == View::Gm;
                shown.then(|| cheat_roll_words(&name(*by), roll, &name))
            }
            Aside::Insight { by, of, roll } => Some(insight_words(&name(*by), &name(*of), roll)),
            _ => None,
        }
    }

    /// Keeps what an unseen cheat added to its seat's score (left out of the players'
    /// board); a rightly accused cheat's is seen now.
    fn keep_unseen(&mut self, aside: &Aside, pos: &G) {
        match aside {
            Aside::Cheat { by, seen_by, .. } if seen_by.is_empty() => {
                if let (Some(s), Some(before)) = (self.who.iter().position(|e| e == by), &self.seen)
                {
                    let seat = Seat(s as u8);
                    let gain = G::unseen_gain(before, pos, seat);
                    if gain != 0 {
                        self.unseen.push((self.steps, seat, gain));
                    }
                }
            }
            Aside::Accused {
                against,
                right: true,
                ..
            } => {
                if let Some(s) = self.who.iter().position(|e| e == against) {
                    self.unseen.retain(|&(_, seat, _)| seat.index() != s);
                }
            }
            Aside::Cheat { .. }
            | Aside::Penalty { .. }
            | Aside::Accused { .. }
            | Aside::Insight { .. } => {}
        }
    }

    /// The line the table reads of an aside; `None` for a character's cheat that nobody
    /// saw.
    fn aside_line(&self, aside: &Aside) -> Option<String> {
        let name = |e: Who| self.entrants[e].name.clone();
        Some(match aside {
            Aside::Cheat {
                by,
                kind,
                at,
                seen_by,
                result,
                ..
            } => {
                let done = match at {
                    Some(at) if !at.is_empty() => format!("{} ({at})", kind.words()),
                    _ => kind.words().to_owned(),
                };
                if seen_by.is_empty() {
                    // Only a person who tried it is told it stood.
                    let person = self.players[by.index()].is_none();
                    return person.then(|| format!("{} {done}. Nobody saw.", name(*by)));
                }
                let who: Vec<String> = seen_by.iter().map(|&e| name(e)).collect();
                let catch = match who.len() {
                    1 => "catches",
                    2 => "both catch",
                    _ => "all catch",
                };
                format!(
                    "{} {catch} {} trying it: {} {done}; {}.",
                    crate::names::and_list(&who),
                    name(*by),
                    name(*by),
                    then_words(*result)
                )
                .replace("  ", " ")
            }
            Aside::Penalty { by, victim, at } => format!(
                "{} brings down a stone of {}'s from {at} (rule 2).",
                name(*by),
                name(*victim)
            ),
            // Said whole by its roll's line.
            Aside::Insight { .. } => return None,
            Aside::Accused { by, against, right } => {
                if *right {
                    format!(
                        "{} accuses {} of cheating, and rightly: the cheat is exposed.",
                        name(*by),
                        name(*against)
                    )
                } else {
                    format!(
                        "{} accuses {} of cheating, wrongly; the room does not forget it.",
                        name(*by),
                        name(*against)
                    )
                }
            }
        })
    }
}

/// A cheat's roll in words: the sum, then each watcher's passive Perception (and what
/// suspicion raised it to) and whether they saw it.
fn cheat_roll_words(
    by: &str,
    roll: &crate::table::checks::CheatRoll,
    name: &dyn Fn(Who) -> String,
) -> String {
    let watchers: Vec<String> = roll
        .watchers
        .iter()
        .map(|w| {
            let raised = if w.dc == w.passive {
                String::new()
            } else {
                format!(" (watching for {})", w.dc)
            };
            let saw = if w.saw { "sees it" } else { "does not see it" };
            format!(
                "{}'s passive Perception {}{raised}: {saw}",
                name(w.who),
                w.passive
            )
        })
        .collect();
    format!(
        "{by} rolls a d20 for Sleight of Hand: {}; {}.",
        sum(roll.d20, roll.modifier, roll.total),
        watchers.join("; ")
    )
}

/// An Insight check in words: the sum against the other's Deception, and what it read.
fn insight_words(by: &str, of: &str, roll: &crate::table::checks::InsightRoll) -> String {
    let head = format!(
        "{by} rolls a d20 for Insight: {} against {of}'s Deception, DC {} (10 {} {})",
        sum(roll.d20, roll.modifier, roll.total),
        roll.dc,
        if roll.deception < 0 { '-' } else { '+' },
        roll.deception.unsigned_abs()
    );
    match roll.read {
        None => format!("{head}: short. {of} gives nothing away."),
        Some(read) => match read.shows {
            Some(shows) if read.hustling => format!(
                "{head}: met. {of} is hustling: showing skill {shows}, really skill {}.",
                read.skill
            ),
            _ => format!(
                "{head}: met. {of} is playing straight, at their true skill ({}).",
                read.skill
            ),
        },
    }
}

/// What follows a cheat seen, by the house's rule.
fn then_words(result: CheatResult) -> &'static str {
    match result {
        CheatResult::Stood | CheatResult::TakenBack => "it is taken back",
        CheatResult::TurnLost => "it is taken back, and the turn is lost by the house's rule",
        CheatResult::GameForfeit => "the game is forfeit by the house's rule",
        CheatResult::StakesForfeit => {
            "it is taken back, and the stakes are forfeit by the house's rule"
        }
        CheatResult::RuleTwo => "it is undone, and a stone will be brought down for it (rule 2)",
    }
}

/// A cheap, stable number from a position, to vary the words of a line.
fn pos_hash<G: Game>(pos: &G) -> u64 {
    let text = format!("{pos}");
    text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}
