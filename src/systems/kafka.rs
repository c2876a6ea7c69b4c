//! Kafka with Spring's `@RetryableTopic`: a failed record goes to the next retry topic
//! (`-retry-0`, `-retry-1`, …) whose consumer holds its partition until the record's back-off
//! is over, so retries never block the main topic (and a key's order can break); after the
//! last attempt, or at once for an excluded (non-retryable) exception, the record goes to the
//! `-dlt` topic. Records keep their partition; a keyed record's partition is Kafka's default
//! (murmur2 of the key), an unkeyed one round-robin. The back-off is `delay × multiplier^n`,
//! capped at `maxDelay`, or at Spring Retry's 30 s when `maxDelay` is not above `delay` (so
//! the seed's "40 s" fourth wait is 30 s with its settings); the attempts that wait the capped
//! delay share one retry topic (Spring's default `SameIntervalTopicReuseStrategy.SINGLE_TOPIC`).
//!
//! Follows the Spring for Apache Kafka reference, "Non-Blocking Retries" (topic naming,
//! back-off, exclusions, DLT strategies), and Spring Retry's `ExponentialBackOffPolicy`.
//!
//! The operator republishes chosen DLT records to the original topic (a new record) or skips
//! them. With a table (the hybrid, [`super::hybrid`]) the DLT handler stores each record as a
//! PENDING row instead, and the operator republishes or skips rows.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::consumer::{Attempt, Consumer};
use super::driven::{driven_system, Core};
use super::trace::{Place, Role, RowStatus, SysEventKind, Wait};
use super::workload::{OperatorKind, Workload, WorkloadError, MAX_HORIZON_MS};

/// Spring Retry's cap on an exponential back-off when `maxDelay` is not above `delay`.
pub const DEFAULT_MAX_DELAY_MS: u64 = 30_000;

/// The listener's topic and its `@RetryableTopic` settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct KafkaConfig {
    pub topic: String,
    pub partitions: u32,
    /// `attempts`: deliveries in all, the first included.
    pub attempts: u32,
    /// `@Backoff(delay)`, in ms.
    pub delay_ms: u64,
    /// `@Backoff(multiplier)` (1 or less: a fixed back-off with a single `-retry` topic).
    pub multiplier: f64,
    /// `@Backoff(maxDelay)`, in ms (0: not set).
    pub max_delay_ms: u64,
}

impl Default for KafkaConfig {
    fn default() -> Self {
        KafkaConfig {
            topic: "vehicle.event".into(),
            partitions: 1,
            attempts: 5,
            delay_ms: 5_000,
            multiplier: 2.0,
            max_delay_ms: 0,
        }
    }
}

impl KafkaConfig {
    /// Checks the settings; the error names the field (`prefix.…`).
    pub fn check(&self, prefix: &str) -> Result<(), WorkloadError> {
        let bad = |field: &str, problem: &str| {
            Err(WorkloadError::Setting {
                field: format!("{prefix}.{field}"),
                problem: problem.into(),
            })
        };
        if self.topic.is_empty() {
            return bad("topic", "give the topic a name");
        }
        if !(1..=64).contains(&self.partitions) {
            return bad("partitions", "use 1 to 64");
        }
        if !(1..=50).contains(&self.attempts) {
            return bad("attempts", "use 1 to 50");
        }
        if self.delay_ms > MAX_HORIZON_MS || self.max_delay_ms > MAX_HORIZON_MS {
            return bad("delay_ms", "use at most 30 days");
        }
        if !(self.multiplier.is_finite() && (0.0..=100.0).contains(&self.multiplier)) {
            return bad("multiplier", "use a number from 0 to 100");
        }
        Ok(())
    }

