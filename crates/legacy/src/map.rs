//! The Locations of a pack as graphs: how Enemies move (board adjacency, Stairs, Shores) and
//! which board each Location is on. Built from the pack's data, queried by the hints.

use std::collections::{HashMap, VecDeque};

use crate::pack::Pack;

#[derive(Debug, Clone)]
pub struct Map {
    pub names: Vec<String>,
    board: Vec<usize>,
    /// Enemy adjacency across boards: board adjacency, Stairs, and linked Shores.
    enemy: Vec<Vec<usize>>,
    /// Adjacency within one board only ("on the same Island").
    local: Vec<Vec<usize>>,
    /// How Characters walk: board adjacency and Stairs (flying and the Rowboat are moves of
    /// their own).
    walk: Vec<Vec<usize>>,
    reachable: Vec<bool>,
    dist_enemy: Vec<Vec<Option<u32>>>,
    dist_local: Vec<Vec<Option<u32>>>,
}

fn link(adj: &mut [Vec<usize>], a: usize, b: usize) {
    if a != b && !adj[a].contains(&b) {
        adj[a].push(b);
        adj[b].push(a);
    }
}

impl Map {
    pub fn new(pack: &Pack) -> Map {
        let mut names = Vec::new();
        let mut board = Vec::new();
        for (b, sheet) in pack.boards.iter().enumerate() {
            for l in &sheet.locations {
                names.push(l.clone());
                board.push(b);
            }
        }
        let index: HashMap<String, usize> = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), i))
            .collect();
        let n = names.len();
        let (mut enemy, mut local) = (vec![Vec::new(); n], vec![Vec::new(); n]);
        for sheet in &pack.boards {
            for [a, b] in &sheet.adjacent {
                link(&mut local, index[a], index[b]);
                link(&mut enemy, index[a], index[b]);
            }
        }
        let mut walk = local.clone();
        for a in &pack.links.stairs {
            for b in &pack.links.stairs {
                link(&mut walk, index[a], index[b]);
            }
        }
        for group in [&pack.links.stairs, &pack.links.enemy_shores] {
            for a in group {
                for b in group {
                    link(&mut enemy, index[a], index[b]);
                }
            }
        }
        let mut reachable = vec![true; n];
        for l in &pack.links.unreachable_for_enemies {
            let i = index[l];
            reachable[i] = false;
            for adj in [&mut enemy, &mut local] {
                let gone = std::mem::take(&mut adj[i]);
                for j in gone {
                    adj[j].retain(|&k| k != i);
                }
            }
        }
        for adj in [&mut enemy, &mut local, &mut walk] {
            for v in adj.iter_mut() {
                v.sort_by(|a, b| names[*a].cmp(&names[*b]));
            }
        }
        let mut map = Map {
            names,
            board,
            enemy,
            local,
            walk,
            reachable,
            dist_enemy: vec![],
            dist_local: vec![],
        };
        map.dist_enemy = (0..n).map(|i| map.bfs(i, false)).collect();
        map.dist_local = (0..n).map(|i| map.bfs(i, true)).collect();
        map
    }

    pub fn id(&self, name: &str) -> Option<usize> {
        // A dozen names: a scan beats hashing them.
        self.names.iter().position(|n| n == name)
    }

    pub fn name(&self, i: usize) -> &str {
        &self.names[i]
    }

    pub fn board_of(&self, i: usize) -> usize {
        self.board[i]
    }

    /// Can an Enemy stand here or find a target here?
    pub fn reachable(&self, i: usize) -> bool {
        self.reachable[i]
    }

    /// Where a Character may walk in one Move (same board, or Stairs to Stairs).
    pub fn walk_neighbours(&self, i: usize) -> &[usize] {
        &self.walk[i]
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    pub fn enemy_neighbours(&self, i: usize) -> &[usize] {
        &self.enemy[i]
    }

    /// Distances from `from` for an Enemy, across boards (`local` = false) or on its own board.
    pub fn distances(&self, from: usize, local: bool) -> &[Option<u32>] {
        if local {
            &self.dist_local[from]
        } else {
            &self.dist_enemy[from]
        }
    }

    /// Breadth-first distances, computed once per Location when the map is built.
    fn bfs(&self, from: usize, local: bool) -> Vec<Option<u32>> {
        let adj = if local { &self.local } else { &self.enemy };
        let mut d = vec![None; self.names.len()];
        if !self.reachable[from] {
            return d;
        }
        d[from] = Some(0);
        let mut q = VecDeque::from([from]);
        while let Some(u) = q.pop_front() {
            for &v in &adj[u] {
                if d[v].is_none() {
                    d[v] = Some(d[u].unwrap() + 1);
                    q.push_back(v);
                }
            }
        }
        d
    }

    /// Every shortest path from `from` to `to` (excluding `from`), in name order.
    pub fn shortest_paths(&self, from: usize, to: usize, local: bool) -> Vec<Vec<usize>> {
        let adj = if local { &self.local } else { &self.enemy };
        let back = self.distances(to, local);
        let Some(total) = back[from] else {
            return vec![];
        };
        let mut out = Vec::new();
        let mut stack = vec![(from, Vec::new())];
        while let Some((u, path)) = stack.pop() {
            if u == to {
                out.push(path);
                continue;
            }
            let du = back[u].unwrap_or(u32::MAX);
            for &v in adj[u].iter().rev() {
                if back[v] == Some(du.wrapping_sub(1)) {
                    let mut p = path.clone();
                    p.push(v);
                    stack.push((v, p));
                }
            }
        }
        debug_assert!(out.iter().all(|p| p.len() == total as usize));
        out.sort_by(|a, b| {
            a.iter()
                .map(|&i| &self.names[i])
                .cmp(b.iter().map(|&i| &self.names[i]))
        });
        out
    }
}
