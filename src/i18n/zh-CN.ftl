# 简体中文。术语见 docs/glossary.md：成为死信、交换机、拒收、原因。
# 中文一律使用全角标点（，：（）；）；时间写作“第 3 秒”。
# broker 的术语（x-dead-letter-exchange、reason 值、规则和事件名）保持 broker 与 goal JSON 的写法。

## 通用

list-sep = 、
clause-sep = ；
or-sep = ；或者
time-secs = { $secs } 秒

## 判定中对消息的称呼

name-body = 消息 '{ $body }'
name-published-default = 以路由键 '{ $key }' 发布到默认交换机的消息
name-published = 以路由键 '{ $key }' 发布到交换机 '{ $exchange }' 的消息
name-unknown = 某条消息

## 消息被丢弃的原因（-died：已知它此前在哪里、因什么原因成为死信）

drop-unroutable = 交换机 '{ $exchange }' 没有把它路由到任何队列
drop-no-dlx = 它所在的队列没有设置 x-dead-letter-exchange，因此它被丢弃
drop-no-dlx-died = 它在 { $queue } 中成为死信（原因：{ $reason }），但 { $queue } 没有设置 x-dead-letter-exchange，因此它被丢弃
drop-dlx-missing = 它的死信交换机 '{ $exchange }' 不存在，因此它被丢弃
drop-dlx-missing-died = 它在 { $queue } 中成为死信（原因：{ $reason }），但死信交换机 '{ $exchange }' 不存在，因此它被丢弃
drop-no-route = 死信交换机 '{ $exchange }' 没有匹配路由键 { $keys } 的绑定，因此它被丢弃
drop-no-route-died = 它在 { $queue } 中成为死信（原因：{ $reason }），但死信交换机 '{ $exchange }' 没有匹配路由键 { $keys } 的绑定，因此它被丢弃
drop-no-route-fanout = 没有任何队列绑定到 fanout 死信交换机 '{ $exchange }'，因此它被丢弃（fanout 交换机不看路由键）
drop-no-route-fanout-died = 它在 { $queue } 中成为死信（原因：{ $reason }），但没有任何队列绑定到 fanout 死信交换机 '{ $exchange }'，因此它被丢弃（fanout 交换机不看路由键）
drop-cycle = 它陷入死信循环（{ $path }），因此被丢弃
drop-cycle-died = 它在 { $queue } 中成为死信（原因：{ $reason }），随后陷入死信循环（{ $path }），因此被丢弃
drop-refused = 队列 { $queue } 拒收了它（x-overflow reject-publish）
drop-queue-gone = 队列 { $queue } 在它还在其中时被清空（purge）、删除或过期
drop-strategy-switched = { $queue } 不再使用 at-least-once 死信投递，删除了它留住的死信

## 消息的去向

fate-nowhere = 它已不在任何地方
fate-in = 它现在在 { $queues } 中
fate-acked = 它于第 { $at } 秒在 { $queue } 中被 ack
fate-dropped = 第 { $at } 秒时，{ $how }

## 目标的组成：数量、事件条件、时刻

count-exactly = 恰好 { $n }
count-at-least = 至少 { $n }
count-at-most = 至多 { $n }
count-sep = { " 且" }
verdict-wanted = （目标：{ $count }）
# 事件条件：每个已设置的条件各是一个定语，最后是事件名。
filter = { $queue }{ $reason }{ $rule }{ $ack }'{ $kind }' 事件
filter-queue = { $queue } 中的{ " " }
filter-reason = 原因为 { $reason } 的{ " " }
filter-rule = 由规则 { $rule } 造成的{ " " }
filter-ack = 结果为 ack 的{ " " }
filter-nack = 结果为 nack 的{ " " }
moment-at = 第 { $at } 秒时
moment-end = 运行结束时

## 判定

verdict-goal-met = 目标达成：{ $parts } 项中 { $parts } 项满足。
verdict-any-holds = 备选条件中有一项成立
verdict-none-holds = 备选条件没有一项成立：{ $failed }
verdict-combined = 用 all 或 any 组合的目标不能作为一项来检查
verdict-nothing-lost = 没有丢失任何消息
verdict-some-lost = 有一条消息丢失了
verdict-lost-one = 有一条消息丢失了：{ $who } 于第 { $at } 秒丢失，{ $how }
verdict-lost-many = 丢失了 { $count } 条消息；第一条是{ $who }，于第 { $at } 秒丢失，{ $how }
verdict-nothing-dropped = 没有消息被规则 { $rule } 丢弃
verdict-dropped-by = 有消息被规则 { $rule } 丢弃
verdict-dropped-at = { $who } 于第 { $at } 秒被规则 { $rule } 丢弃：{ $how }
verdict-seek-failed = 无法跳转到第 { $at } 秒：{ $error }
verdict-no-queue = { $when }不存在队列 { $queue }
verdict-depth = { $when }，{ $queue } 中有 { $ready } 条就绪（ready）消息{ $wanted }
verdict-events = 日志中有 { $count } 个{ $events }{ $wanted }
verdict-never-queued = 消息 '{ $body }' 从未进入任何队列（它被发布了吗？被路由了吗？）
verdict-not-ended-in = 消息 '{ $body }' 最终不在 { $queue } 中：{ $fate }
verdict-never-acked = 消息 '{ $body }' 从未被 ack：{ $fate }
verdict-acked-anyway = 消息 '{ $body }' 被 ack 了，但它不应该被 ack：{ $fate }
verdict-never-dead-lettered = 消息 '{ $body }' 从未成为死信，而目标是它因原因 { $reason } 成为死信
verdict-dead-lettered-only-as = 消息 '{ $body }' 从未因原因 { $reason } 成为死信：它成为死信的原因只有 { $reasons }
verdict-never-delivered = 消息 '{ $body }' 从未被投递给消费者：{ $fate }
verdict-deliveries-reached = 消息 '{ $body }' 从 { $queue } 投递了 { $count } 次后到达了 { $reached }，而目标是 { $wanted } 次
verdict-deliveries-handled = 消息 '{ $body }' 从 { $queue } 投递了 { $count } 次后处理完毕，而目标是 { $wanted } 次
verdict-retries-reached = 消息 '{ $body }' 从 { $queue } 重试了 { $count } 次后到达了 { $reached }，而目标是 { $wanted } 次
verdict-retries-handled = 消息 '{ $body }' 从 { $queue } 重试了 { $count } 次后处理完毕，而目标是 { $wanted } 次
verdict-spacing-never = 消息 '{ $body }' 重试前从未等待，而目标是 { $wanted }（允许误差 ± { $tolerance_ms } ms）
verdict-spacing = 消息 '{ $body }' 每次重试前分别等待了 { $waits }，而目标是 { $wanted }（允许误差 ± { $tolerance_ms } ms）
verdict-message-fate = 消息 '{ $body }'：{ $fate }
verdict-unreadable = 无法读取场景：{ $error }
verdict-does-not-run = 场景无法运行：{ $error }
verdict-stalled = 运行提前停止了：消息在没有任何延迟的情况下无限循环
verdict-broker-log = broker 日志：{ $line }
verdict-lint = { $subject }：{ $text }
verdict-trace-fate-completed = 已处理
verdict-trace-fate-dead-lettered = 已成为死信
verdict-trace-fate-skipped = 被运维人员跳过
verdict-trace-fate-lost = 已丢失
verdict-trace-fate-in-flight = 仍在途中
verdict-trace-ended = { $id } 于第 { $at } 秒以“{ $fate }”结束，共尝试 { $attempts } 次
verdict-trace-ended-untouched = { $id } 上什么也没有发生，状态为“{ $fate }”
verdict-trace-wrong-end = { $id } 应当以“{ $wanted }”结束，却以“{ $got }”结束：最后一步在第 { $at } 秒，共尝试 { $attempts } 次
verdict-trace-wrong-end-untouched = { $id } 应当以“{ $wanted }”结束，但它上面什么也没有发生
verdict-trace-wrong-end-by = 到第 { $by } 秒，{ $id } 应当已处于“{ $wanted }”状态，实际却是“{ $got }”（截至那时的最后一步在第 { $at } 秒，共尝试 { $attempts } 次）
verdict-trace-wrong-end-late = 到第 { $by } 秒，{ $id } 应当已经“{ $wanted }”，实际却是“{ $got }”：直到第 { $reached } 秒才做到
verdict-trace-attempts = { $id } 被尝试了 { $count } 次，最后一次在第 { $last } 秒{ $wanted }
verdict-trace-attempts-none = { $id } 一次也没有被尝试{ $wanted }
verdict-trace-attempts-ok = { $id } 被尝试了 { $count } 次
verdict-trace-no-message = 工作负载中没有消息 { $id }
verdict-trace-none-fails-with = 工作负载中没有以 { $reason } 失败的消息
verdict-trace-no-duplicates = 没有任何效果被执行两次
verdict-trace-duplicate = { $id } 被处理了两次：第 { $attempt } 次尝试在第 { $at } 秒再次执行了它的效果（共 { $count } 次重复）
verdict-trace-duplicates = 有 { $count } 次效果被再次执行{ $wanted }
verdict-trace-duplicates-first = 有 { $count } 次效果被再次执行{ $wanted }；第一次是 { $id } 的第 { $attempt } 次尝试，在第 { $at } 秒
verdict-trace-nothing-lost = 没有消息丢失
verdict-trace-lost = 丢失了 { $count } 条消息；第一条在第 { $at } 秒：{ $how }
verdict-trace-order-kept = 每个键的消息都按发布顺序得到处理
verdict-trace-out-of-order = { $later } 在第 { $at } 秒被处理，早于同一键 { $key } 上先发布的 { $overtaken }（它在第 { $done } 秒才被处理）
verdict-trace-fate-count = 有 { $count } 条消息以“{ $fate }”结束{ $wanted }
verdict-trace-not-runnable = 对比无法运行：{ $error }

