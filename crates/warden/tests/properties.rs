//! Random campaigns: no command panics, a refusal changes nothing, every stored value stays in
//! range, replay equals the incremental state, and undo (replay one shorter) returns the state
//! before the last command.

use neverland_warden::attack::Mode;
use neverland_warden::campaign::{AttackerRef, MoraleTrigger, Stat};
use neverland_warden::creature::{Ability, Item, Kind, NewCreature, Place};
use neverland_warden::dice::Die;
use neverland_warden::{Campaign, Command, Tables};
use proptest::prelude::*;

const IDS: [&str; 5] = ["a", "b", "c", "d", "e"];
const KINDS: [Kind; 4] = [Kind::Pc, Kind::Npc, Kind::Monster, Kind::Detachment];
const STATS: [Stat; 10] = [
    Stat::Hp,
    Stat::MaxHp,
    Stat::Str,
    Stat::MaxStr,
    Stat::Dex,
    Stat::MaxDex,
    Stat::Wil,
    Stat::MaxWil,
    Stat::Armor,
    Stat::Shield,
];

fn id(n: u8) -> String {
    IDS[n as usize % IDS.len()].to_owned()
}

/// A command from four random bytes (ids, values and faces deliberately run out of range).
fn command(k: u8, x: u8, y: u8, z: u8) -> Command {
    let ability = Ability::ALL[y as usize % 3];
    let faces = if z.is_multiple_of(3) {
        vec![z % 22]
    } else {
        vec![]
    };
    match k % 18 {
        0 | 1 => Command::AddCreature {
            creature: NewCreature {
                id: id(x),
                name: format!("N{x}"),
                kind: KINDS[y as usize % 4],
                str: z % 22,
                dex: (z / 2) % 21,
                wil: (z / 3) % 21,
                hp: y % 20,
                armor: x % 5,
                shield: y % 2,
            },
        },
        2 => Command::Set {
            id: id(x),
            stat: STATS[y as usize % STATS.len()],
            value: z % 25,
        },
        3..=5 => Command::Attack {
            attackers: vec![AttackerRef {
                id: id(x),
                dice: [
                    vec![],
                    vec![Die::D6],
                    vec![Die::D8, Die::D10],
                    vec![Die::D12],
                ][z as usize % 4]
                    .clone(),
                mode: [Mode::Normal, Mode::Impaired, Mode::Enhanced][y as usize % 3],
                blast: z.is_multiple_of(5),
            }],
            targets: if z.is_multiple_of(7) {
                vec![id(y), id(y.wrapping_add(1))]
            } else {
                vec![id(y)]
            },
            faces: if z.is_multiple_of(4) {
                vec![z % 13]
            } else {
                vec![]
            },
        },
        6 => Command::CriticalSave { id: id(x), faces },
        7 => Command::ConfirmScar {
            id: id(x),
            faces: vec![],
        },
        8 => Command::Save {
            id: id(x),
            ability,
            faces,
        },
        9 => Command::Initiative { faces: vec![] },
        10 => Command::Morale {
            id: id(x),
            trigger: [
                MoraleTrigger::FirstCasualty,
                MoraleTrigger::HalfLost,
                MoraleTrigger::ZeroHp,
            ][y as usize % 3],
            faces,
        },
        11 => Command::AddItem {
            id: id(x),
            item: Item {
                name: "thing".into(),
                place: if y.is_multiple_of(2) {
                    Place::Body
                } else {
                    Place::Backpack
                },
                bulky: z.is_multiple_of(2),
            },
        },
        12 => Command::DropItem {
            id: id(x),
            index: y as usize % 6,
        },
        13 => Command::AddFatigue { id: id(x) },
        14 => match y % 4 {
            0 => Command::ShortRest { id: id(x) },
            1 => Command::FullRest { id: id(x) },
            2 => Command::WeekRest { id: id(x) },
            _ => Command::SetDeprived {
                id: id(x),
                deprived: z.is_multiple_of(2),
            },
        },
        15 => Command::Reaction {
            id: None,
            faces: vec![],
        },
        16 => Command::Retreat { id: id(x), faces },
        _ => Command::HoldShield {
            id: id(x),
            held: y.is_multiple_of(2),
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn random_campaigns_hold_together(seed: u64, steps in prop::collection::vec(any::<(u8, u8, u8, u8)>(), 1..120)) {
        let t = Tables::builtin();
        let mut g = Campaign::new(seed);
        let mut log = Vec::new();
        let mut states = vec![g.clone()];
        for (k, x, y, z) in steps {
            let cmd = command(k, x, y, z);
            let before = g.clone();
            match g.apply(&t, &cmd) {
                Ok(()) => {
                    log.push(cmd);
                    states.push(g.clone());
                }
                Err(r) => {
                    prop_assert!(!r.text.is_empty());
                    prop_assert_eq!(&g, &before, "refused {:?} changed the state", cmd);
                }
            }
            for c in &g.creatures {
                prop_assert!(c.in_range(), "{:?} after {:?}", c, log.last());
                prop_assert!(c.effective_armor() <= 3);
            }
        }
        let replayed = Campaign::replay(seed, &log, &t).expect("an accepted log replays");
        prop_assert_eq!(&replayed, &g);
        if !log.is_empty() {
            let undone = Campaign::replay(seed, &log[..log.len() - 1], &t).unwrap();
            prop_assert_eq!(&undone, &states[states.len() - 2]);
        }
        let text = serde_json::to_string(&log).unwrap();
        let back: Vec<Command> = serde_json::from_str(&text).unwrap();
        prop_assert_eq!(back, log);
    }
}
