//! Keeps the pure core pure: scans `src/engine` and `src/viz` for things they must never use.
//!
//! The engine and the geometry must give the same answers natively and in the browser, for the
//! same input, every time. So no web crates, no wall clock, no unseeded randomness, and no
//! `HashMap`/`HashSet` (their iteration order can leak into results). Every module file also
//! opens with a `//!` line saying what it holds.
//!
//! Comments are not scanned (they may well explain why `HashMap` is not used); code and string
//! literals are.

use std::fs;
use std::path::{Path, PathBuf};

/// Directories whose `.rs` files are scanned, relative to the crate root.
const PURE_DIRS: &[&str] = &["src/engine", "src/scenario", "src/systems", "src/viz"];

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

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `token` occurs in `code` with no identifier character right before or after it.
fn contains_word(code: &str, token: &str) -> bool {
    code.match_indices(token).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + token.len()..].chars().next();
        !before.is_some_and(is_ident_char) && !after.is_some_and(is_ident_char)
    })
}

/// The code of each line with comments blanked out (`//` to end of line, and `/* … */`,
/// which may span lines). String contents are kept: a string naming `HashMap` is suspicious
/// enough. A `//` inside a string cuts the rest of that line, which can only hide code that
/// follows it on the same line; good enough for a tidy check.
fn code_lines(source: &str) -> Vec<String> {
    let mut in_block = 0usize;
    source
        .lines()
        .map(|line| {
            let mut code = String::new();
            let mut rest = line;
            loop {
                if in_block > 0 {
                    match (rest.find("*/"), rest.find("/*")) {
                        (Some(end), Some(open)) if open < end => {
                            in_block += 1;
                            rest = &rest[open + 2..];
                        }
                        (Some(end), _) => {
                            in_block -= 1;
                            rest = &rest[end + 2..];
                        }
                        (None, _) => break,
                    }
                } else {
                    let line_comment = rest.find("//");
                    let block = rest.find("/*");
                    match (line_comment, block) {
                        (Some(lc), Some(b)) if b < lc => {
                            code.push_str(&rest[..b]);
                            in_block = 1;
                            rest = &rest[b + 2..];
                        }
                        (None, Some(b)) => {
                            code.push_str(&rest[..b]);
                            in_block = 1;
                            rest = &rest[b + 2..];
                        }
                        (Some(lc), _) => {
                            code.push_str(&rest[..lc]);
                            break;
                        }
                        (None, None) => {
                            code.push_str(rest);
                            break;
                        }
                    }
                }
            }
            code
        })
        .collect()
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

/// All `.rs` files under `dir`, sorted, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
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
