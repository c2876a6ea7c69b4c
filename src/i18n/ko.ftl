# 한국어. 용어는 docs/glossary.md를 따릅니다: dead-letter 되다, exchange, 발행 거부, 이유.
# 이름 뒤의 조사는 { JOSA($name, "이/가") }처럼 이름에서 고릅니다 (src/i18n/josa.rs).
# 브로커 용어(x-dead-letter-exchange, reason 값, 규칙과 이벤트 이름)는 브로커와 goal JSON의 표기를 그대로 씁니다.

## 공통

list-sep = { ", " }
clause-sep = { " " }
or-sep = { " / " }
time-secs = { $secs }초

## 판정에서 메시지를 부르는 이름

name-body = '{ $body }' 메시지
name-published-default = 기본 exchange에 라우팅 키 '{ $key }'{ JOSA($key, "으로/로") } 발행된 메시지
name-published = exchange '{ $exchange }'에 라우팅 키 '{ $key }'{ JOSA($key, "으로/로") } 발행된 메시지
name-unknown = 어떤 메시지

## 메시지가 버려진 이유 (-died: 그 전에 dead-letter 된 곳과 이유를 알 때)

drop-unroutable = exchange '{ $exchange }'{ JOSA($exchange, "이/가") } 이 메시지를 어느 큐로도 라우팅하지 못했습니다.
drop-no-dlx = 이 메시지가 있던 큐에 x-dead-letter-exchange가 없어서 버려졌습니다.
drop-no-dlx-died = { $queue }에서 dead-letter 되었지만(이유: { $reason }) { $queue }에 x-dead-letter-exchange가 없어서 버려졌습니다.
drop-dlx-missing = dead-letter exchange '{ $exchange }'{ JOSA($exchange, "이/가") } 없어서 버려졌습니다.
drop-dlx-missing-died = { $queue }에서 dead-letter 되었지만(이유: { $reason }) dead-letter exchange '{ $exchange }'{ JOSA($exchange, "이/가") } 없어서 버려졌습니다.
drop-no-route = dead-letter exchange '{ $exchange }'에 라우팅 키 { $keys }에 맞는 바인딩이 없어서 버려졌습니다.
drop-no-route-died = { $queue }에서 dead-letter 되었지만(이유: { $reason }) dead-letter exchange '{ $exchange }'에 라우팅 키 { $keys }에 맞는 바인딩이 없어서 버려졌습니다.
drop-no-route-fanout = fanout dead-letter exchange '{ $exchange }'에 바인딩된 큐가 없어서 버려졌습니다 (fanout exchange는 라우팅 키를 보지 않습니다).
drop-no-route-fanout-died = { $queue }에서 dead-letter 되었지만(이유: { $reason }) fanout dead-letter exchange '{ $exchange }'에 바인딩된 큐가 없어서 버려졌습니다 (fanout exchange는 라우팅 키를 보지 않습니다).
drop-cycle = dead-letter 순환({ $path })에 걸려 버려졌습니다.
drop-cycle-died = { $queue }에서 dead-letter 되었지만(이유: { $reason }) dead-letter 순환({ $path })에 걸려 버려졌습니다.
drop-refused = 큐 { $queue }{ JOSA($queue, "이/가") } 발행 거부(x-overflow reject-publish)로 이 메시지를 받지 않았습니다.
drop-queue-gone = 큐 { $queue }{ JOSA($queue, "이/가") } 이 메시지를 담은 채 purge, 삭제 또는 만료되었습니다.
drop-strategy-switched = { $queue }{ JOSA($queue, "이/가") } at-least-once dead-lettering을 그만두면서 들고 있던 dead letter를 지웠습니다.

## 메시지가 어떻게 되었는지

fate-nowhere = 이 메시지는 어디에도 없습니다.
fate-in = 지금 { $queues }에 있습니다.
fate-acked = { $at }초에 { $queue }에서 ack 되었습니다.
fate-dropped = { $at }초에 { $how }

## goal 항목: 개수, 이벤트 조건, 시점

count-exactly = 정확히 { $n }
count-at-least = { $n } 이상
count-at-most = { $n } 이하
count-sep = { ", " }
verdict-wanted = { " " }목표는 { $count }개입니다.
# 이벤트 조건: 설정된 조건마다 앞에 붙는 수식어, 그리고 이벤트 이름.
filter = { $queue }{ $reason }{ $rule }{ $ack }'{ $kind }' 이벤트
filter-queue = { $queue }의{ " " }
filter-reason = 이유가 { $reason }인{ " " }
filter-rule = { $rule } 규칙에 따른{ " " }
filter-ack = ack인{ " " }
filter-nack = nack인{ " " }
moment-at = { $at }초에
moment-end = 실행이 끝났을 때

## 판정

verdict-goal-met = 목표 달성: 항목 { $parts }개 중 { $parts }개가 맞습니다.
verdict-any-holds = 대안 중 하나가 맞습니다.
verdict-none-holds = 대안 중 맞는 것이 하나도 없습니다. 각 대안의 결과: { $failed }
verdict-combined = all이나 any로 묶은 목표는 한 항목으로 검사할 수 없습니다.
verdict-nothing-lost = 잃어버린 메시지가 없습니다.
verdict-some-lost = 메시지 하나를 잃었습니다.
verdict-lost-one = 메시지 하나를 잃었습니다. { $who }{ JOSA($who, "이/가") } { $at }초에 사라졌습니다. { $how }
verdict-lost-many = 메시지 { $count }개를 잃었습니다. 그중 첫 번째인 { $who }{ JOSA($who, "은/는") } { $at }초에 사라졌습니다. { $how }
verdict-nothing-dropped = { $rule } 규칙으로 버려진 메시지가 없습니다.
verdict-dropped-by = { $rule } 규칙으로 버려진 메시지가 있습니다.
verdict-dropped-at = { $who }{ JOSA($who, "이/가") } { $at }초에 { $rule } 규칙으로 사라졌습니다. { $how }
verdict-seek-failed = { $at }초 시점으로 갈 수 없습니다. { $error }
verdict-no-queue = { $when } 큐 { $queue }{ JOSA($queue, "이/가") } 없습니다.
verdict-depth = { $when } { $queue }에 대기(ready) 메시지가 { $ready }개 있습니다.{ $wanted }
verdict-events = 로그에 { $events }{ JOSA($events, "이/가") } { $count }개 있습니다.{ $wanted }
verdict-never-queued = '{ $body }' 메시지가 어느 큐에도 들어가지 않았습니다. 발행되었는지, 라우팅되었는지 확인하세요.
verdict-not-ended-in = '{ $body }' 메시지가 마지막에 { $queue }에 있지 않습니다. { $fate }
verdict-never-acked = '{ $body }' 메시지가 한 번도 ack 되지 않았습니다. { $fate }
verdict-acked-anyway = '{ $body }' 메시지가 ack 되었지만, ack 되면 안 됩니다. { $fate }
verdict-never-dead-lettered = '{ $body }' 메시지는 한 번도 dead-letter 되지 않았습니다. 목표는 이유 { $reason }{ JOSA($reason, "으로/로") } dead-letter 되는 것입니다.
verdict-dead-lettered-only-as = '{ $body }' 메시지는 이유 { $reason }{ JOSA($reason, "으로/로") } dead-letter 된 적이 없습니다. dead-letter 된 이유는 { $reasons }뿐입니다.
verdict-never-delivered = '{ $body }' 메시지가 컨슈머에게 한 번도 전달되지 않았습니다. { $fate }
verdict-deliveries-reached = '{ $body }' 메시지는 { $queue }에서 { $count }번 전달된 뒤 { $reached }에 도착했습니다. 목표는 { $wanted }번입니다.
verdict-deliveries-handled = '{ $body }' 메시지는 { $queue }에서 { $count }번 전달된 뒤 처리되었습니다. 목표는 { $wanted }번입니다.
verdict-retries-reached = '{ $body }' 메시지는 { $queue }에서 { $count }번 재시도된 뒤 { $reached }에 도착했습니다. 목표는 { $wanted }번입니다.
verdict-retries-handled = '{ $body }' 메시지는 { $queue }에서 { $count }번 재시도된 뒤 처리되었습니다. 목표는 { $wanted }번입니다.
verdict-spacing-never = '{ $body }' 메시지는 재시도 전에 한 번도 기다리지 않았습니다. 목표는 { $wanted }입니다(허용 오차 ± { $tolerance_ms } ms).
verdict-spacing = '{ $body }' 메시지가 재시도 전에 기다린 시간은 { $waits }입니다. 목표는 { $wanted }입니다(허용 오차 ± { $tolerance_ms } ms).
verdict-message-fate = '{ $body }' 메시지: { $fate }
verdict-unreadable = 시나리오를 읽을 수 없습니다. { $error }
verdict-does-not-run = 시나리오를 실행할 수 없습니다. { $error }
verdict-stalled = 실행이 일찍 멈췄습니다. 메시지가 지연 없이 끝없이 돌고 있습니다.
verdict-broker-log = 브로커 로그: { $line }
verdict-lint = { $subject }: { $text }
verdict-trace-fate-completed = 처리됨
verdict-trace-fate-dead-lettered = dead-letter 됨
verdict-trace-fate-skipped = 운영자가 건너뜀
verdict-trace-fate-lost = 유실됨
verdict-trace-fate-in-flight = 아직 처리 중
verdict-trace-ended = { $id }{ JOSA($id, "은/는") } { $at }초에 '{ $fate }' 상태로 끝났습니다. 시도는 { $attempts }번이었습니다.
verdict-trace-ended-untouched = { $id }에는 아무 일도 일어나지 않았습니다. 상태는 '{ $fate }'입니다.
verdict-trace-wrong-end = { $id }{ JOSA($id, "은/는") } '{ $wanted }' 상태로 끝나야 하는데 '{ $got }' 상태로 끝났습니다. 마지막 단계는 { $at }초, 시도 { $attempts }번 뒤였습니다.
verdict-trace-wrong-end-untouched = { $id }{ JOSA($id, "은/는") } '{ $wanted }' 상태로 끝나야 하는데 아무 일도 일어나지 않았습니다.
verdict-trace-wrong-end-by = { $by }초까지 { $id }{ JOSA($id, "은/는") } '{ $wanted }' 상태가 되어야 하는데 '{ $got }' 상태였습니다(그때까지의 마지막 단계는 { $at }초, 시도 { $attempts }번 뒤).
verdict-trace-wrong-end-late = { $by }초까지 { $id }{ JOSA($id, "은/는") } '{ $wanted }' 상태가 되어야 하는데 '{ $got }' 상태였습니다. { $reached }초에야 그렇게 되었습니다.
verdict-trace-attempts = { $id }{ JOSA($id, "은/는") } { $count }번 시도되었고, 마지막 시도는 { $last }초였습니다.{ $wanted }
verdict-trace-attempts-none = { $id }{ JOSA($id, "은/는") } 한 번도 시도되지 않았습니다.{ $wanted }
verdict-trace-attempts-ok = { $id }{ JOSA($id, "은/는") } { $count }번 시도되었습니다.
verdict-trace-no-message = 워크로드에 { $id } 메시지가 없습니다.
verdict-trace-none-fails-with = 실패 이유가 { $reason }인 메시지가 워크로드에 없습니다.
verdict-trace-no-duplicates = 효과가 두 번 적용된 메시지가 없습니다.
verdict-trace-duplicate = { $id }{ JOSA($id, "이/가") } 두 번 처리되었습니다. { $attempt }번째 시도가 { $at }초에 효과를 다시 적용했습니다(중복은 모두 { $count }건).
verdict-trace-duplicates = 효과가 다시 적용된 것은 { $count }건입니다.{ $wanted }
verdict-trace-duplicates-first = 효과가 다시 적용된 것은 { $count }건이고, 첫 번째는 { $id }의 { $attempt }번째 시도로 { $at }초였습니다.{ $wanted }
verdict-trace-nothing-lost = 잃어버린 메시지가 없습니다.
verdict-trace-lost = 메시지 { $count }개를 잃었습니다. 첫 번째는 { $at }초: { $how }
verdict-trace-order-kept = 모든 키의 메시지가 발행된 순서대로 처리되었습니다.
verdict-trace-out-of-order = { $later }{ JOSA($later, "이/가") } { $at }초에 처리되어, 같은 키({ $key })에서 먼저 발행된 { $overtaken }보다 앞섰습니다({ $overtaken }의 처리는 { $done }초).
verdict-trace-fate-count = '{ $fate }' 상태로 끝난 메시지는 { $count }개입니다.{ $wanted }
verdict-trace-not-runnable = 비교를 실행할 수 없습니다: { $error }

