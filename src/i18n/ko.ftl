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
verdict-wanted = { " " }목표는 { $count }입니다.
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

verdict-goal-met = 목표 달성: { $parts }개 항목이 모두 맞습니다.
verdict-any-holds = 대안 중 하나가 맞습니다.
verdict-none-holds = 대안 중 맞는 것이 하나도 없습니다. 각 대안의 결과: { $failed }
verdict-combined = all이나 any로 묶은 goal은 한 항목으로 검사할 수 없습니다.
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
