//! A strategy exercise's verdicts ([`TraceFinding`]) as message values, from the catalogues'
//! `verdict-trace-*` messages, worded where they are shown.

use crate::engine::time::SimTime;
use crate::i18n::Message;
use crate::message;
use crate::scenario::workshop::trace_finding::TraceFinding;
use crate::systems::{Fate, SysEvent, SysEventKind};

use super::finding_text::{secs, wanted};

/// How a message stands, as a verdict names it.
pub fn fate(f: Fate) -> Message {
    match f {
        Fate::Completed => message!("verdict-trace-fate-completed"),
        Fate::DeadLettered => message!("verdict-trace-fate-dead-lettered"),
        Fate::Skipped => message!("verdict-trace-fate-skipped"),
        Fate::Lost => message!("verdict-trace-fate-lost"),
        Fate::InFlight => message!("verdict-trace-fate-in-flight"),
    }
}

/// One strategy verdict.
pub fn trace_finding(f: &TraceFinding) -> Message {
    use TraceFinding::*;
    let s = |t: &SimTime| secs(*t);
    match f {
        Ended { id, fate: fa, at: Some(at), attempts } => message!(
            "verdict-trace-ended",
            id = id,
            fate = fate(*fa),
            at = s(at),
            attempts = attempts
        ),
        Ended { id, fate: fa, at: None, .. } => {
            message!("verdict-trace-ended-untouched", id = id, fate = fate(*fa))
        }
        WrongEnd { id, wanted: w, at: None, .. } => {
            message!("verdict-trace-wrong-end-untouched", id = id, wanted = fate(*w))
        }
        WrongEnd { id, wanted: w, got, by: Some(by), reached: Some(r), .. } => message!(
            "verdict-trace-wrong-end-late",
            id = id,
            wanted = fate(*w),
            got = fate(*got),
            by = s(by),
            reached = s(r)
        ),
        WrongEnd { id, wanted: w, got, by: Some(by), at: Some(at), attempts, .. } => message!(
            "verdict-trace-wrong-end-by",
            id = id,
            wanted = fate(*w),
            got = fate(*got),
            by = s(by),
            at = s(at),
            attempts = attempts
        ),
        WrongEnd { id, wanted: w, got, at: Some(at), attempts, .. } => message!(
            "verdict-trace-wrong-end",
            id = id,
            wanted = fate(*w),
            got = fate(*got),
            at = s(at),
            attempts = attempts
        ),
        Attempts { id, count, wanted: w, last: Some(last) } => message!(
            "verdict-trace-attempts",
            id = id,
            count = count,
            last = s(last),
            wanted = wanted(&Some(w.clone()))
        ),
        Attempts { id, wanted: w, last: None, .. } => {
            message!("verdict-trace-attempts-none", id = id, wanted = wanted(&Some(w.clone())))
        }
        AttemptsOk { id, count } => message!("verdict-trace-attempts-ok", id = id, count = count),
        NoMessage { id } => message!("verdict-trace-no-message", id = id),
        NoneFailsWith { reason } => message!("verdict-trace-none-fails-with", reason = reason),
        NoDuplicates => message!("verdict-trace-no-duplicates"),
        Duplicates { count, wanted: w, first: None } => {
            message!("verdict-trace-duplicates", count = count, wanted = wanted(w))
        }
        Duplicates { count, wanted: w, first: Some((id, attempt, at)) } => message!(
            "verdict-trace-duplicates-first",
            count = count,
            wanted = wanted(w),
            id = id,
            attempt = attempt,
            at = s(at)
        ),
        Duplicate { id, attempt, at, count } => message!(
            "verdict-trace-duplicate",
            id = id,
            attempt = attempt,
            at = s(at),
            count = count
        ),
        NothingLost => message!("verdict-trace-nothing-lost"),
        Lost { id, at, why, count } => {
            let e = SysEvent {
                seq: 0,
                at_us: at.as_us(),
                msg: 0,
                place: String::new(),
                kind: SysEventKind::Lost { why: *why },
                cause: None,
            };
            let how = crate::systems::system_text::explain(&e, id);
            message!("verdict-trace-lost", count = count, at = s(at), how = how)
        }
        OrderKept => message!("verdict-trace-order-kept"),
        OutOfOrder { key, overtaken, later, at, done } => message!(
            "verdict-trace-out-of-order",
            key = key,
            overtaken = overtaken,
            later = later,
            at = s(at),
            done = s(done)
        ),
        FateCount { fate: fa, count, wanted: w } => message!(
            "verdict-trace-fate-count",
            fate = fate(*fa),
            count = count,
            wanted = wanted(w)
        ),
        NotRunnable { error } => message!(
            "verdict-trace-not-runnable",
            error = crate::systems::system_text::workload_error(error)
        ),
    }
}
