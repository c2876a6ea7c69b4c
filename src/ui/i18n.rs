//! Every string the user sees, in one catalogue: labels, tooltips, fate names, explanations.
//!
//! Components never hold text; they ask [`tr`] for a [`Key`], [`fate_name`] for a fate and
//! [`explain`] for an event. Other languages add a table here.

use crate::engine::event::{Cause, DropRule, Event, EventKind};
use crate::scenario::ScenarioError;
use crate::viz::flight::Fate;
use crate::viz::link::LinkError;

/// A user-visible string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    AppTitle,
    Tagline,
    Preset,
    Profile,
    Seed,
    Play,
    Pause,
    StepNext,
    StepBack,
    Speed,
    Time,
    Scrubber,
    ReducedMotion,
    Teaches,
    Topology,
    Legend,
    LegendPublish,
    LegendBinding,
    LegendDeadLetter,
    LegendConsume,
    KindPublisher,
    KindExchange,
    KindQueue,
    KindConsumer,
    Missing,
    Dlq,
    Depth,
    Unacked,
    Consumers,
    Publishers,
    DefaultExchange,
    NothingSelected,
    SelectHint,
    Message,
    Properties,
    Headers,
    HeaderName,
    HeaderValue,
    HeaderType,
    XDeathAtHops,
    NoXDeath,
    Hop,
    ChangeNew,
    ChangeCountUp,
    ChangeMoved,
    Body,
    RoutingKeys,
    Exchange,
    Fate,
    EventLog,
    FilterQueue,
    FilterMessage,
    FilterFate,
    All,
    NoEvents,
    JumpTo,
    DepthChart,
    DepthChartHint,
    Editor,
    Apply,
    ScenarioOk,
    AddItem,
    AddQueue,
    AddExchange,
    AddBinding,
    AddPolicy,
    AddPublisher,
    AddConsumer,
    FieldName,
    FieldExchange,
    FieldQueue,
    FieldKey,
    ErrorLine,
    BadLink,
    BadSaved,
    Stalled,
    Share,
    FatalTitle,
    Keys,
    Dismiss,
}

/// The English text for a key.
pub fn tr(key: Key) -> &'static str {
    use Key::*;
    match key {
        AppTitle => "DLX Lab",
        Tagline => "A dead-lettering playground: watch where every message goes, and why.",
        Preset => "Scenario",
        Profile => "Broker",
        Seed => "Seed",
        Play => "Play",
        Pause => "Pause",
        StepNext => "Next event",
        StepBack => "Previous event",
        Speed => "Speed",
        Time => "Time",
        Scrubber => "Move through the run",
        ReducedMotion => "Reduced motion",
        Teaches => "What it teaches:",
        Topology => "Topology: exchanges, queues and the arrows between them",
        Legend => "Legend",
        LegendPublish => "publish",
        LegendBinding => "binding (routes to a queue)",
        LegendDeadLetter => "dead-letter (to the queue's DLX)",
        LegendConsume => "delivery to a consumer",
        KindPublisher => "publisher",
        KindExchange => "exchange",
        KindQueue => "queue",
        KindConsumer => "consumer",
        Missing => "does not exist",
        Dlq => "dead-letter queue",
        Depth => "ready",
        Unacked => "unacked",
        Consumers => "consumers of",
        Publishers => "publishers",
        DefaultExchange => "(default)",
        NothingSelected => "Nothing selected",
        SelectHint => "Click a message (a dot, or an entry in the log) to see its headers; click a node to see its settings.",
        Message => "Message",
        Properties => "Properties",
        Headers => "Headers",
        HeaderName => "name",
        HeaderValue => "value",
        HeaderType => "type",
        XDeathAtHops => "x-death at each hop",
        NoXDeath => "no x-death yet",
        Hop => "entered",
        ChangeNew => "new entry",
        ChangeCountUp => "count incremented",
        ChangeMoved => "entry moved",
        Body => "body",
        RoutingKeys => "routing keys",
        Exchange => "exchange",
        Fate => "fate",
        EventLog => "Event log",
        FilterQueue => "Queue",
        FilterMessage => "Message #",
        FilterFate => "Fate",
        All => "all",
        NoEvents => "No events yet: press Play or Next event.",
        JumpTo => "Jump to this moment",
        DepthChart => "Queue depth over time",
        DepthChartHint => "Ready messages per queue; dead-letter queues are drawn thick.",
        Editor => "Scenario JSON",
        Apply => "Apply",
        ScenarioOk => "Scenario loaded.",
        AddItem => "Add",
        AddQueue => "queue",
        AddExchange => "exchange",
        AddBinding => "binding",
        AddPolicy => "policy",
        AddPublisher => "publisher",
        AddConsumer => "consumer",
        FieldName => "name / pattern",
        FieldExchange => "exchange",
        FieldQueue => "queue",
        FieldKey => "routing key",
        ErrorLine => "line",
        BadLink => "This link could not be opened; what you had is kept.",
        BadSaved => "The saved work could not be restored.",
        Stalled => "The run stopped early: an endless zero-delay loop.",
        Share => "Link to this moment",
        FatalTitle => "DLX Lab stopped because of a bug. Reload the page to start again.",
        Keys => "Keys: Space play/pause · → next event · ← previous event · Shift+←/→ one second",
        Dismiss => "Dismiss",
    }
}

