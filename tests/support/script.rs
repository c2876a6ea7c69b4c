//! Which writing system a text is in, for the tests that check every catalogue speaks its own
//! language.

#![allow(dead_code)]

use dlx_lab::scenario::Lang;

/// True when `s` holds Hangul (syllables or jamo).
pub fn hangul(s: &str) -> bool {
    s.chars().any(|c| {
        ('\u{AC00}'..='\u{D7A3}').contains(&c)
            || ('\u{1100}'..='\u{11FF}').contains(&c)
            || ('\u{3130}'..='\u{318F}').contains(&c)
    })
}

/// True when `s` holds Chinese characters.
pub fn han(s: &str) -> bool {
    s.chars().any(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c))
}

/// Non-empty, and in the language's script: Hangul for Korean; Chinese characters and no
/// Hangul for Chinese; neither for English.
pub fn check_script(lang: Lang, what: &str, text: &str) {
    assert!(!text.trim().is_empty(), "{lang} {what} is empty");
    match lang {
        Lang::En => assert!(!hangul(text) && !han(text), "{lang} {what}: {text}"),
        Lang::Ko => assert!(hangul(text), "{lang} {what} has no Hangul: {text}"),
        Lang::ZhCn => assert!(han(text) && !hangul(text), "{lang} {what} is not Chinese: {text}"),
    }
}
