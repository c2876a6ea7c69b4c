# English: the source text of every message the lib and the UI read from data.
# Syntax: a Fluent subset (see src/i18n/ftl.rs). `{ $name }` is a placeholder, `{ " " }` a
# literal (for blanks at the edges), `{ PLURAL($n, "one", "other") }` an English plural.
# Broker terms (x-dead-letter-exchange, reason values, rule and event names) stay as the
# broker and the goal JSON spell them.

## Shared pieces

# Joins items of a list (queues, routing keys, reasons, times).
list-sep = { ", " }
# Joins clauses about one message (what became of it).
clause-sep = { "; " }
# Joins the failed alternatives of an `any` goal.
or-sep = { "; or " }
# A time in seconds.
time-secs = { $secs } s

## What a message is called in a verdict

name-body = '{ $body }'
name-published-default = the message published to the default exchange with routing key '{ $key }'
name-published = the message published to exchange '{ $exchange }' with routing key '{ $key }'
name-unknown = a message

## Why a copy was dropped (with the dead-lettering that led to it, `-died`, when known)

drop-unroutable = exchange '{ $exchange }' routed it to no queue
drop-no-dlx = it was discarded because its queue has no x-dead-letter-exchange
drop-no-dlx-died = it died in { $queue } ({ $reason }) and was discarded because { $queue } has no x-dead-letter-exchange
drop-dlx-missing = it was dropped because its dead-letter exchange '{ $exchange }' does not exist
drop-dlx-missing-died = it died in { $queue } ({ $reason }) and was dropped because its dead-letter exchange '{ $exchange }' does not exist
drop-no-route = it was dropped because the dead-letter exchange '{ $exchange }' has no binding for routing key { $keys }
drop-no-route-died = it died in { $queue } ({ $reason }) and was dropped because the dead-letter exchange '{ $exchange }' has no binding for routing key { $keys }
drop-cycle = it was dropped as a dead-letter cycle ({ $path })
drop-cycle-died = it died in { $queue } ({ $reason }) and was dropped as a dead-letter cycle ({ $path })
drop-refused = queue { $queue } refused it (x-overflow reject-publish)
drop-queue-gone = queue { $queue } was purged, deleted or expired with it inside
drop-strategy-switched = { $queue } left at-least-once dead-lettering and deleted the dead letters it held

## What became of a message

fate-nowhere = it is nowhere
fate-in = it is in { $queues }
fate-acked = it was acked in { $queue } at { $at } s
fate-dropped = { $how } at { $at } s

## Goal parts: counts, event filters, moments

count-exactly = exactly { $n }
count-at-least = at least { $n }
count-at-most = at most { $n }
count-sep = { " and " }
verdict-wanted = , not { $count }
# An event filter: the event name, then each condition that is set (the others are empty).
filter = '{ $kind }' events{ $queue }{ $reason }{ $rule }{ $ack }
filter-queue = { " " }in { $queue }
filter-reason = { " " }with reason { $reason }
filter-rule = { " " }by the rule { $rule }
filter-ack = { " " }that were acks
filter-nack = { " " }that were nacks
moment-at = at { $at } s
moment-end = at the end

## Verdicts

verdict-goal-met = Goal met: all { $parts } parts hold.
verdict-any-holds = one of the alternatives holds
verdict-none-holds = none of the alternatives holds: { $failed }
verdict-combined = a combined goal cannot be checked as one part
verdict-nothing-lost = no message was lost
verdict-some-lost = a message was lost
verdict-lost-one = a message was lost: { $who } at { $at } s: { $how }
verdict-lost-many = { $count } messages were lost; the first: { $who } at { $at } s: { $how }
verdict-nothing-dropped = nothing was dropped by the rule { $rule }
verdict-dropped-by = a message was dropped by the rule { $rule }
verdict-dropped-at = { $who } was lost at { $at } s by the rule { $rule }: { $how }
verdict-seek-failed = could not go to { $at } s: { $error }
verdict-no-queue = there is no queue { $queue } { $when }
verdict-depth = { $queue } holds { $ready } ready { PLURAL($ready, "message", "messages") } { $when }{ $wanted }
verdict-events = the log has { $count } { $events }{ $wanted }
verdict-never-queued = the message '{ $body }' never reached a queue (was it published, and routed?)
verdict-not-ended-in = the message '{ $body }' did not end in { $queue }: { $fate }
verdict-never-acked = the message '{ $body }' was never acked: { $fate }
verdict-acked-anyway = the message '{ $body }' was acked, which it must not be: { $fate }
verdict-never-dead-lettered = the message '{ $body }' never died with reason { $reason }: it never died
verdict-dead-lettered-only-as = the message '{ $body }' never died with reason { $reason }: it died only as { $reasons }
verdict-never-delivered = the message '{ $body }' was never delivered to a consumer: { $fate }
verdict-deliveries-reached = the message '{ $body }' reached { $reached } after { $count } { PLURAL($count, "delivery", "deliveries") } from { $queue }, not { $wanted }
verdict-deliveries-handled = the message '{ $body }' was handled after { $count } { PLURAL($count, "delivery", "deliveries") } from { $queue }, not { $wanted }
verdict-retries-reached = the message '{ $body }' reached { $reached } after { $count } { PLURAL($count, "retry", "retries") } from { $queue }, not { $wanted }
verdict-retries-handled = the message '{ $body }' was handled after { $count } { PLURAL($count, "retry", "retries") } from { $queue }, not { $wanted }
verdict-spacing-never = the message '{ $body }' waited never before its retries, not { $wanted } (± { $tolerance_ms } ms)
verdict-spacing = the message '{ $body }' waited { $waits } before its retries, not { $wanted } (± { $tolerance_ms } ms)
verdict-message-fate = the message '{ $body }': { $fate }
verdict-unreadable = the scenario cannot be read: { $error }
verdict-does-not-run = the scenario does not run: { $error }
verdict-stalled = the run stopped early: messages loop without any delay
verdict-broker-log = { $line }