## 비교 페이지: 시스템 실행 기록의 이벤트마다 한 문장

sys-event-published = { $id }{ JOSA($id, "이/가") } { $place }에 발행되었습니다.
sys-event-received = 컨슈머가 { $place }에서 { $id }{ JOSA($id, "을/를") } 가져갔습니다({ $attempt }번째 시도).
sys-event-succeeded = { $attempt }번째 시도에서 { $id }{ JOSA($id, "을/를") } 처리했습니다.
sys-event-duplicate = { $attempt }번째 시도에서 { $id }{ JOSA($id, "을/를") } 또 처리했습니다. 효과가 두 번 적용되었습니다(중복).
sys-event-already-done = { $attempt }번째 시도: 멱등 컨슈머가 { $id }{ JOSA($id, "이/가") } 이미 처리된 것을 보고 건너뛰었습니다.
sys-event-failed = { $attempt }번째 시도가 { $reason } 오류로 실패했습니다.
sys-event-failed-permanent = { $attempt }번째 시도가 { $reason } 오류로 실패했습니다. 영구 실패라서 재시도해도 소용없습니다.
sys-event-failed-after-effect = { $attempt }번째 시도가 { $reason } 오류로 실패했습니다. 실패하기 전에 효과는 이미 적용되었습니다.
sys-event-failed-permanent-after-effect = { $attempt }번째 시도가 { $reason } 오류로 실패했습니다. 영구 실패라서 재시도해도 소용없고, 실패하기 전에 효과는 이미 적용되었습니다.
sys-event-waiting-visibility = { $id }{ JOSA($id, "은/는") } 표시 제한 시간이 끝나는 { $until }초까지 { $place }에서 기다립니다.
sys-event-waiting-backoff = { $id }{ JOSA($id, "은/는") } 백오프가 끝나는 { $until }초까지 { $place }에서 기다립니다.
sys-event-waiting-next-retry = { $id }{ JOSA($id, "은/는") } next_retry_at인 { $until }초까지 { $place }에서 기다립니다.
sys-event-waiting-delay = { $id }{ JOSA($id, "은/는") } 큐의 전달 지연(DelaySeconds)인 { $until }초까지 { $place }에서 기다립니다.
sys-event-moved = { $id }{ JOSA($id, "이/가") } { $from }에서 { $place }{ JOSA($place, "으로/로") } 옮겨졌습니다.
sys-event-dead-lettered = { $id }{ JOSA($id, "이/가") } { $from }에서 dead-letter 되어 { $place }{ JOSA($place, "으로/로") } 옮겨졌습니다(이유: { $reason }).
sys-event-lost-retention = { $id }{ JOSA($id, "이/가") } 유실되었습니다. 보존 기간이 끝났습니다.
sys-event-lost-logged = { $id }{ JOSA($id, "이/가") } 유실되었습니다. 오류는 로그에만 남았습니다.
sys-event-lost-removed = { $id }{ JOSA($id, "이/가") } 유실되었습니다. 실패한 작업이 삭제되었습니다(removeOnFail).
sys-event-lost-trimmed = { $id }{ JOSA($id, "이/가") } 유실되었습니다. 더 새로운 실패에 밀려 크기가 제한된 실패 집합에서 지워졌습니다(removeOnFail의 count 또는 age).
sys-event-lost-deduplicated = { $id }{ JOSA($id, "이/가") } 유실되었습니다. 같은 중복 제거 ID가 5분 안에 이미 전송되어, FIFO 큐가 전송을 받아들이고도 전달하지 않았습니다.
sys-event-refused-move-task = { $id }의 재드라이브가 거부되었습니다. { $place }에서 이미 이동 작업이 실행 중입니다(SQS는 큐마다 한 번에 하나만 실행합니다).
sys-event-refused-lock = BullMQ가 { $id }{ JOSA($id, "을/를") } 완료하지 않았습니다. 핸들러가 이벤트 루프를 막는 동안 잠금(lockDuration)이 만료되어 결과가 사라지고 작업은 active에 남습니다.
sys-event-stalled = 멈춘 작업 검사기가 잠금 없이 active에 있는 { $id }{ JOSA($id, "을/를") } 찾아 { $place }의 맨 앞으로 되돌렸습니다(멈춤 { $count }회, maxStalledCount를 넘으면 실패합니다).
sys-event-interrupted = 스케줄러가 { $id }{ JOSA($id, "을/를") } 처리하던 중에 멈췄습니다(크래시). { $place }의 행은 PROCESSING으로 남고, reaper가 풀어 주지 않으면 PENDING 행을 찾는 쿼리에 다시는 잡히지 않습니다.
sys-event-op-replay-reached = { $at }초의 재처리가 { $ids }에 닿았습니다.
sys-event-op-replay-nothing = { $at }초의 재처리가 닿은 메시지가 없습니다.
sys-event-op-skip-reached = { $at }초의 건너뛰기가 { $ids }에 닿았습니다.
sys-event-op-skip-nothing = { $at }초의 건너뛰기가 닿은 메시지가 없습니다.
sys-event-op-edit-reached = { $at }초의 페이로드 수정이 { $ids }에 닿았습니다.
sys-event-op-edit-nothing = { $at }초의 페이로드 수정이 닿은 메시지가 없습니다.
sys-event-op-missed-in-flight = { $id }{ JOSA($id, "은/는") } 아직 dead-letter 장소에 없었습니다. 여전히 재시도 중이었습니다.
sys-event-op-missed-completed = { $id }{ JOSA($id, "은/는") } dead-letter 장소에 없었습니다. 이미 처리되었습니다.
sys-event-op-missed-lost = { $id }{ JOSA($id, "은/는") } dead-letter 장소에 없었습니다. 이미 유실되었습니다.
sys-event-op-missed-skipped = { $id }{ JOSA($id, "은/는") } dead-letter 장소에 없었습니다. 이미 건너뛰었습니다.
sys-event-op-missed-dead = { $id }{ JOSA($id, "은/는") } dead-letter 되었지만 이 조작이 그곳까지 닿지 않았습니다.
sys-event-headers = { $place }에 도착한 { $id }에는 다음 헤더가 붙어 있습니다: { $headers }
sys-event-status = { $place }에 있는 { $id }의 행이 이제 { $status }입니다.
sys-event-operator-replay = 운영자가 { $id }{ JOSA($id, "을/를") } 재처리했습니다.
sys-event-operator-skip = 운영자가 { $id }{ JOSA($id, "을/를") } 건너뛰었습니다.
sys-event-operator-edit = 운영자가 { $id }의 페이로드를 고쳤습니다.
sys-event-operator-replay-note = 운영자가 { $id }{ JOSA($id, "을/를") } 재처리했습니다. 메모: “{ $note }”
sys-event-operator-skip-note = 운영자가 { $id }{ JOSA($id, "을/를") } 건너뛰었습니다. 메모: “{ $note }”
sys-event-operator-edit-note = 운영자가 { $id }의 페이로드를 고쳤습니다. 메모: “{ $note }”

## 비교 페이지: 요점

sys-takeaway-lost = { $strategies }: 메시지를 잃었습니다(최대 { $most }개). 아무 곳에도 남지 않습니다.
sys-takeaway-duplicates = { $strategies }: 효과를 두 번 이상 적용했습니다(최대 { $most }번). 컨슈머가 멱등하지 않습니다.
sys-takeaway-reordered = { $strategies }: 같은 키의 메시지를 순서와 다르게 처리했습니다(최대 { $most }개).
sys-takeaway-parked = { $strategies }: dead-letter 장소에 메시지가 남아 운영자를 기다립니다(최대 { $most }개).
sys-takeaway-all-completed = { $strategies }: 모든 메시지를 처리했습니다.
sys-takeaway-seed-alert = BullMQ: 시드 문서처럼 attemptsMade === 5일 때 알리는 failed 리스너는 최종 실패한 작업 { $missed }개를 놓치고, 아직 재시도 중인 작업에 대해 { $early }번 알립니다. 워커는 실패한 시도마다 failed를 내보내므로 job.attemptsMade >= job.opts.attempts를 확인하거나 최종 상태를 보세요.
sys-more-rows = 메시지 { $n }개는 더 그리지 않았습니다.

## 비교 페이지: 워크로드의 잘못된 곳 (필드를 먼저)

