//! The translation catalogues (`crates/translations/src/*.ftl`), checked natively: each parses, all have the
//! same keys with the same placeholders, every `msg!` in the sources names a key that exists
//! with the placeholders it passes, each language is in its own script, Chinese uses
//! full-width punctuation, and no catalogue (nor a built-in preset, tour or exercise) uses a
//! variant the glossary bans.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use dlx_lab::i18n::ftl::{self, Messages, Part};
use dlx_lab::i18n::{self, file_name, messages, placeholders, source};
use dlx_lab::scenario::workshop::texts;
use dlx_lab::scenario::Lang;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn hangul(s: &str) -> bool {
    s.chars().any(|c| matches!(c, '\u{AC00}'..='\u{D7A3}' | '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}'))
}

fn han(s: &str) -> bool {
    s.chars().any(|c| matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}'))
}

fn parsed(lang: Lang) -> Messages {
    ftl::parse(source(lang)).unwrap_or_else(|e| panic!("{}: {e}", file_name(lang)))
}

/// The literal text of a message (placeholders left out).
fn literal(pattern: &[Part]) -> String {
    pattern
        .iter()
        .filter_map(|p| match p {
            Part::Text(t) => Some(t.as_str()),
            _ => None,
        })
        .collect()
}

#[test]
fn every_catalogue_parses_and_has_the_same_keys_and_placeholders() {
    let en = parsed(Lang::En);
    assert!(!en.is_empty());
    for lang in Lang::TRANSLATED {
        let other = parsed(lang);
        let a: BTreeSet<&String> = en.keys().collect();
        let b: BTreeSet<&String> = other.keys().collect();
        assert_eq!(
            a.difference(&b).collect::<Vec<_>>(),
            Vec::<&&String>::new(),
            "{} lacks these keys",
            file_name(lang)
        );
        assert_eq!(
            b.difference(&a).collect::<Vec<_>>(),
            Vec::<&&String>::new(),
            "{} has keys English lacks",
            file_name(lang)
        );
        for (key, pattern) in &en {
            assert_eq!(
                placeholders(pattern),
                placeholders(&other[key]),
                "{}: '{key}' has other placeholders than English",
                file_name(lang)
            );
        }
        // What the app reads is what the test parsed.
        assert_eq!(messages(lang).len(), other.len());
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The arguments of a macro call starting right after its `(`, split at top-level commas.
fn call_args(text: &str) -> Vec<String> {
    let (mut depth, mut args, mut cur, mut in_str, mut esc) =
        (0, Vec::new(), String::new(), false, false);
    for c in text.chars() {
        if in_str {
            cur.push(c);
            match (esc, c) {
                (true, _) => esc = false,
                (false, '\\') => esc = true,
                (false, '"') => in_str = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_str = true;
                cur.push(c);
            }
            '(' | '[' | '{' => {
                depth += 1;
                cur.push(c);
            }
            ')' | ']' | '}' if depth == 0 => break,
            ')' | ']' | '}' => {
                depth -= 1;
                cur.push(c);
            }
            ',' if depth == 0 => args.push(std::mem::take(&mut cur).trim().to_string()),
            c => cur.push(c),
        }
    }
    if !cur.trim().is_empty() {
        args.push(cur.trim().to_string());
    }
    args
}

/// Every `msg!` and `label!` call in the sources: where, the key, and the names of the
/// arguments it passes.
fn msg_calls() -> Vec<(String, String, BTreeSet<String>)> {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    rust_files(&root().join("crates"), &mut files);
    let mut calls = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        let calls_at = text
            .match_indices("msg!(")
            .chain(text.match_indices("label!("))
            .chain(text.match_indices("message!("))
            .chain(text.match_indices("tr("));
        for (i, name) in calls_at {
            if text[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let args = call_args(&text[i + name.len()..]);
            let line = text[..i].lines().count();
            let at = format!("{}:{line}", file.strip_prefix(root()).unwrap().display());
            // `tr("ui-play")`: a label in the current language, its key the only argument.
            // `message!("death-maxlen", overflow = o)`: a message as a value, no language yet.
            let key_at = if name == "tr(" || name == "message!(" { 0 } else { 1 };
            let key = args.get(key_at).and_then(|k| k.strip_prefix('"')?.strip_suffix('"'));
            let Some(key) = key.filter(|k| name != "tr(" || is_label_key(k)) else {
                // The macro's own definition and its documentation.
                continue;
            };
            let names = args[key_at + 1..]
                .iter()
                .map(|a| a.split('=').next().unwrap().trim().to_string())
                .collect();
            calls.push((at, key.to_string(), names));
        }
    }
    calls
}

/// Whether a string is shaped like a label's key (`ui-play`, `sys-title`).
fn is_label_key(text: &str) -> bool {
    (text.starts_with("ui-") || text.starts_with("sys-"))
        && text.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Every label key the UI keeps in a table to read later with `tr` (`("queue", "ui-add-queue")`):
/// each string literal of `src/ui` shaped like a key, where, and the key.
fn keys_in_tables() -> Vec<(String, String)> {
    let mut files = Vec::new();
    rust_files(&root().join("src").join("ui"), &mut files);
    let mut keys = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            for literal in line.split('"').skip(1).step_by(2) {
                if is_label_key(literal) {
                    let at = format!("{}:{}", file.strip_prefix(root()).unwrap().display(), n + 1);
                    keys.push((at, literal.to_string()));
                }
            }
        }
    }
    keys
}

#[test]
fn every_key_used_in_the_sources_exists_with_the_placeholders_it_is_given() {
    let en = parsed(Lang::En);
    let calls = msg_calls();
    assert!(calls.len() > 50, "the scan finds the msg! calls ({})", calls.len());
    let mut used = BTreeSet::new();
    for (at, key, names) in calls {
        let Some(pattern) = en.get(&key) else {
            panic!("{at}: no message '{key}' in en.ftl");
        };
        let wanted: BTreeSet<String> = placeholders(pattern).into_iter().collect();
        assert_eq!(names, wanted, "{at}: '{key}' is given other arguments than it uses");
        used.insert(key);
    }
    for (at, key) in keys_in_tables() {
        assert!(en.contains_key(&key), "{at}: no message '{key}' in en.ftl");
        used.insert(key);
    }
    let unused: Vec<&String> = en.keys().filter(|k| !used.contains(*k)).collect();
    assert!(unused.is_empty(), "messages no code asks for: {unused:?}");
}

/// Messages that are names, written the same in every language.
const NAMES: [&str; 2] = ["sys-bullmq-name", "ui-app-title"];

/// Korean labels that are the broker's own word (the glossary keeps `exchange` in Latin).
const KOREAN_BROKER_WORDS: [&str; 4] =
    ["ui-kind-exchange", "ui-add-exchange", "ui-field-exchange", "pe-exchange"];

#[test]
fn each_catalogue_is_in_its_own_script() {
    let en = parsed(Lang::En);
    for lang in Lang::ALL {
        for (key, pattern) in parsed(lang) {
            let text = literal(&pattern);
            if NAMES.contains(&key.as_str()) {
                assert_eq!(pattern, en[&key], "{lang} {key} is a name");
                continue;
            }
            if lang == Lang::Ko && KOREAN_BROKER_WORDS.contains(&key.as_str()) {
                assert_eq!(text, "exchange", "ko {key}");
                continue;
            }
            let words = text.chars().any(char::is_alphabetic);
            match lang {
                Lang::En => assert!(!hangul(&text) && !han(&text), "en {key}: {text}"),
                Lang::Ko => assert!(!words || hangul(&text), "ko {key} has no Hangul: {text}"),
                Lang::ZhCn => {
                    assert!(!hangul(&text), "zh-CN {key}: {text}");
                    assert!(!words || han(&text), "zh-CN {key} is not Chinese: {text}");
                }
            }
        }
    }
}

/// The text outside code spans (`` `…` ``).
fn outside_code(text: &str) -> String {
    text.split('`').step_by(2).collect()
}

/// The half-width marks Chinese text writes full-width (，：（）；？！).
const HALF_WIDTH: &str = ",:();?!";

/// Whether `c` is Chinese: a Han character or full-width punctuation.
fn chinese(c: char) -> bool {
    han(&c.to_string()) || matches!(c, '\u{3000}'..='\u{303F}' | '\u{FF00}'..='\u{FFEF}')
}

/// The half-width marks in `text` (outside code spans) written against Chinese: the nearest
/// character before or after, spaces skipped, is Chinese. Marks inside Latin code (`attempts:
/// 3`) and a call's brackets (`new Worker(...)`, `min(1 秒, 3 秒)`) are left alone.
fn half_width_in_chinese(text: &str) -> Vec<char> {
    let chars: Vec<char> = outside_code(text).chars().collect();
    let near = |range: &mut dyn Iterator<Item = usize>| {
        range.map(|k| chars[k]).find(|c| *c != ' ').is_some_and(chinese)
    };
    // The brackets of calls: an opening one right after a Latin name, and its closing one.
    let mut call = vec![false; chars.len()];
    let mut open: Vec<(usize, bool)> = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        if c == '(' {
            let is_call = i > 0 && (chars[i - 1].is_ascii_alphanumeric() || chars[i - 1] == '_');
            call[i] = is_call;
            open.push((i, is_call));
        } else if c == ')' {
            call[i] = open.pop().is_some_and(|(_, is_call)| is_call);
        }
    }
    (0..chars.len())
        .filter(|&i| HALF_WIDTH.contains(chars[i]) && !call[i])
        .filter(|&i| near(&mut (0..i).rev()) || near(&mut (i + 1..chars.len())))
        .map(|i| chars[i])
        .collect()
}

