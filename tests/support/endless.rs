//! A workload far past the comparison's events budget, which the systems' tests and the
//! command line's (crates/cli/tests) both refuse.

/// 5 000 messages failing 1 000 times each, replayed every 10 minutes for a month: tens of
/// millions of events (gigabytes) if it were run to the end.
pub fn endless() -> String {
    let messages: Vec<String> = (0..5_000)
        .map(|i| {
            format!(
                r#"{{"id": "m{i}", "publish_at_ms": {i}, "key": "k{}", "failure": {{"kind": "transient", "times": 1000}}}}"#,
                i % 7
            )
        })
        .collect();
    let replays: Vec<String> =
        (1..=200).map(|j| format!(r#"{{"at_ms": {}, "do": "replay"}}"#, j * 600_000)).collect();
    format!(
        r#"{{"workload": {{"messages": [{}], "operator": [{}], "horizon_ms": 2592000000}}}}"#,
        messages.join(","),
        replays.join(",")
    )
}
