//! Rate limits: a token bucket per client for acts and one for `GET`s, in a table of
//! bounded size, and which address a request counts against.
//!
//! The protocol draft: "A form is retrieved before every act, so an address serves its
//! schema to unauthenticated clients at whatever rate they request it.
//! Implementations ... SHOULD apply rate limiting independent of this protocol."
//!
//! Invariants:
//! 1. A client is its IP address; IPv6 clients by their /64 (one host is given a whole
//!    /64, so counting single addresses would let it take as many buckets as it
//!    likes), an IPv4-mapped IPv6 address as the IPv4 address it is.
//! 2. Each bucket holds at most `burst` tokens and gains `per_second` a second; a
//!    request takes one token, and one that finds less than a whole token is refused
//!    with the time until there is one (`429` with `Retry-After`, whole seconds, at
//!    least 1 and at most [`MAX_RETRY_AFTER`]: [`limited`]).
//! 3. The table holds at most `max_clients` clients: a new client over that bound
//!    evicts the one seen longest ago (an evicted client starts again with full
//!    buckets, as one idle long enough would have). Memory is bounded whatever the
//!    number of addresses a flood comes from.
//! 4. `X-Forwarded-For` is read only when the operator says how many proxies in front
//!    append to it ([`client_address`]); then the client is the address the outermost
//!    trusted proxy saw (with any port or brackets taken off). A list shorter than
//!    that, or an entry that is not an IP address, counts against the nearest proxy's
//!    address (the connection's peer): never an address the client could choose
//!    ([`find_client`] says when that happened).
//! 5. Time is given by the caller, so a decision depends on nothing else.

use std::collections::{BTreeMap, HashMap};
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use bytes::Bytes;
use http::header::{self, HeaderMap, HeaderValue};
use http::{Response, StatusCode};

/// A rate: `per_second` requests a second on average, up to `burst` at once.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    per_second: f64,
    burst: f64,
}

impl Rate {
    /// `per_second` requests a second (a positive, finite number), in bursts of at most
    /// `burst` (at least 1); `None` if either is out of range.
    ///
    /// ```
    /// use formgate_address::Rate;
    /// assert!(Rate::new(0.5, 2).is_some());
    /// assert!(Rate::new(0.0, 2).is_none());
    /// assert!(Rate::new(1.0, 0).is_none());
    /// ```
    pub fn new(per_second: f64, burst: u32) -> Option<Rate> {
        (per_second.is_finite() && per_second > 0.0 && burst >= 1).then_some(Rate {
            per_second,
            burst: f64::from(burst),
        })
    }
}

/// The longest wait a refused request is told of: a rate slower than a token a day
/// still refuses, but says to come back in a day.
pub const MAX_RETRY_AFTER: Duration = Duration::from_secs(24 * 60 * 60);

/// What a request is, for its bucket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Traffic {
    /// An act (`POST`).
    Act,
    /// A `GET` or `HEAD` of the form.
    Get,
}

/// One bucket (invariant 2).
#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    /// Take a token at `now`, or say how long until there is one.
    fn take(&mut self, rate: Rate, now: Instant) -> Result<(), Duration> {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * rate.per_second).min(rate.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            // A rate so small that the wait overflows a `Duration` waits the longest
            // said (invariant 2).
            let wait = Duration::try_from_secs_f64((1.0 - self.tokens) / rate.per_second);
            Err(wait.map_or(MAX_RETRY_AFTER, |w| w.min(MAX_RETRY_AFTER)))
        }
    }
}

/// A client's buckets, and when it was last seen (its place in the eviction order).
#[derive(Debug)]
struct Client {
    act: Option<Bucket>,
    get: Option<Bucket>,
    seen: u64,
}

/// The clients, and their order by last sighting (invariant 3).
#[derive(Debug, Default)]
struct Table {
    clients: HashMap<IpAddr, Client>,
    by_age: BTreeMap<u64, IpAddr>,
    next: u64,
}

/// The rate limits of an address: per-client buckets for acts and for `GET`s.
#[derive(Debug)]
pub struct RateLimiter {
    acts: Option<Rate>,
    gets: Option<Rate>,
    max_clients: usize,
    table: Mutex<Table>,
}

impl RateLimiter {
    /// Limits for acts and for `GET`s (`None`: not limited), in a table of at most
    /// `max_clients` clients (at least 1).
    pub fn new(acts: Option<Rate>, gets: Option<Rate>, max_clients: usize) -> RateLimiter {
        RateLimiter {
            acts,
            gets,
            max_clients: max_clients.max(1),
            table: Mutex::new(Table::default()),
        }
    }

