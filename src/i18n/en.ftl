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
drop-no-route-fanout = it was dropped because no queue is bound to the fanout dead-letter exchange '{ $exchange }' (a fanout exchange ignores routing keys)
drop-no-route-fanout-died = it died in { $queue } ({ $reason }) and was dropped because no queue is bound to the fanout dead-letter exchange '{ $exchange }' (a fanout exchange ignores routing keys)
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

verdict-goal-met = Goal met: { $parts } of { $parts } { PLURAL($parts, "part holds", "parts hold") }.
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
verdict-lint = { $subject }: { $text }
verdict-trace-fate-completed = handled
verdict-trace-fate-dead-lettered = dead-lettered
verdict-trace-fate-skipped = skipped by the operator
verdict-trace-fate-lost = lost
verdict-trace-fate-in-flight = still on its way
verdict-trace-ended = { $id } ended as '{ $fate }' at { $at } s, after { $attempts } { PLURAL($attempts, "attempt", "attempts") }
verdict-trace-ended-untouched = { $id } is '{ $fate }': nothing happened to it
verdict-trace-wrong-end = { $id } was to end as '{ $wanted }', but it ended as '{ $got }': its last step was at { $at } s, after { $attempts } { PLURAL($attempts, "attempt", "attempts") }
verdict-trace-wrong-end-untouched = { $id } was to end as '{ $wanted }', but nothing happened to it
verdict-trace-wrong-end-by = by { $by } s { $id } was to be '{ $wanted }', but it was '{ $got }' (its last step by then at { $at } s, after { $attempts } { PLURAL($attempts, "attempt", "attempts") })
verdict-trace-wrong-end-late = by { $by } s { $id } was to be '{ $wanted }', but it was '{ $got }': it got there only at { $reached } s
verdict-trace-attempts = { $id } was tried { $count } { PLURAL($count, "time", "times") }, the last at { $last } s{ $wanted }
verdict-trace-attempts-none = { $id } was never tried{ $wanted }
verdict-trace-attempts-ok = { $id } was tried { $count } { PLURAL($count, "time", "times") }
verdict-trace-no-message = the workload has no message { $id }
verdict-trace-none-fails-with = no message of the workload fails with { $reason }
verdict-trace-no-duplicates = no effect was applied twice
verdict-trace-duplicate = { $id } was handled twice: attempt { $attempt } applied its effect again at { $at } s ({ $count } { PLURAL($count, "duplicate", "duplicates") } in all)
verdict-trace-duplicates = { $count } { PLURAL($count, "effect was", "effects were") } applied again{ $wanted }
verdict-trace-duplicates-first = { $count } { PLURAL($count, "effect was", "effects were") } applied again{ $wanted }; the first by { $id }, attempt { $attempt } at { $at } s
verdict-trace-nothing-lost = no message was lost
verdict-trace-lost = { $count } { PLURAL($count, "message was", "messages were") } lost; the first at { $at } s: { $how }
verdict-trace-order-kept = every key's messages were handled in the order they were published
verdict-trace-out-of-order = { $later } was handled at { $at } s, before { $overtaken }, published earlier with the same key { $key } (handled at { $done } s)
verdict-trace-fate-count = { $count } { PLURAL($count, "message", "messages") } ended as '{ $fate }'{ $wanted }
verdict-trace-not-runnable = the comparison cannot run: { $error }

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
sys-event-waiting-delay = { $id } waits in { $place } until { $until } s (the queue's delivery delay, DelaySeconds).
sys-event-moved = { $id } moved from { $from } to { $place }.
sys-event-dead-lettered = { $id } was dead-lettered from { $from } to { $place } ({ $reason }).
sys-event-lost-retention = { $id } is lost: its retention period ended.
sys-event-lost-logged = { $id } is lost: the error was only logged.
sys-event-lost-removed = { $id } is lost: the failed job was removed (removeOnFail).
sys-event-lost-trimmed = { $id } is lost: newer failures pushed it out of the bounded failed set (removeOnFail count or age).
sys-event-lost-deduplicated = { $id } is lost: the FIFO queue accepted the send and never delivered it, because the same deduplication id was sent less than 5 minutes before.
sys-event-refused-move-task = The redrive of { $id } was refused: a move task is already running on { $place } (SQS runs one at a time per queue).
sys-event-refused-lock = BullMQ would not finish { $id }: its lock expired while the handler blocked the event loop (lockDuration), so the result is lost and the job stays active.
sys-event-stalled = The stalled-job checker found { $id } active without a lock and put it back at the front of { $place } (stalled { $count } times; past maxStalledCount it fails).
sys-event-interrupted = The scheduler died while handling { $id }: its row in { $place } stays PROCESSING, and a query for PENDING rows never finds it again unless a reaper frees it.
sys-event-op-replay-reached = At { $at } s, the replay reached { $ids }.
sys-event-op-replay-nothing = At { $at } s, the replay reached no message.
sys-event-op-skip-reached = At { $at } s, the skip reached { $ids }.
sys-event-op-skip-nothing = At { $at } s, the skip reached no message.
sys-event-op-edit-reached = At { $at } s, the payload fix reached { $ids }.
sys-event-op-edit-nothing = At { $at } s, the payload fix reached no message.
sys-event-op-missed-in-flight = { $id } was not in the dead-letter place yet: it was still being retried.
sys-event-op-missed-completed = { $id } was not in the dead-letter place: it had already been handled.
sys-event-op-missed-lost = { $id } was not in the dead-letter place: it was already lost.
sys-event-op-missed-skipped = { $id } was not in the dead-letter place: it had been skipped.
sys-event-op-missed-dead = { $id } was dead-lettered, but this action did not reach it there.
sys-event-headers = { $id } arrived in { $place } carrying the headers { $headers }.
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
sys-takeaway-seed-alert = BullMQ: a failed listener that alerts when attemptsMade === 5, as the seed's does, would miss { $missed } jobs that failed for good and send { $early } alerts for jobs that were still retrying; the worker emits failed on every failed attempt, so check job.attemptsMade >= job.opts.attempts or listen for the final state.
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
sys-workload-too-many-events = this workload's runs would make more than { $limit } events together ({ $strategy }'s run passed the limit at { $at_s } s of virtual time): use fewer messages, fewer failures per message (failure.times), fewer operator replays, or a shorter horizon_ms

## The comparison page: labels, strategy and workload names

