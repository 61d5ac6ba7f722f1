#include "TagStream.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <string>
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

/* What TagLib 1.13's FileRef makes of a file named so (it goes by the extension first). */
enum class Kind { mpeg, flac, mp4, other };

Kind kindNamed(const char *path) {
    const char *dot = std::strrchr(path, '.');
    if (!dot || std::strchr(dot, '/')) return Kind::other;
    std::string ext;
    for (const char *c = dot + 1; *c; c++) ext += static_cast<char>(std::toupper(static_cast<unsigned char>(*c)));
    if (ext == "MP3" || ext == "MP2" || ext == "AAC") return Kind::mpeg;
    if (ext == "FLAC") return Kind::flac;
    for (const char *mp4 : {"M4A", "M4R", "M4B", "M4P", "MP4", "3G2", "M4V"})
        if (ext == mp4) return Kind::mp4;
    return Kind::other;
}

}  // namespace

TagStream::TagStream(const char *path, bool leavingPicturesOut) : file(path, true) {
    if (!file.isOpen()) return;
    fileLength = file.length();
    if (leavingPicturesOut) leavePicturesOut(path);
    file.seek(0);
}

TagLib::ByteVector TagStream::readFile(long at, unsigned long length) {
    file.seek(at);
    TagLib::ByteVector bytes = file.readBlock(length);
    read += bytes.size();
    return bytes;
}