sys-workload-unreadable = 워크로드를 읽을 수 없습니다. { $problem }
sys-workload-bad-value = { $path }: 이 값을 읽을 수 없습니다. { $problem }
sys-workload-no-messages = messages: 메시지를 하나 이상 넣으세요.
sys-workload-too-many = messages: 메시지 { $count }개는 한 워크로드에 넣을 수 있는 { $max }개보다 많습니다.
sys-workload-duplicate-id = messages: '{ $id }'{ JOSA($id, "이라는/라는") } 이름의 메시지가 둘 있습니다. 메시지마다 다른 id를 주세요.
sys-workload-empty-id = messages[{ $index }].id: 메시지에 이름을 주세요.
sys-workload-horizon = horizon_ms: { $horizon_ms } ms는 실행 길이로 쓸 수 없습니다. 1부터 { $max_ms } ms(30일)까지 쓰세요.
sys-workload-process-time = process_ms: { $process_ms } ms는 처리 시간으로 쓸 수 없습니다. 1 ms 이상, horizon_ms보다 짧게 쓰세요.
sys-workload-too-many-failures = 메시지 '{ $id }'의 failure.times: { $times }{ JOSA($times, "은/는") } { $max }보다 많습니다. 끝나지 않는 실패는 `permanent`로 쓰세요.
sys-workload-unknown-message = operator[{ $action }].select.message: messages에 '{ $id }'{ JOSA($id, "이라는/라는") } 이름의 메시지가 없습니다.
sys-workload-setting = { $field }: 쓸 수 없는 설정입니다. { $problem }
sys-workload-too-many-events = 이 워크로드의 실행은 합쳐서 이벤트를 { $limit }개보다 많이 만듭니다({ $strategy } 실행이 가상 시간 { $at_s }초에 한도를 넘었습니다). 메시지를 줄이거나, 메시지마다 실패 횟수(failure.times)를 줄이거나, 운영자의 재처리를 줄이거나, horizon_ms를 짧게 하세요.

## 비교 페이지: 레이블, 전략과 워크로드 이름

sys-tours-title = 전략 가이드 투어
sys-title = dead-letter 전략 나란히 보기
sys-intro = 실패하는 같은 워크로드를 RabbitMQ, SQS, Kafka, BullMQ, 데이터베이스 DLQ에 같은 가상 시계로 흘려 봅니다. 워크로드나 토글을 바꾸면 모든 전략이 다시 실행됩니다.
sys-open-compare = SQS, Kafka, BullMQ와 비교…
sys-back-to-playground = RabbitMQ 실습장으로 돌아가기
sys-open-full-compare = 전체 비교 열기 ↗
sys-workload = 워크로드
sys-workload-text = 워크로드와 설정 (JSON)
sys-apply = 다시 실행
sys-idempotent = 멱등 컨슈머
sys-idempotent-hint = 컨슈머가 처리한 메시지를 기록해 두고, 이미 처리한 메시지는 건너뜁니다. 재처리나 재전달이 있어도 중복이 생기지 않습니다.
sys-route-direct = 영구 실패는 재시도 없이 보내기
sys-route-direct-hint = 잘못된 데이터는 헛된 재시도 없이 곧바로 dead-letter 장소로 갑니다(Kafka의 exclude, BullMQ의 UnrecoverableError, NonRetryableException).
sys-side-by-side = 나란히 비교
sys-notice = 눈여겨볼 점
sys-strategy = 전략
sys-completed = 처리 완료
sys-dead-lettered = dead-letter 됨
sys-lost = 유실
sys-skipped = 건너뜀
sys-in-flight = 재시도 중
sys-attempts = 시도 횟수
sys-duplicates = 중복
sys-reordered = 순서 뒤바뀜
sys-latency-p50 = 지연 p50
sys-latency-max = 지연 최대
sys-figures-hint = 아래에서 보여 주는 시점의 값입니다(슬라이더를 움직이거나 재생하면 바뀌는 모습을 볼 수 있습니다). 지연: 발행부터 첫 성공까지. 순서 뒤바뀜: 같은 키의 나중 메시지보다 늦게 처리된 메시지.
sys-lanes = 메시지별 타임라인
sys-lanes-beside = 나란히 볼 전략
sys-lanes-beside-none = 없음 (전략 하나만)
sys-moment = 시점
sys-pick-message = 메시지 행을 누르면 그 메시지에 무슨 일이 있었는지 볼 수 있습니다.
sys-events = 일어난 일
sys-places = 장소
sys-rabbit-name = RabbitMQ (엔진)
sys-rabbit-about = 브로커 엔진 그대로입니다. 기본 패턴에서는 거부된 메시지가 dead-letter 되어 재시도 큐로 가고, x-message-ttl만큼 기다린 뒤 돌아오며, 마지막 시도(x-death의 count) 뒤에는 컨슈머가 DLQ에 보관합니다. `"pattern": "quorum_delivery_limit"`이면 쿼럼 큐가 반환된 메시지를 붙잡아 두었다가(x-delayed-retry) x-delivery-limit을 넘으면 dead-letter 합니다.
sys-sqs-name = SQS 재드라이브
sys-sqs-about = 실패한 메시지는 표시 제한 시간이 끝나면 다시 수신됩니다. maxReceiveCount를 넘기면 DLQ로 옮겨지고, DLQ의 보존 기간은 원래 큐에 들어간 시각부터 셉니다.
sys-sqs-setup = SQS { $kind } 큐 { $queue } → { $dlq }(RedrivePolicy maxReceiveCount { $max }), VisibilityTimeout { $visibility }초. { $replay }
sys-sqs-kind-standard = 표준
sys-sqs-replay-script = 재처리: 컨슈머 쪽 스크립트(ReceiveMessage, SendMessage, DeleteMessage)
sys-sqs-replay-move-task = 재처리: 초당 { $rate }개씩 옮기는 StartMessageMoveTask(DLQ 전체, 고를 수 없음)
sys-kafka-name = Kafka 재시도 토픽 + DLT
sys-kafka-about = Spring의 @RetryableTopic: 실패할 때마다 백오프가 더 긴 다음 재시도 토픽으로 가고, 마지막에는 DLT로 갑니다. 메인 토픽은 계속 흘러가므로 같은 키의 순서가 깨질 수 있습니다.
sys-bullmq-name = BullMQ
sys-bullmq-about = 지수 백오프(`delay × 2^(시도 − 1)`)로 작업을 다시 시도합니다. 마지막 시도가 실패하면 누군가 재시도할 때까지 실패 집합에 남습니다.
sys-database-name = 데이터베이스 DLQ
sys-database-about = 실패는 테이블 행(PENDING)이 됩니다. 스케줄러가 next_retry_at이 지난 행을 max_retries까지 다시 시도하고, 그 뒤에는 FAILED가 됩니다. 운영자는 SQL로 조회하고 재처리하거나 건너뜁니다.
sys-hybrid-name = 하이브리드: DLT → 데이터베이스
sys-hybrid-about = 먼저 Kafka 재시도 토픽을 거칩니다. DLT 핸들러가 레코드를 테이블에 저장하고, 운영자가 고른 행을 원래 토픽으로 재발행합니다.
sys-preset-mixed = 여러 가지 실패
sys-preset-mixed-about = 타임아웃, 잘못된 데이터, 2분 뒤에 고쳐지는 버그가 섞여 있습니다. 5분에 운영자가 잘못된 데이터를 고치고 전부 재처리합니다.
sys-preset-poison = poison 메시지 하나
sys-preset-poison-about = m3은 데이터가 잘못되어 매번 실패합니다. 어디에 도착하는지, 얼마나 걸리는지, 같은 키의 나머지 메시지를 막는지 살펴보세요.
sys-preset-lost-reply = 사라진 응답
sys-preset-lost-reply-about = 호출은 성공했지만 응답이 타임아웃되어 재시도가 같은 일을 한 번 더 합니다. 멱등 컨슈머를 켜면 중복이 사라집니다.
sys-preset-ordering = 키 순서 지키기
sys-preset-ordering-about = 한 계좌에 대한 업데이트 여섯 개 중 두 번째가 두 번 실패합니다. 어떤 전략이 여전히 순서대로 적용할까요?
sys-preset-bug-fix = 버그, 수정, 재처리
sys-preset-bug-fix-about = 버그 때문에 메시지 네 개가 실패하다가 200초에 수정이 배포됩니다. 240초에 운영자가 NullPointerException으로 실패한 것만 재처리합니다.
sys-mark-published = 발행
sys-mark-succeeded = 성공
sys-mark-duplicate = 다시 성공 (중복)
sys-mark-failed = 시도 실패
sys-mark-dead-lettered = dead-letter 됨
sys-mark-lost = 유실
sys-mark-skipped = 건너뜀
sys-mark-operator = 운영자
sys-mark-refused = 거부됨
sys-mark-stalled = 멈춤, 대기로 되돌림
sys-span-working = 처리 중
sys-span-waiting = 재시도 대기
sys-span-parked = DLQ / 테이블에 있음
sys-operator-title = 운영자로서 조치하기
sys-operator-hint = 지금 보이는 시점에 워크로드에 기록되고, 모든 전략이 그 조치와 함께 다시 실행됩니다. 재처리는 dead-letter 된 메시지를 돌려보내고, 수정은 잘못된 데이터를 먼저 고칩니다.
sys-operator-report-title = { $strategy }에서 운영자가 한 일
sys-assume-title = 시드 문서의 코드가 말하지 않는 부분에서 모델이 가정하는 것, 그리고 공급사의 문서와 코드가 어긋나는 곳
sys-assume-db-order = findPendingForRetry는 기한이 된 행을 next_retry_at이 오래된 순으로 돌려줍니다(시드 문서에는 ORDER BY가 없습니다).
sys-assume-db-reset = updateForRetry가 행을 PENDING으로도 되돌립니다(시드 문서의 호출은 상태를 넘기지 않습니다). retry_resets_pending을 false로 하면 코드 그대로의 동작을 보여 줍니다.
sys-assume-db-pass = 한 번의 패스는 행을 하나씩 차례로 처리하고, 다음 패스는 앞 패스가 끝난 뒤 fixed_delay만큼 지나서 시작합니다.
sys-assume-db-instances = 모든 스케줄러 인스턴스는 같은 순간에 시작합니다.
sys-assume-db-operator = 운영자의 재처리는 FAILED 행을 PENDING으로 되돌리고 바로 기한이 되게 하며 retry_count를 0으로 합니다. 건너뛰기는 SKIPPED로 바꿉니다(시드 문서에는 이 테이블의 운영자 코드가 없습니다).
sys-assume-hybrid-ids = 메시지를 id로 고르면 상태와 상관없이 그 메시지의 모든 행이 대상이 됩니다. 모든 메시지나 이유로 고르면 API의 상태 필터가 보여 주듯 열린 행(PENDING 또는 FAILED)만 대상이 됩니다.
sys-assume-hybrid-once = 한 번의 조작에서 한 메시지의 행이 여러 개 골라져도 메시지는 한 번만 보냅니다.
sys-assume-kafka-dlt-time = DLT 핸들러는 레코드마다 리스너와 같은 처리 시간(process_ms)을 씁니다. 시드 문서에는 얼마나 걸리는지 나와 있지 않습니다.
sys-assume-kafka-max-delay = Spring Kafka 4.0.7 레퍼런스(retrytopic/features.adoc 58-59행)는 아직도 기본 최대 지연 30초를 약속하지만, 4.0 코드에는 그런 상한이 없습니다(annotation/BackOffFactory.java 69-92행, Spring Framework의 ExponentialBackOff, DEFAULT_MAX_DELAY = Long.MAX_VALUE). 모델은 코드를 따릅니다: 5, 10, 20, 40초. 3.3에서는 30초 상한이 실제로 있습니다(Spring Retry의 ExponentialBackOffPolicy).
sys-assume-kafka-traversing = traversingCauses의 Javadoc(annotation/RetryableTopic.java 154-158행)은 include나 exclude를 주면 기본값이 true라고 약속하지만, 코드는 이 속성을 적지 않으면 false로 둡니다(RetryableTopicAnnotationProcessor.java 138-145행). 모델은 코드를 따릅니다: 감싸인 원인은 살펴보지 않습니다.
sys-action-replay = 재처리
sys-action-skip = 건너뛰기
sys-action-edit = 페이로드 수정 (데이터 고치기)
sys-select-all = dead-letter 된 메시지 전부
sys-note = 감사 기록에 남길 메모

