//! The exercise builder's drafts: every built-in exercise reads into a draft and back into an
//! exercise that is still sound; goal forms give the goal JSON the checker reads; a draft
//! whose parts do not read says which part and which field.

use dlx_lab::scenario::workshop::exercise_draft::{ExerciseDraft, Section};
use dlx_lab::scenario::workshop::exercises::EXERCISES;
use dlx_lab::scenario::workshop::goal_form::{goal_json, parts_of, PartForm};
use dlx_lab::scenario::workshop::strategy_exercises::STRATEGY_EXERCISES;
use serde_json::{json, Value};

#[test]
fn every_built_in_exercise_round_trips_through_a_draft_and_stays_sound() {
    let mut through_forms = 0;
    for (id, text) in EXERCISES.iter().chain(STRATEGY_EXERCISES.iter()) {
        let draft = ExerciseDraft::from_exercise_text(text).unwrap_or_else(|e| panic!("{id}: {e}"));
        if draft.goal_json.is_none() {
            through_forms += 1;
            let original: Value = serde_json::from_str::<Value>(text).unwrap()["goal"].clone();
            assert_eq!(draft.goal_value().unwrap(), original, "{id}: the forms keep the goal");
        }
        let ex = draft.exercise().unwrap_or_else(|(s, e)| panic!("{id}: {s:?} {e}"));
        let (solved, start) = ex.self_check().unwrap();
        assert!(
            solved.passed && !start.passed,
            "{id}: {:?} / {:?}",
            solved.failures(),
            start.message()
        );
        // What the builder saves reads back the same.
        assert_eq!(ExerciseDraft::restore(&draft.save_text()), Some(draft));
    }
    assert!(through_forms >= 15, "only {through_forms} goals fit the forms");
}

#[test]
fn goal_forms_write_numbers_nested_fields_and_whole_values() {
    let parts = vec![
        PartForm {
            kind: "message".into(),
            fields: [
                ("id", "pay-1"),
                ("ends", "completed"),
                ("attempts.at_most", "3"),
                ("by_ms", " "),
            ]
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .into(),
        },
        PartForm { kind: "no_duplicates".into(), ..Default::default() },
    ];
    assert_eq!(
        goal_json(&parts, "sqs"),
        json!({"all": [{"message": {"id": "pay-1", "ends": "completed", "attempts": {"at_most": 3}}}, {"no_duplicates": true}]})
    );
    let drop =
        PartForm { kind: "no_drop".into(), fields: [(String::new(), "cycle".to_string())].into() };
    assert_eq!(goal_json(std::slice::from_ref(&drop), "rabbitmq"), json!({"no_drop": "cycle"}));
    assert_eq!(parts_of(&json!({"no_drop": "cycle"}), "rabbitmq"), Some(vec![drop]));
    let acked = PartForm {
        kind: "message".into(),
        fields: [("body", "x"), ("acked", "false")]
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .into(),
    };
    assert_eq!(goal_json(&[acked], "rabbitmq"), json!({"message": {"body": "x", "acked": false}}));
    // What the forms cannot show is kept as JSON.
    assert_eq!(parts_of(&json!({"any": [{"no_message_lost": true}]}), "rabbitmq"), None);
    assert_eq!(parts_of(&json!({"message": {"body": "x", "spacing_ms": [1]}}), "rabbitmq"), None);
    assert_eq!(parts_of(&json!({"order_kept": true}), "rabbitmq"), None, "a trace predicate");
}

#[test]
fn a_draft_names_the_part_and_the_field_that_do_not_read() {
    let (_, text) = STRATEGY_EXERCISES[0];
    let good = ExerciseDraft::from_exercise_text(text).unwrap();
    let mut d = good.clone();
    d.start = "{\"workload\": ".into();
    assert_eq!(d.exercise().unwrap_err().0, Section::Start);
    let mut d = good.clone();
    d.solution = "[".into();
    assert_eq!(d.exercise().unwrap_err().0, Section::Solution);
    let mut d = good.clone();
    d.goal[0] = PartForm {
        kind: "message".into(),
        fields: [("id", "pay-1"), ("attempts.at_most", "three")]
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .into(),
    };
    let (section, e) = d.exercise().unwrap_err();
    assert_eq!(section, Section::Goal);
    assert!(e.to_string().starts_with("$.goal.all[0].message"), "{e}");
    let mut d = good.clone();
    d.hints = vec![" ".into()];
    let (section, e) = d.exercise().unwrap_err();
    assert_eq!(
        (section, e.to_string()),
        (Section::Exercise, "$.hints: must hold one to three hints".to_string())
    );
    let mut d = good.clone();
    d.goal[0] = PartForm {
        kind: "message".into(),
        fields: [("id", "pay-9"), ("ends", "lost")]
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .into(),
    };
    assert!(d.exercise().unwrap_err().1.to_string().contains("pay-9"));
    let mut d = good;
    d.start = d.start.replace("\"visibility_timeout_ms\": 5000", "\"visibility_timeout_ms\": -5");
    let (section, e) = d.exercise().unwrap_err();
    assert_eq!(section, Section::Start, "{e}");
    assert!(e.to_string().contains("visibility_timeout_ms"), "{e}");
    // A new draft starts sound in shape: it reads, and its own check runs.
    let fresh = ExerciseDraft::new("kafka", STRATEGY_EXERCISES[2].1);
    assert_eq!(
        fresh.exercise().unwrap_err().0,
        Section::Start,
        "a whole exercise is not a comparison"
    );
}
