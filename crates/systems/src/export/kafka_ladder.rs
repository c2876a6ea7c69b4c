//! Seed 002's hand-made Kafka ladder as a Spring listener, in Java or Kotlin: no
//! `@RetryableTopic`; the listener reads the main topic and every retry topic of the ladder
//! (`orders.retry.1s`, …, as the model names them), waits out a record's step before handling
//! it (holding its partition, as the model's consumer does), and on a failure sends the record
//! to the next retry topic with the count in a header (`sendToRetryWithDelay(msg, attempts + 1,
//! delay)`), or past the last step to the DLQ topic (`sendToDLQ`).
//!
//! Sources: seed 002 ("Retry queue + DLQ", `consume` / `sendToRetryWithDelay` / `sendToDLQ`);
//! spring-kafka `KafkaTemplate.send(ProducerRecord)`, `@KafkaListener(topics)`; kafka-clients
//! `ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG` ("max.poll.interval.ms", default 300000: a
//! consumer that does not poll for longer leaves the group, so a step must stay below it).

use super::escape::{kotlin_lit, lit};
use super::{ExportError, Say, Target};
use crate::msg;
use crate::systems::kafka::KafkaConfig;

/// `max.poll.interval.ms`'s default (kafka-clients `ConsumerConfig`).
const MAX_POLL_INTERVAL_MS: u64 = 300_000;

