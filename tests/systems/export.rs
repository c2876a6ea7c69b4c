//! The exports of each strategy's settings (crates/systems/src/export/): every target's text holds
//! the settings it came from, the topic names match the model's, hostile names are refused
//! where the target refuses them and escaped where it takes them, a setting a target refuses
//! is never exported (the command line's exit status 2 with the reason:
//! crates/cli/tests/cli/export.rs).

use std::process::Command;

use dlx_lab::scenario::Lang;
use dlx_lab::systems::export::{export, refusal_message, ExportError, Limit, Origin, Target};
use dlx_lab::systems::kafka::{ErrorHandling, SpringKafka};
use dlx_lab::systems::presets::preset;
use dlx_lab::systems::sqs::{OnFailure, ReplayBy};
use dlx_lab::systems::Comparison;

fn poison() -> Comparison {
    preset("poison").unwrap().comparison()
}

fn origin(lang: Lang) -> Origin {
    Origin { lang, link: "compare.html?compare=poison".into() }
}

fn out(c: &Comparison, t: Target) -> String {
    export(c, t, &origin(Lang::En)).unwrap_or_else(|e| panic!("{}: {e}", t.id()))
}

fn refused(c: &Comparison, t: Target) -> (String, Limit) {
    match export(c, t, &origin(Lang::En)) {
        Err(ExportError::Refused { setting, limit, .. }) => (setting, limit),
        other => panic!("{} should refuse, gave {other:?}", t.id()),
    }
}

#[test]
fn every_target_starts_with_its_settings_and_link_in_every_language() {
    let c = poison();
    for t in Target::ALL {
        for lang in Lang::ALL {
            let text = export(&c, t, &origin(lang)).unwrap();
            let head: Vec<&str> = text.lines().take(4).collect();
            assert!(head[0].contains(t.id()), "{}: {head:?}", t.id());
            assert!(
                head[2].contains("\"queue\"")
                    || head[2].contains("\"topic\"")
                    || head[2].contains("\"table\""),
                "{head:?}"
            );
            assert!(head[3].ends_with("compare.html?compare=poison"), "{head:?}");
        }
        assert_eq!(Target::parse(t.id()), Ok(t));
    }
    assert_eq!(Target::parse("sqs"), Ok(Target::SqsCloudFormation));
    assert!(matches!(Target::parse("sqs:xml"), Err(ExportError::UnknownTarget { .. })));
    let ko = export(&c, Target::DatabaseSql, &origin(Lang::Ko)).unwrap();
    let said = dlx_lab::msg!(Lang::Ko, "export-sql-operator");
    assert!(ko.contains(&said), "comments follow the page's language");
}

#[test]
fn sqs_infrastructure_carries_every_queue_setting() {
    let mut c = poison();
    let s = &mut c.systems.sqs;
    (s.queue, s.fifo, s.content_based_deduplication) = ("orders.fifo".into(), true, true);
    (s.visibility_timeout_ms, s.max_receive_count, s.retention_ms) = (45_000, 7, 86_400_000);
    (s.dlq_retention_ms, s.delay_ms, s.wait_time_ms) = (604_800_000, 5_000, 10_000);
    s.redrive_allow = dlx_lab::systems::sqs::RedriveAllow::ByQueue;
    s.allowed_sources = vec!["orders.fifo".into()];
    let cfn = out(&c, Target::SqsCloudFormation);
    for line in [
        "QueueName: \"orders-dlq.fifo\"",
        "QueueName: \"orders.fifo\"",
        "VisibilityTimeout: 45",
        "MessageRetentionPeriod: 86400",
        "MessageRetentionPeriod: 604800",
        "DelaySeconds: 5",
        "ReceiveMessageWaitTimeSeconds: 10",
        "FifoQueue: true",
        "ContentBasedDeduplication: true",
        "maxReceiveCount: 7",
        "redrivePermission: byQueue",
        "deadLetterTargetArn: !GetAtt DeadLetterQueue.Arn",
    ] {
        assert!(cfn.contains(line), "{line} missing:\n{cfn}");
    }
    assert!(cfn.contains(":orders.fifo\""), "the allowed source's ARN");
    let tf = out(&c, Target::SqsTerraform);
    for line in [
        "visibility_timeout_seconds = 45",
        "message_retention_seconds  = 86400",
        "delay_seconds              = 5",
        "maxReceiveCount     = 7",
        "fifo_queue                  = true",
        "redrivePermission = \"byQueue\"",
        "sourceQueueArns   = [aws_sqs_queue.source.arn]",
    ] {
        assert!(tf.contains(line), "{line} missing:\n{tf}");
    }
}

#[test]
fn the_sqs_consumer_code_follows_on_failure_and_replay() {
    let mut c = poison();
    c.systems.sqs.on_failure = OnFailure::Ladder;
    c.systems.sqs.ladder_ms = vec![1_000, 10_000];
    c.systems.sqs.replay = ReplayBy::MoveTask;
    let py = out(&c, Target::SqsBoto3);
    assert!(py.contains("LADDER_S = [1, 10]") && py.contains("start_message_move_task"), "{py}");
    let js = out(&c, Target::SqsJs);
    assert!(
        js.contains("const LADDER_S = [1, 10];") && js.contains("StartMessageMoveTaskCommand({"),
        "{js}"
    );
    c.systems.sqs.on_failure = OnFailure::Release;
    c.systems.sqs.replay = ReplayBy::Script;
    let py = out(&c, Target::SqsBoto3);
    assert!(py.contains("VisibilityTimeout=0") && py.contains("def replay(pick"), "{py}");
}