    /// The rates of acts and of `GET`s.
    pub fn rates(&self) -> (Option<Rate>, Option<Rate>) {
        (self.acts, self.gets)
    }

    /// Whether any traffic is limited.
    pub fn is_active(&self) -> bool {
        self.acts.is_some() || self.gets.is_some()
    }

    /// The number of clients in the table.
    pub fn clients(&self) -> usize {
        self.table.lock().map_or(0, |t| t.clients.len())
    }

    /// Count a request of `client` at `now`: `Ok` if it may go on, else how long until
    /// it could (invariants 1–3, 5).
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use formgate_address::{Rate, RateLimiter, Traffic};
    /// let limits = RateLimiter::new(Rate::new(1.0, 2), None, 1000);
    /// let (client, now) = ("192.0.2.7".parse().unwrap(), Instant::now());
    /// assert!(limits.check(client, Traffic::Act, now).is_ok());
    /// assert!(limits.check(client, Traffic::Act, now).is_ok());
    /// assert_eq!(limits.check(client, Traffic::Act, now), Err(Duration::from_secs(1)));
    /// assert!(limits.check(client, Traffic::Get, now).is_ok(), "GETs are not limited");
    /// assert!(limits.check(client, Traffic::Act, now + Duration::from_secs(1)).is_ok());
    /// ```
    pub fn check(&self, client: IpAddr, traffic: Traffic, now: Instant) -> Result<(), Duration> {
        let rate = match traffic {
            Traffic::Act => self.acts,
            Traffic::Get => self.gets,
        };
        let Some(rate) = rate else {
            return Ok(());
        };
        let key = client_key(client);
        // A poisoned lock only means another request panicked while holding it; the
        // table is still a table.
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        let table = &mut *table;
        let seen = table.next;
        table.next += 1;
        if !table.clients.contains_key(&key) && table.clients.len() >= self.max_clients {
            if let Some((_, oldest)) = table.by_age.pop_first() {
                table.clients.remove(&oldest);
            }
        }
        let entry = table.clients.entry(key).or_insert(Client {
            act: None,
            get: None,
            seen,
        });
        table.by_age.remove(&entry.seen);
        entry.seen = seen;
        table.by_age.insert(seen, key);
        let bucket = match traffic {
            Traffic::Act => &mut entry.act,
            Traffic::Get => &mut entry.get,
        };
        bucket
            .get_or_insert(Bucket {
                tokens: rate.burst,
                at: now,
            })
            .take(rate, now)
    }
}

/// The key a client's address counts under (invariant 1).
fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// The address a request counts against (invariant 4): the connection's `peer`, or,
/// when `trusted_hops` proxies append to `X-Forwarded-For`, the entry the outermost of
/// them appended (the `trusted_hops`-th from the right, all the header's field lines
/// read as one list). An entry may carry a port (`192.0.2.1:5555`, `[2001:db8::1]:443`)
/// or brackets (`[2001:db8::1]`), which are not part of the address.
///
/// ```
/// use formgate_address::client_address;
/// let mut h = http::HeaderMap::new();
/// h.insert("x-forwarded-for", "203.0.113.9, 198.51.100.4:5555".parse().unwrap());
/// let peer = "10.0.0.1".parse().unwrap();
/// assert_eq!(client_address(peer, &h, 0), peer, "not read unless trusted");
/// assert_eq!(client_address(peer, &h, 1).to_string(), "198.51.100.4");
/// assert_eq!(client_address(peer, &h, 2).to_string(), "203.0.113.9");
/// assert_eq!(client_address(peer, &h, 3), peer, "shorter than the proxies trusted");
/// ```
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted_hops: usize) -> IpAddr {
    find_client(peer, headers, trusted_hops).address
}

/// The address a request counts against, and whether it is the peer's only because
/// the trusted `X-Forwarded-For` entry was missing or not an address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct ClientAddress {
    /// The address ([`client_address`]).
    pub address: IpAddr,
    /// Whether `X-Forwarded-For` was to be read, but its trusted entry was missing or
    /// not an address, so the request counts against the peer (the nearest proxy):
    /// worth telling the operator, since every such request shares one bucket.
    pub fell_back: bool,
}

