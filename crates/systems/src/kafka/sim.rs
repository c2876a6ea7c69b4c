//! The simulation: topics of partitions, one consumer per partition that takes its head record
//! once it is due, the failed records forwarded (retry topics) or redelivered (blocking), the
//! DLT handler, and the operator.

use crate::engine::SimTime;
use std::collections::VecDeque;

use super::headers::{self, Origin, RetryValues, Style};
use super::partitioner::{partition_of, Sticky};
use super::{DltStrategy, ErrorHandling, KafkaConfig};
use crate::systems::consumer::{Attempt, Consumer};
use crate::systems::driven::Core;
use crate::systems::trace::{Loss, Place, Role, SysEventKind, Wait};
use crate::systems::workload::{OperatorKind, Workload};

/// Spring's default fatal exceptions, retried by neither path: `ExceptionClassifier
/// .defaultFatalExceptionsList()` (ExceptionClassifier.java:59-66), used by the retry topics
/// (RetryTopicConfigurationSupport.java:279-285, DefaultDestinationTopicResolver.java:110-112)
/// and by `DefaultErrorHandler` (FailedRecordProcessor.java:47). A failure whose reason is one
/// of these (simple or full class name) skips the retries.
pub const FATAL_EXCEPTIONS: [&str; 6] = [
    "DeserializationException",
    "MessageConversionException",
    "ConversionException",
    "MethodArgumentResolutionException",
    "NoSuchMethodException",
    "ClassCastException",
];

/// The reason a failing `@DltHandler` gives.
pub const DLT_HANDLER_ERROR: &str = "DltHandlerException";

#[derive(Debug, Clone, Copy)]
pub(crate) struct Record {
    msg: usize,
    due_us: u64,
    /// The message's record generation it belongs to (an operator's republish starts a new
    /// one; older copies are skipped).
    generation: u32,
}

struct Topic {
    name: String,
    delay_ms: u64,
    reusable: bool,
    logs: Vec<VecDeque<Record>>,
    busy: Vec<bool>,
    next_offset: Vec<u64>,
    sticky: Sticky,
}

/// Where a message's current record is and what it carries.
#[derive(Debug, Clone, Default)]
pub(super) struct Msg {
    pub(super) topic: usize,
    partition: usize,
    offset: u64,
    /// The first record's timestamp (the one the main topic got), in ms.
    timestamp_ms: u64,
    /// The `retry_topic-attempts` header of the current record (none on the main topic).
    attempts_header: Option<u32>,
    /// Whether the original-record headers are on the record already.
    has_origin: bool,
    /// Failed deliveries of the current record chain.
    failures: u32,
    reason: String,
    dlt_failures: u32,
    pub(super) generation: u32,
    pub(super) skipped: bool,
    /// The record went nowhere after its last failure (logged only: no DLT).
    pub(super) dropped: bool,
}

pub(crate) enum Happening {
    Produce(usize),
    /// A partition's consumer may go on (its head record is due, or it is free).
    Wake(usize, usize),
    Done(usize, usize, Record),
    Operator(usize),
}

/// Where a failed record goes next (DefaultDestinationTopicResolver.java:98-108).
enum Next {
    Retry(usize),
    Dlt,
    /// The no-op destination: logged, no further action (NO_DLT, or FAIL_ON_ERROR in the DLT).
    Nowhere,
}

/// Kafka retry topics and a DLT on the virtual clock (and, with a table, the hybrid).
pub struct Kafka {
    config: KafkaConfig,
    pub(super) workload: Workload,
    pub(super) consumer: Consumer,
    pub(super) core: Core<Happening>,
    /// The main topic, the retry topics, the DLT if any.
    topics: Vec<Topic>,
    pub(super) dlt: Option<usize>,
    pub(super) msgs: Vec<Msg>,
    pub(super) table: Option<super::table_rows::Table>,
}

impl Kafka {
    /// The topics and their consumers, with the records' production and the operator's
    /// actions scheduled.
    pub fn new(config: KafkaConfig, workload: Workload) -> Kafka {
        Kafka::build(config, workload, None)
    }