#[test]
fn spring_listeners_name_the_models_topics_and_show_the_cap() {
    let c = poison();
    let (retry, dlt) = c.systems.kafka.topics(c.workload.seed);
    for t in [Target::KafkaJava, Target::KafkaKotlin] {
        let text = out(&c, t);
        for r in &retry {
            assert!(
                text.contains(&format!("//   {}  {} ms", r.name, r.delay_ms)),
                "{}: {}",
                t.id(),
                r.name
            );
        }
        assert!(text.contains(dlt.as_deref().unwrap()));
        assert!(text.contains("attempts = \"5\"") && text.contains("@DltHandler"));
        assert!(text.contains("caps this exponential back-off at 30000 ms"), "the 30 s cap shows");
    }
    let mut v4 = c.clone();
    v4.systems.kafka.spring_kafka = SpringKafka::V4_0;
    v4.systems.kafka.exclude = vec!["com.example.NonRetryableException".into()];
    let kt = out(&v4, Target::KafkaKotlin);
    assert!(kt.contains("backOff = BackOff(delay = 5000, multiplier = 2.0)"), "{kt}");
    assert!(kt.contains("excludeNames = [\"com.example.NonRetryableException\"]"), "{kt}");
    assert!(!kt.contains("caps this"), "4.0 has no default cap");
    let mut blocking = c.clone();
    blocking.systems.kafka.error_handling = ErrorHandling::Blocking;
    let java = out(&blocking, Target::KafkaJava);
    assert!(
        java.contains("new FixedBackOff(0L, 9L)") && !java.contains("@RetryableTopic"),
        "{java}"
    );
    assert!(java.contains("vehicle.event-dlt"));
}

#[test]
fn the_hand_made_ladder_exports_as_a_listener_of_its_own_topics() {
    let mut c = poison();
    c.systems.kafka.error_handling = ErrorHandling::ManualLadder;
    let (retry, dlq) = c.systems.kafka.topics(c.workload.seed);
    let java = out(&c, Target::KafkaJava);
    let kt = out(&c, Target::KafkaKotlin);
    for text in [&java, &kt] {
        assert!(
            !text.contains("@RetryableTopic(") && text.contains("\"vehicle.event.retry.600s\"")
        );
        assert!(text.contains(&format!("\"{}\"", dlq.as_deref().unwrap())), "{text}");
        assert!(text.contains("max.poll.interval.ms"), "600 s outlasts the default poll interval");
    }
    let steps: Vec<String> = retry.iter().map(|r| format!("{}L", r.delay_ms)).collect();
    assert!(java.contains(&format!("STEPS_MS = {{{}}};", steps.join(", "))), "{java}");
    assert!(kt.contains(&format!("longArrayOf({})", steps.join(", "))), "{kt}");
}

#[test]
fn bullmq_options_go_where_bullmq_reads_them() {
    let mut c = poison();
    let b = &mut c.systems.bullmq;
    (b.attempts, b.delay_ms, b.concurrency, b.lock_duration_ms) = (4, 2_000, 3, 15_000);
    b.backoff = dlx_lab::systems::bullmq::Backoff::Custom;
    b.custom_delays_ms = vec![100, -1];
    let ts = out(&c, Target::BullmqTs);
    for line in [
        "attempts: 4,",
        "backoff: { type: 'custom', delay: 2000 }",
        "concurrency: 3,",
        "lockDuration: 15000,",
        "settings: { backoffStrategy },",
        "const ladderMs = [100, -1];",
    ] {
        assert!(ts.contains(line), "{line} missing:\n{ts}");
    }
    c.systems.bullmq.attempts_on_worker = true;
    assert_eq!(refused(&c, Target::BullmqTs).1, Limit::BullmqAttemptsOnWorker);
}

#[test]
fn the_scheduler_query_locks_only_when_the_model_does() {
    let mut c = poison();
    let plain = out(&c, Target::DatabaseSql);
    assert!(plain.contains("LIMIT 100;") && !plain.contains("SKIP LOCKED"), "{plain}");
    c.systems.database.skip_locked = true;
    c.systems.database.reaper_after_ms = Some(60_000);
    let locked = out(&c, Target::DatabaseSql);
    assert!(locked.contains("LIMIT 100\n  FOR UPDATE SKIP LOCKED;"), "{locked}");
    assert!(
        locked.contains("PREPARE dlq_reap AS") && locked.contains("INTERVAL '60000 milliseconds'")
    );
    let hybrid = out(&c, Target::HybridSql);
    assert!(
        hybrid.contains("CREATE TABLE \"dead_letter_record\"")
            && hybrid.contains("PREPARE dlr_skip")
    );
    assert_eq!(hybrid.matches("CREATE INDEX").count(), 3);
}

