//! Shared death histories: messages that die the same way share one copy of their headers.
//!
//! Writing a death ([`record_death`]) is a pure function of the message's properties, its
//! exchange and routing keys, whether the broker wrote its history, and the death (reason,
//! queue, time in seconds, profile). In a storm thousands of copies carry the same properties
//! and die in the same queue in the same second: the first one computes the new properties,
//! the others take a share of them (copy-on-write, as copies of a fanout already do). No copy
//! of the x-death table is built for them, and the ones that are built stay hot in the cache.
//!
//! The memo of deaths holds only weak references: it keeps no properties alive (a message that changes
//! its own still does so in place), and an input is known by the allocation it lives in, which
//! cannot be reused for other properties while the memo points at it. What a death gives is
//! the same whether the memo answers or not: it changes speed and memory, never behaviour.

use std::sync::{Arc, Weak};

use super::dead_letter::{record_death, Reason};
use super::message::{Message, Properties};
use super::name::{Name, Names};
use super::profile::Profile;

/// How many recent deaths are remembered (a storm has a handful of distinct ones at a time).
const SLOTS: usize = 8;

/// Everything a death reads besides the properties themselves.
#[derive(Clone, Copy)]
struct Death {
    reason: Reason,
    queue: Name,
    time_s: u64,
    exchange: Name,
    routing_keys: Names,
    bcc: Names,
    broker_deaths: bool,
    profile: &'static Profile,
}

impl Death {
    fn of(
        msg: &Message,
        reason: Reason,
        queue: Name,
        time_s: u64,
        profile: &'static Profile,
    ) -> Death {
        Death {
            reason,
            queue,
            time_s,
            exchange: msg.exchange,
            routing_keys: msg.routing_keys,
            bcc: msg.bcc,
            broker_deaths: msg.broker_deaths,
            profile,
        }
    }

    fn same(&self, other: &Death) -> bool {
        self.reason == other.reason
            && self.queue == other.queue
            && self.time_s == other.time_s
            && self.exchange == other.exchange
            && self.routing_keys == other.routing_keys
            && self.bcc == other.bcc
            && self.broker_deaths == other.broker_deaths
            && std::ptr::eq(self.profile, other.profile)
    }
}

/// One remembered death: these properties, dying this way, became those.
#[derive(Clone)]
struct Slot {
    input: Weak<Properties>,
    death: Death,
    output: Weak<Properties>,
}

/// Recent deaths and the properties they gave (see the module notes).
#[derive(Clone, Default)]
pub(crate) struct DeathMemo {
    slots: Vec<Slot>,
    /// The slot the next new death replaces (oldest first).
    next: usize,
    /// The properties of the last publish, which the next publish shares when they are equal
    /// (a publisher's messages then die the same way from their first death on). Held, not
    /// weak: a publisher's previous message has often died already when the next one comes.
    published: Option<Arc<Properties>>,
}

impl std::fmt::Debug for DeathMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DeathMemo({} remembered)", self.slots.len())
    }
}

impl DeathMemo {
    /// Records a death on `msg` exactly as [`record_death`] does (same headers, same log
    /// lines), sharing the resulting properties with an earlier copy that died the same way.
    pub(crate) fn record(
        &mut self,
        msg: &mut Message,
        reason: Reason,
        queue: Name,
        time_s: u64,
        profile: &'static Profile,
    ) -> Vec<String> {
        let death = Death::of(msg, reason, queue, time_s, profile);
        let input = Arc::as_ptr(&msg.props);
        let found = self.slots.iter().find(|s| s.input.as_ptr() == input && s.death.same(&death));
        if let Some(props) = found.and_then(|s| s.output.upgrade()) {
            msg.props = props;
            msg.broker_deaths = true;
            return Vec::new();
        }
        let before = Arc::downgrade(&msg.props);
        let log = record_death(msg, reason, &queue, time_s, profile);
        // A death that logs (an invalid x-death reset) is rare: it is not remembered.
        if log.is_empty() {
            self.remember(Slot { input: before, death, output: Arc::downgrade(&msg.props) });
        }
        log
    }

    /// `props` for a new message: the last publish's own when they are equal, so that copies
    /// published alike are known alike here.
    pub(crate) fn share_published(&mut self, props: Arc<Properties>) -> Arc<Properties> {
        if let Some(last) = &self.published {
            if Arc::ptr_eq(last, &props) || **last == *props {
                return last.clone();
            }
        }
        self.published = Some(props.clone());
        props
    }

