//! The transposition table: fixed size, shared by all threads, lock-free, full 64-bit key check. It stores
//! only proven facts, so a lost or overwritten entry costs time, never correctness: the output does not depend
//! on its size or on the thread count.

use std::sync::atomic::{AtomicU64, Ordering};

/// One slot: the key XOR the data, and the data (the "lockless hashing" trick: a torn write fails the check).
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A table of facts keyed by 64-bit position keys (already salted by the caller with the search kind).
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} slots)", self.slots.len())
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
        let slots = (0..n).map(|_| Slot { check: AtomicU64::new(0), data: AtomicU64::new(0) }).collect();
        Table { slots, mask: n - 1 }
    }

    /// The data stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<u64> {
        let s = &self.slots[(key as usize) & self.mask];
        let data = s.data.load(Ordering::Relaxed);
        let check = s.check.load(Ordering::Relaxed);
        (check ^ data == key && data != 0).then_some(data)
    }

    /// Stores `data` (non-zero) for `key`, replacing what the slot held.
    #[inline]
    pub fn put(&self, key: u64, data: u64) {
        let s = &self.slots[(key as usize) & self.mask];
        s.data.store(data, Ordering::Relaxed);
        s.check.store(key ^ data, Ordering::Relaxed);
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