sys-tours-title = Guided tours of the strategies
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
sys-notice-at = What to notice at { $time } s
sys-notice-end = What to notice at the end of the run
sys-notice-nothing-yet = Nothing to notice yet at this moment: press Play or move the slider.
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
sys-figures-hint = At the moment shown above (move the slider or press Play to watch them change). Latency: publish to first success. Out of order: handled after a later message with the same key.
sys-lanes = Each message over time
sys-lanes-beside = Beside it
sys-lanes-beside-none = nothing (one strategy)
sys-moment = Moment
sys-pick-message = Click a message's row to read what happened to it.
sys-events = What happened
sys-places = Places
sys-rabbit-name = RabbitMQ (the engine)
sys-rabbit-about = The broker engine itself. By default a rejected message dead-letters to a retry queue, waits its x-message-ttl and comes back, and after the last attempt (x-death's count) the consumer parks it in a DLQ; with "pattern": "quorum_delivery_limit" a quorum queue holds each return back (x-delayed-retry) and dead-letters the message past its x-delivery-limit.
sys-sqs-name = SQS redrive
sys-sqs-about = A failed receive is retried when its visibility timeout ends; past maxReceiveCount receives the message moves to the DLQ, whose retention counts from the original enqueue time.
sys-sqs-setup = SQS { $kind } queue { $queue } → { $dlq } (RedrivePolicy maxReceiveCount { $max }), VisibilityTimeout { $visibility } s; { $replay }
sys-sqs-kind-standard = standard
sys-sqs-replay-script = replay: a consumer-side script (ReceiveMessage, SendMessage, DeleteMessage)
sys-sqs-replay-move-task = replay: StartMessageMoveTask at { $rate } messages/s (the whole DLQ, no selection)
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
sys-mark-refused = refused
sys-mark-stalled = stalled, back to wait
sys-span-working = being handled
sys-span-waiting = waiting to retry
sys-span-parked = in the DLQ / table
sys-operator-title = Act as the operator
sys-operator-hint = Written into the workload at the moment shown, so every strategy runs again with it. Replay sends dead-lettered messages back; edit fixes bad data first.
sys-operator-report-title = What the operator did under { $strategy }
sys-assume-title = What the model assumes where the seed's code is silent, and where the vendor's documents and code disagree
sys-assume-db-order = findPendingForRetry returns the due rows oldest next_retry_at first (the seed gives no ORDER BY).
sys-assume-db-reset = updateForRetry also sets the row back to PENDING (the seed's call passes no status); retry_resets_pending set to false shows the code as written.
sys-assume-db-pass = A pass handles its rows one after another, and the next pass starts fixed_delay after the last one ended.
sys-assume-db-instances = Every scheduler instance starts at the same moment.
sys-assume-db-operator = The operator's replay sets a FAILED row back to PENDING, due now, retry_count 0; skip sets SKIPPED (the seed shows no operator code for this table).
sys-assume-hybrid-ids = Picking a message by id gives every row of it, whatever its status; every message, or a reason, gives the open rows (PENDING or FAILED), as the API's status filter lists them.
sys-assume-hybrid-once = Several rows of one message in one action send it once.
sys-assume-kafka-dlt-time = The DLT handler works on each record for the same handling time as the listener (process_ms); the seed does not say how long it takes.
sys-assume-kafka-max-delay = Spring Kafka 4.0.7's reference (retrytopic/features.adoc l. 58-59) still promises a 30 s default maximum delay; 4.0's code has none (annotation/BackOffFactory.java l. 69-92; Spring Framework's ExponentialBackOff, DEFAULT_MAX_DELAY = Long.MAX_VALUE). The model follows the code: 5, 10, 20, 40 s. Under 3.3 the 30 s cap is real (Spring Retry's ExponentialBackOffPolicy).
sys-assume-kafka-traversing = traversingCauses's Javadoc (annotation/RetryableTopic.java l. 154-158) promises true by default when include or exclude is given; the code leaves it false unless the attribute is written (RetryableTopicAnnotationProcessor.java l. 138-145). The model follows the code: a wrapped cause is not looked at.
sys-action-replay = Replay
sys-action-skip = Skip
sys-action-edit = Edit the payload (fix the data)
sys-select-all = every dead-lettered message
sys-note = Note for the audit trail

## The playground: labels, buttons, hints

ui-app-title = DLX Lab
ui-language = Language
ui-tagline = A dead-lettering playground: watch where every message goes, and why.
ui-preset = Scenario
ui-profile = Broker
ui-seed = Seed
ui-play = Play
ui-pause = Pause
ui-step-next = Next event
ui-step-back = Previous event
ui-speed = Speed
ui-time = Time
ui-scrubber = Move through the run
ui-reduced-motion = Reduced motion
ui-teaches = What it teaches:
ui-topology = Topology: exchanges, queues and the arrows between them
ui-legend = Legend
ui-legend-publish = publish
ui-legend-binding = binding (routes to a queue)
ui-legend-dead-letter = dead-letter (to the queue's DLX)
ui-legend-consume = delivery to a consumer
ui-kind-publisher = publisher
ui-kind-exchange = exchange
ui-kind-queue = queue
ui-kind-consumer = consumer
ui-missing = does not exist
ui-consumers = consumers of
ui-publishers = publishers
ui-default-exchange = (default)
ui-nothing-selected = Nothing selected
ui-select-hint = Click a message (a dot, or an entry in the log) to see its headers; click a node to see its settings.
ui-properties = Properties
ui-headers = Headers
ui-header-name = name
ui-header-value = value
ui-header-type = type
ui-x-death-at-hops = x-death at each hop
ui-no-x-death = no x-death yet
ui-change-new = new entry
ui-change-carried = carried in with the message (a client published it with this history; no death here)
ui-change-count-up = count incremented
ui-change-moved = entry moved
ui-body = body
ui-routing-keys = routing keys
ui-exchange = exchange
ui-fate = fate
ui-event-log = Event log
ui-filter-queue = Queue
ui-filter-message = Message #
ui-filter-fate = Fate
ui-all = all
ui-no-events = No events yet: press Play or Next event.
ui-jump-to = Jump to this moment
ui-depth-chart = Queue depth over time
ui-depth-chart-hint = Ready messages per queue; dead-letter queues are drawn thick. Point at the chart to read the depths, click to go to that moment.
ui-alerts = DLQ alerts
ui-no-alerts = No alert so far. A dead-letter queue alerts when it stays non-empty too long, grows too deep or takes in too many messages in an hour (thresholds: the scenario's "alerts").
ui-act-now = Act now
ui-act-what = Action
ui-act-publish = publish a message
ui-act-replay = replay the head of a queue (publish it again)
ui-act-replay-to = to
ui-act-replay-origin = where it first died (x-first-death-exchange and its routing key)
ui-act-replay-exchange = an exchange I choose
ui-act-purge = purge a queue
ui-act-hint = The action is written into the scenario's timeline at this moment, so a link or a reload replays it; edit or remove it in the scenario JSON.
ui-act-no-timeline = the scenario's timeline is not a list: fix it in the JSON first
ui-field-expiration = expiration (ms)
ui-act-set-policy = set a policy
ui-act-clear-policy = clear a policy
ui-field-policy-name = policy name
ui-field-pattern = pattern (regex)
ui-field-definition = definition (JSON)
ui-editor = Scenario JSON
ui-apply = Apply
ui-scenario-ok = Scenario loaded.
ui-import-definitions = Import RabbitMQ definitions
ui-import-hint = Paste a definitions file (rabbitmqctl export_definitions or the HTTP API's /api/definitions), or choose or drop a .json file.
ui-import-button = Import
ui-choose-file = Choose a .json file
ui-imported-title = Imported definitions
ui-import-ok = Definitions imported: the topology is in the playground.
ui-import-warnings = Read but not simulated
ui-import-lints = Lints (with the reason)
ui-no-lints = No lints: nothing looks wrong with the dead-lettering.
ui-export-topology = Export the topology
ui-export-format = Format
ui-format-definitions = Definitions JSON (rabbitmqctl import_definitions)
ui-format-policies = rabbitmqctl set_policy lines
ui-format-java = Java (amqp-client)
ui-format-amqplib = Node.js (amqplib)
ui-format-pika = Python (pika)
ui-copy-text = Copy
ui-download-file = Download
ui-copied-text = Copied.
ui-copy-failed = Copying failed: select the text and copy it by hand.
ui-add-item = Add
ui-add-queue = queue
ui-add-exchange = exchange
ui-add-binding = binding
ui-add-policy = policy
ui-add-publisher = publisher
ui-add-consumer = consumer
ui-field-name = name / pattern
ui-field-exchange = exchange
ui-field-queue = queue
ui-field-key = routing key
ui-error-line = line
ui-bad-saved = The saved work could not be restored.
ui-draft-restored = Your edits from before the reload are back; they are not applied yet.
ui-stalled = The run stopped early: an endless zero-delay loop.
ui-share = Link to this moment
ui-fatal-title = DLX Lab stopped because of a bug. Reload the page to start again.
ui-keys = Keys: Space play/pause · → next event · ← previous event · Shift+←/→ one second
ui-dismiss = Dismiss
ui-loading-run = Computing the run: { $percent } % of its time, { $events } events so far.
ui-loading-read = Reading the run for the views: { $percent } % of its { $events } events.
ui-cancel-load = Cancel
ui-compare-computing = Running the workload through every system: { $percent } %.
notice-load-cancelled = Loading was cancelled. The scenario you had stays loaded, and your text stays in the editor.
notice-interrupted = This page stopped the last time while it was loading a linked or saved scenario, so it was not run again. It is kept: open it again, or forget it.
notice-interrupted-open = Open it again
notice-interrupted-forget = Forget it
notice-interrupted-draft = This page stopped the last time while it ran your text, so it was not run again. Your text is still in the editor: run or check it when you are ready.
ui-element-snippet-hint = For a documentation page: the <dlx-lab> element (sized to its content, loaded when scrolled to)
ui-open-full = Open in DLX Lab
ui-inspector-title = Inspector
ui-share-embed = Embed
ui-zoom = Zoom
ui-zoom-in = Zoom in
ui-zoom-out = Zoom out
ui-zoom-fit = Fit
ui-share-link = Copy link
ui-link-copied = Copied: the link opens this scenario at this moment.
ui-link-to-copy = Copy this link to open this scenario at this moment:
ui-edit-beside = Edit beside the graph
ui-edit-below = Edit below the graph
ui-embed-snippet-hint = Paste this line into a web page to embed this scenario, starting at this moment:
ui-tour-menu = Guided tour
ui-tour-choose = Choose a tour…
ui-tour-back = Back
ui-tour-next = Next
ui-tour-close = End the tour
ui-workshop = Workshop: dead-lettering exercises
ui-workshop-intro = Each exercise starts from a broken or missing setup. Edit the scenario, press Check, and the engine runs it and judges the goal. Your progress stays in this browser.
ui-solved = Solved
ui-back-to-playground = ← The playground
ui-back-to-workshop = ← All exercises
ui-check = Check
ui-check-passed = Solved! The goal is met.
ui-check-failed = Not yet: the goal is not met.
ui-run-scenario = Run it
ui-show-hint = Show a hint
ui-reveal-solution = Reveal the solution
ui-solution-shown = The solution is in the editor. Why it works:
ui-start-over = Start over
ui-next-exercise = Next exercise →

## Acting on the run by hand: errors (the field first in English)

act-no-such-exchange = exchange: no exchange is named '{ $name }'
act-no-such-queue = queue: no queue is named '{ $name }'
act-bad-expiration = expiration (ms): '{ $value }' is not a whole number of milliseconds
act-bad-definition = definition (JSON): '{ $value }' is not a JSON object such as { "{" }"message-ttl": 5000{ "}" }
act-done = Added to the scenario's timeline at { $at } s
workshop-unknown-exercise = There is no exercise called '{ $id }'.
workshop-summary-title = Your summary for the trainer
workshop-summary-about = Copy it and send it to your trainer: which exercises you solved, how many checks you ran and how many hints you opened. It is kept in this browser only.
workshop-copy-summary = Copy the summary
workshop-summary-copied = Copied.
workshop-summary-copy-by-hand = Select the summary and copy it.
workshop-start-again = Start this workshop again in this browser
workshop-start-again-sure = Forget every solved exercise, check, hint and text of this workshop? Press again to do it.
workshop-leave = Leave this workshop: show the built-in exercises
workshop-summary-head = DLX Lab workshop: { $title }
workshop-summary-totals = Solved { $solved } of { $total } · { $checks } { PLURAL($checks, "check", "checks") } · { $hints } { PLURAL($hints, "hint", "hints") }
workshop-summary-line = { $mark } { $id }: { $checks } { PLURAL($checks, "check", "checks") }, { $hints } { PLURAL($hints, "hint", "hints") }
workshop-broker-heading = RabbitMQ: dead-letter exchanges
workshop-systems-heading = The other systems: SQS, Kafka, BullMQ, a database table, the hybrid
workshop-comparison-editor = Your comparison: the workload and the system's settings
workshop-comparison-editor-about = Edit the JSON and press Check: the system runs the workload on the virtual clock, and the goal is judged on what happened to each message.
act-refused = The broker refused it: { $error }
act-empty-queue = queue: { $name } is empty now: nothing to replay
act-no-origin = queue: the message at the head of { $name } was never dead-lettered (no x-first-death-exchange), so it has no origin: choose an exchange
act-would-be-lost = exchange { $exchange } routes this message to no queue, so it would be lost. Press the button again to do it anyway.

## Notices: the cause first, then what is kept

notice-bad-link = This link could not be opened: { $problem }. What you had is kept.
notice-link-scenario = This link could not be opened: { $problem }. What you had is kept.

## What is wrong with a field of a scenario, exercise or definitions file (after its JSON path)

error-syntax = the scenario is not valid JSON (line { $line }, column { $column }): { $problem }
error-field = { $path }: { $problem }
problem-not-object = must be an object
problem-not-string = must be a string
problem-missing-string = is missing (a string is required)
problem-not-unsigned = must be a whole number from 0 to { $max }, not { $value }
problem-missing-number = is missing (a whole number is required)
problem-not-integer = must be a whole number, not { $value }
problem-not-bool = must be true or false
problem-not-string-list = must be a list of strings
problem-not-list = must be a list
problem-out-of-range = must be a whole number from 0 to { $max }
problem-not-timestamp = must be whole seconds since 1970
problem-header-too-deep = nested deeper than { $max } levels
problem-header-bad-timestamp = a timestamp must be a whole, non-negative number of seconds
problem-header-not-table = must be an object of header names to values
problem-missing = is missing
problem-empty = must not be empty
problem-unknown-key = is not a known field (known: { $known })
problem-version = version { $version } is not supported (this build reads version { $supported })
problem-unknown-profile = unknown profile '{ $name }': use one of rabbitmq-3.10, rabbitmq-4
problem-duration = must be from 1 to { $max } (one day)
problem-pace = must be a playing speed from 0.1 to 1000 (times real time)
problem-list-too-long = has { $count } entries; the simulator takes at most { $limit }: make the scenario smaller
problem-name-too-long = is { $bytes } bytes long; a name is at most { $limit } bytes (an AMQP short string): shorten it
problem-policy-work = would make matching the policies' patterns against the names too slow ({ $work } units of work, at most { $limit }: each pattern's compiled size times the bytes of the names it is matched against): use fewer or simpler patterns, or fewer or shorter names
problem-behaviour = { $problem } (kinds: { $kinds })
problem-prefetch-too-big = must be at most { $max }
problem-refused = the broker refused it: { $error }
problem-run-too-big = the run makes more than { $limit } events by { $secs } s, the playground's limit: shorten duration_ms or publish fewer messages (a publisher's count or every_ms)
problem-run-too-large = the run would hold about { $mb } MB of memory by { $secs } s, more than the page's { $limit } MB: shorten duration_ms, publish fewer messages (a publisher's count or every_ms) or smaller ones (body)
problem-no-such-preset = no preset called '{ $id }'
problem-no-such-tour = no tour called '{ $id }'
problem-no-such-exercise = no exercise called '{ $id }'
problem-missing-steps = is missing (a list of steps is required)
problem-unknown-op = unknown op '{ $op }' (see the conformance README for the list of ops)
problem-no-routing-keys = must list at least one routing key
problem-replay-target = is { $value }: write "origin" to send the message back where it first died, or leave "to" out and give "exchange" and "routing_key"
problem-not-translations = must be an object of translated texts
problem-not-text = must be a string or a list of strings
problem-not-translatable = is not a text that can be translated (texts: { $texts })
problem-not-language-map = must be an object keyed by language (ko, zh-CN)
problem-english-translation = English is the text itself, not a translation
problem-language-code = write the language as { $code }
problem-not-step-list = must be a list of steps
problem-focus-one = must name exactly one of node, lineage or event
problem-not-node = '{ $name }' is not a queue or exchange of this scenario
problem-not-queue = '{ $name }' is not a queue of this scenario
problem-lineage-zero = counts publishes from 1
problem-no-event-kind = must name an event kind
problem-after-end = { $at_ms } is after the end of the scenario ({ $end_ms } ms)
problem-before-previous = { $at_ms } comes before the previous step ({ $previous_ms } ms)
problem-bad-id = must be lowercase letters, digits and dashes (it goes in links)
problem-missing-start = is missing (the starting scenario)
problem-hint-count = must hold one to three hints
problem-solution-shape = must hold either patch (a JSON patch of the start) or scenario
problem-not-patch-list = must be a list of patch operations
problem-not-pointer = must be a JSON pointer starting with /
problem-unknown-patch-op = '{ $op }' is not one of { $ops }
problem-patch = { $detail }
problem-goal-not-object = must be an object such as { "{" }"all": [...]{ "}" }
problem-goal-keys = must have exactly one key naming the check, not [{ $keys }]
problem-goal-no-check = must name a check
problem-not-goal-list = must be a list of goals
problem-spacing-count = lists { $listed } waits but retries is { $retries }
problem-deliveries-retries = must be retries + 1 when both are given
problem-lost-false = must be true or { "{" }"except": [drop rules]{ "}" }
problem-needs-count = needs equals, at_least or at_most
problem-message-select = give either id (one message) or failing_with (every message failing with that reason), not both
problem-message-needs-check = say what to check: ends (with by_ms when it must happen by a moment) or attempts
problem-must-be-true = can only be true (leave the check out to not ask it)
problem-no-message = the workload has no message '{ $id }'
problem-unknown-system = '{ $value }' is not a system a strategy exercise can use: write sqs, kafka, bullmq, database or hybrid (RabbitMQ exercises are broker scenarios)
problem-unknown-strategy = '{ $value }' is not a strategy: write rabbitmq, sqs, kafka, bullmq, database or hybrid
problem-too-many = holds more than { $max } items
problem-exercise-entry = must be a built-in exercise's id (a string) or a whole exercise (an object)
problem-duplicate-exercise = lists the exercise '{ $id }' a second time
problem-link-data = the link's data is damaged (was it cut short when it was copied?)
problem-comparison = the comparison cannot run: { $error }
problem-missing-policy-keys = is missing (an object of policy keys is required)
problem-not-pair = must be a [key, value] pair
problem-not-policy-keys = must be an object of policy keys
problem-type-mismatch = says '{ $declared }' but arguments["x-queue-type"] says '{ $argument }'
problem-destination-type = must be "queue" or "exchange", not "{ $value }"
decode-unknown-variant = unknown value `{ $value }` (expected: { $expected })
decode-unknown-field = unknown field `{ $value }` (expected: { $expected })
decode-missing-field = missing field `{ $name }`
decode-invalid-type = invalid type: { $found }, expected { $expected }
decode-invalid-value = invalid value `{ $value }`, expected { $expected }
decode-other = this value is not one the field takes
syntax-eof = the JSON ends too early (a closing { "}" } or ] may be missing)
syntax-expected-value = a value is expected here (strings go in double quotes)
syntax-expected-comma-or-brace = `,` or `{ "}" }` is expected here
syntax-expected-comma-or-bracket = `,` or `]` is expected here
syntax-expected-colon = `:` is expected after a key
syntax-trailing-comma = a comma is left before { "}" } or ]
syntax-key-not-string = an object key must be a string in double quotes
syntax-trailing-characters = there is more text after the JSON value
syntax-bad-number = the number is malformed or too big
syntax-bad-string = the string holds a character or escape that is not allowed
syntax-too-deep = nested too deeply
syntax-other = the JSON cannot be read from here on

