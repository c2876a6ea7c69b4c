//! Keeps the pure core pure: scans the pure layers' crates (`crates/engine/src`,
//! `crates/systems/src`, `crates/scenario/src`, `crates/views/src`, `crates/links/src`) for
//! things they must never use, and the pure crates' manifests for a web crate; the command
//! line's manifest (`crates/cli`) names no web crate and not the web app.
//!
//! The engine and the geometry must give the same answers natively and in the browser, for the
//! same input, every time. So no web crates, no wall clock, no unseeded randomness, and no
//! `HashMap`/`HashSet` (their iteration order can leak into results). Every module file also
//! opens with a `//!` line saying what it holds.
//!
//! Comments are not scanned (they may well explain why `HashMap` is not used); code and string
//! literals are.
//!
//! Across the whole house (`src/`, `crates/`, `tests/`, `benches/`): every `.rs` file opens
//! with a `//!` line and has at most [`MAX_LINES`] lines, and no two module files under `src/`
//! or a crate's `src/` share a name, so each name means one thing (the pairs in
//! [`SAME_NAME_ALLOWED`] are known).

use std::fs;
use std::path::Path;

#[path = "support/house.rs"]
mod house;
use house::{code_lines, contains_word, house_files, rust_files};

/// Directories whose `.rs` files are scanned, relative to the workspace root.
const PURE_DIRS: &[&str] = &[
    "crates/engine/src",
    "crates/systems/src",
    "crates/scenario/src",
    "crates/views/src",
    "crates/links/src",
];

/// The pure crates' manifests, which must name no web crate (the compiler then refuses one in
/// their code, whatever the scan above misses).
const PURE_MANIFESTS: &[&str] = &[
    "crates/engine/Cargo.toml",
    "crates/translations/Cargo.toml",
    "crates/systems/Cargo.toml",
    "crates/scenario/Cargo.toml",
    "crates/views/Cargo.toml",
    "crates/links/Cargo.toml",
];

/// The command line's manifest: it sits on the layers alone, beside the web app, never on it.
const CLI_MANIFEST: &str = "crates/cli/Cargo.toml";

/// The most lines a `.rs` file may have: a file holds one idea.
const MAX_LINES: usize = 500;

/// Module file names found twice under `src/` on purpose, or in folders not renamed yet, with
/// why. `mod.rs`, `lib.rs` and `main.rs` are never compared.
const SAME_NAME_ALLOWED: &[(&str, &str)] = &[
    ("consumer.rs", "the engine's consumer.rs and systems/consumer.rs: not renamed apart yet"),
    ("headers.rs", "the engine's headers.rs and systems/kafka/headers.rs: not renamed apart yet"),
    ("presets.rs", "scenario's and systems' presets: crates/systems is renamed apart"),
];

/// Forbidden tokens, matched as whole words (so `gloom` is not `gloo`), and why.
const FORBIDDEN: &[(&str, &str)] = &[
    ("leptos", "a web crate"),
    ("web_sys", "a web crate"),
    ("wasm_bindgen", "a web crate"),
    ("js_sys", "a web crate"),
    ("gloo", "a web crate"),
    ("std::time::Instant", "a wall clock"),
    ("std::time::SystemTime", "a wall clock"),
    ("SystemTime", "a wall clock"),
    ("Instant::now", "a wall clock"),
    ("UNIX_EPOCH", "a wall clock"),
    ("Utc::now", "a wall clock"),
    ("Local::now", "a wall clock"),
    ("thread_rng", "unseeded randomness"),
    ("rand::random", "unseeded randomness"),
    ("rand::rng", "unseeded randomness"),
    ("getrandom", "unseeded randomness"),
    ("from_entropy", "unseeded randomness"),
    ("RandomState", "unseeded hashing (iteration order varies)"),
    ("HashMap", "a HashMap (iteration order can leak; use BTreeMap or a Vec)"),
    ("HashSet", "a HashSet (iteration order can leak; use BTreeSet or a Vec)"),
];

