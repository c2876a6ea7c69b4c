//! The review page's samples (`dlx_lab::samples`): they reach every catalogue message of
//! their families, so the page (and its Korean and Chinese screenshots in `e2e/review.mjs`)
//! shows every sentence the program can build, and each reads in its language's script.

use std::collections::BTreeSet;

use dlx_lab::i18n::{self, ftl};
use dlx_lab::samples::{self, Family};
use dlx_lab::scenario::Lang;

/// The catalogue messages each family builds its sentences from, by key prefix.
const PREFIXES: &[&str] = &[
    "ev-",
    "cause-",
    "sys-event-",
    "sys-takeaway-",
    "verdict-",
    "drop-",
    "problem-",
    "decode-",
    "syntax-",
    "warn-",
    "lint-",
    "subject-",
];

fn english_keys() -> BTreeSet<String> {
    ftl::parse(i18n::source(Lang::En)).unwrap().keys().cloned().collect()
}

#[test]
fn the_samples_reach_every_message_of_their_families() {
    let used = i18n::keys_used(|| {
        for lang in Lang::ALL {
            samples::all(lang);
        }
    });
    let missing: Vec<String> = english_keys()
        .into_iter()
        .filter(|k| PREFIXES.iter().any(|p| k.starts_with(p)))
        .filter(|k| !used.contains(k))
        .collect();
    assert!(
        missing.is_empty(),
        "no sample in crates/scenario/src/samples/ renders these messages; add one: {missing:?}"
    );
}

#[test]
fn every_family_has_samples_and_every_language_the_same_kinds() {
    for family in Family::ALL {
        let en = samples::family(Lang::En, family);
        assert!(!en.is_empty(), "{family:?}");
        for lang in Lang::TRANSLATED {
            let other = samples::family(lang, family);
            let kinds =
                |s: &[samples::Sample]| s.iter().map(|x| x.kind.clone()).collect::<Vec<_>>();
            assert_eq!(kinds(&other), kinds(&en), "{lang} {family:?}");
            assert_ne!(family.title(lang), family.title(Lang::En), "{lang} {family:?}");
        }
    }
}

fn hangul(c: char) -> bool {
    ('\u{AC00}'..='\u{D7A3}').contains(&c)
}

fn han(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c)
}

#[test]
fn every_sample_reads_in_its_languages_script() {
    for s in samples::all(Lang::Ko) {
        assert!(s.text.chars().any(hangul), "ko {:?} {}: {}", s.family, s.kind, s.text);
    }
    for s in samples::all(Lang::ZhCn) {
        assert!(s.text.chars().any(han), "zh-CN {:?} {}: {}", s.family, s.kind, s.text);
        assert!(!s.text.chars().any(hangul), "zh-CN {:?} {}: {}", s.family, s.kind, s.text);
    }
    for s in samples::all(Lang::En) {
        assert!(!s.text.chars().any(|c| hangul(c) || han(c)), "en {}: {}", s.kind, s.text);
    }
}
