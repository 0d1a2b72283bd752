//! Bets as a GM says them: verbs, coins by name, amounts joined by `and`, `to win`, and
//! the nearest bet offered for one refused. Each amount is counted by hand in copper.

use super::*;
use crate::wager::money::Money;

fn bet(text: &str) -> BetText {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn coins(text: &str) -> u64 {
    match bet(text).stake {
        Stake::Coins(m) => m.0,
        Stake::Thing(t) => panic!("{text}: a thing {t}"),
    }
}

#[test]
fn every_verb_reads_as_the_plain_bet() {
    let plain = bet("Pip 3 sp on Brannoc");
    for verb in VERBS_SAID {
        let b = bet(&format!("Pip {verb} 3 sp on Brannoc"));
        assert_eq!(b.bettor, "Pip", "{verb}");
        assert_eq!(b.said.as_deref(), Some(&*format!("Pip {verb}")), "{verb}");
        assert_eq!(
            (b.stake, b.market, b.pick, b.how),
            (
                plain.stake.clone(),
                plain.market,
                plain.pick.clone(),
                plain.how.clone()
            ),
            "{verb}"
        );
        // Any case, and a bettor of two words.
        let b = bet(&format!("Old Pip {} 3 sp on Brannoc", verb.to_uppercase()));
        assert_eq!(b.bettor, "Old Pip", "{verb}");
    }
    // A verb with a quoted thing, and with every market and option after it.
    let b = bet(r#"Brannoc stakes "where the caravan went" on Brannoc against Ysolde"#);
    assert_eq!(b.bettor, "Brannoc");
    let b = bet("Tamsin lays 1 gp on end massacre at 4 to 1 in game 2");
    assert_eq!(b.bettor, "Tamsin");
    assert_eq!(
        b,
        bet("Tamsin 1 gp on end massacre at 4 to 1 in game 2").with_said("Tamsin lays")
    );
}

const VERBS_SAID: [&str; 10] = [
    "bets", "bet", "puts", "put", "wagers", "wager", "stakes", "stake", "lays", "lay",
];

impl BetText {
    fn with_said(mut self, said: &str) -> BetText {
        self.said = Some(said.to_owned());
        self
    }
}

#[test]
fn a_name_alone_is_never_a_verb() {
    // A character called Lays, or Stake: one word is the bettor's name.
    let b = bet("Lays 3 sp on Brannoc");
    assert_eq!((b.bettor.as_str(), b.said), ("Lays", None));
    let b = bet("Lays lays 3 sp on Brannoc");
    assert_eq!(
        (b.bettor.as_str(), b.said.as_deref()),
        ("Lays", Some("Lays lays"))
    );
    // Tom Lays: the roster decides (see place::resolve); the syntax keeps both readings.
    let b = bet("Tom Lays 3 sp on Brannoc");
    assert_eq!(
        (b.bettor.as_str(), b.said.as_deref()),
        ("Tom", Some("Tom Lays"))
    );
    // A verb not before the stake is a word of a name.
    assert_eq!(bet("Bets Malone 3 sp on Brannoc").bettor, "Bets Malone");
    assert_eq!(bet("Pip 3 sp on Lays").pick, PickText::Name("Lays".into()));
    // `and` inside a name stays in the name.
    let b = bet("Tom and Jerry 3 sp and 2 cp on Tom and Jerry against Salt and Pepper 1 sp");
    assert_eq!(b.bettor, "Tom and Jerry");
    assert_eq!(b.stake, Stake::Coins(Money(32)));
    assert_eq!(b.pick, PickText::Name("Tom and Jerry".into()));
    assert_eq!(
        b.how,
        HowText::Against {
            rival: "Salt and Pepper".into(),
            stake: Some(Stake::Coins(Money(10)))
        }
    );
}

#[test]
fn coins_are_read_by_name_with_or_without_pieces() {
    for (word, worth) in [
        ("copper", 1),
        ("silver", 10),
        ("electrum", 50),
        ("gold", 100),
        ("platinum", 1000),
    ] {
        for said in [
            format!("3 {word}"),
            format!("3 {word}s"),
            format!("3 {word} pieces"),
            format!("3 {word} piece"),
            format!("3 {word} coins"),
            format!("3 {}", word.to_uppercase()),
        ] {
            assert_eq!(
                coins(&format!("Pip {said} on Brannoc")),
                3 * worth,
                "{said}"
            );
        }
        assert_eq!(
            coins(&format!("Pip 1 {word} piece on Brannoc")),
            worth,
            "{word}"
        );
    }
}

#[test]
fn amounts_of_several_coins_add_up() {
    // By hand: 3 sp = 30 cp, 2 cp = 2 cp; 1 gp = 100, 5 sp = 50.
    for (said, copper) in [
        ("3 sp and 2 cp", 32),
        ("3 sp 2 cp", 32),
        ("3 sp, 2 cp", 32),
        ("3sp and 2cp", 32),
        ("3 silver and 2 copper", 32),
        ("3 silver pieces and 2 copper pieces", 32),
        ("1 gold, 5 silver and 7 copper", 157),
        ("1 platinum and 1 electrum", 1050),
    ] {
        assert_eq!(coins(&format!("Pip {said} on Brannoc")), copper, "{said}");
        assert_eq!(
            coins(&format!("Pip bets {said} on Brannoc to win")),
            copper,
            "{said}"
        );
    }
    // The rival's stake too.
    let b = bet("Pip 1 gp on Brannoc against Ysolde 2 silver and 5 copper");
    assert_eq!(
        b.how,
        HowText::Against {
            rival: "Ysolde".into(),
            stake: Some(Stake::Coins(Money(25)))
        }
    );
}

#[test]
fn to_win_is_what_a_bet_on_a_name_backs() {
    let plain = bet("Pip 3 sp on Brannoc");
    assert_eq!(bet("Pip 3 sp on Brannoc to win"), plain);
    assert_eq!(bet("Pip 3 sp on Brannoc to win the match"), plain);
    assert_eq!(
        bet("Pip 3 sp on Old Brannoc to win in the pool").how,
        HowText::Pool
    );
    assert_eq!(
        bet("Pip 3 sp on Old Brannoc to win in the pool").pick,
        PickText::Name("Old Brannoc".into())
    );
    assert_eq!(
        bet("Pip 3 sp on game 2 Brannoc to win").market,
        Market::Game { number: 2 }
    );
}

#[test]
fn a_line_holds_several_bets() {
    let bets: Vec<BetText> = split_bets("Tamsin 2 sp on Mirela; Pip 1 sp on Brannoc")
        .into_iter()
        .map(bet)
        .collect();
    assert_eq!(
        bets,
        [bet("Tamsin 2 sp on Mirela"), bet("Pip 1 sp on Brannoc")]
    );
}

#[test]
fn the_plain_form_reads_back_as_the_same_bet() {
    for text in [
        "Pip 5 gp on Brannoc",
        "Pip 2 gp on first-turn Mirela in the pool",
        "Ysolde backs round 2 Hrodgar 3 sp in the pool",
        "Tamsin 1 gp on end massacre at 4 to 1",
        "Tamsin 1 gp on end no moves in game 2 at 2 to 1 on",
        "Hrodgar 2 gp on captures Mirela against Tamsin 3 gp",
        r#"Brannoc "where the caravan went" on Brannoc against Ysolde"#,
        r#"Ysolde 3 gp on Ysolde against Brannoc for "where the caravan went""#,
        "Pip 2 sp on caught Mirela in round 2 in the pool",
        "Tamsin 1 gp on anyone caught against Hrodgar",
        "Char 7 2 gp 5 sp on Char 5 against Char 3 1 gp",
        "Pip 1 cp on kiusts Mirela in game 3 at evens",
        "Pip puts 3 silver and 2 copper on Brannoc to win",
    ] {
        let b = bet(text);
        let plain = b.to_string();
        let mut again = bet(&plain);
        again.said.clone_from(&b.said);
        assert_eq!(again, b, "{text} → {plain}");
    }
}

fn nearest(text: &str) -> (String, Option<String>) {
    let e = text.parse::<BetText>().unwrap_err();
    (e.to_string(), e.nearest)
}

#[test]
fn a_bet_refused_names_the_nearest_that_would_be_taken() {
    for (text, near) in [
        ("Pip bets 3 sp to Brannoc", "Pip 3 sp on Brannoc"),
        ("Pip 3 sp Brannoc", "Pip 3 sp on Brannoc"),
        ("Pip bets 3 silvr on Brannoc", "Pip 3 sp on Brannoc"),
        ("Pip bets on Brannoc 3 sp", "Pip 3 sp on Brannoc"),
        ("Pip 3 on Brannoc", "Pip 3 gp on Brannoc"),
        ("Pip 3 sp on Brannoc to win the game", "Pip 3 sp on Brannoc"),
        (
            "Pip 3 sp on Brannoc in the pol",
            "Pip 3 sp on Brannoc in the pool",
        ),
    ] {
        let (msg, got) = nearest(text);
        assert_eq!(got.as_deref(), Some(near), "{text}: {msg}");
        assert!(msg.ends_with(&format!("; did you mean `{near}`?")), "{msg}");
        assert!(msg.starts_with("cannot read the bet"), "{msg}");
        assert_eq!(msg.lines().count(), 1, "{msg}");
        // What is offered is taken.
        assert!(near.parse::<BetText>().is_ok(), "{near}");
    }
    // The words not understood after a bet that reads are left out.
    let (_, got) = nearest("Pip 5 gp on Brannoc in the pool against Ysolde");
    assert_eq!(got.as_deref(), Some("Pip 5 gp on Brannoc in the pool"));
    // Where no small change makes a bet, the forms to follow are shown instead.
    for text in ["Pip on Brannoc", "", "on on on"] {
        let (msg, got) = nearest(text);
        assert_eq!(got, None, "{msg}");
        assert!(msg.contains("write it like"), "{msg}");
    }
}

proptest::proptest! {
    /// Any words at all: read or refused in one sentence, never a panic; and a bet
    /// offered as the nearest is one that is taken.
    #[test]
    fn any_words_are_read_or_refused_with_a_bet_that_reads(
        words in proptest::collection::vec(
            proptest::sample::select(vec![
                "Pip", "Brannoc", "Tom", "and", "Lays", "bets", "puts", "3", "2", "sp", "cp",
                "silver", "gold", "pieces", "on", "in", "the", "pool", "to", "win", "against",
                "for", "at", "1", "game", "end", "massacre", "caught", "anyone", ";", "\"a key\"",
                "silvr", "agianst", "é", "3gp",
            ]),
            0..12,
        )
    ) {
        let text = words.join(" ");
        for piece in split_bets(&text) {
            if let Err(e) = piece.parse::<BetText>() {
                let msg = e.to_string();
                proptest::prop_assert_eq!(msg.lines().count(), 1, "{}", msg);
                if let Some(near) = &e.nearest {
                    proptest::prop_assert!(near.parse::<BetText>().is_ok(), "{} → {}", piece, near);
                }
            }
        }
    }
}
