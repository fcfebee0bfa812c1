# syntax=docker/dockerfile:1
#
# The formgate gateway (`formgate serve`) in a minimal image: the one binary, run as a
# non-root user. From the repository root:
#
#   docker build -t formgate .
#   docker run --rm -p 8080:8080 -p 9090:9090 formgate
#
# Acts on port 8080; /metrics, /healthz and /readyz on port 9090 (docs/DEPLOYMENT.md).

# The toolchain the workspace is built and tested with.
ARG RUST_VERSION=1.95

FROM rust:${RUST_VERSION}-bookworm AS build
WORKDIR /src
COPY . .
# The versions in Cargo.lock, exactly (--locked); no debug information in the image.
ENV CARGO_PROFILE_RELEASE_DEBUG=0 \
    CARGO_PROFILE_RELEASE_STRIP=symbols
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release -p formgate-cli --bin formgate --locked \
    && cp target/release/formgate /formgate

# glibc and libgcc only (Debian 12, as the build stage), no shell, no package manager.
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /formgate /usr/local/bin/formgate
# The distroless `nonroot` user.
USER 65532:65532
EXPOSE 8080 9090
ENTRYPOINT ["/usr/local/bin/formgate"]
# Listen on every interface inside the container; replace to serve a form of your own
# (`serve /forms/my.form.json ...`, the file mounted read-only).
CMD ["serve", "--addr", "0.0.0.0:8080", "--metrics-addr", "0.0.0.0:9090", "--log-format", "json"]