/// One finding: file, 1-based line, and what is wrong.
#[derive(Debug, PartialEq)]
struct Finding {
    file: String,
    line: usize,
    what: String,
}

/// Every problem in one file's source.
fn check_source(file: &str, source: &str) -> Vec<Finding> {
    let mut findings = Vec::new();
    let first = source.lines().map(str::trim).find(|l| !l.is_empty());
    if !first.is_some_and(|l| l.starts_with("//!")) {
        findings.push(Finding {
            file: file.to_string(),
            line: 1,
            what: "module does not open with a `//!` line saying what it holds".to_string(),
        });
    }
    for (index, code) in code_lines(source).iter().enumerate() {
        for (token, why) in FORBIDDEN {
            if contains_word(code, token) {
                findings.push(Finding {
                    file: file.to_string(),
                    line: index + 1,
                    what: format!("uses `{token}`: {why}"),
                });
            }
        }
        // `use std::time::{Duration, Instant}` names the clock without the full path.
        if code.contains("std::time")
            && contains_word(code, "Instant")
            && !code.contains("std::time::Instant")
        {
            findings.push(Finding {
                file: file.to_string(),
                line: index + 1,
                what: "uses `std::time::Instant`: a wall clock".to_string(),
            });
        }
    }
    findings
}

/// Web crates named in a pure crate's manifest (comments left out), one finding per line.
fn manifest_findings(file: &str, manifest: &str) -> Vec<Finding> {
    const WEB_CRATES: &[&str] = &["leptos", "web-sys", "wasm-bindgen", "js-sys", "gloo"];
    let mut findings = Vec::new();
    for (index, line) in manifest.lines().enumerate() {
        let code = line.split('#').next().unwrap_or("");
        for name in WEB_CRATES.iter().filter(|name| contains_word(code, name)) {
            let what = format!("depends on `{name}`: a web crate");
            findings.push(Finding { file: file.to_string(), line: index + 1, what });
        }
    }
    findings
}

#[test]
fn pure_core_names_no_web_crate_clock_randomness_or_hash_collection() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in PURE_DIRS {
        let dir = root.join(dir);
        assert!(dir.is_dir(), "{} is missing", dir.display());
        rust_files(&dir, &mut files);
    }
    assert!(!files.is_empty(), "no .rs files found under {PURE_DIRS:?}");
    assert!(
        files.iter().any(|f| f.ends_with("crates/engine/src/broker.rs")),
        "the engine's sources are not scanned: layout moved?"
    );
    let mut findings = Vec::new();
    for path in &files {
        let source =
            fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        let name = path.strip_prefix(root).unwrap_or(path).display().to_string();
        findings.extend(check_source(&name, &source));
    }
    let report: Vec<String> =
        findings.iter().map(|f| format!("{}:{}: {}", f.file, f.line, f.what)).collect();
    assert!(report.is_empty(), "the pure core is not pure:\n{}", report.join("\n"));
}

#[test]
fn pure_crates_depend_on_no_web_crate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut findings = Vec::new();
    for file in PURE_MANIFESTS {
        let text =
            fs::read_to_string(root.join(file)).unwrap_or_else(|e| panic!("reading {file}: {e}"));
        findings.extend(manifest_findings(file, &text));
    }
    let report: Vec<String> =
        findings.iter().map(|f| format!("{}:{}: {}", f.file, f.line, f.what)).collect();
    assert!(report.is_empty(), "a pure crate names a web crate:\n{}", report.join("\n"));
    let bad = "[dependencies]\nserde = \"1\"\n# leptos: never\nweb-sys = { version = \"0.3\" }\n";
    let found: Vec<usize> = manifest_findings("m", bad).iter().map(|f| f.line).collect();
    assert_eq!(found, vec![4]);
}