## 对比页面：系统运行记录中每个事件的一句话

sys-event-published = { $id } 被发布到 { $place }。
sys-event-received = 消费者从 { $place } 取走了 { $id }（第 { $attempt } 次尝试）。
sys-event-succeeded = 第 { $attempt } 次尝试处理了 { $id }。
sys-event-duplicate = 第 { $attempt } 次尝试又处理了一遍 { $id }：它的效果被应用了两次（重复）。
sys-event-already-done = 第 { $attempt } 次尝试：幂等消费者发现 { $id } 已处理过，跳过了它。
sys-event-failed = 第 { $attempt } 次尝试因 { $reason } 失败。
sys-event-failed-permanent = 第 { $attempt } 次尝试因 { $reason } 失败（永久失败：重试也无济于事）。
sys-event-failed-after-effect = 第 { $attempt } 次尝试因 { $reason } 失败，而失败前效果已经发生。
sys-event-failed-permanent-after-effect = 第 { $attempt } 次尝试因 { $reason } 失败（永久失败：重试也无济于事），而失败前效果已经发生。
sys-event-waiting-visibility = { $id } 在 { $place } 中等待可见性超时结束，直到第 { $until } 秒。
sys-event-waiting-backoff = { $id } 在 { $place } 中退避等待，直到第 { $until } 秒。
sys-event-waiting-next-retry = { $id } 在 { $place } 中等待到 next_retry_at，即第 { $until } 秒。
sys-event-waiting-delay = { $id } 在 { $place } 中等待到第 { $until } 秒（队列的投递延迟 DelaySeconds）。
sys-event-moved = { $id } 从 { $from } 移到了 { $place }。
sys-event-dead-lettered = { $id } 在 { $from } 中成为死信，进入死信位置 { $place }（原因：{ $reason }）。
sys-event-lost-retention = { $id } 丢失了：保留期已结束。
sys-event-lost-logged = { $id } 丢失了：错误只被记录在日志里。
sys-event-lost-removed = { $id } 丢失了：失败的作业被删除了（removeOnFail）。
sys-event-lost-trimmed = { $id } 丢失了：被更新的失败挤出了有上限的失败集合（removeOnFail 的 count 或 age）。
sys-event-lost-deduplicated = { $id } 丢失了：同一个重复数据删除 ID 在 5 分钟内已发送过，FIFO 队列接受了发送却从不投递。
sys-event-refused-move-task = { $id } 的重新驱动被拒绝：{ $place } 上已有一个移动任务在运行（SQS 每个队列同时只运行一个）。
sys-event-refused-lock = BullMQ 无法完成 { $id }：处理函数阻塞事件循环期间它的锁（lockDuration）过期了，结果丢失，作业仍留在 active 中。
sys-event-stalled = 停滞作业检测（stalled checker）发现 { $id } 在 active 中却没有锁，把它放回 { $place } 的最前面（已停滞 { $count } 次；超过 maxStalledCount 就会失败）。
sys-event-interrupted = 调度器在处理 { $id } 时崩溃：它在 { $place } 中的行停留在 PROCESSING，除非有 reaper 释放，否则查询 PENDING 行时再也找不到它。
sys-event-op-replay-reached = 第 { $at } 秒的重放作用于 { $ids }。
sys-event-op-replay-nothing = 第 { $at } 秒的重放没有作用于任何消息。
sys-event-op-skip-reached = 第 { $at } 秒的跳过作用于 { $ids }。
sys-event-op-skip-nothing = 第 { $at } 秒的跳过没有作用于任何消息。
sys-event-op-edit-reached = 第 { $at } 秒的消息内容修正作用于 { $ids }。
sys-event-op-edit-nothing = 第 { $at } 秒的消息内容修正没有作用于任何消息。
sys-event-op-missed-in-flight = { $id } 当时还不在死信位置：它仍在重试。
sys-event-op-missed-completed = { $id } 当时不在死信位置：它已经处理完了。
sys-event-op-missed-lost = { $id } 当时不在死信位置：它已经丢失。
sys-event-op-missed-skipped = { $id } 当时不在死信位置：它已被跳过。
sys-event-op-missed-dead = { $id } 已成为死信，但这次操作没有作用到死信位置里的它。
sys-event-headers = { $id } 到达 { $place }，带着这些消息头：{ $headers }
sys-event-status = { $place } 中 { $id } 的行现在是 { $status }。
sys-event-operator-replay = 运维人员重放了 { $id }。
sys-event-operator-skip = 运维人员跳过了 { $id }。
sys-event-operator-edit = 运维人员修改了 { $id } 的消息内容。
sys-event-operator-replay-note = 运维人员重放了 { $id }，备注：“{ $note }”。
sys-event-operator-skip-note = 运维人员跳过了 { $id }，备注：“{ $note }”。
sys-event-operator-edit-note = 运维人员修改了 { $id } 的消息内容，备注：“{ $note }”。

## 对比页面：要点

sys-takeaway-lost = { $strategies }：丢失了消息（最多 { $most } 条），没有任何地方保留它们。
sys-takeaway-duplicates = { $strategies }：把效果应用了不止一次（最多 { $most } 次），消费者不是幂等的。
sys-takeaway-reordered = { $strategies }：没有按顺序处理同一键的消息（最多 { $most } 条）。
sys-takeaway-parked = { $strategies }：死信位置里仍有消息等待运维人员处理（最多 { $most } 条）。
sys-takeaway-all-completed = { $strategies }：处理完了所有消息。
sys-takeaway-seed-alert = BullMQ：像种子文档那样在 attemptsMade === 5 时告警的 failed 监听器，会漏掉 { $missed } 个最终失败的作业，并为仍在重试的作业发出 { $early } 次告警；worker 每次尝试失败都会发出 failed，所以请检查 job.attemptsMade >= job.opts.attempts，或监听最终状态。
sys-more-rows = 另有 { $n } 条消息未画出

## 对比页面：工作负载哪里有误（先写字段）

sys-workload-unreadable = 无法读取工作负载：{ $problem }
sys-workload-bad-value = { $path }：无法读取这个值（{ $problem }）
sys-workload-no-messages = messages：至少加入一条消息
sys-workload-too-many = messages：{ $count } 条消息超过了一个工作负载最多的 { $max } 条
sys-workload-duplicate-id = messages：有两条消息都叫 '{ $id }'，请给每条消息不同的 id
sys-workload-empty-id = messages[{ $index }].id：请给这条消息起个名字
sys-workload-horizon = horizon_ms：{ $horizon_ms } ms 不能作为运行时长，请使用 1 到 { $max_ms } ms（30 天）
sys-workload-process-time = process_ms：{ $process_ms } ms 不能作为处理时间，请至少 1 ms 且短于 horizon_ms
sys-workload-too-many-failures = 消息 '{ $id }' 的 failure.times：{ $times } 超过了 { $max }；永远不会结束的失败请写成 `permanent`
sys-workload-unknown-message = operator[{ $action }].select.message：messages 中没有名为 '{ $id }' 的消息
sys-workload-setting = { $field }：无法使用的设置（{ $problem }）
sys-workload-too-many-events = 这个工作负载的运行合计会产生超过 { $limit } 个事件（{ $strategy } 的运行在虚拟时钟第 { $at_s } 秒时超过了上限）：请减少消息、每条消息的失败次数（failure.times）或运维人员的重放，或缩短 horizon_ms

