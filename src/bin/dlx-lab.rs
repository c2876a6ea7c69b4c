//! The `dlx-lab` command-line tool: replays scenarios on the engine and prints the results.

use std::process::ExitCode;

use dlx_lab::engine::Profile;
use dlx_lab::scenario;

const HELP: &str = "dlx-lab — a dead-lettering simulator (RabbitMQ semantics on a virtual clock)

usage:
  dlx-lab replay [--profile rabbitmq-3.10|rabbitmq-4] SCENARIO.json
      Replays a scenario in the conformance step format and prints the result JSON.
  dlx-lab --version
  dlx-lab help

Exit status: 0 on success, 2 when the input is unusable (the message says which field).";

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("dlx-lab: {msg}");
    ExitCode::from(2)
}

fn replay(args: &[String]) -> ExitCode {
    let mut profile = "rabbitmq-4".to_string();
    let mut file = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--profile" => {
                let Some(p) = args.get(i + 1) else { return fail("--profile needs a value: rabbitmq-3.10 or rabbitmq-4") };
                profile = p.clone();
                i += 2;
            }
            s if s.starts_with("--profile=") => {
                profile = s["--profile=".len()..].to_string();
                i += 1;
            }
            s if s.starts_with('-') && s != "-" => return fail(format!("unknown option '{s}' (see dlx-lab help)")),
            s => {
                if file.is_some() {
                    return fail("replay takes one scenario file");
                }
                file = Some(s.to_string());
                i += 1;
            }
        }
    }
    let profile = match Profile::by_name(&profile) {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    let Some(file) = file else { return fail("replay needs a scenario file (or - for standard input)") };
    let text = if file == "-" {
        let mut s = String::new();
        if let Err(e) = std::io::Read::read_to_string(&mut std::io::stdin(), &mut s) {
            return fail(format!("cannot read standard input: {e}"));
        }
        s
    } else {
        match std::fs::read_to_string(&file) {
            Ok(s) => s,
            Err(e) => return fail(format!("cannot read {file}: {e}")),
        }
    };
    match scenario::replay_str(&text, profile) {
        Ok(result) => {
            println!("{}", serde_json::to_string_pretty(&result).unwrap_or_default());
            ExitCode::SUCCESS
        }
        Err(e) => fail(format!("{file}: {e}")),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None | Some("help") | Some("--help") | Some("-h") => {
            println!("{HELP}");
            ExitCode::SUCCESS
        }
        Some("--version") | Some("-V") | Some("version") => {
            println!("dlx-lab {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Some("replay") => replay(&args[1..]),
        Some(other) => fail(format!("unknown command '{other}' (see dlx-lab help)")),
    }
}
