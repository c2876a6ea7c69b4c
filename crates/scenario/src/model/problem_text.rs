//! What is wrong with a field of a scenario, exercise or definitions file ([`Problem`]), a
//! scenario that is not JSON at all, and a whole [`ScenarioError`], as message values from the
//! catalogues' `problem-*`, `decode-*`, `syntax-*` and `error-*` messages, worded where they
//! are shown. The English `Display` of a problem and of a scenario error (what the CLI prints)
//! is this worded in English.
//!
//! English keeps serde's own words where serde wrote them (a field it could not decode, a JSON
//! syntax error): those messages carry serde's text as their English
//! ([`Message::in_english_as`]); the other languages word the kind of mistake serde reported.

use crate::engine::headers::{HeaderProblem, MAX_NESTING};
use crate::i18n::Message;
use crate::message;
use crate::scenario::model::error::{
    Builtin, Decode, DecodeKind, Problem, ScenarioError, SyntaxKind,
};
use crate::scenario::model::problem::{seconds_number, BEHAVIOUR_KINDS, PATCH_OPS};

/// A field serde could not decode.
pub fn decode(d: &Decode) -> Message {
    let said = match &d.kind {
        DecodeKind::UnknownVariant { value, expected } => {
            message!("decode-unknown-variant", value = value, expected = expected)
        }
        DecodeKind::UnknownField { value, expected } => {
            message!("decode-unknown-field", value = value, expected = expected)
        }
        DecodeKind::MissingField { name } => message!("decode-missing-field", name = name),
        DecodeKind::InvalidType { found, expected } => {
            message!("decode-invalid-type", found = found, expected = expected)
        }
        DecodeKind::InvalidValue { value, expected } => {
            message!("decode-invalid-value", value = value, expected = expected)
        }
        // serde's own English is all there is: the field (named by the error's path) and the
        // kind of fault, in the page's language.
        DecodeKind::Other => message!("decode-other"),
    };
    said.in_english_as(d.text.as_str())
}

/// What kind of JSON mistake it is (`problem`: serde_json's English, which English keeps).
pub fn syntax(kind: SyntaxKind, problem: &str) -> Message {
    let said = match kind {
        SyntaxKind::Eof => message!("syntax-eof"),
        SyntaxKind::ExpectedValue => message!("syntax-expected-value"),
        SyntaxKind::ExpectedCommaOrBrace => message!("syntax-expected-comma-or-brace"),
        SyntaxKind::ExpectedCommaOrBracket => message!("syntax-expected-comma-or-bracket"),
        SyntaxKind::ExpectedColon => message!("syntax-expected-colon"),
        SyntaxKind::TrailingComma => message!("syntax-trailing-comma"),
        SyntaxKind::KeyNotString => message!("syntax-key-not-string"),
        SyntaxKind::TrailingCharacters => message!("syntax-trailing-characters"),
        SyntaxKind::BadNumber => message!("syntax-bad-number"),
        SyntaxKind::BadString => message!("syntax-bad-string"),
        SyntaxKind::TooDeep => message!("syntax-too-deep"),
        SyntaxKind::Other => message!("syntax-other"),
    };
    said.in_english_as(problem)
}

/// A scenario that is not JSON: where, and what kind of mistake.
pub fn not_json(line: usize, column: usize, kind: SyntaxKind, problem: &str) -> Message {
    message!("error-syntax", line = line, column = column, problem = syntax(kind, problem))
}

/// A scenario error (without the line of the text it points at).
pub fn error(e: &ScenarioError) -> Message {
    match e {
        ScenarioError::Syntax { line, column, kind, problem } => {
            not_json(*line, *column, *kind, problem)
        }
        ScenarioError::Field { path, problem: p } => {
            message!("error-field", path = path, problem = problem(p))
        }
    }
}

