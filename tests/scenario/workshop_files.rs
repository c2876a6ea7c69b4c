//! A trainer's workshop files: built-in ids and inline exercises of any system, in order;
//! every mistake named by its JSON path; the texts in the learner's language.

use dlx_lab::scenario::workshop::strategy_exercises::STRATEGY_EXERCISES;
use dlx_lab::scenario::workshop::workshop_file::WorkshopFile;
use dlx_lab::scenario::Lang;
use serde_json::{json, Value};

fn read(v: Value) -> Result<WorkshopFile, String> {
    WorkshopFile::from_json_in(&v, Lang::En).map_err(|e| e.to_string())
}

#[test]
fn a_workshop_lists_built_in_and_inline_exercises_in_order() {
    let mut own: Value = serde_json::from_str(STRATEGY_EXERCISES[3].1).unwrap();
    own["id"] = json!("own-kafka");
    let w = read(json!({"workshop": 1, "title": " Two hours ", "description": "For the ops team",
        "exercises": ["break-the-cycle", own, "database-skip-locked"]}))
    .unwrap();
    assert_eq!(w.title, "Two hours");
    let ids: Vec<&str> = w.items.iter().map(|i| i.exercise.id()).collect();
    assert_eq!(ids, ["break-the-cycle", "own-kafka", "database-skip-locked"]);
    let systems: Vec<&str> = w.items.iter().map(|i| i.exercise.system()).collect();
    assert_eq!(systems, ["rabbitmq", "kafka", "database"]);
    assert!(w.items[0].inline.is_none() && w.items[1].inline.is_some());
    // The built-ins read in the learner's language.
    let ko = WorkshopFile::from_json_in(
        &json!({"workshop": 1, "title": "x", "exercises": ["break-the-cycle"]}),
        Lang::Ko,
    )
    .unwrap();
    assert!(ko.items[0].exercise.title().chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c)));
}

#[test]
fn every_mistake_names_its_path() {
    let mut broken: Value = serde_json::from_str(STRATEGY_EXERCISES[0].1).unwrap();
    broken["goal"] = json!({"message": {"id": "pay-7", "ends": "lost"}});
    let cases = [
        (json!({"workshop": 2, "title": "x", "exercises": ["ttl-wait-queue"]}), "$.workshop"),
        (json!({"workshop": 1, "title": " ", "exercises": ["ttl-wait-queue"]}), "$.title"),
        (json!({"workshop": 1, "title": "x"}), "$.exercises: is missing"),
        (json!({"workshop": 1, "title": "x", "exercises": []}), "$.exercises"),
        (json!({"workshop": 1, "title": "x", "exercises": "ttl-wait-queue"}), "$.exercises"),
        (
            json!({"workshop": 1, "title": "x", "exercises": [7]}),
            "$.exercises[0]: must be a built-in exercise's id",
        ),
        (
            json!({"workshop": 1, "title": "x", "exercises": ["nope"]}),
            "$.exercises[0]: no exercise called 'nope'",
        ),
        (
            json!({"workshop": 1, "title": "x", "exercises": ["ttl-wait-queue", broken]}),
            "$.exercises[1].goal.message.id: the workload has no message 'pay-7'",
        ),
        (
            json!({"workshop": 1, "title": "x", "exercises": vec!["ttl-wait-queue"; 61]}),
            "$.exercises: holds more than 60 items",
        ),
        (
            json!({"workshop": 1, "title": "x", "exercises": ["ttl-wait-queue", "ttl-wait-queue"]}),
            "$.exercises[1]: lists the exercise 'ttl-wait-queue' a second time",
        ),
    ];
    for (v, want) in cases {
        let e = read(v.clone()).expect_err(want);
        assert!(e.starts_with(want), "{v}\n  want: {want}\n  got: {e}");
    }
}
