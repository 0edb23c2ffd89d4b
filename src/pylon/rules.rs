//! Pylon rule options: the board size and the no-suicide option.

use std::fmt;
use std::str::FromStr;

use crate::error::ValueError;

use super::coord::DEFAULT_SIZE;

/// Which piece must be free after a placement (rule 7 of `docs/pylon.md`).
///
/// ```
/// use gamenote::pylon::{Rules, Suicide};
/// assert_eq!(Suicide::default(), Suicide::Piece);
/// let r: Rules = "suicide=group".parse()?;
/// assert_eq!(r.suicide, Suicide::Group);
/// # Ok::<(), gamenote::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Suicide {
    /// The placed piece itself must be free (`suicide=piece`, the default; Browne's text).
    #[default]
    Piece,
    /// The placed piece's group must be free at its level (`suicide=group`, Go-like).
    Group,
}

/// Board size and options. The `[Rules]` tag holds the options (`standard,suicide=group`);
/// the size comes from the `[Size]` tag.
///
/// ```
/// use gamenote::pylon::{Rules, Suicide};
/// let r: Rules = "standard,suicide=group".parse()?;
/// assert_eq!((r.size, r.suicide), (6, Suicide::Group));
/// assert_eq!(r.to_string(), "standard,suicide=group");
/// assert_eq!(Rules::default().to_string(), "standard");
/// # Ok::<(), gamenote::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Rules {
    /// Board size n, 2–26.
    pub size: u8,
    /// The no-suicide option.
    pub suicide: Suicide,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            size: DEFAULT_SIZE,
            suicide: Suicide::Piece,
        }
    }
}

impl Rules {
    /// The rules with board size `n` (not checked) and the suicide option `suicide`.
    ///
    /// ```
    /// use gamenote::pylon::{Rules, Suicide};
    /// assert_eq!(Rules::new(3, Suicide::Group).to_string(), "standard,suicide=group");
    /// ```
    pub const fn new(size: u8, suicide: Suicide) -> Self {
        Rules { size, suicide }
    }

    /// The default rules on a board of size `n` (not checked).
    ///
    /// ```
    /// use gamenote::pylon::{Rules, Suicide};
    /// let r = Rules::with_size(4);
    /// assert_eq!((r.size, r.suicide), (4, Suicide::Piece));
    /// assert_eq!(r, Rules::new(4, Suicide::Piece));
    /// ```
    pub fn with_size(n: u8) -> Self {
        Rules {
            size: n,
            ..Rules::default()
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("standard")?;
        if self.suicide == Suicide::Group {
            f.write_str(",suicide=group")?;
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = ValueError;
    /// Reads `standard`, `standard,suicide=piece|group` or the options alone. The size stays
    /// the default; it is read from the `[Size]` tag.
    fn from_str(s: &str) -> Result<Self, ValueError> {
        let mut rules = Rules::default();
        let mut seen_suicide = false;
        for (k, item) in s.split(',').map(str::trim).enumerate() {
            match item {
                "standard" if k == 0 => {}
                "suicide=piece" | "suicide=group" if seen_suicide => {
                    return Err(ValueError::new(format!(
                        "the Pylon rule option suicide is given twice in \"{s}\""
                    )));
                }
                "suicide=piece" | "suicide=group" if !seen_suicide => {
                    seen_suicide = true;
                    rules.suicide = if item.ends_with("group") {
                        Suicide::Group
                    } else {
                        Suicide::Piece
                    };
                }
                _ => {
                    return Err(ValueError::new(format!(
                        "unknown Pylon rules \"{s}\": expected standard, \
                         standard,suicide=piece or standard,suicide=group"
                    )));
                }
            }
        }
        Ok(rules)
    }
}