## The engine's events: one sentence each, with the recorded cause (a phrase without brackets)

cause-client = client command #{ $command }
cause-setting-argument = { $key } from the queue's arguments
cause-setting-policy = { $key } from policy { $policy }
cause-setting-operator-policy = { $key } from operator policy { $policy }
cause-setting-default = { $key } by default
cause-setting-argument-or-policy = { $key } from an argument or a policy
cause-setting-other = { $key } from { $source }
cause-message-expiration = the message's own expiration property
cause-rule = broker rule { $rule }
ev-published = published to { $exchange } with key '{ $key }'
ev-routed = routed into { $queue }
ev-dead-lettered-into = dead-lettered into { $queue }, because of { $why }
ev-redelivered = redelivered from { $queue } to a consumer
ev-delivered = delivered from { $queue } to a consumer
ev-acked = acked: the consumer of { $queue } is done with it
ev-requeued = requeued: given back to { $queue } ({ $why })
ev-retry-delayed = requeued, but { $queue } holds it back until { $until } s ({ $why })
ev-died-rejected = died in { $queue }: rejected without requeue by its consumer
ev-died-expired-property = died in { $queue }: its expiration property ran out at the head
ev-died-expired-ttl = died in { $queue }: its TTL ran out at the head ({ $why })
ev-died-maxlen = died in { $queue }: pushed off the head: the queue was full ({ $why })
ev-died-delivery-limit = died in { $queue }: returned more often than the delivery limit allows ({ $why })
ev-dead-lettered = dead-lettered from { $queue } to { $exchange } with keys [{ $keys }] → { $to } ({ $why })
ev-no-queue = no queue
ev-held = held by { $queue } until the dead-letter route works (at-least-once)
ev-drop-unroutable = dropped: unroutable — no binding of { $exchange } matched and there is no alternate exchange
ev-drop-no-dlx = dropped: the queue has no dead-letter exchange, so a dead message is discarded
ev-drop-dlx-missing = dropped: missing DLX — exchange { $exchange } does not exist
ev-drop-no-route = dropped: the DLX { $exchange } has no binding for keys [{ $keys }]
ev-drop-no-route-fanout = dropped: no queue is bound to the fanout DLX { $exchange }
ev-drop-cycle = dropped: cycle — queue { $queue } already in x-death and no rejection since (path { $path })
ev-drop-refused = dropped: { $queue } refused it (reject-publish) under at-most-once
ev-drop-queue-gone = dropped: { $queue } was purged, deleted or expired with it inside
ev-drop-strategy-switched = dropped: { $queue } left at-least-once and deleted its held dead letters
ev-confirmed-ack = confirmed to the publisher (ack)
ev-confirmed-nack = refused to the publisher (nack)
ev-returned = returned to the publisher: { $exchange } could not route '{ $key }'
ev-queue-expired = queue { $queue } expired unused (x-expires); its { $messages } messages are gone, not dead-lettered
ev-queue-purged = queue { $queue } purged: { $messages } messages removed
ev-queue-deleted = queue { $queue } deleted with { $messages } messages
ev-log = broker log: { $line }

