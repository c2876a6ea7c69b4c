//! The built-in operator notes (the workloads', strategy tours' and exercises' own, in
//! English in their files) read in the page's language; a user's own note shows as written.

use std::fs;
use std::path::{Path, PathBuf};

use dlx_lab::i18n::operator_texts::operator_note;
use dlx_lab::scenario::Lang;

/// Every `"note": "…"` in the built-in JSON files under `src/`.
fn built_in_notes() -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "json") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    let mut notes = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        for piece in text.split("\"note\":").skip(1) {
            let rest = piece.trim_start().strip_prefix('"').unwrap_or("");
            if let Some(end) = rest.find('"') {
                notes.push(rest[..end].to_string());
            }
        }
    }
    notes.sort();
    notes.dedup();
    notes
}

#[test]
fn every_built_in_note_reads_in_korean_and_chinese() {
    let notes = built_in_notes();
    assert!(notes.len() >= 10, "{notes:?}");
    for note in notes {
        assert_eq!(operator_note(Lang::En, &note), note);
        for lang in [Lang::Ko, Lang::ZhCn] {
            let text = operator_note(lang, &note);
            assert_ne!(text, note, "{lang:?} has no text for the note '{note}'");
        }
    }
}

#[test]
fn a_users_own_note_shows_as_written() {
    assert_eq!(operator_note(Lang::Ko, "rolled back by Dana"), "rolled back by Dana");
}
