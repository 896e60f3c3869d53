//! The transposition table: fixed size, shared by all threads, lock-free, full 64-bit key check. It stores
//! only proven facts, so a lost or overwritten entry costs time, never correctness: the output does not depend
//! on its size or on the thread count.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// A table of facts keyed by 64-bit position keys (already salted by the caller with the search kind).
pub struct Table {
    /// Two words a slot: the key XOR the data, then the data (the "lockless hashing" trick: a torn write fails
    /// the check). Allocated zeroed by the allocator, so that pages are only touched when first used.
    words: Vec<AtomicU64>,
    /// The slots in use less one: a power of two less one, from [`FIRST_SLOTS`] up to all of them. Random keys
    /// touch every page of the slots in use at once, and on the CI machine's kind a first touch of fresh
    /// memory is dear (BEISPIEL-madrasi_1 with all of the default 256 MB: 0.04 to 0.44 s in the kernel from one
    /// run to the next, against 0.01 s with 16 MB), so the table starts small and doubles as it fills: a
    /// problem solved in a few milliseconds touches one megabyte (BEISPIEL-intell_8, h#6: 50 ms of processor
    /// time with 32 MB at first, 44 ms with 1 MB).
    mask: AtomicUsize,
    /// All the slots less one.
    full: usize,
    /// Stores counted (one key in [`SAMPLE`]) since the slots in use last doubled; on a cache line of its own,
    /// so that counting does not take from the other threads the line every lookup reads.
    stores: Padded,
}

#[repr(align(64))]
struct Padded(AtomicU64);

/// The slots in use at first (1 MB).
const FIRST_SLOTS: usize = 1 << 16;

/// One store in `SAMPLE` is counted: those whose key's top `SAMPLE_BITS` bits are zero (independent of the slot,
/// and an estimate the threads share cheaply).
const SAMPLE_BITS: u32 = 6;
const SAMPLE: u64 = 1 << SAMPLE_BITS;

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} slots, {} in use)", self.words.len() / 2, self.slots_in_use())
    }
}

impl Table {
    /// A table of at most `megabytes` MB (at least 1024 slots; the slot count is a power of two), or why it
    /// cannot be had: a size beyond what the machine can address, or an allocation the system refuses.
    pub fn try_new(megabytes: usize) -> Result<Table, String> {
        let too_large = || format!("cannot allocate a transposition table of {megabytes} MB");
        let bytes = megabytes.max(1).checked_mul(1024 * 1024).ok_or_else(too_large)?;
        // The largest power of two of 16-byte slots that fits.
        let fit = (bytes / 16).max(1024);
        let slots = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        Table::with_slots(slots, FIRST_SLOTS).ok_or_else(too_large)
    }

    /// [`Table::try_new`] for tests and benchmarks, which choose small sizes: panics if the allocation fails.
    pub fn new(megabytes: usize) -> Table {
        Table::try_new(megabytes).expect("a small table")
    }

    /// A table of `slots` slots, `first` of them in use at first (both powers of two); `None` when the memory
    /// cannot be had.
    fn with_slots(slots: usize, first: usize) -> Option<Table> {
        let words = bytemuck::allocation::try_zeroed_vec(slots.checked_mul(2)?).ok()?;
        advise_huge_pages(&words);
        Some(Table { words, mask: AtomicUsize::new(slots.min(first) - 1), full: slots - 1, stores: Padded(AtomicU64::new(0)) })
    }

    /// The slots in use now.
    pub fn slots_in_use(&self) -> usize {
        self.mask.load(Ordering::Relaxed) + 1
    }

    /// The first word of `key`'s slot under the slots in use now (see [`Table::spread`] for when they double).
    #[inline]
    fn index(&self, key: u64) -> usize {
        2 * ((key as usize) & self.mask.load(Ordering::Relaxed))
    }

    /// The lengths proven to have no solution from the position of `key` (help and series play).
    #[inline]
    pub fn no_solution(&self, key: u64) -> NoSolution {
        NoSolution(self.get(key).unwrap_or(0))
    }

    /// Keeps that the position of `key` has no solution in `left` plies or moves (help and series play).
    #[inline]
    pub fn add_no_solution(&self, key: u64, left: u32) {
        self.add_bits(key, NoSolution::bit(left));
    }

    /// What is proven about battle play from the position of `key`, if anything.
    #[inline]
    pub fn bounds(&self, key: u64) -> Option<Bounds> {
        self.get(key).map(Bounds::decode)
    }

    /// Keeps what is proven about battle play from the position of `key`.
    #[inline]
    pub fn put_bounds(&self, key: u64, b: Bounds) {
        self.put(key, b.encode());
    }

    /// `exact-` battle play: won (`Some(true)`) or lost in exactly `n` moves from the position of `key`, if
    /// proven. A win in exactly `n` says nothing of other lengths: one entry per length (the key salted with it).
    #[inline]
    pub fn exact_verdict(&self, key: u64, n: u32) -> Option<bool> {
        self.get(key ^ exact_salt(n)).map(|d| d & 1 == 1)
    }

