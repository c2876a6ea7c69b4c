//! The hybrid of the seed document: Kafka retry topics and a DLT, whose `@DltHandler` stores
//! every record in a table (a new PENDING row each time, with its original topic); the operator
//! reads the table, republishes chosen rows to the original topic (PROCESSING → COMPLETED, or
//! FAILED when the send throws) or skips them (SKIPPED), whatever their status. Nothing
//! retries a row by itself. The rules: crates/systems/src/kafka/table_rows.rs.

use serde::{Deserialize, Serialize};

use super::kafka::{Kafka, KafkaConfig};
use super::trace::Trace;
use super::workload::{Workload, WorkloadError};
use super::System;

/// The Kafka side and the table's name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HybridConfig {
    pub kafka: KafkaConfig,
    pub table: String,
    /// The operator's republish (`kafkaTemplate.send(...).get()`) throws until this moment,
    /// in ms (the broker unreachable from the operations service): the row becomes FAILED.
    pub republish_fails_until_ms: Option<u64>,
}

impl Default for HybridConfig {
    fn default() -> Self {
        HybridConfig {
            kafka: KafkaConfig::default(),
            table: "dead_letter_record".into(),
            republish_fails_until_ms: None,
        }
    }
}

impl HybridConfig {
    /// Checks the settings; the error names the field (`systems.hybrid.…`).
    pub fn check(&self) -> Result<(), WorkloadError> {
        if self.table.is_empty() {
            return Err(WorkloadError::Setting {
                field: "systems.hybrid.table".into(),
                problem: "give the table a name".into(),
            });
        }
        if self.republish_fails_until_ms.is_some_and(|ms| ms > super::workload::MAX_HORIZON_MS) {
            return Err(WorkloadError::Setting {
                field: "systems.hybrid.republish_fails_until_ms".into(),
                problem: "use at most 30 days".into(),
            });
        }
        self.kafka.check("systems.hybrid.kafka")
    }
}

/// Kafka with its DLT stored in a table.
pub struct Hybrid(Kafka);

impl Hybrid {
    /// The topics, the table and the operator's actions.
    pub fn new(config: HybridConfig, workload: Workload) -> Hybrid {
        let fails = config.republish_fails_until_ms;
        Hybrid(Kafka::with_table(config.kafka, workload, config.table, fails))
    }
}

impl System for Hybrid {
    fn trace(&self) -> &Trace {
        self.0.trace()
    }
    fn take_trace(&mut self) -> Trace {
        self.0.take_trace()
    }

    fn now(&self) -> crate::engine::SimTime {
        self.0.now()
    }

    fn ends(&self) -> Vec<super::Fate> {
        self.0.ends()
    }

    fn next_at(&self) -> Option<crate::engine::SimTime> {
        self.0.next_at()
    }

    fn step_until(&mut self, until: crate::engine::SimTime) {
        self.0.step_until(until)
    }
}