/* Shows the file with `edits` (apart from each other) made: the bytes between them are the file's. */
void TagStream::show(std::vector<Edit> edits) {
    std::sort(edits.begin(), edits.end(), [](const Edit &a, const Edit &b) { return a.start < b.start; });
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
        TagLib::ByteVector bytes = file.readBlock(length);
        read += bytes.size();
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

/* As a file stream seeks: anywhere from the start on, and a place before the start is refused (nothing moves). */
void TagStream::seek(long offset, Position p) {
    if (shown.empty()) return file.seek(offset, p);
    const long base = p == Beginning ? 0 : p == Current ? position : length();
    if (base + offset >= 0) position = base + offset;
}

/* Leaves the pictures out where the file's name and its first bytes agree on what it is (TagLib goes by the name). */
void TagStream::leavePicturesOut(const char *path) {
    const Kind kind = kindNamed(path);
    if (kind == Kind::other) return;
    const TagLib::ByteVector start = readFile(0, 8);
    switch (kind) {
    case Kind::mpeg: if (start.startsWith("ID3")) leaveID3v2PicturesOut(); break;
    case Kind::flac: if (start.startsWith("fLaC")) leaveFLACPicturesOut(); break;
    case Kind::mp4: if (start.size() == 8 && start.mid(4, 4) == "ftyp") leaveMP4PicturesOut(); break;
    case Kind::other: break;
    }
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
    // A frame ID at `at`, within the tag (as TagLib looks for one past a frame).
    auto frameIDAt = [&](long at) { return at + 4 <= end && isFrameID(readFile(at, 4)); };
    for (long at = 10; at + headerSize <= end;) {
        const TagLib::ByteVector frame = readFile(at, headerSize);
        if (frame.size() != headerSize) return;
        if (frame[0] == 0) break;  // padding
        long size = frameSize(frame, version);
        // TagLib's rule for ID3v2.4 frames iTunes wrote with 2.3's plain sizes: a size whose end is no frame's start,
        // read plainly, when that end is.
        if (version == 4 && size > 127 && !frameIDAt(at + 10 + size)) {
            const long plain = static_cast<long>(frame.toUInt(4, true));
            if (frameIDAt(at + 10 + plain)) size = plain;
        }
        // Compressed, encrypted, grouped or with a data length of its own (which TagLib reads past the frame when it
        // says more than the frame holds): read as it is.
        const unsigned char flags = static_cast<unsigned char>(frame[headerSize - 1]);
        if (version > 2 && (flags & (version == 3 ? 0xE0 : 0x4D))) return;
        if (!isFrameID(frame.mid(0, idSize)) || size <= 0 || at + headerSize + size > end) return;
        if (frame.mid(0, idSize) == picture) {
            leftOut += headerSize + static_cast<unsigned long>(size);
        } else {
            // An ID3v2.4 frame's size as chosen here, written syncsafe: TagLib would choose again by what follows it,
            // which the pictures left out change.
            TagLib::ByteVector shownHeader = frame;
            if (version == 4) {
                if (size >= (1L << 28)) return;
                for (int i = 0; i < 4; i++) shownHeader[4 + i] = static_cast<char>((size >> (7 * (3 - i))) & 0x7F);
            }
            keep.push_back({shownHeader, at + headerSize, static_cast<unsigned long>(size)});
        }
        at += headerSize + size;
    }
    if (leftOut < smallestGain) return;
    TagLib::ByteVector kept;
    if (!gather(keep, kept)) return;
    // Padding after the frames, where TagLib stops (and finds no frame past the last one).
    kept.append(TagLib::ByteVector(16, 0));
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
        // What TagLib refuses as a FLAC file is read as it is: a first block that is not STREAMINFO, an empty block
        // other than padding or a seek table.
        if ((at == 4 && type != 0) || (length == 0 && type != padding && type != 3)) return;
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

/* Reads the atom at `at`, which must end by `within`: false when it cannot be read or does not fit. A length of 0
   runs to the file's end and a 64-bit length follows a length of 1, as TagLib reads them. */
bool TagStream::atomAt(long at, long within, Atom &atom) {
    const TagLib::ByteVector header = readFile(at, 8);
    if (header.size() != 8) return false;
    atom = {at, static_cast<long>(header.toUInt(0, true)), 8, header.mid(4, 4)};
    if (atom.length == 0) atom.length = fileLength - at;
    if (atom.length == 1) {
        const TagLib::ByteVector large = readFile(at + 8, 8);
        if (large.size() != 8 || large.toLongLong(true) < 16 || large.toLongLong(true) > within - at) return false;
        atom.length = static_cast<long>(large.toLongLong(true));
        atom.headerLength = 16;
    }
    return atom.length >= static_cast<long>(atom.headerLength) && atom.end() <= within;
}

/* Walks the atoms from `from` to `to` and, within the containers TagLib descends into, theirs: each must fit its
   parent, and a parent's children must fill it exactly (TagLib reads a container's children on from where the last
   one ended, so one that overran would shift all it reads after, differently once a cover is left out). Notes the
   first moov, its first udta, that one's first meta and that one's first ilst in `path` (which starts with the
   file), and that ilst's covr items in `covers`. */
bool TagStream::walkAtoms(long from, long to, size_t depth, bool onPath, std::vector<Atom> &path, std::vector<Atom> &covers) {
    static const char *const containers[] = {"moov", "udta", "mdia", "meta", "ilst", "stbl", "minf", "moof", "traf", "trak", "stsd"};
    static const char *const wanted[] = {"moov", "udta", "meta", "ilst"};
    if (depth > 32) return false;
    const bool top = depth == 0;
    long at = from;
    while (top ? at + 8 <= to : at < to) {
        Atom atom;
        if (!atomAt(at, to, atom)) return false;
        const bool childOnPath = onPath && depth < 4 && path.size() == depth + 1 && atom.type == wanted[depth];
        if (childOnPath) path.push_back(atom);
        if (onPath && depth == 4 && atom.type == "covr") covers.push_back(atom);
        if (std::any_of(std::begin(containers), std::end(containers), [&](const char *c) { return atom.type == c; })) {
            long body = atom.start + atom.headerLength;
            if (atom.type == "meta") {
                // A full atom (version and flags first) unless a child's type follows its header at once, as TagLib tells.
                if (atom.end() - body < 8) return false;
                const TagLib::ByteVector next = readFile(body + 4, 4);
                static const char *const childTypes[] = {"hdlr", "ilst", "mhdr", "ctry", "lang"};
                if (std::none_of(std::begin(childTypes), std::end(childTypes), [&](const char *t) { return next == t; })) body += 4;
            } else if (atom.type == "stsd") {
                body += 8;  // version, flags and the entry count
            }
            if (body > atom.end() || !walkAtoms(body, atom.end(), depth + 1, childOnPath, path, covers)) return false;
        }
        at = atom.end();
    }
    return top || at == to;
}

/* Leaves moov.udta.meta.ilst's covr items out (the first of each, as TagLib finds them) and tells moov, udta, meta and
   ilst their lengths without them, when every atom TagLib reads fits where it is. Any doubt leaves the file as it is. */
void TagStream::leaveMP4PicturesOut() {
    std::vector<Atom> path{{0, fileLength, 0, TagLib::ByteVector()}}, covers;
    if (!walkAtoms(0, fileLength, 0, true, path, covers) || path.size() != 5) return;
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
