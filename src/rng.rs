//! A seeded random number generator (SplitMix64), in the ground layer: the generators
//! (`generate`) play games with it, and the games' own unit tests steer play with it.
//!
//! ```
//! let mut rng = gamenote::generate::Rng::new(1);
//! assert!(rng.below(10) < 10);
//! ```

/// A small, fast, seedable random number generator (SplitMix64), so generated games are the
/// same on every machine for the same seed.
///
/// ```
/// use gamenote::generate::Rng;
/// let (mut a, mut b) = (Rng::new(7), Rng::new(7));
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(6) < 6);
/// assert_eq!(a.below(0), 0);
/// ```
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    ///
    /// ```
    /// use gamenote::generate::Rng;
    /// let (mut a, mut b, mut c) = (Rng::new(42), Rng::new(42), Rng::new(43));
    /// let first = a.next_u64();
    /// assert_eq!(first, b.next_u64()); // the same seed gives the same numbers
    /// assert_ne!(first, c.next_u64());
    /// ```
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }
    /// The next 64 random bits.
    ///
    /// ```
    /// use gamenote::generate::Rng;
    /// let mut rng = Rng::new(0);
    /// assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF); // SplitMix64's first value from 0
    /// assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number below `n` (0 when `n` is 0).
    ///
    /// ```
    /// use gamenote::generate::Rng;
    /// let mut rng = Rng::new(9);
    /// let rolls: Vec<usize> = (0..100).map(|_| rng.below(6)).collect();
    /// assert!(rolls.iter().all(|&r| r < 6));
    /// assert!((0..6).all(|face| rolls.contains(&face)));
    /// assert_eq!(rng.below(0), 0);
    /// ```
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
}