## What became of a message, in a word (hover, legend, log)

fate-name-routed = routed
fate-name-waiting = waiting in the queue
fate-name-delivered = delivered to a consumer
fate-name-acked = acked
fate-name-rejected = nacked / rejected
fate-name-requeued = requeued
fate-name-expired = expired
fate-name-expired-waiting = expired but waiting behind the head
fate-name-overflowed = overflowed off the head
fate-name-delivery-limit = delivery limit reached
fate-name-dead-lettered = dead-lettered
fate-name-looping = looping (dead-lettered back into a queue it was in)
fate-name-held = held for dead-lettering
fate-name-dropped-unroutable = dropped: unroutable
fate-name-dropped-no-dlx = dropped: missing DLX
fate-name-dropped-no-route = dropped: the DLX routes it nowhere
fate-name-dropped-cycle = dropped: cycle
fate-name-dropped = dropped

## Definitions files: what a subject is called, where a setting came from

subject-exchange = exchange '{ $name }'
subject-queue = queue '{ $name }'
subject-binding = binding { $source } -> { $destination } ('{ $key }')
subject-policy = policy '{ $name }'
subject-operator-policy = operator policy '{ $name }'
setting-source-argument = argument
setting-source-policy = policy:{ $policy }
setting-source-operator-policy = operator-policy:{ $policy }
setting-source-default = default
setting-source-argument-or-policy = argument or policy
setting-source-other = { $source }