## 对比页面：标签、策略与工作负载名称

sys-tours-title = 策略导览
sys-title = 死信策略并排对比
sys-intro = 同一份会失败的工作负载，在同一个虚拟时钟上分别经过 RabbitMQ、SQS、Kafka、BullMQ 和数据库 DLQ。修改工作负载或开关，所有策略都会重新运行。
sys-open-compare = 与 SQS、Kafka、BullMQ 对比…
sys-back-to-playground = 返回 RabbitMQ 实验场
sys-open-full-compare = 打开完整对比 ↗
sys-workload = 工作负载
sys-workload-text = 工作负载与设置（JSON）
sys-apply = 重新运行
sys-idempotent = 幂等消费者
sys-idempotent-hint = 消费者记录已处理的消息，遇到已处理过的就跳过：重放和重复投递都不会产生重复效果。
sys-route-direct = 永久失败不再重试
sys-route-direct-hint = 错误数据直接进入死信位置（Kafka 的 exclude、BullMQ 的 UnrecoverableError、NonRetryableException），不做徒劳的重试。
sys-side-by-side = 并排对比
sys-notice = 值得注意的地方
sys-strategy = 策略
sys-completed = 已完成
sys-dead-lettered = 已成为死信
sys-lost = 丢失
sys-skipped = 已跳过
sys-in-flight = 仍在重试
sys-attempts = 尝试次数
sys-duplicates = 重复
sys-reordered = 乱序
sys-latency-p50 = 延迟 p50
sys-latency-max = 最大延迟
sys-figures-hint = 下方所示时刻的数值（拖动滑块或播放即可看到变化）。延迟：从发布到第一次成功。乱序：晚于同一键上更晚发布的消息才被处理。
sys-lanes = 每条消息的时间线
sys-lanes-beside = 并排对照
sys-lanes-beside-none = 无（只看一种策略）
sys-moment = 时刻
sys-pick-message = 点击某条消息所在的行，查看它经历了什么。
sys-events = 发生了什么
sys-places = 位置
sys-rabbit-name = RabbitMQ（引擎）
sys-rabbit-about = 就是这个 broker 引擎。默认模式下，被拒绝的消息成为死信，进入重试队列，等待 x-message-ttl 后回来；最后一次尝试（x-death 的 count）之后由消费者存进 DLQ。设置 `"pattern": "quorum_delivery_limit"` 时，仲裁队列会把每次退回的消息暂扣（x-delayed-retry），超过 x-delivery-limit 后使其成为死信。
sys-sqs-name = SQS 重新驱动
sys-sqs-about = 处理失败的消息在可见性超时结束后再次被接收；超过 maxReceiveCount 次后移入 DLQ，而 DLQ 的保留期从消息最初入队的时间算起。
sys-sqs-setup = SQS { $kind }队列 { $queue } → { $dlq }（RedrivePolicy maxReceiveCount { $max }），VisibilityTimeout { $visibility } 秒；{ $replay }
sys-sqs-kind-standard = 标准
sys-sqs-replay-script = 重放：消费者端脚本（ReceiveMessage、SendMessage、DeleteMessage）
sys-sqs-replay-move-task = 重放：StartMessageMoveTask，每秒 { $rate } 条（整个 DLQ，不能挑选）
sys-kafka-name = Kafka 重试主题 + DLT
sys-kafka-about = Spring 的 @RetryableTopic：每次失败进入下一个退避更长的重试主题，最后进入 DLT；主主题继续流动，因此同一键的顺序可能被打乱。
sys-bullmq-name = BullMQ
sys-bullmq-about = 按指数退避（`delay × 2^(尝试次数 − 1)`）重试作业；最后一次尝试失败后，作业留在失败集合里，直到有人重试它。
sys-database-name = 数据库 DLQ
sys-database-about = 失败变成表中的一行（PENDING）；调度器重试 next_retry_at 已到的行，最多 max_retries 次，之后变为 FAILED。运维人员用 SQL 查询、重放或跳过。
sys-hybrid-name = 混合：DLT → 数据库
sys-hybrid-about = 先经过 Kafka 重试主题；DLT 处理器把每条记录存进表中，由运维人员把选中的行重新发布到原主题。
sys-preset-mixed = 多种失败
sys-preset-mixed-about = 超时、错误数据，以及两分钟后修复的缺陷；第五分钟运维人员修正错误数据并全部重放。
sys-preset-poison = 一条毒消息
sys-preset-poison-about = m3 的数据有误，每次尝试都失败。它最终落在哪里、要花多久、会不会挡住同一键的其他消息？
sys-preset-lost-reply = 丢失的响应
sys-preset-lost-reply-about = 调用其实成功了，但响应超时，于是重试又做了一遍。打开幂等消费者，重复就消失了。
sys-preset-ordering = 保持键的顺序
sys-preset-ordering-about = 同一账户的六次更新，第二次失败两次。哪些策略仍按顺序应用它们？
sys-preset-bug-fix = 缺陷、修复、重放
sys-preset-bug-fix-about = 一个缺陷让四条消息失败，直到 200 秒时部署修复；240 秒时运维人员只重放因 NullPointerException 失败的消息。
sys-mark-published = 发布
sys-mark-succeeded = 成功
sys-mark-duplicate = 再次成功（重复）
sys-mark-failed = 尝试失败
sys-mark-dead-lettered = 进入死信
sys-mark-lost = 丢失
sys-mark-skipped = 跳过
sys-mark-operator = 运维操作
sys-mark-refused = 被拒绝
sys-mark-stalled = 停滞，放回等待
sys-span-working = 处理中
sys-span-waiting = 等待重试
sys-span-parked = 在 DLQ / 表中
sys-operator-title = 以运维人员身份操作
sys-operator-hint = 操作会在当前显示的时刻写入工作负载，所有策略随之重新运行。重放把死信消息送回去；修改则先修正错误数据。
sys-operator-report-title = 运维操作在 { $strategy } 下的结果
sys-assume-title = 种子文档的代码没有说明之处模型所作的假设，以及厂商文档与代码不一致之处
sys-assume-db-order = findPendingForRetry 按 next_retry_at 从早到晚返回到期的行（种子没有给出 ORDER BY）。
sys-assume-db-reset = updateForRetry 同时把行改回 PENDING（种子的调用没有传状态）；把 retry_resets_pending 设为 false 可看到代码原样的行为。
sys-assume-db-pass = 一次扫描逐行依次处理，下一次扫描在上一次结束后 fixed_delay 开始。
sys-assume-db-instances = 所有调度器实例在同一时刻启动。
sys-assume-db-operator = 运维的重放把 FAILED 行改回 PENDING，立即到期，retry_count 归零；跳过则改为 SKIPPED（种子没有给出这张表的运维代码）。
sys-assume-hybrid-ids = 按 id 选择消息时，不论状态，该消息的所有行都会被选中；选择全部消息或按原因选择时，只选中未结束的行（PENDING 或 FAILED），正如 API 的状态筛选所列。
sys-assume-hybrid-once = 一次操作中同一消息被选中多行时，只发送一次。
sys-assume-kafka-dlt-time = DLT 处理器处理每条记录所用的时间与监听器相同（process_ms）；种子文档没有说明它要花多久。
sys-assume-kafka-max-delay = Spring Kafka 4.0.7 的参考文档（retrytopic/features.adoc 第 58-59 行）仍然承诺默认最大延迟为 30 秒，但 4.0 的代码并没有这个上限（annotation/BackOffFactory.java 第 69-92 行；Spring Framework 的 ExponentialBackOff，DEFAULT_MAX_DELAY = Long.MAX_VALUE）。模型遵循代码：5、10、20、40 秒。在 3.3 中 30 秒上限确实存在（Spring Retry 的 ExponentialBackOffPolicy）。
sys-assume-kafka-traversing = traversingCauses 的 Javadoc（annotation/RetryableTopic.java 第 154-158 行）承诺：给出 include 或 exclude 时默认为 true；但代码在没有写这个属性时保持 false（RetryableTopicAnnotationProcessor.java 第 138-145 行）。模型遵循代码：不会查看被包装的原因。
sys-action-replay = 重放
sys-action-skip = 跳过
sys-action-edit = 修改消息内容（修正数据）
sys-select-all = 所有死信消息
sys-note = 写入审计记录的备注