#[test]
fn hostile_names_are_refused_or_cannot_break_out() {
    let hostile = "x\r\n\u{2028}\u{85}\\u000a\"'$(touch p)${a}#{b}*/--";
    let mut c = poison();
    c.systems.sqs.queue = hostile.into();
    assert_eq!(refused(&c, Target::SqsCloudFormation).1, Limit::SqsQueueName);
    c.systems.kafka.topic = hostile.into();
    assert_eq!(refused(&c, Target::KafkaJava).1, Limit::KafkaTopicName);
    let mut c = poison();
    c.systems.kafka.group_id = hostile.into();
    assert_eq!(refused(&c, Target::KafkaKotlin).1, Limit::SpringExpression);
    c.systems.kafka.group_id = "g\"\n$x\\u000a".into();
    c.systems.bullmq.queue = "q\"\n\u{2028}\\u000a".into();
    c.systems.database.table = "t\"; DROP TABLE x; --\n".into();
    c.systems.database.source = hostile.into();
    for t in Target::ALL {
        let text = match export(&c, t, &origin(Lang::En)) {
            Ok(text) => text,
            Err(e) => panic!("{}: {e}", t.id()),
        };
        // No name put a line of its own into the export, nor a raw line break of any kind.
        assert!(!text.contains(['\r', '\u{2028}', '\u{85}']), "{}", t.id());
        assert!(
            !text.lines().any(|l| l.starts_with("$x")
                || l.starts_with("$(touch")
                || l.starts_with("\"; DROP")),
            "{}:\n{text}",
            t.id()
        );
    }
    let kt = out(&c, Target::KafkaKotlin);
    assert!(kt.contains("groupId = \"g\\\"\\n\\$x\\\\u000a\""), "{kt}");
    let sql = out(&c, Target::DatabaseSql);
    assert!(
        sql.contains("CREATE TABLE \"t\"\"; DROP TABLE x; --\n\" ("),
        "a quoted identifier keeps the line break inside its quotes:\n{sql}"
    );
    c.systems.database.table = "t\0".into();
    assert_eq!(refused(&c, Target::DatabaseSql).1, Limit::SqlIdentifier);
}

#[test]
fn a_refused_setting_names_the_setting_and_the_limit_in_every_language() {
    let mut c = poison();
    c.systems.sqs.visibility_timeout_ms = 43_201_000;
    let e = export(&c, Target::SqsTerraform, &origin(Lang::En)).unwrap_err();
    assert_eq!(e.to_string(), "sqs:terraform cannot take systems.sqs.visibility_timeout_ms = 43201 s: SQS allows a visibility timeout of 0 to 43200 s (12 hours)");
    for lang in Lang::TRANSLATED {
        let said = refusal_message(&e).text(lang);
        assert!(
            said != e.to_string()
                && said.contains("43200")
                && said.contains("visibility_timeout_ms"),
            "{said}"
        );
    }
    let mut fifo = poison();
    (fifo.systems.sqs.queue, fifo.systems.sqs.fifo) = ("orders.fifo".into(), true);
    fifo.systems.sqs.message_delays_ms.insert("m1".into(), 5_000);
    assert_eq!(
        refused(&fifo, Target::SqsBoto3),
        ("systems.sqs.message_delays_ms".into(), Limit::SqsFifoMessageDelay)
    );
}

/// Runs `program args…` and returns its standard output, failing the test on an error.
fn run_tool(program: &str, args: &[&str]) -> String {
    let o = Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{program}: cannot start it ({e}); it checks the exports"));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{program} {args:?}: {err}");
    String::from_utf8_lossy(&o.stdout).to_string()
}

#[test]
fn hostile_message_ids_reach_python_and_javascript_as_written() {
    let ids = ["m\r\nimport os#", "n\u{2028}//x", "o\\u000a'\"${x}", "p\u{85}\u{1}"];
    let mut c = poison();
    c.systems.sqs.message_delays_ms = ids.iter().map(|id| (id.to_string(), 5_000)).collect();
    c.systems.sqs.heartbeat_ms = Some(2_000);
    let dir = std::env::temp_dir().join(format!("dlx-export-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let py = dir.join("consumer.py");
    std::fs::write(&py, out(&c, Target::SqsBoto3)).unwrap();
    // Parsed, never run: the delays' keys are read back from the syntax tree.
    let script = "import ast, json, sys\ntree = ast.parse(open(sys.argv[1]).read())\n\
        v = [n.value for n in tree.body if isinstance(n, ast.Assign) and n.targets[0].id == 'MESSAGE_DELAYS_S'][0]\n\
        print(json.dumps(sorted(ast.literal_eval(v))))";
    let keys: Vec<String> =
        serde_json::from_str(&run_tool("python3", &["-c", script, py.to_str().unwrap()])).unwrap();
    let mut want: Vec<String> = ids.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(keys, want);
    let js = dir.join("consumer.mjs");
    std::fs::write(&js, out(&c, Target::SqsJs)).unwrap();
    run_tool("node", &["--check", js.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
}
