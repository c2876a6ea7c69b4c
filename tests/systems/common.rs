//! What the system tests share: a workload read from JSON, a system run to its workload's
//! horizon, and the moments a message was received.

use dlx_lab::systems::{SysEventKind, System, Trace, Workload};

/// A workload from its JSON (the tests' own, so it reads).
pub fn workload(text: &str) -> Workload {
    Workload::from_json(text).unwrap()
}

/// One message that fails at every attempt, handled in 100 ms, for a minute.
pub fn always_failing() -> Workload {
    workload(
        r#"{"messages": [{"id": "a", "failure": {"kind": "bug"}}], "process_ms": 100, "horizon_ms": 60000}"#,
    )
}

/// One message whose failure is permanent and which the consumer sends to the dead-letter place
/// itself, without a retry.
pub fn routed_directly() -> Workload {
    workload(
        r#"{"messages": [{"id": "a", "failure": {"kind": "permanent"}}], "route_permanent_directly": true, "horizon_ms": 60000}"#,
    )
}

/// The trace of `system` run to the horizon of `w`, the workload it was made with.
pub fn finish(mut system: impl System, w: &Workload) -> Trace {
    system.step_until(w.horizon());
    system.trace().clone()
}

/// When message `msg` was received (receives, deliveries, tries), in ms.
pub fn received_ms(t: &Trace, msg: usize) -> Vec<u64> {
    t.of(msg)
        .filter(|e| matches!(e.kind, SysEventKind::Received { .. }))
        .map(|e| e.at_us / 1000)
        .collect()
}