## The comparison page: a line for every event of a system's trace

sys-event-published = { $id } was published to { $place }.
sys-event-received = A consumer took { $id } from { $place } (attempt { $attempt }).
sys-event-succeeded = Attempt { $attempt } handled { $id }.
sys-event-duplicate = Attempt { $attempt } handled { $id } again: its effect is now applied twice (a duplicate).
sys-event-already-done = Attempt { $attempt }: the idempotent consumer saw { $id } already done and skipped it.
sys-event-failed = Attempt { $attempt } failed with { $reason }.
sys-event-failed-permanent = Attempt { $attempt } failed with { $reason } (permanent: retrying cannot help).
sys-event-failed-after-effect = Attempt { $attempt } failed with { $reason }, after its effect had happened.
sys-event-failed-permanent-after-effect = Attempt { $attempt } failed with { $reason } (permanent: retrying cannot help), after its effect had happened.
sys-event-waiting-visibility = { $id } waits in { $place } until { $until } s (its visibility timeout).
sys-event-waiting-backoff = { $id } waits in { $place } until { $until } s (its back-off).
sys-event-waiting-next-retry = { $id } waits in { $place } until { $until } s (its next_retry_at).
sys-event-moved = { $id } moved from { $from } to { $place }.
sys-event-dead-lettered = { $id } was dead-lettered from { $from } to { $place } ({ $reason }).
sys-event-lost-retention = { $id } is lost: its retention period ended.
sys-event-lost-logged = { $id } is lost: the error was only logged.
sys-event-lost-removed = { $id } is lost: the failed job was removed (removeOnFail).
sys-event-status = { $id }'s row in { $place } is now { $status }.
sys-event-operator-replay = The operator replayed { $id }.
sys-event-operator-skip = The operator skipped { $id }.
sys-event-operator-edit = The operator edited the payload of { $id }.
sys-event-operator-replay-note = The operator replayed { $id }: “{ $note }”.
sys-event-operator-skip-note = The operator skipped { $id }: “{ $note }”.
sys-event-operator-edit-note = The operator edited the payload of { $id }: “{ $note }”.

## The comparison page: takeaways

sys-takeaway-lost = { $strategies } lost messages (up to { $most }): nothing keeps them.
sys-takeaway-duplicates = { $strategies } applied an effect more than once (up to { $most } times): the consumer is not idempotent.
sys-takeaway-reordered = { $strategies } handled a key's messages out of order (up to { $most }).
sys-takeaway-parked = { $strategies } still hold messages in their dead-letter place (up to { $most }), waiting for an operator.
sys-takeaway-all-completed = { $strategies } completed every message.
sys-more-rows = { $n } more messages are not drawn

## The comparison page: what is wrong with a workload (the field first)

sys-workload-unreadable = the workload is not valid: { $problem }
sys-workload-bad-value = { $path }: { $problem }
sys-workload-no-messages = messages: add at least one message
sys-workload-too-many = messages: { $count } messages is more than the { $max } a workload may hold
sys-workload-duplicate-id = messages: two messages are called '{ $id }'; give each its own id
sys-workload-empty-id = messages[{ $index }].id: give the message a name
sys-workload-horizon = horizon_ms: { $horizon_ms } ms is not a run length; use 1 to { $max_ms } ms (30 days)
sys-workload-process-time = process_ms: { $process_ms } ms is not a handling time; use at least 1 ms and less than horizon_ms
sys-workload-too-many-failures = messages '{ $id }' failure.times: { $times } is more than { $max }; a failure that never ends is `permanent`
sys-workload-unknown-message = operator[{ $action }].select.message: there is no message '{ $id }' in messages
sys-workload-setting = { $field }: { $problem }

