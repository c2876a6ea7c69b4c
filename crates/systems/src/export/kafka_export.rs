//! Spring Kafka's listener as the model runs it, in Java or Kotlin: `@RetryableTopic` (3.3's
//! `@Backoff` from Spring Retry, or 4.0's `@BackOff`) with `attempts`, `numPartitions`,
//! `timeout`, the naming strategies, `dltStrategy`, `includeNames` / `excludeNames`,
//! `traversingCauses`, and a `@DltHandler`; or, when the model is blocking, a
//! `DefaultErrorHandler` bean with a `FixedBackOff` and a `DeadLetterPublishingRecoverer`; seed
//! 002's hand-made ladder is [`super::kafka_ladder`].
//! Beside it, in comments, the topic names and the waits the model predicts, so a capped
//! back-off shows before production does.
//!
//! Sources: spring-kafka 3.3.16 and 4.0.7 `RetryableTopic.java` (its attributes, strings
//! resolved as `${…}` placeholders and `#{…}` SpEL), `DltHandler.java`,
//! `DefaultErrorHandler.java`, `DeadLetterPublishingRecoverer.java`; spring-retry 2.0.12
//! `Backoff.java`; spring-kafka 4.0.7 `BackOff.java`; Spring Framework `FixedBackOff`.

use super::escape::{kotlin_lit, lit};
use super::refusal::{kafka_topic, ExportError, Limit};
use super::{Say, Target};
use crate::msg;
use crate::systems::kafka::{
    DltStrategy, ErrorHandling, KafkaConfig, Policy, SpringKafka, TopicReuse, TopicSuffixing,
    DEFAULT_MAX_DELAY_MS,
};

/// Whether `name` is a Java class name (dotted identifiers).
fn class_name(name: &str) -> bool {
    name.split('.').all(|part| {
        let mut chars = part.chars();
        chars.next().is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
            && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
    })
}

/// The settings Spring Kafka cannot take as they are.
fn check(c: &KafkaConfig, seed: u64, t: Target) -> Result<(), ExportError> {
    let no = |field: &str, value: &str, limit| {
        Err(ExportError::refused(t, &format!("systems.kafka.{field}"), value, limit))
    };
    kafka_topic(t, "systems.kafka.topic", &c.topic)?;
    let (retry, dlt) = c.topics(seed);
    for name in retry.iter().map(|r| r.name.as_str()).chain(dlt.as_deref()) {
        kafka_topic(t, "systems.kafka.topic", name)?;
    }
    if c.group_id.is_empty() || c.group_id.contains("${") || c.group_id.contains("#{") {
        return no("group_id", &c.group_id, Limit::SpringExpression);
    }
    for (field, list) in [("include", &c.include), ("exclude", &c.exclude)] {
        if let Some(bad) = list.iter().find(|n| !class_name(n)) {
            return no(field, bad, Limit::KafkaClassName);
        }
    }
    Ok(())
}

/// The predicted topics and waits, and the cap when Spring Retry's 30 s default applied.
fn predicted(c: &KafkaConfig, seed: u64, say: &Say) -> String {
    let lang = say.lang();
    let (retry, dlt) = c.topics(seed);
    let mut out = say.line(&msg!(lang, "export-kafka-topics", topic = c.topic));
    for r in &retry {
        let reused = if r.reusable { msg!(lang, "export-kafka-reused") } else { String::new() };
        out += &say.line(format!("  {}  {} ms {reused}", r.name, r.delay_ms).trim_end());
    }
    match &dlt {
        Some(d) => out += &say.line(&format!("  {d}  DLT")),
        None => out += &say.line(&msg!(lang, "export-kafka-no-dlt")),
    }
    let capped = c.spring_kafka == SpringKafka::V3_3
        && matches!(c.policy(), Policy::Exponential | Policy::ExponentialRandom)
        && c.max_delay_ms <= c.delay_ms
        && c.backoff_values_ms(seed).contains(&DEFAULT_MAX_DELAY_MS);
    if capped {
        out += &say.line(&msg!(lang, "export-kafka-capped", cap_ms = DEFAULT_MAX_DELAY_MS));
    }
    out
}

