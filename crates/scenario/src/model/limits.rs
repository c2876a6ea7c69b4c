//! The sizes a scenario or a definitions file may have, checked before any work: how many
//! exchanges, queues, bindings, policies, clients and timeline steps, how long a name is, and
//! how much matching the policies' patterns against the names would take. A page refuses what
//! is over a limit at once, naming the limit and what to change, instead of freezing on it.

use serde_json::Value;

use super::error::{Problem, ScenarioError};
use super::topology_def::Topology;

/// The most exchanges a topology may declare (the timeline's `declare_exchange` steps count).
pub const MAX_EXCHANGES: usize = 500;
/// The most queues (the timeline's `declare_queue` steps count).
pub const MAX_QUEUES: usize = 1_000;
/// The most bindings (the timeline's `bind` and `bind_exchange` steps count).
pub const MAX_BINDINGS: usize = 5_000;
/// The most policies and operator policies together (the timeline's `set_policy` steps count).
pub const MAX_POLICIES: usize = 100;
/// The most publishers, and the most consumers.
pub const MAX_ACTORS: usize = 1_000;
/// The most timeline steps.
pub const MAX_TIMELINE_STEPS: usize = 10_000;
/// The longest exchange, queue or policy name, in bytes: AMQP's short string.
pub const MAX_NAME_BYTES: usize = 255;
/// How much matching the policies may take: each policy's weight (the memory its pattern
/// compiles to, in units of 256 bytes) times the bytes of the names it is matched against,
/// summed. At the limit, about 40 ms natively for the costliest patterns (0.13 µs a unit).
pub const MAX_POLICY_WORK: u64 = 300_000;

/// How many of `steps` declare an exchange, a queue, a binding and a policy.
fn declared(steps: &[Value]) -> [usize; 4] {
    let ops = |names: &[&str]| {
        steps
            .iter()
            .filter(|s| s.get("op").and_then(Value::as_str).is_some_and(|op| names.contains(&op)))
            .count()
    };
    [
        ops(&["declare_exchange"]),
        ops(&["declare_queue"]),
        ops(&["bind", "bind_exchange"]),
        ops(&["set_policy", "set_operator_policy"]),
    ]
}

/// The length of the JSON array at `$.key` (0 when there is none).
fn len(json: &Value, key: &str) -> usize {
    json.get(key).and_then(Value::as_array).map_or(0, Vec::len)
}

/// The first of `counts` (the list's key at `$`, its length, its limit) past its limit.
fn within<const N: usize>(counts: [(&str, usize, usize); N]) -> Result<(), ScenarioError> {
    match counts.into_iter().find(|(_, count, limit)| count > limit) {
        Some((key, count, limit)) => {
            Err(ScenarioError::field(format!("$.{key}"), Problem::ListTooLong { count, limit }))
        }
        None => Ok(()),
    }
}

/// The sizes of a scenario's lists (JSON arrays at `$.KEY`) and of its timeline's declaring
/// steps, before anything is read from them.
pub fn check_scenario(json: &Value) -> Result<(), ScenarioError> {
    let steps = json.get("timeline").and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
    let [exchanges, queues, bindings, policies] = declared(steps);
    within([
        ("exchanges", len(json, "exchanges") + exchanges, MAX_EXCHANGES),
        ("queues", len(json, "queues") + queues, MAX_QUEUES),
        ("bindings", len(json, "bindings") + bindings, MAX_BINDINGS),
        ("policies", len(json, "policies") + policies, MAX_POLICIES),
        ("publishers", len(json, "publishers"), MAX_ACTORS),
        ("consumers", len(json, "consumers"), MAX_ACTORS),
        ("timeline", steps.len(), MAX_TIMELINE_STEPS),
    ])
}

/// The size of a recording's `steps` (the CLI's `replay` and `verify` format) and the
/// topology its steps declare.
pub fn check_steps(steps: &[Value]) -> Result<(), ScenarioError> {
    let [exchanges, queues, bindings, policies] = declared(steps);
    within([
        ("steps", steps.len(), MAX_TIMELINE_STEPS),
        ("steps", exchanges, MAX_EXCHANGES),
        ("steps", queues, MAX_QUEUES),
        ("steps", bindings, MAX_BINDINGS),
        ("steps", policies, MAX_POLICIES),
    ])
}

/// The sizes of a definitions file's lists, before anything is read from them.
pub fn check_definitions(json: &Value) -> Result<(), ScenarioError> {
    within([
        ("exchanges", len(json, "exchanges"), MAX_EXCHANGES),
        ("queues", len(json, "queues"), MAX_QUEUES),
        ("bindings", len(json, "bindings"), MAX_BINDINGS),
        ("policies", len(json, "policies"), MAX_POLICIES),
        ("operator_policies", len(json, "operator_policies"), MAX_POLICIES),
        ("parameters", len(json, "parameters"), MAX_POLICIES),
    ])
}

/// A read topology's names and the work of matching its policies.
pub fn check_topology(t: &Topology) -> Result<(), ScenarioError> {
    if t.policies.len() > MAX_POLICIES {
        let count = t.policies.len();
        return Err(ScenarioError::field(
            "$.policies",
            Problem::ListTooLong { count, limit: MAX_POLICIES },
        ));
    }
    let names = t
        .exchanges
        .iter()
        .enumerate()
        .map(|(i, x)| (format!("$.exchanges[{i}].name"), &x.name))
        .chain(t.queues.iter().enumerate().map(|(i, q)| (format!("$.queues[{i}].name"), &q.name)))
        .chain(
            t.policies.iter().enumerate().map(|(i, p)| (format!("$.policies[{i}].name"), &p.name)),
        );
    for (path, name) in names {
        if name.len() > MAX_NAME_BYTES {
            let bytes = name.len();
            return Err(ScenarioError::field(
                path,
                Problem::NameTooLong { bytes, limit: MAX_NAME_BYTES },
            ));
        }
    }
    let queue_bytes: u64 = t.queues.iter().map(|q| q.name.len() as u64).sum();
    let exchange_bytes: u64 = t.exchanges.iter().map(|x| x.name.len() as u64).sum();
    let mut work = 0u64;
    for p in &t.policies {
        let against = match p.apply_to.as_str() {
            "exchanges" => exchange_bytes,
            "all" => exchange_bytes + queue_bytes,
            _ => queue_bytes,
        };
        // A pattern that does not compile is refused by name when it is declared.
        work = work.saturating_add(pattern_weight(&p.pattern).saturating_mul(against));
    }
    if work > MAX_POLICY_WORK {
        return Err(ScenarioError::field(
            "$.policies",
            Problem::PolicyWork { work, limit: MAX_POLICY_WORK },
        ));
    }
    Ok(())
}

/// A pattern's weight: the memory it compiles to, in units of 256 bytes, rounded up to a
/// power of two (1 for `^orders\.`, 64 at the engine's limit). A match takes time in
/// proportion to it and to the name's length. A pattern that does not compile weighs 0.
pub fn pattern_weight(pattern: &str) -> u64 {
    let limit = crate::engine::commands::MAX_PATTERN_COMPILED_BYTES;
    let mut size = 256;
    while size <= limit {
        if regex_lite::RegexBuilder::new(pattern).size_limit(size).build().is_ok() {
            return (size / 256) as u64;
        }
        size *= 2;
    }
    0
}
