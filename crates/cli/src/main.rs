//! The `dlx-lab` command-line tool: replays scenarios on the engine, reads RabbitMQ definitions
//! files (effective settings, lints, export) and checks scenarios against a live broker.
//!
//! It is the crate `dlx-cli`, at the top beside the web app: its manifest names only the layers
//! (the engine, the systems, the scenarios, the links), never the web app.

mod cli;

// The layers by the names the app gives them, so the modules read `crate::engine`,
// `crate::systems`, `crate::scenario` and `crate::link` as the app's do.
use dlx_engine as engine;
use dlx_links as link;
use dlx_scenario as scenario;
use dlx_systems as systems;

use std::process::ExitCode;

const HELP: &str = "dlx-lab — a dead-lettering simulator (RabbitMQ semantics on a virtual clock)

usage:
  dlx-lab replay [--profile rabbitmq-3.10|rabbitmq-4] SCENARIO.json
      Replays a scenario in the conformance step format and prints the result JSON.
  dlx-lab definitions [--profile P] [--json] DEFINITIONS.json
      Reads a RabbitMQ definitions file (rabbitmqctl export_definitions or the HTTP API's
      /api/definitions) and prints every queue's effective dead-letter settings after merging
      arguments and policies as the broker does, which source supplied each, what is not
      simulated, and lints. The profile defaults to the file's broker version.
  dlx-lab export --format definitions|policies|java|amqplib|pika DEFINITIONS.json
      Prints the topology as definitions for `rabbitmqctl import_definitions`, as
      `rabbitmqctl set_policy` lines, or as client code declaring it.
  dlx-lab verify [--amqp URL] [--http URL] [--log FILE] [--profile P] [--show] [--keep] SCENARIO.json
      Runs the scenario on a real broker (default amqp://guest:guest@127.0.0.1:5672/, policies
      through the management API on port 15672) and on the engine under the broker's profile,
      and prints the differences (compare.py's rules). Changes nothing on the broker but the
      queues, exchanges and policies the scenario declares (same-named ones are deleted first),
      and deletes those when it finishes, also after an error, unless --keep is given. Needs a
      build with `--features live`.
  dlx-lab verify --sqs URL | --bullmq URL [--time-scale N] COMPARISON.json | --preset ID
      Plays the comparison's workload through your own SQS endpoint (moto, LocalStack,
      ElasticMQ, or AWS: https://sqs.REGION.amazonaws.com with the credentials boto3 finds)
      or your Redis with the pinned BullMQ, and compares every message's receives or attempts
      and where it ends with the model. Uses the runners of the live checks: run
      scripts/sqs-check.sh or scripts/bullmq-check.sh once to install them. The queues it
      makes are deleted at the end. Exit 1 when the model and the endpoint differ.
  dlx-lab compare [--json] [--trace STRATEGY] COMPARISON.json | --preset ID | --list
      Runs one failing workload through every dead-letter strategy on the virtual clock
      (RabbitMQ's retry queue on the engine, SQS redrive, Kafka retry topics and DLT, BullMQ, a
      database DLQ, the hybrid DLT → database → republish) and prints completed, dead-lettered, lost, attempts, duplicates, reordering
      and latency side by side; --trace prints one strategy's events (with --json: its places
      and events, each with its time in µs, message, place, kind and cause, for tools).
      --bullmq-plan [--time-scale N] prints what scripts/bullmq-check.sh plays through a real
      BullMQ (every time but the handling time divided by N) and what the model expects of
      each job; --sqs-plan [--time-scale N] the same for scripts/sqs-check.sh and an SQS
      endpoint (the SQS durations must stay whole seconds).
  dlx-lab compare --export SYSTEM[:FORMAT] [--lang en|ko|zh-CN] [--page URL] [--time-scale N]
          COMPARISON.json | --preset ID
      Prints one strategy's settings as its real system's configuration or code:
      sqs:cloudformation, sqs:terraform, sqs:boto3, sqs:js, kafka:java, kafka:kotlin,
      bullmq:ts, database:sql, hybrid:sql, alerts:prometheus (SYSTEM alone: its first). It
      starts with a comment naming the settings and the link that reproduces the run on the
      comparison page at --page (default compare.html); comments in --lang. --time-scale
      exports SQS or BullMQ as the live checks run them. Exit 2 when the target refuses a
      setting (SQS's 12-hour visibility timeout, a FIFO queue's per-message delay, …), naming
      the setting and the limit.
  dlx-lab exercise list [--json] | tour list [--json]
      The built-in exercises and tours, a line each, or with --json a list of their id,
      system and title.
  dlx-lab exercise check --builtin ID | EXERCISE.json
      Exit 0 when the exercise's solution passes its goal and its starting point does not;
      otherwise 1, with the verdicts. For a trainer's own exercises in their CI. Exercises
      on the other systems (whose system is sqs, kafka, bullmq, database or hybrid) are
      judged on that system's run.
  dlx-lab workshop check WORKSHOP.json
      Reads a workshop (a version, a title, and exercises: built-in ids or whole exercises)
      and judges each exercise as `exercise check` does; exit 0 when every one is sound.
  dlx-lab --version
  dlx-lab help

Files may be - for standard input.
Exit status: 0 on success, 1 when verify finds a difference, 2 when the input is unusable
(the message says which field) or the broker cannot be reached.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = args.get(1..).unwrap_or(&[]);
    match args.first().map(String::as_str) {
        None | Some("help") | Some("--help") | Some("-h") => {
            println!("{HELP}");
            ExitCode::SUCCESS
        }
        Some("--version") | Some("-V") | Some("version") => {
            println!("dlx-lab {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Some("replay") => cli::replay::run(rest),
        Some("definitions") => cli::defs::definitions(rest),
        Some("export") => cli::defs::export_cmd(rest),
        Some("verify") if rest.iter().any(|a| a == "--sqs" || a == "--bullmq") => {
            cli::verify_systems::run(rest)
        }
        Some("verify") => cli::verify::run(rest),
        Some("compare") => cli::compare_cmd::run(rest),
        Some("exercise") => cli::workshop_cmd::exercise(rest),
        Some("tour") => cli::workshop_cmd::tour(rest),
        Some("workshop") => cli::workshop_cmd::workshop(rest),
        Some(other) => cli::fail(format!("unknown command '{other}' (see dlx-lab help)")),
    }
}
