import Foundation
import Testing
@testable import ViewKit

@MainActor
final class CollectionViewTests {
    /// Data sources are weak references in the collection view: the suite keeps them alive.
    private var sources: [Source] = []
    private var roots: [View] = []

    final class Source: CollectionViewDataSource {
        let count: Int
        var created = 0
        var reused = 0
        init(count: Int) { self.count = count }
        func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionViewCell {
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "c", for: ip) as! CountingCell
            if cell.uses > 0 { reused += 1 } else { created += 1 }
            cell.uses += 1
            cell.identifier = "item.\(ip.item)"
            return cell
        }
    }

    final class CountingCell: CollectionViewCell {
        var uses = 0
        var prepared = 0
        override func prepareForReuse() { prepared += 1 }
    }

    private func make(count: Int) -> (CollectionView, Source) {
        let cv = CollectionView()
        cv.register(CountingCell.self, forCellWithReuseIdentifier: "c")
        cv.itemSize = Size(width: 100, height: 100)
        cv.frame = Rect(x: 0, y: 0, width: 350, height: 100)
        let source = Source(count: count)
        sources.append(source)
        cv.dataSource = source
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        root.addSubview(cv)
        roots.append(root)
        cv.layoutIfNeeded()
        return (cv, source)
    }

    @Test func testOnlyVisibleCellsExist() {
        let (cv, _) = make(count: 10)
        #expect(cv.indexPathsForVisibleItems.map(\.item) == [0, 1, 2, 3])
        #expect(cv.contentSize.width == 1000)
        cv.contentOffset = Point(x: 250, y: 0)
        cv.layoutIfNeeded()
        #expect(cv.indexPathsForVisibleItems.map(\.item) == [2, 3, 4, 5])
        #expect(cv.cellForItem(at: ItemPath(item: 3))?.identifier == "item.3")
        let cell = cv.cellForItem(at: ItemPath(item: 4))!
        #expect(cv.indexPath(for: cell) == ItemPath(item: 4))
        #expect(cell.convert(Point.zero, to: nil) == Point(x: 150, y: 0), "cells sit in content space")
    }

    @Test func testBackgroundViewFillsTheBoundsBehindTheCellsAndStaysPut() {
        let (cv, _) = make(count: 10)
        let background = View()
        cv.backgroundView = background
        cv.layoutIfNeeded()
        #expect(cv.subviewsInDrawingOrder.first === background, "drawn before every cell")
        #expect(background.convert(background.bounds, to: nil) == Rect(x: 0, y: 0, width: 350, height: 100))
        cv.contentOffset = Point(x: 420, y: 0)
        cv.layoutIfNeeded()
        #expect(background.convert(background.bounds, to: nil) == Rect(x: 0, y: 0, width: 350, height: 100),
                "it does not scroll with the content")
        #expect(cv.subviewsInDrawingOrder.first === background, "new cells join above it")
        cv.backgroundView = nil
        #expect(background.superview == nil)
    }

    @Test func testTenThousandItemsCostNoMoreThanTen() {
        let (small, smallSource) = make(count: 10)
        let (large, largeSource) = make(count: 10_000)
        #expect(small.visibleCells.count == large.visibleCells.count)
        #expect(smallSource.created == largeSource.created)
        // Scroll across the whole large collection: cells are recycled, never more than fit on screen + 1.
        for step in 0..<400 {
            large.contentOffset = Point(x: Double(step) * 2_499.0, y: 0)
            large.layoutIfNeeded()
        }
        #expect(largeSource.created <= 8)
        #expect(largeSource.reused > 300)
        #expect(large.subviews.count == largeSource.created, "recycled cells are kept, not duplicated")
    }

    /// Issue 18 (memory flat from 10 to 10,000 tracks): items of one size (the carousel's, the library list's)
    /// keep no frame each: a layout of 10,000 holds nothing per item, yet every frame is where a line of items
    /// `spacing` apart puts it (the formula written out), and the item under a point is the one whose frame
    /// holds it (checked against a search of every frame).
    @Test func testItemsOfOneSizeKeepNoFrameEach() {
        let uniform = ItemFrames(count: 10_000, horizontal: true, across: 120, spacing: 7.5) { _ in Size(width: 100, height: 80) }
        #expect(!uniform.keepsFramePerItem)
        #expect(uniform.length == 10_000 * 100 + 9_999 * 7.5)
        for i in [0, 1, 2, 4_999, 9_999] {
            #expect(uniform.frame(at: i) == Rect(x: Double(i) * 107.5, y: 20, width: 100, height: 80))
        }
        let sizes: [Size] = (0..<50).map { (i: Int) -> Size in
            let w: Int = 20 + (i * 37) % 60, h: Int = 10 + (i * 11) % 50
            return Size(width: Double(w), height: Double(h))
        }
        let mixed = ItemFrames(count: 50, horizontal: false, across: 90, spacing: 3) { sizes[$0] }
        #expect(mixed.keepsFramePerItem)
        var y = 0.0
        for (i, s) in sizes.enumerated() {
            #expect(mixed.frame(at: i) == Rect(x: (90 - s.width) / 2, y: y, width: s.width, height: s.height))
            y += s.height + 3
        }
        #expect(mixed.length == y - 3)
        for frames in [uniform, mixed] {
            for k in 0..<400 {
                let x: Double = Double(k * 389 % 4_000) * 0.75, y: Double = Double(k * 211 % 1_900) * 0.5
                let p = Point(x: x, y: y)
                let everyFrame = (0..<min(frames.count, 200)).first { frames.frame(at: $0).contains(p) }
                #expect(frames.index(at: p) == everyFrame, "point \(p)")
            }
        }
        let (cv, _) = make(count: 10_000)
        #expect(cv.frameForItem(at: ItemPath(item: 9_999)) == Rect(x: 999_900, y: 0, width: 100, height: 100))
        #expect(cv.indexPathForItem(at: Point(x: 999_950, y: 50)) == ItemPath(item: 9_999))
        #expect(cv.indexPathForItem(at: Point(x: 1_000_000, y: 50)) == nil)
    }

    @Test func testReusedCellsArePrepared() {
        let (cv, _) = make(count: 10)
        cv.contentOffset = Point(x: 600, y: 0)
        cv.layoutIfNeeded()
        let prepared = cv.visibleCells.compactMap { $0 as? CountingCell }.map(\.prepared).reduce(0, +)
        #expect(prepared > 0)
    }

    @Test func testScrollToItemCentresWithinTheInsets() {
        let (cv, _) = make(count: 10)
        cv.contentInset = EdgeInsets(top: 0, left: 125, bottom: 0, right: 125)
        cv.scrollToItem(at: ItemPath(item: 0), at: .centeredHorizontally, animated: false)
        #expect(cv.contentOffset.x == -125, "the first item can be centred thanks to the inset")
        cv.scrollToItem(at: ItemPath(item: 9), at: .centeredHorizontally, animated: false)
        #expect(cv.contentOffset.x == 775)
        #expect(cv.maximumContentOffset.x == 775)
    }

    @Test func testReloadDataAsksAgain() {
        let (cv, source) = make(count: 10)
        let before = source.created + source.reused
        cv.reloadData()
        cv.layoutIfNeeded()
        #expect(source.created + source.reused == before + 4)
    }

    final class Prefetcher: CollectionViewDataSourcePrefetching {
        var asked: [[Int]] = []
        var cancelled: [[Int]] = []
        func collectionView(_ cv: CollectionView, prefetchItemsAt indexPaths: [ItemPath]) { asked.append(indexPaths.map(\.item)) }
        func collectionView(_ cv: CollectionView, cancelPrefetchingForItemsAt indexPaths: [ItemPath]) {
            cancelled.append(indexPaths.map(\.item))
        }
    }

    /// Items within a screen's length of the visible ones are announced once, before their cells exist;
    /// those that drift away unseen are cancelled, those that were shown are not.
    @Test func testPrefetchingAnnouncesItemsAScreenAhead() {
        let (cv, _) = make(count: 20)
        let prefetcher = Prefetcher()
        cv.prefetchDataSource = prefetcher
        cv.setNeedsLayout()
        cv.layoutIfNeeded()
        // Visible 0…349 shows items 0–3; a screen further (to 699) reaches items 4–6.
        #expect(prefetcher.asked == [[4, 5, 6]])
        #expect(cv.indexPathsForVisibleItems.map(\.item) == [0, 1, 2, 3], "prefetching makes no cells")
        cv.contentOffset = Point(x: 250, y: 0)
        cv.layoutIfNeeded()
        // Visible 250…599 (items 2–5), reach −100…949 (items 0–9): 7, 8, 9 are new; 4 and 5 are now shown.
        #expect(prefetcher.asked == [[4, 5, 6], [0, 1, 7, 8, 9]])
        #expect(prefetcher.cancelled.isEmpty)
        cv.contentOffset = Point(x: 0, y: 0)
        cv.layoutIfNeeded()
        // Back at the start: 7–9 left the reach unseen; 6 was never shown and is still within reach.
        #expect(prefetcher.cancelled == [[7, 8, 9]])
        #expect(prefetcher.asked.count == 3 && prefetcher.asked[2] == [4, 5], "items that were shown are announced again")
        cv.setNeedsLayout()
        cv.layoutIfNeeded()
        #expect(prefetcher.asked.count == 3 && prefetcher.cancelled.count == 1, "nothing moved: nothing asked again")
    }
}
