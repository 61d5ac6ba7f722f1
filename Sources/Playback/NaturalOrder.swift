import FoundationEssentials

/// A sort key that orders names as file managers do ("Track 2" before "Track 10", case and accents aside),
/// computed once per name so that sorting thousands of names costs cheap comparisons (Foundation's
/// `localizedStandardCompare` redoes the work on every comparison).
struct NaturalOrder: Comparable, Sendable {
    private enum Part: Comparable, Sendable {
        case number(Double)
        case text(String)
    }

    private let parts: [Part]
    /// The name itself settles ties (so different names never compare equal).
    private let name: String

    init(_ name: String) {
        self.name = name
        var parts: [Part] = []
        var digits = "", letters = ""
        for ch in NaturalOrder.folded(name) {
            if ch.isASCII && ch.isNumber {
                if !letters.isEmpty { parts.append(.text(letters)); letters = "" }
                digits.append(ch)
            } else {
                if !digits.isEmpty { parts.append(.number(Double(digits) ?? 0)); digits = "" }
                letters.append(ch)
            }
        }
        if !digits.isEmpty { parts.append(.number(Double(digits) ?? 0)) }
        if !letters.isEmpty { parts.append(.text(letters)) }
        self.parts = parts
    }

    /// Lower case, and Latin letters without their accents ("É" → "e"): the letter a scalar's Unicode name
    /// says it is built on ("LATIN CAPITAL LETTER E WITH ACUTE").
    static func folded(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            if !scalar.isASCII, let n = scalar.properties.name, n.hasPrefix("LATIN ") {
                let words = n.split(separator: " ")
                if let with = words.firstIndex(of: "WITH"), with > 0, words[with - 1].count == 1 {
                    out += words[with - 1].lowercased()
                    continue
                }
            }
            out += String(scalar).lowercased()
        }
        return out
    }

    static func < (a: NaturalOrder, b: NaturalOrder) -> Bool {
        for (p, q) in zip(a.parts, b.parts) where p != q {
            switch (p, q) {
            case let (.number(x), .number(y)): return x < y
            case let (.text(x), .text(y)): return x < y
            case (.number, .text): return true
            case (.text, .number): return false
            }
        }
        return a.parts.count != b.parts.count ? a.parts.count < b.parts.count : a.name < b.name
    }

    static func == (a: NaturalOrder, b: NaturalOrder) -> Bool { a.name == b.name }
}
