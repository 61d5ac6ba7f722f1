// Read-only tag access through TagLib 1.13's C++ API (its C API has no pictures).
#include "CTagLib.h"
#include "TagStream.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <locale.h>
#include <stdlib.h>
#include <string>
#include <taglib/asffile.h>
#include <taglib/asfpicture.h>
#include <taglib/asftag.h>
#include <taglib/attachedpictureframe.h>
#include <taglib/fileref.h>
#include <taglib/tdebuglistener.h>
#include <taglib/flacfile.h>
#include <taglib/flacpicture.h>
#include <taglib/id3v2tag.h>
#include <taglib/mp4atom.h>
#include <taglib/mp4file.h>
#include <taglib/mp4tag.h>
#include <taglib/mpegfile.h>
#include <taglib/opusfile.h>
#include <taglib/tpropertymap.h>
#include <taglib/vorbisfile.h>
#include <taglib/wavfile.h>
#include <taglib/xiphcomment.h>

namespace {

char *copy(const TagLib::String &s) {
    if (s.isEmpty()) return nullptr;
    std::string utf8 = s.to8Bit(true);
    char *out = static_cast<char *>(std::malloc(utf8.size() + 1));
    std::memcpy(out, utf8.c_str(), utf8.size() + 1);
    return out;
}

void setPicture(np_tags *out, const TagLib::ByteVector &data) {
    if (data.isEmpty() || out->picture) return;
    out->picture = static_cast<unsigned char *>(std::malloc(data.size()));
    std::memcpy(out->picture, data.data(), data.size());
    out->picture_size = data.size();
}

/* The front cover from WMA's WM/Picture attributes, else the first picture. */
void fromASF(np_tags *out, const TagLib::ASF::AttributeList &attributes) {
    for (const auto &a : attributes) {
        TagLib::ASF::Picture p = a.toPicture();
        if (p.isValid() && p.type() == TagLib::ASF::Picture::FrontCover) { setPicture(out, p.picture()); return; }
    }
    for (const auto &a : attributes) {
        TagLib::ASF::Picture p = a.toPicture();
        if (p.isValid()) { setPicture(out, p.picture()); return; }
    }
}

/* The front cover from a list of FLAC-style pictures, else the first one. */
void fromPictures(np_tags *out, const TagLib::List<TagLib::FLAC::Picture *> &pictures) {
    for (auto *p : pictures)
        if (p->type() == TagLib::FLAC::Picture::FrontCover) { setPicture(out, p->data()); return; }
    if (!pictures.isEmpty()) setPicture(out, pictures.front()->data());
}

void fromID3(np_tags *out, TagLib::ID3v2::Tag *tag) {
    if (!tag) return;
    const auto &frames = tag->frameListMap()["APIC"];
    for (auto *f : frames) {
        auto *apic = dynamic_cast<TagLib::ID3v2::AttachedPictureFrame *>(f);
        if (apic && apic->type() == TagLib::ID3v2::AttachedPictureFrame::FrontCover) { setPicture(out, apic->picture()); return; }
    }
    for (auto *f : frames)
        if (auto *apic = dynamic_cast<TagLib::ID3v2::AttachedPictureFrame *>(f)) { setPicture(out, apic->picture()); return; }
}

/* The first value of `key` read as a number ("-6.02 dB" -> -6.02), NAN when absent or not a number. Read in
   the C locale whatever the process's is: tags write a decimal point, and a thread reading tags may run while
   SDL sets the user's locale for a moment (its X11 input method does, while the window opens). */
double firstDouble(const TagLib::PropertyMap &props, const char *key) {
    static const locale_t cLocale = newlocale(LC_NUMERIC_MASK, "C", static_cast<locale_t>(0));
    auto it = props.find(key);
    if (it == props.end() || it->second.isEmpty()) return NAN;
    std::string text = it->second.front().to8Bit(true);
    char *end = nullptr;
    double value = cLocale ? strtod_l(text.c_str(), &end, cLocale) : std::strtod(text.c_str(), &end);
    return end == text.c_str() ? NAN : value;
}

/* iTunes freeform atoms (`----:com.apple.iTunes:replaygain_track_gain`, as foobar2000 and dBpoweramp write
   ReplayGain into M4A files) that TagLib 1.13 leaves out of an MP4 file's properties, added under their names. */
void addFreeform(TagLib::PropertyMap &props, TagLib::File *file) {
    auto *mp4 = dynamic_cast<TagLib::MP4::File *>(file);
    if (!mp4 || !mp4->tag()) return;
    const TagLib::String prefix = "----:com.apple.iTunes:";
    for (const auto &item : mp4->tag()->itemMap()) {
        if (!item.first.startsWith(prefix)) continue;
        TagLib::String name = item.first.substr(prefix.size()).upper();
        if (props.find(name) == props.end()) props.insert(name, item.second.toStringList());
    }
}

void readReplayGain(np_tags *out, const TagLib::PropertyMap &props) {
    out->track_gain = firstDouble(props, "REPLAYGAIN_TRACK_GAIN");
    out->track_peak = firstDouble(props, "REPLAYGAIN_TRACK_PEAK");
    out->album_gain = firstDouble(props, "REPLAYGAIN_ALBUM_GAIN");
    out->album_peak = firstDouble(props, "REPLAYGAIN_ALBUM_PEAK");
    double r128Track = firstDouble(props, "R128_TRACK_GAIN"), r128Album = firstDouble(props, "R128_ALBUM_GAIN");
    if (std::isnan(out->track_gain) && !std::isnan(r128Track)) out->track_gain = r128Track / 256 + 5;
    if (std::isnan(out->album_gain) && !std::isnan(r128Album)) out->album_gain = r128Album / 256 + 5;
}

int firstNumber(const TagLib::PropertyMap &props, const char *key) {
    auto it = props.find(key);
    if (it == props.end() || it->second.isEmpty()) return 0;
    return std::atoi(it->second.front().toCString(true));
}

/* Drops every message: the app reports what it could not read in its own words. */
class SilentListener : public TagLib::DebugListener {
public:
    void printMessage(const TagLib::String &) override {}
};

}  // namespace

