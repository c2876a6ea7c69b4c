//! The sentences of the profile switch's report: where the runs under the two broker versions
//! part, how many copies die under each, and the settings one version treats differently.

use crate::msg;
use crate::scenario::playground::profile_diff::{ProfileDiff, VersionSetting};
use crate::scenario::Lang;

/// The report, a sentence per line, for a switch from profile `from` to `to`.
pub fn profile_diff_lines(lang: Lang, d: &ProfileDiff, from: &str, to: &str) -> Vec<String> {
    let mut out = Vec::new();
    match &d.first {
        None => out.push(msg!(lang, "profile-diff-none", from = from, to = to)),
        Some((before, after)) => {
            let at = before.as_ref().or(after.as_ref()).map(|e| e.at_us).unwrap_or_default();
            out.push(msg!(
                lang,
                "profile-diff-first",
                at = crate::i18n::seconds_number(at.as_ms())
            ));
            let side = |e: &Option<crate::engine::event::Event>, profile: &str| match e {
                Some(e) => msg!(
                    lang,
                    "profile-diff-event",
                    profile = profile,
                    event = crate::scenario::playground::event_text::explain(lang, e)
                ),
                None => msg!(lang, "profile-diff-nothing-more", profile = profile),
            };
            out.push(side(after, to));
            out.push(side(before, from));
        }
    }
    if d.deaths.0 != d.deaths.1 {
        let (before, after) = (d.deaths.0, d.deaths.1);
        out.push(msg!(
            lang,
            "profile-diff-deaths",
            from = from,
            to = to,
            before = before,
            after = after
        ));
    }
    for s in &d.settings {
        out.push(match s {
            VersionSetting::DelayedRetryIgnored { queue, argument } => {
                msg!(
                    lang,
                    "profile-diff-delayed-retry",
                    queue = queue.as_str(),
                    argument = argument.as_str()
                )
            }
            VersionSetting::QuorumDefaultLimit { queue } => {
                msg!(lang, "profile-diff-quorum-limit", queue = queue.as_str())
            }
        });
    }
    if d.truncated {
        out.push(msg!(lang, "profile-diff-truncated"));
    }
    out
}
