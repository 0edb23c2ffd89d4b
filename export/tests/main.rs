//! The export's tests, in one binary so that `cargo test -p gamenote-export` links once: each
//! module is the tests of one subject.

mod canonical_without_before;
mod roundtrip;
mod sinks;
mod tags;
