extension Collection where Element: Equatable {
    /// Where `pattern` first occurs, compared element by element; an empty pattern occurs at the start. The
    /// standard library's `firstRange(of:)` lives in the regex module, whose code a call brings into memory.
    func firstOccurrence<Pattern: Collection>(of pattern: Pattern) -> Range<Index>? where Pattern.Element == Element {
        var start = startIndex
        while true {
            var i = start, j = pattern.startIndex
            while j != pattern.endIndex {
                guard i != endIndex else { return nil }
                guard self[i] == pattern[j] else { break }
                formIndex(after: &i)
                pattern.formIndex(after: &j)
            }
            if j == pattern.endIndex { return start..<i }
            formIndex(after: &start)
        }
    }
}
