//! What is wrong with one field of a scenario, exercise or definitions file: one variant per
//! message, holding its arguments (a value, a name, a limit). The words are in the catalogues
//! (`crates/translations/src/*.ftl`, rendered by [`crate::scenario::model::problem_text`]); `Display` is the English.

use std::fmt;

use crate::engine::headers::HeaderProblem;

/// What is wrong with the field a [`crate::scenario::ScenarioError`] names.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Problem {
    // Types and shapes.
    /// Not a JSON object.
    NotObject,
    /// Not a string.
    NotString,
    /// A required string is absent.
    MissingString,
    /// Not a whole number from 0 to `u64::MAX`; `value` is the JSON found.
    NotUnsigned { value: String },
    /// A required whole number is absent.
    MissingNumber,
    /// Not a whole number (negative allowed); `value` is the JSON found.
    NotInteger { value: String },
    /// Not `true` or `false`.
    NotBool,
    /// Not a list of strings.
    NotStringList,
    /// Not a list.
    NotList,
    /// Not a whole number from 0 to `max`.
    OutOfRange { max: u64 },
    /// A timestamp property that is not whole seconds.
    NotTimestamp,
    /// A header or argument table the engine cannot hold.
    Header(HeaderProblem),
    /// Absent.
    Missing,
    /// Empty or only spaces.
    Empty,
    /// A name serde could not read (an unknown kind, field or a wrong type).
    Unreadable(Decode),
    /// A key the object does not know; `known` lists the ones it does.
    UnknownKey { known: String },

    // Scenarios.
    /// `version` is not the one this build reads.
    Version { version: u64, supported: u64 },
    /// `profile` names no broker profile.
    UnknownProfile { name: String },
    /// `duration_ms` is 0 or longer than `max` ms.
    Duration { max: u64 },
    /// `pace` is not a playing speed from 0.1 to 1000.
    Pace,
    /// A consumer's `behaviour` could not be read.
    Behaviour(Decode),
    /// `prefetch` above what AMQP allows.
    PrefetchTooBig,
    /// The broker refuses the declaration; `error` is the broker's own code and text.
    Refused { error: String },
    /// The run makes more than `limit` events (the playground's memory budget) by `at_ms`.
    RunTooBig { limit: u64, at_ms: u64 },
    /// The run would hold more than `limit_mb` of memory (the page's budget): `mb` by `at_ms`.
    RunTooLarge { limit_mb: u64, mb: u64, at_ms: u64 },
    /// A list longer than the simulator takes (`count` entries, at most `limit`).
    ListTooLong { count: usize, limit: usize },
    /// A name longer than AMQP allows (`bytes` bytes, at most `limit`).
    NameTooLong { bytes: usize, limit: usize },
    /// Matching the policies against the names would take `work` units, over `limit`.
    PolicyWork { work: u64, limit: u64 },
    /// No built-in preset, tour or exercise has this id.
    NoSuch { what: Builtin, id: String },

    // Conformance steps (the native CLI's format).
    /// `steps` is absent.
    MissingSteps,
    /// An op no step knows.
    UnknownOp { op: String },
    /// `keys` is empty.
    NoRoutingKeys,
    /// `republish_from`'s `to` is neither `"origin"` nor left out.
    ReplayTarget { value: String },

    // Translations (`i18n` objects).
    /// An `i18n` language entry that is not an object.
    NotTranslations,
    /// A translatable text that is neither a string nor a list of strings.
    NotText,
    /// A key that is not a translatable text; `texts` lists those that are.
    NotTranslatable { texts: String },
    /// `i18n` that is not an object keyed by language.
    NotLanguageMap,
    /// An `en` entry in `i18n`.
    EnglishTranslation,
    /// A language written another way than its code (`zh-cn` for `zh-CN`).
    LanguageCode { code: String },

    // Tours.
    /// `tour` is not a list.
    NotStepList,
    /// A focus naming none or several of node, lineage, event.
    FocusOne,
    /// A focus node the scenario does not declare.
    NotNode { name: String },
    /// A focus queue the scenario does not declare.
    NotQueue { name: String },
    /// A focus lineage of 0.
    LineageZero,
    /// A focus event without its kind.
    NoEventKind,
    /// A step after the end of the run.
    AfterEnd { at_ms: u64, end_ms: u64 },
    /// A step before the one it follows.
    BeforePrevious { at_ms: u64, previous_ms: u64 },

    // Exercises, goals and solution patches.
    /// An exercise id that cannot go in a link.
    BadId,
    /// The starting scenario is absent.
    MissingStart,
    /// Not one to three hints.
    HintCount,
    /// A solution with neither or both of patch and scenario.
    SolutionShape,
    /// Not a list of patch operations.
    NotPatchList,
    /// A patch path that is not a JSON pointer.
    NotPointer,
    /// A patch op other than add, remove, replace, test.
    UnknownPatchOp { op: String },
    /// The solution patch does not apply to the start; `detail` says where (a JSON pointer).
    Patch { detail: String },
    /// A goal that is not an object.
    GoalNotObject,
    /// A goal with several keys (listed).
    GoalKeys { keys: String },
    /// A goal with no key.
    GoalNoCheck,
    /// `all` or `any` that is not a list.
    NotGoalList,
    /// `spacing_ms` lists a different number of waits than `retries`.
    SpacingCount { listed: usize, retries: u64 },
    /// `deliveries` is not `retries + 1`.
    DeliveriesRetries,
    /// `no_message_lost: false`.
    LostFalse,
    /// A count check with no bound.
    NeedsCount,
    /// A message goal with neither or both of `id` and `failing_with`.
    MessageSelect,
    /// A message goal that asks nothing (no `ends`, no `attempts`), or `by_ms` without `ends`.
    MessageNeedsCheck,
    /// A check that can only be `true` (`no_duplicates`, `order_kept`…).
    MustBeTrue,
    /// A goal names a message the workload does not have.
    NoMessage { id: String },
    /// A strategy exercise's `system` that is not one of the five other systems.
    UnknownSystem { value: String },
    /// A link whose data does not decode (cut short when copied, or edited by hand).
    LinkData,
    /// A list longer than `max`.
    TooMany { max: u64 },
    /// A workshop's exercise that is neither an id nor an exercise object.
    ExerciseEntry,
    /// A workshop that lists one exercise twice.
    DuplicateExercise { id: String },
    /// A strategy id that is not one of the six.
    UnknownStrategy { value: String },
    /// A comparison (workload and settings) that cannot be run.
    Comparison(crate::systems::WorkloadError),

    // Definitions files.
    /// A policy without its definition.
    MissingPolicyKeys,
    /// A policy definition pair that is not `[key, value]`.
    NotPair,
    /// A policy definition that is neither an object nor a list of pairs.
    NotPolicyKeys,
    /// A queue whose `type` and `x-queue-type` disagree.
    TypeMismatch { declared: String, argument: String },
    /// A binding `destination_type` other than queue or exchange.
    DestinationType { value: String },
}

