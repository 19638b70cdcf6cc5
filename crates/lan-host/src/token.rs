//! Secrets of the host: device tokens, claim codes and join secrets. Each is 256 bits from the
//! operating system's random source (never the games' seeded stream); only a token's SHA-256 is
//! stored, and every comparison runs in constant time.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::error::LanError;

/// 32 random bytes as 64 hex digits.
pub fn fresh() -> Result<String, LanError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| LanError::internal(format!("the system's random source failed: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// What the store keeps of a token.
pub fn hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// Equal, in time that does not depend on where they differ.
pub fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && bool::from(a.ct_eq(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_fresh_and_hashed() {
        let a = fresh().unwrap();
        let b = fresh().unwrap();
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert!(same(&hash(&a), &hash(&a)));
        assert!(!same(&hash(&a), &hash(&b)));
        assert!(!same(b"abc", b"ab"));
    }
}
