//! The comparison: one failing workload through every strategy on the same virtual clock,
//! with each run's trace and figures side by side.

use serde::{Deserialize, Serialize};

use super::bullmq::{BullMq, BullMqConfig};
use super::database::{Database, DatabaseConfig};
use super::hybrid::{Hybrid, HybridConfig};
use super::kafka::{Kafka, KafkaConfig};
use super::metrics::Metrics;
use super::rabbitmq::{RabbitMq, RabbitMqConfig};
use super::sqs::{Sqs, SqsConfig};
use super::trace::{RowStatus, SysEventKind, Trace};
use super::workload::{Workload, WorkloadError};
use super::System;

/// One of the dead-letter strategies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Strategy {
    /// RabbitMQ on the broker engine: a retry queue with a TTL, then a DLQ.
    Rabbitmq,
    /// SQS with a redrive policy to a DLQ.
    Sqs,
    /// Kafka retry topics and a DLT, as Spring's `@RetryableTopic` makes them.
    Kafka,
    /// BullMQ attempts with back-off, then the failed set.
    Bullmq,
    /// A database table of failed messages with a retry scheduler.
    Database,
    /// Kafka retry topics, the DLT stored in a table, the operator republishes.
    Hybrid,
}

impl Strategy {
    /// Every strategy, in the order the comparison shows them.
    pub const ALL: [Strategy; 6] = [
        Strategy::Rabbitmq,
        Strategy::Sqs,
        Strategy::Kafka,
        Strategy::Bullmq,
        Strategy::Database,
        Strategy::Hybrid,
    ];

    /// Its short id (`rabbitmq`, `sqs`, `kafka`, `bullmq`, `database`, `hybrid`).
    pub fn id(self) -> &'static str {
        match self {
            Strategy::Rabbitmq => "rabbitmq",
            Strategy::Sqs => "sqs",
            Strategy::Kafka => "kafka",
            Strategy::Bullmq => "bullmq",
            Strategy::Database => "database",
            Strategy::Hybrid => "hybrid",
        }
    }

    /// The strategy with id `id`.
    pub fn from_id(id: &str) -> Option<Strategy> {
        Strategy::ALL.into_iter().find(|s| s.id() == id)
    }
}

/// Each strategy's settings (every field has the seed documents' value by default).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Configs {
    pub rabbitmq: RabbitMqConfig,
    pub sqs: SqsConfig,
    pub kafka: KafkaConfig,
    pub bullmq: BullMqConfig,
    pub database: DatabaseConfig,
    pub hybrid: HybridConfig,
}

/// A comparison file: the workload, and the strategies' settings where they differ from the
/// defaults.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Comparison {
    pub workload: Workload,
    #[serde(default)]
    pub systems: Configs,
}

impl Comparison {
    /// Reads and checks a comparison from JSON text.
    pub fn from_json(text: &str) -> Result<Comparison, WorkloadError> {
        let c: Comparison =
            serde_json::from_str(text).map_err(|e| WorkloadError::json(text, &e))?;
        c.workload.check()?;
        c.systems.rabbitmq.check()?;
        c.systems.database.check("systems.database")?;
        c.systems.bullmq.check()?;
        c.systems.sqs.check()?;
        if let Some(id) = c
            .systems
            .sqs
            .message_delays_ms
            .keys()
            .find(|id| !c.workload.messages.iter().any(|m| &m.id == *id))
        {
            return Err(WorkloadError::Setting {
                field: format!("systems.sqs.message_delays_ms.{id}"),
                problem: "the workload has no message with this id".into(),
            });
        }
        c.systems.kafka.check("systems.kafka")?;
        c.systems.hybrid.check()?;
        Ok(c)
    }

    /// A comparison of `workload` with every strategy at its defaults.
    pub fn of(workload: Workload) -> Comparison {
        Comparison { workload, systems: Configs::default() }
    }

    /// The strategy `s` made ready to run the workload (nothing has happened yet).
    pub fn build(&self, s: Strategy) -> Box<dyn System> {
        let w = self.workload.clone();
        let c = &self.systems;
        match s {
            Strategy::Rabbitmq => Box::new(RabbitMq::new(c.rabbitmq.clone(), w)),
            Strategy::Sqs => Box::new(Sqs::new(c.sqs.clone(), w)),
            Strategy::Kafka => Box::new(Kafka::new(c.kafka.clone(), w)),
            Strategy::Bullmq => Box::new(BullMq::new(c.bullmq.clone(), w)),
            Strategy::Database => Box::new(Database::new(c.database.clone(), w)),
            Strategy::Hybrid => Box::new(Hybrid::new(c.hybrid.clone(), w)),
        }
    }