## 실습장: 레이블, 버튼, 도움말

ui-app-title = DLX Lab
ui-language = 언어
ui-tagline = dead-lettering 실습장: 메시지 하나하나가 어디로 가는지, 왜 그리로 가는지 눈으로 확인하세요.
ui-preset = 시나리오
ui-profile = 브로커
ui-seed = 난수 시드
ui-play = 재생
ui-pause = 일시정지
ui-step-next = 다음 이벤트
ui-step-back = 이전 이벤트
ui-speed = 속도
ui-time = 시간
ui-scrubber = 실행 시점 이동
ui-reduced-motion = 움직임 줄이기
ui-teaches = 배울 점:
ui-topology = 토폴로지: exchange, 큐, 그리고 그 사이의 화살표
ui-legend = 범례
ui-legend-publish = 발행(publish)
ui-legend-binding = 바인딩 (큐로 라우팅)
ui-legend-dead-letter = dead-letter (큐에 설정된 DLX로)
ui-legend-consume = 컨슈머에게 전달
ui-kind-publisher = 퍼블리셔
ui-kind-exchange = exchange
ui-kind-queue = 큐
ui-kind-consumer = 컨슈머
ui-missing = 존재하지 않음
ui-consumers = 컨슈머
ui-publishers = 퍼블리셔
ui-default-exchange = (기본 exchange)
ui-nothing-selected = 선택한 것이 없습니다
ui-select-hint = 메시지(점 또는 로그 항목)를 클릭하면 헤더를, 노드를 클릭하면 설정을 볼 수 있습니다.
ui-properties = 속성
ui-headers = 헤더
ui-header-name = 이름
ui-header-value = 값
ui-header-type = 타입
ui-x-death-at-hops = 거쳐 간 큐마다의 x-death
ui-no-x-death = 아직 x-death가 없습니다
ui-change-new = 새 항목
ui-change-carried = 메시지와 함께 들어온 항목 (클라이언트가 이 이력을 담아 다시 발행했으며, 여기서 dead-letter 된 것이 아님)
ui-change-count-up = count 증가
ui-change-moved = 항목이 맨 앞으로 이동
ui-body = 본문(body)
ui-routing-keys = 라우팅 키
ui-exchange = exchange 이름
ui-fate = 상태
ui-event-log = 이벤트 로그
ui-filter-queue = 큐
ui-filter-message = 메시지 #
ui-filter-fate = 상태
ui-all = 전체
ui-no-events = 아직 이벤트가 없습니다. 재생이나 다음 이벤트를 누르세요.
ui-jump-to = 이 시점으로 이동
ui-depth-chart = 시간에 따른 큐 길이
ui-depth-chart-hint = 큐마다 대기 중인 메시지 수입니다. dead-letter 큐는 굵은 선으로 그립니다. 차트를 가리키면 그 시점의 수를 읽을 수 있고, 누르면 그 시점으로 이동합니다.
ui-alerts = DLQ 알림
ui-no-alerts = 아직 알림이 없습니다. dead-letter 큐가 너무 오래 비지 않거나, 너무 많이 쌓이거나, 한 시간에 너무 많은 메시지를 받으면 알림이 뜹니다(기준값은 시나리오의 "alerts"에서 정합니다).
ui-act-now = 지금 조작하기
ui-act-what = 동작
ui-act-publish = 메시지 발행
ui-act-replay = 큐 맨 앞의 메시지를 다시 발행(replay)
ui-act-replay-to = 보낼 곳
ui-act-replay-origin = 처음 dead-letter 된 곳 (x-first-death-exchange와 그 라우팅 키)
ui-act-replay-exchange = 직접 고른 exchange
ui-act-purge = 큐 비우기(purge)
ui-act-hint = 이 동작은 지금 시점으로 시나리오의 timeline에 기록되므로, 링크를 열거나 새로 고쳐도 똑같이 재현됩니다. 시나리오 JSON에서 고치거나 지울 수 있습니다.
ui-act-no-timeline = 시나리오의 timeline이 목록이 아닙니다. 먼저 JSON을 고쳐 주세요.
ui-field-expiration = expiration (밀리초)
ui-act-set-policy = 정책(policy) 설정
ui-act-clear-policy = 정책(policy) 삭제
ui-field-policy-name = 정책 이름
ui-field-pattern = 패턴(정규식)
ui-field-definition = 정의(JSON)
ui-editor = 시나리오 JSON
ui-apply = 적용
ui-scenario-ok = 시나리오를 불러왔습니다.
ui-import-definitions = RabbitMQ definitions 가져오기
ui-import-hint = definitions 파일(rabbitmqctl export_definitions 또는 HTTP API의 /api/definitions)을 붙여 넣거나, .json 파일을 선택하거나 끌어다 놓으세요.
ui-import-button = 가져오기
ui-choose-file = 파일 선택 (.json)
ui-imported-title = 가져온 definitions
ui-import-ok = definitions를 가져왔습니다. 토폴로지가 실습장에 표시됩니다.
ui-import-warnings = 읽었지만 시뮬레이션하지 않는 항목
ui-import-lints = 린트 (이유 포함)
ui-no-lints = 린트 없음: dead-lettering 설정에 문제가 없어 보입니다.
ui-export-topology = 토폴로지 내보내기
ui-export-format = 형식
ui-format-definitions = Definitions JSON (rabbitmqctl import_definitions용)
ui-format-policies = rabbitmqctl set_policy 명령
ui-format-java = Java 코드 (amqp-client)
ui-format-amqplib = Node.js 코드 (amqplib)
ui-format-pika = Python 코드 (pika)
ui-copy-text = 복사
ui-download-file = 다운로드
ui-copied-text = 복사했습니다.
ui-copy-failed = 복사하지 못했습니다. 텍스트를 선택해 직접 복사하세요.
ui-add-item = 추가
ui-add-queue = 큐
ui-add-exchange = exchange
ui-add-binding = 바인딩
ui-add-policy = 정책
ui-add-publisher = 퍼블리셔
ui-add-consumer = 컨슈머
ui-field-name = 이름 / 패턴
ui-field-exchange = exchange
ui-field-queue = 큐
ui-field-key = 라우팅 키
ui-error-line = 행
ui-bad-saved = 저장된 작업을 복원하지 못했습니다.
ui-draft-restored = 새로 고침 전에 고치던 내용을 되살렸습니다. 아직 적용되지 않았습니다.
ui-stalled = 실행이 일찍 멈췄습니다: 지연 없이 끝없이 도는 순환입니다.
ui-share = 이 시점으로 가는 링크
ui-fatal-title = 버그 때문에 DLX Lab이 멈췄습니다. 페이지를 새로 고쳐 다시 시작하세요.
ui-keys = 단축키: Space 재생/일시정지 · → 다음 이벤트 · ← 이전 이벤트 · Shift+←/→ 1초 이동
ui-dismiss = 닫기
ui-loading-run = 실행을 계산하는 중입니다. 시나리오 시간의 { $percent }%까지 왔고, 지금까지 이벤트는 { $events }개입니다.
ui-loading-read = 화면에 그리려고 실행 기록을 읽는 중입니다. 이벤트 { $events }개 중 { $percent }%를 읽었습니다.
ui-cancel-load = 취소
ui-compare-computing = 워크로드를 모든 시스템에서 실행하는 중: { $percent } %
notice-load-cancelled = 불러오기를 취소했습니다. 보고 있던 시나리오와 편집기의 글은 그대로 있습니다.
notice-interrupted = 지난번에 링크나 저장된 시나리오를 불러오던 중 페이지가 멈췄기 때문에 다시 실행하지 않았습니다. 시나리오는 남아 있습니다. 다시 열거나 지울 수 있습니다.
notice-interrupted-open = 다시 열기
notice-interrupted-forget = 지우기
notice-interrupted-draft = 지난번에 작성한 글을 실행하던 중 페이지가 멈췄기 때문에 다시 실행하지 않았습니다. 글은 편집기에 그대로 있습니다. 준비되면 실행하거나 확인하세요.
ui-element-snippet-hint = 문서 페이지용: <dlx-lab> 요소(내용에 맞춰 크기가 정해지고, 스크롤해서 보일 때 불러옵니다)
ui-open-full = DLX Lab에서 열기
ui-inspector-title = 상세 보기
ui-share-embed = 임베드
ui-zoom = 확대/축소
ui-zoom-in = 확대
ui-zoom-out = 축소
ui-zoom-fit = 맞추기
ui-share-link = 링크 복사
ui-link-copied = 복사했습니다: 이 링크는 이 시나리오를 지금 시점에서 엽니다.
ui-link-to-copy = 이 시나리오를 지금 시점에서 여는 링크입니다. 복사해서 쓰세요:
ui-edit-beside = 그래프 옆에서 편집
ui-edit-below = 그래프 아래에서 편집
ui-embed-snippet-hint = 이 한 줄을 웹 페이지에 붙여 넣으면 이 시나리오를 지금 시점부터 임베드할 수 있습니다:
ui-tour-menu = 가이드 투어
ui-tour-choose = 투어를 고르세요…
ui-tour-back = 이전
ui-tour-next = 다음
ui-tour-close = 투어 끝내기
ui-workshop = 워크숍: dead-lettering 연습 문제
ui-workshop-intro = 문제마다 망가졌거나 빠진 설정에서 시작합니다. 시나리오를 고치고 확인을 누르면, 엔진이 실행해 보고 목표를 이뤘는지 판정합니다. 진행 상황은 이 브라우저에 저장됩니다.
ui-solved = 해결
ui-back-to-playground = ← 실습장으로
ui-back-to-workshop = ← 전체 문제
ui-check = 확인
ui-check-passed = 해결했습니다! 목표를 이뤘습니다.
ui-check-failed = 아직 목표를 이루지 못했습니다.
ui-run-scenario = 실행해 보기
ui-show-hint = 힌트 보기
ui-reveal-solution = 정답 보기
ui-solution-shown = 정답을 편집기에 넣었습니다. 이렇게 하면 되는 이유:
ui-start-over = 처음부터 다시
ui-next-exercise = 다음 문제 →

## 직접 조작: 오류

