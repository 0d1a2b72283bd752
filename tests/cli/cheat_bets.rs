//! Bets on cheats caught, from the command line: `caught NAME` and `anyone caught` are
//! read, taken with the bookie at the price his board states (under the game's rules and
//! the house's), in the pool and against a rival. Whether anyone was caught is read
//! from the match's own log in the JSON (its asides), never from the settlement under test.

use crate::common;

use common::Taproom;

const TABLE: [&str; 5] = ["play", "tides", "Brannoc", "Mirela", "--seed"];

fn json(seed: &str, bets: &[&str]) -> serde_json::Value {
    let mut args: Vec<&str> = TABLE.to_vec();
    args.extend([seed, "--narrate", "none", "--format", "json"]);
    for b in bets {
        args.extend(["--bet", b]);
    }
    let out = Taproom::new().args(args).ok();
    serde_json::from_str(&out.stdout).expect("one JSON document")
}

/// Whether the log shows `entrant` (or, with `None`, anybody) caught cheating: seen at it,
/// or rightly accused.
fn caught_in_log(doc: &serde_json::Value, entrant: Option<u64>) -> bool {
    let who = |v: &serde_json::Value| entrant.is_none() || v.as_u64() == entrant;
    doc["games"]
        .as_array()
        .expect("games")
        .iter()
        .filter_map(|g| g["asides"].as_array())
        .flatten()
        .map(|a| &a["aside"])
        .any(|a| match a["aside"].as_str() {
            Some("cheat") => {
                who(&a["by"]) && a["seen_by"].as_array().is_some_and(|s| !s.is_empty())
            }
            Some("accused") => who(&a["against"]) && a["right"] == true,
            _ => false,
        })
}

#[test]
fn the_bookie_takes_a_bet_on_a_cheat_at_his_board_s_price_under_the_game_s_rules_and_the_house_s() {
    let price = crate::common::board_price(
        &["tides", "Brannoc", "Mirela"],
        "who is caught cheating",
        "Mirela Quickfingers",
    );
    let doc = json("3", &["Pip 2 sp on caught Mirela"]);
    let bet = &doc["wagers"]["bets"][0];
    assert_eq!(bet["with"], "bookie", "{bet}");
    assert_eq!(bet["price"].as_str(), Some(price.as_str()), "{bet}");
    let won = bet["result"] == "won";
    assert_eq!(won, caught_in_log(&doc, Some(1)), "{bet}");
    // Under house rules the bookie prices it too, play at the price odds states.
    let house = ["tides", "Brannoc", "Mirela", "--rule", "truce_after=40"];
    let price = crate::common::board_price(
        &house,
        "whether anyone is caught cheating in game 2",
        "anyone",
    );
    let mut args: Vec<&str> = TABLE.to_vec();
    args.extend([
        "3",
        "--rule",
        "truce_after=40",
        "--format",
        "json",
        "--narrate",
        "none",
        "--bet",
        "Tamsin 1 gp on anyone caught in game 2 with the bookie",
    ]);
    let doc: serde_json::Value =
        serde_json::from_str(&Taproom::new().args(&args).ok().stdout).unwrap();
    let bet = &doc["wagers"]["bets"][0];
    assert_eq!(bet["price"].as_str(), Some(price.as_str()), "{bet}");
}

#[test]
fn in_the_pool_and_against_a_rival_they_are_taken_and_settle_by_the_log() {
    let doc = json(
        "3",
        &[
            "Pip 2 sp on caught Mirela in the pool",
            "Tamsin 1 gp on anyone caught against Hrodgar",
        ],
    );
    let bets = doc["wagers"]["bets"].as_array().expect("bets");
    assert_eq!(
        bets.len(),
        3,
        "the pool bet, and the two sides of the stake"
    );
    assert_eq!(
        bets[0]["what"],
        "Mirela Quickfingers to be caught cheating over the match"
    );
    assert_eq!(
        (&bets[0]["with"], &bets[0]["stake_cp"]),
        (&"pool".into(), &20.into())
    );
    assert_eq!(
        bets[1]["what"],
        "anyone to be caught cheating over the match"
    );
    assert_eq!(
        (&bets[2]["bettor"], &bets[2]["what"]),
        (
            &"Hrodgar Ironbelly".into(),
            &"against anyone to be caught cheating over the match".into()
        )
    );
    // Alone in the pool, Pip wins it (less the take) if Mirela was caught, else has the
    // stake back; the pot of 2 gp goes whole to the side the log bears out.
    let mirela = caught_in_log(&doc, Some(1));
    assert_eq!(
        bets[0]["result"],
        if mirela { "won" } else { "refunded" },
        "{doc}"
    );
    let anyone = caught_in_log(&doc, None);
    let (tamsin, hrodgar) = if anyone { (200, 0) } else { (0, 200) };
    assert_eq!(bets[1]["payout_cp"], tamsin);
    assert_eq!(bets[2]["payout_cp"], hrodgar);
    assert!(bets.iter().all(|b| b["cheat"].is_null()), "no cheat's bet");
}

#[test]
fn a_price_agreed_is_taken_as_for_any_side_bet_and_names_are_checked() {
    let doc = json("5", &["Pip 1 sp on caught Brannoc at 5 to 1"]);
    let bet = &doc["wagers"]["bets"][0];
    assert_eq!(
        (&bet["with"], &bet["price"]),
        (&"bookie".into(), &"5 to 1".into())
    );
    let caught = caught_in_log(&doc, Some(0));
    assert_eq!(bet["payout_cp"], if caught { 60 } else { 0 }, "{doc}");

    // Someone in the roster but not at the table, and a name misspelt.
    let mut args: Vec<&str> = TABLE.to_vec();
    args.extend(["3", "--bet", "Pip 2 sp on caught Hrodgar in the pool"]);
    Taproom::new().args(&args).fails(&[
        "no player at the table is called `Hrodgar`",
        "Old Brannoc and Mirela Quickfingers",
    ]);
    let mut args: Vec<&str> = TABLE.to_vec();
    args.extend(["3", "--bet", "Pip 2 sp on caught Mirla in the pool"]);
    Taproom::new()
        .args(&args)
        .fails(&["did you mean `Mirela Quickfingers`?"]);
    // `anyone caught` takes no name, and `caught` needs one.
    let mut args: Vec<&str> = TABLE.to_vec();
    args.extend(["3", "--bet", "Pip 2 sp on anyone caught Mirela in the pool"]);
    Taproom::new()
        .args(&args)
        .fails(&["`Mirela in the pool` is not understood"]);
    let mut args: Vec<&str> = TABLE.to_vec();
    args.extend(["3", "--bet", "Pip 2 sp on caught in the pool"]);
    Taproom::new().args(&args).fails(&["it backs nobody"]);
}
