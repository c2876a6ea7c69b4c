//! Strategy tours: every built-in reads in every language, covers every system but RabbitMQ,
//! and stands each step at a real happening of the run it narrates; malformed tours are
//! refused with the JSON path.

use dlx_lab::scenario::workshop::strategy_tour::StrategyTour;
use dlx_lab::scenario::workshop::strategy_tours::{strategy_tour_in, STRATEGY_TOURS};
use dlx_lab::scenario::Lang;
use dlx_lab::systems::Strategy;
use serde_json::{json, Value};

#[test]
fn every_tour_reads_in_every_language_and_each_system_has_one() {
    for (id, _) in STRATEGY_TOURS {
        let en = strategy_tour_in(id, Lang::En).unwrap();
        assert_eq!(en.id, *id);
        assert!(en.steps.len() >= 4, "{id}: {} steps", en.steps.len());
        assert!(en.steps.last().unwrap().summary, "{id} ends with a summary");
        for lang in Lang::TRANSLATED {
            let t = strategy_tour_in(id, lang).unwrap();
            assert_eq!(t.steps.len(), en.steps.len());
            assert_eq!(t.comparison, en.comparison, "{id}: translating changes no run");
        }
    }
    for s in Strategy::ALL.into_iter().filter(|s| *s != Strategy::Rabbitmq) {
        assert!(
            STRATEGY_TOURS
                .iter()
                .any(|(id, _)| strategy_tour_in(id, Lang::En).unwrap().system == s),
            "{s:?} has no tour"
        );
    }
}

#[test]
fn each_step_stands_at_a_happening_of_the_lanes_it_shows() {
    let mut wrong = Vec::new();
    for (id, _) in STRATEGY_TOURS {
        let t = strategy_tour_in(id, Lang::En).unwrap();
        for (i, step) in t.steps.iter().enumerate().filter(|(_, s)| !s.summary) {
            let shown: Vec<Strategy> = std::iter::once(step.strategy).chain(step.versus).collect();
            let traces: Vec<_> = shown.iter().map(|s| t.comparison.run(*s).trace).collect();
            let at_us = step.at_ms * 1000;
            if !traces.iter().any(|tr| tr.events.iter().any(|e| e.at_us == at_us)) {
                wrong.push(format!(
                    "{id} step {i}: nothing happens at {} ms in {shown:?}",
                    step.at_ms
                ));
            }
            if let Some(m) = step.message {
                if !traces.iter().any(|tr| tr.of(m).next().is_some_and(|e| e.at_us <= at_us)) {
                    wrong.push(format!("{id} step {i}: its message is not there yet"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

fn edited(edit: impl Fn(&mut Value)) -> Result<StrategyTour, String> {
    let mut v: Value = serde_json::from_str(STRATEGY_TOURS[0].1).unwrap();
    edit(&mut v);
    StrategyTour::from_json(&v).map_err(|e| e.to_string())
}

#[test]
fn malformed_tours_are_refused_with_the_json_path() {
    let cases: Vec<(Result<StrategyTour, String>, &str)> = vec![
        (edited(|v| v["system"] = json!("nats")), "$.system: 'nats' is not a strategy"),
        (edited(|v| v["tour"] = json!([])), "$.tour: must be a list of steps"),
        (
            edited(|v| v["tour"][1]["at_ms"] = json!(10_000_000)),
            "$.tour[1].at_ms: 10000000 is after the end",
        ),
        (
            edited(|v| v["tour"][2]["at_ms"] = json!(1)),
            "$.tour[2].at_ms: 1 comes before the previous step",
        ),
        (
            edited(|v| v["tour"][0]["message"] = json!("v-9")),
            "$.tour[0].message: the workload has no message 'v-9'",
        ),
        (
            edited(|v| v["tour"][0]["versus"] = json!("mq")),
            "$.tour[0].versus: 'mq' is not a strategy",
        ),
        (edited(|v| v["tour"][0]["colour"] = json!(1)), "$.tour[0].colour"),
        (edited(|v| v["tour"][0]["text"] = json!(" ")), "$.tour[0].text"),
        (
            edited(|v| v["comparison"]["workload"]["horizon_ms"] = json!(0)),
            "$.comparison: the comparison cannot run",
        ),
        (edited(|v| v["id"] = json!("Tour 1")), "$.id"),
    ];
    for (got, want) in cases {
        let e = got.expect_err(want);
        assert!(e.starts_with(want), "{want}\n  got: {e}");
    }
}