    /// What strategy `s` is set up as, when its settings choose a version and make names
    /// worth showing (Kafka and the hybrid: the Spring Kafka profile, the back-off policy and
    /// the topics; SQS: the queue type, the redrive policy and how the replay runs).
    pub fn setup(&self, s: Strategy) -> Option<String> {
        let seed = self.workload.seed;
        match s {
            Strategy::Kafka => Some(self.systems.kafka.describe(seed)),
            Strategy::Hybrid => Some(self.systems.hybrid.kafka.describe(seed)),
            Strategy::Sqs => Some(self.systems.sqs.describe()),
            _ => None,
        }
    }

    /// Runs strategy `s` to the workload's horizon.
    pub fn run(&self, s: Strategy) -> Outcome {
        let mut system = self.build(s);
        system.step_until(self.workload.horizon());
        let trace = system.take_trace();
        let metrics = Metrics::of(&self.workload, &trace);
        Outcome { strategy: s, trace, metrics }
    }

    /// Runs every strategy to the horizon.
    pub fn run_all(&self) -> Vec<Outcome> {
        Strategy::ALL.into_iter().map(|s| self.run(s)).collect()
    }
}

/// One strategy's finished run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outcome {
    pub strategy: Strategy,
    pub trace: Trace,
    pub metrics: Metrics,
}

/// One difference worth pointing out between the strategies' runs, with the strategies it
/// applies to (in the comparison's order) and the largest count among them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Takeaway {
    /// These lost messages (nothing keeps them).
    Lost { strategies: Vec<Strategy>, most: u64 },
    /// These applied an effect more than once.
    Duplicates { strategies: Vec<Strategy>, most: u64 },
    /// These handled a key's messages out of order.
    Reordered { strategies: Vec<Strategy>, most: u64 },
    /// These still hold messages in their dead-letter place at the end.
    Parked { strategies: Vec<Strategy>, most: u64 },
    /// These completed every message.
    AllCompleted { strategies: Vec<Strategy> },
    /// BullMQ: the seed's `failed` listener, which alerts when `attemptsMade === 5`, would
    /// miss `missed` jobs that failed for good and alert `early` times for jobs still retrying.
    SeedAlertCheck { missed: u32, early: u32 },
}

/// The differences between the runs that a learner should notice, most serious first.
pub fn takeaways(outcomes: &[Outcome]) -> Vec<Takeaway> {
    let metrics: Vec<&Metrics> = outcomes.iter().map(|o| &o.metrics).collect();
    takeaways_at(outcomes, &metrics, true)
}

/// What to notice at one moment: `metrics[i]` are `outcomes[i]`'s figures as they stood then.
/// The check of the seed's BullMQ alert judges a whole run, so it joins only `at_end`.
pub fn takeaways_at(outcomes: &[Outcome], metrics: &[&Metrics], at_end: bool) -> Vec<Takeaway> {
    let pick = |f: fn(&Metrics) -> u64| -> (Vec<Strategy>, u64) {
        let hits: Vec<(Strategy, u64)> = outcomes
            .iter()
            .zip(metrics)
            .map(|(o, m)| (o.strategy, f(m)))
            .filter(|(_, n)| *n > 0)
            .collect();
        (hits.iter().map(|h| h.0).collect(), hits.iter().map(|h| h.1).max().unwrap_or(0))
    };
    let mut out = Vec::new();
    let (strategies, most) = pick(|m| m.lost as u64);
    if !strategies.is_empty() {
        out.push(Takeaway::Lost { strategies, most });
    }
    let (strategies, most) = pick(|m| m.duplicates);
    if !strategies.is_empty() {
        out.push(Takeaway::Duplicates { strategies, most });
    }
    let (strategies, most) = pick(|m| m.reordered as u64);
    if !strategies.is_empty() {
        out.push(Takeaway::Reordered { strategies, most });
    }
    let (strategies, most) = pick(|m| m.dead_lettered as u64);
    if !strategies.is_empty() {
        out.push(Takeaway::Parked { strategies, most });
    }
    let all: Vec<Strategy> = outcomes
        .iter()
        .zip(metrics)
        .filter(|(_, m)| m.completed == m.messages)
        .map(|(o, _)| o.strategy)
        .collect();
    if !all.is_empty() {
        out.push(Takeaway::AllCompleted { strategies: all });
    }
    if let Some(b) = outcomes.iter().find(|o| at_end && o.strategy == Strategy::Bullmq) {
        let a = super::bullmq::seed_alerts::seed_alerts(&b.trace, b.metrics.messages);
        if a.missed > 0 || a.early > 0 {
            out.push(Takeaway::SeedAlertCheck { missed: a.missed, early: a.early });
        }
    }
    out
}

/// When the first message of any strategy went to its dead-letter place, in µs: the moment a
/// comparison opens at (nothing to see before it but work going well).
pub fn first_dead_letter_us(outcomes: &[Outcome]) -> Option<u64> {
    outcomes
        .iter()
        .filter_map(|o| {
            o.trace.events.iter().find_map(|e| match e.kind {
                SysEventKind::DeadLettered { .. }
                | SysEventKind::Status { status: RowStatus::Failed } => Some(e.at_us),
                _ => None,
            })
        })
        .min()
}
