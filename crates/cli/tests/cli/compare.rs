//! `dlx-lab compare` on the command line: the table, the JSON, one strategy's trace, the
//! built-in list, and errors that name the field with exit status 2.

use std::io::Write;
use std::process::{Command, Stdio};

fn dlx(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx-lab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the dlx-lab binary runs");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn the_table_has_a_row_per_strategy_and_json_has_the_figures() {
    let (code, out, err) = dlx(&["compare", "--preset", "poison"], "");
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> =
        out.lines().skip(1).map(|l| l.split_whitespace().next().unwrap_or("")).collect();
    assert_eq!(rows, vec!["rabbitmq", "sqs", "kafka", "bullmq", "database", "hybrid"]);
    let (code, out, _) = dlx(&["compare", "--json", "--preset", "lost-reply"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v.as_array().map(Vec::len), Some(6));
    assert_eq!(v[0]["strategy"], "rabbitmq");
    assert!(v[0]["metrics"]["duplicates"].as_u64().unwrap() > 0);
}

#[test]
fn a_trace_reads_the_strategy_s_events_from_a_file_or_stdin() {
    let text = r#"{"workload": {"messages": [{"id": "only", "failure": {"kind": "permanent"}}], "route_permanent_directly": true, "horizon_ms": 10000}}"#;
    let (code, out, err) = dlx(&["compare", "--trace", "rabbitmq", "-"], text);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("only") && out.contains("dead-lettered from orders: ValidationError"),
        "{out}"
    );
    // Kafka's trace opens with its Spring Kafka profile and topics, and shows each hop's headers.
    let (code, out, err) = dlx(&["compare", "--trace", "kafka", "-"], text);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("# Spring Kafka 3.3"), "{out}");
    assert!(out.contains("headers kafka_exception-fqcn="), "{out}");
    let (code, out, _) = dlx(&["compare", "--list"], "");
    assert_eq!(code, 0);
    assert!(out.lines().any(|l| l == "bug-fix"));
}