## Definitions files: what is not simulated (warnings)

warn-access = '{ $key }' ({ $count } entries) is not simulated: users, virtual hosts and permissions do not change dead-lettering
warn-unknown-key = unknown top-level key '{ $key }' is not simulated
warn-exchange-type = exchange '{ $exchange }': type '{ $kind }' is not simulated; it and the bindings from it are left out
warn-exchange-auto-delete = exchange '{ $exchange }': auto_delete is not simulated (the exchange stays)
warn-exchange-internal = exchange '{ $exchange }': internal is not simulated (clients could publish to it here)
warn-exchange-argument = exchange '{ $exchange }': argument '{ $argument }' is not simulated
warn-queue-auto-delete = queue '{ $queue }': auto_delete is not simulated (the queue stays without consumers)
warn-queue-exclusive = queue '{ $queue }': exclusive is not simulated
warn-queue-argument = queue '{ $queue }': argument '{ $argument }' is not simulated (kept for export)
warn-operator-policy-key = operator policy '{ $policy }': key '{ $key }' is refused by the broker in operator policies (it accepts { $accepted })
warn-policy-key = policy '{ $policy }': key '{ $key }' is not simulated (kept for export; it still decides which queue types the policy applies to)
warn-operator-policy-key-kept = operator policy '{ $policy }': key '{ $key }' is not simulated (kept for export; it still decides which queue types the policy applies to)
warn-parameter = parameter '{ $name }' of component '{ $component }' is not simulated
warn-other-vhost = { $count } item(s) of virtual host '{ $vhost }' are left out: one virtual host ('{ $simulated }') is simulated
warn-binding-left-out = binding { $source } -> { $destination } ('{ $key }') is left out with its exchange
warn-refused = { $subject } is left out: the broker refuses it: { $error }

## Definitions files: lints (why a setting loses messages)

