/// An item within a section of a collection view: what UIKit names with Foundation's `ItemPath` and its
/// `item` / `section` additions. ViewKit adds no public API to Foundation's types, so it has its own
/// two-number path; the collection view has one section, 0.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The item's place within its section, from 0.
    public var item: Int
    /// The section's place, from 0 (always 0 in ViewKit's one-section collection view).
    public var section: Int

    public init(item: Int, section: Int = 0) {
        self.item = item
        self.section = section
    }

    /// Section first, then item (ItemPath's order).
    public static func < (l: ItemPath, r: ItemPath) -> Bool {
        (l.section, l.item) < (r.section, r.item)
    }

    public var description: String { "[\(section), \(item)]" }
}
