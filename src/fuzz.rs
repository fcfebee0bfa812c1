//! Entry points for the fuzz targets in `fuzz/` (hidden): each target is one call here,
//! so the same code replays crash files as regression tests.
