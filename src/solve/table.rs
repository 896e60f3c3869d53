//! The transposition table: fixed size, shared by all threads, lock-free, full 64-bit key check. It stores
//! only proven facts, so a lost or overwritten entry costs time, never correctness: the output does not depend
//! on its size or on the thread count.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// A table of facts keyed by 64-bit position keys (already salted by the caller with the search kind).
///
/// Slots come in buckets of four on one cache line (a lookup costs one memory fetch): a fact is stored over the
/// same key's, else in an empty slot, else over the bucket's fact of the fewest moves or plies (the cheapest to
/// prove again; the last such slot). Measured on BEISPIEL-ep_11 (`s#6`, one thread): with one slot a key, always
/// replaced, the search asked whether White's last move could force mate 47 M times with a 64 MB table and
/// 34 M with 256 MB; with the buckets 30 M with either, the facts of longer lengths no longer pushed out by the
/// millions of last-move facts (user time 32 s -> 22 s at 64 MB, 24 s -> 20 s at 256 MB, a loaded machine).
pub struct Table {
    /// Two words a slot: the key XOR the data with the fact's length in the low byte, then the data (the
    /// "lockless hashing" trick: a torn write fails the check). The key's low byte is checked by the bucket
    /// index (at least 256 buckets), the rest by the first word. Allocated zeroed by the allocator, so that
    /// pages are only touched when first used; `base` words in, the buckets start on a cache line.
    words: Vec<AtomicU64>,
    base: usize,
    /// The buckets in use less one: a power of two less one, from [`FIRST_SLOTS`] / 2 up to all of them. Random
    /// keys touch every page of the buckets in use at once, and on the CI machine's kind a first touch of fresh
    /// memory is dear (BEISPIEL-madrasi_1 with all of the default 256 MB: 0.04 to 0.44 s in the kernel from one
    /// run to the next, against 0.01 s with 16 MB), so the table starts small and doubles as it fills: a
    /// problem solved in a few milliseconds touches one megabyte (BEISPIEL-intell_8, h#6: 50 ms of processor
    /// time with 32 MB at first, 44 ms with 1 MB).
    mask: AtomicUsize,
    /// All the buckets less one.
    full: usize,
    /// Stores counted (one key in [`SAMPLE`]) since the buckets in use last doubled; on a cache line of its own,
    /// so that counting does not take from the other threads the line every lookup reads.
    stores: Padded,
}

#[repr(align(64))]
struct Padded(AtomicU64);

/// The slots in use at first (1 MB).
const FIRST_SLOTS: usize = 1 << 16;

/// The bits of a move hint beside bounds.
const HINT_MASK: u32 = (1 << 25) - 1;

/// Slots a bucket.
const WAYS: usize = 4;

/// The low byte of a slot's first word: the length of its fact.
const LENGTH_BITS: u64 = 0xFF;