extern "C" void np_silence_taglib(void) {
    static SilentListener listener;
    TagLib::setDebugListener(&listener);
}

namespace {

/* An MP4's length as it plays: its movie header's (mvhd), which leaves out what the edit list trims (the AAC
   encoder's priming and padding) as FFmpeg does, where TagLib 1.13 takes the media header's (mdhd) with them in.
   0 when the header is missing or says nothing. */
double movieLength(TagLib::MP4::File *file) {
    TagLib::MP4::Atoms atoms(file);
    TagLib::MP4::Atom *mvhd = atoms.find("moov", "mvhd");
    if (!mvhd || mvhd->length < 8) return 0;
    file->seek(mvhd->offset);
    TagLib::ByteVector box = file->readBlock(mvhd->length < 64 ? static_cast<unsigned long>(mvhd->length) : 64UL);
    /* Its size in 32 bits, or 1 and 64 bits after the name. */
    const unsigned int header = box.size() >= 4 && box.toUInt(0U) == 1 ? 16 : 8;
    if (box.size() < header + 1) return 0;
    const bool wide = box[header] == 1;
    const unsigned int scaleAt = header + (wide ? 20 : 12), durationAt = scaleAt + 4;
    if (box.size() < durationAt + (wide ? 8 : 4)) return 0;
    const unsigned int scale = box.toUInt(scaleAt);
    const unsigned long long duration = wide ? box.toLongLong(durationAt) : box.toUInt(durationAt);
    return scale > 0 && duration > 0 ? static_cast<double>(duration) / scale : 0;
}

/* A WAV file's RIFF INFO chunk (what ffmpeg, Windows and most rippers write), which TagLib 1.13's WAV tag() leaves
   out (it is the ID3v2 tag alone): the title, artist, album and track number each come from it where the ID3v2 tag
   has none. NULL for other files. */
TagLib::Tag *infoTag(TagLib::File *file) {
    auto *wav = dynamic_cast<TagLib::RIFF::WAV::File *>(file);
    return wav && wav->hasInfoTag() ? wav->InfoTag() : nullptr;
}

int readTags(TagStream &stream, np_tags *out, int fields) {
    if (!stream.isOpen()) return -1;
    TagLib::FileRef ref(&stream, (fields & NP_FIELD_TEXT) != 0, TagLib::AudioProperties::Average);
    if (ref.isNull() || !ref.file() || !ref.file()->isValid()) return -1;
    out->track_gain = out->track_peak = out->album_gain = out->album_peak = NAN;
    if (fields & NP_FIELD_TEXT) {
        if (ref.audioProperties()) out->duration = ref.audioProperties()->lengthInMilliseconds() / 1000.0;
        out->mpeg = ref.audioProperties() && dynamic_cast<TagLib::MPEG::File *>(ref.file()) != nullptr;
        if (auto *mp4 = dynamic_cast<TagLib::MP4::File *>(ref.file())) {
            if (double movie = movieLength(mp4)) out->duration = movie;
        }
        TagLib::Tag *tag = ref.tag(), *info = infoTag(ref.file());
        auto text = [&](TagLib::String (TagLib::Tag::*field)() const) {
            TagLib::String value = tag ? (tag->*field)() : TagLib::String();
            return value.isEmpty() && info ? (info->*field)() : value;
        };
        if (tag || info) {
            out->title = copy(text(&TagLib::Tag::title));
            out->artist = copy(text(&TagLib::Tag::artist));
            out->album = copy(text(&TagLib::Tag::album));
            const unsigned int track = tag ? tag->track() : 0;
            out->track = static_cast<int>(track || !info ? track : info->track());
        }
    }
    if (fields & (NP_FIELD_TEXT | NP_FIELD_LYRICS)) {
        TagLib::PropertyMap props = ref.file()->properties();
        addFreeform(props, ref.file());
        if (fields & NP_FIELD_TEXT) {
            out->disc = firstNumber(props, "DISCNUMBER");
            auto albumArtist = props.find("ALBUMARTIST");
            if (albumArtist != props.end() && !albumArtist->second.isEmpty()) out->album_artist = copy(albumArtist->second.front());
            readReplayGain(out, props);
        }
        auto lyrics = props.find("LYRICS");
        if ((fields & NP_FIELD_LYRICS) && lyrics != props.end() && !lyrics->second.isEmpty())
            out->lyrics = copy(lyrics->second.toString("\n"));
    }
    if (!(fields & NP_FIELD_PICTURE)) return 0;

    TagLib::File *file = ref.file();
    if (auto *mpeg = dynamic_cast<TagLib::MPEG::File *>(file)) {
        fromID3(out, mpeg->ID3v2Tag());
    } else if (auto *flac = dynamic_cast<TagLib::FLAC::File *>(file)) {
        fromPictures(out, flac->pictureList());
        if (!out->picture && flac->xiphComment()) fromPictures(out, flac->xiphComment()->pictureList());
    } else if (auto *vorbis = dynamic_cast<TagLib::Ogg::Vorbis::File *>(file)) {
        if (vorbis->tag()) fromPictures(out, vorbis->tag()->pictureList());
    } else if (auto *opus = dynamic_cast<TagLib::Ogg::Opus::File *>(file)) {
        if (opus->tag()) fromPictures(out, opus->tag()->pictureList());
    } else if (auto *mp4 = dynamic_cast<TagLib::MP4::File *>(file)) {
        if (mp4->tag() && mp4->tag()->contains("covr")) {
            TagLib::MP4::CoverArtList covers = mp4->tag()->item("covr").toCoverArtList();
            if (!covers.isEmpty()) setPicture(out, covers.front().data());
        }
    } else if (auto *asf = dynamic_cast<TagLib::ASF::File *>(file)) {
        if (asf->tag()) fromASF(out, asf->tag()->attribute("WM/Picture"));
    }
    return 0;
}

}  // namespace

