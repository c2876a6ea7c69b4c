//! The broker's exercises: the start is a scenario, the goal ([`Goal`]) is checked on the event
//! log of its run to the end, with what the run itself got wrong (it stalled, the broker
//! logged errors, the topology's lints) as notes.

use serde_json::Value;

use super::exercise::{under, Exercise, ExerciseGoal};
use super::finding::Finding;
use super::goal::{Goal, Verdict};
use crate::scenario::definitions::scenario_lints::{bound_later_in, topology_lints};
use crate::scenario::model::error::ScenarioError;
use crate::scenario::model::json::Obj;
use crate::scenario::playground::run::Run;
use crate::scenario::playground::Scenario;
use crate::systems::Strategy;

/// An exercise on the broker.
pub type BrokerExercise = Exercise<Goal>;

impl ExerciseGoal for Goal {
    type Start = ();

    fn system(_: &Obj) -> Result<Strategy, ScenarioError> {
        Ok(Strategy::Rabbitmq)
    }

    fn read_start(start: &Value) -> Result<(), ScenarioError> {
        let scenario = Scenario::from_json(start.clone()).map_err(|e| under("$.start", e))?;
        Run::new(&scenario).map_err(|e| under("$.start", e))?;
        Ok(())
    }

    fn fits(&self, _: &()) -> Result<(), ScenarioError> {
        Ok(())
    }

    fn read_solved(solved: Result<Value, ScenarioError>) -> Result<(), ScenarioError> {
        let solved = solved.map_err(|e| under("$.solution", e))?;
        let solved = Scenario::from_json(solved).map_err(|e| under("$.solution.scenario", e))?;
        Run::new(&solved).map_err(|e| under("$.solution.scenario", e))?;
        Ok(())
    }

    fn verdict_on(ex: &BrokerExercise, text: &str) -> Verdict {
        ex.check_text(text)
    }

    fn self_check(ex: &BrokerExercise) -> Result<(Verdict, Verdict), ScenarioError> {
        let solved = ex.check(&ex.solution_scenario()?);
        let start = ex.check_run(&run_to_end(&ex.start_scenario()?)?);
        Ok((solved, start))
    }
}

impl BrokerExercise {
    /// The starting scenario (what the editor opens with and "reset" goes back to).
    pub fn start_scenario(&self) -> Result<Scenario, ScenarioError> {
        Scenario::from_json(self.start.clone()).map_err(|e| under("$.start", e))
    }

    /// The solved scenario ("reveal solution").
    pub fn solution_scenario(&self) -> Result<Scenario, ScenarioError> {
        Scenario::from_json(self.solution_json()?).map_err(|e| under("$.solution.scenario", e))
    }

    /// Runs the learner's scenario text to its end and checks the goal.
    pub fn check_text(&self, text: &str) -> Verdict {
        match Scenario::parse(text) {
            Ok(s) => self.check(&s),
            Err(e) => Verdict::broken(Finding::Unreadable(e)),
        }
    }

    /// Runs the learner's scenario JSON to its end and checks the goal.
    pub fn check_json(&self, json: &Value) -> Verdict {
        match Scenario::from_json(json.clone()) {
            Ok(s) => self.check(&s),
            Err(e) => Verdict::broken(Finding::Unreadable(e)),
        }
    }

    /// The verdict on a text whose run failed with `error`: unreadable when the text does
    /// not parse, else a scenario that does not run.
    pub fn not_runnable(&self, text: &str, error: ScenarioError) -> Verdict {
        match Scenario::parse(text) {
            Err(e) => Verdict::broken(Finding::Unreadable(e)),
            Ok(_) => Verdict::broken(Finding::DoesNotRun(error)),
        }
    }

    /// Runs a scenario to its end and checks the goal.
    pub fn check(&self, scenario: &Scenario) -> Verdict {
        match run_to_end(scenario) {
            Ok(run) => self.check_run(&run),
            Err(e) => Verdict::broken(Finding::DoesNotRun(e)),
        }
    }

    /// Checks the goal on a run already advanced to the scenario's end (the player's own run).
    pub fn check_run(&self, run: &Run) -> Verdict {
        let mut v = self.goal.evaluate(run);
        if run.stalled {
            v.notes.push(Finding::Stalled);
        }
        v.notes.extend(
            run.engine()
                .log_lines()
                .iter()
                .filter(|l| l.starts_with("[error]"))
                .map(|l| Finding::BrokerLog(l.clone())),
        );
        // What the topology gets wrong, in the lints' words (the editor shows the same).
        let s = run.scenario();
        let later = bound_later_in(s.timeline.iter().map(|t| &t.step));
        let (_, lints) = topology_lints(s.topology.clone(), &later, s.profile);
        v.notes.extend(lints.into_iter().map(|l| Finding::Lint(Box::new(l))));
        v
    }
}

/// Builds a scenario and runs it to its end.
pub fn run_to_end(scenario: &Scenario) -> Result<Run, ScenarioError> {
    let mut run = Run::new(scenario)?;
    let end = run.end();
    run.advance_to(end)?;
    Ok(run)
}
