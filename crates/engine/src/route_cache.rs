//! Remembered routes: the queues an exchange sends a set of routing keys to, until the
//! topology changes.
//!
//! A retry storm routes the same keys through the same exchanges over and over. The answer
//! depends only on the exchanges, their bindings and which queues exist (and, for a headers
//! exchange, on the message's headers, so those routes are never remembered). Any command that
//! changes the topology clears the cache.

use super::broker::Engine;
use super::headers::FieldTable;
use super::name::{Name, Names};
use super::routing;

/// How many routes are remembered before the cache starts again.
const ROUTES_KEPT: usize = 64;

/// Routes by (exchange, routing keys), both interned: found by comparing pointers.
#[derive(Debug, Clone, Default)]
pub struct RouteCache {
    routes: Vec<(Name, Names, Names)>,
}

impl RouteCache {
    /// Forgets every route (the topology changed).
    pub fn clear(&mut self) {
        self.routes.clear();
    }
}

impl Engine {
    /// The queues `exchange` routes `keys` (with `headers`) to, each once, in binding order.
    pub(crate) fn route_names(
        &mut self,
        exchange: Name,
        keys: Names,
        headers: &FieldTable,
    ) -> Names {
        if let Some((_, _, to)) =
            self.routes.routes.iter().find(|(x, k, _)| *x == exchange && *k == keys)
        {
            return *to;
        }
        let queues = &self.queues;
        let routed = routing::route(
            &self.exchanges,
            |q| queues.get_key_value(q).map(|(k, _)| *k),
            &exchange,
            &keys,
            headers,
            self.profile.headers_match_with_x,
        );
        let to = Names::new(&routed.queues);
        if !routed.by_headers {
            if self.routes.routes.len() >= ROUTES_KEPT {
                self.routes.clear();
            }
            self.routes.routes.push((exchange, keys, to));
        }
        to
    }
}
