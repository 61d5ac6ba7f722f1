// A read-only TagLib stream over a file, for np_read_tags and np_audio_format.
#ifndef NOWPLAYING_TAGSTREAM_H
#define NOWPLAYING_TAGSTREAM_H
#include <taglib/tfilestream.h>
#include <vector>

/* The file at `path`, read only, counting the bytes read from it. Asked to leave pictures out, it shows the file as
   it would be without its embedded pictures when they are worth stepping over: an MP3's leading ID3v2 tag without
   its APIC frames, a FLAC file without its picture (and padding) blocks, an MP4 file without its `covr` item — the
   rest byte for byte, with the sizes around what was left out (tag, last block, parent atoms) told anew. TagLib reads
   a whole ID3v2 tag, every FLAC metadata block and every MP4 item into memory to parse them: for a track holding a
   4000 px cover that is megabytes read (and memory faulted in) for each title, at every scan of the library. What
   this does not walk plainly (an unsynchronised tag, an extended header, a frame, block or atom it cannot place) is
   shown as it is. */
class TagStream : public TagLib::IOStream {
public:
    TagStream(const char *path, bool leavingPicturesOut);

    TagLib::FileName name() const override { return file.name(); }
    TagLib::ByteVector readBlock(unsigned long length) override;
    void writeBlock(const TagLib::ByteVector &) override {}
    void insert(const TagLib::ByteVector &, unsigned long = 0, unsigned long = 0) override {}
    void removeBlock(unsigned long = 0, unsigned long = 0) override {}
    bool readOnly() const override { return true; }
    bool isOpen() const override { return file.isOpen(); }
    void seek(long offset, Position p = Beginning) override;
    void clear() override { file.clear(); }
    long tell() const override { return shown.empty() ? file.tell() : position; }
    long length() override { return shown.empty() ? fileLength : shownLength; }
    void truncate(long) override {}

    /* The bytes read from the file so far. */
    unsigned long bytesRead() const { return read; }

private:
    /* The file's bytes from `start` to `end` shown as `with` instead. */
    struct Edit {
        long start, end;
        TagLib::ByteVector with;
    };
    /* A stretch of what is shown: the file's bytes from `fileAt` (when it is not negative), else `bytes`. */
    struct Segment {
        long fileAt;
        TagLib::ByteVector bytes;
        unsigned long length;
    };
    /* An MP4 atom: where it starts, its length, its header's length (8, or 16 with a 64-bit length) and its type. */
    struct Atom {
        long start = 0, length = 0;
        unsigned int headerLength = 0;
        TagLib::ByteVector type;
        long end() const { return start + length; }
    };
    /* A frame or block kept: its header as shown, and where and how long its body is in the file. */
    struct Piece {
        TagLib::ByteVector header;
        long bodyAt;
        unsigned long length;
    };

    TagLib::FileStream file;
    long fileLength = 0;
    /* What is shown, in order (empty: the file as it is), and its length. */
    std::vector<Segment> shown;
    long shownLength = 0;
    long position = 0;
    unsigned long read = 0;

    TagLib::ByteVector readFile(long at, unsigned long length);
    void show(std::vector<Edit> edits);
    void leavePicturesOut(const char *path);
    void leaveID3v2PicturesOut();
    void leaveFLACPicturesOut();
    void leaveMP4PicturesOut();
    bool atomAt(long at, long within, Atom &atom);
    bool walkAtoms(long from, long to, size_t depth, bool onPath, std::vector<Atom> &path, std::vector<Atom> &covers);
    bool gather(const std::vector<Piece> &pieces, TagLib::ByteVector &out);
};
#endif
