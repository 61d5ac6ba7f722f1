#include "TagStream.h"

#include <algorithm>
#include <vector>

namespace {

/* Pictures (and padding) smaller than this are read as they are: too little to gain. */
constexpr unsigned long smallestGain = 64 * 1024;

/* Four bytes of seven bits each (ID3v2's "syncsafe" integers); -1 when a byte has its high bit set. */
long syncsafe(const TagLib::ByteVector &b, unsigned int at) {
    long sum = 0;
    for (unsigned int i = at; i < at + 4; i++) {
        if (static_cast<unsigned char>(b[i]) & 0x80) return -1;
        sum = (sum << 7) | static_cast<unsigned char>(b[i]);
    }
    return sum;
}

/* A frame's size as TagLib 1.13 reads it: 24 bits in ID3v2.2, 32 in 2.3, syncsafe in 2.4 (plain 32 bits when a
   byte says it is not, as some taggers wrote). */
long frameSize(const TagLib::ByteVector &header, unsigned char version) {
    if (version == 2) return static_cast<long>(header.toUInt(3, 3, true));
    long safe = version == 4 ? syncsafe(header, 4) : -1;
    return safe >= 0 ? safe : static_cast<long>(header.toUInt(4, true));
}

bool isFrameID(const TagLib::ByteVector &id) {
    return std::all_of(id.begin(), id.end(), [](char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); });
}

}  // namespace

TagStream::TagStream(const char *path, bool leavingPicturesOut) : file(path, true) {
    if (!file.isOpen()) return;
    fileLength = shownLength = file.length();
    if (leavingPicturesOut) leavePicturesOut();
}

TagLib::ByteVector TagStream::readFile(long at, unsigned long length) {
    file.seek(at);
    TagLib::ByteVector bytes = file.readBlock(length);
    read += bytes.size();
    return bytes;
}

/* Shows the file with `edits` (in order, apart) made: the bytes between them are the file's. */
void TagStream::show(const std::vector<Edit> &edits) {
    long at = 0;
    for (const Edit &e : edits) {
        if (e.start > at) shown.push_back({at, TagLib::ByteVector(), static_cast<unsigned long>(e.start - at)});
        if (!e.with.isEmpty()) shown.push_back({-1, e.with, e.with.size()});
        at = e.end;
    }
    if (fileLength > at) shown.push_back({at, TagLib::ByteVector(), static_cast<unsigned long>(fileLength - at)});
    shownLength = 0;
    for (const Segment &s : shown) shownLength += static_cast<long>(s.length);
}

TagLib::ByteVector TagStream::readBlock(unsigned long length) {
    if (shown.empty()) {
        TagLib::ByteVector bytes = readFile(position, length);
        position += static_cast<long>(bytes.size());
        return bytes;
    }
    TagLib::ByteVector out;
    long segmentStart = 0;
    for (const Segment &s : shown) {
        const long segmentEnd = segmentStart + static_cast<long>(s.length);
        if (length > 0 && position >= segmentStart && position < segmentEnd) {
            const unsigned long offset = static_cast<unsigned long>(position - segmentStart);
            const unsigned long taken = std::min(length, s.length - offset);
            TagLib::ByteVector part = s.fileAt >= 0 ? readFile(s.fileAt + static_cast<long>(offset), taken)
                                                    : s.bytes.mid(static_cast<unsigned int>(offset), static_cast<unsigned int>(taken));
            position += static_cast<long>(part.size());
            length -= part.size();
            if (out.isEmpty()) out = part;
            else out.append(part);
            if (part.size() != taken) break;
        }
        segmentStart = segmentEnd;
    }
    return out;
}

void TagStream::seek(long offset, Position p) {
    const long base = p == Beginning ? 0 : p == Current ? position : length();
    position = std::max(0L, base + offset);
}

void TagStream::leavePicturesOut() {
    const TagLib::ByteVector start = readFile(0, 8);
    if (start.startsWith("ID3")) leaveID3v2PicturesOut();
    else if (start.startsWith("fLaC")) leaveFLACPicturesOut();
    else if (start.size() == 8 && start.mid(4, 4) == "ftyp") leaveMP4PicturesOut();
}

/* Walks the leading ID3v2 tag's frame headers, then reads the frames other than pictures (APIC; PIC in ID3v2.2).
   Any doubt leaves the file as it is. */
void TagStream::leaveID3v2PicturesOut() {
    const TagLib::ByteVector header = readFile(0, 10);
    if (header.size() != 10 || !header.startsWith("ID3")) return;
    const unsigned char version = static_cast<unsigned char>(header[3]);
    // Unsynchronised, extended header (compressed in 2.2), experimental, footer: read as it is.
    if (version < 2 || version > 4 || (static_cast<unsigned char>(header[5]) & 0xF0)) return;
    const long tagSize = syncsafe(header, 6);
    if (tagSize < static_cast<long>(smallestGain) || 10 + tagSize > fileLength) return;
    const long end = 10 + tagSize;
    const unsigned int headerSize = version == 2 ? 6 : 10, idSize = version == 2 ? 3 : 4;
    const TagLib::ByteVector picture(version == 2 ? "PIC" : "APIC");
    std::vector<Piece> keep;
    unsigned long leftOut = 0;
    for (long at = 10; at + headerSize <= end;) {
        const TagLib::ByteVector frame = readFile(at, headerSize);
        if (frame.size() != headerSize) return;
        if (frame[0] == 0) break;  // padding
        const long size = frameSize(frame, version);
        if (!isFrameID(frame.mid(0, idSize)) || size <= 0 || at + headerSize + size > end) return;
        if (frame.mid(0, idSize) == picture) leftOut += headerSize + static_cast<unsigned long>(size);
        else keep.push_back({frame, at + headerSize, static_cast<unsigned long>(size)});
        at += headerSize + size;
    }
    if (leftOut < smallestGain) return;
    TagLib::ByteVector kept;
    if (!gather(keep, kept)) return;
    TagLib::ByteVector head = header;
    for (int i = 0; i < 4; i++) head[6 + i] = static_cast<char>((kept.size() >> (7 * (3 - i))) & 0x7F);
    show({{0, end, head.append(kept)}});
}