    /// Like [`Kafka::new`], with a DLT handler that stores records in `table` (the hybrid).
    /// Republishes before `send_fails_until_ms` fail.
    pub fn with_table(
        config: KafkaConfig,
        workload: Workload,
        table: String,
        send_fails_until_ms: Option<u64>,
    ) -> Kafka {
        let mut k = Kafka::build(config, workload, Some(table.clone()));
        k.table = Some(super::table_rows::Table {
            name: table,
            rows: Vec::new(),
            send_fails_until_us: send_fails_until_ms.map(|ms| ms.saturating_mul(1000)),
        });
        k
    }

    fn build(config: KafkaConfig, workload: Workload, table: Option<String>) -> Kafka {
        let seed = workload.seed;
        let (retry, dlt) = config.topics(seed);
        let main_partitions = config.partitions.clamp(1, 64) as usize;
        let spring_partitions = config.retry_topic_partitions.clamp(1, 64) as usize;
        let topic = |i: usize, name: String, delay_ms: u64, reusable: bool, p: usize| Topic {
            name,
            delay_ms,
            reusable,
            logs: vec![VecDeque::new(); p],
            busy: vec![false; p],
            next_offset: vec![0; p],
            sticky: Sticky::new(seed ^ (i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)),
        };
        let mut topics = vec![topic(0, config.topic.clone(), 0, false, main_partitions)];
        let mut places = vec![Place { name: config.topic.clone(), role: Role::Main }];
        for t in retry {
            places.push(Place { name: t.name.clone(), role: Role::Retry });
            topics.push(topic(topics.len(), t.name, t.delay_ms, t.reusable, spring_partitions));
        }
        let dlt = dlt.map(|name| {
            places.push(Place { name: name.clone(), role: Role::DeadLetter });
            topics.push(topic(topics.len(), name, 0, false, spring_partitions));
            topics.len() - 1
        });
        if let Some(table) = &table {
            places.push(Place { name: table.clone(), role: Role::Table });
        }
        let n = workload.messages.len();
        Kafka {
            consumer: Consumer::new(&workload),
            core: Core::new(places, &workload, Happening::Produce, Happening::Operator),
            config,
            workload,
            topics,
            dlt,
            msgs: vec![Msg::default(); n],
            table: None,
        }
    }

    /// The partition of `msg`'s record sent to `topic` from partition `from` (`None`: a new
    /// record from the producer). A forwarded record keeps its partition when the topic has
    /// it (DeadLetterPublishingRecovererFactory.java:80, :332-335; DeadLetterPublishingRecoverer
    /// .java:80); else the producer picks (checkPartition, :604-626): murmur2 of the key, or
    /// the sticky partition.
    fn partition_for(&mut self, topic: usize, msg: usize, from: Option<usize>) -> usize {
        let n = self.topics[topic].logs.len();
        if let Some(p) = from.filter(|&p| p < n) {
            return p;
        }
        match &self.workload.messages[msg].key {
            Some(k) => partition_of(k, n as u32) as usize,
            None => {
                let (bytes, batch) = (self.config.record_bytes, self.config.batch_size_bytes);
                self.topics[topic].sticky.next(n as u32, bytes, batch) as usize
            }
        }
    }

    /// Produces message `msg` to the main topic (first time, or republished by the operator).
    pub(super) fn produce(&mut self, msg: usize) {
        let p = self.partition_for(0, msg, None);
        let now_ms = self.core.now.as_us() / 1000;
        let m = &mut self.msgs[msg];
        let generation = m.generation + 1;
        *m = Msg { timestamp_ms: now_ms, generation, skipped: m.skipped, ..Msg::default() };
        let main = self.topics[0].name.clone();
        self.core.record(msg, &main, SysEventKind::Published);
        self.append(0, p, msg, self.core.now.as_us());
    }

