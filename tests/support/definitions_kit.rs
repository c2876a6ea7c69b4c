//! Shared by the definitions tests: reading a definitions file (the recorded ones by
//! scenario name) and the effective settings a build gives its queues.

use std::path::{Path, PathBuf};

use dlx_lab::engine::Profile;
use dlx_lab::scenario::definitions::{
    build, effective_settings, parse_definitions, Definitions, QueueReport,
};

/// The RabbitMQ 3.10 recordings.
pub fn rec() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance/rabbitmq-3.10")
}

/// A definitions file, read and parsed (a failure names the file).
pub fn load(path: &Path) -> Definitions {
    parse_definitions(&std::fs::read_to_string(path).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The definitions recorded for scenario `name`.
pub fn scenario_defs(name: &str) -> Definitions {
    load(&rec().join("definitions").join(format!("{name}.json")))
}

/// Each queue's effective settings once `d` is built on `profile`.
pub fn reports(d: &Definitions, profile: &'static Profile) -> Vec<QueueReport> {
    effective_settings(d, &build(d, profile).engine)
}
