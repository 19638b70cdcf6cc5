//! What every request passes before a route sees it: the Host header must name the address the
//! table listens on (a DNS name that resolves here is refused: no DNS rebinding), an Origin, when
//! given, must be the table's own, and any request that can change something (POST, the
//! WebSocket) must carry it. Every answer carries a CSP as strict as the window's and headers
//! that keep the join secret and the pages to this origin. Join attempts are rate-limited.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::LanError;
use crate::state::HostState;

pub(crate) fn too_many() -> LanError {
    LanError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "too-many-attempts",
        "too many attempts to join: wait a minute and scan the host's code again",
    )
}

fn check(s: &HostState, req: &Request) -> Result<(), LanError> {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if !s.hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
        return Err(LanError::new(
            StatusCode::MISDIRECTED_REQUEST,
            "forbidden-host",
            format!("this table answers only at {}", s.origin),
        ));
    }
    let origin = req
        .headers()
        .get(header::ORIGIN)
        .map(|o| o.to_str().unwrap_or("?"));
    let upgrade = req.headers().contains_key(header::UPGRADE);
    let changes = req.method() != Method::GET || upgrade;
    match origin {
        Some(o) if o != s.origin => Err(LanError::new(
            StatusCode::FORBIDDEN,
            "forbidden-origin",
            "a page from another site cannot use this table",
        )),
        None if changes => Err(LanError::new(
            StatusCode::FORBIDDEN,
            "forbidden-origin",
            "a change must come from the table's own page",
        )),
        _ if req.method() != Method::GET && req.method() != Method::POST => Err(LanError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "bad-request",
            "only GET (to read) and POST (to act) are answered",
        )),
        _ => Ok(()),
    }
}

/// The page's policy: the window's, with the table's own WebSocket instead of the app's IPC.
pub(crate) fn csp(origin: &str) -> String {
    let ws = origin.replacen("http://", "ws://", 1);
    format!(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; \
         font-src 'self'; connect-src 'self' {ws}; object-src 'none'; base-uri 'none'; \
         form-action 'none'; frame-src 'none'; frame-ancestors 'none'"
    )
}

fn secure(s: &HostState, mut res: Response) -> Response {
    let h = res.headers_mut();
    let mut set = |name: header::HeaderName, value: &str| {
        if let Ok(v) = HeaderValue::from_str(value) {
            h.insert(name, v);
        }
    };
    set(header::CONTENT_SECURITY_POLICY, &csp(&s.origin));
    set(header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(header::REFERRER_POLICY, "no-referrer");
    set(header::X_FRAME_OPTIONS, "DENY");
    set(header::CACHE_CONTROL, "no-store");
    set(
        header::HeaderName::from_static("cross-origin-opener-policy"),
        "same-origin",
    );
    set(
        header::HeaderName::from_static("cross-origin-resource-policy"),
        "same-origin",
    );
    res
}

/// The middleware every route sits behind.
pub(crate) async fn guard(State(s): State<Arc<HostState>>, req: Request, next: Next) -> Response {
    if let Err(e) = check(&s, &req) {
        return secure(&s, e.into_response());
    }
    let res = next.run(req).await;
    secure(&s, res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_is_the_windows_without_remote_sources() {
        let c = csp("http://192.168.1.4:4000");
        assert!(c.starts_with("default-src 'self'"));
        assert!(c.contains("connect-src 'self' ws://192.168.1.4:4000;"));
        assert!(!c.contains("unsafe") && !c.contains("https:") && !c.contains("*"));
    }
}
