//! Every recording of the real RabbitMQ 3.10.8 broker replays exactly under `rabbitmq-3.10`,
//! judged by the same rules as `tests/conformance/compare.py` (`dlx_lab::scenario::conformance::judge`).

use std::path::{Path, PathBuf};

use dlx_lab::engine::RABBITMQ_3_10;
use dlx_lab::scenario::conformance::judge::diff;
use dlx_lab::scenario::replay_str;
use serde_json::{json, Value};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance/rabbitmq-3.10")
}

#[test]
fn every_recording_replays_exactly_under_rabbitmq_3_10() {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir().join("scenarios"))
        .expect("tests/conformance/rabbitmq-3.10/scenarios exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().map(|x| x == "json").unwrap_or(false))
        .collect();
    names.sort();
    assert!(names.len() >= 54, "expected the 54 recordings, found {}", names.len());
    let mut failures = Vec::new();
    for path in &names {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let scenario = std::fs::read_to_string(path).unwrap();
        let expected: Value = serde_json::from_str(
            &std::fs::read_to_string(dir().join("results").join(&name)).unwrap(),
        )
        .unwrap();
        match replay_str(&scenario, &RABBITMQ_3_10) {
            Err(e) => failures.push(format!("{name}: {e}")),
            Ok(actual) => {
                let d = diff(&expected, &actual);
                if !d.is_empty() {
                    failures.push(format!("{name}:\n  {}", d.join("\n  ")));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} recordings differ:\n{}",
        failures.len(),
        names.len(),
        failures.join("\n")
    );
}

#[test]
fn the_comparison_notices_a_difference() {
    // The judge itself must be able to fail: a changed x-death count is caught.
    let path = dir().join("results/g1_retry_loop.json");
    let expected: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut tampered = expected.clone();
    tampered["final_queues"]["g1.audit"][1]["properties"]["headers"]["x-death"][0]["count"] =
        json!(7);
    assert!(diff(&expected, &expected).is_empty());
    assert_eq!(diff(&expected, &tampered).len(), 1);
}
