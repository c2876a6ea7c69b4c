//! `dlx-lab verify`: a conformance scenario on a real broker and on the engine, compared by the
//! rules of `compare.py`; exit 1 when they differ.

use std::process::ExitCode;

use super::{fail, Args};

#[cfg(not(all(feature = "live", not(target_arch = "wasm32"))))]
pub fn run(args: &[String]) -> ExitCode {
    let _ = (args, Args::parse);
    fail("verify needs a broker client, which this build leaves out: rebuild with `--features live` (cargo run -p dlx-cli --features live -- verify …)")
}

#[cfg(all(feature = "live", not(target_arch = "wasm32")))]
pub fn run(args: &[String]) -> ExitCode {
    use crate::engine::Profile;
    use crate::scenario::{conformance::judge::diff, model::json::parse, replay};

    use super::{emit, live, read_input};

    let a = match Args::parse(args, &["amqp", "http", "log", "profile"], &["show", "keep"]) {
        Ok(a) => a,
        Err(e) => return fail(e),
    };
    let amqp = a.option("amqp").unwrap_or("amqp://guest:guest@127.0.0.1:5672/").to_string();
    let file = match a.one_file("verify", "a scenario file") {
        Ok(f) => f,
        Err(e) => return fail(e),
    };
    let text = match read_input(&file) {
        Ok(t) => t,
        Err(e) => return fail(e),
    };
    let scenario = match parse(&text) {
        Ok(v) => v,
        Err(e) => return fail(format!("{file}: {e}")),
    };
    let mut opts = match live::Options::new(&amqp, a.option("http"), a.option("log")) {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    opts.keep = a.flag("keep");
    let broker = match live::run(&scenario, &opts) {
        Ok(r) => r,
        Err(live::Failure::Input(e)) => return fail(format!("{file}: {e}")),
        Err(live::Failure::Broker(e)) => return fail(format!("broker at {amqp}: {e}")),
    };
    let version = broker["rabbitmq_version"].as_str().unwrap_or("").to_string();
    let profile_name = a.option("profile").map(str::to_string).unwrap_or_else(|| {
        if version.starts_with("3.") { "rabbitmq-3.10" } else { "rabbitmq-4" }.to_string()
    });
    let profile = match Profile::by_name(&profile_name) {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    let engine = match replay(&scenario, profile) {
        Ok(r) => r,
        Err(e) => return fail(format!("{file}: {e}")),
    };
    if a.flag("show") {
        emit(&format!("{}\n", serde_json::to_string_pretty(&broker).unwrap_or_default()));
    }
    let d = diff(&broker, &engine);
    let name = scenario["name"].as_str().unwrap_or(&file).to_string();
    if d.is_empty() {
        emit(&format!(
            "{name}: RabbitMQ {version} and the engine ({}) agree\n1 passed, 0 failed\n",
            profile.name
        ));
        ExitCode::SUCCESS
    } else {
        let mut t = format!(
            "{name}: RabbitMQ {version} (expected) and the engine ({}) differ:\n",
            profile.name
        );
        for line in &d {
            t += &format!("  {line}\n");
        }
        t += "0 passed, 1 failed\n";
        emit(&t);
        ExitCode::from(1)
    }
}