/// The lines of a manifest's dependency tables (`[dependencies]`, `[dev-dependencies]`, a
/// target's) that name the web app: its package, `dlx-lab`, by name or renamed, or its folder,
/// the workspace's root.
fn app_dependency_findings(file: &str, manifest: &str) -> Vec<Finding> {
    let mut in_dependencies = false;
    let mut findings = Vec::new();
    for (index, line) in manifest.lines().enumerate() {
        let code = line.split('#').next().unwrap_or("").trim();
        let key = code.split('=').next().unwrap_or("").trim();
        let names_app = key == "dlx-lab"
            || ["\"dlx-lab\"", "\"../..\"", "\"../../\""].iter().any(|v| code.contains(v));
        if code.starts_with('[') {
            in_dependencies = code.trim_end_matches(']').ends_with("dependencies");
        } else if in_dependencies && names_app {
            let what = "depends on the web app (`dlx-lab`)".to_string();
            findings.push(Finding { file: file.to_string(), line: index + 1, what });
        }
    }
    findings
}

#[test]
fn the_command_line_depends_on_the_layers_alone() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(root.join(CLI_MANIFEST))
        .unwrap_or_else(|e| panic!("reading {CLI_MANIFEST}: {e}"));
    assert!(text.contains("name = \"dlx-lab\""), "{CLI_MANIFEST} builds no `dlx-lab` binary");
    let mut findings = manifest_findings(CLI_MANIFEST, &text);
    findings.extend(app_dependency_findings(CLI_MANIFEST, &text));
    assert!(findings.is_empty(), "the command line leans on the app: {findings:?}");
    let bad = [
        "[[bin]]",
        "name = \"dlx-lab\"",
        "[dependencies]",
        "dlx-engine = { path = \"../engine\" }",
        "dlx-lab = { path = \"../..\" }",
        "[dev-dependencies]",
        "# dlx-lab = never",
        "app = { package = \"dlx-lab\", path = \"../..\" }",
        "[target.'cfg(unix)'.dependencies]",
        "web = { path = \"../../\" }",
    ];
    let found = app_dependency_findings("m", &bad.join("\n"));
    assert_eq!(found.iter().map(|f| f.line).collect::<Vec<_>>(), vec![5, 8, 10]);
}

#[test]
fn the_scanner_flags_what_it_should() {
    let bad = "//! A module.\nuse std::collections::HashMap;\nlet t = std::time::Instant::now();\n\
               use leptos::prelude::*;\nlet r = rand::thread_rng();\nuse std::time::{Duration, Instant};\n";
    let found: Vec<(usize, String)> =
        check_source("x.rs", bad).into_iter().map(|f| (f.line, f.what)).collect();
    let lines: Vec<usize> = found.iter().map(|(l, _)| *l).collect();
    assert!(lines.contains(&2), "{found:?}");
    assert!(lines.contains(&3), "{found:?}");
    assert!(lines.contains(&4), "{found:?}");
    assert!(lines.contains(&5), "{found:?}");
    assert!(lines.contains(&6), "{found:?}");
    assert!(!lines.contains(&1), "{found:?}");
}

#[test]
fn the_scanner_ignores_comments_and_longer_words() {
    let fine = "//! No HashMap here, on purpose.\n// not a HashMap either\n/* nor\n a HashSet */ let x = 1;\n\
                let gloomy = BTreeMap::new(); // gloo\nlet instant_ms = 3;\n";
    assert_eq!(check_source("x.rs", fine), vec![]);
}

#[test]
fn the_scanner_wants_a_module_doc_line() {
    for source in ["", "\n\n", "use std::fmt;\n", "/// An item doc, not a module doc.\nfn f() {}\n"]
    {
        let found = check_source("m.rs", source);
        assert_eq!(found.len(), 1, "{source:?}: {found:?}");
        assert_eq!(found[0].line, 1);
    }
    assert_eq!(check_source("m.rs", "\n//! Holds things.\n"), vec![]);
}

/// The files of `files` over [`MAX_LINES`] lines, or without a `//!` line first.
fn house_rule_findings(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (name, text) in files {
        let lines = text.lines().count();
        if lines > MAX_LINES {
            found.push(format!("{name}: {lines} lines (at most {MAX_LINES}: split it by idea)"));
        }
        let first = text.lines().map(str::trim).find(|l| !l.is_empty());
        if !first.is_some_and(|l| l.starts_with("//!")) {
            found.push(format!("{name}: does not open with a `//!` line saying what it holds"));
        }
    }
    found
}

