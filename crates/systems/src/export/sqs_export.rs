//! SQS's queue pair as infrastructure: a CloudFormation template (YAML) and Terraform for the
//! source queue, its DLQ, `RedrivePolicy`, `RedriveAllowPolicy`, visibility, retention,
//! delays, FIFO and content-based deduplication; and the checks every SQS export makes first
//! (a setting SQS refuses is never written).
//!
//! Sources: AWS CloudFormation User Guide, `AWS::SQS::Queue` (its properties and their
//! units, `RedrivePolicy` and `RedriveAllowPolicy` as JSON objects); Terraform AWS provider,
//! `aws_sqs_queue` and `aws_sqs_queue_redrive_allow_policy`; the limits in [`super::refusal`].

use super::escape::{hcl_lit, lit};
use super::refusal::{ExportError, Limit};
use super::{Say, Target};
use crate::msg;
use crate::systems::sqs::{RedriveAllow, SqsConfig};

/// Whole seconds of `ms`.
fn s(ms: u64) -> u64 {
    ms / 1000
}

/// Whether `name` is a queue name SQS takes (FIFO names end in `.fifo`).
fn queue_name_ok(name: &str, fifo: bool) -> bool {
    let stem = if fifo { name.strip_suffix(".fifo") } else { Some(name) };
    let legal = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    stem.is_some_and(|st| !st.is_empty() && st.chars().all(legal)) && name.len() <= 80
}

/// Every SQS limit the export relies on; the first broken one is refused.
pub fn check(c: &SqsConfig, t: Target) -> Result<(), ExportError> {
    let no = |field: &str, value: String, limit| {
        Err(ExportError::refused(t, &format!("systems.sqs.{field}"), value, limit))
    };
    for name in [c.queue.clone(), c.dlq_name()] {
        if !queue_name_ok(&name, c.fifo) || c.fifo != c.queue.ends_with(".fifo") {
            return no("queue", name, Limit::SqsQueueName);
        }
    }
    let mut durations: Vec<(String, u64, u64, u64, Limit)> = vec![
        (
            "visibility_timeout_ms".into(),
            c.visibility_timeout_ms,
            0,
            43_200,
            Limit::SqsVisibilityTimeout,
        ),
        ("retention_ms".into(), c.retention_ms, 60, 1_209_600, Limit::SqsRetention),
        ("dlq_retention_ms".into(), c.dlq_retention_ms, 60, 1_209_600, Limit::SqsRetention),
        ("delay_ms".into(), c.delay_ms, 0, 900, Limit::SqsDelaySeconds),
        ("wait_time_ms".into(), c.wait_time_ms, 0, 20, Limit::SqsWaitTime),
    ];
    for (id, &ms) in &c.message_delays_ms {
        durations.push((format!("message_delays_ms.{id}"), ms, 0, 900, Limit::SqsDelaySeconds));
    }
    for (i, &ms) in c.ladder_ms.iter().enumerate() {
        durations.push((format!("ladder_ms[{i}]"), ms, 0, 43_200, Limit::SqsVisibilityTimeout));
    }
    for (field, ms, min_s, max_s, limit) in durations {
        if ms % 1000 != 0 {
            return no(&field, format!("{ms} ms"), Limit::SqsWholeSeconds);
        }
        if !(min_s..=max_s).contains(&s(ms)) {
            return no(&field, format!("{} s", s(ms)), limit);
        }
    }
    if c.fifo && !c.message_delays_ms.is_empty() {
        let ids: Vec<&str> = c.message_delays_ms.keys().map(String::as_str).collect();
        return no("message_delays_ms", ids.join(", "), Limit::SqsFifoMessageDelay);
    }
    if !(1..=1000).contains(&c.max_receive_count) {
        return no("max_receive_count", c.max_receive_count.to_string(), Limit::SqsMaxReceiveCount);
    }
    if !(1..=10).contains(&c.batch) {
        return no("batch", c.batch.to_string(), Limit::SqsBatch);
    }
    if !(1..=500).contains(&c.move_rate_per_s) {
        return no("move_rate_per_s", c.move_rate_per_s.to_string(), Limit::SqsMoveRate);
    }
    let allowed = match c.redrive_allow {
        RedriveAllow::AllowAll => true,
        RedriveAllow::DenyAll => false,
        RedriveAllow::ByQueue => {
            (1..=10).contains(&c.allowed_sources.len()) && c.allowed_sources.contains(&c.queue)
        }
    };
    if !allowed {
        let value = format!("{:?} {:?}", c.redrive_allow, c.allowed_sources);
        return no("redrive_allow", value, Limit::SqsRedriveAllow);
    }
    if let Some(bad) = c.allowed_sources.iter().find(|q| !queue_name_ok(q, q.ends_with(".fifo"))) {
        return no("allowed_sources", bad.clone(), Limit::SqsQueueName);
    }
    Ok(())
}