    /// How many retry topics there are: one per back-off until the delay reaches its cap, then
    /// one for every attempt that waits the capped delay.
    pub fn retry_topics(&self) -> u32 {
        let retries = self.attempts.clamp(1, 50) - 1;
        if self.fixed() {
            return retries.min(1);
        }
        (0..retries)
            .position(|n| {
                n > 0
                    && self.backoff_ms(n) == self.backoff_ms(n - 1)
                    && self.backoff_ms(n) == self.cap_ms()
            })
            .map_or(retries, |p| p as u32)
    }

    /// A fixed back-off (multiplier 1 or unset): one retry topic, named `-retry`.
    fn fixed(&self) -> bool {
        self.multiplier <= 1.0
    }

    fn cap_ms(&self) -> u64 {
        if self.max_delay_ms > self.delay_ms {
            self.max_delay_ms
        } else {
            DEFAULT_MAX_DELAY_MS.max(self.delay_ms)
        }
    }

    /// The back-off before attempt `n + 2` (after `n + 1` failures), in ms.
    pub fn backoff_ms(&self, n: u32) -> u64 {
        if self.fixed() {
            return self.delay_ms;
        }
        let cap = self.cap_ms();
        let mult = self.multiplier;
        let ms = (self.delay_ms as f64 * mult.powi(n.min(1000) as i32)).round();
        if ms.is_finite() && ms < cap as f64 {
            ms as u64
        } else {
            cap
        }
    }
}

/// Kafka's default partitioner hash (murmur2, seed 0x9747b28c), as `Utils.murmur2` computes it.
pub fn murmur2(data: &[u8]) -> i32 {
    const M: u32 = 0x5bd1_e995;
    let mut h: u32 = 0x9747_b28c ^ data.len() as u32;
    let mut chunks = data.chunks_exact(4);
    for c in &mut chunks {
        let mut k = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        k = k.wrapping_mul(M);
        k ^= k >> 24;
        k = k.wrapping_mul(M);
        h = h.wrapping_mul(M) ^ k;
    }
    let rest = chunks.remainder();
    if rest.len() >= 3 {
        h ^= (rest[2] as u32) << 16;
    }
    if rest.len() >= 2 {
        h ^= (rest[1] as u32) << 8;
    }
    if !rest.is_empty() {
        h ^= rest[0] as u32;
        h = h.wrapping_mul(M);
    }
    h ^= h >> 13;
    h = h.wrapping_mul(M);
    h ^= h >> 15;
    h as i32
}

/// The partition of a record with `key` among `partitions` (`toPositive(murmur2) % n`).
pub fn partition_of(key: &str, partitions: u32) -> u32 {
    ((murmur2(key.as_bytes()) & 0x7fff_ffff) as u32) % partitions.max(1)
}

#[derive(Debug, Clone, Copy)]
struct Record {
    msg: usize,
    due_us: u64,
}

enum Happening {
    Produce(usize),
    /// A partition's consumer may go on (its head record is due, or it is free).
    Wake(usize, usize),
    Done(usize, usize, usize),
    Operator(usize),
}

/// Kafka retry topics and a DLT on the virtual clock (and, with a table, the hybrid).
pub struct Kafka {
    config: KafkaConfig,
    workload: Workload,
    consumer: Consumer,
    core: Core<Happening>,
    /// Topic names: the main topic, the retry topics, the DLT (and the table, if any).
    names: Vec<String>,
    /// Each topic's partitions: the records not yet consumed.
    logs: Vec<Vec<VecDeque<Record>>>,
    busy: Vec<Vec<bool>>,
    partition: Vec<usize>,
    /// Where each message's record is: its topic index (the DLT once dead-lettered).
    topic_of: Vec<usize>,
    /// Failed attempts of each message's current record.
    failures: Vec<u32>,
    reason: Vec<String>,
    /// The hybrid's table rows: the message's row status, if it has a row.
    rows: Vec<Option<RowStatus>>,
    table: Option<String>,
    skipped: Vec<bool>,
    next_round_robin: u32,
}

impl Kafka {
    /// The topics and their consumers, with the records' production and the operator's
    /// actions scheduled.
    pub fn new(config: KafkaConfig, workload: Workload) -> Kafka {
        Kafka::build(config, workload, None)
    }