/// [`client_address`], saying whether it fell back to the peer.
///
/// ```
/// use formgate_address::find_client;
/// let mut h = http::HeaderMap::new();
/// h.insert("x-forwarded-for", "unknown".parse().unwrap());
/// let peer = "10.0.0.1".parse().unwrap();
/// let client = find_client(peer, &h, 1);
/// assert!(client.fell_back && client.address == peer);
/// assert!(!find_client(peer, &h, 0).fell_back, "not read: nothing to fall back from");
/// ```
pub fn find_client(peer: IpAddr, headers: &HeaderMap, trusted_hops: usize) -> ClientAddress {
    if trusted_hops == 0 {
        return ClientAddress {
            address: peer,
            fell_back: false,
        };
    }
    let entries: Vec<&[u8]> = headers
        .get_all("x-forwarded-for")
        .iter()
        .flat_map(|v| v.as_bytes().split(|&b| b == b','))
        .map(<[u8]>::trim_ascii)
        .collect();
    let found = entries
        .len()
        .checked_sub(trusted_hops)
        .and_then(|at| entry_address(entries[at]));
    ClientAddress {
        address: found.unwrap_or(peer),
        fell_back: found.is_none(),
    }
}

/// The address in one `X-Forwarded-For` entry: an IP address, with or without a port,
/// an IPv6 one with or without brackets.
fn entry_address(entry: &[u8]) -> Option<IpAddr> {
    let text = std::str::from_utf8(entry).ok()?;
    if let Ok(ip) = text.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Ok(with_port) = text.parse::<SocketAddr>() {
        return Some(with_port.ip());
    }
    let bracketed = text.strip_prefix('[')?.strip_suffix(']')?;
    bracketed.parse::<Ipv6Addr>().ok().map(IpAddr::V6)
}

/// The answer to a request over its rate (invariant 2): `429 Too Many Requests` with
/// `Retry-After` in whole seconds (rounded up, at least 1) and no body.
///
/// ```
/// let r = formgate_address::limited(std::time::Duration::from_millis(1500));
/// assert_eq!(r.status(), 429);
/// assert_eq!(r.headers()["retry-after"], "2");
/// ```
pub fn limited(retry_after: Duration) -> Response<Bytes> {
    let mut r = Response::new(Bytes::new());
    *r.status_mut() = StatusCode::TOO_MANY_REQUESTS;
    r.headers_mut().insert(
        header::RETRY_AFTER,
        HeaderValue::from(retry_seconds(retry_after)),
    );
    r
}

