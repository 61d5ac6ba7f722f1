#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages NowPlaying builds and tests with, skipping those already present.
# Runs apt-get as root, or through sudo when not root.
set -euo pipefail
packages=(
  pkg-config
  libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libsdl2-mixer-dev libtag1-dev libturbojpeg0-dev libpng-dev libwebp-dev
  libfontconfig-dev libfribidi-dev
  libavformat-dev libavcodec-dev libswresample-dev libavutil-dev ffmpeg
  libmpg123-dev libvorbis-dev libopusfile-dev libflac-dev libsndfile1-dev libsamplerate0-dev timgm6mb-soundfont
  fonts-dejavu-core fonts-droid-fallback fonts-noto-color-emoji fonts-morisawa-bizud-gothic
  xvfb xauth xdotool x11-utils x11-apps imagemagick
  libgl1-mesa-dri libglx-mesa0 openbox
  libpulse-dev libsystemd-dev dbus playerctl python3-gi gir1.2-glib-2.0 shared-mime-info python3-mutagen
  pulseaudio pulseaudio-utils desktop-file-utils appstream
  strace util-linux
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