/* Walks a FLAC file's metadata block headers, then reads the blocks other than pictures (type 6) and padding (1),
   the last one kept marked as the last. Any doubt leaves the file as it is. */
void TagStream::leaveFLACPicturesOut() {
    constexpr unsigned char lastBlock = 0x80, padding = 1, picture = 6;
    std::vector<Piece> keep;
    unsigned long leftOut = 0;
    long at = 4;
    for (bool last = false; !last;) {
        TagLib::ByteVector header = readFile(at, 4);
        if (header.size() != 4) return;
        const unsigned char type = static_cast<unsigned char>(header[0]) & ~lastBlock;
        last = (static_cast<unsigned char>(header[0]) & lastBlock) != 0;
        const unsigned long length = header.toUInt(1, 3, true);
        if (at + 4 + static_cast<long>(length) > fileLength) return;
        if (type == picture || type == padding) {
            leftOut += 4 + length;
        } else {
            header[0] = static_cast<char>(type);
            keep.push_back({header, at + 4, length});
        }
        at += 4 + static_cast<long>(length);
    }
    if (leftOut < smallestGain || keep.empty()) return;
    keep.back().header[0] = static_cast<char>(keep.back().header[0] | lastBlock);
    TagLib::ByteVector kept("fLaC");
    if (!gather(keep, kept)) return;
    show({{0, at, kept}});
}

/* Appends each piece (its header, then its body read from the file) to `out`; false when one cannot be read whole
   or the whole would not fit a syncsafe size. */
bool TagStream::gather(const std::vector<Piece> &pieces, TagLib::ByteVector &out) {
    for (const Piece &p : pieces) {
        if (out.size() + p.header.size() + p.length >= (1ul << 28)) return false;
        const TagLib::ByteVector body = readFile(p.bodyAt, p.length);
        if (body.size() != p.length) return false;
        out.append(p.header).append(body);
    }
    return true;
}

namespace {

/* An MP4 atom: where it starts, its length, its header's length (8, or 16 with a 64-bit length) and its type. */
struct Atom {
    long start = 0, length = 0;
    unsigned int headerLength = 0;
    TagLib::ByteVector type;
    long end() const { return start + length; }
};

}  // namespace

/* Walks the atoms down to moov.udta.meta.ilst (the first of each, as TagLib finds them), leaves its covr items out
   and tells moov, udta, meta and ilst their lengths without them. Any doubt leaves the file as it is. */
void TagStream::leaveMP4PicturesOut() {
    auto atomAt = [this](long at, long within, Atom &atom) {
        TagLib::ByteVector header = readFile(at, 8);
        if (header.size() != 8) return false;
        atom = {at, static_cast<long>(header.toUInt(0, true)), 8, header.mid(4, 4)};
        if (atom.length == 1) {
            const TagLib::ByteVector large = readFile(at + 8, 8);
            if (large.size() != 8 || large.toLongLong(true) < 16 || large.toLongLong(true) > within - at) return false;
            atom.length = static_cast<long>(large.toLongLong(true));
            atom.headerLength = 16;
        }
        return atom.length >= static_cast<long>(atom.headerLength) && atom.end() <= within;
    };
    // The children of `parent` (its own, or the file's when it has no type) named `type`.
    auto children = [&](const Atom &parent, const char *type, std::vector<Atom> &found) {
        long at = parent.start + parent.headerLength;
        if (parent.type == "meta") {
            // A full atom (version and flags first) unless a child's type follows its header at once, as TagLib tells.
            const TagLib::ByteVector next = readFile(at + 4, 4);
            static const char *const childTypes[] = {"hdlr", "ilst", "mhdr", "ctry", "lang"};
            if (std::none_of(std::begin(childTypes), std::end(childTypes), [&](const char *t) { return next == t; })) at += 4;
        }
        while (at + 8 <= parent.end()) {
            Atom child;
            if (!atomAt(at, parent.end(), child)) return false;
            if (child.type == type) found.push_back(child);
            at = child.end();
        }
        return true;
    };
    Atom file{0, fileLength, 0, TagLib::ByteVector()};
    std::vector<Atom> path{file};
    for (const char *type : {"moov", "udta", "meta", "ilst"}) {
        std::vector<Atom> found;
        if (!children(path.back(), type, found) || found.empty()) return;
        path.push_back(found.front());
    }
    std::vector<Atom> covers;
    if (!children(path.back(), "covr", covers)) return;
    long leftOut = 0;
    for (const Atom &c : covers) leftOut += c.length;
    if (leftOut < static_cast<long>(smallestGain)) return;
    std::vector<Edit> edits;
    for (size_t i = 1; i < path.size(); i++) {
        const Atom &a = path[i];
        const long length = a.length - leftOut;
        if (a.headerLength == 16) edits.push_back({a.start + 8, a.start + 16, TagLib::ByteVector::fromLongLong(length, true)});
        else edits.push_back({a.start, a.start + 4, TagLib::ByteVector::fromUInt(static_cast<unsigned int>(length), true)});
    }
    for (const Atom &c : covers) edits.push_back({c.start, c.end(), TagLib::ByteVector()});
    show(edits);
}
