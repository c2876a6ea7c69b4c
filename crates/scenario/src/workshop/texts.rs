//! Every built-in text in every language: each preset, tour (and tour step) and exercise field,
//! listed so a test can prove that no language lacks one, and looked up by id.

use std::borrow::Cow;

use serde::Serialize;
use serde_json::Value;

use super::exercises::EXERCISES;
use super::strategy_exercises::STRATEGY_EXERCISES;
use super::strategy_tours::STRATEGY_TOURS;
use super::tours::TOURS;
use crate::i18n::content::translated;
use crate::scenario::model::error::{Builtin, Problem, ScenarioError};
use crate::scenario::model::json::parse;
use crate::scenario::model::lang::{self, Lang, TextPath};
use crate::scenario::playground::presets::PRESETS;

/// Which built-in collection a text belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Preset,
    Tour,
    Exercise,
    /// An exercise on one of the other systems (SQS, Kafka, BullMQ, the database, the hybrid).
    StrategyExercise,
    /// A tour of the comparison page.
    StrategyTour,
}

impl Kind {
    /// Every kind, in menu order.
    pub const ALL: [Kind; 5] =
        [Kind::Preset, Kind::Tour, Kind::Exercise, Kind::StrategyExercise, Kind::StrategyTour];

    /// The folder its files are in, which names them in `crates/translations/src/*.content.json`.
    pub fn folder(self) -> &'static str {
        match self {
            Kind::Preset => "presets",
            Kind::Tour => "tours",
            Kind::Exercise => "exercises",
            Kind::StrategyExercise => "strategy_exercises",
            Kind::StrategyTour => "strategy_tours",
        }
    }

    /// One built-in's JSON text, its other languages put back (those at hand).
    pub fn text(self, id: &str) -> Option<Cow<'static, str>> {
        self.sources().iter().find(|(i, _)| *i == id).map(|(i, t)| translated(self.folder(), i, t))
    }

    /// One built-in's JSON text (as [`Kind::text`]), or the error naming an id that is none.
    pub fn find(self, id: &str) -> Result<Cow<'static, str>, ScenarioError> {
        let (field, what) = match self {
            Kind::Preset => ("preset", Builtin::Preset),
            Kind::Tour | Kind::StrategyTour => ("tour", Builtin::Tour),
            Kind::Exercise | Kind::StrategyExercise => ("exercise", Builtin::Exercise),
        };
        self.text(id).ok_or_else(|| {
            ScenarioError::field(field, Problem::NoSuch { what, id: id.to_string() })
        })
    }

    /// Every built-in of this kind: id and English JSON text.
    pub fn sources(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Kind::Preset => &PRESETS,
            Kind::Tour => &TOURS,
            Kind::Exercise => &EXERCISES,
            Kind::StrategyExercise => &STRATEGY_EXERCISES,
            Kind::StrategyTour => &STRATEGY_TOURS,
        }
    }
}

/// One text of one built-in in one language.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Text {
    pub kind: Kind,
    pub id: &'static str,
    /// Where it lives: `title`, `hints[1]`, `tour[3].text`, `start.title`.
    pub field: String,
    pub lang: Lang,
    /// The English source.
    pub english: String,
    /// The text in `lang`; `None` when the language lacks it (English is shown instead).
    pub text: Option<String>,
}

fn source(kind: Kind, id: &str) -> Option<Value> {
    kind.text(id).and_then(|t| parse(&t).ok())
}

/// Every (kind, id, field, language) text of the built-in presets, tours and exercises, in
/// menu order, English included.
pub fn all() -> Vec<Text> {
    let mut out = Vec::new();
    for kind in Kind::ALL {
        for (id, _) in kind.sources() {
            let Some(v) = source(kind, id) else { continue };
            for path in lang::text_paths(&v) {
                let english = lang::english(&v, &path).unwrap_or_default().to_string();
                for l in Lang::ALL {
                    let text = lang::translation(&v, &path, l).map(str::to_string);
                    out.push(Text {
                        kind,
                        id,
                        field: path.to_string(),
                        lang: l,
                        english: english.clone(),
                        text,
                    });
                }
            }
        }
    }
    out
}

/// The texts some language lacks (empty when every catalogue is complete).
pub fn missing() -> Vec<Text> {
    all().into_iter().filter(|t| t.text.as_deref().is_none_or(|s| s.trim().is_empty())).collect()
}

/// One built-in's text at `path` in `lang` (English when the language lacks it); `None` when
/// there is no such built-in or field.
pub fn lookup(kind: Kind, id: &str, path: &TextPath, lang: Lang) -> Option<String> {
    let v = source(kind, id)?;
    lang::text(&v, path, lang).map(str::to_string)
}

/// A preset's (or tour's) title in `lang`, for menus.
pub fn title(kind: Kind, id: &str, lang: Lang) -> Option<String> {
    lookup(kind, id, &TextPath::key("title"), lang)
}