extern "C" int np_read_tags(const char *path, np_tags *out, int fields) {
    std::memset(out, 0, sizeof(*out));
    // Read-only (TagLib would otherwise open the user's music files for writing whenever it may); a read that wants
    // no picture does not read one.
    TagStream stream(path, !(fields & NP_FIELD_PICTURE));
    int result = readTags(stream, out, fields);
    out->bytes_read = stream.bytesRead();
    return result;
}

extern "C" void np_free_tags(np_tags *tags) {
    std::free(tags->title);
    std::free(tags->artist);
    std::free(tags->album);
    std::free(tags->album_artist);
    std::free(tags->lyrics);
    std::free(tags->picture);
    std::memset(tags, 0, sizeof(*tags));
}

extern "C" char *np_audio_format(const char *path) {
    TagStream stream(path, true);
    if (!stream.isOpen()) return nullptr;
    TagLib::FileRef ref(&stream, true, TagLib::AudioProperties::Fast);
    if (ref.isNull() || !ref.file() || !ref.file()->isValid()) return nullptr;
    std::string codec;
    if (auto *mp4 = dynamic_cast<TagLib::MP4::File *>(ref.file())) {
        auto *p = mp4->audioProperties();
        if (p && p->codec() == TagLib::MP4::Properties::AAC) codec = "AAC";
        if (p && p->codec() == TagLib::MP4::Properties::ALAC) codec = "ALAC";
    } else if (auto *asf = dynamic_cast<TagLib::ASF::File *>(ref.file())) {
        auto *p = asf->audioProperties();
        if (p) switch (p->codec()) {
            case TagLib::ASF::Properties::WMA1: codec = "WMA 1"; break;
            case TagLib::ASF::Properties::WMA2: codec = "WMA 2"; break;
            case TagLib::ASF::Properties::WMA9Pro: codec = "WMA 9 Pro"; break;
            case TagLib::ASF::Properties::WMA9Lossless: codec = "WMA 9 Lossless"; break;
            default: break;
        }
    }
    if (codec.empty()) return nullptr;
    std::string container;
    for (const char *dot = std::strrchr(path, '.'); dot && *++dot;) container += static_cast<char>(std::toupper(*dot));
    if (container.empty()) container = "MP4";
    // "an" before a letter whose name starts with a vowel sound (M: "em", F: "ef" …).
    const char *article = std::strchr("AEFHILMNORSX", container[0]) ? "an" : "a";
    std::string words = codec + " in " + article + " " + container + " file";
    return strdup(words.c_str());
}