/// One store in `SAMPLE` is counted: those whose key's top `SAMPLE_BITS` bits are zero (independent of the slot,
/// and an estimate the threads share cheaply).
const SAMPLE_BITS: u32 = 6;
const SAMPLE: u64 = 1 << SAMPLE_BITS;

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} slots, {} in use)", self.slots(), self.slots_in_use())
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

    /// A table of `slots` slots, `first` of them in use at first (both powers of two, at least 512); `None` when
    /// the memory cannot be had.
    fn with_slots(slots: usize, first: usize) -> Option<Table> {
        // A cache line more, to start the buckets on one.
        let words: Vec<AtomicU64> = bytemuck::allocation::try_zeroed_vec(slots.checked_mul(2)?.checked_add(8)?).ok()?;
        let base = (words.as_ptr() as usize).wrapping_neg() % 64 / 8;
        advise_huge_pages(&words);
        let buckets = slots / WAYS;
        debug_assert!(first / WAYS >= 256, "the bucket index checks the key's low byte");
        Some(Table {
            words,
            base,
            mask: AtomicUsize::new(buckets.min(first / WAYS) - 1),
            full: buckets - 1,
            stores: Padded(AtomicU64::new(0)),
        })
    }

    /// All the slots.
    pub fn slots(&self) -> usize {
        (self.full + 1) * WAYS
    }

    /// The slots in use now.
    pub fn slots_in_use(&self) -> usize {
        (self.mask.load(Ordering::Relaxed) + 1) * WAYS
    }

    /// The first word of `key`'s bucket under the buckets in use now (see [`Table::spread`] for when they
    /// double).
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        self.base + 2 * WAYS * ((key as usize) & self.mask.load(Ordering::Relaxed))
    }

    /// The lengths proven to have no solution from the position of `key` (help and series play).
    #[inline]
    pub fn no_solution(&self, key: u64) -> NoSolution {
        NoSolution(self.get(key).unwrap_or(0))
    }

    /// Keeps that the position of `key` has no solution in `left` plies or moves (help and series play).
    #[inline]
    pub fn add_no_solution(&self, key: u64, left: u32) {
        let bit = NoSolution::bit(left);
        let old = self.get(key).unwrap_or(0);
        if old & bit != bit {
            let data = old | bit;
            self.put(key, data, u64::from(63 - data.leading_zeros()));
        }
    }

    /// What is proven about battle play from the position of `key`, if anything.
    #[inline]
    pub fn bounds(&self, key: u64) -> Option<Bounds> {
        self.get(key).map(Bounds::decode)
    }

    /// Keeps what is proven about battle play from the position of `key`.
    #[inline]
    pub fn put_bounds(&self, key: u64, b: Bounds) {
        let won = if b.won_at == 0xFF { 0 } else { b.won_at };
        self.put(key, b.encode(), u64::from(won.max(b.lost_at)));
    }

    /// [`Table::bounds`] with the move hint kept beside them ([`Table::put_bounds_hint`]; 0 for none).
    #[inline]
    pub fn bounds_hint(&self, key: u64) -> Option<(Bounds, u32)> {
        self.get(key).map(|d| (Bounds::decode(d), (d >> 24) as u32 & HINT_MASK))
    }

    /// [`Table::put_bounds`] with a move hint of at most 25 bits beside the bounds: a move that settled the
    /// position before, which the search tries first. Only an order: no answer depends on it.
    #[inline]
    pub fn put_bounds_hint(&self, key: u64, b: Bounds, hint: u32) {
        let won = if b.won_at == 0xFF { 0 } else { b.won_at };
        self.put(key, b.encode() | u64::from(hint & HINT_MASK) << 24, u64::from(won.max(b.lost_at)));
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
        self.put(key ^ exact_salt(n), won as u64 | 2, u64::from(n));
    }

    /// Whether the slot whose words are `check` and `data` holds a fact of `key`.
    #[inline]
    fn holds(check: u64, data: u64, key: u64) -> bool {
        data != 0 && (check ^ data ^ key) & !LENGTH_BITS == 0
    }

    /// The data stored for `key`, if any.
    #[inline]
    fn get(&self, key: u64) -> Option<u64> {
        let b = self.bucket(key);
        (0..WAYS).find_map(|j| {
            let data = self.words[b + 2 * j + 1].load(Ordering::Relaxed);
            let check = self.words[b + 2 * j].load(Ordering::Relaxed);
            Self::holds(check, data, key).then_some(data)
        })
    }

    /// Asks the processor to fetch the bucket of `key` into its cache, so that the misses of a node's children,
    /// fetched together before they are searched, overlap instead of coming one after the other (in help play
    /// most of the search's stalls were these misses). A hint only: nothing is read or written.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch_line(&self.words[self.bucket(key)]);
    }

    /// Stores `data` (non-zero), a fact of `length` moves or plies, for `key`: over the same key's slot, else in
    /// an empty one, else over the slot of the shorter length (the second on a tie).
    #[inline]
    fn put(&self, key: u64, data: u64, length: u64) {
        let b = self.bucket(key);
        // The key's own slot wherever it stands in the bucket (a slot emptied by `spread` may come before it),
        // else the first empty slot, else the last of the shortest facts.
        let (mut same, mut empty, mut shortest) = (None, None, (0, u64::MAX));
        for i in 0..WAYS {
            let check = self.words[b + 2 * i].load(Ordering::Relaxed);
            let data = self.words[b + 2 * i + 1].load(Ordering::Relaxed);
            if Self::holds(check, data, key) {
                same = Some(i);
                break;
            }
            if data == 0 {
                empty = empty.or(Some(i));
            } else if check & LENGTH_BITS <= shortest.1 {
                shortest = (i, check & LENGTH_BITS);
            }
        }
        let j = same.or(empty).unwrap_or(shortest.0);
        self.words[b + 2 * j + 1].store(data, Ordering::Relaxed);
        self.words[b + 2 * j].store(((key ^ data) & !LENGTH_BITS) | length.min(LENGTH_BITS), Ordering::Relaxed);
        if key >> (64 - SAMPLE_BITS) == 0 {
            self.count_store();
        }
    }

    /// After the buckets in use doubled from `old_mask + 1`: moves each entry whose key has the new bit to its
    /// bucket in the new half, where lookups now go (the key, but for its low byte, is the XOR of the slot's two
    /// words; the new bit is above that byte). Other threads go on meanwhile; what they store in the new half
    /// may be overwritten, and a torn pair stays one that fails its check, so the worst is a fact not found.
    fn spread(&self, old_mask: usize) {
        let bit = old_mask + 1;
        for bucket in 0..bit {
            for j in 0..WAYS {
                let at = self.base + 2 * WAYS * bucket + 2 * j;
                let data = self.words[at + 1].load(Ordering::Relaxed);
                let check = self.words[at].load(Ordering::Relaxed);
                if data != 0 && (check ^ data) as usize & bit != 0 {
                    let to = at + 2 * WAYS * bit;
                    self.words[to + 1].store(data, Ordering::Relaxed);
                    self.words[to].store(check, Ordering::Relaxed);
                    // The old slot is free again for the keys that stay.
                    self.words[at + 1].store(0, Ordering::Relaxed);
                    self.words[at].store(0, Ordering::Relaxed);
                }
            }
        }
    }

    /// Counts a sampled store; when the stores since the last doubling reach an eighth of the slots in use, the
    /// buckets in use double and the thread that doubled them spreads the entries (a store racing with it lands
    /// in a bucket of the old mask, which stays valid memory: a fact stored there is at worst not found).
    #[cold]
    fn count_store(&self) {
        let stores = self.stores.0.fetch_add(1, Ordering::Relaxed) + 1;
        let mask = self.mask.load(Ordering::Relaxed);
        if mask < self.full
            && stores * SAMPLE >= ((mask as u64 + 1) * WAYS as u64) / 8
            && self.mask.compare_exchange(mask, 2 * mask + 1, Ordering::Relaxed, Ordering::Relaxed).is_ok()
        {
            self.stores.0.store(0, Ordering::Relaxed);
            self.spread(mask);
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
        assert_eq!(Table::try_new(1).unwrap().slots(), 1 << 16);
        assert_eq!(Table::try_new(3).unwrap().slots(), 1 << 17, "rounded down to a power of two");
    }

    #[test]
    fn store_and_check() {
        let t = Table::new(1);
        t.put(42, 7, 1);
        assert_eq!(t.get(42), Some(7));
        assert_eq!(t.get(42 + 1024 * 1024 * 64), None);
        assert_eq!(t.get(42 ^ 1 << 40), None, "a key differing above the bucket index");
        t.put(42, 15, 1);
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
        assert_eq!(
            (b.verdict(4), b.verdict(5), b.verdict(2), b.verdict(3)),
            (Some(true), Some(true), Some(false), None)
        );
        assert_eq!(Bounds::NONE.with(300, false).verdict(254), Some(false));
    }

    /// A fact of a longer length stays in its bucket while facts of shorter lengths come and go beside it (the
    /// last of them found too), and a fact stored again for its key replaces the old one in place.
    #[test]
    fn longer_facts_stay() {
        let t = Table::with_slots(1 << 10, 1 << 10).unwrap();
        let long = 0x1234_5678_9ABC_0042_u64;
        t.put(long, 5, 4);
        for i in 1..100u64 {
            // The same bucket (low bits), different keys.
            t.put(long ^ (i << 20), i, 1);
            assert_eq!(t.get(long ^ (i << 20)), Some(i));
        }
        assert_eq!(t.get(long), Some(5));
        t.put(long, 6, 4);
        assert_eq!(t.get(long), Some(6));

        // Longer facts push out the shorter ones first, then the fact of four moves, the shortest left.
        let others: Vec<u64> = (0..WAYS as u64 - 1).map(|i| long ^ ((200 + i) << 20)).collect();
        for &k in &others {
            t.put(k, k, 9);
        }
        assert_eq!(t.get(long), Some(6));
        t.put(long ^ (300 << 20), 300, 1);
        assert_eq!(t.get(long), None, "the shortest fact gives way");
        assert!(others.iter().all(|&k| t.get(k) == Some(k)));
    }

    /// A fact stored again goes to its key's slot even when an empty slot (one `spread` moved away) comes before
    /// it in the bucket: one slot per key.
    #[test]
    fn a_key_keeps_one_slot() {
        let t = Table::with_slots(1 << 10, 1 << 10).unwrap();
        let keys: Vec<u64> = (0..WAYS as u64).map(|i| 0x42 ^ (i << 20)).collect();
        for &k in &keys {
            t.put(k, 1, 1);
        }
        let b = t.bucket(keys[0]);
        t.words[b].store(0, Ordering::Relaxed);
        t.words[b + 1].store(0, Ordering::Relaxed);
        t.put(keys[WAYS - 1], 2, 1);
        let holding = (0..WAYS)
            .filter(|&j| {
                Table::holds(
                    t.words[b + 2 * j].load(Ordering::Relaxed),
                    t.words[b + 2 * j + 1].load(Ordering::Relaxed),
                    keys[WAYS - 1],
                )
            })
            .count();
        assert_eq!((holding, t.get(keys[WAYS - 1])), (1, Some(2)));
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
            last_in_slot.insert(key(i) as usize & ((1 << 9) - 1), i);
            t.put(key(i), i + 1, 1);
            i += 1;
        }
        assert_eq!(t.slots_in_use(), 1 << 11);
        for &j in last_in_slot.values() {
            assert_eq!(t.get(key(j)), Some(j + 1), "entry {j} lost when the slots doubled");
        }
        for j in i..i + (1 << 22) {
            t.put(key(j), 1, 1);
        }
        assert_eq!(t.slots_in_use(), 1 << 12);
    }
}