    /// Keeps that `exact-` battle play from the position of `key` is won (or lost) in exactly `n` moves.
    #[inline]
    pub fn put_exact(&self, key: u64, n: u32, won: bool) {
        self.put(key ^ exact_salt(n), won as u64 | 2);
    }

    /// The data stored for `key`, if any.
    #[inline]
    fn get(&self, key: u64) -> Option<u64> {
        let i = self.index(key);
        let data = self.words[i + 1].load(Ordering::Relaxed);
        let check = self.words[i].load(Ordering::Relaxed);
        (check ^ data == key && data != 0).then_some(data)
    }

    /// Stores `data` (non-zero) for `key`, replacing what the slot held.
    /// Asks the processor to fetch the slot of `key` into its cache, so that the misses of a node's children,
    /// fetched together before they are searched, overlap instead of coming one after the other (in help play
    /// most of the search's stalls were these misses). A hint only: nothing is read or written.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let slot = &self.words[self.index(key)];
        prefetch_line(slot);
    }

    #[inline]
    fn put(&self, key: u64, data: u64) {
        let i = self.index(key);
        self.words[i + 1].store(data, Ordering::Relaxed);
        self.words[i].store(key ^ data, Ordering::Relaxed);
        if key >> (64 - SAMPLE_BITS) == 0 {
            self.count_store();
        }
    }

    /// After the slots in use doubled from `old_mask + 1`: moves each entry whose key has the new bit to its
    /// slot in the new half, where lookups now go (the key is the XOR of the slot's two words). Other threads
    /// go on meanwhile; what they store in the new half may be overwritten, and a torn pair stays one that
    /// fails its check, so the worst is a fact not found.
    fn spread(&self, old_mask: usize) {
        let bit = old_mask + 1;
        for slot in 0..bit {
            let data = self.words[2 * slot + 1].load(Ordering::Relaxed);
            let check = self.words[2 * slot].load(Ordering::Relaxed);
            if data != 0 && (check ^ data) as usize & bit != 0 {
                let j = 2 * (slot | bit);
                self.words[j + 1].store(data, Ordering::Relaxed);
                self.words[j].store(check, Ordering::Relaxed);
            }
        }
    }

    /// Counts a sampled store; when the stores since the last doubling reach an eighth of the slots in use, the
    /// slots in use double and the thread that doubled them spreads the entries (a store racing with it lands
    /// in a slot of the old mask, which stays valid memory: a fact stored there is at worst not found).
    #[cold]
    fn count_store(&self) {
        let stores = self.stores.0.fetch_add(1, Ordering::Relaxed) + 1;
        let mask = self.mask.load(Ordering::Relaxed);
        if mask < self.full
            && stores * SAMPLE >= (mask as u64 + 1) / 8
            && self.mask.compare_exchange(mask, 2 * mask + 1, Ordering::Relaxed, Ordering::Relaxed).is_ok()
        {
            self.stores.0.store(0, Ordering::Relaxed);
            self.spread(mask);
        }
    }

    /// ORs bits into what is stored for `key` (a set of proven facts that only grows).
    #[inline]
    fn add_bits(&self, key: u64, bits: u64) {
        let old = self.get(key).unwrap_or(0);
        if old & bits != bits {
            self.put(key, old | bits);
        }
    }
}

/// The entry of a position in help and series play: the lengths left (plies or moves, 0 to 63) proven to have
/// no solution, as bits. A set that only grows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoSolution(u64);

impl NoSolution {
    /// The bit of `left` (lengths from 63 on share the last bit: they are never searched).
    #[inline]
    const fn bit(left: u32) -> u64 {
        1 << if left < 63 { left } else { 63 }
    }

    /// Whether `left` is proven to have no solution.
    #[inline]
    pub fn has(self, left: u32) -> bool {
        self.0 & Self::bit(left) != 0
    }
}

/// The entry of a position in direct, self and reflex play: the fewest moves proven to win and the most proven to
/// lose (stored as bits 0..8, 0xFF for none, and bits 8..16, 0 for none, with bit 16 marking a valid entry).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    won_at: u8,
    lost_at: u8,
}

impl Bounds {
    /// Nothing proven.
    pub const NONE: Bounds = Bounds { won_at: 0xFF, lost_at: 0 };

    /// Won (`Some(true)`) or lost (`Some(false)`) in `n` moves, if proven.
    #[inline]
    pub fn verdict(self, n: u32) -> Option<bool> {
        if self.won_at as u32 <= n {
            Some(true)
        } else if self.lost_at as u32 >= n {
            Some(false)
        } else {
            None
        }
    }

    /// The bounds with a win (or a loss) in `n` moves added (lengths from 254 on count as 254).
    #[inline]
    pub fn with(self, n: u32, won: bool) -> Bounds {
        let n = n.min(254) as u8;
        if won {
            Bounds { won_at: self.won_at.min(n), ..self }
        } else {
            Bounds { lost_at: self.lost_at.max(n), ..self }
        }
    }

    #[inline]
    fn encode(self) -> u64 {
        self.won_at as u64 | (self.lost_at as u64) << 8 | 1 << 16
    }