/// The name of a fate (shown on hover and in the log).
pub fn fate_name(fate: Fate) -> &'static str {
    match fate {
        Fate::Routed => "routed",
        Fate::Waiting => "waiting in the queue",
        Fate::Delivered => "delivered to a consumer",
        Fate::Acked => "acked",
        Fate::Rejected => "nacked / rejected",
        Fate::Requeued => "requeued",
        Fate::Expired => "expired",
        Fate::ExpiredWaiting => "expired but waiting behind the head",
        Fate::Overflowed => "overflowed off the head",
        Fate::DeliveryLimit => "delivery limit reached",
        Fate::DeadLettered => "dead-lettered",
        Fate::Looping => "looping (dead-lettered back into a queue it was in)",
        Fate::Held => "held for dead-lettering",
        Fate::DroppedUnroutable => "dropped: unroutable",
        Fate::DroppedNoDlx => "dropped: missing DLX",
        Fate::DroppedNoRoute => "dropped: the DLX routes it nowhere",
        Fate::DroppedCycle => "dropped: cycle",
        Fate::Dropped => "dropped",
    }
}

fn cause_text(cause: &Cause) -> String {
    match cause {
        Cause::Client { command } => format!("client command #{command}"),
        Cause::Setting { key, source } => format!("{key} (from {source})"),
        Cause::MessageExpiration => "the message's own expiration property".to_string(),
        Cause::Rule { rule } => format!("broker rule {rule}"),
    }
}

fn ex(name: &str) -> String {
    if name.is_empty() { tr(Key::DefaultExchange).to_string() } else { name.to_string() }
}

