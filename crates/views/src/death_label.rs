//! The words shown on the graph where a copy dies or is dropped ("rejected", "expired
//! (x-message-ttl 5 s)", "maxlen (drop-head)", "delivery_limit 3", "dropped: cycle"), at the
//! node where it happened, readable for a while and then fading. A pure function of the hops,
//! the log and the moment (like the dots), so a seek shows exactly what playing shows.

use std::collections::BTreeMap;

use crate::engine::event::{Cause, DropRule, Event, EventKind};
use crate::engine::EventLog;
use crate::engine::{Engine, Reason};
use crate::i18n::Message;
use crate::message;

use super::fate::FateFamily;
use super::flight::{queue_id, CopyFate, Flights};

/// At most this many labels stand at one node (the newest kinds; the same words again are
/// counted on the label already there).
pub const LABELS_PER_NODE: usize = 2;
/// At most this many labels in all (the newest).
pub const LABELS_SHOWN: usize = 24;
/// A label is fully opaque for this share of its window, then fades.
const SOLID_SHARE: f64 = 0.6;

/// One label on the graph.
#[derive(Clone, Debug, PartialEq)]
pub struct DeathLabel {
    /// The node it stands at (`q:NAME`, `x:NAME`).
    pub node: String,
    /// What it says, worded in the reader's language where it is drawn.
    pub words: Message,
    pub fate: CopyFate,
    /// The event it tells about.
    pub seq: u64,
    /// 0 for the newest label at its node, 1 for the one before…
    pub slot: usize,
    /// How many deaths in the window it stands for (the same words at the same node).
    pub count: usize,
    /// 1 while solid, down to 0 at the end of the window.
    pub opacity: f64,
}

/// The hops where a copy dies or is dropped (indexes into `flights.hops`, in time order):
/// found once per run, so a frame looks only at them.
pub fn death_hops(flights: &Flights) -> Vec<usize> {
    (0..flights.hops.len())
        .filter(|&i| {
            matches!(flights.hops[i].fate.family(), FateFamily::Died | FateFamily::Dropped)
        })
        .collect()
}

/// Where deaths fall on a time track of `slots` slots over a run of `end_us`: each slot that
/// holds a death once, with the family of its first death there (for a tick's colour).
pub fn ticks(
    flights: &Flights,
    deaths: &[usize],
    end_us: u64,
    slots: usize,
) -> Vec<(usize, FateFamily)> {
    let mut out: Vec<(usize, FateFamily)> = Vec::new();
    if slots == 0 {
        return out;
    }
    for &i in deaths {
        let Some(h) = flights.hops.get(i) else { continue };
        let slot = ((h.at_us as f64 / end_us.max(1) as f64) * (slots - 1) as f64).round() as usize;
        let slot = slot.min(slots - 1);
        // Deaths come in time order, so a slot's deaths are neighbours.
        if out.last().is_none_or(|(s, _)| *s != slot) {
            out.push((slot, h.fate.family()));
        }
    }
    out
}

/// How long (µs of virtual time) a label stays: `min_window_us`, or longer at a high speed so
/// that it still stands `wall_ms` of real time.
pub fn window_us(speed: f64, min_window_us: u64, wall_ms: u64) -> u64 {
    let by_speed = speed.max(0.0) * wall_ms as f64 * 1000.0;
    if by_speed.is_finite() {
        min_window_us.max(by_speed.min(u64::MAX as f64 / 2.0) as u64)
    } else {
        min_window_us
    }
}

