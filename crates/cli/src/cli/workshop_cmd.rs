//! `dlx-lab exercise list|check` and `dlx-lab tour list`: the built-in exercises and tours as
//! JSON for tools, and an exercise's own check (its solution passes, its starting point does
//! not), so a trainer's exercises can live in their own repository with CI.

use std::process::ExitCode;

use crate::scenario::workshop::any_exercise::AnyExercise;
use crate::scenario::workshop::goal::Verdict;
use crate::scenario::workshop::workshop_file::WorkshopFile;
use crate::scenario::workshop::{exercises, strategy_exercises, strategy_tours, tours};
use crate::scenario::{Lang, ScenarioError};

use super::{emit, fail, read_input, Args};

/// The system the broker's own exercises and tours teach.
const RABBITMQ: &str = "rabbitmq";

/// `dlx-lab exercise …`.
pub fn exercise(args: &[String]) -> ExitCode {
    match args.first().map(String::as_str) {
        Some("list") => {
            let broker =
                exercises::all().into_iter().map(|e| (e.id, RABBITMQ.to_string(), e.title));
            let others = strategy_exercises::all_in(Lang::En)
                .into_iter()
                .map(|e| (e.id, e.system.id().to_string(), e.title));
            list(&args[1..], broker.chain(others).collect())
        }
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
                .map(|((id, _), (s, _))| (id.to_string(), RABBITMQ.to_string(), s.title));
            let others = strategy_tours::all_in(Lang::En)
                .into_iter()
                .map(|t| (t.id, t.system.id().to_string(), t.title));
            list(&args[1..], all.chain(others).collect())
        }
        _ => fail("tour: use `tour list [--json]`"),
    }
}

/// `[{"id", "system", "title"}, …]` with `--json`, else a line each.
fn list(args: &[String], items: Vec<(String, String, String)>) -> ExitCode {
    let a = match Args::parse(args, &[], &["json"]) {
        Ok(a) => a,
        Err(e) => return fail(e),
    };
    if a.flag("json") {
        let rows: Vec<serde_json::Value> = items
            .iter()
            .map(|(id, system, title)| serde_json::json!({"id": id, "system": system, "title": title}))
            .collect();
        emit(&format!("{}\n", serde_json::to_string_pretty(&rows).unwrap_or_default()));
    } else {
        emit(
            &items
                .iter()
                .map(|(id, system, title)| format!("{id}\t{system}\t{title}\n"))
                .collect::<String>(),
        );
    }
    ExitCode::SUCCESS
}

/// The verdict's failed parts and notes, a line each, in English.
fn explain(v: &Verdict) -> String {
    let text = |f| crate::scenario::workshop::finding_text::finding(f).text(Lang::En);
    let mut out = String::new();
    for p in v.parts.iter().filter(|p| !p.passed) {
        out.push_str(&format!("  {}: {}\n", p.path, text(&p.message)));
    }
    for n in &v.notes {
        out.push_str(&format!("  note: {}\n", text(n)));
    }
    out
}

/// Whether an exercise is sound: `Ok(line)` when its solution passes and its start does not,
/// `Err(lines)` with the verdicts otherwise.
fn judge(name: &str, ex: &AnyExercise) -> Result<String, String> {
    let error = |e: &ScenarioError| crate::scenario::model::problem_text::error(e).text(Lang::En);
    match ex.self_check() {
        Err(e) => Err(format!("FAIL {name}: {}\n", error(&e))),
        Ok((solved, start)) if solved.passed && !start.passed => Ok(format!(
            "ok   {name} ({}): the solution passes, the starting point does not ({})\n",
            ex.system(),
            start.message()
        )),
        Ok((solved, _)) if !solved.passed => {
            Err(format!("FAIL {name}: the solution does not pass\n{}", explain(&solved)))
        }
        Ok(_) => {
            Err(format!("FAIL {name}: the starting point already passes: there is nothing to do\n"))
        }
    }
}

/// `exercise check (--builtin ID | FILE)`: exit 0 when the solution passes and the starting
/// point does not; 1 with the verdicts otherwise; 2 when the exercise does not read.
fn check(args: &[String]) -> ExitCode {
    let a = match Args::parse(args, &["builtin"], &[]) {
        Ok(a) => a,
        Err(e) => return fail(e),
    };
    let (name, ex) = match (a.option("builtin"), a.words.as_slice()) {
        (Some(id), []) => (id.to_string(), AnyExercise::builtin_in(id, Lang::En)),
        (None, [file]) => match read_input(file) {
            Ok(text) => (file.clone(), AnyExercise::parse_in(&text, Lang::En)),
            Err(e) => return fail(e),
        },
        _ => return fail("exercise check: give --builtin ID or one exercise file"),
    };
    let ex = match ex {
        Ok(ex) => ex,
        Err(e) => {
            return fail(format!(
                "{name}: {}",
                crate::scenario::model::problem_text::error(&e).text(Lang::En)
            ))
        }
    };
    match judge(&name, &ex) {
        Ok(line) => {
            emit(&line);
            ExitCode::SUCCESS
        }
        Err(lines) => {
            emit(&lines);
            ExitCode::from(1)
        }
    }
}

/// `dlx-lab workshop check FILE`: reads a workshop and judges every exercise it lists; exit 0
/// when each is sound, 1 when one is not, 2 when the file does not read.
pub fn workshop(args: &[String]) -> ExitCode {
    let file = match args {
        [cmd, file] if cmd == "check" => file,
        _ => return fail("workshop: use `workshop check WORKSHOP.json`"),
    };
    let text = match read_input(file) {
        Ok(t) => t,
        Err(e) => return fail(e),
    };
    let w = match WorkshopFile::parse_in(&text, Lang::En) {
        Ok(w) => w,
        Err(e) => {
            return fail(format!(
                "{file}: {}",
                crate::scenario::model::problem_text::error(&e).text(Lang::En)
            ))
        }
    };
    let mut out = format!("# {}: {} exercises\n", w.title, w.items.len());
    let mut sound = true;
    for item in &w.items {
        match judge(item.exercise.id(), &item.exercise) {
            Ok(line) => out.push_str(&line),
            Err(lines) => {
                sound = false;
                out.push_str(&lines);
            }
        }
    }
    emit(&out);
    if sound {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