/// The kinds of built-in content looked up by id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Builtin {
    Preset,
    Tour,
    Exercise,
}

impl Builtin {
    /// `preset`, `tour` or `exercise`.
    pub fn as_str(self) -> &'static str {
        match self {
            Builtin::Preset => "preset",
            Builtin::Tour => "tour",
            Builtin::Exercise => "exercise",
        }
    }
}

/// A value serde could not read, classified so it can be worded in any language; `text` is
/// serde's own English message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decode {
    pub kind: DecodeKind,
    pub text: String,
}

/// What serde found wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeKind {
    /// A name that is not one of `expected` (the names in backticks: "`ack`, `reject`").
    UnknownVariant { value: String, expected: String },
    /// A field that is not one of `expected`.
    UnknownField { value: String, expected: String },
    /// A required field is absent.
    MissingField { name: String },
    /// A value of the wrong type: serde's description of what was found and expected.
    InvalidType { found: String, expected: String },
    /// A value of the right type that the field does not take (`-1` for a u64, 300 for a
    /// u8): the value as written, and serde's description of what was expected.
    InvalidValue { value: String, expected: String },
    /// Anything else (the English text is all there is).
    Other,
}

pub use crate::i18n::seconds_number;

/// The text between the first pair of backticks.
fn quoted(text: &str) -> Option<&str> {
    let start = text.find('`')? + 1;
    let len = text[start..].find('`')?;
    Some(&text[start..start + len])
}

