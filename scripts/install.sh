#!/usr/bin/env bash
# Installs NowPlaying into a prefix (default ~/.local), or removes it again:
#
#   scripts/install.sh [--prefix DIR] [--binary PATH]     build (release) and install
#   scripts/install.sh [--prefix DIR] --uninstall         remove what install put there
#
# Installs bin/nowplaying, share/nowplaying/{Assets,Fonts} (found by the binary relative to itself),
# share/applications/nowplaying.desktop, the icon in share/icons/hicolor (SVG and PNG sizes) and the AppStream
# metainfo. --binary installs an already built executable instead of building the release one.
set -euo pipefail
prefix="$HOME/.local"
binary=""
uninstall=false
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --binary) binary="$2"; shift 2 ;;
    --uninstall) uninstall=true; shift ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument $1 (try --help)" >&2; exit 2 ;;
  esac
done

# Absolute, as the caller meant them: the desktop entry names the binary by this path.
prefix=$(realpath -m -- "$prefix")
if [ -n "$binary" ]; then binary=$(realpath -m -- "$binary"); fi
cd "$(dirname "$0")/.."
appid=io.github.nowplaying.NowPlaying
sizes=(16 24 32 48 64 128 256)
share="$prefix/share"
files=(
  "$prefix/bin/nowplaying"
  "$share/applications/nowplaying.desktop"
  "$share/metainfo/$appid.metainfo.xml"
  "$share/icons/hicolor/scalable/apps/nowplaying.svg"
)
for s in "${sizes[@]}"; do files+=("$share/icons/hicolor/${s}x${s}/apps/nowplaying.png"); done

# Lets the desktop see the change at once (each tool is optional).
refresh() {
  command -v update-desktop-database >/dev/null && update-desktop-database -q "$share/applications" || true
  command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$share/icons/hicolor" 2>/dev/null || true
}

if $uninstall; then
  rm -f "${files[@]}"
  rm -rf "$share/nowplaying"
  refresh
  echo "Removed NowPlaying from $prefix."
  exit 0
fi

if [ -z "$binary" ]; then
  swift build -c release --static-swift-stdlib --product nowplaying
  binary="$(swift build -c release --show-bin-path)/nowplaying"
fi
install -D -m 755 "$binary" "$prefix/bin/nowplaying"
rm -rf "$share/nowplaying"
mkdir -p "$share/nowplaying"
cp -R Assets Fonts "$share/nowplaying/"
# The entry names the installed binary (a prefix off PATH still starts from the menu). In Exec it is quoted as
# the Desktop Entry Specification says: inside double quotes ", `, $ and \ take a backslash, % is doubled (a
# field code otherwise), then every \ is doubled again as in any string value; TryExec is a plain string value.
exe="$prefix/bin/nowplaying"
quoted=$(printf '%s' "$exe" | sed -e 's/[\\"`$]/\\&/g' -e 's/%/%%/g' -e 's/\\/\\\\/g')
plain=$(printf '%s' "$exe" | sed -e 's/\\/\\\\/g')
mkdir -p "$share/applications"
# Through the environment: awk would take backslash escapes out of -v values.
NP_EXEC="Exec=\"$quoted\" %U" NP_TRYEXEC="TryExec=$plain" awk \
  '/^Exec=/ { print ENVIRON["NP_EXEC"]; next } /^TryExec=/ { print ENVIRON["NP_TRYEXEC"]; next } { print }' \
  Assets/Desktop/nowplaying.desktop > "$share/applications/nowplaying.desktop"
chmod 644 "$share/applications/nowplaying.desktop"
install -D -m 644 Assets/Desktop/nowplaying.metainfo.xml "$share/metainfo/$appid.metainfo.xml"
install -D -m 644 Assets/Desktop/nowplaying.svg "$share/icons/hicolor/scalable/apps/nowplaying.svg"
for s in "${sizes[@]}"; do
  install -D -m 644 "Assets/Desktop/nowplaying-$s.png" "$share/icons/hicolor/${s}x${s}/apps/nowplaying.png"
done
refresh
echo "Installed NowPlaying in $prefix (run: $prefix/bin/nowplaying)."
