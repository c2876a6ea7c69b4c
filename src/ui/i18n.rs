//! Every string the user sees, in one catalogue per language: labels, tooltips, fate names,
//! explanations, errors.
//!
//! Components never hold text; they ask [`tr`] for a [`Key`], [`fate_name`] for a fate and
//! [`explain`] for an event, in the current language ([`super::locale`]).
//!
//! Every text is data: the catalogues `src/i18n/en.ftl`, `ko.ftl` and `zh-CN.ftl`, read by
//! [`crate::i18n`]. Labels are [`Key`]s (mapped to their messages in [`super::i18n_labels`]);
//! sentences (events, verdicts, errors, warnings, lints, alerts, the comparison page) are
//! worded by `crate::i18n`'s modules, which the lib and the CLI share. [`Catalogue`] is one
//! language's view of them ([`super::i18n_data`]). Completeness, placeholders, script,
//! Chinese punctuation and the glossary are checked natively
//! (`tests/translations/catalogues.rs`).

use crate::engine::event::{Cause, Event};
use crate::link::share_link::LinkError;
use crate::msg;
use crate::scenario::definitions::lint::LintReason;
use crate::scenario::definitions::warnings::Warning;
use crate::scenario::model::error::{Problem, SyntaxKind};
use crate::scenario::playground::alerts::{Alert, AlertRule, AlertRules};
use crate::scenario::workshop::finding::Finding;
use crate::scenario::{Lang, ScenarioError};
use crate::viz::flight::CopyFate;

/// Declares [`Key`] and [`Key::ALL`] from one list, so the list of every key cannot drift.
macro_rules! keys {
    ($($k:ident,)*) => {
        /// A user-visible string.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Key { $($k,)* }
        impl Key {
            /// Every key, in declaration order.
            pub const ALL: &'static [Key] = &[$(Key::$k,)*];
        }
    };
}

keys! {
    AppTitle,
    Language,
    Tagline,
    Preset,
    Profile,
    Seed,
    Play,
    Pause,
    StepNext,
    StepBack,
    Speed,
    Time,
    Scrubber,
    ReducedMotion,
    Teaches,
    Topology,
    Legend,
    LegendPublish,
    LegendBinding,
    LegendDeadLetter,
    LegendConsume,
    KindPublisher,
    KindExchange,
    KindQueue,
    KindConsumer,
    Missing,
    Consumers,
    Publishers,
    DefaultExchange,
    NothingSelected,
    SelectHint,
    Properties,
    Headers,
    HeaderName,
    HeaderValue,
    HeaderType,
    XDeathAtHops,
    NoXDeath,
    ChangeNew,
    ChangeCarried,
    ChangeCountUp,
    ChangeMoved,
    Body,
    RoutingKeys,
    Exchange,
    Fate,
    EventLog,
    FilterQueue,
    FilterMessage,
    FilterFate,
    All,
    NoEvents,
    JumpTo,
    DepthChart,
    DepthChartHint,
    Alerts,
    NoAlerts,
    ActNow,
    ActWhat,
    ActPublish,
    ActReplay,
    ActReplayTo,
    ActReplayOrigin,
    ActReplayExchange,
    ActPurge,
    ActHint,
    ActNoTimeline,
    FieldExpiration,
    ActSetPolicy,
    ActClearPolicy,
    FieldPolicyName,
    FieldPattern,
    FieldDefinition,
    Editor,
    Apply,
    ScenarioOk,
    ImportDefinitions,
    ImportHint,
    ImportButton,
    ChooseFile,
    ImportedTitle,
    ImportOk,
    ImportWarnings,
    ImportLints,
    NoLints,
    ExportTopology,
    ExportFormat,
    FormatDefinitions,
    FormatPolicies,
    FormatJava,
    FormatAmqplib,
    FormatPika,
    CopyText,
    DownloadFile,
    CopiedText,
    CopyFailed,
    AddItem,
    AddQueue,
    AddExchange,
    AddBinding,
    AddPolicy,
    AddPublisher,
    AddConsumer,
    FieldName,
    FieldExchange,
    FieldQueue,
    FieldKey,
    ErrorLine,
    BadSaved,
    DraftRestored,
    Stalled,
    Share,
    FatalTitle,
    Keys,
    Dismiss,
    // Embedding.
    OpenFull,
    InspectorTitle,
    ShareEmbed,
    Zoom,
    ZoomIn,
    ZoomOut,
    ZoomFit,
    ShareLink,
    LinkCopied,
    LinkToCopy,
    EditBeside,
    EditBelow,
    EmbedSnippetHint,
    // Guided tours.
    TourMenu,
    TourChoose,
    TourBack,
    TourNext,
    TourClose,
    // Workshop.
    Workshop,
    WorkshopIntro,
    Solved,
    BackToPlayground,
    BackToWorkshop,
    Check,
    CheckPassed,
    CheckFailed,
    RunScenario,
    ShowHint,
    RevealSolution,
    SolutionShown,
    StartOver,
    NextExercise,
}

