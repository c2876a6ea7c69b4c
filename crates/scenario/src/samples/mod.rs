//! One of every kind of sentence the program builds at run time (engine events, the
//! comparison's events and takeaways, workshop verdicts, scenario errors, definitions warnings
//! and lints), rendered in any language: the review page (`?review=texts`) shows them all in
//! one place for a translator, and the native tests check that they reach every catalogue
//! message of those families.

mod checks;
mod event_samples;
mod verdicts;

pub use checks::{lints, problems, syntax_kinds, warnings};
pub use event_samples::{events, sys_events, takeaways};
pub use verdicts::findings;

use crate::scenario::Lang;
use crate::systems::Strategy;

/// The families of sentences, in the order the review page shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// What happened in the broker, one log line per event.
    Events,
    /// What happened in the other systems of the comparison.
    SystemEvents,
    /// The comparison's "what to notice".
    Takeaways,
    /// A workshop exercise's verdicts.
    Verdicts,
    /// A scenario file's errors.
    Problems,
    /// A definitions file's warnings and lints.
    Definitions,
}

impl Family {
    /// Every family, in the order shown.
    pub const ALL: [Family; 6] = [
        Family::Events,
        Family::SystemEvents,
        Family::Takeaways,
        Family::Verdicts,
        Family::Problems,
        Family::Definitions,
    ];

    /// The family's heading in `lang`.
    pub fn title(self, lang: Lang) -> &'static str {
        match self {
            Family::Events => crate::label!(lang, "review-events"),
            Family::SystemEvents => crate::label!(lang, "review-system-events"),
            Family::Takeaways => crate::label!(lang, "review-takeaways"),
            Family::Verdicts => crate::label!(lang, "review-verdicts"),
            Family::Problems => crate::label!(lang, "review-problems"),
            Family::Definitions => crate::label!(lang, "review-definitions"),
        }
    }

    /// A short id for links and page anchors.
    pub fn id(self) -> &'static str {
        match self {
            Family::Events => "events",
            Family::SystemEvents => "system-events",
            Family::Takeaways => "takeaways",
            Family::Verdicts => "verdicts",
            Family::Problems => "problems",
            Family::Definitions => "definitions",
        }
    }
}

/// One sentence: what kind it is (the value's shape, for the reader) and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    pub family: Family,
    /// The kind, as the program names it (`Died { reason: Expired }`, `Lost`, …).
    pub kind: String,
    pub text: String,
}

/// The first word of a value's debug form: its variant's name.
fn variant(debug: &str) -> String {
    debug.split(|c: char| !c.is_alphanumeric() && c != '_').next().unwrap_or_default().to_string()
}

/// Every sample of one family, in `lang`.
pub fn family(lang: Lang, family: Family) -> Vec<Sample> {
    let one = |kind: String, text: String| Sample { family, kind, text };
    match family {
        Family::Events => events()
            .iter()
            .map(|e| {
                let kind = format!("{} · {}", variant(&format!("{:?}", e.kind)), kind_detail(e));
                one(kind, crate::scenario::playground::event_text::explain(e).text(lang))
            })
            .collect(),
        Family::SystemEvents => {
            let mut v: Vec<Sample> = sys_events()
                .iter()
                .map(|e| {
                    let kind = format!("{:?}", e.kind);
                    one(kind, crate::systems::system_text::explain(e, "m3").text(lang))
                })
                .collect();
            let ids: Vec<String> = ["m1", "m2", "m3"].map(String::from).to_vec();
            for r in event_samples::operator_reports() {
                let kind = format!("ActionReport {:?} {:?}", r.kind, r.missed.map(|m| m.1));
                let text: Vec<String> = crate::systems::operator_text::action_report(&r, &ids)
                    .iter()
                    .map(|m| m.text(lang))
                    .collect();
                let text = text.join(" ");
                v.push(one(kind, text));
            }
            v
        }
        Family::Takeaways => takeaways()
            .iter()
            .map(|t| {
                let kind = format!("{} · {}", variant(&format!("{t:?}")), takeaway_reach(t));
                one(kind, crate::systems::system_text::takeaway(t).text(lang))
            })
            .collect(),
        Family::Verdicts => findings()
            .iter()
            .map(|f| {
                let text = crate::scenario::workshop::finding_text::finding(f).text(lang);
                one(variant(&format!("{f:?}")), text)
            })
            .collect(),
        Family::Problems => {
            let mut out: Vec<Sample> = problems()
                .iter()
                .map(|p| {
                    one(
                        variant(&format!("{p:?}")),
                        crate::scenario::model::problem_text::problem(p).text(lang),
                    )
                })
                .collect();
            for kind in syntax_kinds() {
                let text = crate::scenario::model::problem_text::not_json(
                    3,
                    4,
                    kind,
                    "expected value at line 3 column 4",
                )
                .text(lang);
                out.push(one(format!("Syntax · {kind:?}"), text));
            }
            out
        }
        Family::Definitions => {
            let mut out: Vec<Sample> = warnings()
                .iter()
                .map(|w| {
                    let text =
                        crate::scenario::definitions::definitions_text::warning(w).text(lang);
                    one(format!("warning · {}", variant(&format!("{w:?}"))), text)
                })
                .collect();
            out.extend(lints().iter().map(|r| {
                let text = crate::scenario::definitions::definitions_text::lint(r).text(lang);
                one(format!("lint · {}", variant(&format!("{r:?}"))), text)
            }));
            out
        }
    }
}

/// Every sample, family by family, in `lang`.
pub fn all(lang: Lang) -> Vec<Sample> {
    Family::ALL.iter().flat_map(|f| family(lang, *f)).collect()
}

/// How many strategies a takeaway names: all, one, or some.
fn takeaway_reach(t: &crate::systems::Takeaway) -> &'static str {
    use crate::systems::Takeaway::*;
    let (Lost { strategies, .. }
    | Duplicates { strategies, .. }
    | Reordered { strategies, .. }
    | Parked { strategies, .. }
    | AllCompleted { strategies }) = t
    else {
        // BullMQ's alone.
        return "one";
    };
    match strategies.len() {
        n if n == Strategy::ALL.len() => "all",
        1 => "one",
        _ => "some",
    }
}

/// What distinguishes samples of one event kind: the reason, the drop rule or the cause.
fn kind_detail(e: &crate::engine::event::Event) -> String {
    use crate::engine::event::EventKind;
    match &e.kind {
        EventKind::Died { reason, .. } => {
            format!("{reason:?} · {}", variant(&format!("{:?}", e.cause)))
        }
        EventKind::Dropped(rule) => variant(&format!("{rule:?}")),
        _ => match e.cause {
            crate::engine::event::Cause::Rule { rule } => format!("Rule {rule}"),
            c => variant(&format!("{c:?}")),
        },
    }
}
