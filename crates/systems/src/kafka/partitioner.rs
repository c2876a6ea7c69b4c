//! Which partition a record goes to: a keyed record by Kafka's murmur2 of its key, an unkeyed
//! one by the producer's sticky partitioner (kafka-clients 3.3+ `BuiltInPartitioner`, KIP-794),
//! which keeps sending to one partition until a batch's worth of bytes has gone there, then
//! picks another at random.

use crate::engine::rng::SimRng;

/// The producer's `batch.size` default, in bytes (kafka-clients 3.8 ProducerConfig.java:383).
pub const DEFAULT_BATCH_SIZE_BYTES: u32 = 16_384;

/// Kafka's default partitioner hash (murmur2, seed 0x9747b28c), as `Utils.murmur2` computes it.
pub fn murmur2(data: &[u8]) -> i32 {
    const M: u32 = 0x5bd1_e995;
    let mut h: u32 = 0x9747_b28c ^ data.len() as u32;
    let mut chunks = data.chunks_exact(4);
    for c in &mut chunks {
        let mut k = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        k = k.wrapping_mul(M);
        k ^= k >> 24;
        k = k.wrapping_mul(M);
        h = h.wrapping_mul(M) ^ k;
    }
    let rest = chunks.remainder();
    if rest.len() >= 3 {
        h ^= (rest[2] as u32) << 16;
    }
    if rest.len() >= 2 {
        h ^= (rest[1] as u32) << 8;
    }
    if !rest.is_empty() {
        h ^= rest[0] as u32;
        h = h.wrapping_mul(M);
    }
    h ^= h >> 13;
    h = h.wrapping_mul(M);
    h ^= h >> 15;
    h as i32
}

/// The partition of a record with `key` among `partitions`: `toPositive(murmur2) % n`
/// (BuiltInPartitioner.java:327-329).
pub fn partition_of(key: &str, partitions: u32) -> u32 {
    ((murmur2(key.as_bytes()) & 0x7fff_ffff) as u32) % partitions.max(1)
}

/// One producer's sticky partition for one topic.
///
/// BuiltInPartitioner.java:141-153 picks a partition when there is none; :175-226 counts the
/// bytes produced to it and switches once they reach `batch.size` (and the batch is ready,
/// which the next send finds when the records are sparse: RecordAccumulator.java:240-262);
/// :68-114 picks the next one uniformly (the adaptive, load-weighted choice has nothing to
/// weigh when every partition's queue is equally empty, :289-295).
#[derive(Debug, Clone)]
pub struct Sticky {
    partition: Option<u32>,
    produced_bytes: u64,
    rng: SimRng,
}

impl Sticky {
    /// A producer that has not sent to the topic yet; `seed` draws its partitions.
    pub fn new(seed: u64) -> Sticky {
        Sticky { partition: None, produced_bytes: 0, rng: SimRng::new(seed) }
    }

    /// The partition of the next unkeyed record of `record_bytes` among `partitions`.
    pub fn next(&mut self, partitions: u32, record_bytes: u32, batch_size_bytes: u32) -> u32 {
        let n = partitions.max(1) as u64;
        let current = match self.partition {
            Some(p) if self.produced_bytes < batch_size_bytes.max(1) as u64 && (p as u64) < n => p,
            _ => {
                self.produced_bytes = 0;
                self.rng.below(n) as u32
            }
        };
        self.partition = Some(current);
        self.produced_bytes += record_bytes as u64;
        current
    }
}