## 实验场：标签、按钮、提示

ui-app-title = DLX Lab
ui-language = 语言
ui-tagline = 死信实验场：看清每一条消息去了哪里，以及为什么。
ui-preset = 场景
ui-profile = broker 版本
ui-seed = 随机种子
ui-play = 播放
ui-pause = 暂停
ui-step-next = 下一个事件
ui-step-back = 上一个事件
ui-speed = 速度
ui-time = 时间
ui-scrubber = 拖动到运行中的任意时刻
ui-reduced-motion = 减少动画
ui-teaches = 要点：
ui-topology = 拓扑：交换机、队列以及它们之间的箭头
ui-legend = 图例
ui-legend-publish = 发布（publish）
ui-legend-binding = 绑定（路由到队列）
ui-legend-dead-letter = 死信（发往队列配置的 DLX）
ui-legend-consume = 投递给消费者
ui-kind-publisher = 发布者
ui-kind-exchange = 交换机
ui-kind-queue = 队列
ui-kind-consumer = 消费者
ui-missing = 不存在
ui-consumers = 消费者
ui-publishers = 发布者
ui-default-exchange = （默认交换机）
ui-nothing-selected = 未选中任何对象
ui-select-hint = 点击一条消息（圆点或日志中的一项）查看它的消息头；点击一个节点查看它的设置。
ui-properties = 属性
ui-headers = 消息头
ui-header-name = 名称
ui-header-value = 值
ui-header-type = 类型
ui-x-death-at-hops = 每一跳的 x-death
ui-no-x-death = 还没有 x-death
ui-change-new = 新条目
ui-change-carried = 随消息带入的条目（客户端带着这段历史重新发布，并非在此处成为死信）
ui-change-count-up = count 加一
ui-change-moved = 条目移到最前
ui-body = 消息体（body）
ui-routing-keys = 路由键
ui-exchange = 交换机
ui-fate = 状态
ui-event-log = 事件日志
ui-filter-queue = 队列
ui-filter-message = 消息 #
ui-filter-fate = 状态
ui-all = 全部
ui-no-events = 还没有事件：请点击“播放”或“下一个事件”。
ui-jump-to = 跳到这一时刻
ui-depth-chart = 队列长度随时间的变化
ui-depth-chart-hint = 每个队列中就绪的消息数；死信队列用粗线表示。指向图表可读出该时刻的数量，点击即可跳到该时刻。
ui-alerts = DLQ 告警
ui-no-alerts = 目前还没有告警。死信队列长时间不为空、积压过多，或一小时内进入的消息过多时，就会告警（阈值在场景的 "alerts" 中设置）。
ui-act-now = 立即操作
ui-act-what = 操作
ui-act-publish = 发布一条消息
ui-act-replay = 重放队首的消息（重新发布）
ui-act-replay-to = 发往
ui-act-replay-origin = 它最初成为死信的地方（x-first-death-exchange 及其路由键）
ui-act-replay-exchange = 我选择的交换机
ui-act-purge = 清空队列（purge）
ui-act-hint = 该操作会按当前时刻写入场景的 timeline，打开链接或刷新页面时会原样重现；可以在场景 JSON 中修改或删除。
ui-act-no-timeline = 场景的 timeline 不是列表，请先在 JSON 中修正。
ui-field-expiration = expiration（毫秒）
ui-act-set-policy = 设置策略（policy）
ui-act-clear-policy = 删除策略（policy）
ui-field-policy-name = 策略名称
ui-field-pattern = 匹配模式（正则）
ui-field-definition = 定义（JSON）
ui-editor = 场景 JSON
ui-apply = 应用
ui-scenario-ok = 场景已加载。
ui-import-definitions = 导入 RabbitMQ definitions
ui-import-hint = 粘贴 definitions 文件（rabbitmqctl export_definitions 或 HTTP API 的 /api/definitions），或选择、拖放一个 .json 文件。
ui-import-button = 导入
ui-choose-file = 选择文件（.json）
ui-imported-title = 导入的 definitions
ui-import-ok = definitions 已导入：拓扑已载入实验场。
ui-import-warnings = 已读取但未模拟的内容
ui-import-lints = 检查结果（附原因）
ui-no-lints = 没有发现问题：dead-lettering 配置看起来正常。
ui-export-topology = 导出拓扑
ui-export-format = 格式
ui-format-definitions = Definitions JSON（用于 rabbitmqctl import_definitions）
ui-format-policies = rabbitmqctl set_policy 命令
ui-format-java = Java 代码（amqp-client）
ui-format-amqplib = Node.js 代码（amqplib）
ui-format-pika = Python 代码（pika）
ui-copy-text = 复制
ui-download-file = 下载
ui-copied-text = 已复制。
ui-copy-failed = 复制失败：请选中文本手动复制。
ui-add-item = 添加
ui-add-queue = 队列
ui-add-exchange = 交换机
ui-add-binding = 绑定
ui-add-policy = 策略
ui-add-publisher = 发布者
ui-add-consumer = 消费者
ui-field-name = 名称 / 模式
ui-field-exchange = 交换机
ui-field-queue = 队列
ui-field-key = 路由键
ui-error-line = 行
ui-bad-saved = 无法恢复已保存的工作。
ui-draft-restored = 刷新前的修改已恢复，尚未应用。
ui-stalled = 运行提前停止：出现了零延迟的无限循环。
ui-share = 指向这一时刻的链接
ui-fatal-title = DLX Lab 因程序错误而停止。请刷新页面重新开始。
ui-keys = 快捷键：空格 播放/暂停 · → 下一个事件 · ← 上一个事件 · Shift+←/→ 移动一秒
ui-dismiss = 关闭
ui-loading-run = 正在计算运行：已完成场景时间的 { $percent }%，目前共 { $events } 个事件。
ui-loading-read = 正在读取运行记录以便绘制：{ $events } 个事件已读 { $percent }%。
ui-cancel-load = 取消
ui-compare-computing = 正在让工作负载经过每个系统运行：{ $percent } %
notice-load-cancelled = 已取消加载。之前的场景仍然保留，编辑器中的文本也没有丢失。
notice-interrupted = 上次加载链接或已保存的场景时页面停止了，因此没有再次运行它。场景仍然保留：可以重新打开，也可以删除。
notice-interrupted-open = 重新打开
notice-interrupted-forget = 删除
notice-interrupted-draft = 上次运行你的文本时页面停止了，因此没有再次运行。文本仍在编辑器中：准备好后再运行或检查。
ui-element-snippet-hint = 用于文档页面：<dlx-lab> 元素（按内容调整大小，滚动到时才加载）
ui-open-full = 在 DLX Lab 中打开
ui-inspector-title = 详情
ui-share-embed = 嵌入
ui-zoom = 缩放
ui-zoom-in = 放大
ui-zoom-out = 缩小
ui-zoom-fit = 适应宽度
ui-share-link = 复制链接
ui-link-copied = 已复制：这个链接会在当前时刻打开这个场景。
ui-link-to-copy = 复制这个链接，即可在当前时刻打开这个场景：
ui-edit-beside = 在图旁编辑
ui-edit-below = 在图下方编辑
ui-embed-snippet-hint = 把这一行粘贴到网页中，即可从当前时刻开始嵌入这个场景：
ui-tour-menu = 导览
ui-tour-choose = 选择一个导览…
ui-tour-back = 上一步
ui-tour-next = 下一步
ui-tour-close = 结束导览
ui-workshop = 工作坊：死信练习
ui-workshop-intro = 每道练习都从一个有问题或缺失的配置开始。修改场景后点击“检查”，引擎会运行它并判断是否达成目标。你的进度保存在这个浏览器中。
ui-solved = 已解决
ui-back-to-playground = ← 返回实验场
ui-back-to-workshop = ← 全部练习
ui-check = 检查
ui-check-passed = 解决了！目标已达成。
ui-check-failed = 还没有达成目标。
ui-run-scenario = 运行一下
ui-show-hint = 显示提示
ui-reveal-solution = 查看答案
ui-solution-shown = 答案已放进编辑器。它为什么可行：
ui-start-over = 重新开始
ui-next-exercise = 下一道练习 →

## 手动操作：错误

