//! The allocator settings of the `gamenote` program (not of the library: a program that
//! embeds gamenote, or the Python interpreter, keeps its own).

/// Allocations from this size up are mapped and unmapped on their own (see
/// [`fix_mmap_threshold`]).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MMAP_THRESHOLD: libc::c_int = 1 << 20;

/// On glibc, fixes malloc's mmap threshold at [`MMAP_THRESHOLD`], before `export` writes
/// Parquet.
///
/// glibc raises the threshold to the size of each mapped block freed (up to 32 MiB), after
/// which the Parquet writer's large buffers (pages, dictionary indices, a batch's text) come
/// from the heap, interleaved with the footer's metadata that lives until the end, and the
/// heap cannot shrink: the resident size of `export --plies` grew with the archive (46 MB on
/// 64 MB of input, 65 MB on 1 GB). With a fixed threshold those buffers go back to the
/// system when freed. Other allocators and systems are left alone.
pub(crate) fn fix_mmap_threshold() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a tuning parameter of glibc's allocator; it is thread-safe
    // and a refusal (return 0) leaves the allocator as it was.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
    }
}
