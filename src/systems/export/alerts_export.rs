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
    let groups = [
        (
            "dlx-lab-rabbitmq",
            vec![
                Rule {
                    alert: "RabbitMqDlqDepth".into(),
                    expr: format!("{rq} > {}", rules.depth_over),
                    for_: "0m",
                    summary: msg!(
                        lang,
                        "export-alert-depth",
                        queue = rabbit_dlq,
                        over = rules.depth_over
                    ),
                },
                Rule {
                    alert: "RabbitMqDlqNotEmpty".into(),
                    expr: format!("min_over_time({rq}[{nonempty_min}m]) > 0"),
                    for_: "0m",
                    summary: msg!(
                        lang,
                        "export-alert-nonempty",
                        queue = rabbit_dlq,
                        minutes = nonempty_min
                    ),
                },
                Rule {
                    alert: "RabbitMqDeadLetterRate".into(),
                    expr: format!("({dead_lettered}) >= {}", rules.arrivals_per_hour),
                    for_: "0m",
                    summary: msg!(lang, "export-alert-rate", per_hour = rules.arrivals_per_hour),
                },
                Rule {
                    alert: "RabbitMqDlqHoldsMessages".into(),
                    expr: format!("{rq} > 0"),
                    for_: "5m",
                    summary: msg!(lang, "export-alert-parked", queue = rabbit_dlq),
                },
            ],
        ),
        (
            "dlx-lab-sqs",
            vec![
                Rule {
                    alert: "SqsDlqDepth".into(),
                    expr: format!("{sq} > {}", rules.depth_over),
                    for_: "0m",
                    summary: msg!(
                        lang,
                        "export-alert-depth",
                        queue = sqs_dlq,
                        over = rules.depth_over
                    ),
                },
                Rule {
                    alert: "SqsDlqNotEmpty".into(),
                    expr: format!("{age} >= {}", rules.nonempty_for_ms / 1000),
                    for_: "0m",
                    summary: msg!(
                        lang,
                        "export-alert-nonempty",
                        queue = sqs_dlq,
                        minutes = nonempty_min
                    ),
                },
                Rule {
                    alert: "SqsDlqArrivalRate".into(),
                    expr: format!("delta({sq}[1h]) >= {}", rules.arrivals_per_hour),
                    for_: "0m",
                    summary: msg!(lang, "export-alert-rate", per_hour = rules.arrivals_per_hour),
                },
                Rule {
                    alert: "SqsDlqHoldsMessages".into(),
                    expr: format!("{sq} > 0"),
                    for_: "5m",
                    summary: msg!(lang, "export-alert-parked", queue = sqs_dlq),
                },
            ],
        ),
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