act-no-such-exchange = 没有名为 '{ $name }' 的交换机
act-no-such-queue = 没有名为 '{ $name }' 的队列
act-bad-expiration = expiration '{ $value }' 必须是以毫秒为单位的整数
act-bad-definition = definition '{ $value }' 必须是 JSON 对象，例如 `{ "{" }"message-ttl": 5000{ "}" }`
act-done = 已加入场景的 timeline，时间点为第 { $at } 秒。
workshop-unknown-exercise = 没有名为 '{ $id }' 的练习。
workshop-summary-title = 发给讲师的小结
workshop-summary-about = 复制后发给讲师：你解决了哪些练习、检查了几次、打开了几条提示。它只保存在这个浏览器中。
workshop-copy-summary = 复制小结
workshop-summary-copied = 已复制。
workshop-summary-copy-by-hand = 请选中小结并复制。
workshop-start-again = 在这个浏览器里重新开始这个工作坊
workshop-start-again-sure = 要清除这个工作坊已解决的练习、检查、提示和写下的内容吗？再按一次就清除。
workshop-leave = 离开这个工作坊：显示内置练习
workshop-summary-head = DLX Lab 工作坊：{ $title }
workshop-summary-totals = 共 { $total } 题，已解决 { $solved } 题 · 检查 { $checks } 次 · 提示 { $hints } 条
workshop-summary-line = { $mark } { $id }：检查 { $checks } 次，提示 { $hints } 条
workshop-broker-heading = RabbitMQ：死信交换机
workshop-systems-heading = 其他系统：SQS、Kafka、BullMQ、数据库表、混合方案
workshop-comparison-editor = 你的对比：工作负载与系统设置
workshop-comparison-editor-about = 编辑 JSON 后按“检查”：系统在虚拟时钟上运行工作负载，并根据每条消息的遭遇判定目标。
act-refused = broker 拒绝了这个操作：{ $error }
act-empty-queue = 队列 '{ $name }' 现在是空的，没有可以重放的消息
act-no-origin = 队列 '{ $name }' 队首的消息从未成为死信（没有 x-first-death-exchange），没有可以返回的原处：请选择一个交换机
act-would-be-lost = 交换机 { $exchange } 不会把这条消息路由到任何队列，消息会丢失。仍要执行，请再按一次按钮。

## 提示：先说原因，再说保留了什么

notice-bad-link = 无法打开这个链接：{ $problem }。当前内容保持不变。
notice-link-scenario = 无法打开这个链接：{ $problem }。当前内容保持不变。

## 场景、练习或 definitions 文件中某个字段的问题（写在 JSON 路径之后）

error-syntax = 场景不是合法的 JSON（第 { $line } 行，第 { $column } 列）：{ $problem }
error-field = { $path }：{ $problem }
problem-not-object = 必须是一个对象（JSON object）
problem-not-string = 必须是字符串
problem-missing-string = 缺失（需要一个字符串）
problem-not-unsigned = 必须是 0 到 { $max } 之间的整数，而不是 { $value }
problem-missing-number = 缺失（需要一个整数）
problem-not-integer = 必须是整数，而不是 { $value }
problem-not-bool = 必须是 true 或 false
problem-not-string-list = 必须是字符串列表
problem-not-list = 必须是列表（JSON 数组）
problem-out-of-range = 必须是 0 到 { $max } 之间的整数
problem-not-timestamp = 必须是自 1970 年起的整数秒数
problem-header-too-deep = 嵌套超过了 { $max } 层
problem-header-bad-timestamp = timestamp 必须是非负的整数秒数
problem-header-not-table = 必须是由消息头名称和值组成的对象
problem-missing = 缺失
problem-empty = 不能为空
problem-unknown-key = 不是已知的字段（已知字段：{ $known }）
problem-version = 不支持版本 { $version }（当前版本只能读取版本 { $supported }）
problem-unknown-profile = 未知的 profile '{ $name }'：请使用 rabbitmq-3.10 或 rabbitmq-4
problem-duration = 必须在 1 到 { $max } 之间（一天）
problem-pace = 必须是 0.1 到 1000 之间的播放速度（实际时间的倍数）
problem-list-too-long = 有 { $count } 项；模拟器最多接受 { $limit } 项：请缩小场景
problem-name-too-long = 长 { $bytes } 字节；名称最多 { $limit } 字节（AMQP 短字符串）：请缩短名称
problem-policy-work = 会让策略的模式与名称的匹配过慢（工作量 { $work }，最多 { $limit }：每个模式编译后的大小 × 与之匹配的名称字节数）：请减少或简化模式，或减少、缩短名称
problem-behaviour = { $problem }（kind 可用的取值：{ $kinds }）
problem-prefetch-too-big = 不能超过 { $max }
problem-refused = broker 拒绝了它：{ $error }
problem-run-too-big = 运行到第 { $secs } 秒时已超过 { $limit } 个事件，这是实验场的上限。请缩短 duration_ms，或少发布一些消息（publisher 的 count 或 every_ms）。
problem-run-too-large = 运行到第 { $secs } 秒时将占用约 { $mb } MB 内存，超过页面的上限 { $limit } MB。请缩短 duration_ms，少发布一些消息（publisher 的 count 或 every_ms），或让消息更小（body）。
problem-no-such-preset = 没有名为 '{ $id }' 的场景
problem-no-such-tour = 没有名为 '{ $id }' 的导览
problem-no-such-exercise = 没有名为 '{ $id }' 的练习
problem-missing-steps = 缺失（需要一个 steps 列表）
problem-unknown-op = 未知的 op '{ $op }'（op 列表见 conformance README）
problem-no-routing-keys = 至少要列出一个路由键
problem-replay-target = 值为 { $value }。要把消息送回它最初成为死信的地方，请写 "origin"；否则去掉 "to"，并给出 "exchange" 和 "routing_key"
problem-not-translations = 必须是由译文组成的对象
problem-not-text = 必须是字符串或字符串列表
problem-not-translatable = 不是可翻译的文本（可翻译的文本：{ $texts }）
problem-not-language-map = 必须是以语言（ko、zh-CN）为键的对象
problem-english-translation = 英文就是原文本身，不需要写成译文
problem-language-code = 语言代码请写作 { $code }
problem-not-step-list = 必须是步骤（step）列表
problem-focus-one = node、lineage、event 三者必须恰好写一个
problem-not-node = '{ $name }' 不是本场景中的队列或交换机
problem-not-queue = '{ $name }' 不是本场景中的队列
problem-lineage-zero = 发布序号从 1 开始计数
problem-no-event-kind = 必须写明事件类型
problem-after-end = { $at_ms } 在场景结束之后（结束于 { $end_ms } ms）
problem-before-previous = { $at_ms } 早于上一步（{ $previous_ms } ms）
problem-bad-id = 只能使用小写字母、数字和短横线（它会出现在链接里）
problem-missing-start = 缺失（需要起始场景）
problem-hint-count = 必须有一到三条提示
problem-solution-shape = 必须且只能包含 patch（对起始场景的 JSON patch）或 scenario 之一
problem-not-patch-list = 必须是 patch 操作列表
problem-not-pointer = 必须是以 / 开头的 JSON pointer
problem-unknown-patch-op = '{ $op }' 不是 { $ops } 之一
problem-patch = solution patch 无法应用到起始场景：{ $detail }
problem-goal-not-object = 必须是形如 `{ "{" }"all": [...]{ "}" }` 的对象
problem-goal-keys = 必须恰好有一个键来指明检查项，而不是 [{ $keys }]
problem-goal-no-check = 必须指明一个检查项
problem-not-goal-list = 必须是 goal 列表
problem-spacing-count = 列出了 { $listed } 个等待时间，但 retries 是 { $retries }
problem-deliveries-retries = 两者都写时，deliveries 必须等于 retries + 1
problem-lost-false = 必须是 true 或 `{ "{" }"except": [drop 规则]{ "}" }`
problem-needs-count = 需要 equals、at_least 或 at_most 之一
problem-message-select = 请在 id（单条消息）和 failing_with（以该原因失败的所有消息）中二选一
problem-message-needs-check = 请写明要检查什么：ends（若须在某一时刻之前做到，再加上 by_ms）或 attempts
problem-must-be-true = 只能是 true（不想检查就去掉这一项）
problem-no-message = 工作负载中没有消息“{ $id }”
problem-unknown-system = “{ $value }”不是策略练习可用的系统：请写 sqs、kafka、bullmq、database 或 hybrid（RabbitMQ 的练习是 broker 场景）
problem-unknown-strategy = “{ $value }”不是一种策略：请写 rabbitmq、sqs、kafka、bullmq、database 或 hybrid
problem-too-many = 超过了 { $max } 项
problem-exercise-entry = 必须是内置练习的 id（字符串）或完整的练习（对象）
problem-duplicate-exercise = 练习“{ $id }”出现了两次
problem-link-data = 链接中的数据已损坏（复制时是否被截断了？）
problem-comparison = 对比无法运行：{ $error }
problem-missing-policy-keys = 缺失（需要一个由策略键组成的对象）
problem-not-pair = 必须是 `[键, 值]` 对
problem-not-policy-keys = 必须是由策略键组成的对象
problem-type-mismatch = type 写的是 '{ $declared }'，但 arguments["x-queue-type"] 写的是 '{ $argument }'
problem-destination-type = 必须是 "queue" 或 "exchange"，而不是 "{ $value }"
decode-unknown-variant = 未知的取值 `{ $value }`（可用的取值：{ $expected }）
decode-unknown-field = 未知的字段 `{ $value }`（可用的字段：{ $expected }）
decode-missing-field = 缺少必需的字段 `{ $name }`
decode-invalid-type = 类型不对（需要：{ $expected }，实际是：{ $found }）
decode-invalid-value = 不能使用的值 `{ $value }`（需要：{ $expected }）
decode-other = 该字段不接受这个值
syntax-eof = JSON 提前结束了（检查是否缺少右括号 { "}" } 或 ]）
syntax-expected-value = 这里应该是一个值（字符串要用双引号括起来）
syntax-expected-comma-or-brace = 这里应该是 `,` 或 `{ "}" }`
syntax-expected-comma-or-bracket = 这里应该是 `,` 或 `]`
syntax-expected-colon = 键的后面应该是 `:`
syntax-trailing-comma = { "}" } 或 ] 前面多了一个逗号
syntax-key-not-string = 对象的键必须是用双引号括起来的字符串
syntax-trailing-characters = JSON 值结束后还有多余的字符
syntax-bad-number = 数字格式不对或太大
syntax-bad-string = 字符串里有不允许的字符或转义
syntax-too-deep = 嵌套太深
syntax-other = 从这里开始无法读取 JSON

