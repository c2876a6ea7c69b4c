//! The command line refuses a workload past the comparison's events budget with exit status 2,
//! as the page's computation and a single run do (tests/systems/computing.rs).

#[path = "../../../../tests/support/endless.rs"]
mod endless;
use endless::endless;

#[test]
fn the_command_line_refuses_it_too_with_status_2() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx-lab"))
        .args(["compare", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the dlx-lab binary runs");
    child.stdin.take().unwrap().write_all(endless().as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("1000000 events"), "{err}");
}
