import ViewKit

extension Label {
    /// Shows the line under a title (its artist) in the title's paragraph direction, so that a right-to-left
    /// title and its artist line align the same side even when the artist is written left to right.
    func setByline(_ byline: String, under title: String) {
        text = byline
        baseWritingDirection = WritingDirection.of(title)
    }
}
