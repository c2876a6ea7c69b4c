//! The languages the playground speaks ([`Lang`]): the lowest layer's own type, so the
//! catalogues and every domain module can name a language without importing each other.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

/// A language of the playground.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize)]
pub enum Lang {
    /// English: the source text.
    #[default]
    En,
    /// Korean (`ko`).
    Ko,
    /// Simplified Chinese (`zh-CN`).
    ZhCn,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Ko, Lang::ZhCn];
    /// The languages translated from English.
    pub const TRANSLATED: [Lang; 2] = [Lang::Ko, Lang::ZhCn];

    /// The code used in `i18n` objects, links and `<html lang>`: `en`, `ko`, `zh-CN`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ko => "ko",
            Lang::ZhCn => "zh-CN",
        }
    }

    /// The language's own name, for a language menu.
    pub fn name(self) -> &'static str {
        crate::lang_name(self)
    }

    /// Reads a language tag as browsers and links write it (`ko`, `ko-KR`, `zh-CN`, `zh`,
    /// `zh-Hans`, `en-GB`, case and `_` forgiven). Every Chinese tag reads as Simplified
    /// Chinese, the only Chinese there is. `None` for a language the playground does not speak.
    pub fn parse(tag: &str) -> Option<Lang> {
        let tag = tag.trim().to_ascii_lowercase().replace('_', "-");
        match tag.split('-').next().unwrap_or("") {
            "en" => Some(Lang::En),
            "ko" => Some(Lang::Ko),
            "zh" => Some(Lang::ZhCn),
            _ => None,
        }
    }

    /// Reads a language tag, English for anything unknown.
    pub fn from_tag(tag: &str) -> Lang {
        Lang::parse(tag).unwrap_or_default()
    }

    /// The first language of a preference list (`navigator.languages`) that the playground
    /// speaks; English when none is.
    pub fn negotiate<'a>(tags: impl IntoIterator<Item = &'a str>) -> Lang {
        tags.into_iter().find_map(Lang::parse).unwrap_or_default()
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Lang, String> {
        Lang::parse(s)
            .ok_or_else(|| format!("'{s}' is not a language of the playground (en, ko, zh-CN)"))
    }
}