/// The listener for the hand-made ladder (topics already checked by the caller).
pub fn listener(c: &KafkaConfig, seed: u64, say: &Say) -> Result<String, ExportError> {
    let kotlin = say.target == Target::KafkaKotlin;
    let lang = say.lang();
    let q = |s: &str| if kotlin { kotlin_lit(s) } else { lit(s) };
    let (retry, dlq) = c.topics(seed);
    let dlq = dlq.unwrap_or_default();
    let topics: Vec<String> =
        std::iter::once(q(&c.topic)).chain(retry.iter().map(|r| q(&r.name))).collect();
    let steps: Vec<String> = retry.iter().map(|r| format!("{}L", r.delay_ms)).collect();
    let longest_ms = retry.iter().map(|r| r.delay_ms).max().unwrap_or(0);
    let semi = if kotlin { "" } else { ";" };
    let mut o = format!("package com.example.dlx{semi}\n\n");
    for i in [
        "java.nio.charset.StandardCharsets",
        "org.apache.kafka.clients.consumer.ConsumerRecord",
        "org.apache.kafka.clients.producer.ProducerRecord",
        "org.springframework.kafka.annotation.KafkaListener",
        "org.springframework.kafka.core.KafkaTemplate",
        "org.springframework.stereotype.Component",
    ] {
        o += &format!("import {i}{semi}\n");
    }
    o += "\n";
    o += &say.line(&msg!(lang, "export-kafka-ladder", dlq = dlq));
    for r in &retry {
        o += &say.line(&format!("  {}  {} ms", r.name, r.delay_ms));
    }
    if longest_ms >= MAX_POLL_INTERVAL_MS {
        o += &say.line(&msg!(
            lang,
            "export-kafka-ladder-poll",
            longest_ms = longest_ms,
            max_poll_ms = MAX_POLL_INTERVAL_MS
        ));
    }
    let retry_names: Vec<String> = retry.iter().map(|r| q(&r.name)).collect();
    let handler = say.line(&msg!(lang, "export-code-handler"));
    if kotlin {
        o += "@Component\nclass LadderListener(private val template: KafkaTemplate<String, String>) {\n";
        o += &format!("    private val retryTopics = listOf({})\n", retry_names.join(", "));
        o += &format!("    private val stepsMs = longArrayOf({})\n\n", steps.join(", "));
        o += &format!(
            "    @KafkaListener(topics = [{}], groupId = {})\n",
            topics.join(", "),
            q(&c.group_id)
        );
        o += "    fun listen(record: ConsumerRecord<String, String>) {\n";
        o += "        val attempts = header(record, \"attempts\")?.toInt() ?: 0\n";
        o += "        val due = header(record, \"not-before\")?.toLong() ?: 0L\n";
        o += "        Thread.sleep(maxOf(0L, due - System.currentTimeMillis()))\n";
        o +=
            "        try {\n            handle(record.value())\n        } catch (e: Exception) {\n";
        o += &format!("            val next = if (attempts >= stepsMs.size) ProducerRecord({}, record.key(), record.value())\n", q(&dlq));
        o += "                else ProducerRecord(retryTopics[attempts], record.key(), record.value())\n";
        o += "            next.headers().add(\"attempts\", (attempts + 1).toString().toByteArray(StandardCharsets.UTF_8))\n";
        o += "            if (attempts < stepsMs.size) next.headers().add(\"not-before\",\n";
        o += "                (System.currentTimeMillis() + stepsMs[attempts]).toString().toByteArray(StandardCharsets.UTF_8))\n";
        o += "            next.headers().add(\"error\", (e.message ?: e.javaClass.name).toByteArray(StandardCharsets.UTF_8))\n";
        o += "            template.send(next).get()\n        }\n    }\n\n";
        o += "    private fun header(record: ConsumerRecord<String, String>, name: String): String? =\n";
        o += "        record.headers().lastHeader(name)?.value()?.let { String(it, StandardCharsets.UTF_8) }\n\n";
        o += &format!("    private fun handle(message: String) {{\n        {handler}    }}\n}}\n");
    } else {
        o += "@Component\npublic class LadderListener {\n";
        o += &format!(
            "    private static final String[] RETRY_TOPICS = {{{}}};\n",
            retry_names.join(", ")
        );
        o += &format!("    private static final long[] STEPS_MS = {{{}}};\n", steps.join(", "));
        o += "    private final KafkaTemplate<String, String> template;\n\n";
        o += "    public LadderListener(KafkaTemplate<String, String> template) {\n        this.template = template;\n    }\n\n";
        o += &format!(
            "    @KafkaListener(topics = {{{}}}, groupId = {})\n",
            topics.join(", "),
            q(&c.group_id)
        );
        o += "    public void listen(ConsumerRecord<String, String> record) throws Exception {\n";
        o += "        String a = header(record, \"attempts\");\n        int attempts = a == null ? 0 : Integer.parseInt(a);\n";
        o += "        String d = header(record, \"not-before\");\n";
        o += "        Thread.sleep(Math.max(0L, (d == null ? 0L : Long.parseLong(d)) - System.currentTimeMillis()));\n";
        o +=
            "        try {\n            handle(record.value());\n        } catch (Exception e) {\n";
        o += &format!("            String topic = attempts >= STEPS_MS.length ? {} : RETRY_TOPICS[attempts];\n", q(&dlq));
        o += "            ProducerRecord<String, String> next = new ProducerRecord<>(topic, record.key(), record.value());\n";
        o += "            next.headers().add(\"attempts\", String.valueOf(attempts + 1).getBytes(StandardCharsets.UTF_8));\n";
        o += "            if (attempts < STEPS_MS.length) next.headers().add(\"not-before\",\n";
        o += "                String.valueOf(System.currentTimeMillis() + STEPS_MS[attempts]).getBytes(StandardCharsets.UTF_8));\n";
        o += "            next.headers().add(\"error\", String.valueOf(e.getMessage()).getBytes(StandardCharsets.UTF_8));\n";
        o += "            template.send(next).get();\n        }\n    }\n\n";
        o += "    private static String header(ConsumerRecord<String, String> record, String name) {\n";
        o += "        var h = record.headers().lastHeader(name);\n";
        o += "        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);\n    }\n\n";
        o += &format!("    private void handle(String message) {{\n        {handler}    }}\n}}\n");
    }
    Ok(o)
}