act-no-such-exchange = 이름이 '{ $name }'인 exchange가 없습니다.
act-no-such-queue = 이름이 '{ $name }'인 큐가 없습니다.
act-bad-expiration = expiration '{ $value }'{ JOSA($value, "은/는") } 밀리초 단위의 정수여야 합니다.
act-bad-definition = definition '{ $value }'{ JOSA($value, "은/는") } `{ "{" }"message-ttl": 5000{ "}" }` 같은 JSON 객체여야 합니다.
act-done = 시나리오 timeline의 { $at }초에 추가했습니다.
workshop-unknown-exercise = 이름이 '{ $id }'인 연습 문제가 없습니다.
workshop-summary-title = 트레이너에게 보낼 요약
workshop-summary-about = 복사해서 트레이너에게 보내세요. 푼 연습 문제, 확인을 누른 횟수, 연 힌트 수가 담겨 있습니다. 이 브라우저에만 저장됩니다.
workshop-copy-summary = 요약 복사
workshop-summary-copied = 복사했습니다.
workshop-summary-copy-by-hand = 요약을 선택해서 복사하세요.
workshop-start-again = 이 브라우저에서 이 워크숍을 처음부터 다시 하기
workshop-start-again-sure = 이 워크숍의 해결한 문제, 확인, 힌트, 작성한 내용을 모두 지울까요? 한 번 더 누르면 지웁니다.
workshop-leave = 이 워크숍에서 나가기: 기본 제공 연습 문제 보기
workshop-summary-head = DLX Lab 워크숍: { $title }
workshop-summary-totals = { $total }문제 중 { $solved }문제 해결 · 확인 { $checks }회 · 힌트 { $hints }개
workshop-summary-line = { $mark } { $id }: 확인 { $checks }회, 힌트 { $hints }개
workshop-broker-heading = RabbitMQ: dead-letter exchange 연습 문제
workshop-systems-heading = 다른 시스템: SQS, Kafka, BullMQ, 데이터베이스 테이블, 하이브리드
workshop-comparison-editor = 내 비교: 워크로드와 시스템 설정
workshop-comparison-editor-about = JSON을 고치고 "확인"을 누르세요. 시스템이 가상 시계 위에서 워크로드를 실행하고, 각 메시지에 일어난 일로 목표를 판정합니다.
act-refused = 브로커가 거부했습니다. { $error }
act-empty-queue = { $name }{ JOSA($name, "이/가") } 지금 비어 있어서 다시 보낼 메시지가 없습니다
act-no-origin = { $name }의 맨 앞 메시지는 dead-letter 된 적이 없어서(x-first-death-exchange 없음) 돌아갈 곳이 없습니다. exchange를 고르세요
act-would-be-lost = exchange { $exchange }{ JOSA($exchange, "이/가") } 이 메시지를 어느 큐로도 보내지 않아 메시지를 잃게 됩니다. 그래도 하려면 버튼을 한 번 더 누르세요.

## 알림: 원인을 먼저, 그다음 그대로 두는 것

notice-bad-link = 이 링크를 열 수 없습니다. { $problem }. 보고 있던 내용은 그대로 둡니다.
notice-link-scenario = 이 링크를 열 수 없습니다. { $problem }. 보고 있던 내용은 그대로 둡니다.

## 시나리오, 연습 문제, definitions 파일의 필드가 잘못된 점 (JSON 경로 뒤에)

error-syntax = 시나리오가 올바른 JSON이 아닙니다({ $line }행 { $column }열): { $problem }
error-field = { $path }: { $problem }
problem-not-object = 객체(JSON object)여야 합니다
problem-not-string = 문자열이어야 합니다
problem-missing-string = 값이 없습니다 (문자열이 필요합니다)
problem-not-unsigned = 0 이상 { $max } 이하의 정수여야 합니다. 지금 값: { $value }
problem-missing-number = 값이 없습니다 (정수가 필요합니다)
problem-not-integer = 정수여야 합니다. 지금 값: { $value }
problem-not-bool = true 또는 false여야 합니다
problem-not-string-list = 문자열 목록이어야 합니다
problem-not-list = 목록(JSON 배열)이어야 합니다
problem-out-of-range = 0 이상 { $max } 이하의 정수여야 합니다
problem-not-timestamp = 1970년부터 센 초 단위의 정수여야 합니다
problem-header-too-deep = { $max }단계보다 깊게 중첩되어 있습니다
problem-header-bad-timestamp = timestamp는 0 이상의 초 단위 정수여야 합니다
problem-header-not-table = 헤더 이름과 값으로 된 객체여야 합니다
problem-missing = 값이 없습니다
problem-empty = 비어 있으면 안 됩니다
problem-unknown-key = 알 수 없는 필드입니다 (쓸 수 있는 필드: { $known })
problem-version = 지원하지 않는 버전입니다: { $version } (이 빌드가 읽는 버전: { $supported })
problem-unknown-profile = 알 수 없는 프로필 '{ $name }': rabbitmq-3.10, rabbitmq-4 중 하나를 쓰세요
problem-duration = 1 이상 { $max } 이하(하루)여야 합니다
problem-pace = 0.1에서 1000 사이의 재생 속도(실제 시간의 배수)여야 합니다
problem-list-too-long = 항목이 { $count }개입니다. 시뮬레이터는 최대 { $limit }개까지 받습니다. 시나리오를 줄이세요
problem-name-too-long = 길이가 { $bytes }바이트입니다. 이름은 최대 { $limit }바이트(AMQP short string)입니다. 이름을 줄이세요
problem-policy-work = 정책 패턴을 이름에 맞춰 보는 작업이 너무 커집니다(작업량 { $work }, 최대 { $limit }: 패턴마다 컴파일된 크기 × 맞춰 볼 이름의 바이트 수). 패턴을 줄이거나 단순하게 하거나, 이름의 수나 길이를 줄이세요
problem-behaviour = { $problem } (kind에 쓸 수 있는 값: { $kinds })
problem-prefetch-too-big = { $max } 이하여야 합니다
problem-refused = 브로커가 거부했습니다: { $error }
problem-run-too-big = 실행이 { $secs }초 시점에 이미 이벤트 { $limit }개를 넘깁니다. 실습장의 한도입니다. duration_ms를 줄이거나 메시지를 덜 발행하세요(publisher의 count 또는 every_ms).
problem-run-too-large = 실행이 { $secs }초 시점에 메모리를 약 { $mb }MB 쓰게 되어, 페이지의 한도 { $limit }MB를 넘깁니다. duration_ms를 줄이거나, 메시지를 덜 발행하거나(publisher의 count 또는 every_ms) 더 작게 만드세요(body).
problem-no-such-preset = 이름이 '{ $id }'인 시나리오가 없습니다
problem-no-such-tour = 이름이 '{ $id }'인 가이드 투어가 없습니다
problem-no-such-exercise = 이름이 '{ $id }'인 연습 문제가 없습니다
problem-missing-steps = 값이 없습니다 (steps 목록이 필요합니다)
problem-unknown-op = 알 수 없는 op '{ $op }' (op 목록은 conformance README를 보세요)
problem-no-routing-keys = 라우팅 키를 하나 이상 적어야 합니다
problem-replay-target = 값이 { $value }입니다: 메시지를 처음 dead-letter 된 곳으로 돌려보내려면 "origin"을 쓰고, 아니면 "to"를 빼고 "exchange"와 "routing_key"를 주세요
problem-not-translations = 번역한 텍스트로 된 객체여야 합니다
problem-not-text = 문자열이나 문자열 목록이어야 합니다
problem-not-translatable = 번역할 수 있는 텍스트가 아닙니다 (번역할 수 있는 텍스트: { $texts })
problem-not-language-map = 언어(ko, zh-CN)를 키로 하는 객체여야 합니다
problem-english-translation = 영어는 원문 그 자체라서 번역으로 적지 않습니다
problem-language-code = 언어 코드를 이렇게 적으세요: { $code }
problem-not-step-list = 단계(step) 목록이어야 합니다
problem-focus-one = node, lineage, event 중 정확히 하나만 적어야 합니다
problem-not-node = '{ $name }': 이 시나리오에 없는 큐 또는 exchange입니다
problem-not-queue = '{ $name }': 이 시나리오에 없는 큐입니다
problem-lineage-zero = 발행(publish) 번호는 1부터 셉니다
problem-no-event-kind = 이벤트 종류를 적어야 합니다
problem-after-end = { $at_ms } ms는 시나리오가 끝난 뒤입니다 (끝: { $end_ms } ms)
problem-before-previous = { $at_ms } ms는 앞 단계({ $previous_ms } ms)보다 이릅니다
problem-bad-id = 영어 소문자, 숫자, 대시(-)만 쓸 수 있습니다 (링크에 들어갑니다)
problem-missing-start = 값이 없습니다 (시작 시나리오가 필요합니다)
problem-hint-count = 힌트는 한 개에서 세 개까지여야 합니다
problem-solution-shape = patch(시작 시나리오에 적용할 JSON patch)와 scenario 중 하나만 있어야 합니다
problem-not-patch-list = patch 연산 목록이어야 합니다
problem-not-pointer = /로 시작하는 JSON pointer여야 합니다
problem-unknown-patch-op = '{ $op }': { $ops } 중 하나여야 합니다
problem-patch = solution patch를 시작 시나리오에 적용할 수 없습니다: { $detail }
problem-goal-not-object = { "{" }"all": [...]{ "}" } 같은 객체여야 합니다
problem-goal-keys = 검사 이름이 되는 키가 정확히 하나여야 합니다. 지금 키: [{ $keys }]
problem-goal-no-check = 검사 이름을 적어야 합니다
problem-not-goal-list = goal 목록이어야 합니다
problem-spacing-count = 대기 시간을 { $listed }개 적었는데 retries는 { $retries }입니다
problem-deliveries-retries = 둘 다 적을 때는 deliveries가 retries + 1이어야 합니다
problem-lost-false = true 또는 { "{" }"except": [drop 규칙]{ "}" }이어야 합니다
problem-needs-count = equals, at_least, at_most 중 하나가 필요합니다
problem-message-select = id(메시지 하나)와 failing_with(그 이유로 실패하는 모든 메시지) 가운데 하나만 쓰세요
problem-message-needs-check = 무엇을 확인할지 쓰세요: ends(어느 시각까지라면 by_ms와 함께) 또는 attempts
problem-must-be-true = true만 쓸 수 있습니다(확인하지 않으려면 이 항목을 빼세요)
problem-no-message = 워크로드에 '{ $id }' 메시지가 없습니다
problem-unknown-system = '{ $value }'{ JOSA($value, "은/는") } 전략 연습 문제의 시스템이 아닙니다. sqs, kafka, bullmq, database, hybrid 가운데 하나를 쓰세요(RabbitMQ 연습 문제는 브로커 시나리오입니다)
problem-unknown-strategy = '{ $value }'{ JOSA($value, "은/는") } 전략이 아닙니다. rabbitmq, sqs, kafka, bullmq, database, hybrid 가운데 하나를 쓰세요
problem-too-many = 항목이 { $max }개를 넘습니다
problem-exercise-entry = 기본 제공 연습 문제의 id(문자열)나 연습 문제 전체(객체)여야 합니다
problem-duplicate-exercise = 연습 문제 '{ $id }'{ JOSA($id, "이/가") } 두 번 나옵니다
problem-link-data = 링크의 데이터가 손상되었습니다(복사할 때 잘리지 않았나요?)
problem-comparison = 비교를 실행할 수 없습니다: { $error }
problem-missing-policy-keys = 값이 없습니다 (정책 키로 된 객체가 필요합니다)
problem-not-pair = [키, 값] 쌍이어야 합니다
problem-not-policy-keys = 정책 키로 된 객체여야 합니다
problem-type-mismatch = type은 '{ $declared }'인데 arguments["x-queue-type"]은 '{ $argument }'입니다
problem-destination-type = "queue" 또는 "exchange"여야 합니다. 지금 값: "{ $value }"
decode-unknown-variant = 알 수 없는 값 `{ $value }` (쓸 수 있는 값: { $expected })
decode-unknown-field = 알 수 없는 필드 `{ $value }` (쓸 수 있는 필드: { $expected })
decode-missing-field = 필요한 필드가 없습니다: `{ $name }`
decode-invalid-type = 타입이 맞지 않습니다 (필요한 것: { $expected }, 지금 값: { $found })
decode-invalid-value = 쓸 수 없는 값 `{ $value }` (필요한 것: { $expected })
decode-other = 이 필드가 받을 수 없는 값입니다
syntax-eof = JSON이 중간에 끝났습니다 (닫는 { "}" } 나 ]가 빠졌는지 보세요)
syntax-expected-value = 여기에는 값이 와야 합니다 (문자열은 큰따옴표로 감쌉니다)
syntax-expected-comma-or-brace = 여기에는 `,` 또는 `{ "}" }`가 와야 합니다
syntax-expected-comma-or-bracket = 여기에는 `,` 또는 `]`가 와야 합니다
syntax-expected-colon = 키 뒤에는 `:`가 와야 합니다
syntax-trailing-comma = { "}" } 나 ] 앞에 쉼표가 남아 있습니다
syntax-key-not-string = 객체의 키는 큰따옴표로 감싼 문자열이어야 합니다
syntax-trailing-characters = JSON 값이 끝난 뒤에 글자가 더 있습니다
syntax-bad-number = 숫자가 잘못되었거나 너무 큽니다
syntax-bad-string = 문자열 안에 쓸 수 없는 문자나 이스케이프가 있습니다
syntax-too-deep = 너무 깊게 중첩되어 있습니다
syntax-other = 여기부터 JSON을 읽을 수 없습니다

