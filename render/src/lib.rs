//! Renders rules views to PNG.