#[test]
fn errors_name_the_field_and_exit_2() {
    let (code, _, err) =
        dlx(&["compare", "-"], r#"{"workload": {"messages": [{"id": "a"}, {"id": "a"}]}}"#);
    assert_eq!(code, 2);
    assert!(err.contains("messages: two messages are called 'a'"), "{err}");
    let (code, _, err) = dlx(&["compare", "--trace", "zeromq", "--preset", "mixed"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--trace: no strategy 'zeromq'"), "{err}");
    let (code, _, err) = dlx(&["compare", "--preset", "nope"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--preset: no built-in workload 'nope'"), "{err}");
}

#[test]
fn the_bullmq_plan_is_json_with_the_clock_compressed_and_a_bad_scale_is_refused() {
    let (code, out, err) =
        dlx(&["compare", "--bullmq-plan", "--preset", "ordering", "--time-scale", "10"], "");
    assert_eq!(code, 0, "{err}");
    let plan: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(plan["workload"]["messages"][1]["publish_at_ms"], 50);
    assert_eq!(plan["expected"][1]["starts_ms"].as_array().unwrap().len(), 3);
    for bad in [&["--time-scale", "0", "--bullmq-plan"][..], &["--time-scale", "2"][..]] {
        let mut args = vec!["compare", "--preset", "ordering"];
        args.extend_from_slice(bad);
        let (code, _, err) = dlx(&args, "");
        assert_eq!(code, 2);
        assert!(err.contains("--time-scale"), "{err}");
    }
}

#[test]
fn the_sqs_plan_keeps_whole_seconds_and_names_the_field_a_scale_breaks() {
    let (code, out, err) =
        dlx(&["compare", "--sqs-plan", "--preset", "poison", "--time-scale", "30"], "");
    assert_eq!(code, 0, "{err}");
    let plan: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(plan["sqs"]["source_attributes"]["VisibilityTimeout"], "1");
    assert_eq!(plan["workload"]["messages"][1]["publish_at_ms"], 33);
    assert_eq!(plan["expected"][2]["receives_ms"].as_array().unwrap().len(), 6);
    let (code, _, err) =
        dlx(&["compare", "--sqs-plan", "--preset", "poison", "--time-scale", "7"], "");
    assert_eq!(code, 2);
    assert!(err.contains("systems.sqs.visibility_timeout_ms"), "{err}");
}

#[test]
fn a_trace_as_json_has_its_places_and_events_with_their_causes() {
    let (code, out, err) = dlx(&["compare", "--preset", "poison", "--trace", "sqs", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let t: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(t["strategy"], "sqs");
    assert_eq!(t["places"][1]["name"], "main-queue-dlq");
    let events = t["events"].as_array().unwrap();
    assert_eq!(events[0]["kind"]["kind"], "published");
    // Every event says its cause, null or an earlier event of the same message.
    for (i, e) in events.iter().enumerate() {
        assert_eq!(e["seq"].as_u64(), Some(i as u64), "{e}");
        let cause = e.get("cause").unwrap_or_else(|| panic!("event {i} has no cause: {e}"));
        if let Some(c) = cause.as_u64() {
            assert!(c < i as u64, "event {i} is caused by a later one: {e}");
            assert_eq!(events[c as usize]["msg"], e["msg"], "event {i}'s cause: {e}");
        } else {
            assert!(cause.is_null(), "event {i}'s cause is neither null nor an event: {e}");
        }
    }
    assert!(events[0]["cause"].is_null());
    assert!(events.iter().filter(|e| e["cause"].is_u64()).count() > events.len() / 2);
    assert!(events.iter().any(|e| e["kind"]["kind"] == "dead_lettered"));
}

#[test]
fn verify_against_a_users_endpoint_names_what_is_missing_before_touching_anything() {
    let (code, _, err) = dlx(&["verify", "--sqs", "ftp://x", "--preset", "poison"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--sqs: give the endpoint's URL"), "{err}");
    let (code, _, err) = dlx(&["verify", "--bullmq", "localhost:6379", "--preset", "poison"], "");
    assert_eq!(code, 2);
    assert!(err.contains("redis://"), "{err}");
    let (code, _, err) = dlx(&["verify", "--sqs", "http://a", "--bullmq", "redis://b"], "");
    assert_eq!(code, 2);
    assert!(err.contains("one of them"), "{err}");
    // Without the runners installed, it says how to get them.
    let out = Command::new(env!("CARGO_BIN_EXE_dlx-lab"))
        .args(["verify", "--bullmq", "redis://127.0.0.1:1", "--preset", "poison"])
        .env("DLX_LAB_ROOT", "/nonexistent")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("scripts/bullmq-check.sh once"));
}

#[test]
fn the_built_in_exercises_and_tours_list_as_json_and_every_exercise_checks() {
    let (code, out, err) = dlx(&["exercise", "list", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let list: Vec<serde_json::Value> = serde_json::from_str(&out).unwrap();
    use dlx_scenario::workshop::{exercises, strategy_exercises, strategy_tours, tours};
    assert_eq!(
        list.len(),
        exercises::EXERCISES.len() + strategy_exercises::STRATEGY_EXERCISES.len()
    );
    let systems = ["rabbitmq", "sqs", "kafka", "bullmq", "database", "hybrid"];
    for system in systems {
        let n = list.iter().filter(|e| e["system"] == system).count();
        assert!(n >= 2, "{system}: {n} exercises");
    }
    assert!(list.iter().all(|e| e["title"].is_string() && e["id"].is_string()));
    let (code, out, _) = dlx(&["tour", "list", "--json"], "");
    assert_eq!(code, 0);
    let tours: Vec<serde_json::Value> = serde_json::from_str(&out).unwrap();
    assert_eq!(tours.len(), tours::TOURS.len() + strategy_tours::STRATEGY_TOURS.len());
    for system in systems {
        assert!(tours.iter().any(|t| t["system"] == system), "{system} has no tour");
    }
    for e in &list {
        let id = e["id"].as_str().unwrap();
        let (code, out, err) = dlx(&["exercise", "check", "--builtin", id], "");
        assert_eq!(code, 0, "{id}: {out}{err}");
    }
}

#[test]
fn a_trainers_exercise_whose_solution_fails_says_why_and_a_broken_one_names_the_field() {
    let (_, text) = dlx_scenario::workshop::exercises::EXERCISES[0];
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    // The "solution" that changes nothing: the goal is not reached.
    v["solution"] = serde_json::json!({"patch": []});
    let (code, out, _) = dlx(&["exercise", "check", "-"], &v.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAIL") && out.contains("the solution does not pass"), "{out}");
    assert!(out.lines().count() >= 2, "the verdict's failed parts are printed: {out}");
    let (code, _, err) = dlx(&["exercise", "check", "-"], r#"{"id": "x", "goal": 3}"#);
    assert_eq!(code, 2);
    assert!(err.contains("$."), "the field is named: {err}");
    let (code, _, err) = dlx(&["exercise", "check", "--builtin", "nope"], "");
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_strategy_exercise_checks_on_its_systems_run_and_a_workshop_checks_every_exercise() {
    let (_, text) = dlx_scenario::workshop::strategy_exercises::STRATEGY_EXERCISES[0];
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    v["solution"] = serde_json::json!({"patch": []});
    let (code, out, _) = dlx(&["exercise", "check", "-"], &v.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("the solution does not pass") && out.contains("pay-2 was handled twice"),
        "{out}"
    );
    v["system"] = serde_json::json!("nats");
    let (code, _, err) = dlx(&["exercise", "check", "-"], &v.to_string());
    assert_eq!(code, 2);
    assert!(err.contains("$.system"), "{err}");

    let own: serde_json::Value = serde_json::from_str(text).unwrap();
    let mut own = own;
    own["id"] = serde_json::json!("my-sqs-exercise");
    let workshop = serde_json::json!({"workshop": 1, "title": "Two hours of dead letters",
        "exercises": ["ttl-wait-queue", "kafka-keep-order", own]});
    let (code, out, err) = dlx(&["workshop", "check", "-"], &workshop.to_string());
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.lines().filter(|l| l.starts_with("ok ")).count(), 3, "{out}");
    assert!(out.contains("my-sqs-exercise (sqs)"), "{out}");
    let broken = serde_json::json!({"workshop": 1, "title": "x", "exercises": ["ttl-wait-queue", "ttl-wait-queue"]});
    let (code, _, err) = dlx(&["workshop", "check", "-"], &broken.to_string());
    assert_eq!(code, 2);
    assert!(
        err.contains("$.exercises[1]: lists the exercise 'ttl-wait-queue' a second time"),
        "{err}"
    );
    let unsound = serde_json::json!({"workshop": 1, "title": "x", "exercises": [v.clone().as_object().map(|o| {
        let mut o = o.clone(); o.insert("system".into(), "sqs".into()); serde_json::Value::Object(o)
    }).unwrap()]});
    let (code, out, _) = dlx(&["workshop", "check", "-"], &unsound.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAIL sqs-no-double-handling"), "{out}");
}
