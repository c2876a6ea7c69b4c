//! The `message` goal: follows every copy of one message through the run (its publishes,
//! deliveries, deaths and drops) and checks where it ends, how often it was retried and how
//! far apart.

use std::collections::BTreeMap;

use super::finding::{FatePart, FateStory, Finding};
use super::goal::MessageGoal;
use super::log_query::{discarded, lineages_with_body};
use crate::engine::event::EventKind;
use crate::engine::time::SimTime;
use crate::scenario::playground::run::Run;

/// Follows every copy of the message and checks what `m` asks.
pub(super) fn check_message(m: &MessageGoal, run: &Run) -> Result<Finding, Finding> {
    let engine = run.engine();
    let events = engine.events();
    let body = || m.body.clone();
    let lineages = lineages_with_body(engine, &m.body);
    if lineages.is_empty() {
        return Err(Finding::NeverQueued { body: body() });
    }
    let mine: Vec<(usize, crate::engine::event::Event)> = events
        .iter()
        .enumerate()
        .filter(|(_, e)| e.lineage.is_some_and(|l| lineages.contains(&l)))
        .collect();
    // Where each copy is now, and how it left if it did.
    let mut live: BTreeMap<u64, String> = BTreeMap::new();
    let mut gone: Vec<FatePart> = Vec::new();
    let mut acked_in: Vec<(String, SimTime)> = Vec::new();
    for (i, e) in &mine {
        let Some(id) = e.msg else { continue };
        match &e.kind {
            EventKind::Enqueued { queue, .. } | EventKind::HeldForDeadLetter { queue, .. } => {
                live.insert(id, queue.to_string());
            }
            EventKind::Acked { queue } => {
                live.remove(&id);
                acked_in.push((queue.to_string(), e.at_us));
            }
            EventKind::Died { .. } | EventKind::DeadLettered { .. } => {
                live.remove(&id);
            }
            EventKind::Dropped(rule) => {
                live.remove(&id);
                gone.push(FatePart::Dropped { how: discarded(events, *i, rule), at: e.at_us });
            }
            _ => {}
        }
    }
    let mut places: Vec<String> = live.values().cloned().collect();
    places.dedup();
    let fate = {
        let mut f = Vec::new();
        if !places.is_empty() {
            f.push(FatePart::In(places.clone()));
        }
        if let Some((queue, at)) = acked_in.last() {
            f.push(FatePart::Acked { queue: queue.clone(), at: *at });
        }
        f.extend(gone);
        FateStory(f)
    };
    for q in &m.ends_in {
        if !places.contains(q) {
            return Err(Finding::NotEndedIn { body: body(), queue: q.clone(), fate });
        }
    }
    if let Some(want) = m.acked {
        if want && acked_in.is_empty() {
            return Err(Finding::NeverAcked { body: body(), fate });
        }
        if !want && !acked_in.is_empty() {
            return Err(Finding::AckedAnyway { body: body(), fate });
        }
    }
    if let Some(r) = m.died {
        let died = mine.iter().any(
            |(_, e)| matches!(&e.kind, EventKind::Died { reason, .. } if *reason == r.reason()),
        );
        if !died {
            let died_as = mine
                .iter()
                .filter_map(|(_, e)| match &e.kind {
                    EventKind::Died { reason, .. } => Some(*reason),
                    _ => None,
                })
                .collect();
            return Err(Finding::NeverDied { body: body(), reason: r.reason(), died_as });
        }
    }
    // Deliveries from the work queue, and the wait before each retry.
    let work = m.work_queue.clone().or_else(|| {
        mine.iter().find_map(|(_, e)| match &e.kind {
            EventKind::Delivered { queue, .. } => Some(queue.to_string()),
            _ => None,
        })
    });
    let reached = m.ends_in.first().cloned();
    let needs_deliveries =
        m.deliveries.is_some() || m.retries.is_some() || !m.spacing_ms.is_empty();
    if needs_deliveries {
        let Some(work) = work else { return Err(Finding::NeverDelivered { body: body(), fate }) };
        let mut starts: Vec<SimTime> = Vec::new();
        let mut ends: Vec<SimTime> = Vec::new();
        for (pos, (_, e)) in mine.iter().enumerate() {
            if matches!(&e.kind, EventKind::Delivered { queue, .. } if **queue == *work) {
                starts.push(e.at_us);
                let end = mine[pos + 1..].iter().find(|(_, x)| {
                    x.msg == e.msg && matches!(&x.kind, EventKind::Acked { queue } | EventKind::Requeued { queue } | EventKind::Died { queue, .. } if **queue == *work)
                });
                if let Some((_, x)) = end {
                    ends.push(x.at_us);
                }
            }
        }
        let delivered = starts.len() as u64;
        let retries = delivered.saturating_sub(1);
        if let Some(d) = m.deliveries {
            if delivered != d {
                return Err(Finding::Deliveries {
                    body: body(),
                    reached,
                    count: delivered,
                    queue: work,
                    wanted: d,
                });
            }
        }
        if let Some(r) = m.retries {
            if retries != r {
                return Err(Finding::Retries {
                    body: body(),
                    reached,
                    count: retries,
                    queue: work,
                    wanted: r,
                });
            }
        }
        if !m.spacing_ms.is_empty() {
            let waits: Vec<u64> = starts
                .iter()
                .skip(1)
                .zip(ends.iter())
                .map(|(next, end)| next.as_ms().saturating_sub(end.as_ms()))
                .collect();
            let ok = waits.len() == m.spacing_ms.len()
                && waits.iter().zip(&m.spacing_ms).all(|(w, s)| w.abs_diff(*s) <= m.tolerance_ms);
            if !ok {
                return Err(Finding::Spacing {
                    body: body(),
                    waits,
                    wanted: m.spacing_ms.clone(),
                    tolerance_ms: m.tolerance_ms,
                });
            }
        }
    }
    Ok(Finding::MessageFate { body: body(), fate })
}