lint-refused = the broker refuses this declaration: { $subject }: { $error }
lint-dlrk-without-dlx = dead-letter routing key '{ $key }' ({ $source }) is set but no dead-letter exchange: nothing is dead-lettered (as an argument the broker refuses it with 406)
lint-dlx-missing = dead-letter exchange '{ $exchange }' ({ $source }) does not exist: the broker drops every dead letter silently (no error, no log line)
lint-dlx-no-binding = dead-letter exchange '{ $exchange }' has no bindings: every dead letter is dropped silently
lint-dlx-unroutable = no binding of dead-letter exchange '{ $exchange }' matches the routing key(s) the dead letters carry ({ $keys }): they are dropped silently
lint-dlx-unroutable-keys-kept = no binding of dead-letter exchange '{ $exchange }' matches the routing key(s) the dead letters carry ({ $keys }): they are dropped silently; without a dead-letter routing key they keep the keys they were published with
lint-at-least-once-without-reject-publish = dead-letter-strategy at-least-once needs overflow reject-publish; with { $overflow } the broker falls back to at-most-once (it logs 'Falling back')
lint-quorum-no-delivery-limit = on 3.x a quorum queue has no delivery limit unless one is set: a message that is always requeued (a poison message) is redelivered forever; set x-delivery-limit or a delivery-limit policy (4.x defaults to 20)
lint-strategy-not-quorum = x-dead-letter-strategy only affects quorum queues; this queue dead-letters at-most-once
lint-quorum-only-argument = { $argument } only applies to quorum queues: this { $queue_type } queue ignores it (declare the queue with "x-queue-type": "quorum" for it to count)
lint-ttl-behind-head = no queue TTL: if publishers set a per-message TTL (expiration), a message expires only when it reaches the head, so a short-lived message waits behind longer-lived ones and is dead-lettered late; use one TTL per queue (x-message-ttl) for delays
lint-policy-not-applicable = policy '{ $policy }' matches this queue's name but holds { $keys }, which { $queue_type } queues do not support, so the broker applies none of it to this queue
lint-operator-policy-not-applicable = operator policy '{ $policy }' matches this queue's name but holds { $keys }, which { $queue_type } queues do not support, so the broker applies none of it to this queue
lint-policy-tie = policies { $policies } all match with priority { $priority }: only one applies and the broker does not define which; give them different priorities
lint-operator-policy-tie = operator policies { $policies } all match with priority { $priority }: only one applies and the broker does not define which; give them different priorities
lint-dead-letter-cycle = dead letters loop { $path } with no consumer rejecting them (TTL or max-length each time): the broker detects the cycle and drops the message silently (one log line: 'Dead-letter queues cycle detected'); a rejection anywhere in the loop keeps it alive

## The page: share links, an error's line, DLQ alerts

link-empty = nothing to open
link-bad-encoding = the scenario in it is damaged
link-bad-number = '{ $value }' is not a number
link-too-long = it is longer than { $kb } KB, the longest link the page opens: make the scenario smaller, or import it as a file
error-at-line = line { $line }: { $text }
duration-min = { $n } min
duration-s = { $n } s
duration-ms = { $n } ms
alert-depth-over = more than { $n } messages waiting
alert-nonempty-for = not empty for { $duration }
alert-arrival-rate = { $n } or more arrivals within an hour

## The text review page (?review=texts)
review-title = Text review: every sentence the lab writes
review-intro = One of every kind of sentence the lab builds while it runs, in the language chosen above, so a translator or trainer can read them all in one place. The names in them (orders, dlx, m3) are examples.
review-events = Broker events
review-system-events = Events of the other systems
review-takeaways = What to notice in a comparison
review-verdicts = Exercise verdicts
review-problems = Errors in a scenario file
review-definitions = Warnings and lints for a definitions file
review-kind = Kind
review-text = Sentence
review-link = Review every sentence

## Whole sentences for what the pages used to glue together
ui-act-do-at = Do it now (at { $time } s)
sys-do-it-at-time = Do it at { $time } s
sys-select-message-id = message { $id }
alert-at-queue = { $queue }: { $alert }
ui-dot-title = { $msg }: { $fate }
ui-dots-label = Messages on the graph: ↓ and ↑ pick one to inspect, Esc clears (← and → step through time)
ui-tour-step-of = Step { $n } of { $total }
ui-hop-head = entered { $queue } at { $time } s · { $msg }
ui-message-title = Message { $msg }
ui-inspector-status = { $title }: { $fate }
ui-node-aria = { $kind } { $name }
ui-chart-alert = { $time } s: { $alert }
ui-solved-count = Solved: { $n } of { $total }

## The legend's families of fates (each drawn in its own shape)
ui-legend-on-its-way = On its way (circles)
ui-legend-died = Died at a queue (triangles)
ui-legend-dead-lettered = Dead-lettered (diamonds)
ui-legend-dropped = Dropped, lost (squares)

## Words on the graph where a copy dies or is dropped (broker words kept)
death-rejected = rejected
death-expired = expired
death-expired-property = expired (expiration)
death-expired-ttl = expired (x-message-ttl { $ttl })
death-maxlen = maxlen ({ $overflow })
death-delivery-limit = delivery_limit
death-delivery-limit-n = delivery_limit { $limit }
death-dropped-unroutable = dropped: unroutable
death-dropped-no-dlx = dropped: no DLX
death-dropped-no-route = dropped: no route
death-dropped-cycle = dropped: cycle
death-dropped-refused = dropped: refused
death-dropped-queue-gone = dropped: queue gone
death-dropped-strategy-switched = dropped: strategy switched
death-times = { $label } ×{ $n }

ui-pause-on-death = Pause when a message dies or is dropped
ui-node-depth = ready { $ready } · unacked { $unacked }

## "What to notice" when every strategy, or only one, did it
sys-takeaway-lost-all = Every strategy lost messages (up to { $most }): nothing keeps them.
sys-takeaway-lost-one = Only { $strategies } lost messages (up to { $most }): nothing keeps them.
sys-takeaway-duplicates-all = Every strategy applied an effect more than once (up to { $most } times): the consumer is not idempotent.
sys-takeaway-duplicates-one = Only { $strategies } applied an effect more than once (up to { $most } times): the consumer is not idempotent.
sys-takeaway-reordered-all = No strategy kept a key's messages in order (up to { $most } out of order).
sys-takeaway-reordered-one = Only { $strategies } handled a key's messages out of order (up to { $most }).
sys-takeaway-parked-all = Every strategy still holds messages in its dead-letter place (up to { $most }), waiting for an operator.
sys-takeaway-parked-one = Only { $strategies } still holds messages in its dead-letter place (up to { $most }), waiting for an operator.
sys-takeaway-all-completed-all = Every strategy completed every message.
sys-takeaway-all-completed-one = Only { $strategies } completed every message.

## Why: each broker rule in plain words
cause-rule-at-least-once-needs-reject-publish = at-least-once dead-lettering, which needs x-overflow reject-publish
cause-rule-at-least-once-unroutable = at-least-once dead-lettering holds what its DLX cannot route
cause-rule-channel-closed = the consumer's channel closed
cause-rule-consumer-behaviour = what the scenario's consumer does with a delivery
cause-rule-dead-letter-cycle = a fully automatic dead-letter cycle
cause-rule-dead-letter-strategy-switched = the queue's x-dead-letter-strategy changed
cause-rule-invalid-x-death = the message's x-death header was not valid
cause-rule-max-length = the queue's length limit
cause-rule-policy-changed = a policy change
cause-rule-publisher = the scenario's publisher
cause-rule-push-consumer = delivery to a consumer
cause-rule-scenario-consumer = a consumer the scenario starts
cause-rule-scenario-step = a step of the scenario's timeline