/// `retry_after` in whole seconds, rounded up, at least 1.
pub fn retry_seconds(retry_after: Duration) -> u64 {
    let whole = retry_after
        .as_secs()
        .saturating_add(u64::from(retry_after.subsec_nanos() > 0));
    whole.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn buckets_refill_at_their_rate_up_to_their_burst() {
        let limits = RateLimiter::new(Rate::new(2.0, 3), Rate::new(1.0, 1), 10);
        let t = Instant::now();
        let c = ip("192.0.2.1");
        for _ in 0..3 {
            assert!(limits.check(c, Traffic::Act, t).is_ok());
        }
        assert_eq!(
            limits.check(c, Traffic::Act, t),
            Err(Duration::from_millis(500))
        );
        // Half a second later, one token; an hour later, the burst and no more.
        assert!(limits
            .check(c, Traffic::Act, t + Duration::from_millis(500))
            .is_ok());
        assert!(limits
            .check(c, Traffic::Act, t + Duration::from_millis(500))
            .is_err());
        let later = t + Duration::from_secs(3600);
        for _ in 0..3 {
            assert!(limits.check(c, Traffic::Act, later).is_ok());
        }
        assert!(limits.check(c, Traffic::Act, later).is_err());
        // GETs have their own bucket.
        assert!(limits.check(c, Traffic::Get, t).is_ok());
        assert_eq!(
            limits.check(c, Traffic::Get, t),
            Err(Duration::from_secs(1))
        );
        // Another client is not touched by the first's flood.
        assert!(limits.check(ip("192.0.2.2"), Traffic::Act, t).is_ok());
    }

    #[test]
    fn the_table_is_bounded_and_the_oldest_go_first() {
        let limits = RateLimiter::new(Rate::new(1.0, 1), None, 3);
        let t = Instant::now();
        for c in ["10.0.0.1", "10.0.0.2", "10.0.0.3"] {
            assert!(limits.check(ip(c), Traffic::Act, t).is_ok());
        }
        // 10.0.0.1 is seen again: 10.0.0.2 is now the oldest.
        assert!(limits.check(ip("10.0.0.1"), Traffic::Act, t).is_err());
        assert!(limits.check(ip("10.0.0.4"), Traffic::Act, t).is_ok());
        assert_eq!(limits.clients(), 3);
        assert!(
            limits.check(ip("10.0.0.1"), Traffic::Act, t).is_err(),
            "kept"
        );
        assert!(
            limits.check(ip("10.0.0.3"), Traffic::Act, t).is_err(),
            "kept"
        );
        assert!(
            limits.check(ip("10.0.0.2"), Traffic::Act, t).is_ok(),
            "evicted: anew"
        );
        // A flood from a million addresses holds at most the bound.
        for i in 0..10_000u32 {
            let _ = limits.check(IpAddr::from(i.to_be_bytes()), Traffic::Act, t);
        }
        assert_eq!(limits.clients(), 3);
        let table = limits.table.lock().unwrap();
        assert_eq!(table.by_age.len(), 3);
    }

    #[test]
    fn clients_are_ipv4_addresses_and_ipv6_prefixes() {
        assert_eq!(client_key(ip("2001:db8:1:2:3:4:5:6")), ip("2001:db8:1:2::"));
        assert_eq!(client_key(ip("::ffff:192.0.2.1")), ip("192.0.2.1"));
        assert_eq!(client_key(ip("192.0.2.1")), ip("192.0.2.1"));
        let limits = RateLimiter::new(Rate::new(1.0, 1), None, 10);
        let t = Instant::now();
        assert!(limits.check(ip("2001:db8::1"), Traffic::Act, t).is_ok());
        assert!(limits.check(ip("2001:db8::2"), Traffic::Act, t).is_err());
    }

    #[test]
    fn forwarded_for_is_read_only_as_far_as_trusted() {
        let peer = ip("10.0.0.1");
        let mut h = HeaderMap::new();
        h.append("x-forwarded-for", "spoofed, 203.0.113.9".parse().unwrap());
        h.append("x-forwarded-for", "198.51.100.4".parse().unwrap());
        assert_eq!(client_address(peer, &h, 1), ip("198.51.100.4"));
        assert_eq!(client_address(peer, &h, 2), ip("203.0.113.9"));
        assert_eq!(client_address(peer, &h, 3), peer, "not an address");
        assert_eq!(client_address(peer, &h, 4), peer);
        assert_eq!(client_address(peer, &HeaderMap::new(), 1), peer);
        for (entry, address) in [
            ("198.51.100.1:5555", "198.51.100.1"),
            ("[2001:db8::1]", "2001:db8::1"),
            ("[2001:db8::1]:443", "2001:db8::1"),
            ("2001:db8::1", "2001:db8::1"),
        ] {
            let mut h = HeaderMap::new();
            h.insert("x-forwarded-for", entry.parse().unwrap());
            let client = find_client(peer, &h, 1);
            assert_eq!(client.address, ip(address), "{entry}");
            assert!(!client.fell_back);
        }
        for entry in [
            "unknown",
            "[198.51.100.1]",
            "198.51.100.1:",
            "[::1",
            "_hidden",
        ] {
            let mut h = HeaderMap::new();
            h.insert("x-forwarded-for", entry.parse().unwrap());
            let client = find_client(peer, &h, 1);
            assert_eq!(client.address, peer, "{entry}");
            assert!(client.fell_back, "{entry}");
        }
    }

    #[test]
    fn a_tiny_rate_waits_the_longest_said() {
        let limits = RateLimiter::new(Rate::new(1e-20, 1), Rate::new(f64::MIN_POSITIVE, 1), 10);
        let t = Instant::now();
        for traffic in [Traffic::Act, Traffic::Get] {
            assert!(limits.check(ip("192.0.2.1"), traffic, t).is_ok());
            assert_eq!(
                limits.check(ip("192.0.2.1"), traffic, t),
                Err(MAX_RETRY_AFTER)
            );
        }
        assert_eq!(retry_seconds(Duration::MAX), u64::MAX);
    }

    #[test]
    fn retry_after_is_whole_seconds_rounded_up() {
        assert_eq!(retry_seconds(Duration::ZERO), 1);
        assert_eq!(retry_seconds(Duration::from_millis(1)), 1);
        assert_eq!(retry_seconds(Duration::from_secs(2)), 2);
        assert_eq!(retry_seconds(Duration::from_millis(2001)), 3);
    }
}
