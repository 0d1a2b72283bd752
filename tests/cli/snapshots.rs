//! Snapshots of the told match and its table, one fixed seed per game: a change in the
//! rules, the players or the narrator shows here as a reviewed diff.

use crate::common;

use common::Taproom;

fn told(args: &[&str]) -> String {
    Taproom::new().args(args).ok().stdout
}

#[test]
fn tides_of_war_seed_7() {
    insta::assert_snapshot!(told(&[
        "play",
        "tides",
        "Brannoc",
        "Hrodgar",
        "--seed",
        "7",
        "--narrate",
        "full"
    ]));
}

#[test]
fn pic_table_of_three_seed_7() {
    insta::assert_snapshot!(told(&[
        "play",
        "pic",
        "Tamsin",
        "Pip",
        "Mirela",
        "--seed",
        "7",
        "--narrate",
        "full"
    ]));
}

#[test]
fn kiust_oyun_seed_7() {
    insta::assert_snapshot!(told(&[
        "play",
        "kiust",
        "Hrodgar",
        "Pip",
        "--seed",
        "7",
        "--narrate",
        "full"
    ]));
}

#[test]
fn oicustiytac_seed_7() {
    insta::assert_snapshot!(told(&[
        "play", "dogfight", "Ysolde", "Tamsin", "--seed", "7"
    ]));
}

#[test]
fn players_view_seed_7() {
    insta::assert_snapshot!(told(&[
        "play", "tides", "Pip", "Mirela", "--seed", "7", "--view", "players"
    ]));
}
