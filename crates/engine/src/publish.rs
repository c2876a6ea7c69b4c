//! Publishing: `basic.publish` with confirms, CC/BCC routing keys and the checks the broker
//! makes on a message's properties.

use std::sync::Arc;

use super::broker::Engine;
use super::event::{Cause, DropRule, EventKind, Name, Names};
use super::headers::FieldValue;
use super::message::{Message, Properties};
use super::topology::{type_name, AmqpError};

/// A `basic.publish`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Publish {
    pub exchange: String,
    pub routing_key: String,
    pub body: String,
    pub props: Properties,
    /// Return the message to the publisher if no queue takes it.
    pub mandatory: bool,
}

/// What happened to a publish.
#[derive(Debug, Clone, PartialEq)]
pub struct Published {
    /// The id shared by every copy of this message (and its dead-lettered descendants).
    pub lineage: u64,
    /// Queues that took a copy.
    pub routed: Vec<Name>,
    /// The publisher confirm: true = ack, false = nack (a queue refused it).
    pub confirm_ack: bool,
    /// Returned as unroutable (`mandatory`).
    pub returned: bool,
}

/// A publish with interned names and shared body and properties (what scripted clients send).
#[derive(Debug, Clone)]
pub struct Outgoing {
    pub exchange: Name,
    pub routing_key: Name,
    pub body: Arc<str>,
    pub props: Arc<Properties>,
    pub mandatory: bool,
}

fn header_keys(props: &Properties, name: &str) -> Result<Vec<Name>, AmqpError> {
    match props.headers.get(name) {
        None => Ok(Vec::new()),
        Some(FieldValue::Array(items)) => items
            .iter()
            .map(|v| {
                v.as_str().map(Name::new).ok_or_else(|| {
                    AmqpError::precondition(format!(
                        "invalid message: {{unacceptable_type_in_header,\"{name}\",{}}}",
                        type_name(v)
                    ))
                })
            })
            .collect(),
        Some(other) => Err(AmqpError::precondition(format!(
            "invalid message: {{unacceptable_type_in_header,\"{name}\",{}}}",
            type_name(other)
        ))),
    }
}

impl Engine {
    /// `basic.publish` (with publisher confirms: the result carries the ack or nack).
    pub fn publish(&mut self, p: Publish) -> Result<Published, AmqpError> {
        let cause = &self.begin_command();
        self.publish_with(p, cause)
    }

    pub(crate) fn publish_with(
        &mut self,
        p: Publish,
        cause: &Cause,
    ) -> Result<Published, AmqpError> {
        let out = Outgoing {
            exchange: Name::new(&p.exchange),
            routing_key: Name::new(&p.routing_key),
            body: Arc::from(p.body),
            props: Arc::new(p.props),
            mandatory: p.mandatory,
        };
        self.publish_as(out, cause)
    }

    /// A client's own publish, not a numbered command: a scripted publisher or consumer,
    /// attributed to `cause` (the rule that made it publish).
    pub fn publish_as(&mut self, p: Outgoing, cause: &Cause) -> Result<Published, AmqpError> {
        if !self.exchanges.contains_key(&p.exchange) {
            return Err(AmqpError::not_found(format!("no exchange '{}' in vhost '/'", p.exchange)));
        }
        let cc = header_keys(&p.props, "CC")?;
        let bcc = header_keys(&p.props, "BCC")?;
        if let Some(exp) = &p.props.expiration {
            if exp.parse::<u64>().is_err() {
                return Err(AmqpError::precondition(format!(
                    "invalid expiration '{exp}': must be a whole number of milliseconds"
                )));
            }
        }
        if let Some(user) = &p.props.user_id {
            if user != "guest" {
                return Err(AmqpError::precondition(format!(
                    "user_id property set to '{user}' but authenticated user was 'guest'"
                )));
            }
        }
        let mut props = p.props;
        if props.headers.get("BCC").is_some() {
            Arc::make_mut(&mut props).headers.remove("BCC");
        }
        let props = self.deaths.share_published(props);
        let keys = if cc.is_empty() && bcc.is_empty() {
            Names::one(p.routing_key)
        } else {
            let mut keys = Vec::with_capacity(1 + cc.len() + bcc.len());
            keys.push(p.routing_key);
            keys.extend(cc);
            keys.extend(bcc.iter().copied());
            Names::new(&keys)
        };
        self.next_lineage += 1;
        let lineage = self.next_lineage;
        let exchange_name = p.exchange;
        let msg = Message {
            id: 0,
            lineage,
            body: p.body,
            exchange: p.exchange,
            routing_keys: keys,
            bcc: if bcc.is_empty() { Names::empty() } else { Names::new(&bcc) },
            props,
            broker_deaths: false,
            born_at: self.now,
        };
        self.emit(
            Some(&msg),
            EventKind::Published { exchange: exchange_name, routing_key: p.routing_key },
            cause,
        );
        let routed = self.route_names(msg.exchange, msg.routing_keys, &msg.props.headers);
        let mut out = Published { lineage, routed: Vec::new(), confirm_ack: true, returned: false };
        if routed.is_empty() {
            self.copies_born += 1;
            let mut m = msg.clone();
            m.id = self.new_msg_id();
            self.drop_copy(&m, DropRule::Unroutable { exchange: exchange_name }, cause);
            if p.mandatory {
                out.returned = true;
                let routing_key = m.routing_keys[0];
                self.emit(
                    Some(&m),
                    EventKind::Returned { exchange: exchange_name, routing_key },
                    cause,
                );
            }
        }
        // Every target but the last gets a clone; the last takes the message itself.
        if !self.enqueue_copies(routed, msg, cause, None) {
            out.confirm_ack = false;
        }
        out.routed = routed.to_vec();
        self.emit(None, EventKind::Confirmed { ack: out.confirm_ack }, cause);
        Ok(out)
    }
}
