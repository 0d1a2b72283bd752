use taproom::games::GameKind;
use taproom::wager::model::record::{Drawn, play_drawn};
use taproom::wager::model::{Models, Profile};
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kind: GameKind = args[0].parse().unwrap();
    let roster = taproom::roster::Roster::built_in();
    let prof = |name: &str| {
        if let Some((a, rest)) = name.split_once(',') {
            let v: Vec<&str> = rest.split(',').collect();
            return Profile {
                skill: taproom::ai::Skill::Level(a.parse().unwrap()),
                temperament: v[0].parse().unwrap(),
                honesty: v[1].parse().unwrap(),
                eye: v[2].parse().unwrap(),
            };
        }
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
    let model = Models::built_in().game(kind).unwrap();
    let mut stats = std::collections::BTreeMap::new();
    let mut anyr = std::collections::BTreeMap::new();
    let mut wins = std::collections::BTreeMap::new();
    for seed in 0..400u64 {
        let recs = play_drawn(&drawn, seed * 7919 + 1).unwrap();
        for r in &recs {
            for s in 0..r.players() {
                let p = &r.seats[s];
                if p.honesty >= 10 {
                    continue;
                }
                let k = r.tries.iter().filter(|t| t.seat == s).count();
                let caught = r.tries.iter().any(|t| t.seat == s && t.seen);
                let eyes: Vec<(u8, f64)> = (0..r.players())
                    .filter(|&w| w != s)
                    .map(|w| (r.seats[w].eye, r.seen[w][s]))
                    .collect();
                let risk = model.risk(p.skill.rough_level(), p.honesty, true, &eyes, r.earlier[s]);
                let strengths: Vec<f64> = r
                    .seats
                    .iter()
                    .map(|q| model.strength(q, r.players()))
                    .collect();
                let best = (0..r.players())
                    .filter(|&o| o != s)
                    .map(|o| strengths[o])
                    .fold(f64::NEG_INFINITY, f64::max);
                let x = model.try_features(
                    p,
                    &eyes,
                    r.earlier[s],
                    best - strengths[s],
                    r.players(),
                    r.number,
                );
                let c = model.cheating(kind, r.rule());
                let (any, more) = c.tries[usize::from(!p.sharp())].at(&x);
                *wins.entry((p.skill.rough_level() as usize, r.number)).or_insert(0u32) += u32::from(r.winners == [s]);
                let first_risk: Vec<f64> = r
                    .tries
                    .iter()
                    .filter(|t| t.seat == s)
                    .take(1)
                    .map(|t| t.risk)
                    .collect();
                let e = stats
                    .entry((p.skill.rough_level() as usize, r.number))
                    .or_insert((0u32, 0u32, 0u32, 0.0f64, 0.0f64, 0.0f64, 0.0f64, 0u32));
                *anyr.entry((p.skill.rough_level() as usize, r.number)).or_insert(0u32) += u32::from(k > 0);
                e.0 += 1;
                e.1 += k as u32;
                e.2 += u32::from(caught);
                e.3 += any;
                e.4 += any * (1.0 + more);
                e.5 += risk;
                if let Some(fr) = first_risk.first() {
                    e.6 += fr;
                    e.7 += 1;
                }
            }
        }
    }
    for ((s, num), (c, k, caught, any, mean, risk, fr, frn)) in stats {
        println!(
            "skill {s} game {num}: n {c}, any {:.2}, tries/game {:.2} (model {:.2}), any-model {:.2}, caught {:.3}, model risk0 {:.3}, recorded first-try risk {:.3}, won {:.3}",
            anyr[&(s, num)] as f64 / c as f64,
            k as f64 / c as f64,
            mean / c as f64,
            any / c as f64,
            caught as f64 / c as f64,
            risk / c as f64,
            fr / frn.max(1) as f64,
            wins[&(s, num)] as f64 / c as f64
        );
    }
}
