//! Definitions files to playground scenarios and back: the topology of a parsed
//! [`Definitions`] as a scenario (format v1, no clients), and a scenario's topology as
//! [`Definitions`] for export. Pure: no IO, no clock.

use serde_json::{json, Value};

use super::warnings::Warning;
use crate::engine::profile::Profile;
use crate::engine::Engine;
use crate::scenario::definitions::Definitions;
use crate::scenario::model::error::ScenarioError;
use crate::scenario::model::json::Obj;
use crate::scenario::model::topology_def::Topology;

/// A scenario made from a definitions file, and what was read but is not simulated.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    /// Scenario JSON (format v1): exchanges, queues, bindings and policies; no clients.
    pub json: Value,
    /// The profile the file's broker version selects.
    pub profile: &'static Profile,
    /// The file's warnings, then every declaration the broker would refuse (left out).
    pub warnings: Vec<Warning>,
}

/// `rabbitmq-3.10` for a 3.x file, else `rabbitmq-4` (what `dlx-lab definitions` picks).
pub fn profile_for(d: &Definitions) -> &'static Profile {
    let name = match d.rabbitmq_version.as_deref() {
        Some(v) if v.starts_with("3.") => "rabbitmq-3.10",
        _ => "rabbitmq-4",
    };
    Profile::by_name(name).unwrap_or_default()
}

/// The topology of `d` as a scenario titled `title`. What is simulated
/// ([`Topology::simulated`]) is declared on a scratch engine, as [`crate::scenario::playground::run::Run::new`] does,
/// so the scenario always runs: whatever the broker would refuse is left out and listed in the
/// warnings.
pub fn scenario_from_definitions(d: &Definitions, title: &str) -> Imported {
    let profile = profile_for(d);
    let topology = d.simulated();
    let refused = topology.apply(&mut Engine::new(profile));
    let mut warnings = d.warnings.clone();
    warnings.extend(refused.iter().map(|r| Warning::Refused(topology.refusal(r))));
    let mut json = json!({
        "version": 1, "id": "imported-definitions", "title": title, "profile": profile.name,
        "seed": 1, "duration_ms": 60_000,
    });
    for (key, list) in topology.without(&refused).scenario_lists() {
        json[key] = list;
    }
    for key in ["publishers", "consumers", "timeline"] {
        json[key] = json!([]);
    }
    Imported { json, profile, warnings }
}

/// The topology of a scenario (its exchanges, queues, bindings and policies) as definitions,
/// for export and lints. The broker version follows the scenario's profile.
pub fn definitions_from_scenario(json: &Value) -> Result<Definitions, ScenarioError> {
    let o = Obj::new(json, "$")?;
    let version = match o.str_or("profile", "rabbitmq-4")? {
        "rabbitmq-3.10" => "3.10.8",
        _ => "4.0.5",
    };
    Ok(Definitions {
        rabbitmq_version: Some(version.to_string()),
        topology: Topology::from_scenario(json)?,
        warnings: Vec::new(),
    })
}