    fn append(&mut self, topic: usize, p: usize, msg: usize, due_us: u64) {
        let t = &mut self.topics[topic];
        let m = &mut self.msgs[msg];
        m.topic = topic;
        m.partition = p;
        m.offset = t.next_offset[p];
        t.next_offset[p] += 1;
        t.logs[p].push_back(Record { msg, due_us, generation: m.generation });
        self.wake(topic, p);
    }

    /// The partition's consumer takes its head record if it is free and the record is due;
    /// a record not yet due pauses the partition until it is (the retry topics' back-off:
    /// KafkaBackoffAwareMessageListenerAdapter.java:96-98; the blocking error handler's seek).
    fn wake(&mut self, topic: usize, p: usize) {
        loop {
            if self.topics[topic].busy[p] {
                return;
            }
            let Some(head) = self.topics[topic].logs[p].front().copied() else { return };
            if head.generation != self.msgs[head.msg].generation {
                self.topics[topic].logs[p].pop_front();
                continue;
            }
            if head.due_us > self.core.now.as_us() {
                self.core.at(SimTime(head.due_us), Happening::Wake(topic, p));
                return;
            }
            self.topics[topic].logs[p].pop_front();
            self.topics[topic].busy[p] = true;
            if Some(topic) != self.dlt {
                let name = self.topics[topic].name.clone();
                let attempt = self.msgs[head.msg].failures + 1;
                self.core.record(head.msg, &name, SysEventKind::Received { attempt });
            }
            self.core.after_processing(Happening::Done(topic, p, head));
            return;
        }
    }

    fn done(&mut self, topic: usize, p: usize, record: Record) {
        self.topics[topic].busy[p] = false;
        if record.generation == self.msgs[record.msg].generation {
            if Some(topic) == self.dlt {
                self.dlt_handler(record.msg);
            } else {
                self.listener(topic, p, record);
            }
        }
        self.wake(topic, p);
    }

    fn listener(&mut self, topic: usize, p: usize, record: Record) {
        let msg = record.msg;
        let name = self.topics[topic].name.clone();
        let attempt = self.msgs[msg].failures + 1;
        let (reason, permanent) =
            match self.consumer.attempt(&self.workload, msg, self.core.now.as_us()) {
                Attempt::Done { effect } => {
                    self.core.record(msg, &name, SysEventKind::Succeeded { attempt, effect });
                    return;
                }
                Attempt::Failed { reason, permanent, effect_applied } => {
                    let kind = SysEventKind::Failed {
                        attempt,
                        reason: reason.clone(),
                        permanent,
                        effect_applied,
                    };
                    self.core.record(msg, &name, kind);
                    (reason, permanent)
                }
            };
        self.msgs[msg].reason = reason.clone();
        self.msgs[msg].failures = attempt;
        // `exclude` (RetryableTopic.java:140) or `addNotRetryableExceptions`, and the fatal
        // exceptions: no retries.
        let manual = self.config.error_handling == ErrorHandling::ManualLadder;
        // Spring's fatal exceptions are Spring's: the hand-made ladder retries everything but
        // what the consumer itself routes to the DLQ.
        let cause = self.workload.messages[msg].failure.cause().map(str::to_string);
        let cause = cause.as_deref();
        let c = &self.config;
        let classified = c.error_handling == ErrorHandling::RetryTopics
            && !super::classifier::retryable(
                &c.include,
                &c.exclude,
                c.traversing_causes,
                &reason,
                cause,
            );
        let not_retryable = (permanent && self.workload.route_permanent_directly)
            || (!manual && super::classifier::fatal(&reason, cause))
            || classified;
        if self.config.error_handling == ErrorHandling::Blocking {
            // DefaultErrorHandler: while the FixedBackOff has attempts left (FailedRecordTracker
            // .java:182-186) the container seeks back to the record, so the partition waits
            // and redelivers it after the interval; then the recoverer (:187-194).
            if !not_retryable && attempt <= self.config.blocking_max_retries {
                let until_us = self
                    .core
                    .now
                    .as_us()
                    .saturating_add(self.config.blocking_interval_ms.saturating_mul(1000));
                self.core.record(
                    msg,
                    &name,
                    SysEventKind::Waiting { until_us, why: Wait::Backoff },
                );
                self.topics[topic].logs[p].push_front(Record { due_us: until_us, ..record });
            } else {
                self.forward(msg, Next::Dlt, reason);
            }
            return;
        }
        // DefaultDestinationTopicResolver.java:98-108: retry while attempts remain
        // (DestinationTopicPropertiesFactory.java:140-142, the attempt from the
        // `retry_topic-attempts` header, :338-360), else the DLT or nowhere.
        // The manual ladder: `if (attempts >= ladder) return sendToDLQ(msg, e)`.
        let max_attempts = if manual {
            self.config.ladder_ms.len() as u32 + 1
        } else {
            self.config.attempts.clamp(1, 50)
        };
        let header_attempt = self.msgs[msg].attempts_header.unwrap_or(1);
        // :123-127: past `timeout` after the first record's timestamp, no more retries.
        let timeout_ms = self.config.timeout_ms;
        let now_ms = self.core.now.as_us() / 1000;
        let past_timeout = timeout_ms > 0 && now_ms > self.msgs[msg].timestamp_ms + timeout_ms;
        let next = if header_attempt < max_attempts && !not_retryable && !past_timeout {
            let last_retry = self.dlt.unwrap_or(self.topics.len()) - 1;
            if self.topics[topic].reusable {
                // :137-140: a reused topic is its own next destination.
                Next::Retry(topic)
            } else if topic < last_retry {
                Next::Retry(topic + 1)
            } else {
                self.dlt_or_nowhere()
            }
        } else {
            self.dlt_or_nowhere()
        };
        self.forward(msg, next, reason);
    }

