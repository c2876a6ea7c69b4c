//! The other dead-letter systems (SQS, Kafka retry topics and DLT, BullMQ, a database DLQ,
//! the hybrid), each run on the virtual clock and checked against its documented behaviour.

mod bullmq;
mod bullmq_alerts;
mod bullmq_backoff;
mod bullmq_stalls;
mod common;
mod compare;
mod computing;
mod database;
mod database_failures;
mod export;
mod figures_reader;
mod hybrid;
mod hybrid_rows;
mod kafka;
mod kafka_classify;
mod kafka_ladder;
mod kafka_topics;
mod metrics_figures;
mod rabbitmq;
mod sqs;
mod sqs_dedup;
mod sqs_rules;
