//! `export`'s output files, written whole or not at all.
//!
//! A table is written into a temporary file beside its output (in the same directory, so
//! the last step is a rename, not a copy) and renamed over it only once the export has
//! succeeded. A failed export leaves what was there before, whether the output is a file or
//! a link to one (the link keeps pointing at the file it named, which is not cut short);
//! nothing that looks like a table but holds only part of the rows is ever left behind.
//! An output that is not a regular file (`/dev/null`, a pipe, a link to a device) is written
//! directly, as it cannot be renamed over, and is never removed. Where no temporary file
//! can be made beside the output (a directory the user may not write into, but a file in it
//! they may), or where the output belongs to someone else and the new file could not be
//! given to them (root may give it, no one else: the output stays its owner's, and in a
//! sticky directory such as /tmp could not be renamed over), the output is written in place
//! and removed if the export fails. An output with other hard links is replaced by a new file
//! (its other names keep the old table, whole), as `sed -i` and `rsync` replace theirs.
//!
//! An export ended by a signal (Ctrl-C, `kill`) leaves the output as it was and its
//! temporary file, `.NAME.XXXXXX.part` beside it, behind: the export is not whole, and a
//! hidden `.part` file says so; remove it.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

/// The outputs opened so far, and what to do with each at the end.
#[derive(Default)]
pub(crate) struct Outputs {
    /// Temporary files and the paths they become.
    staged: Vec<(tempfile::TempPath, PathBuf)>,
    /// Regular files written in place: removed if the export fails.
    in_place: Vec<PathBuf>,
}

impl Outputs {
    /// Opens `path` for writing, as the module says.
    pub(crate) fn create(&mut self, path: &Path) -> io::Result<File> {
        // Through links: a link to a file has the file replaced, and stays a link.
        let target = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let existing = match std::fs::metadata(&target) {
            Ok(m) if !m.is_file() => return File::create(path),
            Ok(m) => Some(m),
            // A link to nothing: `File::create` makes the file it names, as before.
            Err(_) if std::fs::symlink_metadata(path).is_ok() => return File::create(path),
            Err(_) => None,
        };
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let name = target
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let mut builder = tempfile::Builder::new();
        let prefix = format!(".{name}.");
        builder.prefix(&prefix).suffix(".part");
        // A new output gets the mode `File::create` would give it (0o666 less the umask);
        // one that exists keeps its own.
        #[cfg(unix)]
        let mode = {
            use std::os::unix::fs::PermissionsExt;
            std::fs::Permissions::from_mode(0o666)
        };
        #[cfg(unix)]
        builder.permissions(mode);
        match builder.tempfile_in(dir) {
            Ok(tmp) => {
                let (file, tmp_path) = tmp.into_parts();
                match existing {
                    Some(m) if !takes_owner(&file, &m) => {
                        // The output's owner could not be kept: written in place, as the
                        // renamed file would change hands (or, in a sticky directory such
                        // as /tmp, could not be renamed over the output at all).
                        drop(file);
                        drop(tmp_path);
                        self.in_place(path)
                    }
                    Some(m) => {
                        file.set_permissions(m.permissions())?;
                        self.staged.push((tmp_path, target));
                        Ok(file)
                    }
                    None => {
                        self.staged.push((tmp_path, target));
                        Ok(file)
                    }
                }
            }
            Err(_) => self.in_place(path),
        }
    }

    /// Opens `path` to be written in place, removed if the export fails.
    fn in_place(&mut self, path: &Path) -> io::Result<File> {
        let file = File::create(path)?;
        self.in_place.push(path.to_path_buf());
        Ok(file)
    }

    /// The export succeeded: each temporary file becomes its output.
    pub(crate) fn commit(self) -> io::Result<()> {
        for (tmp, target) in self.staged {
            tmp.persist(&target).map_err(|e| e.error)?;
        }
        Ok(())
    }

    /// The export failed: temporary files are removed, and so are outputs written in place.
    pub(crate) fn abandon(self) {
        drop(self.staged);
        for path in self.in_place {
            if std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_file()) {
                let _ = std::fs::remove_file(&path);
            }
        }
    }
}

/// Whether the temporary `file` has (or could be given) the owner and group of the existing
/// output `old`: root writing a user's file hands the new one back to that user; anyone
/// else cannot give a file away, and the output is written in place instead.
#[cfg(unix)]
fn takes_owner(file: &File, old: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    let Ok(new) = file.metadata() else {
        return false;
    };
    (new.uid(), new.gid()) == (old.uid(), old.gid())
        || std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid())).is_ok()
}

#[cfg(not(unix))]
fn takes_owner(_: &File, _: &std::fs::Metadata) -> bool {
    true
}
