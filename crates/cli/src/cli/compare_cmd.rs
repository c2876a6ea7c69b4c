//! `dlx-lab compare`: one workload through every dead-letter strategy (RabbitMQ's retry
//! queue on the engine, SQS, Kafka retry topics and DLT, BullMQ, a database DLQ, the hybrid),
//! printed as a table, JSON, or one strategy's trace.

use std::fmt::Write as _;
use std::process::ExitCode;

use crate::systems::presets::{preset, PRESETS};
use crate::systems::{Comparison, Outcome, Strategy, SysEventKind};

use super::{emit, fail, read_input, Args};

/// The name and JSON text of the comparison asked for: a built-in one (`--preset ID`) or a
/// file (`-` for stdin); `usage` when neither or both are given.
pub fn comparison_text(a: &Args, usage: &str) -> Result<(String, String), String> {
    match (a.option("preset"), a.words.as_slice()) {
        (Some(id), []) => match preset(id) {
            Some(p) => Ok((id.to_string(), p.text.to_string())),
            None => {
                Err(format!("--preset: no built-in workload '{id}' (see dlx-lab compare --list)"))
            }
        },
        (None, [file]) => Ok((file.clone(), read_input(file)?)),
        _ => Err(usage.to_string()),
    }
}

pub fn run(args: &[String]) -> ExitCode {
    let a = match Args::parse(
        args,
        &["preset", "trace", "time-scale", "export", "lang", "page"],
        &["json", "list", "bullmq-plan", "sqs-plan"],
    ) {
        Ok(a) => a,
        Err(e) => return fail(e),
    };
    if a.flag("list") {
        let ids: Vec<&str> = PRESETS.iter().map(|p| p.id).collect();
        emit(&format!("{}\n", ids.join("\n")));
        return ExitCode::SUCCESS;
    }
    let usage = "compare: give one comparison file, or --preset ID (see dlx-lab help)";
    let (name, text) = match comparison_text(&a, usage) {
        Ok(found) => found,
        Err(e) => return fail(e),
    };
    if let Some(target) = a.option("export") {
        let asked = super::export_cmd::Asked {
            target,
            lang: a.option("lang"),
            page: a.option("page"),
            time_scale: a.option("time-scale"),
            preset: a.option("preset"),
        };
        return super::export_cmd::run(&name, &text, &asked);
    }
    if a.option("lang").is_some() || a.option("page").is_some() {
        return fail("--lang and --page go with --export");
    }
    let comparison = match Comparison::from_json(&text) {
        Ok(c) => c,
        Err(e) => return fail(format!("{name}: {e}")),
    };
    if a.option("time-scale").is_some() && !a.flag("bullmq-plan") && !a.flag("sqs-plan") {
        return fail("--time-scale goes with --bullmq-plan or --sqs-plan");
    }
    if a.flag("bullmq-plan") {
        return bullmq_plan(&name, &comparison, a.option("time-scale"));
    }
    if a.flag("sqs-plan") {
        return sqs_plan(&name, &comparison, a.option("time-scale"));
    }
    if let Some(id) = a.option("trace") {
        let Some(s) = Strategy::from_id(id) else {
            return fail(format!(
                "--trace: no strategy '{id}'; use rabbitmq, sqs, kafka, bullmq, database or hybrid"
            ));
        };
        let outcome = match crate::systems::computing::run_one(&comparison, s) {
            Ok(o) => o,
            Err(e) => return fail(format!("{name}: {e}")),
        };
        if a.flag("json") {
            // The trace as tools read it: its places, and every event with its time (µs),
            // message index, place, kind and cause; the message ids beside.
            let ids: Vec<&str> =
                comparison.workload.messages.iter().map(|m| m.id.as_str()).collect();
            let value = serde_json::json!({
                "strategy": s, "setup": comparison.setup(s), "messages": ids,
                "places": &outcome.trace.places, "events": &outcome.trace.events,
            });
            emit(&format!("{}\n", serde_json::to_string_pretty(&value).unwrap_or_default()));
            return ExitCode::SUCCESS;
        }
        let setup = comparison.setup(s).map(|d| format!("# {d}\n")).unwrap_or_default();
        emit(&format!("{setup}{}", trace_text(&comparison, &outcome)));
        return ExitCode::SUCCESS;
    }
    let (_, outcomes) = match crate::systems::Computing::run_all(comparison) {
        Ok(done) => done,
        Err(e) => return fail(format!("{name}: {e}")),
    };
    if a.flag("json") {
        let rows: Vec<serde_json::Value> = outcomes
            .iter()
            .map(|o| serde_json::json!({"strategy": o.strategy, "metrics": &o.metrics}))
            .collect();
        emit(&format!("{}\n", serde_json::to_string_pretty(&rows).unwrap_or_default()));
    } else {
        emit(&table(&outcomes));
    }
    ExitCode::SUCCESS
}

