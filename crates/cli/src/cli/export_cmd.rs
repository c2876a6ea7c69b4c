//! `dlx-lab compare --export SYSTEM[:FORMAT]`: one strategy's settings as its real system's
//! configuration or code (`sqs:cloudformation`, `kafka:java`, `bullmq:ts`, …), comments in
//! `--lang`, the link that reproduces the run against `--page`. A setting the target refuses
//! exits 2 with the setting and the limit.

use std::process::ExitCode;

use crate::link::compare_query::run_link;
use crate::scenario::Lang;
use crate::systems::export::{export, refusal_message, Origin, Target};
use crate::systems::Comparison;

use super::{emit, fail};

/// What `--export` was given besides the comparison's text.
pub struct Asked<'a> {
    pub target: &'a str,
    pub lang: Option<&'a str>,
    pub page: Option<&'a str>,
    pub time_scale: Option<&'a str>,
    /// The built-in workload's id, when the text is one.
    pub preset: Option<&'a str>,
}

pub fn run(name: &str, text: &str, asked: &Asked) -> ExitCode {
    let target = match Target::parse(asked.target) {
        Ok(t) => t,
        Err(e) => return fail(format!("--export: {e}")),
    };
    let lang = match asked.lang.map(Lang::parse) {
        None => Lang::En,
        Some(Some(l)) => l,
        Some(None) => return fail("--lang: use en, ko or zh-CN"),
    };
    let page = asked.page.unwrap_or("compare.html");
    let origin = |c: &Comparison, preset: Option<&str>| {
        let json = serde_json::to_string(c).unwrap_or_default();
        let lane = target.system().replace("alerts", "rabbitmq");
        Origin { lang, link: run_link(page, preset, &json, &lane) }
    };
    // The target's own limits first, on the settings as written: a setting it refuses is
    // named with the target's limit even where the model would refuse it too.
    if let Ok(lenient) = serde_json::from_str::<Comparison>(text) {
        if let Err(e) = export(&lenient, target, &origin(&lenient, asked.preset)) {
            return fail(format!("{name}: {}", refusal_message(&e).text(lang)));
        }
    }
    let mut comparison = match Comparison::from_json(text) {
        Ok(c) => c,
        Err(e) => return fail(format!("{name}: {e}")),
    };
    let mut preset = asked.preset;
    if let Some(scale) = asked.time_scale {
        let divisor = match scale.parse::<u64>() {
            Ok(n) if n >= 1 => n,
            _ => {
                return fail("--time-scale: give a whole number of 1 or more (the times' divisor)")
            }
        };
        let scaled = match target {
            Target::BullmqTs => crate::systems::bullmq::live::compressed(&comparison, divisor),
            t if t.system() == "sqs" => {
                crate::systems::sqs::sqs_live::compressed(&comparison, divisor)
            }
            _ => return fail(
                "--time-scale goes with --export sqs:… or bullmq:ts (as the live checks run them)",
            ),
        };
        comparison = match scaled {
            Ok(c) => c,
            Err(e) => return fail(format!("{name} with --time-scale {divisor}: {e}")),
        };
        preset = None;
    }
    match export(&comparison, target, &origin(&comparison, preset)) {
        Ok(out) => {
            emit(&out);
            ExitCode::SUCCESS
        }
        Err(e) => fail(format!("{name}: {}", refusal_message(&e).text(lang))),
    }
}
