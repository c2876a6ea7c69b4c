//! The subcommands of the `dlx-lab` tool, one module each, and what they share.

pub mod compare_cmd;
pub mod defs;
pub mod export_cmd;
#[cfg(all(feature = "live", not(target_arch = "wasm32")))]
pub mod http;
#[cfg(all(feature = "live", not(target_arch = "wasm32")))]
pub mod live;
pub mod replay;
pub mod verify;
pub mod verify_systems;
pub mod workshop_cmd;

use std::process::ExitCode;

/// Prints `dlx-lab: MSG` and returns exit status 2 (unusable input).
pub fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("dlx-lab: {msg}");
    ExitCode::from(2)
}

/// Command-line words split into `--name value` options, `--flag`s and positional words.
pub struct Args {
    pub options: Vec<(String, String)>,
    pub flags: Vec<String>,
    pub words: Vec<String>,
}

impl Args {
    /// Splits `args`; `with_value` names the options that take a value, `flags` those that do not.
    pub fn parse(args: &[String], with_value: &[&str], flags: &[&str]) -> Result<Args, String> {
        let mut out = Args { options: Vec::new(), flags: Vec::new(), words: Vec::new() };
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            if let Some(name) = a.strip_prefix("--") {
                let (name, inline) = match name.split_once('=') {
                    Some((n, v)) => (n, Some(v.to_string())),
                    None => (name, None),
                };
                if with_value.contains(&name) {
                    let v = match inline {
                        Some(v) => v,
                        None => {
                            i += 1;
                            args.get(i).cloned().ok_or_else(|| format!("--{name} needs a value"))?
                        }
                    };
                    out.options.push((name.to_string(), v));
                } else if flags.contains(&name) && inline.is_none() {
                    out.flags.push(name.to_string());
                } else {
                    return Err(format!("unknown option '{a}' (see dlx-lab help)"));
                }
            } else if a.starts_with('-') && a != "-" {
                return Err(format!("unknown option '{a}' (see dlx-lab help)"));
            } else {
                out.words.push(a.clone());
            }
            i += 1;
        }
        Ok(out)
    }

    /// The last value given for `--name`.
    pub fn option(&self, name: &str) -> Option<&str> {
        self.options.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// True when `--name` was given.
    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    /// The one positional word (a file), or an error saying what `command` needs.
    pub fn one_file(&self, command: &str, what: &str) -> Result<String, String> {
        match self.words.as_slice() {
            [f] => Ok(f.clone()),
            [] => Err(format!("{command} needs {what} (or - for standard input)")),
            _ => Err(format!("{command} takes one file")),
        }
    }
}

/// Writes to standard output; a closed pipe (`| head`) is not an error worth a panic.
pub fn emit(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
}

/// Reads a file, or standard input for `-`.
pub fn read_input(file: &str) -> Result<String, String> {
    if file == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(s)
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))
    }
}