    fn remember(&mut self, slot: Slot) {
        if let Some(same) = self
            .slots
            .iter_mut()
            .find(|s| s.input.as_ptr() == slot.input.as_ptr() && s.death.same(&slot.death))
        {
            *same = slot;
        } else if self.slots.len() < SLOTS {
            self.slots.push(slot);
        } else {
            self.slots[self.next] = slot;
            self.next = (self.next + 1) % SLOTS;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::headers::{FieldTable, FieldValue};
    use crate::rng::SimRng;
    use crate::time::SimTime;

    const REASONS: [Reason; 4] =
        [Reason::Rejected, Reason::Expired, Reason::Maxlen, Reason::DeliveryLimit];

    fn message(props: &Arc<Properties>, key: &str) -> Message {
        Message {
            id: 0,
            lineage: 0,
            body: Arc::from("body"),
            exchange: Name::new("src.x"),
            routing_keys: Names::one(Name::new(key)),
            bcc: Names::empty(),
            props: props.clone(),
            broker_deaths: false,
            born_at: SimTime::ZERO,
        }
    }

    /// Properties to start from: plain, with an expiration, with CC keys, with a client's
    /// own x-death (a table, and an invalid one).
    fn starts() -> Vec<Arc<Properties>> {
        let mut cc = Properties::default();
        cc.headers.set("CC", FieldValue::Array(vec![FieldValue::LongStr("cc.key".into())]));
        let mut client = Properties::default();
        let mut entry = FieldTable::new();
        entry.set("queue", FieldValue::LongStr("q1".into()));
        entry.set("reason", FieldValue::LongStr("expired".into()));
        client.headers.set("x-death", FieldValue::Array(vec![FieldValue::Table(entry)]));
        let mut invalid = Properties::default();
        invalid.headers.set("x-death", FieldValue::Long(3));
        let expiring = Properties { expiration: Some("500".into()), ..Properties::default() };
        [Properties::default(), expiring, cc, client, invalid].into_iter().map(Arc::new).collect()
    }

    /// Random deaths of a few messages, written through the memo and directly: every death
    /// gives the same headers, flags and log lines, and copies that died alike share them.
    #[test]
    fn the_memo_writes_exactly_what_a_death_writes() {
        let queues = [Name::new("q1"), Name::new("q2"), Name::new("q3")];
        let exchanges = [Name::new("a.x"), Name::new("b.x")];
        let mut shared = 0;
        for (seed, profile) in Profile::ALL.iter().enumerate() {
            let mut rng = SimRng::new(seed as u64 + 11);
            for round in 0..40 {
                let starts = starts();
                let mut memo = DeathMemo::default();
                let mut via_memo: Vec<Message> = Vec::new();
                let mut direct: Vec<Message> = Vec::new();
                for i in 0..6 {
                    let start = &starts[rng.below(starts.len() as u64) as usize];
                    let key = if i % 2 == 0 { "k1" } else { "k2" };
                    via_memo.push(message(start, key));
                    direct.push(message(&Arc::new((**start).clone()), key));
                }
                for step in 0..60 {
                    // Every copy dies the same way first, then as it comes.
                    let i = if step < 6 { step } else { rng.below(6) as usize };
                    let (reason, queue, time_s) = if step < 6 {
                        (Reason::Rejected, queues[0], 1_700_000_000)
                    } else {
                        let reason = REASONS[rng.below(4) as usize];
                        (reason, queues[rng.below(3) as usize], 1_700_000_000 + rng.below(3))
                    };
                    let expected = record_death(&mut direct[i], reason, &queue, time_s, profile);
                    let got = memo.record(&mut via_memo[i], reason, queue, time_s, profile);
                    assert_eq!(got, expected, "round {round}");
                    assert_eq!(*via_memo[i].props, *direct[i].props, "round {round}");
                    assert_eq!(via_memo[i].broker_deaths, direct[i].broker_deaths);
                    let exchange = exchanges[rng.below(2) as usize];
                    via_memo[i].exchange = exchange;
                    direct[i].exchange = exchange;
                    if step == 5 {
                        for (j, a) in via_memo.iter().enumerate() {
                            let alike = via_memo[j + 1..].iter();
                            shared += alike.filter(|b| Arc::ptr_eq(&a.props, &b.props)).count();
                        }
                    }
                }
            }
        }
        assert!(shared > 0, "copies that died alike share their headers");
    }

    #[test]
    fn equal_publishes_share_their_properties() {
        let mut memo = DeathMemo::default();
        let first = memo.share_published(Arc::new(Properties::default()));
        let second = memo.share_published(Arc::new(Properties::default()));
        assert!(Arc::ptr_eq(&first, &second));
        let other = Properties { priority: Some(3), ..Properties::default() };
        let third = memo.share_published(Arc::new(other.clone()));
        assert_eq!(*third, other);
        assert!(!Arc::ptr_eq(&first, &third));
    }

    #[test]
    fn a_shared_history_is_copied_before_it_changes() {
        let mut memo = DeathMemo::default();
        let start = Arc::new(Properties::default());
        let (mut a, mut b) = (message(&start, "k"), message(&start, "k"));
        let q = Name::new("q1");
        memo.record(&mut a, Reason::Rejected, q, 7, &crate::RABBITMQ_4);
        memo.record(&mut b, Reason::Rejected, q, 7, &crate::RABBITMQ_4);
        assert!(Arc::ptr_eq(&a.props, &b.props));
        let before = (*b.props).clone();
        memo.record(&mut a, Reason::Expired, Name::new("q2"), 8, &crate::RABBITMQ_4);
        assert_eq!(*b.props, before, "the other copy keeps its history");
        assert_ne!(*a.props, before);
    }
}