    fn dlt_or_nowhere(&self) -> Next {
        if self.dlt.is_some() {
            Next::Dlt
        } else {
            Next::Nowhere
        }
    }

    /// Sends `msg`'s record on after a failure with `reason`, with the headers of the hop.
    fn forward(&mut self, msg: usize, next: Next, reason: String) {
        let from = self.msgs[msg].topic;
        let from_name = self.topics[from].name.clone();
        let dest = match next {
            Next::Retry(t) => t,
            Next::Dlt => self.dlt.unwrap_or(from),
            Next::Nowhere => {
                // DeadLetterPublishingRecovererFactory.java:257-260, :300-302: "No further
                // action will be taken with this record."
                self.msgs[msg].dropped = true;
                self.core.record(msg, &from_name, SysEventKind::Lost { why: Loss::LoggedOnly });
                return;
            }
        };
        let now_ms = self.core.now.as_us() / 1000;
        let m = &self.msgs[msg];
        let origin = Origin {
            topic: from_name.clone(),
            partition: m.partition,
            offset: m.offset,
            timestamp_ms: m.timestamp_ms,
            group_id: self.config.group_id.clone(),
        };
        let blocking = self.config.error_handling == ErrorHandling::Blocking;
        let style = if blocking { Style::Plain } else { Style::RetryTopic };
        let delay_ms = self.topics[dest].delay_ms;
        let retry = (!blocking).then(|| RetryValues {
            // :338-360 (getAttempts: the header, else 1) + 1, :366-374.
            attempts: m.attempts_header.unwrap_or(1) + 1,
            // :389-401: the failure's time plus the destination's delay (the DLT's is 0).
            backoff_timestamp_ms: now_ms + delay_ms,
            original_timestamp_ms: m.timestamp_ms,
        });
        let write_origin = blocking || !m.has_origin;
        let hop = if self.config.error_handling == ErrorHandling::ManualLadder {
            // Seed 002 keeps the count in the message itself (`msg.attempts`), nothing else.
            let attempts = retry.map_or(1, |r| r.attempts).saturating_sub(1);
            vec![crate::systems::trace::Header {
                name: "attempts".into(),
                value: attempts.to_string(),
            }]
        } else {
            headers::hop(style, &reason, write_origin.then_some(&origin), retry)
        };
        let from_partition = m.partition;
        let p = self.partition_for(dest, msg, Some(from_partition));
        let m = &mut self.msgs[msg];
        m.has_origin = true;
        m.attempts_header = retry.map(|r| r.attempts);
        let dest_name = self.topics[dest].name.clone();
        if Some(dest) == self.dlt {
            let kind = SysEventKind::DeadLettered { from: from_name, reason };
            self.core.record(msg, &dest_name, kind);
            self.core.record(msg, &dest_name, SysEventKind::Headers { headers: hop });
            self.append(dest, p, msg, self.core.now.as_us());
        } else {
            let until_us = self.core.now.as_us().saturating_add(delay_ms.saturating_mul(1000));
            self.core.record(msg, &dest_name, SysEventKind::Moved { from: from_name });
            self.core.record(msg, &dest_name, SysEventKind::Headers { headers: hop });
            let wait = SysEventKind::Waiting { until_us, why: Wait::Backoff };
            self.core.record(msg, &dest_name, wait);
            self.append(dest, p, msg, until_us);
        }
    }