#[test]
fn chinese_uses_full_width_punctuation() {
    for (key, pattern) in parsed(Lang::ZhCn) {
        for part in &pattern {
            let Part::Text(t) = part else { continue };
            let bad: Vec<char> =
                outside_code(t).chars().filter(|c| HALF_WIDTH.contains(*c)).collect();
            // A separator between Latin words (` 且 `) is fine; half-width marks are not.
            assert!(bad.is_empty(), "zh-CN {key} uses half-width {bad:?}: {t}");
        }
    }
    // The built-in presets, tours and exercises (`crates/translations/src/zh-CN.content.json`), whose
    // hints quote JSON and code as written.
    for t in texts::all() {
        if let (Lang::ZhCn, Some(text)) = (t.lang, t.text) {
            let bad = half_width_in_chinese(&text);
            assert!(
                bad.is_empty(),
                "zh-CN {:?} {} {} uses half-width {bad:?}: {text}",
                t.kind,
                t.id,
                t.field
            );
        }
    }
}

/// The glossary's banned variants: language code → (banned text, the term to use).
fn banned() -> BTreeMap<String, Vec<(String, String)>> {
    let text = fs::read_to_string(root().join("docs/glossary.md")).unwrap();
    let section =
        text.split("## Banned variants").nth(1).expect("docs/glossary.md lists banned variants");
    let mut out: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for line in section.lines().take_while(|l| !l.starts_with("## ")) {
        let cells: Vec<&str> = line.trim().trim_matches('|').split('|').map(str::trim).collect();
        if cells.len() == 3 && Lang::parse(cells[0]).is_some() {
            out.entry(cells[0].to_string())
                .or_default()
                .push((cells[1].to_string(), cells[2].to_string()));
        }
    }
    out
}