## 引擎事件：每个事件一句话，记录下的起因另起一句

cause-client = 客户端命令 #{ $command }
cause-setting-argument = 队列参数设置的 { $key }
cause-setting-policy = 策略 { $policy } 设置的 { $key }
cause-setting-operator-policy = 运维策略 { $policy } 设置的 { $key }
cause-setting-default = 默认的 { $key }
cause-setting-argument-or-policy = 队列参数或策略设置的 { $key }
cause-setting-other = { $source } 设置的 { $key }
cause-message-expiration = 消息自身的 expiration 属性
cause-rule = broker 规则 { $rule }
ev-published = 以路由键 '{ $key }' 发布到 { $exchange }
ev-routed = 被路由进 { $queue }
ev-dead-lettered-into = 作为死信进入 { $queue }。起因：{ $why }
ev-redelivered = 从 { $queue } 重新投递给消费者（redelivered）
ev-delivered = 从 { $queue } 投递给消费者
ev-acked = 已确认（ack）：{ $queue } 的消费者处理完毕
ev-requeued = 重新入队（requeue）：退回到 { $queue }。起因：{ $why }
ev-retry-delayed = 已重新入队，但 { $queue } 会将它留到第 { $until } 秒再投递。起因：{ $why }
ev-died-rejected = 在 { $queue } 中成为死信：被消费者拒绝且不重新入队（rejected）
ev-died-expired-property = 在 { $queue } 中成为死信：它自身的 expiration 在队首到期（expired）
ev-died-expired-ttl = 在 { $queue } 中成为死信：它的 TTL 在队首到期（expired）。起因：{ $why }
ev-died-maxlen = 在 { $queue } 中成为死信：队列已满，它被挤出队首（maxlen）。起因：{ $why }
ev-died-delivery-limit = 在 { $queue } 中成为死信：被退回的次数超过了投递上限（delivery_limit）。起因：{ $why }
ev-dead-lettered = 从 { $queue } 作为死信发往 { $exchange }，路由键 [{ $keys }] → { $to }。起因：{ $why }
ev-no-queue = 没有任何队列
ev-held = 由 { $queue } 留住，直到死信路由恢复可用（at-least-once）
ev-drop-unroutable = 被丢弃：无法路由 —— { $exchange } 没有匹配的绑定，也没有备用交换机（alternate exchange）
ev-drop-no-dlx = 被丢弃：该队列没有配置死信交换机，死信直接被丢弃
ev-drop-dlx-missing = 被丢弃：DLX 不存在 —— 交换机 { $exchange } 不存在
ev-drop-no-route = 被丢弃：DLX { $exchange } 没有匹配路由键 [{ $keys }] 的绑定
ev-drop-no-route-fanout = 被丢弃：没有任何队列绑定到 fanout DLX { $exchange }
ev-drop-cycle = 被丢弃：死信循环 —— 队列 { $queue } 已经在 x-death 中，且此后没有任何拒绝（路径 { $path }）
ev-drop-refused = 被丢弃：在 at-most-once 模式下 { $queue } 拒收了它（reject-publish）
ev-drop-queue-gone = 被丢弃：{ $queue } 在消息还在其中时被清空（purge）、删除或过期
ev-drop-strategy-switched = 被丢弃：{ $queue } 不再使用 at-least-once，删除了留住的死信
ev-confirmed-ack = 已向发布者确认（ack）
ev-confirmed-nack = 已向发布者发送 nack
ev-returned = 退回给发布者：{ $exchange } 无法路由 '{ $key }'
ev-queue-expired = 队列 { $queue } 因长时间未使用而过期（x-expires）；其中的 { $messages } 条消息直接消失，不会成为死信
ev-queue-purged = 队列 { $queue } 被清空（purge）：移除了 { $messages } 条消息
ev-queue-deleted = 队列 { $queue } 连同其中的 { $messages } 条消息一起被删除
ev-log = broker 日志：{ $line }

## 消息的去向，一个词说清（悬停、图例、日志）

fate-name-routed = 已路由
fate-name-waiting = 在队列中等待
fate-name-delivered = 已投递给消费者
fate-name-acked = 已确认（ack）
fate-name-rejected = 被 nack / reject
fate-name-requeued = 重新入队（requeue）
fate-name-expired = 已过期（expired）
fate-name-expired-waiting = 已过期，但还排在队首消息之后等待
fate-name-overflowed = 队列溢出，被挤出队首（maxlen）
fate-name-delivery-limit = 达到投递上限（delivery_limit）
fate-name-dead-lettered = 已成为死信
fate-name-looping = 循环中（作为死信回到了它待过的队列）
fate-name-held = 为死信投递而留住
fate-name-dropped-unroutable = 被丢弃：无法路由
fate-name-dropped-no-dlx = 被丢弃：DLX 不存在
fate-name-dropped-no-route = 被丢弃：DLX 无法把它路由到任何队列
fate-name-dropped-cycle = 被丢弃：死信循环
fate-name-dropped = 被丢弃

## definitions 文件：对象的称呼、设置的来源

subject-exchange = 交换机 '{ $name }'
subject-queue = 队列 '{ $name }'
subject-binding = 绑定 { $source } -> { $destination }（'{ $key }'）
subject-policy = 策略 '{ $name }'
subject-operator-policy = 运维策略 '{ $name }'
setting-source-argument = 队列参数
setting-source-policy = 策略 { $policy }
setting-source-operator-policy = 运维策略 { $policy }
setting-source-default = 默认值
setting-source-argument-or-policy = 队列参数或策略
setting-source-other = { $source }

## definitions 文件：不做模拟的内容（警告）