/// One plain-language line saying what happened and why, from the recorded cause.
pub fn explain(e: &Event) -> String {
    let why = cause_text(&e.cause);
    match &e.kind {
        EventKind::Published { exchange, routing_key } => format!("published to {} with key '{routing_key}'", ex(exchange)),
        EventKind::Enqueued { queue, from: None } => format!("routed into {queue}"),
        EventKind::Enqueued { queue, from: Some(_) } => format!("dead-lettered into {queue}, because of {why}"),
        EventKind::Delivered { queue, redelivered, .. } => {
            if *redelivered { format!("redelivered from {queue} to a consumer") } else { format!("delivered from {queue} to a consumer") }
        }
        EventKind::Acked { queue } => format!("acked: the consumer of {queue} is done with it"),
        EventKind::Requeued { queue } => format!("requeued: given back to {queue} ({why})"),
        EventKind::Died { queue, reason } => {
            let what = match reason {
                crate::engine::Reason::Rejected => "rejected without requeue by its consumer".to_string(),
                crate::engine::Reason::Expired => match &e.cause {
                    Cause::MessageExpiration => "its expiration property ran out at the head".to_string(),
                    _ => format!("its TTL ran out at the head ({why})"),
                },
                crate::engine::Reason::Maxlen => format!("pushed off the head: the queue was full ({why})"),
                crate::engine::Reason::DeliveryLimit => format!("returned more often than the delivery limit allows ({why})"),
            };
            format!("died in {queue}: {what}")
        }
        EventKind::DeadLettered { queue, exchange, routing_keys, targets } => {
            let to = if targets.is_empty() { "no queue".to_string() } else { targets.join(", ") };
            format!("dead-lettered from {queue} to {} with keys [{}] → {to} ({why})", ex(exchange), routing_keys.join(", "))
        }
        EventKind::HeldForDeadLetter { queue } => format!("held by {queue} until the dead-letter route works (at-least-once)"),
        EventKind::Dropped(rule) => match rule {
            DropRule::Unroutable { exchange } => format!("dropped: unroutable — no binding of {} matched and there is no alternate exchange", ex(exchange)),
            DropRule::NoDeadLetterExchange => "dropped: the queue has no dead-letter exchange, so a dead message is discarded".to_string(),
            DropRule::DeadLetterExchangeMissing { exchange } => format!("dropped: missing DLX — exchange {} does not exist", ex(exchange)),
            DropRule::NoDeadLetterRoute { exchange, routing_keys } => {
                format!("dropped: the DLX {} has no binding for keys [{}]", ex(exchange), routing_keys.join(", "))
            }
            DropRule::Cycle { queue, path } => {
                format!("dropped: cycle — queue {queue} already in x-death and no rejection since (path {})", path.join(" → "))
            }
            DropRule::TargetRefused { queue } => format!("dropped: {queue} refused it (reject-publish) under at-most-once"),
            DropRule::QueueGone { queue } => format!("dropped: {queue} was purged, deleted or expired with it inside"),
            DropRule::StrategySwitched { queue } => format!("dropped: {queue} left at-least-once and deleted its held dead letters"),
        },
        EventKind::Confirmed { ack } => if *ack { "confirmed to the publisher (ack)".to_string() } else { "refused to the publisher (nack)".to_string() },
        EventKind::Returned { exchange, routing_key } => format!("returned to the publisher: {} could not route '{routing_key}'", ex(exchange)),
        EventKind::QueueExpired { queue, messages } => format!("queue {queue} expired unused (x-expires); its {messages} messages are gone, not dead-lettered"),
        EventKind::QueuePurged { queue, messages } => format!("queue {queue} purged: {messages} messages removed"),
        EventKind::QueueDeleted { queue, messages } => format!("queue {queue} deleted with {messages} messages"),
        EventKind::Log { line } => format!("broker log: {line}"),
    }
}

/// A scenario error for the user, with the line it points at when known.
pub fn scenario_error(e: &ScenarioError, line: Option<usize>) -> String {
    match line {
        Some(l) => format!("{} {l}: {e}", tr(Key::ErrorLine)),
        None => e.to_string(),
    }
}

/// A share-link error for the user.
pub fn link_error(e: &LinkError) -> String {
    let detail = match e {
        LinkError::Empty => "nothing to open".to_string(),
        LinkError::BadEncoding => "the scenario in it is damaged".to_string(),
        LinkError::BadNumber(k) => format!("'{k}' is not a number"),
    };
    format!("{} ({detail})", tr(Key::BadLink))
}

/// "1.234 s" for a virtual time in microseconds.
pub fn fmt_time(us: u64) -> String {
    format!("{}.{:03} s", us / 1_000_000, (us / 1000) % 1000)
}

/// "×0.1" for a speed factor.
pub fn fmt_speed(speed: f64) -> String {
    format!("×{speed}")
}

/// "#12" for a message copy.
pub fn fmt_msg(copy: u64) -> String {
    format!("#{copy}")
}
