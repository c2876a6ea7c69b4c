//! `dlx-lab exercise list|check` and `dlx-lab tour list`: the built-in exercises and tours as
//! JSON for tools, and an exercise's own check (its solution passes, its starting point does
//! not), so a trainer's exercises can live in their own repository with CI.

use std::process::ExitCode;

use dlx_lab::scenario::workshop::exercise::Exercise;
use dlx_lab::scenario::workshop::goal::Verdict;
use dlx_lab::scenario::workshop::{exercises, tours};
use dlx_lab::scenario::Lang;

use super::{emit, fail, read_input, Args};

/// The system every built-in exercise and tour teaches today.
const SYSTEM: &str = "rabbitmq";

/// `dlx-lab exercise …`.
pub fn exercise(args: &[String]) -> ExitCode {
    match args.first().map(String::as_str) {
        Some("list") => list(
            &args[1..],
            exercises::all().iter().map(|e| (e.id.clone(), e.title.clone())).collect(),
        ),
        Some("check") => check(&args[1..]),
        _ => {
            fail("exercise: use `exercise list [--json]` or `exercise check (--builtin ID | FILE)`")
        }
    }
}

/// `dlx-lab tour …`.
pub fn tour(args: &[String]) -> ExitCode {
    match args.first().map(String::as_str) {
        Some("list") => {
            let all = tours::TOURS
                .iter()
                .zip(tours::all())
                .map(|((id, _), (s, _))| (id.to_string(), s.title));
            list(&args[1..], all.collect())
        }
        _ => fail("tour: use `tour list [--json]`"),
    }
}

/// `[{"id", "system", "title"}, …]` with `--json`, else a line each.
fn list(args: &[String], items: Vec<(String, String)>) -> ExitCode {
    let a = match Args::parse(args, &[], &["json"]) {
        Ok(a) => a,
        Err(e) => return fail(e),
    };
    if a.flag("json") {
        let rows: Vec<serde_json::Value> = items
            .iter()
            .map(|(id, title)| serde_json::json!({"id": id, "system": SYSTEM, "title": title}))
            .collect();
        emit(&format!("{}\n", serde_json::to_string_pretty(&rows).unwrap_or_default()));
    } else {
        emit(
            &items
                .iter()
                .map(|(id, title)| format!("{id}\t{SYSTEM}\t{title}\n"))
                .collect::<String>(),
        );
    }
    ExitCode::SUCCESS
}

/// The verdict's failed parts and notes, a line each, in English.
fn explain(v: &Verdict) -> String {
    let text = |f| {
        dlx_lab::i18n::finding::finding(Lang::En, f, &|e| {
            dlx_lab::i18n::problem::error(Lang::En, e)
        })
    };
    let mut out = String::new();
    for p in v.parts.iter().filter(|p| !p.passed) {
        out.push_str(&format!("  {}: {}\n", p.path, text(&p.message)));
    }
    for n in &v.notes {
        out.push_str(&format!("  note: {}\n", text(n)));
    }
    out
}

/// `exercise check (--builtin ID | FILE)`: exit 0 when the solution passes and the starting
/// point does not; 1 with the verdicts otherwise; 2 when the exercise does not read.
fn check(args: &[String]) -> ExitCode {
    let a = match Args::parse(args, &["builtin"], &[]) {
        Ok(a) => a,
        Err(e) => return fail(e),
    };
    let (name, ex) = match (a.option("builtin"), a.words.as_slice()) {
        (Some(id), []) => (id.to_string(), exercises::exercise(id)),
        (None, [file]) => match read_input(file) {
            Ok(text) => (file.clone(), Exercise::parse(&text)),
            Err(e) => return fail(e),
        },
        _ => return fail("exercise check: give --builtin ID or one exercise file"),
    };
    let ex = match ex {
        Ok(ex) => ex,
        Err(e) => return fail(format!("{name}: {}", dlx_lab::i18n::problem::error(Lang::En, &e))),
    };
    let solved = match ex.solution_scenario() {
        Ok(s) => ex.check(&s),
        Err(e) => {
            return fail(format!(
                "{name}: the solution: {}",
                dlx_lab::i18n::problem::error(Lang::En, &e)
            ))
        }
    };
    let start = match ex.start_scenario() {
        Ok(s) => ex.check(&s),
        Err(e) => {
            return fail(format!(
                "{name}: the start: {}",
                dlx_lab::i18n::problem::error(Lang::En, &e)
            ))
        }
    };
    match (solved.passed, start.passed) {
        (true, false) => {
            emit(&format!("ok   {name}: the solution passes, the starting point does not\n"));
            ExitCode::SUCCESS
        }
        (false, _) => {
            emit(&format!("FAIL {name}: the solution does not pass\n{}", explain(&solved)));
            ExitCode::from(1)
        }
        (true, true) => {
            emit(&format!(
                "FAIL {name}: the starting point already passes: there is nothing to do\n"
            ));
            ExitCode::from(1)
        }
    }
}