/// The labels standing at `now_us`: every death or drop in `(now_us - window_us, now_us]`,
/// newest first, at most [`LABELS_PER_NODE`] per node and [`LABELS_SHOWN`] in all. `engine`
/// (the run at the moment shown) gives the settings a label names.
pub fn death_labels(
    flights: &Flights,
    deaths: &[usize],
    events: &EventLog,
    engine: &Engine,
    now_us: u64,
    window_us: u64,
) -> Vec<DeathLabel> {
    let window_us = window_us.max(1);
    let hops = &flights.hops;
    let end = deaths.partition_point(|&i| hops[i].at_us <= now_us);
    let mut per_node: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = Vec::new();
    for h in deaths[..end].iter().rev().filter_map(|&i| hops.get(i)) {
        if now_us - h.at_us >= window_us {
            break;
        }
        let Some(e) = usize::try_from(h.seq).ok().and_then(|i| events.get(i)) else { continue };
        let Some(words) = label_words(&e, engine) else { continue };
        // A death stands at its queue (a rejection's hop ends at the consumer); a drop where
        // its hop ends.
        let node = match &e.kind {
            EventKind::Died { queue, .. } => queue_id(queue),
            _ => h.to.to_string(),
        };
        if let Some(same) =
            out.iter_mut().find(|l: &&mut DeathLabel| l.node == node && l.words == words)
        {
            same.count += 1;
            continue;
        }
        let slot = per_node.entry(node.clone()).or_insert(0);
        if *slot >= LABELS_PER_NODE {
            continue;
        }
        let age = (now_us - h.at_us) as f64 / window_us as f64;
        let opacity =
            if age <= SOLID_SHARE { 1.0 } else { ((1.0 - age) / (1.0 - SOLID_SHARE)).max(0.0) };
        out.push(DeathLabel {
            node,
            words,
            fate: h.fate,
            seq: h.seq,
            slot: *slot,
            count: 1,
            opacity,
        });
        *slot += 1;
        if out.len() >= LABELS_SHOWN {
            break;
        }
    }
    out
}

/// The label's words with its count when it stands for several deaths ("rejected ×3").
pub fn shown(l: &DeathLabel) -> Message {
    if l.count > 1 {
        message!("death-times", label = l.words.clone(), n = l.count)
    } else {
        l.words.clone()
    }
}

/// "5 s" or "500 ms".
fn duration(ms: u64) -> Message {
    if ms >= 1000 && ms % 1000 == 0 {
        message!("duration-s", n = ms / 1000)
    } else {
        message!("duration-ms", n = ms)
    }
}

