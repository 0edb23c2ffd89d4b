//! The command line's tests, in one binary so that a fresh `cargo test` links once: each
//! module is the tests of one subject, run through the built binary.

mod arguments;
mod cli;
mod common;
mod documented_examples;
mod doors_agree;
mod endings;
mod export_failures;
mod export_rows;
mod habits;
mod mixed;
mod outputs;
mod past_limit;
mod record_items;
mod results;
mod said_once;
mod set_up_positions;
mod tags_read_strictly;
