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

sys-published = { $id } was published to { $place }.
sys-received = A consumer took { $id } from { $place } (attempt { $attempt }).
sys-succeeded = Attempt { $attempt } handled { $id }.
sys-duplicate = Attempt { $attempt } handled { $id } again: its effect is now applied twice (a duplicate).
sys-already-done = Attempt { $attempt }: the idempotent consumer saw { $id } already done and skipped it.
sys-failed = Attempt { $attempt } failed with { $reason }.
sys-failed-permanent = Attempt { $attempt } failed with { $reason } (permanent: retrying cannot help).
sys-failed-after-effect = Attempt { $attempt } failed with { $reason }, after its effect had happened.
sys-failed-permanent-after-effect = Attempt { $attempt } failed with { $reason } (permanent: retrying cannot help), after its effect had happened.
sys-waiting-visibility = { $id } waits in { $place } until { $until } s (its visibility timeout).
sys-waiting-backoff = { $id } waits in { $place } until { $until } s (its back-off).
sys-waiting-next-retry = { $id } waits in { $place } until { $until } s (its next_retry_at).
sys-moved = { $id } moved from { $from } to { $place }.
sys-dead-lettered = { $id } was dead-lettered from { $from } to { $place } ({ $reason }).
sys-lost-retention = { $id } is lost: its retention period ended.
sys-lost-logged = { $id } is lost: the error was only logged.
sys-lost-removed = { $id } is lost: the failed job was removed (removeOnFail).
sys-status = { $id }'s row in { $place } is now { $status }.
sys-operator-replay = The operator replayed { $id }.
sys-operator-skip = The operator skipped { $id }.
sys-operator-edit = The operator edited the payload of { $id }.
sys-operator-replay-note = The operator replayed { $id }: “{ $note }”.
sys-operator-skip-note = The operator skipped { $id }: “{ $note }”.
sys-operator-edit-note = The operator edited the payload of { $id }: “{ $note }”.

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
