//! The sentences of the profile switch's report, as message values: where the runs under the
//! two broker versions part, how many copies die under each, and the settings one version
//! treats differently.

use crate::i18n::Message;
use crate::message;
use crate::scenario::playground::profile_diff::{ProfileDiff, VersionSetting};

/// The report, a sentence per line, for a switch from profile `from` to `to`.
pub fn profile_diff_lines(d: &ProfileDiff, from: &str, to: &str) -> Vec<Message> {
    let mut out = Vec::new();
    match &d.first {
        None => out.push(message!("profile-diff-none", from = from, to = to)),
        Some((before, after)) => {
            let at = before.as_ref().or(after.as_ref()).map(|e| e.at_us).unwrap_or_default();
            out.push(message!("profile-diff-first", at = crate::i18n::seconds_number(at.as_ms())));
            let side = |e: &Option<crate::engine::event::Event>, profile: &str| match e {
                Some(e) => message!(
                    "profile-diff-event",
                    profile = profile,
                    event = crate::scenario::playground::event_text::explain(e)
                ),
                None => message!("profile-diff-nothing-more", profile = profile),
            };
            out.push(side(after, to));
            out.push(side(before, from));
        }
    }
    if d.deaths.0 != d.deaths.1 {
        let (before, after) = (d.deaths.0, d.deaths.1);
        out.push(message!(
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
                message!(
                    "profile-diff-delayed-retry",
                    queue = queue.as_str(),
                    argument = argument.as_str()
                )
            }
            VersionSetting::QuorumDefaultLimit { queue } => {
                message!("profile-diff-quorum-limit", queue = queue.as_str())
            }
        });
    }
    if d.truncated {
        out.push(message!("profile-diff-truncated"));
    }
    out
}
