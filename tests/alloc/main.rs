//! The allocation tests, in one binary of their own: it installs a counting global allocator
//! (counting.rs), which the other test binaries must not have. Only the threads that ask are
//! counted, so the tests run side by side.

mod counting;
mod one_pass;
mod pylon;
