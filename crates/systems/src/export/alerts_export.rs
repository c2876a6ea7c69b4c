//! The playground's DLQ alert rules (depth over 100, non-empty for 30 minutes, 10 arrivals in
//! an hour: `scenario::playground::alerts`) and the comparison's own check (a message left in
//! the dead-letter place) as Prometheus alerting rules, for RabbitMQ's DLQ as the
//! `rabbitmq_prometheus` plugin names its metrics and for the SQS DLQ as the CloudWatch
//! exporter names SQS's CloudWatch metrics.
//!
//! Sources: Prometheus "Alerting rules" and "Recording rules" (the rule file's YAML:
//! `groups`, `name`, `rules`, `alert`, `expr`, `for`, `labels`, `annotations`);
//! rabbitmq-server `deps/rabbitmq_prometheus/metrics.md` (`rabbitmq_queue_messages` per queue
//! with `prometheus.return_per_object_metrics`, the 3.10+ counters
//! `rabbitmq_global_messages_dead_lettered_*_total`); prometheus/cloudwatch_exporter's naming
//! (`aws_sqs_<metric>_<statistic>` with a `queue_name` label) and the SQS Developer Guide's
//! CloudWatch metrics (`ApproximateNumberOfMessagesVisible`,
//! `ApproximateAgeOfOldestMessage`, in seconds).

use super::escape::lit;
use super::refusal::ExportError;
use super::sqs_export::check;
use super::Say;
use crate::i18n::Lang;
use crate::msg;
use crate::systems::alert_rules::AlertRules;
use crate::systems::compare::Comparison;

/// One alerting rule.
struct Rule {
    alert: String,
    expr: String,
    for_: &'static str,
    summary: String,
}

fn rule_yaml(r: &Rule) -> String {
    format!(
        "      - alert: {}\n        expr: {}\n        for: {}\n        labels:\n          severity: page\n        \
         annotations:\n          summary: {}\n",
        r.alert,
        lit(&r.expr),
        r.for_,
        lit(&r.summary)
    )
}

/// One system's PromQL for its four rules.
struct Exprs {
    /// The DLQ holds more than the limit.
    depth: String,
    /// The DLQ has not been empty for the limit's minutes.
    nonempty: String,
    /// Too many dead letters arrived in an hour.
    rate: String,
    /// Anything waits in the DLQ (for 5 minutes).
    parked: String,
}

/// The four rules of one system's DLQ `dlq`, named `names`, in the order of [`Exprs`].
fn dlq_rules(lang: Lang, names: [&str; 4], e: Exprs, dlq: &str, rules: &AlertRules) -> Vec<Rule> {
    let [depth, nonempty, rate, parked] = names;
    let minutes = rules.nonempty_for_ms / 60_000;
    vec![
        Rule {
            alert: depth.into(),
            expr: e.depth,
            for_: "0m",
            summary: msg!(lang, "export-alert-depth", queue = dlq, over = rules.depth_over),
        },
        Rule {
            alert: nonempty.into(),
            expr: e.nonempty,
            for_: "0m",
            summary: msg!(lang, "export-alert-nonempty", queue = dlq, minutes = minutes),
        },
        Rule {
            alert: rate.into(),
            expr: e.rate,
            for_: "0m",
            summary: msg!(lang, "export-alert-rate", per_hour = rules.arrivals_per_hour),
        },
        Rule {
            alert: parked.into(),
            expr: e.parked,
            for_: "5m",
            summary: msg!(lang, "export-alert-parked", queue = dlq),
        },
    ]
}

/// The rule file.
pub fn prometheus(c: &Comparison, say: &Say) -> Result<String, ExportError> {
    check(&c.systems.sqs, say.target)?;
    let lang = say.lang();
    let rules = AlertRules::default();
    let nonempty_min = rules.nonempty_for_ms / 60_000;
    let rabbit_dlq = format!("{}.dlq", c.systems.rabbitmq.queue);
    let sqs_dlq = c.systems.sqs.dlq_name();
    // A PromQL string is written like a JSON one (Go's escapes), then the whole expression is
    // a YAML double-quoted scalar.
    let rq = format!("rabbitmq_queue_messages{{queue={}}}", lit(&rabbit_dlq));
    let sq = format!(
        "aws_sqs_approximate_number_of_messages_visible_average{{queue_name={}}}",
        lit(&sqs_dlq)
    );
    let age = format!(
        "aws_sqs_approximate_age_of_oldest_message_maximum{{queue_name={}}}",
        lit(&sqs_dlq)
    );
    let dead_lettered = ["rejected", "expired", "maxlen", "delivery_limit"]
        .map(|w| format!("sum(increase(rabbitmq_global_messages_dead_lettered_{w}_total[1h]))"))
        .join(" + ");
    let rabbit = Exprs {
        depth: format!("{rq} > {}", rules.depth_over),
        nonempty: format!("min_over_time({rq}[{nonempty_min}m]) > 0"),
        rate: format!("({dead_lettered}) >= {}", rules.arrivals_per_hour),
        parked: format!("{rq} > 0"),
    };
    let sqs = Exprs {
        depth: format!("{sq} > {}", rules.depth_over),
        nonempty: format!("{age} >= {}", rules.nonempty_for_ms / 1000),
        rate: format!("delta({sq}[1h]) >= {}", rules.arrivals_per_hour),
        parked: format!("{sq} > 0"),
    };
    let rabbit_names = [
        "RabbitMqDlqDepth",
        "RabbitMqDlqNotEmpty",
        "RabbitMqDeadLetterRate",
        "RabbitMqDlqHoldsMessages",
    ];
    let sqs_names = ["SqsDlqDepth", "SqsDlqNotEmpty", "SqsDlqArrivalRate", "SqsDlqHoldsMessages"];
    let groups = [
        ("dlx-lab-rabbitmq", dlq_rules(lang, rabbit_names, rabbit, &rabbit_dlq, &rules)),
        ("dlx-lab-sqs", dlq_rules(lang, sqs_names, sqs, &sqs_dlq, &rules)),
    ];
    let mut o = say.line(&msg!(lang, "export-alert-sources"));
    o += &say.line(&msg!(lang, "export-alert-sqs-rate"));
    o += &say.line(&msg!(lang, "export-alert-rabbit-per-object"));
    o += "groups:\n";
    for (name, rules) in groups {
        o += &format!("  - name: {name}\n    rules:\n");
        for r in &rules {
            o += &rule_yaml(r);
        }
    }
    Ok(o)
}
