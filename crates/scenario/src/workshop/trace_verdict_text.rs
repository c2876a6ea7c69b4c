//! A strategy exercise's verdicts ([`TraceFinding`]) in words, from the catalogues'
//! `verdict-trace-*` messages.

use crate::engine::time::SimTime;
use crate::msg;
use crate::scenario::workshop::goal::Count;
use crate::scenario::workshop::trace_finding::TraceFinding;
use crate::scenario::Lang;
use crate::systems::{Fate, SysEvent, SysEventKind};

use super::finding_text::secs;

/// How a message stands, as a verdict names it.
pub fn fate(lang: Lang, f: Fate) -> String {
    match f {
        Fate::Completed => msg!(lang, "verdict-trace-fate-completed"),
        Fate::DeadLettered => msg!(lang, "verdict-trace-fate-dead-lettered"),
        Fate::Skipped => msg!(lang, "verdict-trace-fate-skipped"),
        Fate::Lost => msg!(lang, "verdict-trace-fate-lost"),
        Fate::InFlight => msg!(lang, "verdict-trace-fate-in-flight"),
    }
}

fn wanted(lang: Lang, c: &Option<Count>) -> String {
    c.as_ref()
        .map(|c| msg!(lang, "verdict-wanted", count = super::finding_text::count_words(lang, c)))
        .unwrap_or_default()
}

/// One strategy verdict in `lang`.
pub fn trace_finding(lang: Lang, f: &TraceFinding) -> String {
    use TraceFinding::*;
    let s = |t: &SimTime| secs(*t);
    match f {
        Ended { id, fate: fa, at: Some(at), attempts } => msg!(
            lang,
            "verdict-trace-ended",
            id = id,
            fate = fate(lang, *fa),
            at = s(at),
            attempts = attempts
        ),
        Ended { id, fate: fa, at: None, .. } => {
            msg!(lang, "verdict-trace-ended-untouched", id = id, fate = fate(lang, *fa))
        }
        WrongEnd { id, wanted: w, at: None, .. } => {
            msg!(lang, "verdict-trace-wrong-end-untouched", id = id, wanted = fate(lang, *w))
        }
        WrongEnd { id, wanted: w, got, by: Some(by), reached: Some(r), .. } => msg!(
            lang,
            "verdict-trace-wrong-end-late",
            id = id,
            wanted = fate(lang, *w),
            got = fate(lang, *got),
            by = s(by),
            reached = s(r)
        ),
        WrongEnd { id, wanted: w, got, by: Some(by), at: Some(at), attempts, .. } => msg!(
            lang,
            "verdict-trace-wrong-end-by",
            id = id,
            wanted = fate(lang, *w),
            got = fate(lang, *got),
            by = s(by),
            at = s(at),
            attempts = attempts
        ),
        WrongEnd { id, wanted: w, got, at: Some(at), attempts, .. } => msg!(
            lang,
            "verdict-trace-wrong-end",
            id = id,
            wanted = fate(lang, *w),
            got = fate(lang, *got),
            at = s(at),
            attempts = attempts
        ),
        Attempts { id, count, wanted: w, last: Some(last) } => msg!(
            lang,
            "verdict-trace-attempts",
            id = id,
            count = count,
            last = s(last),
            wanted = wanted(lang, &Some(w.clone()))
        ),
        Attempts { id, wanted: w, last: None, .. } => msg!(
            lang,
            "verdict-trace-attempts-none",
            id = id,
            wanted = wanted(lang, &Some(w.clone()))
        ),
        AttemptsOk { id, count } => msg!(lang, "verdict-trace-attempts-ok", id = id, count = count),
        NoMessage { id } => msg!(lang, "verdict-trace-no-message", id = id),
        NoneFailsWith { reason } => msg!(lang, "verdict-trace-none-fails-with", reason = reason),
        NoDuplicates => msg!(lang, "verdict-trace-no-duplicates"),
        Duplicates { count, wanted: w, first: None } => {
            msg!(lang, "verdict-trace-duplicates", count = count, wanted = wanted(lang, w))
        }
        Duplicates { count, wanted: w, first: Some((id, attempt, at)) } => msg!(
            lang,
            "verdict-trace-duplicates-first",
            count = count,
            wanted = wanted(lang, w),
            id = id,
            attempt = attempt,
            at = s(at)
        ),
        Duplicate { id, attempt, at, count } => msg!(
            lang,
            "verdict-trace-duplicate",
            id = id,
            attempt = attempt,
            at = s(at),
            count = count
        ),
        NothingLost => msg!(lang, "verdict-trace-nothing-lost"),
        Lost { id, at, why, count } => {
            let e = SysEvent {
                seq: 0,
                at_us: at.as_us(),
                msg: 0,
                place: String::new(),
                kind: SysEventKind::Lost { why: *why },
                cause: None,
            };
            let how = crate::systems::system_text::explain(lang, &e, id);
            msg!(lang, "verdict-trace-lost", count = count, at = s(at), how = how)
        }
        OrderKept => msg!(lang, "verdict-trace-order-kept"),
        OutOfOrder { key, overtaken, later, at, done } => msg!(
            lang,
            "verdict-trace-out-of-order",
            key = key,
            overtaken = overtaken,
            later = later,
            at = s(at),
            done = s(done)
        ),
        FateCount { fate: fa, count, wanted: w } => msg!(
            lang,
            "verdict-trace-fate-count",
            fate = fate(lang, *fa),
            count = count,
            wanted = wanted(lang, w)
        ),
        NotRunnable { error } => msg!(
            lang,
            "verdict-trace-not-runnable",
            error = crate::systems::system_text::workload_error(lang, error)
        ),
    }
}