#[test]
fn no_catalogue_uses_a_term_the_glossary_bans() {
    let banned = banned();
    assert!(banned.get("ko").is_some_and(|b| b.len() >= 3) && banned.contains_key("zh-CN"));
    let mut texts: Vec<(String, Lang, String)> = Vec::new();
    for lang in Lang::TRANSLATED {
        for (key, pattern) in parsed(lang) {
            texts.push((format!("{} {key}", file_name(lang)), lang, literal(&pattern)));
        }
    }
    // The built-in presets, tours and exercises too.
    for t in texts::all() {
        if let (true, Some(text)) = (t.lang != Lang::En, t.text) {
            texts.push((format!("{:?} {} {}", t.kind, t.id, t.field), t.lang, text));
        }
    }
    for (at, lang, text) in texts {
        let prose = outside_code(&text);
        for (bad, good) in banned.get(lang.code()).into_iter().flatten() {
            assert!(!prose.contains(bad.as_str()), "{at}: '{bad}' (use {good}): {text}");
        }
        // 시드 means two things in Korean: the random seed and a seed document.
        if lang == Lang::Ko {
            let seeds = prose.matches("시드").count();
            let named = prose.matches("난수 시드").count() + prose.matches("시드 문서").count();
            assert_eq!(seeds, named, "{at}: 시드 alone (난수 시드 or 시드 문서): {text}");
        }
    }
}

