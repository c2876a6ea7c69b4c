"""Parses an exported Terraform file with the pinned python-hcl2 and checks its resources and
attributes against the queues' settings in a `dlx-lab compare --sqs-plan` of the same
comparison (exported with the same --time-scale).

Usage: check_tf.py FILE.tf PLAN.json
"""

import json
import re
import sys

import hcl2

tf = hcl2.load(open(sys.argv[1]))
sqs = json.load(open(sys.argv[2]))["sqs"]
resources = {}
for block in tf.get("resource", []):
    for kind, named in block.items():
        for name, body in named.items():
            resources[(kind.strip('"'), name.strip('"'))] = body


def value(body, key):
    v = body.get(key)
    return v.strip('"') if isinstance(v, str) else v


src = resources[("aws_sqs_queue", "source")]
dlq = resources[("aws_sqs_queue", "dead_letter")]
allow = resources[("aws_sqs_queue_redrive_allow_policy", "dead_letter")]
attrs = sqs["source_attributes"]
want = [
    (value(src, "name"), sqs["queue"]),
    (value(dlq, "name"), sqs["dlq"]),
    (str(value(src, "visibility_timeout_seconds")), attrs["VisibilityTimeout"]),
    (str(value(src, "delay_seconds")), attrs["DelaySeconds"]),
    (bool(value(src, "fifo_queue")), attrs.get("FifoQueue") == "true"),
    (bool(value(dlq, "fifo_queue")), attrs.get("FifoQueue") == "true"),
]
bad = [(got, expected) for got, expected in want if got != expected]
policy = str(src.get("redrive_policy"))
count = re.search(r"maxReceiveCount\W+(\d+)", policy)
if not count or int(count.group(1)) != sqs["max_receive_count"] or "aws_sqs_queue.dead_letter.arn" not in policy:
    bad.append((policy, f"maxReceiveCount {sqs['max_receive_count']} to aws_sqs_queue.dead_letter.arn"))
if "aws_sqs_queue.dead_letter.id" not in str(allow.get("queue_url")):
    bad.append((allow.get("queue_url"), "the DLQ's url"))
if bad:
    sys.exit(f"check_tf.py: {sys.argv[1]} differs from the settings: {bad}")
print(f"check_tf.py: {len(resources)} resources, {len(want) + 2} attributes as the settings say")
