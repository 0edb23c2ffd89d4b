//! GIPF rule sets: the variant and the options of the spec's R11, written as in `[Rules]`.

use std::fmt;
use std::str::FromStr;

use crate::error::ValueError;

/// The three games of the rulebook.
///
/// ```
/// use gamenote::gipf::Variant;
/// assert_eq!(" Tournament ".parse::<Variant>()?, Variant::Tournament);
/// assert_eq!(Variant::default(), Variant::Standard);
/// assert_eq!(Variant::Basic.to_string(), "basic");
/// let err = "blitz".parse::<Variant>().unwrap_err();
/// assert_eq!(err.message, "unknown GIPF variant \"blitz\" (expected basic, standard or tournament)");
/// # Ok::<(), gamenote::ValueError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Variant {
    /// Three basic pieces each on the board, 12 in reserve, no GIPF-pieces.
    Basic,
    /// Three GIPF-pieces each on the board, 12 in reserve.
    #[default]
    Standard,
    /// An empty board, 18 in reserve; GIPF-pieces are brought in at the start.
    Tournament,
}

/// Who wins when both players have lost their last GIPF-piece (spec R11).
///
/// ```
/// use gamenote::gipf::{LastGipf, Rules};
/// assert_eq!("white-loses".parse::<LastGipf>()?, LastGipf::WhiteLoses);
/// assert_eq!(LastGipf::ToMoveWins.to_string(), "to-move-wins");
/// assert_eq!(Rules::default().last_gipf, LastGipf::First);
/// assert!("never".parse::<LastGipf>().unwrap_err().message.contains("expected first, white-loses or to-move-wins"));
/// # Ok::<(), gamenote::ValueError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LastGipf {
    /// A player who removed both last GIPF-pieces in one phase wins; otherwise whoever lost
    /// his last one earlier loses.
    #[default]
    First,
    /// White loses (GF1).
    WhiteLoses,
    /// The player to move wins (boardspace.net).
    ToMoveWins,
}

/// A GIPF rule set: `standard`, `tournament,last-gipf=white-loses`, ….
///
/// ```
/// use gamenote::gipf::{Rules, Variant};
/// let r: Rules = "tournament,last-gipf=to-move-wins".parse().unwrap();
/// assert_eq!(r.variant, Variant::Tournament);
/// assert_eq!(r.to_string(), "tournament,last-gipf=to-move-wins");
/// assert!("blitz".parse::<Rules>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct Rules {
    /// The game played.
    pub variant: Variant,
    /// The rule when both last GIPF-pieces are gone.
    pub last_gipf: LastGipf,
}

impl Rules {
    /// The rules of `variant` with default options.
    ///
    /// ```
    /// use gamenote::gipf::{LastGipf, Rules, Variant};
    /// let r = Rules::new(Variant::Tournament);
    /// assert_eq!((r.variant, r.last_gipf), (Variant::Tournament, LastGipf::First));
    /// assert_eq!(r.to_string(), "tournament");
    /// assert_eq!("tournament".parse::<Rules>()?, r);
    /// # Ok::<(), gamenote::ValueError>(())
    /// ```
    pub const fn new(variant: Variant) -> Rules {
        Rules {
            variant,
            last_gipf: LastGipf::First,
        }
    }

    /// The same rules with the last-GIPF rule `rule`.
    ///
    /// ```
    /// use gamenote::gipf::{LastGipf, Rules, Variant};
    /// let r = Rules::new(Variant::Basic).with_last_gipf(LastGipf::ToMoveWins);
    /// assert_eq!(r.to_string(), "basic,last-gipf=to-move-wins");
    /// ```
    pub const fn with_last_gipf(self, rule: LastGipf) -> Rules {
        Rules {
            last_gipf: rule,
            ..self
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Variant::Basic => "basic",
            Variant::Standard => "standard",
            Variant::Tournament => "tournament",
        })
    }
}

impl FromStr for Variant {
    type Err = ValueError;
    fn from_str(s: &str) -> Result<Self, ValueError> {
        let s = s.trim();
        // Read once per record: compared in place, lowercased only for the error.
        for (name, v) in [
            ("basic", Variant::Basic),
            ("standard", Variant::Standard),
            ("tournament", Variant::Tournament),
        ] {
            if s.eq_ignore_ascii_case(name) {
                return Ok(v);
            }
        }
        Err(ValueError::new(format!(
            "unknown GIPF variant \"{}\" (expected basic, standard or tournament)",
            s.to_ascii_lowercase()
        )))
    }
}

impl fmt::Display for LastGipf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LastGipf::First => "first",
            LastGipf::WhiteLoses => "white-loses",
            LastGipf::ToMoveWins => "to-move-wins",
        })
    }
}

impl FromStr for LastGipf {
    type Err = ValueError;
    fn from_str(s: &str) -> Result<Self, ValueError> {
        match s.trim() {
            "first" => Ok(LastGipf::First),
            "white-loses" => Ok(LastGipf::WhiteLoses),
            "to-move-wins" => Ok(LastGipf::ToMoveWins),
            other => Err(ValueError::new(format!(
                "unknown last-gipf rule \"{other}\" (expected first, white-loses or to-move-wins)"
            ))),
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.variant)?;
        if self.last_gipf != LastGipf::First {
            write!(f, ",last-gipf={}", self.last_gipf)?;
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = ValueError;
    fn from_str(s: &str) -> Result<Self, ValueError> {
        let mut parts = s.split(',');
        let variant: Variant = parts.next().unwrap_or("").parse()?;
        let mut r = Rules::new(variant);
        let mut seen: Option<&str> = None;
        for opt in parts {
            let opt = opt.trim();
            match opt.split_once('=') {
                Some(("last-gipf", v)) => {
                    if let Some(first) = seen {
                        return Err(ValueError::new(format!(
                            "the GIPF rule option last-gipf is given twice ({first}, then {opt})"
                        )));
                    }
                    seen = Some(opt);
                    r.last_gipf = v.parse()?;
                }
                _ => {
                    return Err(ValueError::new(format!(
                        "unknown GIPF rule option \"{opt}\" (expected last-gipf=first|white-loses|to-move-wins)"
                    )));
                }
            }
        }
        Ok(r)
    }
}