/// The `@RetryableTopic` attributes, as `name = value` pairs (values in Java syntax; the
/// caller converts arrays and enums for Kotlin).
fn attributes(c: &KafkaConfig, kotlin: bool) -> Vec<String> {
    let q = |s: &str| if kotlin { kotlin_lit(s) } else { lit(s) };
    let list = |items: &[String]| {
        let quoted: Vec<String> = items.iter().map(|s| q(s)).collect();
        if kotlin {
            format!("[{}]", quoted.join(", "))
        } else {
            format!("{{{}}}", quoted.join(", "))
        }
    };
    let mut a = vec![format!("attempts = \"{}\"", c.attempts)];
    let mut backoff = vec![format!("delay = {}", c.delay_ms)];
    if c.multiplier > 0.0 {
        backoff.push(format!("multiplier = {:?}", c.multiplier));
    }
    if c.max_delay_ms > 0 {
        backoff.push(format!("maxDelay = {}", c.max_delay_ms));
    }
    let at = if kotlin { "" } else { "@" };
    match c.spring_kafka {
        SpringKafka::V3_3 => {
            if c.random {
                backoff.push("random = true".into());
            }
            a.push(format!("backoff = {at}Backoff({})", backoff.join(", ")));
        }
        SpringKafka::V4_0 => {
            if c.jitter_ms > 0 {
                backoff.push(format!("jitter = {}", c.jitter_ms));
            }
            a.push(format!("backOff = {at}BackOff({})", backoff.join(", ")));
        }
    }
    a.push(format!("numPartitions = \"{}\"", c.retry_topic_partitions));
    if c.timeout_ms > 0 {
        a.push(format!("timeout = \"{}\"", c.timeout_ms));
    }
    a.push(format!(
        "topicSuffixingStrategy = TopicSuffixingStrategy.{}",
        match c.topic_suffixing {
            TopicSuffixing::DelayValue => "SUFFIX_WITH_DELAY_VALUE",
            TopicSuffixing::IndexValue => "SUFFIX_WITH_INDEX_VALUE",
        }
    ));
    a.push(format!(
        "sameIntervalTopicReuseStrategy = SameIntervalTopicReuseStrategy.{}",
        match c.same_interval_topic_reuse {
            TopicReuse::SingleTopic => "SINGLE_TOPIC",
            TopicReuse::MultipleTopics => "MULTIPLE_TOPICS",
        }
    ));
    a.push(format!("dltStrategy = DltStrategy.{}", dlt_name(c.dlt_strategy)));
    if !c.include.is_empty() {
        a.push(format!("includeNames = {}", list(&c.include)));
    }
    if !c.exclude.is_empty() {
        a.push(format!("excludeNames = {}", list(&c.exclude)));
    }
    if c.traversing_causes {
        a.push("traversingCauses = \"true\"".into());
    }
    a
}

fn dlt_name(d: DltStrategy) -> &'static str {
    match d {
        DltStrategy::NoDlt => "NO_DLT",
        DltStrategy::AlwaysRetryOnError => "ALWAYS_RETRY_ON_ERROR",
        DltStrategy::FailOnError => "FAIL_ON_ERROR",
    }
}