## The comparison page: labels, strategy and workload names

sys-title = Dead-letter strategies side by side
sys-intro = One failing workload through RabbitMQ, SQS, Kafka, BullMQ and a database DLQ, on the same virtual clock. Change the workload or a toggle and every strategy runs again.
sys-open-compare = Compare with SQS, Kafka, BullMQ…
sys-back-to-playground = Back to the RabbitMQ playground
sys-open-full-compare = Open the full comparison ↗
sys-workload = Workload
sys-workload-text = Workload and settings (JSON)
sys-apply = Run again
sys-idempotent = Idempotent consumer
sys-idempotent-hint = The consumer records each message it has handled and skips one it has seen done: replays and redeliveries cause no duplicates.
sys-route-direct = Permanent failures skip the retries
sys-route-direct-hint = Bad data goes straight to the dead-letter place (Kafka's exclude, BullMQ's UnrecoverableError, a NonRetryableException) instead of being retried in vain.
sys-side-by-side = Side by side
sys-notice = What to notice
sys-strategy = Strategy
sys-completed = Completed
sys-dead-lettered = Dead-lettered
sys-lost = Lost
sys-skipped = Skipped
sys-in-flight = Still retrying
sys-attempts = Attempts
sys-duplicates = Duplicates
sys-reordered = Out of order
sys-latency-p50 = Latency p50
sys-latency-max = Latency max
sys-figures-hint = At the end of the run. Latency: publish to first success. Out of order: handled after a later message with the same key.
sys-lanes = Each message over time
sys-moment = Moment
sys-pick-message = Click a message's row to read what happened to it.
sys-events = What happened
sys-places = Places
sys-rabbit-name = RabbitMQ (the engine)
sys-rabbit-about = The broker engine itself. By default a rejected message dead-letters to a retry queue, waits its x-message-ttl and comes back, and after the last attempt (x-death's count) the consumer parks it in a DLQ; with "pattern": "quorum_delivery_limit" a quorum queue holds each return back (x-delayed-retry) and dead-letters the message past its x-delivery-limit.
sys-sqs-name = SQS redrive
sys-sqs-about = A failed receive is retried when its visibility timeout ends; past maxReceiveCount receives the message moves to the DLQ, whose retention counts from the original enqueue time.
sys-kafka-name = Kafka retry topics + DLT
sys-kafka-about = Spring's @RetryableTopic: each failure goes to the next retry topic with a longer back-off, the last to the DLT; the main topic keeps flowing, so a key's order can break.
sys-bullmq-name = BullMQ
sys-bullmq-about = Job attempts with exponential back-off (delay × 2^(attempt−1)); after the last attempt the job stays in the failed set until someone retries it.
sys-database-name = Database DLQ
sys-database-about = Failures become table rows (PENDING); a scheduler retries rows whose next_retry_at has come, up to max_retries, then FAILED. Operators query, replay and skip with SQL.
sys-hybrid-name = Hybrid: DLT → database
sys-hybrid-about = Kafka retry topics first; the DLT handler stores each record in a table, and an operator republishes the chosen rows to the original topic.
sys-preset-mixed = Mixed failures
sys-preset-mixed-about = Timeouts, bad data and a bug fixed after two minutes; at five minutes the operator fixes the bad data and replays everything.
sys-preset-poison = One poison message
sys-preset-poison-about = m3 has bad data and fails every attempt. Where does it end up, how long does it take, and does it hold up the rest of its key?
sys-preset-lost-reply = Lost replies
sys-preset-lost-reply-about = The call goes through but its reply times out, so the retry does it again. Turn on the idempotent consumer and the duplicates disappear.
sys-preset-ordering = Keeping a key's order
sys-preset-ordering-about = Six updates to one account; the second fails twice. Which strategies still apply them in order?
sys-preset-bug-fix = Bug, fix, replay
sys-preset-bug-fix-about = A bug fails four messages until a fix is deployed at 200 s; at 240 s the operator replays only the NullPointerException ones.
sys-mark-published = published
sys-mark-succeeded = succeeded
sys-mark-duplicate = succeeded again (duplicate)
sys-mark-failed = attempt failed
sys-mark-dead-lettered = dead-lettered
sys-mark-lost = lost
sys-mark-skipped = skipped
sys-mark-operator = operator
sys-span-working = being handled
sys-span-waiting = waiting to retry
sys-span-parked = in the DLQ / table
sys-operator-title = Act as the operator
sys-operator-hint = Written into the workload at the moment shown, so every strategy runs again with it. Replay sends dead-lettered messages back; edit fixes bad data first.
sys-action-replay = Replay
sys-action-skip = Skip
sys-action-edit = Edit the payload (fix the data)
sys-select-all = every dead-lettered message
sys-select-message = message
sys-select-reason = failed with
sys-note = Note for the audit trail
sys-do-it-at = Do it at
