//! `dlx-lab replay`: a conformance scenario on the engine, printed as result JSON.

use std::process::ExitCode;

use crate::engine::Profile;
use crate::scenario;

use super::{emit, fail, read_input, Args};

pub fn run(args: &[String]) -> ExitCode {
    let a = match Args::parse(args, &["profile"], &[]) {
        Ok(a) => a,
        Err(e) => return fail(e),
    };
    let profile = match Profile::by_name(a.option("profile").unwrap_or("rabbitmq-4")) {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    let file = match a.one_file("replay", "a scenario file") {
        Ok(f) => f,
        Err(e) => return fail(e),
    };
    let text = match read_input(&file) {
        Ok(t) => t,
        Err(e) => return fail(e),
    };
    match scenario::replay_str(&text, profile) {
        Ok(result) => {
            emit(&format!("{}\n", serde_json::to_string_pretty(&result).unwrap_or_default()));
            ExitCode::SUCCESS
        }
        Err(e) => fail(format!("{file}: {e}")),
    }
}
