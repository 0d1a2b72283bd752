//! A person's turn at `taproom sit`: the table as they find it, what each word they type
//! does, and what the people throw and draw at the table (`--dice table`), checked
//! against what can fall.

use super::{HELP, SitHands};
use crate::ai::TableRng;
use crate::games::{Chance, Game, Seat, Throws};
use crate::ops::sit::{accused, hint, loses_at_once, pick, shown};
use crate::report::board::Diagram;
use crate::report::grid::glued;
use crate::table::{CheatOffer, Decision};

impl<G: Diagram> SitHands<'_, '_, G> {
    /// A person's turn: the table as it stands, then their choice.
    pub(super) fn ask_person(&mut self, pos: &G, seat: Seat) -> Decision<G::Move> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let name = self.name(seat).to_owned();
        self.viewer = Some(seat);
        if self.eof {
            return self.resigns_at_the_end(&name);
        }
        if let [only] = moves.as_slice() {
            // A forced move (a pass, the only step) is played at once, and said.
            let words = self.words(*only, seat);
            self.tell(&format!("{name} has only one move: {only} ({words})."));
            return Decision::Play(*only);
        }
        self.show_turn(pos, seat, &name, &moves);
        loop {
            // A word typed where a cheat was asked for, that was no cheat's number.
            let typed = match self.pending.take() {
                Some(word) => Some(word),
                None => self.sitting.console.ask(&format!("{name}> ")),
            };
            let Some(line) = typed else {
                self.eof = true;
                return self.resigns_at_the_end(&name);
            };
            if let Some(decision) = self.answer(line.trim(), pos, seat, &name, &moves) {
                return decision;
            }
        }
    }

    /// The input has ended on a person's turn: they resign the game, and say so.
    fn resigns_at_the_end(&mut self, name: &str) -> Decision<G::Move> {
        self.tell(&format!(
            "The input has ended: {name} resigns {} {}.",
            G::FACTS.unit.word(),
            self.game
        ));
        Decision::Resign
    }

    /// The table as a person finds it on their turn: whose turn, the board, the throw,
    /// the moves.
    fn show_turn(&mut self, pos: &G, seat: Seat, name: &str, moves: &[G::Move]) {
        let mut head = format!(
            "\n{}\n",
            self.fill(&format!(
                "-- {} {}: {name} to move ({}) --",
                G::FACTS.unit.title(),
                self.game,
                G::FACTS.seat_names.get(seat.index()).copied().unwrap_or("")
            ))
        );
        head.push_str(&self.board(pos));
        if let Some(t) = self.thrown.take() {
            head.push_str(&format!("The throw: {t}\n"));
        }
        head.push_str(&self.move_list(seat, moves, 40));
        self.say(head.trim_end());
    }

    /// What a word typed on a person's turn does: a decision, or (for a command that
    /// only shows something, or a word that is no move) `None`, and the turn goes on.
    fn answer(
        &mut self,
        word: &str,
        pos: &G,
        seat: Seat,
        name: &str,
        moves: &[G::Move],
    ) -> Option<Decision<G::Move>> {
        match word.to_ascii_lowercase().as_str() {
            "" => {}
            "board" => {
                let b = self.board(pos);
                self.say(b.trim_end());
            }
            "moves" => {
                let list = self.move_list(seat, moves, usize::MAX);
                self.say(list.trim_end());
            }
            "help" | "?" => self.help(),
            "resign" => {
                self.sitting.typed.push("resign".to_owned());
                self.tell(&format!(
                    "{name} resigns {} {}.",
                    G::FACTS.unit.word(),
                    self.game
                ));
                return Some(Decision::Resign);
            }
            "hint" if self.sitting.hint => {
                let hint = self.hint(pos, seat);
                self.tell(&hint);
            }
            "undo" if self.sitting.undo => {
                self.sitting.typed.push("undo".to_owned());
                return Some(Decision::Undo);
            }
            "cheat" => {
                self.sitting.typed.push("cheat".to_owned());
                return Some(Decision::Cheat);
            }
            w if w == "accuse" || w.starts_with("accuse ") => {
                match self.accused(pos, seat, word["accuse".len()..].trim()) {
                    Ok(against) => {
                        self.sitting.typed.push(word.to_owned());
                        return Some(Decision::Accuse(against));
                    }
                    Err(why) => self.tell(&why),
                }
            }
            w if w == "insight" || w.starts_with("insight ") => {
                let whom = word["insight".len()..].trim();
                match self.insight_on(pos, seat, whom) {
                    Ok(of) => {
                        self.sitting.typed.push(word.to_owned());
                        return Some(Decision::Insight(of));
                    }
                    Err(why) => self.tell(&why),
                }
            }
            "hint" | "undo" => self.tell(&format!(
                "The GM has not allowed `{word}` at this table (sit --{word} allows it)."
            )),
            _ => match pick(word, moves) {
                Ok(mv) => {
                    self.sitting.typed.push(mv.to_string());
                    if self.warns(pos, seat, mv) {
                        return None;
                    }
                    return Some(Decision::Play(mv));
                }
                Err(why) => self.tell(&why.to_string()),
            },
        }
        None
    }

    /// The cheats a person who asked to cheat may try, numbered (the most worth first),
    /// and their choice: a number, or anything else to think better of it (a word that
    /// is no number is then taken as what they typed on their turn).
    pub(super) fn choose_cheat(&mut self, seat: Seat, offers: &[CheatOffer]) -> Option<usize> {
        let name = self.name(seat).to_owned();
        let mut list = self.fill(&format!(
            "What {name} may try, and the chance that somebody sees it:"
        ));
        list.push('\n');
        if let Some(line) = self.d20_terms(seat) {
            list.push_str(&self.fill(&line));
            list.push('\n');
        }
        for (i, offer) in offers.iter().enumerate() {
            let at = if offer.at.is_empty() {
                String::new()
            } else {
                format!(" ({})", offer.at)
            };
            let line = format!(
                "{:>2}. {}{at}: {} to be seen; {}",
                i + 1,
                offer.kind.offer(),
                glued(&crate::report::history::percent(offer.risk)),
                gain_words(offer.gain)
            );
            list.push_str(&self.fill(&line));
            list.push('\n');
        }
        self.say(list.trim_end());
        loop {
            let question = format!(
                "Which? (1-{}, or Enter to think better of it)",
                offers.len()
            );
            let line = self.ask(&question)?;
            let word = line.trim();
            match word.parse::<usize>() {
                Ok(n) if (1..=offers.len()).contains(&n) => {
                    self.sitting.typed.push(n.to_string());
                    return Some(n - 1);
                }
                Ok(n) => self.tell(&format!(
                    "There is no cheat {n} here: type 1 to {}, or Enter.",
                    offers.len()
                )),
                Err(_) => {
                    self.tell(&format!("{name} thinks better of it."));
                    if word.is_empty() {
                        self.sitting.typed.push(String::new());
                    } else {
                        self.pending = Some(word.to_owned());
                    }
                    return None;
                }
            }
        }
    }

    /// At a table that plays by the party's checks, what a cheat's d20 must meet: the
    /// seat's Sleight of Hand and each watcher's passive Perception.
    fn d20_terms(&self, seat: Seat) -> Option<String> {
        use crate::table::checks::{Figures, by_the_d20};
        if !by_the_d20(&self.entrants) {
            return None;
        }
        let soh = Figures::of(&self.entrants[self.who[seat.index()]]).sleight_of_hand;
        let watchers: Vec<String> = (0..self.who.len())
            .filter(|&s| s != seat.index())
            .map(|s| {
                let e = &self.entrants[self.who[s]];
                format!("{} {}", e.name, Figures::of(e).passive_perception)
            })
            .collect();
        let sign = if soh < 0 { '-' } else { '+' };
        Some(format!(
            "(A d20 {sign} {} for Sleight of Hand must meet each passive Perception: {}; \
             more for a watcher who is wary.)",
            soh.unsigned_abs(),
            watchers.join(", ")
        ))
    }

    /// With `--hint`, whether to warn (once, then ask again) before `mv`, a move that
    /// loses the game at once; said when so. The same move typed again is played.
    fn warns(&mut self, pos: &G, seat: Seat, mv: G::Move) -> bool {
        if !self.sitting.hint || self.warned == Some((self.steps, mv)) {
            return false;
        }
        let Some(chance) = loses_at_once(pos, seat, mv) else {
            return false;
        };
        self.warned = Some((self.steps, mv));
        let how = if chance >= 1.0 {
            "it loses the game at once".to_owned()
        } else {
            format!(
                "a throw {} of the time lets the game be won against you at once",
                glued(&crate::report::history::percent(chance))
            )
        };
        self.tell(&format!(
            "Careful: {how} ({mv}). Type it again to play it, or choose another move."
        ));
        true
    }

    /// What a person may type, as the GM allowed it.
    fn help(&mut self) {
        let mut help = HELP.to_owned();
        if self.sitting.hint {
            help.push_str(" hint (what a master would play).");
        }
        if self.sitting.undo {
            help.push_str(" undo (take back your last move).");
        }
        self.tell(&help);
    }

    /// The seat a person accuses: the one named, or the only other at a table of two.
    fn accused(&self, pos: &G, seat: Seat, name: &str) -> Result<Seat, String> {
        let others: Vec<(Seat, &str, &str)> = (0..pos.players())
            .map(|i| Seat(i as u8))
            .filter(|&s| s != seat)
            .map(|s| {
                let e = &self.entrants[self.who[s.index()]];
                (s, e.name.as_str(), e.short.as_str())
            })
            .collect();
        accused(&others, name)
    }

    /// Whom a person's Insight check reads: the one named, or the only other at a table
    /// of two; refused, politely, when they have made theirs this match.
    fn insight_on(&mut self, pos: &G, seat: Seat, name: &str) -> Result<Seat, String> {
        let me = self.who[seat.index()];
        if self.insighted.contains(&me) {
            return Err(format!(
                "{} has made their Insight check this match already; one a match, and \
                 the table is watching you watch.",
                self.name(seat)
            ));
        }
        if name.is_empty() && pos.players() > 2 {
            return Err("Read whom? Type `insight` and a name.".to_owned());
        }
        let of = self.accused(pos, seat, name)?;
        self.insighted.push(me);
        Ok(of)
    }

    /// A d20 a person rolls at the table for `check` (`--dice table`), 1 to 20; `None`
    /// when the input has ended.
    pub(super) fn typed_d20(
        &mut self,
        check: crate::table::checks::Check,
        modifier: i8,
    ) -> Option<u8> {
        let sign = if modifier < 0 { '-' } else { '+' };
        let question = format!(
            "Roll a d20 for {} ({sign}{}):",
            check.title(),
            modifier.unsigned_abs()
        );
        loop {
            let line = self.ask(&question)?;
            let word = line.trim();
            match word.parse::<u8>() {
                Ok(n) if (1..=20).contains(&n) => {
                    self.sitting.typed.push(n.to_string());
                    return Some(n);
                }
                _ => self.tell(&format!(
                    "`{}` is no roll of a d20: type the number that came up, a whole \
                     number from 1 to 20.",
                    shown(word)
                )),
            }
        }
    }

    /// What a master (level 10) would play here, and why in a few words.
    fn hint(&mut self, pos: &G, seat: Seat) -> String {
        let (mv, why) = hint(pos, seat, &mut self.hint_rng);
        format!(
            "A master would play {mv} ({}): {why}.",
            Self::words_to_you(mv, seat)
        )
    }

    /// A chance outcome typed at the table, checked against what can fall.
    pub(super) fn typed_throw(
        &mut self,
        pos: &G,
        buf: &mut Vec<(G::Move, Chance)>,
    ) -> Option<G::Move> {
        buf.clear();
        pos.chance_outcomes(buf);
        // Each throw with its chance stays on one line.
        let can: Vec<String> = buf
            .iter()
            .map(|(mv, c)| glued(&format!("{mv} ({} in {})", c.num, c.den)))
            .collect();
        loop {
            let line = self.ask(&format!(
                "Throw the sticks and type what fell ({}): ",
                can.join(", ")
            ))?;
            let word = line.trim();
            if word.is_empty() {
                continue;
            }
            // What fell, in any case (`Kiust` is `kiust`).
            let fell = buf
                .iter()
                .map(|(m, _)| *m)
                .find(|m| m.to_string().eq_ignore_ascii_case(word));
            match fell {
                Some(mv) => {
                    self.sitting.typed.push(mv.to_string());
                    return Some(mv);
                }
                None => self.tell(&format!(
                    "`{}` cannot fall here; what can fall: {}.",
                    shown(word),
                    can.join(", ")
                )),
            }
        }
    }

    /// Asks the table for a whole number in `range`, with `question`; `None` when the
    /// input has ended.
    fn ask_number(&mut self, question: &str, lo: u32, hi: u32) -> Option<u32> {
        loop {
            let line = self.ask(&format!("{question} ({lo}-{hi}): "))?;
            match line.trim().parse::<u32>() {
                Ok(n) if (lo..=hi).contains(&n) => {
                    self.sitting.typed.push(n.to_string());
                    return Some(n);
                }
                _ => self.tell(&format!(
                    "`{}` cannot be: type a whole number from {lo} to {hi}.",
                    shown(line.trim())
                )),
            }
        }
    }
}

