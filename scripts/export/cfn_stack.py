"""Applies an exported CloudFormation template to an endpoint (moto's server in
scripts/export-check.sh) and prints the queue URLs it made, or deletes the stack.

Usage: cfn_stack.py create TEMPLATE ENDPOINT STACK   (prints "SOURCE_URL DLQ_URL")
       cfn_stack.py delete ENDPOINT STACK
"""

import sys
import time

import boto3

KEYS = {"aws_access_key_id": "testing", "aws_secret_access_key": "testing", "region_name": "us-east-1"}


def client(endpoint):
    return boto3.client("cloudformation", endpoint_url=endpoint, **KEYS)


if sys.argv[1] == "create":
    template, endpoint, stack = sys.argv[2:5]
    cf = client(endpoint)
    cf.create_stack(StackName=stack, TemplateBody=open(template).read())
    for _ in range(300):
        s = cf.describe_stacks(StackName=stack)["Stacks"][0]
        if s["StackStatus"] != "CREATE_IN_PROGRESS":
            break
        time.sleep(0.1)
    if s["StackStatus"] != "CREATE_COMPLETE":
        sys.exit(f"cfn_stack.py: {stack} is {s['StackStatus']}: {s.get('StackStatusReason')}")
    out = {o["OutputKey"]: o["OutputValue"] for o in s["Outputs"]}
    # The queues really have the template's attributes (the comparer then checks behaviour).
    sqs = boto3.client("sqs", endpoint_url=endpoint, **KEYS)
    attrs = sqs.get_queue_attributes(QueueUrl=out["SourceQueueUrl"], AttributeNames=["All"])["Attributes"]
    if out["DeadLetterQueueArn"] not in attrs.get("RedrivePolicy", ""):
        sys.exit(f"cfn_stack.py: the source queue's RedrivePolicy does not name the DLQ: {attrs}")
    print(out["SourceQueueUrl"], out["DeadLetterQueueUrl"])
else:
    endpoint, stack = sys.argv[2:4]
    client(endpoint).delete_stack(StackName=stack)
