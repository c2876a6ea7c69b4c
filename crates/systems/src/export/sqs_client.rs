//! The SQS consumer the model runs, as code: the producer's send (FIFO group and
//! deduplication, per-message delays), the receive / delete / `ChangeMessageVisibility` loop
//! with the model's `on_failure` and heartbeat, and the operator's replay as
//! `StartMessageMoveTask` or the consumer-side script; in Python with boto3 and in JavaScript
//! with the AWS SDK for JavaScript v3 (`@aws-sdk/client-sqs`).
//!
//! Sources: SQS API Reference (`ReceiveMessage` with `AttributeNames`
//! `ApproximateReceiveCount`, `DeleteMessage`, `ChangeMessageVisibility`, `SendMessage`,
//! `StartMessageMoveTask`); boto3's `SQS.Client`; the AWS SDK for JavaScript v3's
//! `SQSClient` and its commands.

use super::escape::lit;
use super::sqs_export::check;
use super::{ExportError, Say};
use crate::msg;
use crate::systems::sqs::{OnFailure, ReplayBy, SqsConfig};

fn secs(ms: u64) -> u64 {
    ms / 1000
}

/// The per-message delays as a JSON object (ids quoted), seconds each.
fn delays_json(c: &SqsConfig) -> String {
    let pairs: Vec<String> =
        c.message_delays_ms.iter().map(|(id, ms)| format!("{}: {}", lit(id), secs(*ms))).collect();
    format!("{{{}}}", pairs.join(", "))
}

fn ladder(c: &SqsConfig) -> String {
    let steps: Vec<String> = c.ladder_ms.iter().map(|ms| secs(*ms).to_string()).collect();
    format!("[{}]", steps.join(", "))
}

/// What the consumer does after a failure, in one comment.
fn on_failure_line(c: &SqsConfig, say: &Say) -> String {
    let lang = say.lang();
    say.line(&match c.on_failure {
        OnFailure::Wait => {
            msg!(lang, "export-sqs-on-failure-wait", visibility_s = secs(c.visibility_timeout_ms))
        }
        OnFailure::Release => msg!(lang, "export-sqs-on-failure-release"),
        OnFailure::Ladder => msg!(lang, "export-sqs-on-failure-ladder"),
    })
}

/// Python with boto3.
pub fn boto3(c: &SqsConfig, say: &Say) -> Result<String, ExportError> {
    check(c, say.target)?;
    let lang = say.lang();
    let py_bool = |b: bool| if b { "True" } else { "False" };
    let mut o = String::from(
        "import threading\nimport time\n\nimport boto3\n\nsqs = boto3.client(\"sqs\")\n",
    );
    o += &format!("QUEUE = {}\nDLQ = {}\n", lit(&c.queue), lit(&c.dlq_name()));
    o += "QUEUE_URL = sqs.get_queue_url(QueueName=QUEUE)[\"QueueUrl\"]\n";
    o += "DLQ_URL = sqs.get_queue_url(QueueName=DLQ)[\"QueueUrl\"]\n";
    o += &format!("FIFO = {}\n", py_bool(c.fifo));
    o += &format!("CONTENT_BASED_DEDUPLICATION = {}\n", py_bool(c.content_based_deduplication));
    o += &format!("VISIBILITY_TIMEOUT_S = {}\n", secs(c.visibility_timeout_ms));
    o += &format!("WAIT_TIME_S = {}\n", secs(c.wait_time_ms));
    o += &format!("POLL_INTERVAL_S = {}\n", c.poll_interval_ms as f64 / 1000.0);
    o += &format!("MAX_MESSAGES = {}\n", c.batch);
    o += &format!("CONSUMERS = {}\n", c.consumers);
    o += &format!("LADDER_S = {}\n", ladder(c));
    match c.heartbeat_ms {
        Some(ms) => o += &format!("HEARTBEAT_S = {}\n", ms as f64 / 1000.0),
        None => o += "HEARTBEAT_S = None\n",
    }
    o += &format!("MESSAGE_DELAYS_S = {}\n", delays_json(c));
    o += &format!("MOVE_RATE_PER_S = {}\n\n", c.move_rate_per_s);
    o += &say.line(&msg!(lang, "export-sqs-send"));
    o += "def send(message_id, body, group=None, dedup_id=None):\n";
    o += "    args = {\"QueueUrl\": QUEUE_URL, \"MessageBody\": body}\n";
    o += "    if FIFO:\n        args[\"MessageGroupId\"] = group or message_id\n";
    o += "        if not CONTENT_BASED_DEDUPLICATION:\n";
    o += "            args[\"MessageDeduplicationId\"] = dedup_id or message_id\n";
    o += "    elif message_id in MESSAGE_DELAYS_S:\n";
    o += "        args[\"DelaySeconds\"] = MESSAGE_DELAYS_S[message_id]\n";
    o += "    return sqs.send_message(**args)\n\n\n";
    o += &format!(
        "def handle(body):\n    {}    raise NotImplementedError\n\n\n",
        say.line(&msg!(lang, "export-code-handler"))
    );
    o += "def heartbeat(receipt, done):\n    while HEARTBEAT_S and not done.wait(HEARTBEAT_S):\n";
    o += "        sqs.change_message_visibility(QueueUrl=QUEUE_URL, ReceiptHandle=receipt, VisibilityTimeout=VISIBILITY_TIMEOUT_S)\n\n\n";
    o += "def consume():\n    while True:\n        got = sqs.receive_message(QueueUrl=QUEUE_URL, MaxNumberOfMessages=MAX_MESSAGES,\n";
    o += "                                  WaitTimeSeconds=WAIT_TIME_S, AttributeNames=[\"ApproximateReceiveCount\"])\n";
    o += "        messages = got.get(\"Messages\", [])\n";
    o += "        if not messages and WAIT_TIME_S == 0:\n            time.sleep(POLL_INTERVAL_S)\n";
    o += "        for m in messages:\n            receipt, done = m[\"ReceiptHandle\"], threading.Event()\n";
    o += "            threading.Thread(target=heartbeat, args=(receipt, done), daemon=True).start()\n";
    o += "            try:\n                handle(m[\"Body\"])\n            except Exception:\n";
    o += &indent(&on_failure_line(c, say), 16);
    match c.on_failure {
        OnFailure::Wait => o += "                continue\n",
        OnFailure::Release => {
            o += "                sqs.change_message_visibility(QueueUrl=QUEUE_URL, ReceiptHandle=receipt, VisibilityTimeout=0)\n                continue\n"
        }
        OnFailure::Ladder => {
            o += "                n = int(m[\"Attributes\"][\"ApproximateReceiveCount\"])\n";
            o += "                step = LADDER_S[min(n, len(LADDER_S)) - 1]\n";
            o += "                sqs.change_message_visibility(QueueUrl=QUEUE_URL, ReceiptHandle=receipt, VisibilityTimeout=step)\n                continue\n";
        }
    }
    o += "            finally:\n                done.set()\n";
    o += "            sqs.delete_message(QueueUrl=QUEUE_URL, ReceiptHandle=receipt)\n\n\n";
    o += &replay_py(c, say);
    o += "\nif __name__ == \"__main__\":\n    for _ in range(CONSUMERS):\n        threading.Thread(target=consume).start()\n";
    Ok(o)
}

