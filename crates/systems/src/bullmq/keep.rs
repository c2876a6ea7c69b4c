//! `removeOnFail` / `removeOnComplete`: which finished jobs BullMQ keeps, in every shape it
//! takes (a boolean, a count, `{age, count}`), and the trimming `moveToFinished` does.
//!
//! Sources (taskforcesh/bullmq 6.2.0): `src/classes/redis-queue-backend.ts` `getKeepJobs`
//! (l. 1127-1140: `true` → `{count: 0}`, `false` → `{count: -1}`, a number → `{count: n}`, an
//! object as it is) and `src/commands/moveToFinished-14.lua` (l. 169-196): count 0 deletes the
//! job at once; otherwise it joins the finished set (scored by its finish time), then
//! `removeJobsByMaxAge` (`includes/removeJobsByMaxAge.lua` l. 10-11: every job finished at or
//! before `now − age × 1000`) and `removeJobsByMaxCount` (`includes/removeJobsByMaxCount.lua`
//! l. 9-14: all but the `count` newest) run, on that set only, and only when a job finishes
//! into it: a failed job that is old enough stays until the next job fails for good.

use serde::{Serialize, Serializer};

/// What BullMQ keeps of the jobs that finish into one set (failed or completed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeepJobs {
    /// `true`: delete the job when it finishes; `false`: keep every job.
    Remove(bool),
    /// A number: keep the `n` newest (0 is the same as `true`).
    Newest(u64),
    /// `{age, count}`: delete the jobs finished `age` seconds ago or earlier, and all but the
    /// `count` newest (either may be absent).
    Limits { age_s: Option<u64>, count: Option<u64> },
}

impl Default for KeepJobs {
    fn default() -> Self {
        KeepJobs::Remove(false)
    }
}

impl KeepJobs {
    /// The Lua's `maxCount` (None: keep any number), `maxAge` in ms (None: any age).
    fn limits(self) -> (Option<u64>, Option<u64>) {
        match self {
            KeepJobs::Remove(true) => (Some(0), None),
            KeepJobs::Remove(false) => (None, None),
            KeepJobs::Newest(n) => (Some(n), None),
            KeepJobs::Limits { age_s, count } => (count, age_s.map(|s| s.saturating_mul(1000))),
        }
    }

    /// Whether a finishing job is deleted at once instead of joining the set (count 0).
    pub fn removes_at_once(self) -> bool {
        self.limits().0 == Some(0)
    }

    /// The jobs trimmed from `set` (message, finish time in µs, oldest first) once a job has
    /// joined it at `now_us`: the ones past the age limit, newest first, then those beyond the
    /// count, newest first, as the Lua removes them. `set` keeps the rest.
    pub fn trim(self, set: &mut Vec<(usize, u64)>, now_us: u64) -> Vec<usize> {
        let (count, age_ms) = self.limits();
        let mut gone = Vec::new();
        if let Some(age_ms) = age_ms {
            // ZREVRANGEBYSCORE set (now − age) -inf: a score equal to the bound is removed too.
            let bound_us = now_us.saturating_sub(age_ms.saturating_mul(1000));
            let old = set.iter().take_while(|(_, at)| *at <= bound_us).count();
            gone.extend(set.drain(..old).rev().map(|(m, _)| m));
        }
        if let Some(count) = count.filter(|&c| c > 0) {
            let extra = set.len().saturating_sub(count as usize);
            gone.extend(set.drain(..extra).rev().map(|(m, _)| m));
        }
        gone
    }

    /// Reads BullMQ's shapes from JSON; the error says which shapes are accepted.
    pub fn from_value(v: &serde_json::Value) -> Result<KeepJobs, String> {
        use serde_json::Value;
        const SHAPES: &str = "use true, false, a count of jobs to keep (0 or more) or {\"age_s\": seconds, \"count\": jobs}";
        let count = |v: &Value, what: &str| {
            v.as_u64()
                .ok_or_else(|| format!("{what} {v} is not a whole number of 0 or more; {SHAPES}"))
        };
        match v {
            Value::Bool(b) => Ok(KeepJobs::Remove(*b)),
            Value::Number(_) => Ok(KeepJobs::Newest(count(v, "the count")?)),
            Value::Object(o) => {
                let mut age_s = None;
                let mut keep = None;
                for (k, v) in o {
                    match k.as_str() {
                        // BullMQ calls it `age` (seconds); `age_s` says the unit.
                        "age_s" | "age" => age_s = Some(count(v, "the age")?),
                        "count" => keep = Some(count(v, "the count")?),
                        _ => return Err(format!("unknown field `{k}`; {SHAPES}")),
                    }
                }
                Ok(KeepJobs::Limits { age_s, count: keep })
            }
            _ => Err(format!("{v} is not a way to keep jobs; {SHAPES}")),
        }
    }

    /// BullMQ's own spelling, as `Queue.add` takes it (`age` in seconds).
    pub fn to_bullmq(self) -> serde_json::Value {
        match self {
            KeepJobs::Remove(b) => serde_json::json!(b),
            KeepJobs::Newest(n) => serde_json::json!(n),
            KeepJobs::Limits { age_s, count } => {
                let mut o = serde_json::Map::new();
                if let Some(a) = age_s {
                    o.insert("age".into(), a.into());
                }
                if let Some(c) = count {
                    o.insert("count".into(), c.into());
                }
                serde_json::Value::Object(o)
            }
        }
    }
}

impl Serialize for KeepJobs {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            KeepJobs::Limits { age_s, count } => {
                let mut o = serde_json::Map::new();
                if let Some(a) = age_s {
                    o.insert("age_s".into(), a.into());
                }
                if let Some(c) = count {
                    o.insert("count".into(), c.into());
                }
                serde_json::Value::Object(o).serialize(s)
            }
            other => other.to_bullmq().serialize(s),
        }
    }
}

impl<'de> serde::Deserialize<'de> for KeepJobs {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        KeepJobs::from_value(&v).map_err(serde::de::Error::custom)
    }
}
