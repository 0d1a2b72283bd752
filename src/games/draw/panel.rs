//! The panel beside a two-sided text diagram (Kiust Oyun, Tides of War): its head, with
//! each side's mark, name and count, whose turn it is, and a line that breaks in two
//! when it would not fit beside the board.

use super::text::{self, Ink, Pen};
use crate::games::Seat;

/// The panel's head: the title in bold, a blank line, one line per side (its mark, its
/// name in its ink padded to the wider of the two, its count and the noun for it:
/// `● player 1 (Ada)   3 pieces`), and a blank line. `side` gives a seat's mark, ink and
/// count; `nouns` the noun for one and for more.
pub(crate) fn head(
    pen: &Pen,
    title: &str,
    label: impl Fn(Seat) -> String,
    side: impl Fn(Seat) -> (String, Ink, u32),
    nouns: [&str; 2],
) -> Vec<String> {
    let wide = text::width(&label(Seat(0))).max(text::width(&label(Seat(1))));
    let mut lines = vec![pen.paint(Ink::Strong, title), String::new()];
    for seat in [Seat(0), Seat(1)] {
        let (mark, ink, n) = side(seat);
        let noun = if n == 1 { nouns[0] } else { nouns[1] };
        lines.push(format!(
            "{mark} {}  {n:>2} {noun}",
            text::left(&pen.paint(ink, &label(seat)), wide)
        ));
    }
    lines.push(String::new());
    lines
}

/// Whose turn it is and what to do: `▶ White (Ada) to move`, the name in `ink`.
pub(crate) fn to_act(pen: &Pen, ink: Ink, label: &str, what: &str) -> String {
    format!(
        "{} {} {what}",
        pen.paint_char(Ink::Strong, pen.g.turn),
        pen.paint(ink, label)
    )
}

/// `head value` on one line when it fits in `room` columns (escapes take none), else
/// `head` on a line of its own and `value` under it.
pub(crate) fn fitted(head: &str, value: String, room: usize) -> Vec<String> {
    if text::width(head) + 1 + text::width(&value) <= room {
        vec![format!("{head} {value}")]
    } else {
        vec![head.to_owned(), value]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::draw::BoardStyle;

    #[test]
    fn the_head_pads_names_to_the_wider_and_says_one_or_more() {
        let pen = Pen::new(&BoardStyle::PLAIN);
        let label = |s: Seat| ["Ada", "Bartholomew"][s.index()].to_owned();
        let side = |s: Seat| {
            (
                ["x", "y"][s.index()].to_owned(),
                Ink::Light,
                [1, 12][s.index()],
            )
        };
        let lines = head(&pen, "Game", label, side, ["stone", "stones"]);
        // "Bartholomew" is 11 wide: "Ada" gets 8 blanks, then two, then " 1": 11 in all.
        assert_eq!(
            lines,
            [
                "Game",
                "",
                "x Ada           1 stone",
                "y Bartholomew  12 stones",
                ""
            ]
        );
    }

    #[test]
    fn a_line_breaks_only_when_it_would_pass_the_room() {
        // "Over: " is 6 columns and "abcd" 4: ten fit in ten, not in nine.
        assert_eq!(fitted("Over:", "abcd".into(), 10), ["Over: abcd"]);
        assert_eq!(fitted("Over:", "abcd".into(), 9), ["Over:", "abcd"]);
        let pen = Pen::new(&BoardStyle {
            ascii: false,
            colour: true,
        });
        let painted = pen.paint(Ink::Strong, "abcd");
        assert_eq!(fitted("Over:", painted.clone(), 10).len(), 1, "{painted:?}");
        let plain = Pen::new(&BoardStyle::ASCII);
        assert_eq!(to_act(&plain, Ink::Dark, "Bo", "to throw"), "> Bo to throw");
    }
}
