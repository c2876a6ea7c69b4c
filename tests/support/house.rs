//! The house's files as the tidy checks read them: every `.rs` file under the scanned folders,
//! and each line's code with its comments left out.

use std::fs;
use std::path::{Path, PathBuf};

/// Directories whose `.rs` files are held to the house rules (doc line, length), recursively.
pub const HOUSE_DIRS: &[&str] = &["src", "crates", "tests", "benches"];

pub fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `token` occurs in `code` with no identifier character right before or after it.
pub fn contains_word(code: &str, token: &str) -> bool {
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
pub fn code_lines(source: &str) -> Vec<String> {
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

/// All `.rs` files under `dir`, sorted, recursively.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
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

/// Every `.rs` file of the house, relative to the crate root, with its text.
pub fn house_files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in HOUSE_DIRS {
        rust_files(&root.join(dir), &mut files);
    }
    files
        .iter()
        .map(|path| {
            let text = fs::read_to_string(path)
                .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
            (path.strip_prefix(root).unwrap_or(path).display().to_string(), text)
        })
        .collect()
}
