use taproom::games::GameKind;
use taproom::wager::model::Profile;
use taproom::wager::model::record::{Drawn, play_drawn};
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kind: GameKind = args[0].parse().unwrap();
    let roster = taproom::roster::Roster::built_in();
    let prof = |name: &str| {
        let c = roster
            .characters()
            .iter()
            .find(|c| c.name.contains(name))
            .unwrap();
        Profile {
            skill: c.skill_at(kind),
            temperament: c.temperament_at(kind),
            honesty: c.honesty_at(kind),
            eye: c.eye_at(kind),
        }
    };
    let players: Vec<Profile> = args[1..].iter().map(|n| prof(n)).collect();
    let n = players.len();
    let drawn = Drawn {
        kind,
        players: players.clone(),
        rules: vec![],
        rule: None,
        wary: vec![vec![0.0; n]; n],
    };
    let mut by = std::collections::BTreeMap::new();
    for seed in 0..400u64 {
        let recs = play_drawn(&drawn, seed * 7919 + 1).unwrap();
        let r = &recs[0];
        // winners by honesty (identifies the character here), forfeit or not, and who cheated what
        let who = |s: usize| format!("h{}", r.seats[s].honesty);
        let forfeit = r.forfeit_by().map(who).unwrap_or_else(|| "-".into());
        let winners: Vec<String> = r.winners.iter().map(|&s| who(s)).collect();
        let stood: Vec<String> = (0..n)
            .filter(|&s| r.stood(s) > 0)
            .map(|s| format!("{}:{}", who(s), r.stood(s)))
            .collect();
        *by.entry((forfeit, winners.join("+"))).or_insert(0) += 1;
        let _ = stood;
    }
    for (k, v) in by {
        println!("{k:?} {v}");
    }
}