## 엔진 이벤트: 이벤트마다 한 문장, 기록된 원인은 그 뒤에 따로 한 문장

cause-client = 클라이언트 명령 #{ $command }
cause-setting-argument = 큐 인자로 설정한 { $key }
cause-setting-policy = 정책 { $policy }에서 설정한 { $key }
cause-setting-operator-policy = 운영자 정책 { $policy }에서 설정한 { $key }
cause-setting-default = 기본값 { $key }
cause-setting-argument-or-policy = 큐 인자 또는 정책으로 설정한 { $key }
cause-setting-other = { $source }에서 설정한 { $key }
cause-message-expiration = 메시지 자체의 expiration 속성
cause-rule = 브로커 규칙 { $rule }
ev-published = { $exchange }에 라우팅 키 '{ $key }'{ JOSA($key, "으로/로") } 발행되었습니다.
ev-routed = { $queue }에 라우팅되었습니다.
ev-dead-lettered-into = dead-letter 되어 { $queue }에 들어갔습니다. 원인: { $why }.
ev-redelivered = { $queue }에서 컨슈머에게 다시 전달되었습니다(redelivered).
ev-delivered = { $queue }에서 컨슈머에게 전달되었습니다.
ev-acked = ack: { $queue }의 컨슈머가 처리를 마쳤습니다.
ev-requeued = requeue: { $queue }{ JOSA($queue, "으로/로") } 되돌아갔습니다. 원인: { $why }.
ev-retry-delayed = requeue 되었지만 { $queue }{ JOSA($queue, "이/가") } { $until }초까지 붙잡아 둡니다. 원인: { $why }.
ev-died-rejected = { $queue }에서 dead-letter 되었습니다. 컨슈머가 requeue 없이 거부했습니다(rejected).
ev-died-expired-property = { $queue }에서 dead-letter 되었습니다. 큐 맨 앞에서 메시지 자체의 expiration 시간이 다 되었습니다(expired).
ev-died-expired-ttl = { $queue }에서 dead-letter 되었습니다. 큐 맨 앞에서 TTL이 지났습니다(expired). 원인: { $why }.
ev-died-maxlen = { $queue }에서 dead-letter 되었습니다. 큐가 가득 차서 맨 앞에서 밀려났습니다(maxlen). 원인: { $why }.
ev-died-delivery-limit = { $queue }에서 dead-letter 되었습니다. 전달 제한이 허용하는 횟수보다 더 많이 반환되었습니다(delivery_limit). 원인: { $why }.
ev-dead-lettered = { $queue }에서 { $exchange }{ JOSA($exchange, "으로/로") } dead-letter 되었습니다. 키 [{ $keys }] → { $to }. 원인: { $why }.
ev-no-queue = 받는 큐 없음
ev-held = dead-letter 경로가 다시 동작할 때까지 { $queue }{ JOSA($queue, "이/가") } 붙잡아 둡니다(at-least-once).
ev-drop-unroutable = 라우팅할 수 없어서 버려졌습니다. { $exchange }의 어떤 바인딩과도 맞지 않고 alternate exchange도 없습니다.
ev-drop-no-dlx = 큐에 dead-letter exchange가 없어서 버려졌습니다. dead-letter 된 메시지는 그냥 사라집니다.
ev-drop-dlx-missing = DLX인 exchange { $exchange }{ JOSA($exchange, "이/가") } 존재하지 않아서 버려졌습니다.
ev-drop-no-route = DLX { $exchange }에 키 [{ $keys }]와 맞는 바인딩이 없어서 버려졌습니다.
ev-drop-no-route-fanout = fanout DLX { $exchange }에 바인딩된 큐가 없어서 버려졌습니다.
ev-drop-cycle = 순환이라서 버려졌습니다. 큐 { $queue }{ JOSA($queue, "이/가") } 이미 x-death에 있고, 그 뒤로 거부가 한 번도 없었습니다(경로 { $path }).
ev-drop-refused = at-most-once에서 { $queue }{ JOSA($queue, "이/가") } 발행 거부(reject-publish)로 받지 않아서 버려졌습니다.
ev-drop-queue-gone = 메시지가 든 채로 { $queue }{ JOSA($queue, "이/가") } purge, 삭제 또는 만료되어서 버려졌습니다.
ev-drop-strategy-switched = { $queue }{ JOSA($queue, "이/가") } at-least-once를 그만두면서 붙잡아 둔 dead letter를 지웠기 때문에 버려졌습니다.
ev-confirmed-ack = 퍼블리셔에게 확인(ack)을 보냈습니다.
ev-confirmed-nack = 퍼블리셔에게 nack을 보냈습니다.
ev-returned = 퍼블리셔에게 반환되었습니다. { $exchange }{ JOSA($exchange, "이/가") } '{ $key }'{ JOSA($key, "을/를") } 라우팅하지 못했습니다.
ev-queue-expired = 큐 { $queue }{ JOSA($queue, "이/가") } 쓰이지 않아 만료되었습니다(x-expires). 안에 있던 메시지 { $messages }개는 dead-letter 되지 않고 사라집니다.
ev-queue-purged = 큐 { $queue }{ JOSA($queue, "을/를") } purge 했습니다. 메시지 { $messages }개를 지웠습니다.
ev-queue-deleted = 큐 { $queue }{ JOSA($queue, "이/가") } 메시지 { $messages }개와 함께 삭제되었습니다.
ev-log = 브로커 로그: { $line }

## 메시지가 어떻게 되었는지 한마디로 (마우스를 올릴 때, 범례, 로그)

fate-name-routed = 라우팅됨
fate-name-waiting = 큐에서 대기 중
fate-name-delivered = 컨슈머에게 전달됨
fate-name-acked = ack 완료
fate-name-rejected = nack / reject 됨
fate-name-requeued = 다시 큐로(requeue)
fate-name-expired = 만료됨(expired)
fate-name-expired-waiting = 만료됐지만 맨 앞 메시지 뒤에서 기다리는 중
fate-name-overflowed = 큐가 넘쳐 맨 앞에서 밀려남(maxlen)
fate-name-delivery-limit = 전달 제한 도달(delivery_limit)
fate-name-dead-lettered = dead-letter 됨
fate-name-looping = 순환 중(이미 거쳤던 큐로 다시 dead-letter 됨)
fate-name-held = dead-lettering을 위해 붙잡아 둠
fate-name-dropped-unroutable = 버려짐: 라우팅 불가
fate-name-dropped-no-dlx = 버려짐: DLX 없음
fate-name-dropped-no-route = 버려짐: DLX가 아무 큐로도 라우팅하지 않음
fate-name-dropped-cycle = 버려짐: 순환
fate-name-dropped = 버려짐

## definitions 파일: 대상의 이름, 설정이 온 곳

subject-exchange = 이름이 '{ $name }'인 exchange
subject-queue = 큐 '{ $name }'
subject-binding = 바인딩 { $source } -> { $destination }('{ $key }')
subject-policy = 정책 '{ $name }'
subject-operator-policy = 운영자 정책 '{ $name }'
setting-source-argument = 큐 인자
setting-source-policy = 정책 { $policy }
setting-source-operator-policy = 운영자 정책 { $policy }
setting-source-default = 기본값
setting-source-argument-or-policy = 큐 인자 또는 정책
setting-source-other = { $source }

## definitions 파일: 시뮬레이션하지 않는 것 (경고)

