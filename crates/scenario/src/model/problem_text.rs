//! What is wrong with a field of a scenario, exercise or definitions file ([`Problem`]), a
//! scenario that is not JSON at all, and a whole [`ScenarioError`], in any language, from the
//! catalogues' `problem-*`, `decode-*`, `syntax-*` and `error-*` messages. The English
//! `Display` of a problem and of a scenario error (what the CLI prints) is this in English.
//!
//! English keeps serde's own words where serde wrote them (a field it could not decode, a JSON
//! syntax error); the other languages word the kind of mistake serde reported.

use crate::engine::headers::{HeaderProblem, MAX_NESTING};
use crate::msg;
use crate::scenario::model::error::{
    Builtin, Decode, DecodeKind, Problem, ScenarioError, SyntaxKind,
};
use crate::scenario::model::problem::{seconds_number, BEHAVIOUR_KINDS, PATCH_OPS};
use crate::scenario::Lang;

/// A field serde could not decode.
pub fn decode(lang: Lang, d: &Decode) -> String {
    if lang == Lang::En {
        return d.text.clone();
    }
    match &d.kind {
        DecodeKind::UnknownVariant { value, expected } => {
            msg!(lang, "decode-unknown-variant", value = value, expected = expected)
        }
        DecodeKind::UnknownField { value, expected } => {
            msg!(lang, "decode-unknown-field", value = value, expected = expected)
        }
        DecodeKind::MissingField { name } => msg!(lang, "decode-missing-field", name = name),
        DecodeKind::InvalidType { found, expected } => {
            msg!(lang, "decode-invalid-type", found = found, expected = expected)
        }
        DecodeKind::InvalidValue { value, expected } => {
            msg!(lang, "decode-invalid-value", value = value, expected = expected)
        }
        // serde's own English is all there is: the field (named by the error's path) and the
        // kind of fault, in the page's language.
        DecodeKind::Other => msg!(lang, "decode-other"),
    }
}

/// What kind of JSON mistake it is (`problem`: serde_json's English, which English keeps).
pub fn syntax(lang: Lang, kind: SyntaxKind, problem: &str) -> String {
    if lang == Lang::En {
        return problem.to_string();
    }
    match kind {
        SyntaxKind::Eof => msg!(lang, "syntax-eof"),
        SyntaxKind::ExpectedValue => msg!(lang, "syntax-expected-value"),
        SyntaxKind::ExpectedCommaOrBrace => msg!(lang, "syntax-expected-comma-or-brace"),
        SyntaxKind::ExpectedCommaOrBracket => msg!(lang, "syntax-expected-comma-or-bracket"),
        SyntaxKind::ExpectedColon => msg!(lang, "syntax-expected-colon"),
        SyntaxKind::TrailingComma => msg!(lang, "syntax-trailing-comma"),
        SyntaxKind::KeyNotString => msg!(lang, "syntax-key-not-string"),
        SyntaxKind::TrailingCharacters => msg!(lang, "syntax-trailing-characters"),
        SyntaxKind::BadNumber => msg!(lang, "syntax-bad-number"),
        SyntaxKind::BadString => msg!(lang, "syntax-bad-string"),
        SyntaxKind::TooDeep => msg!(lang, "syntax-too-deep"),
        SyntaxKind::Other => msg!(lang, "syntax-other"),
    }
}

/// A scenario that is not JSON: where, and what kind of mistake.
pub fn not_json(lang: Lang, line: usize, column: usize, kind: SyntaxKind, problem: &str) -> String {
    msg!(lang, "error-syntax", line = line, column = column, problem = syntax(lang, kind, problem))
}

/// A scenario error (without the line of the text it points at).
pub fn error(lang: Lang, e: &ScenarioError) -> String {
    match e {
        ScenarioError::Syntax { line, column, kind, problem } => {
            not_json(lang, *line, *column, *kind, problem)
        }
        ScenarioError::Field { path, problem: p } => {
            msg!(lang, "error-field", path = path, problem = problem(lang, p))
        }
    }
}