/// Keys written the same in every language (names, not words).
pub const SAME_IN_EVERY_LANGUAGE: [Key; 1] = [Key::AppTitle];

/// Keys whose Korean text is the broker's own word, in Latin letters (`exchange`: the glossary
/// keeps one spelling).
pub const KOREAN_BROKER_WORDS: [Key; 3] = [Key::KindExchange, Key::AddExchange, Key::FieldExchange];

/// Everything the UI says, in one language.
pub trait Catalogue {
    /// The language of this catalogue.
    fn lang(&self) -> Lang;
    /// The text for a key.
    fn tr(&self, key: Key) -> &'static str;
    /// The name of a fate (shown on hover, in the legend and in the log).
    fn fate_name(&self, fate: CopyFate) -> &'static str;
    /// Why something happened: the recorded cause in words.
    fn cause(&self, cause: &Cause) -> String;
    /// One plain-language line saying what happened and why, from the recorded cause.
    fn explain(&self, e: &Event) -> String;
    /// What is wrong with a share link.
    fn link_problem(&self, e: &LinkError) -> String;
    /// A scenario that is not JSON at all: where, and what kind of mistake (`problem` is
    /// serde_json's English text).
    fn syntax(&self, line: usize, column: usize, kind: SyntaxKind, problem: &str) -> String;
    /// What is wrong with one field of a scenario, exercise or definitions file.
    fn problem(&self, p: &Problem) -> String;
    /// Something a definitions file holds that is not simulated.
    fn warning(&self, w: &Warning) -> String;
    /// Why a lint fires.
    fn lint(&self, r: &LintReason) -> String;
    /// What a workshop goal check found.
    fn finding(&self, f: &Finding) -> String;
    /// An error with the line of the scenario it points at.
    fn at_line(&self, line: usize, text: &str) -> String;
    /// What a DLQ alert rule saw, with its threshold.
    fn alert(&self, rule: AlertRule, rules: &AlertRules) -> String;
}

/// A DLQ alert in the current language: the queue and what its rule saw.
pub fn alert_text(a: &Alert, rules: &AlertRules) -> String {
    let lang = super::locale::current();
    crate::msg!(lang, "alert-at-queue", queue = a.queue, alert = now().alert(a.rule, rules))
}

/// The catalogue of a language.
pub fn catalogue(lang: Lang) -> &'static dyn Catalogue {
    match lang {
        Lang::En => &super::i18n_data::EN,
        Lang::Ko => &super::i18n_data::KO,
        Lang::ZhCn => &super::i18n_data::ZH_CN,
    }
}

fn now() -> &'static dyn Catalogue {
    catalogue(super::locale::current())
}

/// The text for a key in the current language.
pub fn tr(key: Key) -> &'static str {
    now().tr(key)
}

/// The name of a fate in the current language (shown on hover, in the legend and the log).
pub fn fate_name(fate: CopyFate) -> &'static str {
    now().fate_name(fate)
}

/// One plain-language line saying what happened and why, in the current language.
pub fn explain(e: &Event) -> String {
    now().explain(e)
}

/// A scenario error in a catalogue's language (without the line it points at).
pub fn error_in(c: &dyn Catalogue, e: &ScenarioError) -> String {
    crate::scenario::model::problem_text::error(c.lang(), e)
}

/// A scenario error for the user, with the line it points at when known.
pub fn scenario_error(e: &ScenarioError, line: Option<usize>) -> String {
    let c = now();
    let text = error_in(c, e);
    match line {
        Some(l) => c.at_line(l, &text),
        None => text,
    }
}

/// A definitions-file warning in the current language.
pub fn warning(w: &Warning) -> String {
    now().warning(w)
}

/// Why a lint fires, in the current language.
pub fn lint_reason(r: &LintReason) -> String {
    now().lint(r)
}

/// What a workshop goal check found, in the current language.
pub fn finding(f: &Finding) -> String {
    now().finding(f)
}

/// A share-link error for the user.
pub fn link_error(e: &LinkError) -> String {
    let c = now();
    msg!(super::locale::current(), "notice-bad-link", problem = c.link_problem(e))
}

/// "1.234 s" for a virtual time in microseconds.
pub fn fmt_time(us: u64) -> String {
    format!("{}.{:03} s", us / 1_000_000, (us / 1000) % 1000)
}

/// "1.234", "12.5", "17" for a virtual time in microseconds, in a sentence that writes the
/// unit itself: trailing zeros trimmed, as every sentence writes a time (the clock, the log's
/// column and the axes keep three decimals, [`fmt_time`]).
pub fn fmt_secs(us: u64) -> String {
    crate::i18n::seconds_number(us / 1000)
}

/// "×0.1" for a speed factor.
pub fn fmt_speed(speed: f64) -> String {
    format!("×{speed}")
}

/// "#12" for a message copy.
pub fn fmt_msg(copy: u64) -> String {
    format!("#{copy}")
}
