//! Player bots that play to win (issue 20). `careful` plays whole games: in the Actions it looks
//! ahead over the rest of the turn (`plan`) on the advisor's deck-free copy, judging positions
//! by `eval` (whose distances come from `routes`) and the best of them again after the next
//! Threat (`foresee`); `clear` adds plans that free a Search token's Location and Search it in
//! the same turn.

pub mod careful;
pub mod clear;
pub mod eval;
pub mod foresee;
pub mod plan;
pub mod routes;

/// A built-in pack with its map and routes, for the bot's tests: `ctx()` borrows them.
#[cfg(test)]
pub(crate) struct Fixture {
    pub pack: crate::pack::Pack,
    pub map: crate::map::Map,
    pub routes: routes::Routes,
}

#[cfg(test)]
impl Fixture {
    pub fn new(scenario: crate::pack::Scenario) -> Self {
        let pack = crate::pack::Pack::builtin(scenario).expect("a built-in pack");
        let map = crate::map::Map::new(&pack);
        let routes = routes::Routes::new(&pack, &map);
        Fixture { pack, map, routes }
    }

    pub fn ctx(&self) -> eval::Ctx<'_> {
        eval::Ctx {
            pack: &self.pack,
            map: &self.map,
            routes: &self.routes,
        }
    }
}