/// What is wrong with a field.
pub fn problem(p: &Problem) -> Message {
    use Problem::*;
    match p {
        NotObject => message!("problem-not-object"),
        NotString => message!("problem-not-string"),
        MissingString => message!("problem-missing-string"),
        NotUnsigned { value } => message!("problem-not-unsigned", max = u64::MAX, value = value),
        MissingNumber => message!("problem-missing-number"),
        NotInteger { value } => message!("problem-not-integer", value = value),
        NotBool => message!("problem-not-bool"),
        NotStringList => message!("problem-not-string-list"),
        NotList => message!("problem-not-list"),
        OutOfRange { max } => message!("problem-out-of-range", max = max),
        NotTimestamp => message!("problem-not-timestamp"),
        Header(HeaderProblem::TooDeep) => message!("problem-header-too-deep", max = MAX_NESTING),
        Header(HeaderProblem::BadTimestamp) => message!("problem-header-bad-timestamp"),
        Header(HeaderProblem::NotTable) => message!("problem-header-not-table"),
        Missing => message!("problem-missing"),
        Empty => message!("problem-empty"),
        UnknownKey { known } => message!("problem-unknown-key", known = known),
        Version { supported, version } => {
            message!("problem-version", supported = supported, version = version)
        }
        UnknownProfile { name } => message!("problem-unknown-profile", name = name),
        Duration { max } => message!("problem-duration", max = max),
        ListTooLong { count, limit } => {
            message!("problem-list-too-long", count = count, limit = limit)
        }
        NameTooLong { bytes, limit } => {
            message!("problem-name-too-long", bytes = bytes, limit = limit)
        }
        PolicyWork { work, limit } => message!("problem-policy-work", work = work, limit = limit),
        Pace => message!("problem-pace"),
        Behaviour(d) => {
            message!("problem-behaviour", problem = decode(d), kinds = BEHAVIOUR_KINDS)
        }
        PrefetchTooBig => message!("problem-prefetch-too-big", max = u32::MAX),
        Refused { error } => message!("problem-refused", error = error),
        RunTooBig { limit, at_ms } => {
            message!("problem-run-too-big", limit = limit, secs = seconds_number(*at_ms))
        }
        RunTooLarge { limit_mb, mb, at_ms } => message!(
            "problem-run-too-large",
            limit = limit_mb,
            mb = mb,
            secs = seconds_number(*at_ms)
        ),
        NoSuch { what: Builtin::Preset, id } => message!("problem-no-such-preset", id = id),
        NoSuch { what: Builtin::Tour, id } => message!("problem-no-such-tour", id = id),
        NoSuch { what: Builtin::Exercise, id } => message!("problem-no-such-exercise", id = id),
        MissingSteps => message!("problem-missing-steps"),
        UnknownOp { op } => message!("problem-unknown-op", op = op),
        NoRoutingKeys => message!("problem-no-routing-keys"),
        ReplayTarget { value } => message!("problem-replay-target", value = value),
        NotTranslations => message!("problem-not-translations"),
        NotText => message!("problem-not-text"),
        NotTranslatable { texts } => message!("problem-not-translatable", texts = texts),
        NotLanguageMap => message!("problem-not-language-map"),
        EnglishTranslation => message!("problem-english-translation"),
        LanguageCode { code } => message!("problem-language-code", code = code),
        NotStepList => message!("problem-not-step-list"),
        FocusOne => message!("problem-focus-one"),
        NotNode { name } => message!("problem-not-node", name = name),
        NotQueue { name } => message!("problem-not-queue", name = name),
        LineageZero => message!("problem-lineage-zero"),
        NoEventKind => message!("problem-no-event-kind"),
        AfterEnd { at_ms, end_ms } => {
            message!("problem-after-end", at_ms = at_ms, end_ms = end_ms)
        }
        BeforePrevious { at_ms, previous_ms } => {
            message!("problem-before-previous", at_ms = at_ms, previous_ms = previous_ms)
        }
        BadId => message!("problem-bad-id"),
        MissingStart => message!("problem-missing-start"),
        HintCount => message!("problem-hint-count"),
        SolutionShape => message!("problem-solution-shape"),
        NotPatchList => message!("problem-not-patch-list"),
        NotPointer => message!("problem-not-pointer"),
        UnknownPatchOp { op } => message!("problem-unknown-patch-op", op = op, ops = PATCH_OPS),
        Patch { detail } => message!("problem-patch", detail = detail),
        GoalNotObject => message!("problem-goal-not-object"),
        GoalKeys { keys } => message!("problem-goal-keys", keys = keys),
        GoalNoCheck => message!("problem-goal-no-check"),
        NotGoalList => message!("problem-not-goal-list"),
        SpacingCount { listed, retries } => {
            message!("problem-spacing-count", listed = listed, retries = retries)
        }
        DeliveriesRetries => message!("problem-deliveries-retries"),
        LostFalse => message!("problem-lost-false"),
        NeedsCount => message!("problem-needs-count"),
        MessageSelect => message!("problem-message-select"),
        MessageNeedsCheck => message!("problem-message-needs-check"),
        MustBeTrue => message!("problem-must-be-true"),
        NoMessage { id } => message!("problem-no-message", id = id),
        UnknownSystem { value } => message!("problem-unknown-system", value = value),
        LinkData => message!("problem-link-data"),
        TooMany { max } => message!("problem-too-many", max = max),
        ExerciseEntry => message!("problem-exercise-entry"),
        DuplicateExercise { id } => message!("problem-duplicate-exercise", id = id),
        UnknownStrategy { value } => message!("problem-unknown-strategy", value = value),
        Comparison(e) => {
            message!("problem-comparison", error = crate::systems::system_text::workload_error(e))
        }
        MissingPolicyKeys => message!("problem-missing-policy-keys"),
        NotPair => message!("problem-not-pair"),
        NotPolicyKeys => message!("problem-not-policy-keys"),
        TypeMismatch { argument, declared } => {
            message!("problem-type-mismatch", argument = argument, declared = declared)
        }
        DestinationType { value } => message!("problem-destination-type", value = value),
        Unreadable(d) => decode(d),
    }
}
