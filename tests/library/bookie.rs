//! The bookie's model (`data/bookie.json`) against the play it prices.

use taproom::games::GameKind;
use taproom::roster::Roster;
use taproom::wager::model::{Models, record};

/// The model was fitted from play as it plays now: if this fails, the players (how they
/// move, cheat or are seen) have changed since the refit, and `cargo run --release
/// --example fit_bookie -- refit` must fit it again.
#[test]
fn the_model_was_fitted_from_today_s_players() {
    let models = Models::built_in();
    let regulars = |kind: GameKind| Roster::built_in().profiles_at(kind);
    assert_eq!(
        models.fingerprint,
        record::fingerprint(&regulars),
        "data/bookie.json was fitted from other players: refit it with {}",
        models.written_by
    );
    for kind in GameKind::ALL {
        assert!(models.game(kind).is_some(), "{kind:?} has a model");
    }
}
