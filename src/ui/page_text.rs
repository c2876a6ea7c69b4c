//! Small texts of the playground page from the catalogues: what is wrong with a share link,
//! the line an error points at, and what a DLQ alert rule saw.

use crate::link::share_link::LinkError;
use crate::msg;
use crate::scenario::playground::alerts::{AlertRule, AlertRules};
use crate::scenario::Lang;

/// What is wrong with a share link.
pub fn link_problem(lang: Lang, e: &LinkError) -> String {
    match e {
        LinkError::Empty => msg!(lang, "link-empty"),
        LinkError::BadEncoding => msg!(lang, "link-bad-encoding"),
        LinkError::BadNumber(k) => msg!(lang, "link-bad-number", value = k),
        LinkError::TooLong { limit } => msg!(lang, "link-too-long", kb = limit / 1024),
    }
}

/// An error with the line of the scenario it points at.
pub fn at_line(lang: Lang, line: usize, text: &str) -> String {
    msg!(lang, "error-at-line", line = line, text = text)
}

/// A duration in the largest whole unit (minutes, seconds, milliseconds).
pub fn duration(lang: Lang, ms: u64) -> String {
    match ms {
        m if m > 0 && m % 60_000 == 0 => msg!(lang, "duration-min", n = m / 60_000),
        m if m > 0 && m % 1000 == 0 => msg!(lang, "duration-s", n = m / 1000),
        m => msg!(lang, "duration-ms", n = m),
    }
}

/// What a DLQ alert rule saw, with its threshold.
pub fn alert(lang: Lang, rule: AlertRule, r: &AlertRules) -> String {
    match rule {
        AlertRule::DepthOver => msg!(lang, "alert-depth-over", n = r.depth_over),
        AlertRule::NonEmptyFor => {
            msg!(lang, "alert-nonempty-for", duration = duration(lang, r.nonempty_for_ms))
        }
        AlertRule::ArrivalRate => msg!(lang, "alert-arrival-rate", n = r.arrivals_per_hour),
    }
}
