//! The consumer every system hands messages to: it fails as the workload says, applies the
//! message's effect when it succeeds, and (when idempotent) skips what it has already done.

use super::trace::{Effect, SysEventKind};
use super::workload::{Failure, Workload};

/// What one attempt came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attempt {
    /// Handled: the effect says whether it was applied, applied again, or found done.
    Done { effect: Effect },
    /// It failed with `reason`; `permanent` when retrying cannot help; `effect_applied` when
    /// the effect happened before the error.
    Failed { reason: String, permanent: bool, effect_applied: bool },
}

impl Attempt {
    /// How the trace tells it, as attempt number `attempt`: succeeded or failed.
    pub fn event(&self, attempt: u32) -> SysEventKind {
        match self {
            Attempt::Done { effect } => SysEventKind::Succeeded { attempt, effect: *effect },
            Attempt::Failed { reason, permanent, effect_applied } => SysEventKind::Failed {
                attempt,
                reason: reason.clone(),
                permanent: *permanent,
                effect_applied: *effect_applied,
            },
        }
    }
}

/// The consumer's memory of each message: failures so far, effects applied, payload edits.
#[derive(Debug, Clone)]
pub struct Consumer {
    failures: Vec<u32>,
    effects: Vec<u32>,
    edited: Vec<bool>,
    /// Whether the latest attempt on the message succeeded.
    succeeded: Vec<bool>,
}

impl Consumer {
    /// A consumer that has seen nothing of `workload` yet.
    pub fn new(workload: &Workload) -> Consumer {
        let n = workload.messages.len();
        Consumer {
            failures: vec![0; n],
            effects: vec![0; n],
            edited: vec![false; n],
            succeeded: vec![false; n],
        }
    }

    /// Handles message `msg` at `at_us`.
    pub fn attempt(&mut self, workload: &Workload, msg: usize, at_us: u64) -> Attempt {
        let attempt = self.try_once(workload, msg, at_us);
        self.succeeded[msg] = matches!(attempt, Attempt::Done { .. });
        attempt
    }

    fn try_once(&mut self, workload: &Workload, msg: usize, at_us: u64) -> Attempt {
        if workload.idempotent && self.effects[msg] > 0 {
            return Attempt::Done { effect: Effect::AlreadyDone };
        }
        let fails = match &workload.messages[msg].failure {
            Failure::None => None,
            Failure::Transient { times, reason, after_effect, .. } => {
                (self.failures[msg] < *times).then(|| (reason.clone(), false, *after_effect))
            }
            Failure::Permanent { reason, .. } => {
                (!self.edited[msg]).then(|| (reason.clone(), true, false))
            }
            Failure::Bug { reason, .. } => {
                let fixed =
                    workload.fix_deployed_at_ms.is_some_and(|ms| at_us >= ms.saturating_mul(1000));
                (!fixed).then(|| (reason.clone(), false, false))
            }
        };
        match fails {
            Some((reason, permanent, effect_applied)) => {
                self.failures[msg] += 1;
                if effect_applied {
                    self.effects[msg] += 1;
                }
                Attempt::Failed { reason, permanent, effect_applied }
            }
            None => {
                self.effects[msg] += 1;
                let effect =
                    if self.effects[msg] == 1 { Effect::Applied } else { Effect::Duplicate };
                Attempt::Done { effect }
            }
        }
    }

    /// The operator fixed the payload of `msg`: a permanent failure no longer fails.
    pub fn edit(&mut self, msg: usize) {
        self.edited[msg] = true;
    }

    /// Whether the latest attempt on `msg` succeeded (false before any attempt).
    pub fn handled(&self, msg: usize) -> bool {
        self.succeeded[msg]
    }

    /// How many times `msg`'s effect has been applied.
    pub fn effects(&self, msg: usize) -> u32 {
        self.effects[msg]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn workload(text: &str) -> Workload {
        Workload::from_json(text).unwrap()
    }

    #[test]
    fn a_lost_reply_applies_the_effect_twice_unless_idempotent() {
        let text = r#"{"messages": [{"id": "a", "failure": {"kind": "transient", "times": 1, "after_effect": true}}]IDEM}"#;
        let w = workload(&text.replace("IDEM", ""));
        let mut c = Consumer::new(&w);
        assert!(matches!(c.attempt(&w, 0, 0), Attempt::Failed { effect_applied: true, .. }));
        assert_eq!(c.attempt(&w, 0, 1), Attempt::Done { effect: Effect::Duplicate });
        assert_eq!(c.effects(0), 2);

        let w = workload(&text.replace("IDEM", r#", "idempotent": true"#));
        let mut c = Consumer::new(&w);
        c.attempt(&w, 0, 0);
        assert_eq!(c.attempt(&w, 0, 1), Attempt::Done { effect: Effect::AlreadyDone });
        assert_eq!(c.effects(0), 1);
    }

    #[test]
    fn bad_data_fails_until_edited_and_a_bug_until_the_fix() {
        let w = workload(
            r#"{"messages": [{"id": "a", "failure": {"kind": "permanent"}}, {"id": "b", "failure": {"kind": "bug"}}],
                "fix_deployed_at_ms": 5}"#,
        );
        let mut c = Consumer::new(&w);
        assert!(matches!(c.attempt(&w, 0, 0), Attempt::Failed { permanent: true, .. }));
        c.edit(0);
        assert_eq!(c.attempt(&w, 0, 0), Attempt::Done { effect: Effect::Applied });
        assert!(matches!(c.attempt(&w, 1, 4_999), Attempt::Failed { permanent: false, .. }));
        assert_eq!(c.attempt(&w, 1, 5_000), Attempt::Done { effect: Effect::Applied });
    }
}