fn indent(text: &str, by: usize) -> String {
    format!("{}{text}", " ".repeat(by))
}

fn replay_py(c: &SqsConfig, say: &Say) -> String {
    let lang = say.lang();
    let mut o = String::new();
    match c.replay {
        ReplayBy::MoveTask => {
            o += &say.line(&msg!(lang, "export-sqs-replay-move", rate = c.move_rate_per_s));
            o += "def replay():\n    arn = lambda url: sqs.get_queue_attributes(QueueUrl=url, AttributeNames=[\"QueueArn\"])[\"Attributes\"][\"QueueArn\"]\n";
            o += "    return sqs.start_message_move_task(SourceArn=arn(DLQ_URL), DestinationArn=arn(QUEUE_URL),\n";
            o += "                                       MaxNumberOfMessagesPerSecond=MOVE_RATE_PER_S)\n";
        }
        ReplayBy::Script => {
            o += &say.line(&msg!(lang, "export-sqs-replay-script"));
            o += "def replay(pick=lambda m: True):\n    while True:\n";
            o += "        got = sqs.receive_message(QueueUrl=DLQ_URL, MaxNumberOfMessages=10, WaitTimeSeconds=0,\n";
            o += "                                  MessageAttributeNames=[\"All\"]).get(\"Messages\", [])\n";
            o += "        if not got:\n            return\n        for m in got:\n            if pick(m):\n";
            o += "                send(m[\"MessageId\"], m[\"Body\"])\n";
            o += "                sqs.delete_message(QueueUrl=DLQ_URL, ReceiptHandle=m[\"ReceiptHandle\"])\n";
        }
    }
    o
}

