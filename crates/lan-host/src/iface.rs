//! Where the host may listen: an address of this machine on the local network (or loopback),
//! never the unspecified address and never a public one.

use std::net::IpAddr;

use serde::Serialize;
use ts_rs::TS;

use crate::error::LanError;

/// An address the host may listen on, as the invite screen lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct LanInterface {
    pub name: String,
    pub address: String,
    /// The interface with the default route (the one chosen when the host chooses none).
    pub default: bool,
}

/// The choices with the default marked, for the invite screen.
pub fn interfaces() -> Vec<LanInterface> {
    let default = default_address();
    choices()
        .into_iter()
        .map(|(name, ip)| LanInterface {
            name,
            address: ip.to_string(),
            default: Some(ip) == default,
        })
        .collect()
}

/// The address of the interface with the default route, if the system has one.
pub fn default_address() -> Option<IpAddr> {
    local_ip_address::local_ip().ok()
}

/// Every address of this machine the host may listen on, with its interface's name.
pub fn choices() -> Vec<(String, IpAddr)> {
    local_ip_address::list_afinet_netifas()
        .unwrap_or_default()
        .into_iter()
        .filter(|(_, ip)| allowed(*ip).is_ok())
        .collect()
}

/// Loopback, a private IPv4 range, link-local, or an IPv6 unique-local address.
pub fn allowed(ip: IpAddr) -> Result<(), LanError> {
    let ok = match ip {
        IpAddr::V4(v4) => v4.is_loopback() || v4.is_private() || v4.is_link_local(),
        IpAddr::V6(v6) => {
            v6.is_loopback()
                || (v6.segments()[0] & 0xfe00) == 0xfc00
                || (v6.segments()[0] & 0xffc0) == 0xfe80
        }
    };
    if ok {
        Ok(())
    } else {
        Err(LanError::bad_request(format!(
            "{ip} is not an address of a local network: the table is never opened on every interface or on a public address"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_local_addresses() {
        for ok in [
            "127.0.0.1",
            "192.168.1.5",
            "10.0.0.2",
            "172.16.4.4",
            "169.254.1.1",
            "::1",
            "fd00::1",
            "fe80::1",
        ] {
            assert!(allowed(ok.parse().unwrap()).is_ok(), "{ok}");
        }
        for bad in ["0.0.0.0", "8.8.8.8", "::", "2001:db8::1", "172.32.0.1"] {
            assert!(allowed(bad.parse().unwrap()).is_err(), "{bad}");
        }
    }
}
