//! The definitions lints, run on a playground scenario's topology: what the editor shows
//! beside Apply (an argument the broker does not know, such as the typo
//! `x-dead-leter-exchange`; a quorum-only argument on a classic queue; a dead-letter exchange
//! that is missing, has no binding, or routes the dead-letter keys nowhere).

use serde_json::Value;

use super::file::{build, Definitions, SIMULATED_QUEUE_ARGS};
use super::lint::{lint_all, Level, Lint};
use super::lint_reason::LintReason;
use super::warnings::Warning;
use crate::engine::Profile;
use crate::scenario::model::error::ScenarioError;
use crate::scenario::model::step::Step;
use crate::scenario::model::topology_def::Topology;

/// The exchanges the scenario's timeline binds something to later (a lint about such a
/// dead-letter exchange at time 0 is the scenario's point, not a mistake).
fn bound_later(json: &Value) -> Vec<String> {
    let steps = json.get("timeline").and_then(Value::as_array).cloned().unwrap_or_default();
    steps
        .iter()
        .filter(|s| s.get("op").and_then(Value::as_str) == Some("bind"))
        .filter_map(|s| s.get("exchange").and_then(Value::as_str).map(str::to_string))
        .collect()
}

/// The exchanges a typed timeline binds something to later.
pub fn bound_later_in<'a>(steps: impl IntoIterator<Item = &'a Step>) -> Vec<String> {
    steps
        .into_iter()
        .filter_map(|s| match s {
            Step::Bind { exchange, .. } => Some(exchange.clone()),
            _ => None,
        })
        .collect()
}

/// The arguments the scenario's queues carry that the broker would not act on, and the
/// warning and error lints of its topology under `profile` (the informational ones left out).
pub fn scenario_lints(
    json: &Value,
    profile: &'static Profile,
) -> Result<(Vec<Warning>, Vec<Lint>), ScenarioError> {
    Ok(topology_lints(Topology::from_scenario(json)?, &bound_later(json), profile))
}

/// [`scenario_lints`] of a topology already read, with the exchanges its timeline binds
/// something to `later`.
pub fn topology_lints(
    topology: Topology,
    later: &[String],
    profile: &'static Profile,
) -> (Vec<Warning>, Vec<Lint>) {
    let warnings = topology
        .queues
        .iter()
        .flat_map(|q| {
            q.arguments
                .0
                .iter()
                .filter(|(k, _)| !SIMULATED_QUEUE_ARGS.contains(&&**k))
                .map(|(k, _)| Warning::QueueArgument {
                    queue: q.name.clone(),
                    argument: k.to_string(),
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let d = Definitions { rabbitmq_version: None, topology, warnings: Vec::new() };
    let built = build(&d, profile);
    let lints = lint_all(&d, &built)
        .into_iter()
        .filter(|l| l.level != Level::Info)
        .filter(|l| match &l.reason {
            LintReason::DlxNoBinding { exchange } | LintReason::DlxUnroutable { exchange, .. } => {
                !later.contains(exchange)
            }
            _ => true,
        })
        .collect();
    (warnings, lints)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RABBITMQ_4;

    #[test]
    fn a_typo_and_a_dlx_that_routes_nowhere_are_found() {
        let json: Value = serde_json::from_str(
            r#"{"version": 1,
                "exchanges": [{"name": "dlx", "type": "direct"}],
                "queues": [{"name": "orders", "arguments": {"x-dead-leter-exchange": "dlx"}},
                           {"name": "jobs", "arguments": {"x-dead-letter-exchange": "dlx"}}]}"#,
        )
        .unwrap();
        let (warnings, lints) = scenario_lints(&json, &RABBITMQ_4).unwrap();
        assert!(warnings.iter().any(|w| matches!(w, Warning::QueueArgument { argument, .. } if argument == "x-dead-leter-exchange")));
        assert!(
            lints.iter().any(|l| l.code == "dlx-no-binding" && l.subject == "jobs"),
            "{lints:?}"
        );
    }
}
