//! From the lab to production: each comparison strategy's model settings written out as the
//! configuration and code its real system takes (SQS's CloudFormation and Terraform and a
//! boto3 or AWS SDK v3 consumer, Spring Kafka's listener in Java or Kotlin, BullMQ's options in
//! TypeScript, the database DLQ's PostgreSQL, and Prometheus alerting rules). Pure functions
//! returning text; no web crates.
//!
//! Every export starts with a comment naming the settings it came from and the link that
//! reproduces the run, in the page's language. A setting the target refuses is never written
//! out: [`ExportError::Refused`] names it and the target's limit (each limit cites the
//! vendor's document in [`refusal`]). Every name a user typed is escaped for the target
//! language ([`escape`]), so no name can end a string or a comment.

pub mod alerts_export;
pub mod bullmq_export;
pub mod escape;
pub mod kafka_export;
pub mod kafka_ladder;
pub mod refusal;
pub mod sql_export;
pub mod sqs_client;
pub mod sqs_export;

use crate::i18n::Lang;
use crate::msg;
use crate::systems::compare::{Comparison, Strategy};

pub use refusal::{ExportError, Limit};

/// One export target: a system and a format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Target {
    SqsCloudFormation,
    SqsTerraform,
    SqsBoto3,
    SqsJs,
    KafkaJava,
    KafkaKotlin,
    BullmqTs,
    DatabaseSql,
    HybridSql,
    AlertsPrometheus,
}

impl Target {
    /// Every target, each system's first format first.
    pub const ALL: [Target; 10] = [
        Target::SqsCloudFormation,
        Target::SqsTerraform,
        Target::SqsBoto3,
        Target::SqsJs,
        Target::KafkaJava,
        Target::KafkaKotlin,
        Target::BullmqTs,
        Target::DatabaseSql,
        Target::HybridSql,
        Target::AlertsPrometheus,
    ];

    /// `system:format`, as the CLI's `--export` takes it.
    pub fn id(self) -> &'static str {
        match self {
            Target::SqsCloudFormation => "sqs:cloudformation",
            Target::SqsTerraform => "sqs:terraform",
            Target::SqsBoto3 => "sqs:boto3",
            Target::SqsJs => "sqs:js",
            Target::KafkaJava => "kafka:java",
            Target::KafkaKotlin => "kafka:kotlin",
            Target::BullmqTs => "bullmq:ts",
            Target::DatabaseSql => "database:sql",
            Target::HybridSql => "hybrid:sql",
            Target::AlertsPrometheus => "alerts:prometheus",
        }
    }

    /// The target named `system:format`, or `system` alone for its first format.
    pub fn parse(asked: &str) -> Result<Target, ExportError> {
        let unknown = || ExportError::UnknownTarget { asked: asked.to_string() };
        if asked.contains(':') {
            return Target::ALL.into_iter().find(|t| t.id() == asked).ok_or_else(unknown);
        }
        Target::ALL.into_iter().find(|t| t.system() == asked).ok_or_else(unknown)
    }

    /// The part before the colon.
    pub fn system(self) -> &'static str {
        self.id().split(':').next().unwrap_or_default()
    }

    /// The part after the colon.
    pub fn format(self) -> &'static str {
        self.id().split(':').nth(1).unwrap_or_default()
    }

    /// The targets a strategy's panel offers (RabbitMQ's own are the playground's; its alert
    /// rules are here).
    pub fn of(s: Strategy) -> Vec<Target> {
        let system = match s {
            Strategy::Rabbitmq => "alerts",
            other => other.id(),
        };
        let mut out: Vec<Target> =
            Target::ALL.into_iter().filter(|t| t.system() == system).collect();
        if s == Strategy::Sqs {
            out.push(Target::AlertsPrometheus);
        }
        out
    }

    /// A file name for a download.
    pub fn file_name(self) -> &'static str {
        match self {
            Target::SqsCloudFormation => "sqs-queues.yaml",
            Target::SqsTerraform => "sqs-queues.tf",
            Target::SqsBoto3 => "sqs_consumer.py",
            Target::SqsJs => "sqs-consumer.mjs",
            Target::KafkaJava => "RetryingListener.java",
            Target::KafkaKotlin => "RetryingListener.kt",
            Target::BullmqTs => "bullmq-options.ts",
            Target::DatabaseSql => "dead-letter-queue.sql",
            Target::HybridSql => "dead-letter-record.sql",
            Target::AlertsPrometheus => "dlx-alerts.rules.yml",
        }
    }

    /// How the target's language starts a line comment.
    fn comment(self) -> &'static str {
        match self {
            Target::SqsCloudFormation
            | Target::SqsTerraform
            | Target::SqsBoto3
            | Target::AlertsPrometheus => "#",
            Target::DatabaseSql | Target::HybridSql => "--",
            Target::SqsJs | Target::KafkaJava | Target::KafkaKotlin | Target::BullmqTs => "//",
        }
    }

    /// The comparison settings the target reads (`systems.sqs`, …).
    fn settings_path(self) -> &'static str {
        match self {
            Target::SqsCloudFormation | Target::SqsTerraform | Target::SqsBoto3 | Target::SqsJs => {
                "systems.sqs"
            }
            Target::KafkaJava | Target::KafkaKotlin => "systems.kafka",
            Target::BullmqTs => "systems.bullmq",
            Target::DatabaseSql => "systems.database",
            Target::HybridSql => "systems.hybrid",
            Target::AlertsPrometheus => "systems.sqs, workload",
        }
    }
}

