"""Plays a plan of `dlx-lab compare --sqs-plan` through a real SQS endpoint and writes what
happened to every message: the times of its receives (ms from the start of the run), whether
a consumer deleted it, whether it is in the DLQ at the end, and how many messages the source
queue still holds.

Usage: run.py PLAN OUT ENDPOINT_URL

The endpoint may be moto's or LocalStack's or ElasticMQ's on this machine, or AWS itself
(https://sqs.REGION.amazonaws.com, with the credentials boto3 finds: AWS_ACCESS_KEY_ID and
so on; without any it signs as "testing", which local servers accept).

The consumers short-poll (WaitTimeSeconds 0, a 10 ms pause when a receive comes back empty),
so a message is received within a few ms of becoming visible, as the model's long-polling
consumers do. Each consumer handles its batch one message after another, sleeping the
workload's `process_ms` per message, and decides each attempt the way the model's consumer
does (crates/systems/src/consumer.rs). The operator's replay is the script the model describes:
receive the DLQ, send each selected message to the source queue, delete it from the DLQ.
The queues get names of their own (a prefix per run) and are deleted at the end.

A message's body is its deduplication id (`dedup_id`, else its own id), so that a producer's
resend repeats the body of the send it repeats; which workload message a copy is travels in
the message attribute `id` (attributes are not part of content-based deduplication). A FIFO
queue without `ContentBasedDeduplication` gets that id as an explicit
`MessageDeduplicationId`.
"""

import json
import os
import sys
import threading
import time

import boto3
from botocore.config import Config

plan_path, out_path, endpoint = sys.argv[1], sys.argv[2], sys.argv[3]
plan = json.load(open(plan_path))
w, cfg = plan["workload"], plan["sqs"]
messages = {m["id"]: m for m in w["messages"]}

client = boto3.client(
    "sqs",
    endpoint_url=endpoint,
    region_name=os.environ.get("AWS_DEFAULT_REGION", "us-east-1"),
    **(
        {}
        if os.environ.get("AWS_ACCESS_KEY_ID") or os.environ.get("AWS_PROFILE")
        else {"aws_access_key_id": "testing", "aws_secret_access_key": "testing"}
    ),
    config=Config(retries={"max_attempts": 0}, max_pool_connections=50),
)

prefix = f"dlxlab{os.getpid()}-"
fifo = cfg["source_attributes"].get("FifoQueue") == "true"
# DLX_SQS_QUEUES="SOURCE_URL DLQ_URL": queues made beforehand (scripts/export-check.sh applies
# the exported CloudFormation template), used as they are and left for their maker to delete.
given = os.environ.get("DLX_SQS_QUEUES", "").split()
if given:
    src_url, dlq_url = given
