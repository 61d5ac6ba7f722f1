/// Where text that does not fit its last line is cut (UIKit's NSLineBreakMode, for the truncating modes).
public enum LineBreakMode: Sendable {
    /// The end is cut: the last line ends with an ellipsis.
    case byTruncatingTail
    /// The middle of the last line is cut: its beginning and the text's end show, an ellipsis between (what
    /// a message naming a long path ends with — the reason — stays readable).
    case byTruncatingMiddle
}

/// Line breaking and truncation, independent of how text is measured.
public enum TextLayout {
    public static let ellipsis = "…"

    /// Breaks `text` into at most `maxLines` lines (0 = unlimited) no wider than `width`,
    /// at spaces where possible, inside words when a word alone is too wide. Explicit newlines are kept.
    /// When text is left over, the last line is cut as `lineBreakMode` says: it ends with an ellipsis, or it
    /// keeps the end of the text after one.
    public static func lines(_ text: String, width: Double, maxLines: Int, lineBreakMode: LineBreakMode = .byTruncatingTail,
                             measure: (String) -> Double) -> [String] {
        var result: [String] = []
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (pi, paragraph) in paragraphs.enumerated() {
            var remaining = Substring(paragraph)
            repeat {
                if maxLines > 0 && result.count == maxLines - 1 {
                    // The last line allowed: this paragraph's remainder, with an ellipsis if more text follows;
                    // cut in the middle, everything left (later paragraphs on the same line).
                    if lineBreakMode == .byTruncatingMiddle {
                        let rest = ([String(remaining)] + paragraphs[(pi + 1)...]).joined(separator: " ")
                        result.append(truncateMiddle(rest, width: width, measure: measure))
                        return result
                    }
                    let more = pi + 1 < paragraphs.count
                    result.append(truncate(String(remaining), width: width, forceEllipsis: more, measure: measure))
                    return result
                }
                let line = fittingPrefix(remaining, width: width, measure: measure)
                result.append(String(line).trimmingTrailingSpaces())
                remaining = remaining[line.endIndex...].drop { $0 == " " }
            } while !remaining.isEmpty
        }
        return result
    }

    /// The text cut to fit `width` with an ellipsis, or the text itself when it fits.
    public static func truncate(_ text: String, width: Double, forceEllipsis: Bool = false,
                                measure: (String) -> Double) -> String {
        if !forceEllipsis && measure(text) <= width { return text }
        let chars = Array(text)
        var lo = 0, hi = chars.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if measure(String(chars[..<mid]).trimmingTrailingSpaces() + ellipsis) <= width { lo = mid } else { hi = mid - 1 }
        }
        return String(chars[..<lo]).trimmingTrailingSpaces() + ellipsis
    }

    /// The text with its middle replaced by an ellipsis so that it fits `width` (as much of its end as of its
    /// beginning, the end taking the odd character), or the text itself when it fits.
    public static func truncateMiddle(_ text: String, width: Double, measure: (String) -> Double) -> String {
        if measure(text) <= width { return text }
        let chars = Array(text)
        func cut(keeping n: Int) -> String {
            let head = String(chars[..<(n / 2)]).trimmingTrailingSpaces()
            let tail = String(chars[(chars.count - (n - n / 2))...]).drop { $0 == " " }
            return head + ellipsis + tail
        }
        var lo = 0, hi = chars.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if measure(cut(keeping: mid)) <= width { lo = mid } else { hi = mid - 1 }
        }
        return cut(keeping: lo)
    }

    /// The longest prefix that fits, ending at a space when one is available; at least one character.
    private static func fittingPrefix(_ s: Substring, width: Double, measure: (String) -> Double) -> Substring {
        if measure(String(s)) <= width { return s }
        var lo = 1, hi = s.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if measure(String(s.prefix(mid))) <= width { lo = mid } else { hi = mid - 1 }
        }
        let fit = s.prefix(lo)
        let nextIndex = fit.endIndex
        if nextIndex < s.endIndex, s[nextIndex] == " " { return fit }
        if let space = fit.lastIndex(of: " "), space > fit.startIndex { return s[s.startIndex..<space] }
        return fit
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