    #[inline]
    fn decode(data: u64) -> Bounds {
        Bounds { won_at: (data & 0xFF) as u8, lost_at: ((data >> 8) & 0xFF) as u8 }
    }
}

/// Asks the kernel to back the table with huge pages (Linux, transparent huge pages in `madvise` mode): a
/// search touches the table at random, and with 4 KiB pages every first touch is a page fault. Measured on the
/// CI machine's kind (2 cores, a VM): `stipula solve` of BEISPIEL-madrasi_1 with the default 256 MB table spent
/// 0.55 s in the kernel (65,536 faults) against 0.04 s with a 16 MB table; with huge pages the large table costs
/// no more than the small one. Only an advice: where it is refused, nothing changes but the speed.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn advise_huge_pages(words: &[AtomicU64]) {
    const PAGE: usize = 4096;
    let start = words.as_ptr() as usize;
    let end = start + std::mem::size_of_val(words);
    let aligned = (start + PAGE - 1) & !(PAGE - 1);
    if aligned < end {
        // SAFETY: madvise with MADV_HUGEPAGE neither reads nor writes the memory; it only advises the kernel on
        // how to back the page-aligned range, which lies inside the vector's allocation.
        unsafe {
            libc::madvise(aligned as *mut libc::c_void, end - aligned, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_words: &[AtomicU64]) {}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
#[inline]
fn prefetch_line(word: &AtomicU64) {
    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    // SAFETY: `_mm_prefetch` needs SSE, which every x86-64 processor has; it is a hint that neither reads nor
    // writes memory as far as the program can tell (no fault even on a bad address), and this address is a
    // live slot of the table.
    unsafe { _mm_prefetch::<_MM_HINT_T0>((word as *const AtomicU64).cast::<i8>()) }
}

#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn prefetch_line(_word: &AtomicU64) {}

/// Mixed into a key for a fact of `exact-` battle play at length `n`.
fn exact_salt(n: u32) -> u64 {
    (u64::from(n) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sizes the arithmetic once overflowed on (a loop that never ended) are refused, not panicked on.
    #[test]
    fn impossible_sizes_are_errors() {
        assert!(Table::try_new(usize::MAX).is_err());
        assert!(Table::try_new(usize::MAX / (1024 * 1024)).is_err());
        assert_eq!(Table::try_new(1).unwrap().words.len(), 2 * (1 << 16));
        assert_eq!(Table::try_new(3).unwrap().words.len(), 2 * (1 << 17), "rounded down to a power of two");
    }

    #[test]
    fn store_and_check() {
        let t = Table::new(1);
        t.put(42, 7);
        assert_eq!(t.get(42), Some(7));
        assert_eq!(t.get(42 + 1024 * 1024 * 64), None);
        t.add_bits(42, 8);
        assert_eq!(t.get(42), Some(15));
    }

    #[test]
    fn typed_entries() {
        let t = Table::new(1);
        assert!(!t.no_solution(5).has(3));
        t.add_no_solution(5, 3);
        t.add_no_solution(5, 70);
        assert!(t.no_solution(5).has(3) && t.no_solution(5).has(63) && !t.no_solution(5).has(2));
        assert_eq!(t.bounds(9), None);
        t.put_bounds(9, Bounds::NONE.with(4, true).with(2, false));
        let b = t.bounds(9).unwrap();
        assert_eq!((b.verdict(4), b.verdict(5), b.verdict(2), b.verdict(3)), (Some(true), Some(true), Some(false), None));
        assert_eq!(Bounds::NONE.with(300, false).verdict(254), Some(false));
    }

    /// A fresh table, whatever its size, uses one megabyte of slots: a small problem touches (and the kernel
    /// clears) no more memory than that.
    #[test]
    fn starts_with_one_megabyte() {
        for mb in [1, 16, 256] {
            let t = Table::new(mb);
            assert_eq!(t.slots_in_use() * 16, (mb << 20).min(1 << 20), "{mb} MB");
        }
    }

    /// When the slots in use double, every entry the old slots held is still found (moved to the new half where
    /// its key says), and the table never grows past its size.
    #[test]
    fn doubling_keeps_what_was_stored() {
        let t = Table::with_slots(1 << 12, 1 << 10).unwrap();
        let key = |i: u64| {
            let mut z = i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z ^ (z >> 31)
        };
        let mut last_in_slot = std::collections::HashMap::new();
        let mut i = 0;
        while t.slots_in_use() == 1 << 10 {
            assert!(i < 1 << 20, "the slots in use never doubled");
            last_in_slot.insert(key(i) as usize & ((1 << 10) - 1), i);
            t.put(key(i), i + 1);
            i += 1;
        }
        assert_eq!(t.slots_in_use(), 1 << 11);
        for &j in last_in_slot.values() {
            assert_eq!(t.get(key(j)), Some(j + 1), "entry {j} lost when the slots doubled");
        }
        for j in i..i + (1 << 22) {
            t.put(key(j), 1);
        }
        assert_eq!(t.slots_in_use(), 1 << 12);
    }
}