warn-access = '{ $key }'(항목 { $count }개)는 시뮬레이션하지 않습니다. 사용자, 가상 호스트, 권한은 dead-lettering에 영향을 주지 않습니다.
warn-unknown-key = 알 수 없는 최상위 키 '{ $key }'{ JOSA($key, "은/는") } 시뮬레이션하지 않습니다.
warn-exchange-type = exchange '{ $exchange }'의 '{ $kind }' 타입은 시뮬레이션하지 않으므로, 이 exchange와 여기서 나가는 바인딩은 빠집니다.
warn-exchange-auto-delete = exchange '{ $exchange }'의 auto_delete는 시뮬레이션하지 않습니다(exchange는 그대로 남습니다).
warn-exchange-internal = exchange '{ $exchange }'의 internal은 시뮬레이션하지 않습니다(여기서는 클라이언트가 이 exchange로 발행할 수 있습니다).
warn-exchange-argument = exchange '{ $exchange }'의 '{ $argument }' 인자는 시뮬레이션하지 않습니다.
warn-queue-auto-delete = 큐 '{ $queue }'의 auto_delete는 시뮬레이션하지 않습니다(컨슈머가 없어도 큐가 남습니다).
warn-queue-exclusive = 큐 '{ $queue }'의 exclusive는 시뮬레이션하지 않습니다.
warn-queue-argument = 큐 '{ $queue }'의 '{ $argument }' 인자는 시뮬레이션하지 않습니다(내보내기용으로 보관합니다).
warn-operator-policy-key = 운영자 정책 '{ $policy }'의 '{ $key }' 키는 운영자 정책에서 브로커가 거부합니다(받는 키: { $accepted }).
warn-policy-key = 정책 '{ $policy }'의 '{ $key }' 키는 시뮬레이션하지 않습니다(내보내기용으로 보관하며, 정책이 어떤 큐 타입에 적용되는지는 여전히 이 키로 정해집니다).
warn-operator-policy-key-kept = 운영자 정책 '{ $policy }'의 '{ $key }' 키는 시뮬레이션하지 않습니다(내보내기용으로 보관하며, 정책이 어떤 큐 타입에 적용되는지는 여전히 이 키로 정해집니다).
warn-parameter = '{ $component }' 컴포넌트의 '{ $name }' 파라미터는 시뮬레이션하지 않습니다.
warn-other-vhost = 가상 호스트 '{ $vhost }'의 항목 { $count }개는 빠집니다. 가상 호스트는 하나('{ $simulated }')만 시뮬레이션합니다.
warn-binding-left-out = 바인딩 { $source } -> { $destination }('{ $key }'){ JOSA($destination, "은/는") } exchange와 함께 빠집니다.
warn-refused = { $subject }{ JOSA($subject, "은/는") } 빠집니다. 브로커가 거부합니다: { $error }

## definitions 파일: 린트 (설정 때문에 메시지를 잃는 이유)

lint-refused = 브로커가 이 선언을 거부합니다. { $subject }: { $error }
lint-dlrk-without-dlx = dead-letter 라우팅 키 '{ $key }'({ $source }){ JOSA($key, "이/가") } 설정되어 있지만 dead-letter exchange가 없습니다. 아무것도 dead-letter 되지 않습니다(큐 인자로 주면 브로커가 406으로 거부합니다).
lint-dlx-missing = dead-letter exchange '{ $exchange }'({ $source }){ JOSA($exchange, "이/가") } 존재하지 않습니다. 브로커는 dead letter를 모두 조용히 버립니다(오류도, 로그 한 줄도 없습니다).
lint-dlx-no-binding = dead-letter exchange '{ $exchange }'에 바인딩이 없습니다. dead letter가 모두 조용히 버려집니다.
lint-dlx-unroutable = dead-letter exchange '{ $exchange }'의 어떤 바인딩도 dead letter의 라우팅 키({ $keys })와 맞지 않습니다. 조용히 버려집니다.
lint-dlx-unroutable-keys-kept = dead-letter exchange '{ $exchange }'의 어떤 바인딩도 dead letter의 라우팅 키({ $keys })와 맞지 않습니다. 조용히 버려집니다. dead-letter 라우팅 키가 없으면 dead letter는 발행될 때의 키를 그대로 가집니다.
lint-at-least-once-without-reject-publish = dead-letter-strategy at-least-once에는 overflow reject-publish가 필요합니다. { $overflow }에서는 브로커가 at-most-once로 되돌아갑니다(로그에 'Falling back'이 남습니다).
lint-quorum-no-delivery-limit = 3.x에서는 따로 정하지 않으면 쿼럼 큐에 전달 제한이 없습니다. 계속 requeue 되는 메시지(poison 메시지)는 끝없이 다시 전달됩니다. x-delivery-limit 인자나 delivery-limit 정책을 설정하세요(4.x의 기본값은 20).
lint-strategy-not-quorum = x-dead-letter-strategy는 쿼럼 큐에만 영향을 줍니다. 이 큐는 at-most-once로 dead-letter 합니다.
lint-quorum-only-argument = { $argument } 인자는 쿼럼 큐에만 적용됩니다. 이 { $queue_type } 큐는 이 인자를 무시합니다(적용하려면 "x-queue-type": "quorum"으로 큐를 선언하세요).
lint-ttl-behind-head = 큐 TTL이 없습니다. 퍼블리셔가 메시지별 TTL(expiration)을 주면 메시지는 큐 맨 앞에 와서야 만료됩니다. 그래서 수명이 짧은 메시지가 긴 메시지 뒤에서 기다리다 늦게 dead-letter 됩니다. 지연에는 큐마다 TTL 하나(x-message-ttl)를 쓰세요.
lint-policy-not-applicable = 정책 '{ $policy }'{ JOSA($policy, "이/가") } 이 큐 이름과 맞지만 { $queue_type } 큐가 지원하지 않는 { $keys }{ JOSA($keys, "을/를") } 담고 있어서, 브로커는 이 큐에 그 정책을 하나도 적용하지 않습니다.
lint-operator-policy-not-applicable = 운영자 정책 '{ $policy }'{ JOSA($policy, "이/가") } 이 큐 이름과 맞지만 { $queue_type } 큐가 지원하지 않는 { $keys }{ JOSA($keys, "을/를") } 담고 있어서, 브로커는 이 큐에 그 정책을 하나도 적용하지 않습니다.
lint-policy-tie = 정책 { $policies }{ JOSA($policies, "이/가") } 모두 우선순위 { $priority }{ JOSA($priority, "으로/로") } 맞습니다. 하나만 적용되는데 어느 것인지 브로커가 정하지 않습니다. 우선순위를 서로 다르게 주세요.
lint-operator-policy-tie = 운영자 정책 { $policies }{ JOSA($policies, "이/가") } 모두 우선순위 { $priority }{ JOSA($priority, "으로/로") } 맞습니다. 하나만 적용되는데 어느 것인지 브로커가 정하지 않습니다. 우선순위를 서로 다르게 주세요.
lint-dead-letter-cycle = dead letter가 { $path }{ JOSA($path, "으로/로") } 돌고, 그동안 어떤 컨슈머도 거부하지 않습니다(매번 TTL 또는 max-length). 브로커가 순환을 감지해 메시지를 조용히 버립니다(로그 한 줄: 'Dead-letter queues cycle detected'). 순환 안 어디에서든 거부(reject)가 한 번 있으면 메시지는 살아남습니다.

## 페이지: 공유 링크, 오류가 가리키는 행, DLQ 알림

link-empty = 열 것이 없습니다
link-bad-encoding = 링크 안의 시나리오가 손상되었습니다
link-bad-number = '{ $value }'{ JOSA($value, "은/는") } 숫자가 아닙니다
link-too-long = 페이지가 여는 링크의 최대 길이인 { $kb }KB를 넘습니다. 시나리오를 줄이거나 파일로 가져오세요
error-at-line = { $line }행: { $text }
duration-min = { $n }분
duration-s = { $n }초
duration-ms = { $n }밀리초
alert-depth-over = 대기 메시지 { $n }개 초과
alert-nonempty-for = { $duration } 동안 비지 않음
alert-arrival-rate = 한 시간 안에 { $n }개 이상 유입

## 문장 검토 페이지 (?review=texts)
review-title = 문장 검토: 실습장이 쓰는 모든 문장
review-intro = 실습장이 실행 중에 만드는 문장을 종류마다 하나씩, 위에서 고른 언어로 보여 줍니다. 번역가나 트레이너가 한곳에서 모두 읽어 볼 수 있습니다. 문장 속 이름(orders, dlx, m3)은 예시입니다.
review-events = 브로커 이벤트
review-system-events = 다른 시스템의 이벤트
review-takeaways = 비교에서 눈여겨볼 점
review-verdicts = 연습 문제 판정
review-problems = 시나리오 파일의 오류
review-definitions = definitions 파일의 경고와 점검 결과
review-kind = 종류
review-text = 문장
review-link = 모든 문장 검토하기

## 페이지가 조각을 이어 붙이던 곳의 온전한 문장
ui-act-do-at = 지금({ $time }초) 실행
sys-do-it-at-time = { $time }초 시점에 실행
sys-select-message-id = 메시지 { $id }
alert-at-queue = { $queue }: { $alert }
ui-dot-title = { $msg }: { $fate }
ui-dots-label = 그래프 위의 메시지: ↓와 ↑로 하나를 골라 살펴보고, Esc로 선택을 지웁니다 (←와 →는 시간을 이동합니다)
ui-tour-step-of = { $total }단계 중 { $n }단계
ui-hop-head = { $time }초에 { $queue }{ JOSA($queue, "으로/로") } 들어감 · { $msg }
ui-message-title = 메시지 { $msg }
ui-inspector-status = { $title }: { $fate }
ui-node-aria = { $kind } { $name }
ui-chart-alert = { $time }초: { $alert }
ui-solved-count = { $total }문제 중 { $n }문제 해결

## 범례의 운명 묶음 (묶음마다 모양이 다릅니다)
ui-legend-on-its-way = 이동 중 (원)
ui-legend-died = 큐에서 dead-letter 됨 (삼각형)
ui-legend-dead-lettered = DLX로 가는 중 (마름모)
ui-legend-dropped = 버려짐, 유실 (사각형)

## 복사본이 dead-letter 되거나 버려진 곳에 그래프가 쓰는 말 (브로커 용어는 그대로)
death-rejected = rejected (거부됨)
death-expired = expired (만료됨)
death-expired-property = expired (expiration 만료)
death-expired-ttl = expired (x-message-ttl { $ttl } 만료)
death-maxlen = maxlen ({ $overflow }, 큐 가득 참)
death-delivery-limit = delivery_limit (전달 제한 초과)
death-delivery-limit-n = delivery_limit { $limit } (전달 제한 초과)
death-dropped-unroutable = 버려짐: 라우팅할 큐 없음
death-dropped-no-dlx = 버려짐: DLX 없음
death-dropped-no-route = 버려짐: DLX에서 갈 곳 없음
death-dropped-cycle = 버려짐: 순환
death-dropped-refused = 버려짐: 대상 큐가 거부함
death-dropped-queue-gone = 버려짐: 큐 삭제됨
death-dropped-strategy-switched = 버려짐: 전략 변경
death-times = { $label } ×{ $n }

ui-pause-on-death = 메시지가 dead-letter 되거나 버려질 때마다 멈춤
ui-node-depth = 대기 { $ready } · 미확인 { $unacked }

