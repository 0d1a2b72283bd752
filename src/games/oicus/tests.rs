//! One test for each rule of `shared/rules/oicustiytac.md`.

use super::*;
use crate::games::perft;

#[test]
fn perft_from_the_start() {
    let p = Oicus::start(2, &Options::default()).unwrap();
    assert_eq!(perft(&p, 1), 27);
    assert_eq!(perft(&p, 2), 729);
    assert_eq!(perft(&p, 3), 28188);
}