/// The CloudFormation template: the DLQ, then the source queue with its redrive policy.
pub fn cloudformation(c: &SqsConfig, say: &Say) -> Result<String, ExportError> {
    check(c, say.target)?;
    let lang = say.lang();
    let fifo = |indent: &str| {
        if c.fifo {
            format!(
                "{indent}FifoQueue: true\n{indent}ContentBasedDeduplication: {}\n",
                c.content_based_deduplication
            )
        } else {
            String::new()
        }
    };
    let mut out = String::from("AWSTemplateFormatVersion: \"2010-09-09\"\n");
    out += &format!("Description: {}\n", lit(&format!("DLX Lab: {} -> {}", c.queue, c.dlq_name())));
    out += "Resources:\n";
    out += &say.line(&msg!(lang, "export-sqs-dlq", retention_s = s(c.dlq_retention_ms)));
    out += "  DeadLetterQueue:\n    Type: AWS::SQS::Queue\n    Properties:\n";
    out += &format!("      QueueName: {}\n", lit(&c.dlq_name()));
    out += &format!("      MessageRetentionPeriod: {}\n", s(c.dlq_retention_ms));
    out += &fifo("      ");
    out += "      RedriveAllowPolicy:\n";
    match c.redrive_allow {
        RedriveAllow::ByQueue => {
            out += "        redrivePermission: byQueue\n        sourceQueueArns:\n";
            for q in &c.allowed_sources {
                let arn =
                    format!("arn:${{AWS::Partition}}:sqs:${{AWS::Region}}:${{AWS::AccountId}}:{q}");
                out += &format!("          - !Sub {}\n", lit(&arn));
            }
        }
        _ => out += "        redrivePermission: allowAll\n",
    }
    out += &say.line(&msg!(lang, "export-sqs-source", max_receive = c.max_receive_count));
    out += "  SourceQueue:\n    Type: AWS::SQS::Queue\n    Properties:\n";
    out += &format!("      QueueName: {}\n", lit(&c.queue));
    out += &format!("      VisibilityTimeout: {}\n", s(c.visibility_timeout_ms));
    out += &format!("      MessageRetentionPeriod: {}\n", s(c.retention_ms));
    out += &format!("      DelaySeconds: {}\n", s(c.delay_ms));
    out += &format!("      ReceiveMessageWaitTimeSeconds: {}\n", s(c.wait_time_ms));
    out += &fifo("      ");
    out += "      RedrivePolicy:\n        deadLetterTargetArn: !GetAtt DeadLetterQueue.Arn\n";
    out += &format!("        maxReceiveCount: {}\n", c.max_receive_count);
    out += "Outputs:\n  SourceQueueUrl:\n    Value: !Ref SourceQueue\n";
    out += "  DeadLetterQueueUrl:\n    Value: !Ref DeadLetterQueue\n";
    out += "  DeadLetterQueueArn:\n    Value: !GetAtt DeadLetterQueue.Arn\n";
    Ok(out)
}

/// Terraform (AWS provider): both queues and the DLQ's redrive allow policy.
pub fn terraform(c: &SqsConfig, say: &Say) -> Result<String, ExportError> {
    check(c, say.target)?;
    let lang = say.lang();
    let fifo = if c.fifo {
        format!(
            "  fifo_queue                  = true\n  content_based_deduplication = {}\n",
            c.content_based_deduplication
        )
    } else {
        String::new()
    };
    let mut out = say.line(&msg!(lang, "export-sqs-dlq", retention_s = s(c.dlq_retention_ms)));
    out += "resource \"aws_sqs_queue\" \"dead_letter\" {\n";
    out += &format!("  name                      = {}\n", hcl_lit(&c.dlq_name()));
    out += &format!("  message_retention_seconds = {}\n", s(c.dlq_retention_ms));
    out += &fifo;
    out += "}\n\n";
    out += &say.line(&msg!(lang, "export-sqs-source", max_receive = c.max_receive_count));
    out += "resource \"aws_sqs_queue\" \"source\" {\n";
    out += &format!("  name                       = {}\n", hcl_lit(&c.queue));
    out += &format!("  visibility_timeout_seconds = {}\n", s(c.visibility_timeout_ms));
    out += &format!("  message_retention_seconds  = {}\n", s(c.retention_ms));
    out += &format!("  delay_seconds              = {}\n", s(c.delay_ms));
    out += &format!("  receive_wait_time_seconds  = {}\n", s(c.wait_time_ms));
    out += &fifo;
    out += "  redrive_policy = jsonencode({\n";
    out += "    deadLetterTargetArn = aws_sqs_queue.dead_letter.arn\n";
    out += &format!("    maxReceiveCount     = {}\n", c.max_receive_count);
    out += "  })\n}\n\n";
    let (permission, arns) = match c.redrive_allow {
        RedriveAllow::ByQueue => {
            let arns: Vec<String> = c
                .allowed_sources
                .iter()
                .map(|q| match q == &c.queue {
                    true => "aws_sqs_queue.source.arn".to_string(),
                    false => format!(
                        "\"arn:${{data.aws_partition.current.partition}}:sqs:${{data.aws_region.current.name}}:${{data.aws_caller_identity.current.account_id}}:{q}\""
                    ),
                })
                .collect();
            ("byQueue", arns)
        }
        _ => ("allowAll", Vec::new()),
    };
    if arns.iter().any(|a| a.starts_with('"')) {
        out += "data \"aws_partition\" \"current\" {}\ndata \"aws_region\" \"current\" {}\n";
        out += "data \"aws_caller_identity\" \"current\" {}\n\n";
    }
    out += "resource \"aws_sqs_queue_redrive_allow_policy\" \"dead_letter\" {\n";
    out += "  queue_url = aws_sqs_queue.dead_letter.id\n";
    out += "  redrive_allow_policy = jsonencode({\n";
    out += &format!("    redrivePermission = \"{permission}\"\n");
    if !arns.is_empty() {
        out += &format!("    sourceQueueArns   = [{}]\n", arns.join(", "));
    }
    out += "  })\n}\n";
    Ok(out)
}
