//! Sleeve secrets sealed at rest: each sleeve's JSON is encrypted (XChaCha20-Poly1305, a fresh
//! random nonce per row, the game id and sleeve number bound in as associated data) with a key
//! kept in a file beside the database (`<database>.sleeve-key`), never inside it. The database,
//! its WAL and any backup made of it hold only ciphertext. See ARCHITECTURE.md for what this
//! protects against and what it does not.

use std::io::Write;
use std::path::{Path, PathBuf};

use chacha20poly1305::aead::{Aead, AeadCore, KeyInit, OsRng, Payload};
use chacha20poly1305::{Key, XChaCha20Poly1305, XNonce};

use crate::StoreError;

/// Marks a sealed value (and its format version).
const PREFIX: &str = "xc1:";
const NONCE: usize = 24;

#[derive(Clone)]
pub(crate) struct SleeveKey(Key);

impl std::fmt::Debug for SleeveKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SleeveKey(..)")
    }
}

/// Where the key of the database at `db` lives.
pub fn key_path(db: &Path) -> PathBuf {
    let mut name = db.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".sleeve-key");
    db.with_file_name(name)
}

fn unwritable(path: &Path, e: impl std::fmt::Display) -> StoreError {
    StoreError::Unwritable {
        path: path.to_path_buf(),
        detail: format!("the sleeve key file: {e}"),
    }
}

impl SleeveKey {
    /// Reads the key beside the database, or makes one (readable by this user only) when
    /// `may_create` (no sealed sleeve exists yet).
    pub(crate) fn load(db: &Path, may_create: bool) -> Result<SleeveKey, StoreError> {
        let path = key_path(db);
        match std::fs::read(&path) {
            Ok(bytes) if bytes.len() == 32 => {
                let mut k = [0u8; 32];
                k.copy_from_slice(&bytes);
                Ok(SleeveKey(Key::from(k)))
            }
            Ok(_) => Err(StoreError::Corrupt {
                path: path.clone(),
                detail: "the sleeve key file is not 32 bytes long".into(),
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && may_create => {
                let key = XChaCha20Poly1305::generate_key(&mut OsRng);
                let mut opts = std::fs::OpenOptions::new();
                opts.write(true).create_new(true);
                #[cfg(unix)]
                std::os::unix::fs::OpenOptionsExt::mode(&mut opts, 0o600);
                let mut f = opts.open(&path).map_err(|e| unwritable(&path, e))?;
                f.write_all(&key[..])
                    .and_then(|_| f.sync_all())
                    .map_err(|e| unwritable(&path, e))?;
                Ok(SleeveKey(key))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(StoreError::Corrupt {
                path,
                detail: "the sleeve key file is missing, so the sleeves of saved Pan's Island games cannot be read".into(),
            }),
            Err(e) => Err(unwritable(&path, e)),
        }
    }

    fn aad(game_id: i64, secret: i64) -> String {
        format!("neverland sleeve {game_id}/{secret}")
    }

    /// The sealed text stored for a sleeve's JSON.
    pub(crate) fn seal(&self, game_id: i64, secret: i64, plain: &str) -> String {
        let cipher = XChaCha20Poly1305::new(&self.0);
        let nonce = XChaCha20Poly1305::generate_nonce(&mut OsRng);
        let aad = SleeveKey::aad(game_id, secret);
        let sealed = cipher
            .encrypt(
                &nonce,
                Payload {
                    msg: plain.as_bytes(),
                    aad: aad.as_bytes(),
                },
            )
            .expect("encrypting a short text in memory does not fail");
        let mut out = String::with_capacity(PREFIX.len() + 2 * (NONCE + sealed.len()));
        out.push_str(PREFIX);
        for b in nonce.iter().chain(sealed.iter()) {
            out.push_str(&format!("{b:02x}"));
        }
        out
    }

    /// The sleeve's JSON text back; a value stored before sealing existed is returned as it is.
    pub(crate) fn open(&self, game_id: i64, secret: i64, text: &str) -> Result<String, String> {
        let Some(hex) = text.strip_prefix(PREFIX) else {
            return Ok(text.to_owned());
        };
        let bytes = (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(hex.get(i..i + 2).unwrap_or("zz"), 16))
            .collect::<Result<Vec<u8>, _>>()
            .map_err(|_| "a sealed sleeve is damaged".to_string())?;
        if bytes.len() < NONCE {
            return Err("a sealed sleeve is too short".into());
        }
        let (nonce, body) = bytes.split_at(NONCE);
        let mut n = [0u8; NONCE];
        n.copy_from_slice(nonce);
        let aad = SleeveKey::aad(game_id, secret);
        let plain = XChaCha20Poly1305::new(&self.0)
            .decrypt(
                &XNonce::from(n),
                Payload {
                    msg: body,
                    aad: aad.as_bytes(),
                },
            )
            .map_err(|_| {
                "a sleeve cannot be opened with the sleeve key file beside the database".to_string()
            })?;
        String::from_utf8(plain).map_err(|_| "a sealed sleeve is not text".into())
    }

    pub(crate) fn is_sealed(text: &str) -> bool {
        text.starts_with(PREFIX)
    }
}
