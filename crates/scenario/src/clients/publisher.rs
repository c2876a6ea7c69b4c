//! Scripted publishers: `count` messages to one exchange, one every `every_ms`, woken on the
//! engine's clock and publishing as an application would (attributed to the `publisher` rule).

use std::sync::Arc;

use crate::engine::event::{Cause, CauseRef, Name};
use crate::engine::message::Properties;
use crate::engine::publish::Outgoing;
use crate::engine::Engine;

/// The cause of every scripted publish.
const PUBLISHER_RULE: CauseRef = &Cause::Rule { rule: "publisher" };

/// A publisher a scenario starts: what it sends, how often, and how many are left.
#[derive(Debug, Clone, PartialEq)]
pub struct PublisherSpec {
    pub exchange: String,
    pub routing_key: String,
    /// `{n}` is replaced by the number of messages still to come after this one.
    pub body: String,
    pub props: Properties,
    pub every_ms: u64,
    pub remaining: u64,
}

impl PublisherSpec {
    /// Publishes the next message; returns when to be woken for the one after, if any.
    pub fn tick(&mut self, e: &mut Engine) -> Option<crate::engine::SimTime> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let n = self.remaining;
        let publish = Outgoing {
            exchange: Name::new(&self.exchange),
            routing_key: Name::new(&self.routing_key),
            body: Arc::from(self.body.replace("{n}", &n.to_string())),
            props: Arc::new(self.props.clone()),
            mandatory: false,
        };
        let _ = e.publish_as(publish, PUBLISHER_RULE);
        (n > 0).then(|| e.now().plus_ms(self.every_ms))
    }
}
