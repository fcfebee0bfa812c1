//! [`VerifyLayer`]: a tower layer that verifies request bodies against a form in front
//! of any service, for services that read bodies themselves (a proxy, a handler that
//! takes `Bytes`, another framework's service).
//!
//! Invariants:
//! 1. A `POST`, `PUT` or `PATCH` reaches the inner service only with a body the form
//!    admits, and exactly those bytes (never re-serialized); other methods pass
//!    untouched.
//! 2. The checks are the extractor's (content type, declared length, size, strict
//!    parse and form, in that order); a refused request is answered with its
//!    [`VerifyRejection`] and never reaches the inner service.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::body::Body;
use axum::extract::Request;
use axum::http::Method;
use axum::response::{IntoResponse, Response};
use formgate::Form;
use tower_layer::Layer;
use tower_service::Service;

use crate::extract::{check_head, read_error};
use crate::rejection::{Problems, VerifyRejection};

/// Verifies the body of every `POST`, `PUT` and `PATCH` against a form before the
/// inner service sees it.
///
/// ```
/// use axum::{body::Bytes, routing::post, Router};
/// use formgate_axum::VerifyLayer;
///
/// let form = formgate::Form::compile(br#"{"type":"array","maxItems":3}"#).unwrap();
/// // The handler takes raw bytes: the layer guarantees they are admitted.
/// let app: Router = Router::new()
///     .route("/", post(|body: Bytes| async move { body }))
///     .layer(VerifyLayer::new(form));
/// # let _ = app;
/// ```
#[derive(Debug, Clone)]
pub struct VerifyLayer {
    form: Arc<Form>,
    problems: Arc<Problems>,
}

impl VerifyLayer {
    /// A layer verifying bodies against `form`, answering rejections with the default
    /// [`Problems`].
    pub fn new(form: Form) -> VerifyLayer {
        VerifyLayer {
            form: Arc::new(form),
            problems: Arc::new(Problems::default()),
        }
    }

    /// Answer rejections as `problems` says.
    pub fn with_problems(mut self, problems: Problems) -> VerifyLayer {
        self.problems = Arc::new(problems);
        self
    }
}

impl<S> Layer<S> for VerifyLayer {
    type Service = VerifyService<S>;

    fn layer(&self, inner: S) -> VerifyService<S> {
        VerifyService {
            inner,
            layer: self.clone(),
        }
    }
}

/// The service [`VerifyLayer`] wraps around `S`.
#[derive(Debug, Clone)]
pub struct VerifyService<S> {
    inner: S,
    layer: VerifyLayer,
}

impl<S> Service<Request> for VerifyService<S>
where
    S: Service<Request, Response = Response> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> Self::Future {
        if !matches!(*req.method(), Method::POST | Method::PUT | Method::PATCH) {
            return Box::pin(self.inner.call(req));
        }
        // The clone that was driven to readiness serves this call; its fresh copy
        // waits for the next (tower's usual pattern for services that are `Clone`).
        let fresh = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, fresh);
        let layer = self.layer.clone();
        Box::pin(async move {
            match verified(&layer, req).await {
                Ok(req) => inner.call(req).await,
                Err(rejection) => Ok(rejection.into_response()),
            }
        })
    }
}

/// The request with its body read and admitted (invariants 1 and 2).
async fn verified(layer: &VerifyLayer, req: Request) -> Result<Request, VerifyRejection> {
    let problems = &layer.problems;
    check_head(req.headers(), &layer.form, problems)?;
    let limit = layer.form.limits().max_bytes();
    let (parts, body) = req.into_parts();
    let bytes = axum::body::to_bytes(body, limit)
        .await
        .map_err(|e| read_error(&e, limit, problems))?;
    layer
        .form
        .verify(&bytes)
        .map_err(|r| VerifyRejection::from_rejection(r, problems))?;
    Ok(Request::from_parts(parts, Body::from(bytes)))
}