/// Module file names under `src/` or a crate's `src/` found in more than one place and not in
/// [`SAME_NAME_ALLOWED`], each with its places.
fn same_name_findings(paths: &[&str]) -> Vec<String> {
    let mut by_name: std::collections::BTreeMap<&str, Vec<&str>> = Default::default();
    let is_module =
        |p: &&&str| p.starts_with("src/") || p.starts_with("crates/") && p.contains("/src/");
    for path in paths.iter().filter(is_module) {
        let name = path.rsplit('/').next().unwrap_or(path);
        if !matches!(name, "mod.rs" | "lib.rs" | "main.rs") {
            by_name.entry(name).or_default().push(path);
        }
    }
    by_name
        .into_iter()
        .filter(|(name, places)| {
            places.len() > 1 && !SAME_NAME_ALLOWED.iter().any(|(n, _)| n == name)
        })
        .map(|(name, places)| {
            format!("{name} names {} modules: {}", places.len(), places.join(", "))
        })
        .collect()
}

#[test]
fn every_file_of_the_house_is_short_and_says_what_it_holds() {
    let files = house_files();
    assert!(
        files.iter().any(|(n, _)| n.starts_with("crates/scenario/src/model/")),
        "layout moved?"
    );
    let found = house_rule_findings(&files);
    assert!(found.is_empty(), "house rules:\n{}", found.join("\n"));
}

#[test]
fn no_two_modules_share_a_file_name() {
    let files = house_files();
    let paths: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    let found = same_name_findings(&paths);
    assert!(found.is_empty(), "names that mean two things:\n{}", found.join("\n"));
}

#[test]
fn the_house_checks_flag_what_they_should() {
    let long = format!("//! Long.\n{}", "let x = 1;\n".repeat(MAX_LINES));
    let files = vec![
        ("src/a.rs".to_string(), long),
        ("src/b.rs".to_string(), "fn f() {}\n".to_string()),
        ("src/c.rs".to_string(), "//! Fine.\n".to_string()),
    ];
    let found = house_rule_findings(&files);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].starts_with("src/a.rs: 501 lines"), "{found:?}");
    assert!(found[1].starts_with("src/b.rs: does not open"), "{found:?}");
    let same = same_name_findings(&[
        "src/x/run.rs",
        "src/y/run.rs",
        "src/x/mod.rs",
        "src/y/mod.rs",
        "tests/run.rs",
        "crates/engine/src/consumer.rs",
        "src/systems/consumer.rs",
        "crates/z/src/run.rs",
        "crates/z/tests/run.rs",
    ]);
    let found = "run.rs names 3 modules: src/x/run.rs, src/y/run.rs, crates/z/src/run.rs";
    assert_eq!(same, vec![found.to_string()]);
}

/// Views that would set a `style` attribute (`style=` in a `view!`, `set_attribute("style"`),
/// which the pages' Content-Security-Policy refuses: styles go through classes or `style:`.
fn style_attribute_findings(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (file, text) in files.iter().filter(|(f, _)| f.starts_with("src/ui")) {
        for (n, line) in code_lines(text).iter().enumerate() {
            if line.contains(" style=") || line.contains("set_attribute(\"style\"") {
                found.push(format!("{file}:{}: a style attribute: {}", n + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn no_view_sets_a_style_attribute() {
    let found = style_attribute_findings(&house_files());
    assert!(found.is_empty(), "the pages' policy refuses these:\n{}", found.join("\n"));
    let bad =
        vec![("src/ui/x.rs".to_string(), "//! X.\nview! { <p style=hidden></p> }\n".to_string())];
    assert_eq!(style_attribute_findings(&bad).len(), 1);
    let fine =
        vec![("src/ui/x.rs".to_string(), "//! X.\nview! { <p style:width=w></p> }\n".to_string())];
    assert!(style_attribute_findings(&fine).is_empty());
}