/// What is wrong with a field.
pub fn problem(lang: Lang, p: &Problem) -> String {
    use Problem::*;
    match p {
        NotObject => msg!(lang, "problem-not-object"),
        NotString => msg!(lang, "problem-not-string"),
        MissingString => msg!(lang, "problem-missing-string"),
        NotUnsigned { value } => msg!(lang, "problem-not-unsigned", max = u64::MAX, value = value),
        MissingNumber => msg!(lang, "problem-missing-number"),
        NotInteger { value } => msg!(lang, "problem-not-integer", value = value),
        NotBool => msg!(lang, "problem-not-bool"),
        NotStringList => msg!(lang, "problem-not-string-list"),
        NotList => msg!(lang, "problem-not-list"),
        OutOfRange { max } => msg!(lang, "problem-out-of-range", max = max),
        NotTimestamp => msg!(lang, "problem-not-timestamp"),
        Header(HeaderProblem::TooDeep) => msg!(lang, "problem-header-too-deep", max = MAX_NESTING),
        Header(HeaderProblem::BadTimestamp) => msg!(lang, "problem-header-bad-timestamp"),
        Header(HeaderProblem::NotTable) => msg!(lang, "problem-header-not-table"),
        Missing => msg!(lang, "problem-missing"),
        Empty => msg!(lang, "problem-empty"),
        UnknownKey { known } => msg!(lang, "problem-unknown-key", known = known),
        Version { supported, version } => {
            msg!(lang, "problem-version", supported = supported, version = version)
        }
        UnknownProfile { name } => msg!(lang, "problem-unknown-profile", name = name),
        Duration { max } => msg!(lang, "problem-duration", max = max),
        ListTooLong { count, limit } => {
            msg!(lang, "problem-list-too-long", count = count, limit = limit)
        }
        NameTooLong { bytes, limit } => {
            msg!(lang, "problem-name-too-long", bytes = bytes, limit = limit)
        }
        PolicyWork { work, limit } => msg!(lang, "problem-policy-work", work = work, limit = limit),
        Pace => msg!(lang, "problem-pace"),
        Behaviour(d) => {
            msg!(lang, "problem-behaviour", problem = decode(lang, d), kinds = BEHAVIOUR_KINDS)
        }
        PrefetchTooBig => msg!(lang, "problem-prefetch-too-big", max = u32::MAX),
        Refused { error } => msg!(lang, "problem-refused", error = error),
        RunTooBig { limit, at_ms } => {
            msg!(lang, "problem-run-too-big", limit = limit, secs = seconds_number(*at_ms))
        }
        RunTooLarge { limit_mb, mb, at_ms } => msg!(
            lang,
            "problem-run-too-large",
            limit = limit_mb,
            mb = mb,
            secs = seconds_number(*at_ms)
        ),
        NoSuch { what: Builtin::Preset, id } => msg!(lang, "problem-no-such-preset", id = id),
        NoSuch { what: Builtin::Tour, id } => msg!(lang, "problem-no-such-tour", id = id),
        NoSuch { what: Builtin::Exercise, id } => msg!(lang, "problem-no-such-exercise", id = id),
        MissingSteps => msg!(lang, "problem-missing-steps"),
        UnknownOp { op } => msg!(lang, "problem-unknown-op", op = op),
        NoRoutingKeys => msg!(lang, "problem-no-routing-keys"),
        ReplayTarget { value } => msg!(lang, "problem-replay-target", value = value),
        NotTranslations => msg!(lang, "problem-not-translations"),
        NotText => msg!(lang, "problem-not-text"),
        NotTranslatable { texts } => msg!(lang, "problem-not-translatable", texts = texts),
        NotLanguageMap => msg!(lang, "problem-not-language-map"),
        EnglishTranslation => msg!(lang, "problem-english-translation"),
        LanguageCode { code } => msg!(lang, "problem-language-code", code = code),
        NotStepList => msg!(lang, "problem-not-step-list"),
        FocusOne => msg!(lang, "problem-focus-one"),
        NotNode { name } => msg!(lang, "problem-not-node", name = name),
        NotQueue { name } => msg!(lang, "problem-not-queue", name = name),
        LineageZero => msg!(lang, "problem-lineage-zero"),
        NoEventKind => msg!(lang, "problem-no-event-kind"),
        AfterEnd { at_ms, end_ms } => {
            msg!(lang, "problem-after-end", at_ms = at_ms, end_ms = end_ms)
        }
        BeforePrevious { at_ms, previous_ms } => {
            msg!(lang, "problem-before-previous", at_ms = at_ms, previous_ms = previous_ms)
        }
        BadId => msg!(lang, "problem-bad-id"),
        MissingStart => msg!(lang, "problem-missing-start"),
        HintCount => msg!(lang, "problem-hint-count"),
        SolutionShape => msg!(lang, "problem-solution-shape"),
        NotPatchList => msg!(lang, "problem-not-patch-list"),
        NotPointer => msg!(lang, "problem-not-pointer"),
        UnknownPatchOp { op } => msg!(lang, "problem-unknown-patch-op", op = op, ops = PATCH_OPS),
        Patch { detail } => msg!(lang, "problem-patch", detail = detail),
        GoalNotObject => msg!(lang, "problem-goal-not-object"),
        GoalKeys { keys } => msg!(lang, "problem-goal-keys", keys = keys),
        GoalNoCheck => msg!(lang, "problem-goal-no-check"),
        NotGoalList => msg!(lang, "problem-not-goal-list"),
        SpacingCount { listed, retries } => {
            msg!(lang, "problem-spacing-count", listed = listed, retries = retries)
        }
        DeliveriesRetries => msg!(lang, "problem-deliveries-retries"),
        LostFalse => msg!(lang, "problem-lost-false"),
        NeedsCount => msg!(lang, "problem-needs-count"),
        MessageSelect => msg!(lang, "problem-message-select"),
        MessageNeedsCheck => msg!(lang, "problem-message-needs-check"),
        MustBeTrue => msg!(lang, "problem-must-be-true"),
        NoMessage { id } => msg!(lang, "problem-no-message", id = id),
        UnknownSystem { value } => msg!(lang, "problem-unknown-system", value = value),
        LinkData => msg!(lang, "problem-link-data"),
        TooMany { max } => msg!(lang, "problem-too-many", max = max),
        ExerciseEntry => msg!(lang, "problem-exercise-entry"),
        DuplicateExercise { id } => msg!(lang, "problem-duplicate-exercise", id = id),
        UnknownStrategy { value } => msg!(lang, "problem-unknown-strategy", value = value),
        Comparison(e) => {
            msg!(
                lang,
                "problem-comparison",
                error = crate::systems::system_text::workload_error(lang, e)
            )
        }
        MissingPolicyKeys => msg!(lang, "problem-missing-policy-keys"),
        NotPair => msg!(lang, "problem-not-pair"),
        NotPolicyKeys => msg!(lang, "problem-not-policy-keys"),
        TypeMismatch { argument, declared } => {
            msg!(lang, "problem-type-mismatch", argument = argument, declared = declared)
        }
        DestinationType { value } => msg!(lang, "problem-destination-type", value = value),
        Unreadable(d) => decode(lang, d),
    }
}