impl Decode {
    /// Classifies a serde error.
    pub fn from_serde(e: &serde_json::Error) -> Decode {
        let text = e.to_string();
        // serde lists the names as "one of `a`, `b`" or "`a` or `b`": keep just the names.
        let after = |sep: &str| {
            let list = text.split_once(sep).map(|(_, r)| r).unwrap_or_default();
            list.trim_start_matches("one of ").replace("` or `", "`, `")
        };
        let kind = if let (true, Some(v)) = (text.starts_with("unknown variant "), quoted(&text)) {
            DecodeKind::UnknownVariant { value: v.to_string(), expected: after(", expected ") }
        } else if let (true, Some(v)) = (text.starts_with("unknown field "), quoted(&text)) {
            DecodeKind::UnknownField { value: v.to_string(), expected: after(", expected ") }
        } else if let (true, Some(v)) = (text.starts_with("missing field "), quoted(&text)) {
            DecodeKind::MissingField { name: v.to_string() }
        } else if let Some(rest) = text.strip_prefix("invalid type: ") {
            match rest.split_once(", expected ") {
                Some((found, expected)) => DecodeKind::InvalidType {
                    found: found.to_string(),
                    expected: expected.to_string(),
                },
                None => DecodeKind::Other,
            }
        } else if let Some(rest) = text.strip_prefix("invalid value: ") {
            match (rest.split_once(", expected "), quoted(rest)) {
                (Some((_, expected)), Some(value)) => DecodeKind::InvalidValue {
                    value: value.to_string(),
                    expected: expected.to_string(),
                },
                _ => DecodeKind::Other,
            }
        } else {
            DecodeKind::Other
        };
        Decode { kind, text }
    }
}

impl fmt::Display for Decode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The consumer behaviours a scenario may name.
pub const BEHAVIOUR_KINDS: &str =
    "manual, ack, reject, fail_then_succeed, fail_percent, retry_router, crash_after";

/// The patch operations a solution may use.
pub const PATCH_OPS: &str = "add, remove, replace, test";

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            &crate::scenario::model::problem_text::problem(self).text(crate::scenario::Lang::En),
        )
    }
}

/// What is wrong with a scenario that is not JSON at all, classified from serde_json's message
/// so that it can be worded in any language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SyntaxKind {
    /// The text ends in the middle of a value.
    Eof,
    /// A value was expected (an empty text, a stray character, `'single quotes'`).
    ExpectedValue,
    /// A `,` or `}` was expected in an object.
    ExpectedCommaOrBrace,
    /// A `,` or `]` was expected in a list.
    ExpectedCommaOrBracket,
    /// A `:` was expected after a key.
    ExpectedColon,
    /// A comma before `}` or `]`.
    TrailingComma,
    /// An object key without double quotes.
    KeyNotString,
    /// Text after the end of the JSON value.
    TrailingCharacters,
    /// A malformed or too large number.
    BadNumber,
    /// A malformed string (control character, escape, unicode).
    BadString,
    /// Nested too deep.
    TooDeep,
    /// Anything else.
    Other,
}

