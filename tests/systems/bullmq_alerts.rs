//! The seed's `failed` listener (alert when `attemptsMade === 5`) read over BullMQ runs:
//! what it sends, misses and sends too early, and the comparison's takeaway about it.

use dlx_lab::systems::bullmq::seed_alerts::{seed_alerts, SeedAlerts};
use dlx_lab::systems::bullmq::{BullMq, BullMqConfig};
use dlx_lab::systems::{takeaways, Comparison, Strategy, System, Takeaway, Workload};

fn alerts(text: &str, config: BullMqConfig) -> SeedAlerts {
    let w = Workload::from_json(text).unwrap();
    let mut b = BullMq::new(config, w.clone());
    b.step_until(w.horizon());
    seed_alerts(b.trace(), w.messages.len())
}

const BUG: &str =
    r#"{"messages": [{"id": "a", "failure": {"kind": "bug"}}], "horizon_ms": 600000}"#;

#[test]
fn five_attempts_give_one_alert_at_the_last_failure() {
    let a = alerts(BUG, BullMqConfig::default());
    assert_eq!(a, SeedAlerts { sent: 1, missed: 0, early: 0 });
}

#[test]
fn an_unrecoverable_error_fails_at_attempt_one_unnoticed() {
    let text = r#"{"messages": [{"id": "a", "failure": {"kind": "permanent"}}],
        "route_permanent_directly": true, "horizon_ms": 60000}"#;
    assert_eq!(alerts(text, BullMqConfig::default()), SeedAlerts { sent: 0, missed: 1, early: 0 });
}

#[test]
fn more_attempts_alert_too_early_and_miss_the_end() {
    let a = alerts(BUG, BullMqConfig { attempts: 7, ..BullMqConfig::default() });
    assert_eq!(a, SeedAlerts { sent: 1, missed: 1, early: 1 });
}

#[test]
fn a_retry_without_reset_fails_again_at_six_unnoticed_and_the_comparison_says_so() {
    let text = r#"{"workload": {"messages": [{"id": "a", "failure": {"kind": "bug"}}],
        "operator": [{"at_ms": 100000, "do": "replay"}], "horizon_ms": 600000}}"#;
    let c = Comparison::from_json(text).unwrap();
    let w = &c.workload;
    let mut b = BullMq::new(c.systems.bullmq.clone(), w.clone());
    b.step_until(w.horizon());
    assert_eq!(seed_alerts(b.trace(), 1), SeedAlerts { sent: 1, missed: 1, early: 0 });
    let found = takeaways(&[c.run(Strategy::Bullmq)]);
    assert!(found.contains(&Takeaway::SeedAlertCheck { missed: 1, early: 0 }), "{found:?}");
    // Resetting attemptsMade on retry gives the alert its count of 5 again.
    let mut reset = c.systems.bullmq.clone();
    reset.retry_resets_attempts = true;
    let mut b = BullMq::new(reset, w.clone());
    b.step_until(w.horizon());
    assert_eq!(seed_alerts(b.trace(), 1), SeedAlerts { sent: 2, missed: 0, early: 0 });
}
