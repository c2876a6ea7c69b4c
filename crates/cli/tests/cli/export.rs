//! `dlx-lab compare --export`: a strategy's settings as its real system's code, and exit
//! status 2 with the reason when the target refuses a setting (the exports themselves:
//! tests/systems/export.rs).

use std::process::Command;

use dlx_scenario::Lang;

fn dlx(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_dlx-lab")).args(args).output().unwrap();
    let s = |b: &[u8]| String::from_utf8_lossy(b).to_string();
    (o.status.code().unwrap_or(-1), s(&o.stdout), s(&o.stderr))
}

#[test]
fn the_cli_exports_and_exits_2_on_a_refusal() {
    let (code, text, _) =
        dlx(&["compare", "--export", "kafka:java", "--preset", "poison", "--lang", "zh-CN"]);
    assert_eq!(code, 0);
    let link = "compare.html?compare=poison&lanes=kafka";
    let said = dlx_translations::msg!(Lang::ZhCn, "export-head-link", link = link);
    assert!(text.contains("@RetryableTopic") && text.contains(&said), "{text}");
    let dir = std::env::temp_dir().join(format!("dlx-export-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("c.json");
    let write = |systems: &str| {
        let text =
            format!(r#"{{"workload": {{"messages": [{{"id": "m1"}}]}}, "systems": {systems}}}"#);
        std::fs::write(&file, text).unwrap();
    };
    write(r#"{"sqs": {"visibility_timeout_ms": 50000000}}"#);
    let (code, _, err) =
        dlx(&["compare", "--export", "sqs:cloudformation", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("systems.sqs.visibility_timeout_ms") && err.contains("43200 s"), "{err}");
    write(r#"{"sqs": {"queue": "orders.fifo", "fifo": true, "message_delays_ms": {"m1": 5000}}}"#);
    let (code, _, err) = dlx(&["compare", "--export", "sqs:js", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("FIFO queues take no per-message delay"), "{err}");
    write(r#"{"sqs": {"queue": "my queue"}}"#);
    let (code, out, err) = dlx(&["compare", "--export", "sqs", file.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (2, ""), "nothing is printed on a refusal");
    assert!(err.contains("SQS queue names are 1 to 80"), "{err}");
    write("{}");
    let (code, text, _) = dlx(&["compare", "--export", "sqs:terraform", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(
        text.lines().nth(3).is_some_and(|l| l.contains("compare.html?compare=1&lanes=sqs#c=")),
        "{text}"
    );
    let (code, _, err) = dlx(&["compare", "--export", "rabbitmq:xml", "--preset", "poison"]);
    assert_eq!(code, 2);
    assert!(err.contains("no export named rabbitmq:xml"), "{err}");
    let (_, help, _) = dlx(&["help"]);
    assert!(help.contains("--export SYSTEM[:FORMAT]"));
    let _ = std::fs::remove_dir_all(&dir);
}
