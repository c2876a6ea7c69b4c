//! Where each message stands by the topics, the consumer and (for the hybrid) the table:
//! its current record in the DLT is dead-lettered (or what its newest row says), a record
//! sent nowhere is lost, a skipped one skipped, a handled one completed.

use super::sim::Kafka;
use crate::systems::driven::{Core, Driven};
use crate::systems::metrics::Fate;
use crate::systems::trace::RowStatus;

impl Kafka {
    /// Each message's end by where its current record is.
    pub(super) fn ends_in_store(&self) -> Vec<Fate> {
        (0..self.msgs.len())
            .map(|msg| {
                let m = &self.msgs[msg];
                let newest_row = self
                    .table
                    .as_ref()
                    .and_then(|t| t.rows.iter().rev().find(|r| r.msg == msg))
                    .map(|r| r.status);
                match () {
                    _ if m.generation == 0 => Fate::InFlight,
                    _ if m.skipped => Fate::Skipped,
                    _ if m.dropped => Fate::Lost,
                    _ if Some(m.topic) == self.dlt => match newest_row {
                        Some(RowStatus::Skipped) => Fate::Skipped,
                        _ => Fate::DeadLettered,
                    },
                    _ if self.consumer.handled(msg) => Fate::Completed,
                    _ => Fate::InFlight,
                }
            })
            .collect()
    }
}

/// Kafka is run by its own agenda: the one loop of [`Driven`] steps it.
impl Driven for Kafka {
    type Happening = super::sim::Happening;
    fn core(&self) -> &Core<super::sim::Happening> {
        &self.core
    }
    fn core_mut(&mut self) -> &mut Core<super::sim::Happening> {
        &mut self.core
    }
    fn handle(&mut self, h: super::sim::Happening) {
        self.handle_now(h)
    }
    fn stored_ends(&self) -> Vec<crate::systems::Fate> {
        self.ends_in_store()
    }
}
