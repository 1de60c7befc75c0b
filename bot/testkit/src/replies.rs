//! The asserts the tests repeat about what a reply says.

/// Fails the test, showing the whole text, unless `text` contains `part`.
#[track_caller]
pub fn assert_contains(text: impl AsRef<str>, part: &str) {
    let text = text.as_ref();
    assert!(text.contains(part), "{part:?} is not in:\n{text}");
}

/// Fails the test, showing the whole text, if `text` contains `part`.
#[track_caller]
pub fn assert_lacks(text: impl AsRef<str>, part: &str) {
    let text = text.as_ref();
    assert!(!text.contains(part), "{part:?} should not be in:\n{text}");
}
