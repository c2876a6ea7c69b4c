//! What a comparison link fixes: the built-in workload (`compare=lost-reply`), the two toggles
//! (`idempotent=1`, `direct=1` for `route_permanent_directly`) and the lanes shown
//! (`lanes=sqs` for one strategy, `lanes=sqs,kafka` for two side by side), so a documentation
//! page or a trainer can link to exactly the view they mean. Pure: the page passes
//! `location.search` in and writes what comes back with `history.replaceState`.

/// The query key of the comparison page and its built-in workload (`1`: the visitor's own).
pub const COMPARE_KEY: &str = "compare";
/// The query key of the idempotent-consumer toggle.
pub const IDEMPOTENT_KEY: &str = "idempotent";
/// The query key of the toggle that routes permanent failures straight to the dead-letter place.
pub const DIRECT_KEY: &str = "direct";
/// The query key of the strategies whose lanes are shown.
pub const LANES_KEY: &str = "lanes";

/// The view a comparison link asks for; `None` leaves a toggle as the workload says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CompareView {
    /// The built-in workload shown (`None`: the link's own `compare=` stays as it is).
    pub workload: Option<String>,
    pub idempotent: Option<bool>,
    pub direct: Option<bool>,
    /// Strategy ids, at most two (the first is the chosen one, the second shown beside it).
    pub lanes: Vec<String>,
}

fn pairs(search: &str) -> impl Iterator<Item = (&str, &str)> {
    search
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| p.split_once('=').unwrap_or((p, "")))
}

fn flag(v: &str) -> Option<bool> {
    match v {
        "1" | "true" | "on" | "" => Some(true),
        "0" | "false" | "off" => Some(false),
        _ => None,
    }
}

/// Reads the view from a query (with or without `?`). Unknown values are ignored, not errors:
/// a link that asks for nothing sensible opens the page as it would open anyway.
pub fn read(search: &str) -> CompareView {
    let mut view = CompareView::default();
    for (k, v) in pairs(search) {
        match k {
            COMPARE_KEY if !matches!(v, "" | "1") => view.workload = Some(v.to_string()),
            IDEMPOTENT_KEY => view.idempotent = flag(v),
            DIRECT_KEY => view.direct = flag(v),
            LANES_KEY => {
                view.lanes =
                    v.split(',').filter(|s| !s.is_empty()).take(2).map(str::to_string).collect()
            }
            _ => {}
        }
    }
    view
}

/// The query with `view` written into it: other keys (`lang`, `embed`) kept in their order,
/// `compare=` naming the workload where it stood, a toggle written only when set, the lanes
/// only when asked for.
pub fn write(search: &str, view: &CompareView) -> String {
    let ours = [IDEMPOTENT_KEY, DIRECT_KEY, LANES_KEY];
    let mut parts: Vec<String> = pairs(search)
        .filter(|(k, _)| !ours.contains(k))
        .map(|(k, v)| match (k, &view.workload) {
            (COMPARE_KEY, Some(id)) => format!("{COMPARE_KEY}={id}"),
            (k, _) if v.is_empty() => k.to_string(),
            (k, _) => format!("{k}={v}"),
        })
        .collect();
    let on = |b: Option<bool>| if b? { Some("1") } else { None };
    if let Some(v) = on(view.idempotent) {
        parts.push(format!("{IDEMPOTENT_KEY}={v}"));
    }
    if let Some(v) = on(view.direct) {
        parts.push(format!("{DIRECT_KEY}={v}"));
    }
    if !view.lanes.is_empty() {
        parts.push(format!("{LANES_KEY}={}", view.lanes.join(",")));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("?{}", parts.join("&"))
    }
}

/// The fragment key that carries a comparison of the visitor's own (`#c=…`, as a workshop's
/// `#w=` does: compressed JSON in base64url).
pub const COMPARISON_KEY: &str = "c";

/// The link that reproduces a run on the comparison page at `page` (`compare.html`, or a full
/// address): a built-in workload by its id, else the comparison itself in the fragment, with
/// `lane`'s lanes shown (none for RabbitMQ, the page's first).
pub fn run_link(page: &str, preset: Option<&str>, comparison_json: &str, lane: &str) -> String {
    let lanes = if lane == "rabbitmq" { String::new() } else { format!("&{LANES_KEY}={lane}") };
    match preset {
        Some(id) => format!("{page}?{COMPARE_KEY}={id}{lanes}"),
        None => format!(
            "{page}?{COMPARE_KEY}=1{lanes}#{}",
            super::workshop_link::fragment(COMPARISON_KEY, comparison_json)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_reads_its_toggles_and_lanes() {
        let v = read("?compare=lost-reply&idempotent=1&lanes=sqs,kafka,bullmq&lang=ko");
        assert_eq!(v.idempotent, Some(true));
        assert_eq!(v.direct, None);
        assert_eq!(v.lanes, ["sqs", "kafka"], "at most two side by side");
        assert_eq!(read("direct=0").direct, Some(false));
        assert_eq!(read("?idempotent=maybe").idempotent, None);
        assert_eq!(read(""), CompareView::default());
        assert_eq!(read("?compare=poison").workload.as_deref(), Some("poison"));
        assert_eq!(read("?compare=1").workload, None, "1 is the visitor's own work");
    }

    #[test]
    fn a_run_link_names_a_built_in_or_carries_the_comparison() {
        assert_eq!(
            run_link("compare.html", Some("poison"), "{}", "sqs"),
            "compare.html?compare=poison&lanes=sqs"
        );
        let own = run_link("https://h/compare.html", None, r#"{"workload": 1}"#, "rabbitmq");
        let (head, fragment) = own.split_once('#').unwrap();
        assert_eq!(head, "https://h/compare.html?compare=1");
        let back = super::super::workshop_link::read(fragment, COMPARISON_KEY).unwrap().unwrap();
        assert_eq!(back, r#"{"workload": 1}"#);
    }

    #[test]
    fn writing_keeps_the_other_keys_and_drops_what_is_off() {
        let v = CompareView {
            workload: None,
            idempotent: Some(true),
            direct: Some(false),
            lanes: vec!["rabbitmq".into(), "sqs".into()],
        };
        assert_eq!(
            write("?compare=poison&idempotent=0&lang=ko&embed=1", &v),
            "?compare=poison&lang=ko&embed=1&idempotent=1&lanes=rabbitmq,sqs"
        );
        assert_eq!(write("?compare=1&idempotent=1", &CompareView::default()), "?compare=1");
        // The workload chosen on the page replaces the one the link opened with, in place.
        let chosen = CompareView { workload: Some("ordering".into()), ..CompareView::default() };
        assert_eq!(write("?compare=1&lang=ko", &chosen), "?compare=ordering&lang=ko");
        // Written, then read: the same view (an off toggle reads as not set).
        let back = read(&write("?compare=1", &v));
        assert_eq!((back.idempotent, back.direct, back.lanes), (Some(true), None, v.lanes));
    }
}