warn-access = '{ $key }'（{ $count } 项）不做模拟：用户、虚拟主机和权限不影响死信
warn-unknown-key = 未知的顶层键 '{ $key }'，不做模拟
warn-exchange-type = 交换机 '{ $exchange }'：类型 '{ $kind }' 不做模拟，它以及从它出发的绑定都被略去
warn-exchange-auto-delete = 交换机 '{ $exchange }'：auto_delete 不做模拟（交换机会一直保留）
warn-exchange-internal = 交换机 '{ $exchange }'：internal 不做模拟（在这里客户端可以直接向它发布）
warn-exchange-argument = 交换机 '{ $exchange }'：参数 '{ $argument }' 不做模拟
warn-queue-auto-delete = 队列 '{ $queue }'：auto_delete 不做模拟（没有消费者时队列也会保留）
warn-queue-exclusive = 队列 '{ $queue }'：exclusive 不做模拟
warn-queue-argument = 队列 '{ $queue }'：参数 '{ $argument }' 不做模拟（导出时保留）
warn-operator-policy-key = 运维策略 '{ $policy }'：broker 不接受运维策略中的键 '{ $key }'（可用的键：{ $accepted }）
warn-policy-key = 策略 '{ $policy }'：键 '{ $key }' 不做模拟（导出时保留；策略适用于哪些队列类型仍由它决定）
warn-operator-policy-key-kept = 运维策略 '{ $policy }'：键 '{ $key }' 不做模拟（导出时保留；策略适用于哪些队列类型仍由它决定）
warn-parameter = 组件 '{ $component }' 的参数 '{ $name }' 不做模拟
warn-other-vhost = 虚拟主机 '{ $vhost }' 的 { $count } 项被略去：只模拟一个虚拟主机（'{ $simulated }'）
warn-binding-left-out = 绑定 { $source } -> { $destination }（'{ $key }'）随其交换机一起被略去
warn-refused = { $subject } 被略去：broker 拒绝了它：{ $error }

## definitions 文件：检查（设置为何会丢失消息）

lint-refused = broker 拒绝这个声明：{ $subject }：{ $error }
lint-dlrk-without-dlx = 设置了死信路由键 '{ $key }'（来自{ $source }），却没有死信交换机：什么都不会成为死信（若作为队列参数设置，broker 会以 406 拒绝）
lint-dlx-missing = 死信交换机 '{ $exchange }'（来自{ $source }）不存在：broker 会悄无声息地丢弃每一条死信（没有报错，也没有日志）
lint-dlx-no-binding = 死信交换机 '{ $exchange }' 没有任何绑定：每一条死信都会被悄悄丢弃
lint-dlx-unroutable = 死信交换机 '{ $exchange }' 的绑定都匹配不上死信携带的路由键（{ $keys }）：它们会被悄悄丢弃
lint-dlx-unroutable-keys-kept = 死信交换机 '{ $exchange }' 的绑定都匹配不上死信携带的路由键（{ $keys }）：它们会被悄悄丢弃；没有设置死信路由键时，死信保留发布时的路由键
lint-at-least-once-without-reject-publish = dead-letter-strategy at-least-once 需要 overflow reject-publish；在 { $overflow } 下 broker 会退回 at-most-once（日志中记录 'Falling back'）
lint-quorum-no-delivery-limit = 在 3.x 上，仲裁队列除非显式设置，否则没有投递上限：一条总被重新入队的消息（毒消息）会被无限次重新投递；请设置 x-delivery-limit 参数或 delivery-limit 策略（4.x 默认为 20）
lint-strategy-not-quorum = x-dead-letter-strategy 只对仲裁队列生效；这个队列按 at-most-once 处理死信
lint-quorum-only-argument = { $argument } 只对 仲裁队列生效：这个 { $queue_type } 队列会忽略它（要让它生效，请把 x-queue-type 设为 quorum 来声明队列）
lint-ttl-behind-head = 没有队列 TTL：如果发布者给消息设置了单条 TTL（expiration），消息只有到达队首才会过期，所以短命的消息会排在长命消息后面，晚些才成为死信；做延迟请给每个队列设置一个 TTL（x-message-ttl）
lint-policy-not-applicable = 策略 '{ $policy }' 匹配这个队列的名称，但包含 { $queue_type } 队列不支持的 { $keys }，因此 broker 不会把它的任何设置应用到这个队列
lint-operator-policy-not-applicable = 运维策略 '{ $policy }' 匹配这个队列的名称，但包含 { $queue_type } 队列不支持的 { $keys }，因此 broker 不会把它的任何设置应用到这个队列
lint-policy-tie = 策略 { $policies } 都以优先级 { $priority } 匹配：只有一个会生效，而 broker 没有规定是哪一个；请给它们设置不同的优先级
lint-operator-policy-tie = 运维策略 { $policies } 都以优先级 { $priority } 匹配：只有一个会生效，而 broker 没有规定是哪一个；请给它们设置不同的优先级
lint-dead-letter-cycle = 死信沿 { $path } 循环，途中没有消费者拒绝它们（每次都是 TTL 或 max-length）：broker 检测到循环后会悄悄丢弃消息（只有一行日志：'Dead-letter queues cycle detected'）；只要循环中任何一处有一次拒绝（reject），消息就会继续存活

## 页面：分享链接、错误所在的行、DLQ 告警

link-empty = 没有可打开的内容
link-bad-encoding = 链接中的场景已损坏
link-bad-number = '{ $value }' 不是数字
link-too-long = 超过了页面能打开的最长链接 { $kb } KB：请缩小场景，或以文件导入
error-at-line = 第 { $line } 行：{ $text }
duration-min = { $n } 分钟
duration-s = { $n } 秒
duration-ms = { $n } 毫秒
alert-depth-over = 等待中的消息超过 { $n } 条
alert-nonempty-for = 持续 { $duration } 不为空
alert-arrival-rate = 一小时内进入 { $n } 条及以上

## 文案审阅页（?review=texts）
review-title = 文案审阅：实验场写出的所有句子
review-intro = 实验场在运行时生成的每种句子各列一例，使用上方所选的语言，方便译者或讲师集中审阅。句中的名称（orders、dlx、m3）只是示例。
review-events = broker 事件
review-system-events = 其他系统的事件
review-takeaways = 对比中值得注意的地方
review-verdicts = 练习判定
review-problems = 场景文件中的错误
review-definitions = definitions 文件的警告与检查结果
review-kind = 类型
review-text = 句子
review-link = 审阅所有句子

## 页面原先拼接片段之处的完整句子
ui-act-do-at = 立即执行（第 { $time } 秒）
sys-do-it-at-time = 在第 { $time } 秒执行
sys-select-message-id = 消息 { $id }
alert-at-queue = { $queue }：{ $alert }
ui-dot-title = { $msg }：{ $fate }
ui-dots-label = 图上的消息：按 ↓ 和 ↑ 选择一条查看，按 Esc 取消选择（← 和 → 在时间上移动）
ui-tour-step-of = 第 { $n } 步，共 { $total } 步
ui-hop-head = 第 { $time } 秒进入 { $queue } · { $msg }
ui-message-title = 消息 { $msg }
ui-inspector-status = { $title }：{ $fate }
ui-node-aria = { $kind } { $name }
ui-chart-alert = 第 { $time } 秒：{ $alert }
ui-solved-count = 已解决 { $n } / { $total }

## 图例中的去向分组（每组形状不同）
ui-legend-on-its-way = 正在途中（圆形）
ui-legend-died = 在队列中成为死信（三角形）
ui-legend-dead-lettered = 正前往死信交换机（菱形）
ui-legend-dropped = 被丢弃，已丢失（方形）

## 副本成为死信或被丢弃处图上显示的文字（保留 broker 术语）
death-rejected = rejected（被拒绝）
death-expired = expired（过期）
death-expired-property = expired（expiration 到期）
death-expired-ttl = expired（x-message-ttl { $ttl } 到期）
death-maxlen = maxlen（{ $overflow }，队列已满）
death-delivery-limit = delivery_limit（超出投递上限）
death-delivery-limit-n = delivery_limit { $limit }（超出投递上限）
death-dropped-unroutable = 已丢弃：无可路由的队列
death-dropped-no-dlx = 已丢弃：没有死信交换机
death-dropped-no-route = 已丢弃：死信交换机无路由
death-dropped-cycle = 已丢弃：循环
death-dropped-refused = 已丢弃：目标队列拒收
death-dropped-queue-gone = 已丢弃：队列已删除
death-dropped-strategy-switched = 已丢弃：策略已切换
death-times = { $label } ×{ $n }

ui-pause-on-death = 消息成为死信或被丢弃时暂停
ui-node-depth = 就绪 { $ready } · 未确认 { $unacked }

## 所有策略或只有一种策略如此时的“值得注意的地方”
sys-takeaway-lost-all = 所有策略都丢失了消息（最多 { $most } 条），没有任何地方保留它们。
sys-takeaway-lost-one = 只有 { $strategies } 丢失了消息（最多 { $most } 条），没有任何地方保留它们。
sys-takeaway-duplicates-all = 所有策略都把效果应用了不止一次（最多 { $most } 次），消费者不是幂等的。
sys-takeaway-duplicates-one = 只有 { $strategies } 把效果应用了不止一次（最多 { $most } 次），消费者不是幂等的。
sys-takeaway-reordered-all = 没有一种策略保持了同一键消息的顺序（最多 { $most } 条乱序）。
sys-takeaway-reordered-one = 只有 { $strategies } 没有按顺序处理同一键的消息（最多 { $most } 条）。
sys-takeaway-parked-all = 所有策略的死信位置里都仍有消息等待运维人员处理（最多 { $most } 条）。
sys-takeaway-parked-one = 只有 { $strategies } 的死信位置里仍有消息等待运维人员处理（最多 { $most } 条）。
sys-takeaway-all-completed-all = 所有策略都处理完了所有消息。
sys-takeaway-all-completed-one = 只有 { $strategies } 处理完了所有消息。

