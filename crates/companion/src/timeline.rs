//! Undo and redo over an append-only log. The store never deletes a step: an undo or a redo is
//! itself appended, and the commands in force are derived by folding the log. Undo is therefore
//! "replay one command shorter", and the history can say that something was undone.

use serde::{Deserialize, Serialize};

/// One step of a game's stored log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Entry<C> {
    Command {
        command: C,
    },
    Undo,
    Redo,
    /// Only the first `keep` commands in force stay in force: the rest are set aside (a game saved
    /// under older rules goes on from the first step the current rules refuse). They stay in the
    /// log, and redo does not bring them back.
    Truncate {
        keep: u32,
    },
}

/// The commands in force and those that redo would bring back (the next to redo last).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timeline<C> {
    pub done: Vec<C>,
    pub undone: Vec<C>,
    /// Every undo whose command has not been redone, oldest first. `undone` is always the last
    /// `undone.len()` of these; the earlier ones were cleared by a new command.
    pub retracted: Vec<Retracted<C>>,
}

/// A command taken back by an undo: what it was, the step it had been, and where in the log the
/// undo stands (folding the log before that index gives the game as it was when it was undone).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Retracted<C> {
    pub step: u32,
    pub command: C,
    pub log_index: usize,
}

impl<C: Clone> Timeline<C> {
    /// Folds a log. An undo with nothing to undo, or a redo with nothing to redo, is ignored
    /// (the service never appends one; a hand-edited file might).
    pub fn fold<'a>(entries: impl IntoIterator<Item = &'a Entry<C>>) -> Timeline<C>
    where
        C: 'a,
    {
        let mut t = Timeline {
            done: Vec::new(),
            undone: Vec::new(),
            retracted: Vec::new(),
        };
        for (log_index, e) in entries.into_iter().enumerate() {
            match e {
                Entry::Command { command } => {
                    t.done.push(command.clone());
                    t.undone.clear();
                }
                Entry::Undo => {
                    if let Some(c) = t.done.pop() {
                        t.retracted.push(Retracted {
                            step: t.done.len() as u32 + 1,
                            command: c.clone(),
                            log_index,
                        });
                        t.undone.push(c);
                    }
                }
                Entry::Redo => {
                    if let Some(c) = t.undone.pop() {
                        t.retracted.pop();
                        t.done.push(c);
                    }
                }
                Entry::Truncate { keep } => {
                    t.done.truncate(*keep as usize);
                    t.undone.clear();
                }
            }
        }
        t
    }

    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// The commands in force, newest first, each with its step number (1 is the first).
    pub fn newest_first(&self) -> impl Iterator<Item = (u32, &C)> {
        self.done
            .iter()
            .enumerate()
            .rev()
            .map(|(i, c)| (i as u32 + 1, c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(n: u32) -> Entry<u32> {
        Entry::Command { command: n }
    }

    #[test]
    fn undo_redo_and_a_new_command_clears_redo() {
        let log = vec![c(1), c(2), Entry::Undo, Entry::Undo, Entry::Redo];
        let t = Timeline::fold(&log);
        assert_eq!((t.done, t.undone), (vec![1], vec![2]));
        let log = vec![c(1), c(2), Entry::Undo, c(3)];
        let t = Timeline::fold(&log);
        assert_eq!(t.done, vec![1, 3]);
        assert!(!t.can_redo());
    }

    #[test]
    fn undo_then_redo_is_the_identity() {
        for n in 0..6u32 {
            let mut log: Vec<Entry<u32>> = (0..n).map(c).collect();
            let before = Timeline::fold(&log);
            log.push(Entry::Undo);
            log.push(Entry::Redo);
            if n > 0 {
                assert_eq!(Timeline::fold(&log), before);
            }
        }
    }

    #[test]
    fn retracted_keeps_undos_that_a_new_command_cleared() {
        let log = vec![c(1), c(2), Entry::Undo, c(3), Entry::Undo, Entry::Redo];
        let t = Timeline::fold(&log);
        assert_eq!(t.done, vec![1, 3]);
        let r: Vec<_> = t
            .retracted
            .iter()
            .map(|r| (r.step, r.command, r.log_index))
            .collect();
        assert_eq!(r, vec![(2, 2, 2)]);
        // Folding the log before the undo gives the game as it was when it was undone.
        assert_eq!(Timeline::fold(&log[..2]).done, vec![1, 2]);
        let log = vec![c(1), c(2), Entry::Undo, Entry::Undo, Entry::Redo];
        let t = Timeline::fold(&log);
        assert_eq!(t.retracted.len(), t.undone.len());
        assert_eq!(t.retracted[0].command, 2);
    }

    #[test]
    fn a_truncate_sets_the_tail_aside_for_good() {
        let log = vec![
            c(1),
            c(2),
            c(3),
            Entry::Undo,
            Entry::Truncate { keep: 1 },
            c(4),
        ];
        let t = Timeline::fold(&log);
        assert_eq!(t.done, vec![1, 4]);
        assert!(
            !t.can_redo(),
            "neither the undone 3 nor the set-aside 2 come back"
        );
        let t = Timeline::fold(&log[..5]);
        assert_eq!((t.done, t.undone), (vec![1], vec![]));
        // Keeping more than there is keeps everything.
        let t = Timeline::fold(&[c(1), Entry::Truncate { keep: 5 }]);
        assert_eq!(t.done, vec![1]);
        let e: Entry<u32> = serde_json::from_str(r#"{"kind":"truncate","keep":2}"#).unwrap();
        assert_eq!(e, Entry::Truncate { keep: 2 });
    }

    #[test]
    fn stray_undo_and_redo_are_ignored() {
        let log = vec![Entry::Undo, Entry::Redo, c(7)];
        assert_eq!(Timeline::fold(&log).done, vec![7]);
    }
}
