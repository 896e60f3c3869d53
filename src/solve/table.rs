//! The transposition table: fixed size, shared by all threads, lock-free, full 64-bit key check. It stores
//! only proven facts, so a lost or overwritten entry costs time, never correctness: the output does not depend
//! on its size or on the thread count.

use std::sync::atomic::{AtomicU64, Ordering};

/// A table of facts keyed by 64-bit position keys (already salted by the caller with the search kind).
pub struct Table {
    /// Two words a slot: the key XOR the data, then the data (the "lockless hashing" trick: a torn write fails
    /// the check). Allocated zeroed by the allocator, so that pages are only touched when first used: a large
    /// table costs nothing at the start of a short solve.
    words: Vec<AtomicU64>,
    mask: usize,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} slots)", self.words.len() / 2)
    }
}

impl Table {
    /// A table of about `megabytes` MB (at least 1024 slots; the slot count is a power of two).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) * 1024 * 1024;
        let mut n = 1024usize;
        while n * 2 * 16 <= bytes {
            n *= 2;
        }
        let words = bytemuck::allocation::zeroed_vec(2 * n);
        advise_huge_pages(&words);
        Table { words, mask: n - 1 }
    }

    /// The data stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<u64> {
        let i = 2 * ((key as usize) & self.mask);
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
        let slot = &self.words[2 * ((key as usize) & self.mask)];
        prefetch_line(slot);
    }

    #[inline]
    pub fn put(&self, key: u64, data: u64) {
        let i = 2 * ((key as usize) & self.mask);
        self.words[i + 1].store(data, Ordering::Relaxed);
        self.words[i].store(key ^ data, Ordering::Relaxed);
    }

    /// ORs bits into what is stored for `key` (a set of proven facts that only grows).
    #[inline]
    pub fn add_bits(&self, key: u64, bits: u64) {
        let old = self.get(key).unwrap_or(0);
        if old & bits != bits {
            self.put(key, old | bits);
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_check() {
        let t = Table::new(1);
        t.put(42, 7);
        assert_eq!(t.get(42), Some(7));
        assert_eq!(t.get(42 + 1024 * 1024 * 64), None);
        t.add_bits(42, 8);
        assert_eq!(t.get(42), Some(15));
    }
}
