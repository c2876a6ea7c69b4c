//! A minimal HTTP/1.1 client for the broker's management API (policies, the version): plain
//! TCP to loopback or a LAN broker, basic authentication, no TLS.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// The management API's address and credentials.
#[derive(Debug, Clone)]
pub struct Api {
    pub host: String,
    pub port: u16,
    pub user: String,
    pub password: String,
}

fn base64(bytes: &[u8]) -> String {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut s = String::new();
    for c in bytes.chunks(3) {
        let n = (c[0] as u32) << 16
            | (*c.get(1).unwrap_or(&0) as u32) << 8
            | *c.get(2).unwrap_or(&0) as u32;
        for i in 0..4 {
            if i <= c.len() {
                s.push(T[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                s.push('=');
            }
        }
    }
    s
}

/// Percent-encodes one path segment.
pub fn segment(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

impl Api {
    /// Sends one request; returns the status code and body.
    pub fn request(
        &self,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> Result<(u16, String), String> {
        let addr = format!("{}:{}", self.host, self.port);
        let mut s =
            TcpStream::connect(&addr).map_err(|e| format!("management API at {addr}: {e}"))?;
        let _ = s.set_read_timeout(Some(Duration::from_secs(30)));
        let auth = base64(format!("{}:{}", self.user, self.password).as_bytes());
        let body = body.unwrap_or("");
        let req = format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Basic {auth}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        s.write_all(req.as_bytes()).map_err(|e| format!("management API at {addr}: {e}"))?;
        let mut raw = Vec::new();
        s.read_to_end(&mut raw).map_err(|e| format!("management API at {addr}: {e}"))?;
        let text = String::from_utf8_lossy(&raw).to_string();
        let status = text
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .ok_or_else(|| format!("management API at {addr}: no HTTP status in the reply"))?;
        let body = text.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
        Ok((status, body))
    }
}