## 原因：用平实的话说明每条 broker 规则
cause-rule-at-least-once-needs-reject-publish = at-least-once 死信规则（需要 x-overflow reject-publish）
cause-rule-at-least-once-unroutable = at-least-once 死信会留住死信交换机无法路由的消息
cause-rule-channel-closed = 消费者的信道已关闭
cause-rule-consumer-behaviour = 场景中的消费者对投递的处理方式
cause-rule-dead-letter-cycle = 完全自动的死信循环
cause-rule-dead-letter-strategy-switched = 队列的 x-dead-letter-strategy 已更改
cause-rule-invalid-x-death = 消息的 x-death 头无效
cause-rule-max-length = 队列的长度上限
cause-rule-policy-changed = 策略变更
cause-rule-publisher = 场景中的发布者
cause-rule-push-consumer = 投递给消费者
cause-rule-scenario-consumer = 场景启动的消费者
cause-rule-scenario-step = 场景时间线中的一个步骤

ui-log-showing = 共 { $total } 条记录，显示最近的 { $listed } 条。
ui-log-more = 再显示 { $n } 条

## 详情：易读的 AMQP 值
ui-xdeath-time = { $date } UTC，运行开始后第 { $secs } 秒
ui-xdeath-time-before = { $date } UTC，运行开始之前
amqp-type-long-string = S：长字符串（long string）
amqp-type-long = l：64 位有符号整数（long）
amqp-type-int = I：32 位有符号整数
amqp-type-bool = t：布尔值
amqp-type-timestamp = T：时间戳（自 1970-01-01 UTC 起的秒数）
amqp-type-double = d：双精度浮点数
amqp-type-array = A：字段值数组
amqp-type-table = F：字段表（嵌套的消息头）
amqp-type-void = V：无值

ui-chart-depth = { $queue } { $depth } 条
ui-chart-readout = 第 { $time } 秒：{ $depths }

sys-story-title = { $id } 在 { $strategy } 中的经历
sys-select-reason-is = 失败原因为 { $reason } 的消息
ui-kind-dlq = { $kind } · 死信队列

## The profile switch

profile-diff-title = broker 版本带来的变化
profile-diff-none = 从 { $from } 换到 { $to }：这次运行的事件没有任何变化。
profile-diff-first = 两次运行在第 { $at } 秒分开。
profile-diff-event = 在 { $profile } 下：{ $event }
profile-diff-nothing-more = 在 { $profile } 下：之后什么也没有发生。
profile-diff-deaths = 成为死信或被丢弃的副本：{ $from } 下 { $before } 份，{ $to } 下 { $after } 份。
profile-diff-delayed-retry = rabbitmq-3.10 忽略 { $queue } 上的 { $argument }：被退回的消息会立即重新投递，而 rabbitmq-4 会先把它留住。
profile-diff-quorum-limit = { $queue } 是没有 x-delivery-limit 的仲裁队列：rabbitmq-4 在投递 20 次后让消息成为死信，rabbitmq-3.10 不会。
profile-diff-truncated = 运行太长：只比较了前 20 万个事件。
builder-title = 练习编辑器
builder-intro = 为你的工作坊编写一道练习：故事、学员的起点、应用在运行结果上检查的目标、提示和一个解答。下面的检查会在你输入时实时运行，草稿保存在这个浏览器中。
builder-open = 编写自己的练习（讲师用）
builder-system = 系统
builder-start-from = 起点
builder-start-from-choose = 内置场景…
builder-start-your-playground = 你实验场里的场景
builder-start-your-comparison = 你对比页上的工作负载
builder-load-exercise = 改编一道内置练习
builder-definitions = RabbitMQ definitions 文件（粘贴到这里）
builder-definitions-load = 用它的拓扑作为起点
builder-import = 打开练习文件（把 JSON 粘贴到这里）
builder-import-load = 在编辑器中打开
builder-undo-import = 撤销：回到之前的练习
builder-story = 故事
builder-id = Id（用于链接：小写字母、数字和 -）
builder-ex-title = 标题
builder-story-text = 讲给学员的故事
builder-topics = 主题（用逗号分隔）
builder-hints = 提示：从轻轻点拨到几乎给出答案（一到三条）
builder-add-hint = 添加提示
builder-remove = 删除
builder-up = 上移
builder-explanation = 解答为何有效（与解答一同显示）
builder-start = 起点：学员的编辑器一开始显示的内容
builder-solution = 解答：它必须达成目标
builder-copy-start = 把起点复制到解答
builder-goal = 目标
builder-goal-about = 运行学员的文本时，每一项都必须成立。
builder-goal-raw = 这个目标无法用表单表示，请以 JSON 编辑：
builder-goal-use-forms = 改用表单
builder-add-part = 添加一项
builder-pred-message = 一条消息的遭遇
builder-pred-no-message-lost = 没有消息丢失
builder-pred-no-drop = 没有消息因某条规则被丢弃
builder-pred-queue-depth = 队列中就绪的消息数
builder-pred-event-count = 某类事件的个数
builder-pred-no-duplicates = 没有消息被处理两次
builder-pred-order-kept = 每个键保持顺序
builder-pred-duplicates = 最多有几条消息被处理两次
builder-pred-count = 以某种方式结束的消息数
builder-check = 检查
builder-solution-passes = 解答达成了目标。
builder-solution-fails = 解答还没有达成目标：
builder-start-fails = 起点如预期没有达成目标：{ $why }
builder-start-passes = 起点已经达成目标：学员没有什么可做的。
builder-problem-start = 起点：{ $error }
builder-problem-solution = 解答：{ $error }
builder-problem-goal = 目标：{ $error }
builder-problem-exercise = 练习：{ $error }
builder-export = 导出
builder-download = 下载练习（JSON）
builder-copy-link = 复制练习链接
builder-try = 以学员身份试做
builder-copied = 已复制。
builder-copy-by-hand = 请手动复制：
builder-workshop = 我的工作坊
builder-workshop-title = 工作坊标题
builder-add-to-workshop = 把这道练习加入我的工作坊
builder-workshop-add-builtin = 添加内置练习…
builder-workshop-empty = 还没有练习：添加这一道，或添加内置练习。
builder-workshop-link = 复制工作坊链接
builder-workshop-download = 下载工作坊（JSON）

# 语言切换：该语言的文本文件未能获取时。$language 是该语言自己的名称。
lang-unavailable = 无法加载{ $language }。请检查网络连接后重试。

## 内置的运维备注（工作负载、策略导览和练习）；用户自己写的备注按原样显示
op-note-address-corrected = 地址已更正
op-note-broker-reachable = broker 已恢复连接
op-note-postcode-corrected = 已更正邮政编码
op-note-missing-field = 已补上缺失的字段
op-note-fix-deployed = 修复已部署
op-note-fix-deployed-v142 = 修复已随 v1.4.2 部署
op-note-amount-fixed = 已修正错误的 amount 字段
op-note-pricing-fix = 价格修复已部署
op-note-pricing-fix-v142 = 价格修复 v1.4.2 已部署
op-note-replay-after-fix = 修复后重放
op-note-replay-everything = 全部重放
op-note-replayed-after-correction = 更正后已重放
op-note-replayed-m3 = 编辑后已重放 m3
op-note-retry-it = 重试一次

# 首屏：画布上的卡片、侧栏的标签页、首次访问提示。
ui-about = 关于此场景
ui-tab-inspect = 检查
ui-tab-log = 日志
ui-tab-edit = 编辑
ui-more-below = 图表、手动操作和定义文件在下方。
ui-first-title = 从这里开始
ui-first-play = 按下播放：消息从发布者经过 exchange 进入队列。
ui-first-click = 点击一条移动中的消息（图上的点），或日志标签页中的一条消息。
ui-first-read = 在这里阅读它的 x-death：在哪里、为什么、多少次成为死信。
ui-first-done = 知道了
ui-menu = 菜单
ui-verdict-moment = 查看这一时刻（{ $time }）