ui-log-showing = Showing the latest { $listed } of { $total } entries.
ui-log-more = Show { $n } more

## The inspector: readable AMQP values
ui-xdeath-time = { $date } UTC, { $secs } s into the run
ui-xdeath-time-before = { $date } UTC, before the run started
amqp-type-long-string = S: long string
amqp-type-long = l: 64-bit signed integer (long)
amqp-type-int = I: 32-bit signed integer
amqp-type-bool = t: boolean
amqp-type-timestamp = T: timestamp (seconds since 1970-01-01 UTC)
amqp-type-double = d: double-precision float
amqp-type-array = A: array of field values
amqp-type-table = F: field table (nested headers)
amqp-type-void = V: no value

ui-chart-depth = { $queue } { $depth }
ui-chart-readout = At { $time } s: { $depths }

sys-story-title = What happened to { $id } in { $strategy }
sys-select-reason-is = failed with { $reason }
ui-kind-dlq = { $kind } · a dead-letter queue

## The profile switch

profile-diff-title = What the broker version changes
profile-diff-none = From { $from } to { $to }: nothing in this run's events changes.
profile-diff-first = The two runs part at { $at } s.
profile-diff-event = Under { $profile }: { $event }
profile-diff-nothing-more = Under { $profile }: nothing more happens.
profile-diff-deaths = Copies dead-lettered or dropped: { $before } under { $from }, { $after } under { $to }.
profile-diff-delayed-retry = rabbitmq-3.10 ignores { $argument } on { $queue }: it redelivers a returned message at once, where rabbitmq-4 holds it back.
profile-diff-quorum-limit = { $queue } is a quorum queue without x-delivery-limit: rabbitmq-4 dead-letters a message after 20 deliveries, rabbitmq-3.10 never does.
profile-diff-truncated = The runs are long: only their first 200,000 events were compared.
builder-title = Exercise builder
builder-intro = Write an exercise for your workshop: the story, where the learner starts, the goal the app checks on the run, hints and a solution. The check below runs as you type, and your draft is kept in this browser.
builder-open = Build your own exercise (for trainers)
builder-system = System
builder-start-from = Start from
builder-start-from-choose = a built-in scenario…
builder-start-your-playground = the scenario in your playground
builder-start-your-comparison = the workload on your comparison page
builder-load-exercise = Adapt a built-in exercise
builder-definitions = A RabbitMQ definitions file (paste it here)
builder-definitions-load = Use its topology as the start
builder-import = Open an exercise file (paste its JSON here)
builder-import-load = Open it in the builder
builder-undo-import = Undo: go back to the exercise before
builder-story = The story
builder-id = Id (for links: lowercase letters, digits and -)
builder-ex-title = Title
builder-story-text = What the learner is told
builder-topics = Topics (separated by commas)
builder-hints = Hints, from a nudge to nearly the answer (one to three)
builder-add-hint = Add a hint
builder-remove = Remove
builder-up = Move up
builder-explanation = Why the solution works (shown with it)
builder-start = The start: what the learner's editor opens with
builder-solution = A solution: it must reach the goal
builder-copy-start = Copy the start into the solution
builder-goal = The goal
builder-goal-about = Every part must hold on the run of the learner's text.
builder-goal-raw = This goal does not fit the forms; edit it as JSON:
builder-goal-use-forms = Use the forms instead
builder-add-part = Add a part
builder-pred-message = What happens to one message
builder-pred-no-message-lost = No message is lost
builder-pred-no-drop = Nothing is dropped by a rule
builder-pred-queue-depth = Messages ready in a queue
builder-pred-event-count = How many events of a kind
builder-pred-no-duplicates = No message is handled twice
builder-pred-order-kept = Order is kept per key
builder-pred-duplicates = At most so many messages handled twice
builder-pred-count = How many messages end a way
builder-check = The check
builder-picture = The start, as the learner first sees it
builder-picture-stale = The start does not load as written: the picture shows the last version that did (the check says what to fix).
builder-picture-none = This system's exercises are drawn as lanes on the comparison page; try it as a learner to see them.
builder-solution-passes = The solution reaches the goal.
builder-solution-fails = The solution does not reach the goal yet:
builder-start-fails = The start does not reach the goal, as it should: { $why }
builder-start-passes = The start already reaches the goal: there is nothing for the learner to do.
builder-problem-start = The start: { $error }
builder-problem-solution = The solution: { $error }
builder-problem-goal = The goal: { $error }
builder-problem-exercise = The exercise: { $error }
builder-export = Export
builder-download = Download the exercise (JSON)
builder-copy-link = Copy a link to the exercise
builder-try = Try it as a learner
builder-copied = Copied.
builder-copy-by-hand = Copy it by hand:
builder-workshop = My workshop
builder-workshop-title = The workshop's title
builder-add-to-workshop = Add this exercise to my workshop
builder-workshop-add-builtin = Add a built-in exercise…
builder-workshop-empty = No exercise yet: add this one, or built-in ones.
builder-workshop-link = Copy the workshop's link
builder-workshop-download = Download the workshop (JSON)

# The language switch, when a language's texts could not be fetched (the page stays in the
# language it shows). $language is that language's own name.
lang-unavailable = { $language } could not be loaded. Check the connection and try again.

## The built-in operator notes (the workloads, strategy tours and exercises); a note a user writes shows as written
op-note-address-corrected = address corrected
op-note-broker-reachable = broker reachable again
op-note-postcode-corrected = corrected the postcode
op-note-missing-field = filled in the missing field
op-note-fix-deployed = fix deployed
op-note-fix-deployed-v142 = fix deployed in v1.4.2
op-note-amount-fixed = fixed the bad amount field
op-note-pricing-fix = pricing fix deployed
op-note-pricing-fix-v142 = pricing fix v1.4.2 deployed
op-note-replay-after-fix = replay after the fix
op-note-replay-everything = replay everything
op-note-replayed-after-correction = replayed after the correction
op-note-replayed-m3 = replayed m3 after the edit
op-note-retry-it = retry it