/// Where an export's words come from: the page's language and the link that reproduces the
/// run.
#[derive(Debug, Clone)]
pub struct Origin {
    pub lang: Lang,
    pub link: String,
}

/// A comment line in the target's language, in the page's language.
pub struct Say<'a> {
    pub target: Target,
    pub origin: &'a Origin,
}

impl Say<'_> {
    /// `text` (escaped onto one line) after the target's comment mark.
    pub fn line(&self, text: &str) -> String {
        format!("{} {}\n", self.target.comment(), escape::inline(text))
    }

    pub fn lang(&self) -> Lang {
        self.origin.lang
    }
}

/// The settings of `c` that `target` reads, as one line of JSON.
fn settings_json(c: &Comparison, target: Target) -> String {
    let s = &c.systems;
    let value = match target {
        Target::SqsCloudFormation | Target::SqsTerraform | Target::SqsBoto3 | Target::SqsJs => {
            serde_json::to_value(&s.sqs)
        }
        Target::KafkaJava | Target::KafkaKotlin => serde_json::to_value(&s.kafka),
        Target::BullmqTs => serde_json::to_value(&s.bullmq),
        Target::DatabaseSql => serde_json::to_value(&s.database),
        Target::HybridSql => serde_json::to_value(&s.hybrid),
        Target::AlertsPrometheus => Ok(serde_json::json!({
            "sqs": {"queue": s.sqs.queue, "max_receive_count": s.sqs.max_receive_count},
            "messages": c.workload.messages.len(),
        })),
    };
    value.map(|v| v.to_string()).unwrap_or_default()
}

/// The comment every export starts with: what it is, the settings it came from, the link.
fn header(c: &Comparison, say: &Say) -> String {
    let t = say.target;
    let lang = say.lang();
    let mut out = say.line(&msg!(lang, "export-head-title", target = t.id()));
    out += &say.line(&msg!(lang, "export-head-settings", path = t.settings_path()));
    out += &format!("{} {}\n", t.comment(), escape::json_line(&settings_json(c, t)));
    out += &say.line(&msg!(lang, "export-head-link", link = say.origin.link));
    out + "\n"
}

/// Exports strategy settings of `c` as `target`, comments in `origin.lang`.
pub fn export(c: &Comparison, target: Target, origin: &Origin) -> Result<String, ExportError> {
    let say = Say { target, origin };
    let body = match target {
        Target::SqsCloudFormation => sqs_export::cloudformation(&c.systems.sqs, &say)?,
        Target::SqsTerraform => sqs_export::terraform(&c.systems.sqs, &say)?,
        Target::SqsBoto3 => sqs_client::boto3(&c.systems.sqs, &say)?,
        Target::SqsJs => sqs_client::js(&c.systems.sqs, &say)?,
        Target::KafkaJava | Target::KafkaKotlin => {
            kafka_export::listener(&c.systems.kafka, c.workload.seed, &say)?
        }
        Target::BullmqTs => bullmq_export::typescript(&c.systems.bullmq, &say)?,
        Target::DatabaseSql => sql_export::database(&c.systems.database, &say)?,
        Target::HybridSql => sql_export::hybrid(&c.systems.hybrid, &say)?,
        Target::AlertsPrometheus => alerts_export::prometheus(c, &say)?,
    };
    Ok(header(c, &say) + &body)
}

/// The refusal as a message (its English is [`ExportError`]'s `Display`).
pub fn refusal_message(e: &ExportError) -> crate::i18n::Message {
    refusal::message(e)
}