/// The label for a death or a drop, naming the reason and the setting behind it.
pub fn label_words(e: &Event, engine: &Engine) -> Option<Message> {
    Some(match &e.kind {
        EventKind::Died { queue, reason } => {
            let settings = engine.queue(queue).map(|q| &q.effective);
            match reason {
                Reason::Rejected => message!("death-rejected"),
                Reason::Expired => {
                    match (e.cause, settings.and_then(|s| s.message_ttl_ms.as_ref())) {
                        (Cause::MessageExpiration, _) => message!("death-expired-property"),
                        (_, Some(ttl)) => message!("death-expired-ttl", ttl = duration(ttl.value)),
                        _ => message!("death-expired"),
                    }
                }
                Reason::Maxlen => {
                    let overflow = settings
                        .and_then(|s| s.overflow.as_ref())
                        .map(|o| o.value.as_str())
                        .unwrap_or("drop-head");
                    message!("death-maxlen", overflow = overflow)
                }
                Reason::DeliveryLimit => match settings.and_then(|s| s.delivery_limit.as_ref()) {
                    Some(l) => message!("death-delivery-limit-n", limit = l.value),
                    None => message!("death-delivery-limit"),
                },
            }
        }
        EventKind::Dropped(rule) => match rule {
            DropRule::Unroutable { .. } => message!("death-dropped-unroutable"),
            DropRule::NoDeadLetterExchange | DropRule::DeadLetterExchangeMissing { .. } => {
                message!("death-dropped-no-dlx")
            }
            DropRule::NoDeadLetterRoute { .. } => message!("death-dropped-no-route"),
            DropRule::Cycle { .. } => message!("death-dropped-cycle"),
            DropRule::TargetRefused { .. } => message!("death-dropped-refused"),
            DropRule::QueueGone { .. } => message!("death-dropped-queue-gone"),
            DropRule::StrategySwitched { .. } => message!("death-dropped-strategy-switched"),
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::scenario::{playground::presets, Run};

    fn full(preset: &str) -> Run {
        let s = presets::preset(preset).unwrap();
        let mut run = Run::new(&s).unwrap();
        run.advance_to(run.end()).unwrap();
        run
    }

    #[test]
    fn ticks_mark_each_slot_with_a_death_once_in_order() {
        let run = full("four-reasons");
        let flights = Flights::from_events(run.engine().events());
        let deaths = death_hops(&flights);
        let end = run.end().as_us();
        let t = ticks(&flights, &deaths, end, 100);
        assert!(!t.is_empty() && t.len() <= deaths.len());
        assert!(t.windows(2).all(|w| w[0].0 < w[1].0), "{t:?}");
        assert!(t
            .iter()
            .all(|(s, f)| *s < 100 && matches!(f, FateFamily::Died | FateFamily::Dropped)));
        assert!(ticks(&flights, &deaths, end, 0).is_empty());
    }

    #[test]
    fn every_death_is_labelled_at_its_queue_with_its_reason_and_setting() {
        let run = full("four-reasons");
        let events = run.engine().events();
        let flights = Flights::from_events(events);
        let mut texts = Vec::new();
        for (i, e) in events.iter().enumerate() {
            let EventKind::Died { queue, .. } = &e.kind else { continue };
            let labels = death_labels(
                &flights,
                &death_hops(&flights),
                events,
                run.engine(),
                e.at_us.as_us(),
                2_000_000,
            );
            let l = labels.iter().find(|l| l.seq == i as u64).expect("the death is labelled");
            assert_eq!(l.node, format!("q:{queue}"));
            assert_eq!(l.opacity, 1.0);
            texts.push(l.words.text(Lang::En));
        }
        for want in ["rejected", "expired (x-message-ttl", "maxlen (", "delivery_limit"] {
            assert!(texts.iter().any(|t| t.starts_with(want)), "{want} in {texts:?}");
        }
        // In Korean too, with the broker's words kept.
        let e = events.iter().find(|e| matches!(e.kind, EventKind::Died { .. })).unwrap();
        let ko = label_words(&e, run.engine()).unwrap().text(Lang::Ko);
        assert!(ko.chars().any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c)), "{ko}");
    }

    #[test]
    fn labels_stand_for_their_window_fade_and_are_bounded_per_node() {
        let run = full("four-reasons");
        let events = run.engine().events();
        let flights = Flights::from_events(events);
        let (i, e) = events
            .iter()
            .enumerate()
            .find(|(_, e)| matches!(e.kind, EventKind::Died { .. }))
            .unwrap();
        let at = e.at_us.as_us();
        let seen = |now: u64| {
            death_labels(&flights, &death_hops(&flights), events, run.engine(), now, 1_000_000)
                .into_iter()
                .find(|l| l.seq == i as u64)
        };
        assert!(at == 0 || seen(at - 1).is_none(), "not before it happens");
        assert_eq!(seen(at).map(|l| l.opacity), Some(1.0));
        assert_eq!(seen(at + 500_000).map(|l| l.opacity), Some(1.0));
        let fading = seen(at + 800_000).unwrap().opacity;
        assert!(fading > 0.0 && fading < 1.0, "{fading}");
        assert!(seen(at + 1_000_000).is_none(), "gone after the window");
        // However many die at once, a node shows the newest few kinds, each with its count, and
        // the graph a bounded number.
        for now in (0..=run.end().as_us()).step_by(250_000) {
            let labels = death_labels(
                &flights,
                &death_hops(&flights),
                events,
                run.engine(),
                now,
                60_000_000,
            );
            assert!(labels.len() <= LABELS_SHOWN);
            let mut per: BTreeMap<&str, usize> = BTreeMap::new();
            for (i, l) in labels.iter().enumerate() {
                *per.entry(l.node.as_str()).or_default() += 1;
                assert!(l.slot < LABELS_PER_NODE);
                assert!(
                    !labels[i + 1..].iter().any(|o| o.node == l.node && o.words == l.words),
                    "the same words twice at {}",
                    l.node
                );
            }
            assert!(per.values().all(|&n| n <= LABELS_PER_NODE));
        }
    }

    #[test]
    fn the_same_words_at_one_node_are_counted_on_one_label() {
        let l = DeathLabel {
            node: "q:a".into(),
            words: message!("death-rejected"),
            fate: CopyFate::Rejected,
            seq: 9,
            slot: 0,
            count: 3,
            opacity: 1.0,
        };
        assert_eq!(shown(&l).text(Lang::En), "rejected ×3");
        assert_eq!(shown(&DeathLabel { count: 1, ..l }).text(Lang::En), "rejected");
    }

    #[test]
    fn the_window_grows_with_the_speed_so_a_label_stands_long_enough_to_read() {
        assert_eq!(window_us(1.0, 2_000_000, 2500), 2_500_000);
        assert_eq!(window_us(0.1, 2_000_000, 2500), 2_000_000);
        assert_eq!(window_us(100.0, 2_000_000, 2500), 250_000_000);
        assert_eq!(window_us(f64::NAN, 2_000_000, 2500), 2_000_000);
        assert_eq!(window_us(f64::INFINITY, 2_000_000, 2500), 2_000_000);
    }
}