# The face: the card over the canvas, the side panel's tabs, the first-visit hint.
ui-about = About this scenario
ui-tab-message = Message
ui-tab-node = Node
ui-no-message = No message chosen
ui-no-message-hint = Click a message (a dot on the graph, or an entry in the log) to see its properties, headers and x-death at every hop.
ui-no-node = No node chosen
ui-no-node-hint = Click an exchange or a queue on the graph to see its settings and where each comes from.
ui-tab-log = Log
ui-tab-edit = Edit
ui-more-below = Chart, actions by hand and definitions are below.
ui-first-title = Start here
ui-first-play = Press Play: messages travel from the publisher through the exchange into the queues.
ui-first-click = Click a moving message (a dot on the graph), or a message in the Log tab.
ui-first-read = Read its x-death here: where it died, why, and how often.
ui-first-done = Got it
ui-menu = Menu
ui-verdict-moment = Show this moment ({ $time })
export-head-title = DLX Lab export { $target }
export-head-settings = Made from these model settings ({ $path }):
export-head-link = The run it reproduces: { $link }
export-refused = { $target } cannot take { $setting } = { $value }: { $limit }
export-unknown-target = no export named { $asked }: use one of { $targets }
export-limit-sqs-queue-name = SQS queue names are 1 to 80 letters, digits, hyphens and underscores, and a FIFO queue's name (and its DLQ's, which adds -dlq) ends in .fifo
export-limit-sqs-whole-seconds = SQS takes whole seconds here: use a multiple of 1000 ms
export-limit-sqs-visibility = SQS allows a visibility timeout of 0 to 43200 s (12 hours)
export-limit-sqs-delay = SQS allows DelaySeconds of 0 to 900 s (15 minutes)
export-limit-sqs-fifo-delay = FIFO queues take no per-message delay, only the queue's DelaySeconds
export-limit-sqs-retention = SQS allows a MessageRetentionPeriod of 60 s to 1209600 s (14 days)
export-limit-sqs-max-receive = SQS allows a maxReceiveCount of 1 to 1000
export-limit-sqs-wait = SQS allows WaitTimeSeconds of 0 to 20 s
export-limit-sqs-batch = ReceiveMessage takes 1 to 10 messages at a time
export-limit-sqs-move-rate = StartMessageMoveTask moves at most 500 messages a second
export-limit-sqs-redrive-allow = the DLQ's RedriveAllowPolicy must let the source queue use it (byQueue lists 1 to 10 queues)
export-limit-kafka-topic = Kafka topic names are 1 to 249 letters, digits, dots, hyphens and underscores (the retry and DLT suffixes included)
export-limit-kafka-class = includeNames and excludeNames take Java class names (com.example.MyException)
export-limit-spring-expression = Spring resolves property placeholders and SpEL expressions in the annotation's strings, so this name would run as one: use a name without a dollar or hash sign before a brace
export-limit-bullmq-queue = BullMQ refuses a queue name that is empty or holds a colon
export-limit-bullmq-attempts-on-worker = BullMQ's Worker has no attempts or backoff option: they go on the job (Queue.add); set attempts_on_worker to false
export-limit-sql-identifier = PostgreSQL names are 1 to 63 bytes without the NUL character
export-sqs-dlq = The dead-letter queue keeps a message { $retention_s } s.
export-sqs-source = The source queue moves a message to the DLQ at its receive after { $max_receive } receives.
export-sqs-on-failure-wait = A failed message reappears when its visibility timeout ({ $visibility_s } s) ends.
export-sqs-on-failure-release = A failed message is made visible again at once (ChangeMessageVisibility 0).
export-sqs-on-failure-ladder = A failed message waits the ladder's step for its receive count (ChangeMessageVisibility).
export-sqs-send = The producer: a FIFO queue's group and deduplication id, a standard queue's per-message delay.
export-sqs-replay-move = The operator's replay: StartMessageMoveTask moves the whole DLQ back, { $rate } messages a second.
export-sqs-replay-script = The operator's replay: receive the DLQ, send each chosen message to the source queue, delete it from the DLQ.
export-kafka-topics = The topics the model predicts for { $topic }, with each retry's wait:
export-kafka-no-dlt = no DLT (NO_DLT): a record out of attempts is logged and dropped
export-kafka-capped = Spring Retry caps this exponential back-off at { $cap_ms } ms because maxDelay is not above delay: set maxDelay to wait longer.
export-kafka-blocking = Blocking retries: the partition waits while the record is redelivered every { $interval_ms } ms, { $retries } times, then goes to the DLT.
export-kafka-dlt-handler = Records that used every attempt arrive here.
export-bullmq-job = Job options go on Queue.add: { $attempts } attempts in all, the first included.
export-bullmq-custom = The custom back-off: the n-th retry waits the n-th step (the last repeats); -1 stops retrying.
export-bullmq-worker = Worker options, for each of the { $workers } workers.
export-bullmq-retry = The operator's replay of a failed job.
export-bullmq-blocking = The model's handler blocks the event loop, so the lock is not renewed while it runs.
export-bullmq-usage = How to use them:
export-sql-table = The table the consumer stores failed messages of { $source } in (seed 003).
export-sql-store = The consumer stores a failed message, due again in { $delay_ms } ms.
export-sql-take-skip-locked = The scheduler's pass, every { $fixed_delay_ms } ms on { $schedulers } instances: FOR UPDATE SKIP LOCKED gives each due row to one instance.
export-sql-take-plain = The scheduler's pass, every { $fixed_delay_ms } ms on { $schedulers } instances: the seed's plain query, so every instance takes the same rows.
export-sql-retry-later = After a failed retry: due again in { $delay_ms } ms × 2^retry_count, FAILED after { $max_retries } retries.
export-sql-no-reset = As the model is set, the update leaves the status PROCESSING, so the row is never retried.
export-sql-reaper = The reaper: rows left PROCESSING for { $after_ms } ms go back to PENDING.
export-sql-operator = The operator: reprocess and skip, with who did it and why.
export-sql-record = The table the DLT handler of { $topic } stores every record in (seed 003).
export-sql-dlt-insert = The @DltHandler stores each record as a new PENDING row.
export-alert-depth = DLQ { $queue } holds more than { $over } messages
export-alert-nonempty = DLQ { $queue } has not been empty for { $minutes } minutes
export-alert-rate = { $per_hour } or more messages were dead-lettered within an hour
export-alert-parked = DLQ { $queue } holds messages that wait for an operator
export-alert-sources = The playground's DLQ alerts and the comparison's check, for rabbitmq_prometheus and the CloudWatch exporter.
export-alert-sqs-rate = SQS does not count a redrive's moves in NumberOfMessagesSent, so the SQS rate rule watches the DLQ's depth grow.
export-panel-title = Export
export-panel-hint = These settings as the real system's configuration and code. A setting the target refuses is named here instead.
export-panel-format = Format
export-panel-copy = Copy
export-panel-download = Download
export-panel-copied = Copied
export-panel-copy-failed = Copy failed: select the text and copy it
export-kafka-reused = (reused by the last retries)
export-kafka-dlt-body = store it, alert, or leave it in the DLT
export-code-handler = your handler: throw to fail
export-kafka-ladder = Seed 002's hand-made ladder, no @RetryableTopic: a failed record goes to the next retry topic, which waits out its step; past the last it goes to { $dlq }.
export-kafka-ladder-poll = The longest step ({ $longest_ms } ms) outlasts max.poll.interval.ms ({ $max_poll_ms } ms by default): set it above the step, or the consumer leaves its group while it waits.
export-alert-rabbit-per-object = rabbitmq_queue_messages per queue needs prometheus.return_per_object_metrics = true in rabbitmq.conf (or scraping /metrics/per-object); the dead-letter counters are the node's totals.
