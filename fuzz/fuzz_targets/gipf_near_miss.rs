#![no_main]
//! Generated near misses of gipf must fail exactly where and how the generator says.
use gamenote::generate::{fuzz::Miss, verify};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|miss: Miss<gamenote::gipf::Gipf>| {
    if let Some(m) = miss.0 {
        if let Err(e) = verify(&m) {
            panic!("{e}\n{}", m.text);
        }
    }
});
