//! The layers' boundaries, checked on the sources: a running scenario reads no JSON, the
//! translations import no domain module, the domains word no sentence, no two rooms (folders under `src/` or the layers'
//! crates under `crates/`, and their subfolders) import each other, directly or around a circle, and no page imports another.

use std::path::Path;

#[path = "support/house.rs"]
mod house;
use house::{code_lines, contains_word, house_files};

/// The files that run a loaded scenario: they read its typed fields, never its JSON again.
const READ_ONCE_FILES: [&str; 3] = [
    "crates/scenario/src/playground/run.rs",
    "crates/scenario/src/clients/mod.rs",
    "src/ui/picture/frame_loop.rs",
];

fn json_reading_findings(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (file, text) in files.iter().filter(|(f, _)| READ_ONCE_FILES.contains(&f.as_str())) {
        for (n, line) in code_lines(text).iter().enumerate() {
            if contains_word(line, "serde_json") || contains_word(line, "Value") {
                found.push(format!("{file}:{}: reads JSON after the load: {}", n + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn a_running_scenario_reads_no_json() {
    let files = house_files();
    for file in READ_ONCE_FILES {
        assert!(files.iter().any(|(f, _)| f == file), "{file} is gone: update READ_ONCE_FILES");
    }
    let found = json_reading_findings(&files);
    assert!(found.is_empty(), "read it once, in Scenario::from_json:\n{}", found.join("\n"));
    let bad =
        vec![(READ_ONCE_FILES[0].to_string(), "//! X.\nuse serde_json::Value;\n".to_string())];
    assert_eq!(json_reading_findings(&bad).len(), 1);
}

/// The translations are the lowest layer: nothing in their crate (`crates/translations/`) names a
/// domain module.
fn translation_import_findings(files: &[(String, String)]) -> Vec<String> {
    const ABOVE: [&str; 7] = ["engine", "systems", "scenario", "viz", "link", "ui", "samples"];
    let mut found = Vec::new();
    for (file, text) in files.iter().filter(|(f, _)| crate_room(f) == Some("i18n")) {
        for (n, line) in code_lines(text).iter().enumerate() {
            if ABOVE.iter().any(|m| {
                line.contains(&format!("crate::{m}::")) || line.contains(&format!("crate::{m};"))
            }) {
                found.push(format!("{file}:{}: imports a layer above: {}", n + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn the_translations_import_no_domain_module() {
    let found = translation_import_findings(&house_files());
    assert!(found.is_empty(), "word a domain's values beside it, not here:\n{}", found.join("\n"));
    let bad = vec![(
        "crates/translations/src/x.rs".to_string(),
        "//! X.\nuse crate::scenario::Lang;\n".to_string(),
    )];
    assert_eq!(translation_import_findings(&bad).len(), 1);
}

/// The domain crates say what they mean as message values (`message!`) and leave the wording
/// to the page: none words a sentence in a language (`msg!`, `label!`), but an export (a
/// document written in the reader's language) and the review page's samples of every sentence.
fn domain_wording_findings(files: &[(String, String)]) -> Vec<String> {
    const DOMAIN: [&str; 5] =
        ["crates/engine/", "crates/systems/", "crates/scenario/", "crates/views/", "crates/links/"];
    const WORDED_HERE: [&str; 2] = ["crates/systems/src/export/", "crates/scenario/src/samples/"];
    let mut found = Vec::new();
    for (file, text) in files.iter().filter(|(f, _)| {
        DOMAIN.iter().any(|d| f.starts_with(d)) && !WORDED_HERE.iter().any(|w| f.starts_with(w))
    }) {
        for (n, line) in code_lines(text).iter().enumerate() {
            if line.contains("msg!(") || line.contains("label!(") {
                found.push(format!("{file}:{}: words a sentence: {}", n + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn the_domains_return_message_values_and_the_page_words_them() {
    let files = house_files();
    assert!(files.iter().any(|(f, _)| f.starts_with("crates/views/src/")), "the crates are read");
    let found = domain_wording_findings(&files);
    assert!(
        found.is_empty(),
        "return a Message (message!), worded by the page:\n{}",
        found.join("\n")
    );
    let bad = vec![(
        "crates/views/src/x.rs".to_string(),
        "//! X.\nfn f(lang: Lang) -> String { msg!(lang, \"k\") }\n".to_string(),
    )];
    assert_eq!(domain_wording_findings(&bad).len(), 1);
}

/// The layers that are crates of their own, each with its room: the folder it was under `src/`
/// (the web app's names for them; the command line, at the top beside the app, is `bin`). A
/// crate's `crate::` paths name its own modules.
const CRATE_ROOMS: [(&str, &str); 8] = [
    ("crates/engine/src/", "engine"),
    ("crates/translations/src/", "i18n"),
    ("crates/systems/src/", "systems"),
    ("crates/scenario/src/samples/", "samples"),
    ("crates/scenario/src/", "scenario"),
    ("crates/views/src/", "viz"),
    ("crates/links/src/", "link"),
    ("crates/cli/src/", "bin"),
];

/// The crate room a file is in, if it is in a layer's crate.
fn crate_room(file: &str) -> Option<&'static str> {
    CRATE_ROOMS.iter().find(|(dir, _)| file.starts_with(dir)).map(|(_, room)| *room)
}

/// Where a file sits in the plan, relative to `src/`: a layer crate's file as if it were still
/// in its folder there (`crates/translations/src/ftl.rs` is `i18n/ftl.rs`).
fn plan_path(file: &str) -> Option<String> {
    if let Some(rest) = file.strip_prefix("src/") {
        return Some(rest.to_string());
    }
    CRATE_ROOMS.iter().find_map(|(dir, room)| Some(format!("{room}/{}", file.strip_prefix(dir)?)))
}

/// The folder of a room (`scenario/model`, or `i18n` for a crate's room), to tell rooms from
/// files.
fn room_dir(room: &str) -> std::path::PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (top, rest) = room.split_once('/').unwrap_or((room, ""));
    match CRATE_ROOMS.iter().find(|(_, r)| *r == top) {
        Some((dir, _)) => root.join(dir).join(rest),
        None => root.join("src").join(room),
    }
}

/// The room a file is in: its top folder under `src/` (or its layer's crate), or `top/sub` when
/// it sits in a subfolder (`crates/scenario/src/model/step.rs` is in `scenario/model`). None for the
/// web app's crate roots.
fn room_of(file: &str) -> Option<String> {
    let at = plan_path(file)?;
    let parts: Vec<&str> = at.split('/').collect();
    match parts.len() {
        0 | 1 => None,
        2 => Some(parts[0].to_string()),
        _ => Some(format!("{}/{}", parts[0], parts[1])),
    }
}

/// The rooms `files` import (`crate::a::b`, where `a/b` is a room when `is_room` says so), on
/// two floors of the plan: between top folders (`ui` → `scenario`), and between the
/// subfolders of one top folder (`scenario/workshop` → `scenario/model`). A room's import of
/// its own top folder (its `mod.rs` re-exports) is left out.
fn room_imports(
    files: &[(String, String)],
    is_room: impl Fn(&str) -> bool,
) -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let mut graph: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> =
        Default::default();
    let top = |room: &str| room.split('/').next().unwrap_or("").to_string();
    for (file, text) in files {
        let Some(from) = room_of(file) else { continue };
        for line in code_lines(text) {
            for (i, _) in line.match_indices("crate::") {
                let mut path: Vec<&str> = line[i + 7..]
                    .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                    .next()
                    .unwrap_or("")
                    .split("::")
                    .take(2)
                    .collect();
                let Some(mut first) = path.first().filter(|t| !t.is_empty()).copied() else {
                    continue;
                };
                // In a layer's crate, `crate::x` is its own module x unless x is a room.
                if let Some(own) = crate_room(file).filter(|_| !is_room(first)) {
                    path.insert(0, own);
                    first = own;
                }
                let to = match path.get(1) {
                    Some(sub) if is_room(&format!("{first}/{sub}")) => format!("{first}/{sub}"),
                    _ => first.to_string(),
                };
                let (from_top, to_top) = (top(&from), top(&to));
                if from_top != to_top {
                    graph.entry(from_top).or_default().insert(to_top);
                } else if from.contains('/') && to.contains('/') && from != to {
                    graph.entry(from.clone()).or_default().insert(to);
                }
            }
        }
    }
    graph
}

/// Every circle of rooms in `graph`, each as the rooms it passes through.
fn room_circles(
    graph: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
) -> Vec<Vec<String>> {
    fn visit(
        room: &str,
        graph: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut std::collections::BTreeSet<String>,
        found: &mut Vec<Vec<String>>,
    ) {
        if let Some(at) = path.iter().position(|r| r == room) {
            found.push(path[at..].to_vec());
            return;
        }
        if !done.insert(room.to_string()) {
            return;
        }
        path.push(room.to_string());
        for next in graph.get(room).into_iter().flatten() {
            visit(next, graph, path, done, found);
        }
        path.pop();
    }
    let (mut done, mut found) = (Default::default(), Vec::new());
    for room in graph.keys() {
        visit(room, graph, &mut Vec::new(), &mut done, &mut found);
    }
    found
}

#[test]
fn no_two_rooms_import_each_other_even_around_a_circle() {
    let files: Vec<(String, String)> =
        house_files().into_iter().filter(|(f, _)| plan_path(f).is_some()).collect();
    let graph = room_imports(&files, |room| room_dir(room).is_dir());
    assert!(graph.len() > 10, "the scan finds the rooms ({})", graph.len());
    // Every crate is a room: one a room above imports, or (the command line, at the top) one
    // that imports the rooms below it.
    for (_, room) in CRATE_ROOMS {
        let imported = graph.values().any(|to| to.contains(room));
        assert!(imported || graph.contains_key(room), "the {room} crate is no room");
    }
    let circles = room_circles(&graph);
    assert!(circles.is_empty(), "rooms that import each other: {circles:?}");
    let two = |a: &str, b: &str| (a.to_string(), b.to_string());
    let bad = vec![
        two("src/ui/x/a.rs", "//! A.\nuse crate::ui::y::b;\n"),
        two("src/ui/y/b.rs", "//! B.\nfn f() { crate::ui::x::a::g() }\n"),
        two("src/ui/y/c.rs", "//! C.\n// crate::ui::x in a comment is no import\n"),
        two("src/viz/d.rs", "//! D.\nuse crate::ui::x::a;\n"),
        two("src/ui/z/e.rs", "//! E.\nuse crate::viz::d;\n"),
    ];
    let graph = room_imports(&bad, |room| room.starts_with("ui/"));
    assert_eq!(room_circles(&graph).len(), 2, "{graph:?}");
    // A layer's crate is the room it was: its own `crate::` paths stay inside it.
    let bad = vec![
        two("crates/translations/src/f.rs", "//! F.\nuse crate::ftl::x;\nuse crate::viz::d;\n"),
        two("src/viz/d.rs", "//! D.\nuse crate::i18n::Lang;\n"),
    ];
    let graph = room_imports(&bad, |room| ["i18n", "viz"].contains(&room));
    assert_eq!(room_circles(&graph), vec![vec!["i18n".to_string(), "viz".to_string()]]);
}

/// The pages: each imports none of the others (what they share has a room of its own).
const PAGES: [&str; 4] = ["ui/playground", "ui/embed", "ui/workshop", "ui/compare"];

#[test]
fn no_page_imports_another() {
    let files: Vec<(String, String)> =
        house_files().into_iter().filter(|(f, _)| f.starts_with("src/ui/")).collect();
    let graph = room_imports(&files, |room| room_dir(room).is_dir());
    let found: Vec<String> = PAGES
        .iter()
        .flat_map(|p| graph.get(*p).into_iter().flatten().map(move |to| (p, to)))
        .filter(|(_, to)| PAGES.contains(&to.as_str()))
        .map(|(p, to)| format!("{p} imports {to}"))
        .collect();
    assert!(found.is_empty(), "move what they share out of the page: {found:?}");
}