    /// The `@DltHandler` takes a DLT record: it fails `dlt_handler_failures` times per record
    /// (then the DLT strategy decides), then stores it (in the table, if any) or logs it.
    fn dlt_handler(&mut self, msg: usize) {
        let Some(dlt) = self.dlt else { return };
        let name = self.topics[dlt].name.clone();
        let blocking = self.config.error_handling == ErrorHandling::Blocking;
        if !blocking && self.msgs[msg].dlt_failures < self.config.dlt_handler_failures {
            self.msgs[msg].dlt_failures += 1;
            let kind = SysEventKind::Failed {
                attempt: self.msgs[msg].dlt_failures,
                reason: DLT_HANDLER_ERROR.into(),
                permanent: false,
                effect_applied: false,
            };
            self.core.record(msg, &name, kind);
            // DefaultDestinationTopicResolver.java:129-134: ALWAYS_RETRY_ON_ERROR sends it back
            // to the DLT (unless the error is fatal, and the handler's is not); FAIL_ON_ERROR
            // goes nowhere, the record stays in the DLT unhandled.
            if self.config.dlt_strategy == DltStrategy::AlwaysRetryOnError {
                self.forward(msg, Next::Dlt, DLT_HANDLER_ERROR.into());
            }
            return;
        }
        // The hybrid's @DltHandler stores the record with its original topic, partition and
        // offset.
        self.store_row(msg, name);
    }

    /// The reason of `msg`'s last failure.
    pub(super) fn reason_of(&self, msg: usize) -> &str {
        &self.msgs[msg].reason
    }

    fn operator(&mut self, index: usize) {
        if self.table.is_some() {
            return self.operator_on_rows(index);
        }
        let Some(a) = self.workload.operator.get(index).cloned() else { return };
        let Some(dlt) = self.dlt else { return };
        let place = self.topics[dlt].name.clone();
        for msg in 0..self.workload.messages.len() {
            let m = &self.msgs[msg];
            if m.topic != dlt
                || m.skipped
                || !a.select.picks(&self.workload.messages[msg].id, &m.reason)
            {
                continue;
            }
            self.core.record(
                msg,
                &place,
                SysEventKind::Operator { action: a.kind, note: a.note.clone() },
            );
            match a.kind {
                OperatorKind::Replay => self.produce(msg),
                OperatorKind::Skip => self.msgs[msg].skipped = true,
                OperatorKind::Edit => self.consumer.edit(msg),
            }
        }
    }

    pub(super) fn handle_now(&mut self, h: Happening) {
        match h {
            Happening::Produce(msg) => self.produce(msg),
            Happening::Wake(topic, p) => self.wake(topic, p),
            Happening::Done(topic, p, record) => self.done(topic, p, record),
            Happening::Operator(i) => self.operator(i),
        }
    }
}
