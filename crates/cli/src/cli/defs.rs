//! `dlx-lab definitions` (effective settings and lints of a definitions file) and
//! `dlx-lab export` (the topology as definitions, policy commands or client code).

use std::process::ExitCode;

use crate::engine::Profile;
use crate::scenario::definitions::export::{export, Format};
use crate::scenario::definitions::lint::lint_all;
use crate::scenario::definitions::{
    build, effective_settings, parse_definitions, report_json, Definitions,
};
use serde_json::{json, Value};

use super::{emit, fail, read_input, Args};

fn load(a: &Args, command: &str) -> Result<(String, Definitions), String> {
    let file = a.one_file(command, "a definitions file")?;
    let text = read_input(&file)?;
    let defs = parse_definitions(&text).map_err(|e| format!("{file}: {e}"))?;
    Ok((file, defs))
}

/// `definitions [--profile P] [--json] FILE`.
pub fn definitions(args: &[String]) -> ExitCode {
    let a = match Args::parse(args, &["profile"], &["json"]) {
        Ok(a) => a,
        Err(e) => return fail(e),
    };
    let (_, defs) = match load(&a, "definitions") {
        Ok(x) => x,
        Err(e) => return fail(e),
    };
    let default_profile = match defs.rabbitmq_version.as_deref() {
        Some(v) if v.starts_with("3.") => "rabbitmq-3.10",
        _ => "rabbitmq-4",
    };
    let profile = match Profile::by_name(a.option("profile").unwrap_or(default_profile)) {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    let built = build(&defs, profile);
    let reports = effective_settings(&defs, &built.engine);
    let lints = lint_all(&defs, &built);
    if a.flag("json") {
        let mut out = report_json(&reports);
        out["profile"] = json!(profile.name);
        out["warnings"] = json!(defs.warnings);
        out["lints"] = serde_json::to_value(&lints).unwrap_or(Value::Null);
        emit(&format!("{}\n", serde_json::to_string_pretty(&out).unwrap_or_default()));
        return ExitCode::SUCCESS;
    }
    let mut t = format!("effective settings under {} (source: argument, policy:NAME, operator-policy:NAME or default)\n", profile.name);
    for r in &reports {
        let kind = r.get("queue-type").and_then(|(v, _)| v.as_str()).unwrap_or("").to_string();
        t += &format!("\nqueue {} ({kind})\n", r.name);
        let mut unset = Vec::new();
        for (k, v) in &r.settings {
            match v {
                Some((val, src)) => {
                    let shown = match val.as_str() {
                        Some("") => "\"\" (default exchange)".to_string(),
                        Some(s) => s.to_string(),
                        None => val.to_string(),
                    };
                    t += &format!("  {k:<24} {shown:<28} {src}\n");
                }
                None => unset.push(*k),
            }
        }
        if !unset.is_empty() {
            t += &format!("  not set: {}\n", unset.join(", "));
        }
    }
    if !defs.warnings.is_empty() {
        t += &format!("\nnot simulated ({}):\n", defs.warnings.len());
        for w in &defs.warnings {
            t += &format!("  - {w}\n");
        }
    }
    t += &format!("\nlints ({}):\n", lints.len());
    for l in &lints {
        t += &format!("  [{}] {} {}: {}\n", l.level.as_str(), l.code, l.subject, l.reason);
    }
    emit(&t);
    ExitCode::SUCCESS
}

/// `export --format definitions|policies|java|amqplib|pika FILE`.
pub fn export_cmd(args: &[String]) -> ExitCode {
    let a = match Args::parse(args, &["format"], &[]) {
        Ok(a) => a,
        Err(e) => return fail(e),
    };
    let Some(name) = a.option("format") else {
        return fail("export needs --format definitions|policies|java|amqplib|pika");
    };
    let Some(format) = Format::parse(name) else {
        return fail(format!(
            "unknown export format '{name}': use definitions, policies, java, amqplib or pika"
        ));
    };
    let (_, defs) = match load(&a, "export") {
        Ok(x) => x,
        Err(e) => return fail(e),
    };
    for w in &defs.warnings {
        eprintln!("dlx-lab: note: {w}");
    }
    emit(&export(&defs, format));
    ExitCode::SUCCESS
}