else:
    dlq_url = client.create_queue(QueueName=prefix + cfg["dlq"], Attributes=cfg["dlq_attributes"])["QueueUrl"]
    dlq_arn = client.get_queue_attributes(QueueUrl=dlq_url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
    source_attributes = dict(cfg["source_attributes"])
    source_attributes["RedrivePolicy"] = json.dumps(
        {"deadLetterTargetArn": dlq_arn, "maxReceiveCount": str(cfg["max_receive_count"])}
    )
    src_url = client.create_queue(QueueName=prefix + cfg["queue"], Attributes=source_attributes)["QueueUrl"]

lock = threading.Lock()
failures = {i: 0 for i in messages}
effects = {i: 0 for i in messages}
edited = set()
receives = {i: [] for i in messages}
deleted = set()
start = time.monotonic()
run_s = plan["run_ms"] / 1000.0
stop = threading.Event()


def now_ms():
    return (time.monotonic() - start) * 1000.0


def sleep_until(ms):
    while not stop.is_set():
        left = ms - now_ms()
        if left <= 0:
            return
        time.sleep(min(left, 50) / 1000.0)


content_based = cfg["source_attributes"].get("ContentBasedDeduplication") == "true"


def dedup_key(mid):
    return messages[mid].get("dedup_id") or mid


def send(url, mid, first=False):
    extra = {"MessageGroupId": messages[mid].get("key") or mid} if fifo else {}
    if fifo and not content_based:
        extra["MessageDeduplicationId"] = dedup_key(mid)
    if first and mid in cfg.get("message_delays_s", {}):
        extra["DelaySeconds"] = cfg["message_delays_s"][mid]
    client.send_message(
        QueueUrl=url,
        MessageBody=json.dumps({"message": dedup_key(mid)}),
        MessageAttributes={"id": {"DataType": "String", "StringValue": mid}},
        **extra,
    )


def workload_id(msg):
    return msg["MessageAttributes"]["id"]["StringValue"]


def attempt(mid, at_ms):
    """The model's consumer: (ok, permanent)."""
    m = messages[mid]
    f = m.get("failure", {"kind": "none"})
    with lock:
        if w.get("idempotent") and effects[mid] > 0:
            return True, False
        kind = f["kind"]
        fails = False
        permanent = False
        after_effect = False
        if kind == "transient":
            fails = failures[mid] < f["times"]
            after_effect = f.get("after_effect", False)
        elif kind == "permanent":
            fails = mid not in edited
            permanent = True
        elif kind == "bug":
            fix = w.get("fix_deployed_at_ms")
            fails = fix is None or at_ms < fix
        if fails:
            failures[mid] += 1
            if after_effect:
                effects[mid] += 1
            return False, permanent
        effects[mid] += 1
        return True, False


def change_visibility(handle, seconds):
    try:
        client.change_message_visibility(QueueUrl=src_url, ReceiptHandle=handle, VisibilityTimeout=seconds)
    except client.exceptions.ClientError:
        pass


deleting = []


def delete_later(url, handle, then=None):
    """DeleteMessage in the background: the model's consumer is free the moment it has
    handled a message, so the next receive must not wait for this round trip."""

    def go():
        client.delete_message(QueueUrl=url, ReceiptHandle=handle)
        if then:
            then()

    t = threading.Thread(target=go)
    t.start()
    deleting.append(t)


ready = threading.Barrier(cfg["consumers"] + 2)
go = threading.Event()


def warm_up():
    """One call before the clock starts, so that no thread's first receive pays for opening
    its connection; then wait for every other thread."""
    client.get_queue_attributes(QueueUrl=src_url, AttributeNames=["QueueArn"])
    ready.wait()
    go.wait()


def consumer():
    warm_up()
    while not stop.is_set() and now_ms() < plan["run_ms"]:
        # The receive counts from when it was asked for: the model's consumer receives the
        # moment it is free, whatever the round trip costs.
        at = now_ms()
        got = client.receive_message(
            QueueUrl=src_url,
            MaxNumberOfMessages=cfg["batch"],
            WaitTimeSeconds=0,
            AttributeNames=["ApproximateReceiveCount"],
            MessageAttributeNames=["id"],
        ).get("Messages", [])
        if not got:
            # Short polling pauses as the plan says, counted from when the empty receive was
            # asked for (the model's polls fall on that grid); long polling is approximated by
            # polls 5 ms apart.
            sleep_until(at + cfg.get("poll_pause_ms", 5))
            continue
        batch = []
        with lock:
            for msg in got:
                mid = workload_id(msg)
                receives[mid].append(round(at))
                batch.append((mid, msg))
        pending = [msg["ReceiptHandle"] for _, msg in batch]
        done = at
        for mid, msg in batch:
            handle = msg["ReceiptHandle"]
            done += w["process_ms"]
            beat = cfg.get("heartbeat_ms")
            next_beat = at + beat if beat else None
            while now_ms() < done and not stop.is_set():
                if next_beat is not None and next_beat <= done:
                    sleep_until(next_beat)
                    for h in pending:
                        change_visibility(h, cfg["visibility_timeout_s"])
                    next_beat += beat
                else:
                    sleep_until(done)
            pending.remove(handle)
            ok, permanent = attempt(mid, done)
            if ok:

                def mark(mid=mid):
                    with lock:
                        deleted.add(mid)

                delete_later(src_url, handle, mark)
                continue
            if permanent and w.get("route_permanent_directly"):
                send(dlq_url, mid)
                client.delete_message(QueueUrl=src_url, ReceiptHandle=handle)
                continue
            count = int(msg["Attributes"]["ApproximateReceiveCount"])
            if cfg["on_failure"] == "release":
                change_visibility(handle, 0)
            elif cfg["on_failure"] == "ladder":
                ladder = cfg["ladder_s"]
                change_visibility(handle, ladder[min(count - 1, len(ladder) - 1)])


def read_all(url):
    """Every message in the queue, received once (hidden for a minute), by id."""
    found = {}
    for _ in range(100):
        got = client.receive_message(
            QueueUrl=url, MaxNumberOfMessages=10, WaitTimeSeconds=0, VisibilityTimeout=60, MessageAttributeNames=["id"]
        ).get("Messages", [])
        if not got:
            break
        for msg in got:
            found[workload_id(msg)] = msg["ReceiptHandle"]
    return found


def picks(action, mid):
    select = action.get("select", "all")
    if select == "all":
        return True
    if "message" in select:
        return select["message"] == mid
    reason = messages[mid].get("failure", {}).get("reason")
    if reason is None:
        reason = {"transient": "TimeoutError", "permanent": "ValidationError", "bug": "NullPointerException"}.get(
            messages[mid].get("failure", {}).get("kind"), "")
    return select["reason"] in reason


def operator():
    warm_up()
    for action in sorted(w.get("operator", []), key=lambda a: a["at_ms"]):
        sleep_until(action["at_ms"])
        if stop.is_set():
            return
        if action["do"] == "edit":
            with lock:
                edited.update(m for m in messages if picks(action, m))
            continue
        in_dlq = read_all(dlq_url)
        for mid, handle in in_dlq.items():
            if not picks(action, mid):
                client.change_message_visibility(QueueUrl=dlq_url, ReceiptHandle=handle, VisibilityTimeout=0)
                continue
            if action["do"] == "replay":
                send(src_url, mid)
            client.delete_message(QueueUrl=dlq_url, ReceiptHandle=handle)
            if action["do"] == "skip":
                with lock:
                    deleted.add(mid)


def play():
    global start
    threads = [threading.Thread(target=consumer, daemon=True) for _ in range(cfg["consumers"])]
    threads.append(threading.Thread(target=operator, daemon=True))
    for t in threads:
        t.start()
    client.get_queue_attributes(QueueUrl=src_url, AttributeNames=["QueueArn"])
    ready.wait()
    start = time.monotonic()
    go.set()
    for m in sorted(w["messages"], key=lambda m: m.get("publish_at_ms", 0)):
        sleep_until(m.get("publish_at_ms", 0))
        send(src_url, m["id"], first=True)
    sleep_until(plan["run_ms"])
    stop.set()
    for t in threads + deleting:
        t.join()


def finish():
    in_dlq = set(read_all(dlq_url))
    counts = client.get_queue_attributes(
        QueueUrl=src_url,
        AttributeNames=["ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible", "ApproximateNumberOfMessagesDelayed"],
    )["Attributes"]
    return in_dlq, counts


try:
    play()
    in_dlq, counts = finish()
finally:
    # The queues go, also after an error: nothing of the run is left on the endpoint.
    stop.set()
    for url in () if given else (src_url, dlq_url):
        try:
            client.delete_queue(QueueUrl=url)
        except Exception as e:  # noqa: BLE001 - report and go on deleting
            print(f"run.py: could not delete {url}: {e}", file=sys.stderr)
json.dump(
    {
        "messages": [
            {"id": i, "receives_ms": receives[i], "deleted": i in deleted, "in_dlq": i in in_dlq}
            for i in messages
        ],
        "source_count": sum(int(v) for v in counts.values()),
    },
    open(out_path, "w"),
)
