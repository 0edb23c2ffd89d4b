//! The integration tests, in one binary so that a fresh `cargo test` links once: each module
//! is the tests of one part of the crate. The allocation-counting tests stay in binaries
//! of their own (tests/*_alloc.rs), since they install a counting global allocator.

mod adversarial;
mod api;
mod boundaries;
mod conversion;
mod derives;
mod endings;
mod generators;
mod gipf_board;
mod gipf_fast_resolve;
mod gipf_fuzz_regressions;
mod gipf_guide;
mod gipf_perft;
mod gipf_props;
mod gipf_resolve_play;
mod gipf_rules;
mod gipf_testdata;
mod issue20_rules;
mod number_constructors;
mod one_pass;
mod play_in;
mod position_strings;
mod printer_round_trip;
mod pylon_perft;
mod pylon_resolve_play;
mod pylon_roundtrip;
mod pylon_rules;
mod pylon_shortcuts;
mod pylos_perft;
mod pylos_props;
mod pylos_seed;
mod serde_forms;
mod shards;
mod stranger_lib;
mod stream_reader;
mod svg;
mod threeman_examples;
mod threeman_perft;
mod threeman_props;
mod threeman_resolve;
mod threeman_resolve_play;
mod threeman_rules;
