//! `dlx-lab verify --sqs URL` and `dlx-lab verify --bullmq URL`: a comparison's workload played
//! through the user's own SQS endpoint (moto, LocalStack, ElasticMQ, AWS with their
//! credentials) or Redis (with the pinned BullMQ), and compared with the model, by the same
//! runner and comparer the test command's live checks use (scripts/sqs/, scripts/bullmq/).
//! Exit 0 when they agree, 1 when they differ, 2 when the input or the tools are unusable.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::systems::Comparison;

use super::compare_cmd::comparison_text;
use super::{fail, Args};

/// Where the runner scripts are: `DLX_LAB_ROOT`, or the checkout this binary was built from
/// (two folders above this crate's, `crates/cli`).
fn root() -> PathBuf {
    std::env::var_os("DLX_LAB_ROOT").map(PathBuf::from).unwrap_or_else(|| {
        let cli = Path::new(env!("CARGO_MANIFEST_DIR"));
        cli.ancestors().nth(2).unwrap_or(cli).to_path_buf()
    })
}

/// Which system to check, and the runner's command line before its three arguments.
enum Target {
    Sqs { url: String, python: PathBuf },
    Bullmq { url: String },
}

fn target(a: &Args, root: &Path) -> Result<Target, String> {
    match (a.option("sqs"), a.option("bullmq")) {
        (Some(url), None) => {
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return Err(format!(
                    "--sqs: give the endpoint's URL, http://HOST:PORT or https://sqs.REGION.amazonaws.com (got '{url}')"
                ));
            }
            let python = std::env::var_os("DLX_LAB_PYTHON")
                .map(PathBuf::from)
                .unwrap_or_else(|| root.join("scripts/sqs/.venv/bin/python"));
            if !python.exists() {
                return Err(format!(
                    "--sqs needs Python with the pinned boto3 at {}: run scripts/sqs-check.sh once \
                     (it makes that venv), or set DLX_LAB_PYTHON to a Python that has boto3",
                    python.display()
                ));
            }
            Ok(Target::Sqs { url: url.to_string(), python })
        }
        (None, Some(url)) => {
            if !(url.starts_with("redis://") || url.starts_with("rediss://")) {
                return Err(format!(
                    "--bullmq: give the Redis URL, redis://[USER:PASSWORD@]HOST:PORT[/DB] (got '{url}')"
                ));
            }
            if !root.join("scripts/bullmq/node_modules/bullmq").exists() {
                return Err(
                    "--bullmq needs the pinned bullmq in scripts/bullmq/node_modules: run \
                     scripts/bullmq-check.sh once (it installs it)"
                        .into(),
                );
            }
            Ok(Target::Bullmq { url: url.to_string() })
        }
        _ => Err("verify: give --sqs URL or --bullmq URL (one of them) with a comparison".into()),
    }
}

/// `verify --sqs URL | --bullmq URL [--time-scale N] (COMPARISON.json | --preset ID)`.
pub fn run(args: &[String]) -> ExitCode {
    let a = match Args::parse(args, &["sqs", "bullmq", "preset", "time-scale"], &[]) {
        Ok(a) => a,
        Err(e) => return fail(e),
    };
    let root = root();
    let t = match target(&a, &root) {
        Ok(t) => t,
        Err(e) => return fail(e),
    };
    let (name, text) = match comparison_text(&a, "verify: give one comparison file, or --preset ID")
    {
        Ok(found) => found,
        Err(e) => return fail(e),
    };
    let comparison = match Comparison::from_json(&text) {
        Ok(c) => c,
        Err(e) => return fail(format!("{name}: {e}")),
    };
    let divisor = match a.option("time-scale").map(str::parse::<u64>) {
        None => 1,
        Some(Ok(n)) if n >= 1 => n,
        _ => return fail("--time-scale: give a whole number of 1 or more (the times' divisor)"),
    };
    let plan = match &t {
        Target::Sqs { .. } => {
            use crate::systems::sqs::sqs_live;
            sqs_live::compressed(&comparison, divisor).and_then(|c| sqs_live::plan(&c))
        }
        Target::Bullmq { .. } => {
            use crate::systems::bullmq::live;
            live::compressed(&comparison, divisor).map(|c| live::plan(&c))
        }
    };
    let plan = match plan {
        Ok(p) => p,
        Err(e) => return fail(format!("{name} with --time-scale {divisor}: {e}")),
    };
    let dir = std::env::temp_dir().join(format!("dlx-lab-verify-{}", std::process::id()));
    let result = play_and_compare(&t, &root, &dir, &name, &plan);
    let _ = std::fs::remove_dir_all(&dir);
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => fail(e),
    }
}

/// Writes the plan, runs the runner against the endpoint, then the comparer; true when the
/// comparer found no difference.
fn play_and_compare(
    t: &Target,
    root: &Path,
    dir: &Path,
    name: &str,
    plan: &serde_json::Value,
) -> Result<bool, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let plan_file = dir.join("plan.json");
    let real_file = dir.join("real.json");
    let text = serde_json::to_string_pretty(plan).map_err(|e| e.to_string())?;
    std::fs::write(&plan_file, text).map_err(|e| format!("{}: {e}", plan_file.display()))?;
    let (mut runner, compare) = match t {
        Target::Sqs { url, python } => {
            let mut c = Command::new(python);
            c.arg(root.join("scripts/sqs/run.py")).args([&plan_file, &real_file]).arg(url);
            (c, root.join("scripts/sqs/compare.py"))
        }
        Target::Bullmq { url } => {
            let mut c = Command::new("node");
            c.arg(root.join("scripts/bullmq/run.mjs")).args([&plan_file, &real_file]).arg(url);
            (c, root.join("scripts/bullmq/compare.py"))
        }
    };
    let status = runner.status().map_err(|e| format!("could not start the runner: {e}"))?;
    if !status.success() || !real_file.exists() {
        return Err(format!(
            "the runner could not play {name} through the endpoint (its message is above)"
        ));
    }
    let status = Command::new("python3")
        .arg(compare)
        .arg(name)
        .args([&plan_file, &real_file])
        .status()
        .map_err(|e| format!("could not start python3 for the comparison: {e}"))?;
    Ok(status.success())
}
