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