/// The first-turn ceremony thrown at the table: each throw and draw typed in, checked
/// against what can fall; when the input ends, the seeded generator throws the rest.
pub(super) struct AtTable<'h, 's, 'c, G: Game> {
    pub(super) hands: &'h mut SitHands<'s, 'c, G>,
    pub(super) rng: &'h mut TableRng,
}

impl<G: Diagram> AtTable<'_, '_, '_, G> {
    fn named(&self, player: usize) -> String {
        self.hands.entrants[player].name.clone()
    }
}

impl<G: Diagram> Throws for AtTable<'_, '_, '_, G> {
    fn lot(&mut self, players: usize) -> usize {
        if self.hands.eof {
            return Throws::lot(&mut *self.rng, players);
        }
        let names: Vec<String> = (0..players)
            .map(|p| glued(&format!("{} {}", p + 1, self.named(p))))
            .collect();
        let q = format!(
            "Draw lots for the first turn; who won? ({})",
            names.join(", ")
        );
        match self.hands.ask_number(&q, 1, players as u32) {
            Some(n) => n as usize - 1,
            None => {
                self.hands.input_ended();
                Throws::lot(&mut *self.rng, players)
            }
        }
    }

    fn sticks(&mut self, player: usize) -> u8 {
        if self.hands.eof {
            return Throws::sticks(&mut *self.rng, player);
        }
        let q = format!(
            "{} throws the four sticks for the first turn: how many flat sides up?",
            self.named(player)
        );
        match self.hands.ask_number(&q, 0, 4) {
            Some(n) => n as u8,
            None => {
                self.hands.input_ended();
                Throws::sticks(&mut *self.rng, player)
            }
        }
    }

    fn bag(&mut self, player: usize, n: u32, whites: u32, blacks: u32) -> u32 {
        if self.hands.eof {
            return Throws::bag(&mut *self.rng, player, n, whites, blacks);
        }
        let lo = n.saturating_sub(blacks);
        let hi = n.min(whites);
        let q = format!(
            "{} draws {} from the bag ({whites} white, {blacks} black in it): how many white?",
            self.named(player),
            crate::games::words::stones(n as usize)
        );
        match self.hands.ask_number(&q, lo, hi) {
            Some(w) => w,
            None => {
                self.hands.input_ended();
                Throws::bag(&mut *self.rng, player, n, whites, blacks)
            }
        }
    }
}

/// What a cheat would gain, in words: how much better the game would look after it.
fn gain_words(gain: f32) -> &'static str {
    match gain {
        g if g >= 0.15 => "a big gain",
        g if g >= 0.05 => "a fair gain",
        g if g > 0.0 => "a small gain",
        _ => "no gain",
    }
}