## 모든 전략이, 또는 하나만 그랬을 때의 "눈여겨볼 점"
sys-takeaway-lost-all = 모든 전략이 메시지를 잃었습니다(최대 { $most }개). 아무 곳에도 남지 않습니다.
sys-takeaway-lost-one = { $strategies }만 메시지를 잃었습니다(최대 { $most }개). 아무 곳에도 남지 않습니다.
sys-takeaway-duplicates-all = 모든 전략이 효과를 두 번 이상 적용했습니다(최대 { $most }번). 컨슈머가 멱등하지 않습니다.
sys-takeaway-duplicates-one = { $strategies }만 효과를 두 번 이상 적용했습니다(최대 { $most }번). 컨슈머가 멱등하지 않습니다.
sys-takeaway-reordered-all = 같은 키의 메시지 순서를 지킨 전략이 하나도 없습니다(순서가 바뀐 메시지 최대 { $most }개).
sys-takeaway-reordered-one = { $strategies }만 같은 키의 메시지를 순서와 다르게 처리했습니다(최대 { $most }개).
sys-takeaway-parked-all = 모든 전략의 dead-letter 장소에 메시지가 남아 운영자를 기다립니다(최대 { $most }개).
sys-takeaway-parked-one = { $strategies }만 dead-letter 장소에 메시지가 남아 운영자를 기다립니다(최대 { $most }개).
sys-takeaway-all-completed-all = 모든 전략이 모든 메시지를 처리했습니다.
sys-takeaway-all-completed-one = { $strategies }만 모든 메시지를 처리했습니다.

## 이유: 브로커 규칙을 쉬운 말로
cause-rule-at-least-once-needs-reject-publish = at-least-once dead-lettering 규칙(x-overflow reject-publish가 필요함)
cause-rule-at-least-once-unroutable = at-least-once dead-lettering은 DLX가 라우팅하지 못하는 메시지를 붙잡아 둠
cause-rule-channel-closed = 컨슈머의 채널이 닫힘
cause-rule-consumer-behaviour = 시나리오의 컨슈머가 전달받은 메시지를 처리하는 방식
cause-rule-dead-letter-cycle = 사람이 끼어들지 않는 dead-letter 순환
cause-rule-dead-letter-strategy-switched = 큐의 x-dead-letter-strategy가 바뀜
cause-rule-invalid-x-death = 메시지의 x-death 헤더가 올바르지 않음
cause-rule-max-length = 큐의 길이 제한
cause-rule-policy-changed = 정책 변경
cause-rule-publisher = 시나리오의 퍼블리셔
cause-rule-push-consumer = 컨슈머에게 전달
cause-rule-scenario-consumer = 시나리오가 시작한 컨슈머
cause-rule-scenario-step = 시나리오 타임라인의 한 단계

ui-log-showing = 항목 { $total }개 중 최근 { $listed }개를 보여 줍니다.
ui-log-more = { $n }개 더 보기

## 상세 보기: 읽기 쉬운 AMQP 값
ui-xdeath-time = { $date } UTC, 실행 시작 후 { $secs }초
ui-xdeath-time-before = { $date } UTC, 실행이 시작되기 전
amqp-type-long-string = S: 긴 문자열(long string)
amqp-type-long = l: 64비트 부호 있는 정수(long)
amqp-type-int = I: 32비트 부호 있는 정수
amqp-type-bool = t: 불리언
amqp-type-timestamp = T: 타임스탬프(1970-01-01 UTC부터 지난 초)
amqp-type-double = d: 배정밀도 부동소수점 수
amqp-type-array = A: 필드 값 배열
amqp-type-table = F: 필드 테이블(중첩된 헤더)
amqp-type-void = V: 값 없음

ui-chart-depth = { $queue } { $depth }개
ui-chart-readout = { $time }초: { $depths }

sys-story-title = { $strategy }에서 { $id }에 일어난 일
sys-select-reason-is = 실패 원인이 { $reason }인 메시지
ui-kind-dlq = { $kind } · dead-letter 큐

## The profile switch

profile-diff-title = 브로커 버전이 바꾸는 것
profile-diff-none = { $from }에서 { $to }{ JOSA($to, "으로/로") } 바꿔도 이 실행의 이벤트는 하나도 달라지지 않습니다.
profile-diff-first = 두 실행은 { $at }초에 갈라집니다.
profile-diff-event = { $profile }에서는: { $event }
profile-diff-nothing-more = { $profile }에서는 더 이상 아무 일도 일어나지 않습니다.
profile-diff-deaths = dead-letter 되거나 버려진 사본: { $from }에서 { $before }개, { $to }에서 { $after }개.
profile-diff-delayed-retry = rabbitmq-3.10은 { $queue }의 { $argument } 인자를 무시하고 돌아온 메시지를 바로 다시 전달합니다. rabbitmq-4는 이런 메시지를 잠시 붙잡아 둡니다.
profile-diff-quorum-limit = { $queue }{ JOSA($queue, "은/는") } x-delivery-limit 인자가 없는 쿼럼 큐입니다. rabbitmq-4는 20번 전달된 메시지를 dead-letter 하지만 rabbitmq-3.10은 그렇게 하지 않습니다.
profile-diff-truncated = 실행이 길어 처음 20만 개 이벤트만 비교했습니다.
builder-title = 연습 문제 만들기
builder-intro = 워크숍에 쓸 연습 문제를 만드세요. 이야기, 학습자가 시작하는 지점, 앱이 실행 결과로 확인할 목표, 힌트와 풀이를 씁니다. 아래 확인은 입력하는 동안 바로 실행되고, 초안은 이 브라우저에 보관됩니다.
builder-open = 나만의 연습 문제 만들기(트레이너용)
builder-system = 시스템
builder-start-from = 시작점
builder-start-from-choose = 기본 제공 시나리오…
builder-start-your-playground = 내 실습장의 시나리오
builder-start-your-comparison = 내 비교 페이지의 워크로드
builder-load-exercise = 기본 제공 연습 문제를 고쳐 쓰기
builder-definitions = RabbitMQ definitions 파일(여기에 붙여 넣으세요)
builder-definitions-load = 그 토폴로지를 시작점으로 쓰기
builder-import = 연습 문제 파일 열기(JSON을 여기에 붙여 넣으세요)
builder-import-load = 만들기 화면에서 열기
builder-undo-import = 되돌리기: 이전 연습 문제로 돌아가기
builder-story = 이야기
builder-id = Id(링크용: 영문 소문자, 숫자, -)
builder-ex-title = 제목
builder-story-text = 학습자에게 들려줄 이야기
builder-topics = 주제(쉼표로 구분)
builder-hints = 힌트: 가벼운 귀띔부터 거의 정답까지(한 개에서 세 개)
builder-add-hint = 힌트 추가
builder-remove = 삭제
builder-up = 위로
builder-explanation = 풀이가 통하는 이유(풀이와 함께 보여 줍니다)
builder-start = 시작점: 학습자의 편집기가 처음 여는 내용
builder-solution = 풀이: 목표에 도달해야 합니다
builder-copy-start = 시작점을 풀이로 복사
builder-goal = 목표
builder-goal-about = 학습자가 쓴 내용을 실행했을 때 모든 항목이 성립해야 합니다.
builder-goal-raw = 이 목표는 양식으로 나타낼 수 없습니다. JSON으로 고치세요:
builder-goal-use-forms = 양식으로 바꾸기
builder-add-part = 항목 추가
builder-pred-message = 메시지 하나에 일어나는 일
builder-pred-no-message-lost = 잃어버리는 메시지가 없음
builder-pred-no-drop = 어떤 규칙으로도 버려지지 않음
builder-pred-queue-depth = 큐에 대기 중인 메시지 수
builder-pred-event-count = 한 종류의 이벤트 수
builder-pred-no-duplicates = 두 번 처리되는 메시지가 없음
builder-pred-order-kept = 키마다 순서가 지켜짐
builder-pred-duplicates = 두 번 처리되는 메시지는 최대 몇 건
builder-pred-count = 어떤 상태로 끝난 메시지 수
builder-check = 확인
builder-solution-passes = 풀이가 목표에 도달합니다.
builder-solution-fails = 풀이가 아직 목표에 도달하지 못합니다:
builder-start-fails = 시작점은 예상대로 목표에 도달하지 못합니다: { $why }
builder-start-passes = 시작점이 이미 목표에 도달합니다. 학습자가 할 일이 없습니다.
builder-problem-start = 시작점: { $error }
builder-problem-solution = 풀이: { $error }
builder-problem-goal = 목표: { $error }
builder-problem-exercise = 연습 문제: { $error }
builder-export = 내보내기
builder-download = 연습 문제 내려받기(JSON)
builder-copy-link = 연습 문제 링크 복사
builder-try = 학습자로 풀어 보기
builder-copied = 복사했습니다.
builder-copy-by-hand = 직접 복사하세요:
builder-workshop = 내 워크숍
builder-workshop-title = 워크숍 제목
builder-add-to-workshop = 이 연습 문제를 내 워크숍에 추가
builder-workshop-add-builtin = 기본 제공 연습 문제 추가…
builder-workshop-empty = 아직 연습 문제가 없습니다. 이 문제나 기본 제공 문제를 추가하세요.
builder-workshop-link = 워크숍 링크 복사
builder-workshop-download = 워크숍 내려받기(JSON)

# 언어 전환: 그 언어의 문구 파일을 받지 못했을 때. $language는 그 언어의 이름.
lang-unavailable = { $language } 문구를 불러오지 못했습니다. 연결을 확인하고 다시 시도하세요.

## 기본 제공 운영자 메모(워크로드, 전략 투어, 연습 문제). 사용자가 쓴 메모는 쓴 그대로 보입니다
op-note-address-corrected = 주소 수정함
op-note-broker-reachable = 브로커에 다시 연결됨
op-note-postcode-corrected = 우편번호 수정함
op-note-missing-field = 빠진 필드를 채움
op-note-fix-deployed = 수정 배포됨
op-note-fix-deployed-v142 = v1.4.2에 수정 배포됨
op-note-amount-fixed = 잘못된 amount 필드를 고침
op-note-pricing-fix = 가격 계산 수정 배포됨
op-note-pricing-fix-v142 = 가격 계산 수정 v1.4.2 배포됨
op-note-replay-after-fix = 수정 후 다시 보냄
op-note-replay-everything = 전부 다시 보냄
op-note-replayed-after-correction = 정정 후 다시 보냄
op-note-replayed-m3 = 수정 후 m3을 다시 보냄
op-note-retry-it = 다시 시도

# 첫 화면: 캔버스 위 카드, 옆 패널의 탭, 첫 방문 안내.
ui-about = 이 시나리오에 대하여
ui-tab-inspect = 살펴보기
ui-tab-log = 로그
ui-tab-edit = 편집
ui-more-below = 차트, 직접 실행하는 작업, 정의 파일은 아래에 있습니다.
ui-first-title = 여기서 시작하세요
ui-first-play = 재생을 누르세요. 메시지가 퍼블리셔에서 exchange를 거쳐 큐로 이동합니다.
ui-first-click = 움직이는 메시지(그래프 위의 점)나 로그 탭의 메시지를 클릭하세요.
ui-first-read = 여기서 그 메시지의 x-death를 읽으세요. 어디서, 왜, 몇 번 dead-letter 되었는지 보여 줍니다.
ui-first-done = 알겠습니다
ui-menu = 메뉴
ui-verdict-moment = 이 순간 보기 ({ $time })
