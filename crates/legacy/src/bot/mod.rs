//! Player bots that play to win (issue 20). `careful` picks among the engine's own legal
//! commands by a greedy evaluation of each result on the advisor's deck-free copy.

pub mod careful;