impl SyntaxKind {
    /// Classifies a serde_json syntax error.
    pub fn from_serde(e: &serde_json::Error) -> SyntaxKind {
        if e.is_eof() {
            return SyntaxKind::Eof;
        }
        let text = e.to_string();
        let starts = |p: &str| text.starts_with(p);
        if starts("expected value") || starts("expected ident") {
            SyntaxKind::ExpectedValue
        } else if starts("expected `,` or `}`") {
            SyntaxKind::ExpectedCommaOrBrace
        } else if starts("expected `,` or `]`") {
            SyntaxKind::ExpectedCommaOrBracket
        } else if starts("expected `:`") {
            SyntaxKind::ExpectedColon
        } else if starts("trailing comma") {
            SyntaxKind::TrailingComma
        } else if starts("key must be a string") {
            SyntaxKind::KeyNotString
        } else if starts("trailing characters") {
            SyntaxKind::TrailingCharacters
        } else if starts("invalid number") || starts("number out of range") {
            SyntaxKind::BadNumber
        } else if starts("control character")
            || starts("invalid escape")
            || starts("invalid unicode")
            || starts("lone leading surrogate")
            || starts("unexpected end of hex")
        {
            SyntaxKind::BadString
        } else if starts("recursion limit") {
            SyntaxKind::TooDeep
        } else {
            SyntaxKind::Other
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn serde_error(json: &str) -> serde_json::Error {
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields, rename_all = "snake_case")]
        #[allow(dead_code)]
        enum Kind {
            Ack { work_ms: u64 },
            Reject,
        }
        serde_json::from_value::<Kind>(serde_json::from_str(json).unwrap()).unwrap_err()
    }

    #[test]
    fn serde_messages_are_classified_and_keep_their_english() {
        let d = Decode::from_serde(&serde_error(r#""bored""#));
        assert!(
            matches!(&d.kind, DecodeKind::UnknownVariant { value, expected } if value == "bored" && expected == "`ack`, `reject`"),
            "{d:?}"
        );
        assert!(d.to_string().starts_with("unknown variant `bored`"));
        let d = Decode::from_serde(&serde_error(r#"{"ack": {"work_ms": 1, "colour": 2}}"#));
        assert!(
            matches!(&d.kind, DecodeKind::UnknownField { value, .. } if value == "colour"),
            "{d:?}"
        );
        let d = Decode::from_serde(&serde_error(r#"{"ack": {}}"#));
        assert!(matches!(&d.kind, DecodeKind::MissingField { name } if name == "work_ms"), "{d:?}");
        let d = Decode::from_serde(&serde_error(r#"{"ack": {"work_ms": -1}}"#));
        assert!(
            matches!(&d.kind, DecodeKind::InvalidValue { value, expected } if value == "-1" && expected == "u64"),
            "{d:?}"
        );
        let d = Decode::from_serde(&serde_error(r#"{"ack": {"work_ms": "soon"}}"#));
        assert!(
            matches!(&d.kind, DecodeKind::InvalidType { expected, .. } if expected == "u64"),
            "{d:?}"
        );
    }

    #[test]
    fn syntax_errors_are_classified() {
        let kind = |text: &str| {
            SyntaxKind::from_serde(&serde_json::from_str::<serde_json::Value>(text).unwrap_err())
        };
        assert_eq!(kind("{\"a\": 1"), SyntaxKind::Eof);
        assert_eq!(kind("{\"a\": }"), SyntaxKind::ExpectedValue);
        assert_eq!(kind("{\"a\": 1 \"b\": 2}"), SyntaxKind::ExpectedCommaOrBrace);
        assert_eq!(kind("[1 2]"), SyntaxKind::ExpectedCommaOrBracket);
        assert_eq!(kind("{\"a\" 1}"), SyntaxKind::ExpectedColon);
        assert_eq!(kind("{\"a\": 1,}"), SyntaxKind::TrailingComma);
        assert_eq!(kind("{a: 1}"), SyntaxKind::KeyNotString);
        assert_eq!(kind("{} x"), SyntaxKind::TrailingCharacters);
        assert_eq!(kind("[1e999]"), SyntaxKind::BadNumber);
        assert_eq!(kind("[\"\\q\"]"), SyntaxKind::BadString);
    }
}