/// `--bullmq-plan [--time-scale N]`: what scripts/bullmq-check.sh plays through a real
/// BullMQ, with every time but the handling time divided by N, and what the model expects.
fn bullmq_plan(name: &str, c: &Comparison, scale: Option<&str>) -> ExitCode {
    let divisor = match scale.map(str::parse::<u64>) {
        None => 1,
        Some(Ok(n)) if n >= 1 => n,
        _ => return fail("--time-scale: give a whole number of 1 or more (the times' divisor)"),
    };
    match crate::systems::bullmq::live::compressed(c, divisor) {
        Ok(c) => {
            let plan = crate::systems::bullmq::live::plan(&c);
            emit(&format!("{}\n", serde_json::to_string_pretty(&plan).unwrap_or_default()));
            ExitCode::SUCCESS
        }
        Err(e) => fail(format!("{name} with --time-scale {divisor}: {e}")),
    }
}

/// `--sqs-plan [--time-scale N]`: what scripts/sqs-check.sh plays through moto's SQS server,
/// with every time but the handling time divided by N, and what the model expects.
fn sqs_plan(name: &str, c: &Comparison, scale: Option<&str>) -> ExitCode {
    let divisor = match scale.map(str::parse::<u64>) {
        None => 1,
        Some(Ok(n)) if n >= 1 => n,
        _ => return fail("--time-scale: give a whole number of 1 or more (the times' divisor)"),
    };
    let live = crate::systems::sqs::sqs_live::compressed(c, divisor)
        .and_then(|c| crate::systems::sqs::sqs_live::plan(&c));
    match live {
        Ok(plan) => {
            emit(&format!("{}\n", serde_json::to_string_pretty(&plan).unwrap_or_default()));
            ExitCode::SUCCESS
        }
        Err(e) => fail(format!("{name} with --time-scale {divisor}: {e}")),
    }
}

fn ms(v: Option<u64>) -> String {
    v.map_or("-".into(), |v| format!("{:.1}s", v as f64 / 1000.0))
}

/// The figures of every strategy, one row each.
fn table(outcomes: &[Outcome]) -> String {
    let mut out = format!(
        "{:<9} {:>9} {:>9} {:>6} {:>8} {:>5} {:>9} {:>11} {:>10} {:>8} {:>8}\n",
        "strategy",
        "completed",
        "dead-lett",
        "lost",
        "skipped",
        "open",
        "attempts",
        "duplicates",
        "reordered",
        "p50",
        "max"
    );
    for o in outcomes {
        let m = &o.metrics;
        let _ = writeln!(
            out,
            "{:<9} {:>9} {:>9} {:>6} {:>8} {:>5} {:>9} {:>11} {:>10} {:>8} {:>8}",
            o.strategy.id(),
            m.completed,
            m.dead_lettered,
            m.lost,
            m.skipped,
            m.in_flight,
            m.attempts,
            m.duplicates,
            m.reordered,
            ms(m.latency_p50_ms),
            ms(m.latency_max_ms)
        );
    }
    out
}

/// One strategy's trace, an event a line: time, message, place, what happened.
fn trace_text(c: &Comparison, o: &Outcome) -> String {
    let mut out = String::new();
    for e in &o.trace.events {
        let id = c.workload.messages.get(e.msg as usize).map_or("?", |m| m.id.as_str());
        let what = match &e.kind {
            SysEventKind::Published => "published".to_string(),
            SysEventKind::Received { attempt } => format!("received (attempt {attempt})"),
            SysEventKind::Succeeded { attempt, effect } => {
                format!("succeeded (attempt {attempt}, effect {effect:?})")
            }
            SysEventKind::Failed { attempt, reason, permanent, effect_applied } => format!(
                "failed (attempt {attempt}): {reason}{}{}",
                if *permanent { ", permanent" } else { "" },
                if *effect_applied { ", after its effect" } else { "" }
            ),
            SysEventKind::Waiting { until_us, why } => {
                format!("waits until {:.3}s ({why:?})", *until_us as f64 / 1e6)
            }
            SysEventKind::Moved { from } => format!("moved from {from}"),
            SysEventKind::DeadLettered { from, reason } => {
                format!("dead-lettered from {from}: {reason}")
            }
            SysEventKind::Lost { why } => format!("lost ({why:?})"),
            SysEventKind::Refused { why } => format!("refused ({why:?})"),
            SysEventKind::Stalled { count } => format!("stalled (count {count})"),
            SysEventKind::Interrupted => "interrupted (the worker died)".to_string(),
            SysEventKind::Status { status } => format!("status {status:?}"),
            SysEventKind::Operator { action, note } => format!("operator {action:?}: {note}"),
            SysEventKind::Headers { headers } => {
                let list: Vec<String> = headers
                    .iter()
                    .map(|h| format!("{}={}", h.name, h.value.replace('\n', " ")))
                    .collect();
                format!("headers {}", list.join(", "))
            }
        };
        let _ =
            writeln!(out, "{:>10.3}s  {:<6} {:<24} {}", e.at_us as f64 / 1e6, id, e.place, what);
    }
    out
}
