//! No input panics an engine: thousands of mangled positions and moves for every game are
//! either refused with a parse error or played safely.

use rand::RngExt;
use taproom::ai::{sample_chance, table_rng};
use taproom::games::{Game, Turn, kiust::Kiust, oicus::Oicus, pic::Pic, tides::Tides};

const ALPHABET: &[u8] = b"0123456789 ./;-+xWBwbkp123abcdefV H D";

fn mangle(text: &str, rng: &mut taproom::ai::TableRng) -> String {
    let mut bytes: Vec<u8> = text.bytes().collect();
    for _ in 0..rng.random_range(1..4) {
        let at = rng.random_range(0..=bytes.len());
        match rng.random_range(0..3) {
            0 if at < bytes.len() => {
                bytes.remove(at);
            }
            1 if at < bytes.len() => bytes[at] = ALPHABET[rng.random_range(0..ALPHABET.len())],
            _ => bytes.insert(at, ALPHABET[rng.random_range(0..ALPHABET.len())]),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Parses mangled versions of `samples`; whatever parses is played out a little.
fn survive<G: Game>(samples: &[&str], moves: &[&str]) {
    let mut rng = table_rng(1);
    let mut parsed = 0;
    for i in 0..4000 {
        let text = mangle(samples[i % samples.len()], &mut rng);
        let Ok(mut pos) = text.parse::<G>() else {
            continue;
        };
        parsed += 1;
        assert_eq!(
            pos.to_string().parse::<G>().map(|p| p.to_string()),
            Ok(pos.to_string()),
            "{text}"
        );
        let mut buf = Vec::new();
        let mut chance = Vec::new();
        for _ in 0..50 {
            let mv = match pos.turn() {
                Turn::Over => break,
                Turn::Chance => sample_chance(&pos, &mut rng, &mut chance),
                Turn::Seat(_) => {
                    buf.clear();
                    pos.legal_moves(&mut buf);
                    assert!(!buf.is_empty(), "a seat to move has a move in {pos}");
                    buf[rng.random_range(0..buf.len())]
                }
            };
            pos.play(mv, &mut ()).unwrap();
        }
        for m in moves {
            let mangled = mangle(m, &mut rng);
            if let Ok(mv) = mangled.parse::<G::Move>() {
                let _ = pos.clone().play(mv, &mut ());
            }
        }
    }
    assert!(parsed > 0, "some mangled positions still parse");
}

#[test]
fn tides_of_war_survives_mangled_input() {
    survive::<Tides>(
        &[
            ".BBBB./W.BBBB/WW.BBB/WWW.BB/WWWW.B/.WWWW. w",
            "....../....../.B.B../....../.B.B../..W... w",
            ".BBBB./W.BBBB/WW.BBB/WWW.BB/WWWW.B/.WWWW. w | quiet=58",
        ],
        &["c3-c4", "c1xa3xc5", "a2-a1"],
    );
}

#[test]
fn pic_survives_mangled_input() {
    survive::<Pic>(
        &[
            "12 12 12 / 12 12 12 ; 1",
            "3p2 1 0 / 5 2 12 / 9 9 9 ; 3",
            "3p2 1 0 / 5 2 12 / 9 9 9 ; 3 | sowings=998 stores=1,2,30",
        ],
        &["4", "-", "15"],
    );
}

#[test]
fn kiust_oyun_survives_mangled_input() {
    survive::<Kiust>(
        &[
            "111111111111/............/............/222222222222 ; 1",
            "1.1.1......./..1...2...../...2....1.../.2.2.2.2.... ; 2 k",
            "111111111111/............/............/222222222222 ; 1 | throw=6x4 left=3 turns=998",
        ],
        &["a10-b12", "kiust", "6x4", "b7-b4"],
    );
}

#[test]
fn oicustiytac_survives_mangled_input() {
    survive::<Oicus>(
        &[
            ". . . . . . . . . . / . . . . . . . . . . ; 15 15 ; 0 0 ; b",
            "bb . w . bw . . bbb . . / . w . . ww . b . . . ; 8 10 ; 6 9 ; w",
            ". . . . . . . . . . / . . . . . . . . . . ; 15 15 ; 0 0 ; b | turns=299 passes=1",
        ],
        &["W5+W7", "3V6", "D4-2+H1", "-"],
    );
}