    /// Like [`Kafka::new`], with a DLT handler that stores records in `table` (the hybrid).
    pub fn with_table(config: KafkaConfig, workload: Workload, table: String) -> Kafka {
        Kafka::build(config, workload, Some(table))
    }

    fn build(config: KafkaConfig, workload: Workload, table: Option<String>) -> Kafka {
        let t = &config.topic;
        let mut names = vec![t.clone()];
        let mut places = vec![Place { name: t.clone(), role: Role::Main }];
        let topics = config.retry_topics();
        for n in 0..topics {
            let name = if config.fixed() { format!("{t}-retry") } else { format!("{t}-retry-{n}") };
            names.push(name.clone());
            places.push(Place { name, role: Role::Retry });
        }
        names.push(format!("{t}-dlt"));
        places.push(Place { name: format!("{t}-dlt"), role: Role::DeadLetter });
        if let Some(table) = &table {
            places.push(Place { name: table.clone(), role: Role::Table });
        }
        let p = config.partitions.clamp(1, 64) as usize;
        let topics = names.len();
        let n = workload.messages.len();
        Kafka {
            consumer: Consumer::new(&workload),
            core: Core::new(places, &workload, Happening::Produce, Happening::Operator),
            config,
            workload,
            names,
            logs: vec![vec![VecDeque::new(); p]; topics],
            busy: vec![vec![false; p]; topics],
            partition: vec![0; n],
            topic_of: vec![0; n],
            failures: vec![0; n],
            reason: vec![String::new(); n],
            rows: vec![None; n],
            table,
            skipped: vec![false; n],
            next_round_robin: 0,
        }
    }

    fn dlt(&self) -> usize {
        self.names.len() - 1
    }

    /// Produces message `msg` to the main topic (first time, or republished by the operator).
    fn produce(&mut self, msg: usize) {
        let p = match &self.workload.messages[msg].key {
            Some(k) => partition_of(k, self.config.partitions),
            None => {
                let p = self.next_round_robin % self.config.partitions.max(1);
                self.next_round_robin = self.next_round_robin.wrapping_add(1);
                p
            }
        } as usize;
        self.partition[msg] = p.min(self.logs[0].len() - 1);
        self.topic_of[msg] = 0;
        self.failures[msg] = 0;
        let main = self.names[0].clone();
        self.core.record(msg, &main, SysEventKind::Published);
        self.append(0, msg, self.core.now_us);
    }

    fn append(&mut self, topic: usize, msg: usize, due_us: u64) {
        let p = self.partition[msg];
        self.logs[topic][p].push_back(Record { msg, due_us });
        self.wake(topic, p);
    }

    /// The partition's consumer takes its head record if it is free and the record is due;
    /// a record not yet due pauses the partition until it is.
    fn wake(&mut self, topic: usize, p: usize) {
        if self.busy[topic][p] {
            return;
        }
        let Some(head) = self.logs[topic][p].front().copied() else { return };
        if head.due_us > self.core.now_us {
            self.core.at(head.due_us, Happening::Wake(topic, p));
            return;
        }
        self.logs[topic][p].pop_front();
        self.busy[topic][p] = true;
        let name = self.names[topic].clone();
        self.core.record(
            head.msg,
            &name,
            SysEventKind::Received { attempt: self.failures[head.msg] + 1 },
        );
        self.core.after_processing(Happening::Done(topic, p, head.msg));
    }