/// Files that may hold Korean or Chinese: the tests' samples.
const MAY_HOLD_CJK: [&str; 4] = [
    "tests/translations/content.rs",
    "tests/web_i18n.rs",
    "tests/web_i18n_detail.rs",
    "tests/translations/catalogues.rs",
];

#[test]
fn translations_live_in_the_catalogues_not_in_rust() {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    rust_files(&root().join("crates"), &mut files);
    rust_files(&root().join("tests"), &mut files);
    for file in files {
        let rel = file.strip_prefix(root()).unwrap().display().to_string();
        if MAY_HOLD_CJK.iter().any(|p| rel.starts_with(p)) {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        assert!(!hangul(&text) && !han(&text), "{rel} holds Korean or Chinese text");
    }
}

#[test]
fn korean_particles_follow_the_name() {
    let ko =
        |key: &str, queue: &str| i18n::text(Lang::Ko, key, &[("queue", &queue), ("when", &"")]);
    let vowel = ko("verdict-no-queue", "dlx");
    let consonant = ko("verdict-no-queue", "orders.main");
    assert_ne!(
        vowel.replace("dlx", ""),
        consonant.replace("orders.main", ""),
        "{vowel} / {consonant}"
    );
    assert!(!vowel.contains("{$") && !consonant.contains("{$"));
}

#[test]
fn every_language_names_itself_in_every_build() {
    // The switch names each language from lang_names.ftl, compiled into every page, so it can
    // offer a language whose catalogue the page has not fetched yet.
    let names = ftl::parse(
        &fs::read_to_string(root().join("crates/translations/src/lang_names.ftl")).unwrap(),
    )
    .expect("lang_names.ftl parses");
    assert_eq!(names.len(), Lang::ALL.len() * 2, "a name and a short name per language");
    for lang in Lang::ALL {
        assert_ne!(lang.name(), lang.code(), "{} has no name", lang.code());
        assert_ne!(i18n::lang_short_name(lang), lang.code(), "{} has no short name", lang.code());
    }
    assert_eq!(Lang::En.name(), "English");
    for lang in Lang::TRANSLATED {
        assert!(
            hangul(lang.name()) || han(lang.name()),
            "{} names itself in its own script",
            lang.code()
        );
    }
}

#[test]
fn a_fetched_catalogue_installs_once_and_a_broken_one_is_refused() {
    // In this build every catalogue is compiled in: installing one changes nothing.
    for lang in Lang::ALL {
        assert!(i18n::is_ready(lang));
        assert_eq!(i18n::install(lang, "broken = { $"), Ok(()));
    }
    assert!(ftl::parse("broken = { $").is_err(), "a page refuses a file that does not parse");
    assert_ne!(i18n::label(Lang::Ko, "ui-cancel-load"), i18n::label(Lang::En, "ui-cancel-load"));
}

#[test]
fn a_goal_of_one_part_is_worded_as_one() {
    let one = i18n::text(Lang::En, "verdict-goal-met", &[("parts", &1)]);
    assert!(!one.contains("1 parts") && !one.contains("all 1"), "{one}");
    assert!(one.contains("part holds"), "{one}");
    let three = i18n::text(Lang::En, "verdict-goal-met", &[("parts", &3)]);
    assert!(three.contains("3 parts hold"), "{three}");
}

#[test]
fn seconds_print_one_way_without_trailing_zeros() {
    use dlx_lab::scenario::model::problem::seconds_number;
    assert_eq!(seconds_number(17_500), "17.5");
    assert_eq!(seconds_number(250_000), "250");
    assert_eq!(seconds_number(12_500), "12.5");
    assert_eq!(seconds_number(1_234), "1.234");
    assert_eq!(seconds_number(40), "0.04");
    assert_eq!(seconds_number(0), "0");
}

#[test]
fn large_counts_are_grouped_the_way_each_language_writes_them() {
    let text = |lang| i18n::text(lang, "profile-diff-truncated", &[]);
    assert!(text(Lang::En).contains("200,000"), "{}", text(Lang::En));
    assert!(text(Lang::Ko).contains("20만"), "{}", text(Lang::Ko));
    assert!(text(Lang::ZhCn).contains("20 万"), "{}", text(Lang::ZhCn));
}