/// The listener (or the blocking error handler and the listener), in Java or Kotlin.
pub fn listener(c: &KafkaConfig, seed: u64, say: &Say) -> Result<String, ExportError> {
    check(c, seed, say.target)?;
    if c.error_handling == ErrorHandling::ManualLadder {
        return super::kafka_ladder::listener(c, seed, say);
    }
    let kotlin = say.target == Target::KafkaKotlin;
    let lang = say.lang();
    let semi = if kotlin { "" } else { ";" };
    let q = |s: &str| if kotlin { kotlin_lit(s) } else { lit(s) };
    let mut imports = vec![
        "org.springframework.kafka.annotation.KafkaListener",
        "org.springframework.stereotype.Component",
    ];
    let blocking = c.error_handling == ErrorHandling::Blocking;
    if blocking {
        imports.extend([
            "org.springframework.context.annotation.Bean",
            "org.springframework.kafka.core.KafkaTemplate",
            "org.springframework.kafka.listener.DeadLetterPublishingRecoverer",
            "org.springframework.kafka.listener.DefaultErrorHandler",
            "org.springframework.util.backoff.FixedBackOff",
        ]);
    } else {
        imports.extend([
            "org.springframework.kafka.annotation.RetryableTopic",
            "org.springframework.kafka.retrytopic.DltStrategy",
            "org.springframework.kafka.retrytopic.SameIntervalTopicReuseStrategy",
            "org.springframework.kafka.retrytopic.TopicSuffixingStrategy",
            match c.spring_kafka {
                SpringKafka::V3_3 => "org.springframework.retry.annotation.Backoff",
                SpringKafka::V4_0 => "org.springframework.kafka.annotation.BackOff",
            },
        ]);
        if c.dlt_strategy != DltStrategy::NoDlt {
            imports.push("org.springframework.kafka.annotation.DltHandler");
        }
    }
    imports.sort();
    let mut o = String::from("package com.example.dlx\n").replace('\n', &format!("{semi}\n"));
    o += "\n";
    for i in imports {
        o += &format!("import {i}{semi}\n");
    }
    o += "\n";
    o += &predicted(c, seed, say);
    let listen_sig =
        if kotlin { "fun listen(message: String)" } else { "public void listen(String message)" };
    let handle = format!("        handle(message){semi}\n");
    let (class_open, fun_handle) = if kotlin {
        ("@Component\nclass RetryingListener {\n", "    private fun handle(message: String) {\n")
    } else {
        (
            "@Component\npublic class RetryingListener {\n",
            "    private void handle(String message) {\n",
        )
    };
    o += class_open;
    if blocking {
        o += &format!(
            "    {}\n",
            say.line(&msg!(
                lang,
                "export-kafka-blocking",
                interval_ms = c.blocking_interval_ms,
                retries = c.blocking_max_retries
            ))
            .trim_end()
        );
        o += "    @Bean\n";
        if kotlin {
            o += "    fun errorHandler(template: KafkaTemplate<Any, Any>) =\n";
            o += &format!(
                "        DefaultErrorHandler(DeadLetterPublishingRecoverer(template), FixedBackOff({}L, {}L))\n\n",
                c.blocking_interval_ms, c.blocking_max_retries
            );
        } else {
            o += "    public DefaultErrorHandler errorHandler(KafkaTemplate<Object, Object> template) {\n";
            o += &format!(
                "        return new DefaultErrorHandler(new DeadLetterPublishingRecoverer(template), new FixedBackOff({}L, {}L));\n    }}\n\n",
                c.blocking_interval_ms, c.blocking_max_retries
            );
        }
    } else {
        let attrs = attributes(c, kotlin);
        o += &format!("    @RetryableTopic(\n        {})\n", attrs.join(",\n        "));
    }
    let topics = if kotlin { format!("[{}]", q(&c.topic)) } else { format!("{{{}}}", q(&c.topic)) };
    o += &format!("    @KafkaListener(topics = {topics}, groupId = {})\n", q(&c.group_id));
    o += &format!("    {listen_sig} {{\n{handle}    }}\n\n");
    if !blocking && c.dlt_strategy != DltStrategy::NoDlt {
        o += &format!("    {}\n", say.line(&msg!(lang, "export-kafka-dlt-handler")).trim_end());
        o += "    @DltHandler\n";
        if kotlin {
            o += &format!(
                "    fun dlt(message: String) {{\n        {}    }}\n\n",
                say.line(&msg!(lang, "export-kafka-dlt-body"))
            );
        } else {
            o += &format!(
                "    public void dlt(String message) {{\n        {}    }}\n\n",
                say.line(&msg!(lang, "export-kafka-dlt-body"))
            );
        }
    }
    o += fun_handle;
    o += &format!("        {}    }}\n}}\n", say.line(&msg!(lang, "export-code-handler")));
    Ok(o)
}
