//! Nothing English inside a Korean or Chinese line: the built-in operator notes (the
//! workloads', strategy tours' and exercises' own, in English in their files) read in the
//! page's language, a user's own note shows as written, and a field serde could not read or
//! JSON it could not parse is worded in the page's language, not in serde's English.

use std::fs;
use std::path::{Path, PathBuf};

use dlx_lab::scenario::model::error::{Decode, DecodeKind, SyntaxKind};
use dlx_lab::scenario::model::problem_text::{decode, syntax};
use dlx_lab::scenario::Lang;
use dlx_lab::systems::operator_text::operator_note;

/// Every `"note": "…"` in the built-in JSON files under `src/` and `crates/`.
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
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    walk(&root.join("src"), &mut files);
    walk(&root.join("crates"), &mut files);
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
        assert_eq!(operator_note(&note).text(Lang::En), note);
        for lang in [Lang::Ko, Lang::ZhCn] {
            let text = operator_note(&note).text(lang).into_owned();
            assert_ne!(text, note, "{lang:?} has no text for the note '{note}'");
        }
    }
}

#[test]
fn a_users_own_note_shows_as_written() {
    assert_eq!(operator_note("rolled back by Dana").text(Lang::Ko), "rolled back by Dana");
}

/// Whether `text` holds an English word of three letters or more outside backticks (an
/// acronym such as JSON is no English word).
fn english(text: &str) -> bool {
    let prose: String = text.split('`').step_by(2).collect();
    prose
        .split(|c: char| !c.is_ascii_alphabetic())
        .any(|w| w.len() >= 3 && w.chars().any(|c| c.is_ascii_lowercase()))
}

#[test]
fn a_fault_serde_words_only_in_english_is_worded_in_the_pages_language() {
    let serde_text = "data did not match any variant of untagged enum Retry";
    let other = Decode { kind: DecodeKind::Other, text: serde_text.into() };
    assert_eq!(decode(&other).text(Lang::En), serde_text);
    let value = Decode {
        kind: DecodeKind::InvalidValue { value: "-1".into(), expected: "u64".into() },
        text: "invalid value: integer `-1`, expected u64".into(),
    };
    for lang in [Lang::Ko, Lang::ZhCn] {
        let words = decode(&other).text(lang);
        assert!(!english(&words), "{lang:?}: {words}");
        let words = decode(&value).text(lang);
        assert!(words.contains("`-1`") && words.contains("u64"), "{lang:?}: {words}");
        let words = syntax(SyntaxKind::Other, "EOF while parsing a string").text(lang);
        assert!(!english(&words), "{lang:?}: {words}");
    }
}

#[test]
fn the_sqs_settings_line_is_worded_in_the_pages_language() {
    use dlx_lab::systems::sqs::ReplayBy;
    use dlx_lab::systems::system_text::setup;
    use dlx_lab::systems::{Comparison, Strategy, Workload};
    let mut c = Comparison::of(Workload::from_json(r#"{"messages": [{"id": "a"}]}"#).unwrap());
    c.systems.sqs.queue = "orders".into();
    for replay in [ReplayBy::Script, ReplayBy::MoveTask] {
        c.systems.sqs.replay = replay;
        // English reads as the CLI's line does.
        assert_eq!(
            setup(&c, Strategy::Sqs).map(|m| m.text(Lang::En).into_owned()),
            c.setup(Strategy::Sqs)
        );
        for lang in [Lang::Ko, Lang::ZhCn] {
            let line = setup(&c, Strategy::Sqs).unwrap().text(lang).into_owned();
            for word in ["queue", "replay", "consumer", "standard", "messages", "whole"] {
                assert!(!line.contains(word), "{lang:?} says '{word}': {line}");
            }
            assert!(
                line.contains("maxReceiveCount") && line.contains("VisibilityTimeout"),
                "{line}"
            );
        }
    }
}
