//! Who paid whom, from a settlement's lines: the bookie and the pools pay through the
//! house, a pot between characters from its losers to its winners.

use super::Line;
use crate::wager::bet::Book;
use crate::wager::market::backing;
use crate::wager::money::Money;
use crate::wager::transfer::{Party, Transfer};

/// Who paid whom: the bookie and the pools pay through the house; a pot between
/// characters is paid from its losers to its winners directly.
pub(super) fn transfers(lines: &[Line]) -> Vec<Transfer> {
    let mut out = Vec::new();
    let mut done_groups = Vec::new();
    for line in lines {
        let bet = &line.bet;
        let me = Party::Character(bet.bettor.clone());
        match bet.book {
            Book::Bookie(_) | Book::Pool => {
                let how = match bet.book {
                    Book::Bookie(odds) => format!("with the bookie at {odds}"),
                    _ => "in the pool".to_owned(),
                };
                let why = format!("{} {how}, {}", backing(&line.what), line.outcome());
                if line.payout > bet.stake {
                    out.push(Transfer {
                        from: Party::House,
                        to: me,
                        amount: Money(line.payout.0 - bet.stake.0),
                        why,
                    });
                } else if line.payout < bet.stake {
                    out.push(Transfer {
                        from: me,
                        to: Party::House,
                        amount: Money(bet.stake.0 - line.payout.0),
                        why,
                    });
                }
            }
            Book::Stakes(id) => {
                if done_groups.contains(&id) {
                    continue;
                }
                done_groups.push(id);
                out.extend(pot_transfers(lines, id));
            }
        }
    }
    out
}

/// The transfers of one pot: each loser's loss paid to the winners in order.
fn pot_transfers(lines: &[Line], id: u32) -> Vec<Transfer> {
    let members: Vec<&Line> = lines
        .iter()
        .filter(|l| l.bet.book == Book::Stakes(id))
        .collect();
    let mut losers: Vec<(&Line, u64)> = Vec::new();
    let mut winners: Vec<(&Line, u64)> = Vec::new();
    for l in &members {
        if l.payout < l.bet.stake {
            losers.push((l, l.bet.stake.0 - l.payout.0));
        } else if l.payout > l.bet.stake {
            winners.push((l, l.payout.0 - l.bet.stake.0));
        }
    }
    // Two stakes are a stake between the two; more are the ante, every player's.
    let pot = if members.len() > 2 {
        "in the ante"
    } else {
        "in a stake between them"
    };
    let mut out = Vec::new();
    let mut w = 0;
    for (loser, mut owed) in losers {
        while owed > 0 && w < winners.len() {
            let amount = owed.min(winners[w].1);
            let winner = winners[w].0;
            out.push(Transfer {
                from: Party::Character(loser.bet.bettor.clone()),
                to: Party::Character(winner.bet.bettor.clone()),
                amount: Money(amount),
                // The payer's own bet, as they lost it.
                why: format!("{} {pot}, {}", backing(&loser.what), loser.outcome()),
            });
            owed -= amount;
            winners[w].1 -= amount;
            if winners[w].1 == 0 {
                w += 1;
            }
        }
    }
    out
}