/// JavaScript (ES module) with the AWS SDK v3.
pub fn js(c: &SqsConfig, say: &Say) -> Result<String, ExportError> {
    check(c, say.target)?;
    let lang = say.lang();
    let mut o = String::from("import {\n  SQSClient, GetQueueUrlCommand, GetQueueAttributesCommand, SendMessageCommand,\n");
    o += "  ReceiveMessageCommand, DeleteMessageCommand, ChangeMessageVisibilityCommand,\n";
    o += "  StartMessageMoveTaskCommand,\n} from '@aws-sdk/client-sqs';\n\n";
    o += "const sqs = new SQSClient({});\n";
    o += &format!("const QUEUE = {};\nconst DLQ = {};\n", lit(&c.queue), lit(&c.dlq_name()));
    o += "const url = async (QueueName) => (await sqs.send(new GetQueueUrlCommand({ QueueName }))).QueueUrl;\n";
    o += "const QUEUE_URL = await url(QUEUE);\nconst DLQ_URL = await url(DLQ);\n";
    o += &format!("const FIFO = {};\n", c.fifo);
    o += &format!("const CONTENT_BASED_DEDUPLICATION = {};\n", c.content_based_deduplication);
    o += &format!("const VISIBILITY_TIMEOUT_S = {};\n", secs(c.visibility_timeout_ms));
    o += &format!("const WAIT_TIME_S = {};\n", secs(c.wait_time_ms));
    o += &format!("const POLL_INTERVAL_MS = {};\n", c.poll_interval_ms);
    o += &format!("const MAX_MESSAGES = {};\n", c.batch);
    o += &format!("const CONSUMERS = {};\n", c.consumers);
    o += &format!("const LADDER_S = {};\n", ladder(c));
    o += &format!(
        "const HEARTBEAT_MS = {};\n",
        c.heartbeat_ms.map_or("null".into(), |ms| ms.to_string())
    );
    o += &format!("const MESSAGE_DELAYS_S = {};\n", delays_json(c));
    o += &format!("const MOVE_RATE_PER_S = {};\n\n", c.move_rate_per_s);
    o += &say.line(&msg!(lang, "export-sqs-send"));
    o += "export async function send(id, body, group, dedupId) {\n";
    o += "  const input = { QueueUrl: QUEUE_URL, MessageBody: body };\n";
    o += "  if (FIFO) {\n    input.MessageGroupId = group ?? id;\n";
    o += "    if (!CONTENT_BASED_DEDUPLICATION) input.MessageDeduplicationId = dedupId ?? id;\n";
    o += "  } else if (Object.hasOwn(MESSAGE_DELAYS_S, id)) input.DelaySeconds = MESSAGE_DELAYS_S[id];\n";
    o += "  return sqs.send(new SendMessageCommand(input));\n}\n\n";
    o += &format!(
        "async function handle(body) {{\n  {}  throw new Error('not implemented');\n}}\n\n",
        say.line(&msg!(lang, "export-code-handler"))
    );
    o += "const visibility = (ReceiptHandle, VisibilityTimeout) =>\n";
    o += "  sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: QUEUE_URL, ReceiptHandle, VisibilityTimeout }));\n\n";
    o += "async function consume() {\n  for (;;) {\n";
    o += "    const got = await sqs.send(new ReceiveMessageCommand({ QueueUrl: QUEUE_URL, MaxNumberOfMessages: MAX_MESSAGES,\n";
    o += "      WaitTimeSeconds: WAIT_TIME_S, MessageSystemAttributeNames: ['ApproximateReceiveCount'] }));\n";
    o += "    const messages = got.Messages ?? [];\n";
    o += "    if (messages.length === 0 && WAIT_TIME_S === 0) await new Promise((r) => setTimeout(r, POLL_INTERVAL_MS));\n";
    o += "    for (const m of messages) {\n";
    o += "      const beat = HEARTBEAT_MS && setInterval(() => visibility(m.ReceiptHandle, VISIBILITY_TIMEOUT_S), HEARTBEAT_MS);\n";
    o += "      try {\n        await handle(m.Body);\n      } catch {\n";
    o += &indent(&on_failure_line(c, say), 8);
    match c.on_failure {
        OnFailure::Wait => o += "        continue;\n",
        OnFailure::Release => {
            o += "        await visibility(m.ReceiptHandle, 0);\n        continue;\n"
        }
        OnFailure::Ladder => {
            o += "        const n = Number(m.Attributes.ApproximateReceiveCount);\n";
            o += "        await visibility(m.ReceiptHandle, LADDER_S[Math.min(n, LADDER_S.length) - 1]);\n        continue;\n";
        }
    }
    o += "      } finally {\n        if (beat) clearInterval(beat);\n      }\n";
    o += "      await sqs.send(new DeleteMessageCommand({ QueueUrl: QUEUE_URL, ReceiptHandle: m.ReceiptHandle }));\n    }\n  }\n}\n\n";
    match c.replay {
        ReplayBy::MoveTask => {
            o += &say.line(&msg!(lang, "export-sqs-replay-move", rate = c.move_rate_per_s));
            o += "export async function replay() {\n  const arn = async (QueueUrl) => (await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }))).Attributes.QueueArn;\n";
            o += "  return sqs.send(new StartMessageMoveTaskCommand({ SourceArn: await arn(DLQ_URL),\n";
            o += "    DestinationArn: await arn(QUEUE_URL), MaxNumberOfMessagesPerSecond: MOVE_RATE_PER_S }));\n}\n\n";
        }
        ReplayBy::Script => {
            o += &say.line(&msg!(lang, "export-sqs-replay-script"));
            o += "export async function replay(pick = () => true) {\n  for (;;) {\n";
            o += "    const got = (await sqs.send(new ReceiveMessageCommand({ QueueUrl: DLQ_URL, MaxNumberOfMessages: 10 }))).Messages ?? [];\n";
            o += "    if (got.length === 0) return;\n    for (const m of got.filter(pick)) {\n";
            o += "      await send(m.MessageId, m.Body);\n";
            o += "      await sqs.send(new DeleteMessageCommand({ QueueUrl: DLQ_URL, ReceiptHandle: m.ReceiptHandle }));\n    }\n  }\n}\n\n";
        }
    }
    o += "for (let i = 0; i < CONSUMERS; i++) consume();\n";
    Ok(o)
}
