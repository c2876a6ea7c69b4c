//! One step runner: what runs a scenario's typed [`Step`]s (the engine, or a real broker in
//! `dlx-lab verify`), and the one loop that dispatches a conformance scenario's steps to it,
//! numbers their results and drains the declared queues at the end.

use serde_json::{json, Map, Value};

use super::step::Step;

/// Runs steps somewhere: the simulated broker
/// ([`crate::scenario::conformance::SimulatedBroker`]) or a real one.
pub trait StepRunner {
    /// What stops a run outright (a broker's refusal is a result, not an error).
    type Error;
    /// Runs one step and returns its result JSON (`{"ok": true}`, `{"error": {…}}`, …).
    fn run_step(&mut self, step: &Step) -> Result<Value, Self::Error>;
    /// Lets what is due by now happen, before and after each step (the engine's timers); a
    /// real broker does it by itself.
    fn settle(&mut self) {}
    /// Removes every message left in `queue` and returns them as result JSON, or
    /// `"not_found"` when the queue does not exist.
    fn drain(&mut self, queue: &str) -> Result<Value, Self::Error>;
}

/// The steps' results (each with its `step` index and `op`) and the final queues.
#[derive(Debug, Clone, PartialEq)]
pub struct Replayed {
    pub steps: Vec<Value>,
    pub final_queues: Map<String, Value>,
}

/// The queues `steps` declare, in order of their first declaration, each once.
pub fn declared_queues(steps: &[Step]) -> Vec<String> {
    let mut queues: Vec<String> = Vec::new();
    for step in steps {
        if let Step::DeclareQueue { name, .. } = step {
            if !queues.contains(name) {
                queues.push(name.clone());
            }
        }
    }
    queues
}

/// Runs `steps` in order on `runner`, then drains `queues`: the one place a conformance
/// scenario's steps are dispatched, for the engine and for a real broker alike.
pub fn run_steps<R: StepRunner>(
    runner: &mut R,
    steps: &[Step],
    queues: &[String],
) -> Result<Replayed, R::Error> {
    let mut results = Vec::with_capacity(steps.len());
    for (i, step) in steps.iter().enumerate() {
        runner.settle();
        let mut r = runner.run_step(step)?;
        runner.settle();
        let mut m = Map::new();
        m.insert("step".into(), json!(i));
        m.insert("op".into(), json!(step.op()));
        if let Value::Object(fields) = &mut r {
            m.append(fields);
        }
        results.push(Value::Object(m));
    }
    let mut final_queues = Map::new();
    for q in queues {
        final_queues.insert(q.clone(), runner.drain(q)?);
    }
    Ok(Replayed { steps: results, final_queues })
}