    fn done(&mut self, topic: usize, p: usize, msg: usize) {
        self.busy[topic][p] = false;
        let name = self.names[topic].clone();
        let attempt = self.failures[msg] + 1;
        match self.consumer.attempt(&self.workload, msg, self.core.now_us) {
            Attempt::Done { effect } => {
                self.core.record(msg, &name, SysEventKind::Succeeded { attempt, effect })
            }
            Attempt::Failed { reason, permanent, effect_applied } => {
                self.core.record(
                    msg,
                    &name,
                    SysEventKind::Failed {
                        attempt,
                        reason: reason.clone(),
                        permanent,
                        effect_applied,
                    },
                );
                self.reason[msg] = reason.clone();
                self.failures[msg] = attempt;
                let excluded = permanent && self.workload.route_permanent_directly;
                // Retry topic n holds the wait after n + 1 failures (the last one every capped wait).
                let next = (attempt as usize).min(self.dlt() - 1);
                if excluded || attempt >= self.config.attempts.clamp(1, 50) || self.dlt() == 1 {
                    self.send_to_dlt(msg, name, reason);
                } else {
                    let until_us = self
                        .core
                        .now_us
                        .saturating_add(self.config.backoff_ms(attempt - 1).saturating_mul(1000));
                    let retry = self.names[next].clone();
                    self.topic_of[msg] = next;
                    self.core.record(msg, &retry, SysEventKind::Moved { from: name });
                    self.core.record(
                        msg,
                        &retry,
                        SysEventKind::Waiting { until_us, why: Wait::Backoff },
                    );
                    self.append(next, msg, until_us);
                }
            }
        }
        self.wake(topic, p);
    }

    fn send_to_dlt(&mut self, msg: usize, from: String, reason: String) {
        let dlt = self.names[self.dlt()].clone();
        self.topic_of[msg] = self.dlt();
        self.core.record(msg, &dlt, SysEventKind::DeadLettered { from, reason });
        if let Some(table) = self.table.clone() {
            // The @DltHandler stores the record with its original topic, partition and offset.
            self.rows[msg] = Some(RowStatus::Pending);
            self.core.record(msg, &table, SysEventKind::Moved { from: dlt });
            self.core.record(msg, &table, SysEventKind::Status { status: RowStatus::Pending });
        }
    }

    fn operator(&mut self, index: usize) {
        let Some(a) = self.workload.operator.get(index).cloned() else { return };
        let dlt = self.dlt();
        for msg in 0..self.workload.messages.len() {
            let open = match &self.table {
                Some(_) => matches!(self.rows[msg], Some(RowStatus::Pending | RowStatus::Failed)),
                None => self.topic_of[msg] == dlt && !self.skipped[msg],
            };
            if !open || !a.select.picks(&self.workload.messages[msg].id, &self.reason[msg]) {
                continue;
            }
            let place = self.table.clone().unwrap_or_else(|| self.names[dlt].clone());
            self.core.record(
                msg,
                &place,
                SysEventKind::Operator { action: a.kind, note: a.note.clone() },
            );
            match a.kind {
                OperatorKind::Replay => {
                    if self.table.is_some() {
                        // PROCESSING, republished to the original topic, COMPLETED.
                        self.core.record(
                            msg,
                            &place,
                            SysEventKind::Status { status: RowStatus::Processing },
                        );
                        self.rows[msg] = Some(RowStatus::Completed);
                        self.core.record(
                            msg,
                            &place,
                            SysEventKind::Status { status: RowStatus::Completed },
                        );
                    }
                    self.produce(msg);
                }
                OperatorKind::Skip => {
                    self.skipped[msg] = true;
                    if self.table.is_some() {
                        self.rows[msg] = Some(RowStatus::Skipped);
                        self.core.record(
                            msg,
                            &place,
                            SysEventKind::Status { status: RowStatus::Skipped },
                        );
                    }
                }
                OperatorKind::Edit => self.consumer.edit(msg),
            }
        }
    }
}

impl Kafka {
    fn handle(&mut self, h: Happening) {
        match h {
            Happening::Produce(msg) => self.produce(msg),
            Happening::Wake(topic, p) => self.wake(topic, p),
            Happening::Done(topic, p, msg) => self.done(topic, p, msg),
            Happening::Operator(i) => self.operator(i),
        }
    }
}

driven_system!(Kafka);
