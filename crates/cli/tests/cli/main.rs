//! The `dlx-lab` command line run as a user runs it: the comparison's table, JSON and traces,
//! the exercises and workshops, the exports and their refusals, and a workload past the events
//! budget refused with exit status 2.

mod budget;
mod compare;
mod export;
