#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    gamenote::fuzzing::notation_roundtrip::<gamenote::gipf::Gipf>(data);
    gamenote::fuzzing::shortcuts_agree(data);
});
