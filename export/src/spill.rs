//! Pages of a row group kept in a temporary file until the row group closes.
//!
//! Parquet wants each column chunk contiguous in the file, while rows arrive with all their
//! columns together: the Arrow writer holds every column's encoded pages until the row group
//! closes. In memory that made row groups small (2 MB), and their metadata, which the
//! footer needs and the writer keeps to the end, grew with the archive (docs/performance.md,
//! "Parquet: pages spilled to a temporary file"). A [`SpillStore`] puts those pages in an
//! anonymous temporary file instead (`tempfile::tempfile`, in the system's temporary
//! directory: `TMPDIR` on Unix), so row groups can be large and memory stays flat.

use std::fs::File;
use std::io::Write;

use bytes::Bytes;
use parquet::column::page_store::{PageKey, PageStore, PageStoreArgs, PageStoreFactory};
use parquet::errors::{ParquetError, Result};

/// Makes a [`SpillStore`] for each column chunk.
#[derive(Debug, Default)]
pub(crate) struct SpillFactory;

impl PageStoreFactory for SpillFactory {
    fn create(&self, _args: &PageStoreArgs<'_>) -> Result<Box<dyn PageStore>> {
        Ok(Box::new(SpillStore::default()))
    }
}

/// One column chunk's pages in one temporary file, made at the first page and removed
/// when the store is dropped (the file has no name: the system frees it when it closes).
#[derive(Debug, Default)]
pub(crate) struct SpillStore {
    file: Option<File>,
    /// Where each page is in the file (offset, length), by key.
    pages: Vec<(u64, usize)>,
    /// The file's length.
    end: u64,
}

/// A temporary file's error, told apart from the output's by [`crate::parquet_sink`].
#[derive(Debug)]
pub(crate) struct SpillError(pub(crate) std::io::Error);

impl std::fmt::Display for SpillError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for SpillError {}

fn io(e: std::io::Error) -> ParquetError {
    ParquetError::External(Box::new(SpillError(e)))
}

impl PageStore for SpillStore {
    fn put(&mut self, value: Bytes) -> Result<PageKey> {
        let file = match &mut self.file {
            Some(f) => f,
            None => self.file.insert(tempfile::tempfile().map_err(io)?),
        };
        file.write_all(&value).map_err(io)?;
        let key = PageKey::new(self.pages.len() as u64);
        self.pages.push((self.end, value.len()));
        self.end += value.len() as u64;
        Ok(key)
    }

    fn take(&mut self, key: PageKey) -> Result<Bytes> {
        let &(at, len) = usize::try_from(key.get())
            .ok()
            .and_then(|i| self.pages.get(i))
            .ok_or_else(|| ParquetError::General(format!("no spilled page {}", key.get())))?;
        let file = self
            .file
            .as_mut()
            .ok_or_else(|| ParquetError::General("no spill file".into()))?;
        let mut buf = vec![0; len];
        read_at(file, &mut buf, at).map_err(io)?;
        Ok(Bytes::from(buf))
    }
}

/// Reads `buf.len()` bytes at `at`. Pages are taken in the order they were put, so on a
/// system without positioned reads a seek and a read do the same.
fn read_at(file: &mut File, buf: &mut [u8], at: u64) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        std::os::unix::fs::FileExt::read_exact_at(file, buf, at)
    }
    #[cfg(not(unix))]
    {
        use std::io::{Read, Seek, SeekFrom};
        file.seek(SeekFrom::Start(at))?;
        file.read_exact(buf)?;
        // Back to the end, where the next page is written.
        file.seek(SeekFrom::End(0)).map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_come_back_as_put() {
        let mut s = SpillStore::default();
        let a = s.put(Bytes::from_static(b"first page")).unwrap();
        let b = s.put(Bytes::from_static(b"")).unwrap();
        let c = s.put(Bytes::from(vec![7u8; 100_000])).unwrap();
        assert_eq!(&s.take(a).unwrap()[..], b"first page");
        assert_eq!(&s.take(b).unwrap()[..], b"");
        assert_eq!(&s.take(c).unwrap()[..], &vec![7u8; 100_000][..]);
        assert_eq!(s.end, 100_010);
    }

    #[test]
    fn an_unknown_key_is_an_error() {
        let mut s = SpillStore::default();
        assert!(s.take(PageKey::new(0)).is_err());
        s.put(Bytes::from_static(b"x")).unwrap();
        assert!(s.take(PageKey::new(1)).is_err());
    }
}
