//! Every refusal of the host, with a code a seat's screen (and a test) can match on and words for
//! people. Errors of the companion keep their own codes (`table-changed` among them).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use neverland_companion::{AppError, ErrorCode};
use serde::Serialize;

/// A refusal: the HTTP status, a stable code and a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanError {
    pub status: StatusCode,
    pub code: String,
    pub message: String,
    /// A companion error's words for the seat's screen (`AppError::detail`).
    pub detail: Option<Box<neverland_companion::error::Reason>>,
    /// A Legacy refusal's code and parameters (`AppError::reason`).
    pub reason: Option<Box<neverland_companion::error::Reason>>,
}

#[derive(Serialize)]
struct Body<'a> {
    code: &'a str,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    detail: Option<&'a neverland_companion::error::Reason>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'a neverland_companion::error::Reason>,
}

impl LanError {
    pub fn new(status: StatusCode, code: &str, message: impl Into<String>) -> LanError {
        LanError {
            status,
            code: code.to_string(),
            message: message.into(),
            detail: None,
            reason: None,
        }
    }
    pub fn no_token() -> LanError {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "no-token",
            "this device has no seat at the table: join with the host's code",
        )
    }
    pub fn bad_token() -> LanError {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "bad-token",
            "this device's seat is not known at this table: join again with the host's code",
        )
    }
    pub fn revoked() -> LanError {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "revoked",
            "the host took this device's seat back",
        )
    }
    pub fn not_your_seat(what: impl Into<String>) -> LanError {
        Self::new(StatusCode::FORBIDDEN, "not-your-seat", what)
    }
    /// A seat's command when it is another seat's turn.
    pub fn not_your_turn(what: impl Into<String>) -> LanError {
        Self::new(StatusCode::FORBIDDEN, "not-your-turn", what)
    }
    pub fn closed() -> LanError {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "table-closed",
            "the host has closed the table to devices",
        )
    }
    pub fn bad_request(what: impl Into<String>) -> LanError {
        Self::new(StatusCode::BAD_REQUEST, "bad-request", what)
    }
    pub fn internal(what: impl Into<String>) -> LanError {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "storage", what)
    }
}

impl From<AppError> for LanError {
    fn from(e: AppError) -> LanError {
        let status = match e.code {
            ErrorCode::TableChanged | ErrorCode::Conflict => StatusCode::CONFLICT,
            ErrorCode::NotFound => StatusCode::NOT_FOUND,
            ErrorCode::InvalidInput
            | ErrorCode::IllegalCommand
            | ErrorCode::NothingToUndo
            | ErrorCode::NothingToRedo
            | ErrorCode::PhotoUnreadable
            | ErrorCode::NoCardInPhoto => StatusCode::UNPROCESSABLE_ENTITY,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        let code = serde_json::to_value(e.code)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_else(|| "storage".into());
        LanError {
            status,
            code,
            message: e.message,
            detail: e.detail,
            reason: e.reason.map(Box::new),
        }
    }
}

impl From<neverland_store::StoreError> for LanError {
    fn from(e: neverland_store::StoreError) -> LanError {
        LanError::from(AppError::from(e))
    }
}

impl IntoResponse for LanError {
    fn into_response(self) -> Response {
        let body = Body {
            code: &self.code,
            message: &self.message,
            detail: self.detail.as_deref(),
            reason: self.reason.as_deref(),
        };
        (self.status, axum::Json(body)).into_response()
    }
}

impl std::fmt::Display for LanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.message, self.code)
    }
}

impl std::error::Error for LanError {}
