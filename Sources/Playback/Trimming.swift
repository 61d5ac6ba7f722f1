extension StringProtocol {
    /// Without the white space (spaces, tabs, line breaks) at either end.
    func trimmingSpaces() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
