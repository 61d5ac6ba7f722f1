#!/usr/bin/env bash
# Draws the demo album's cover art (600 × 600 JPEG) with ImageMagick: a diagonal two-colour gradient
# textured by a seeded, blurred plasma field, a motif per track and the title set in Inter. The results are committed under
# Assets/Demo/covers; run this again only to change them. Needs: imagemagick, fonts in ../Fonts.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out="$here/Assets/Demo/covers"
font="$here/Fonts/Inter-Bold.otf"
mkdir -p "$out"

cover() { # name seed colour1 colour2 motif (MVG primitives) title
  local name=$1 seed=$2 c1=$3 c2=$4 motif=$5 title=$6
  convert -size 600x600 xc: -sparse-color barycentric "0,0 $c1 599,599 $c2" \
    \( -size 600x600 -seed "$seed" plasma:fractal -colorspace gray -blur 0x20 -auto-level \) \
    -compose soft-light -composite -compose over \
    \( -size 600x600 xc:none -stroke 'rgba(255,255,255,0.85)' -fill none -strokewidth 6 -draw "$motif" \) -composite \
    \( -size 600x600 gradient:'rgba(0,0,0,0)'-'rgba(0,0,0,0.55)' \) -composite \
    -font "$font" -pointsize 46 -fill white -gravity southwest -annotate +44+52 "$title" \
    -strip -quality 90 "$out/$name.jpg"
}

cover 01-neon-harbor      11 '#ff2a6d' '#05d9e8' "circle 300,260 300,130 line 60,380 540,380 line 100,410 500,410" "Neon Harbor"
cover 02-paper-satellites 23 '#f9c80e' '#f86624' "ellipse 300,260 200,70 0,360 circle 300,260 300,225 point 120,120" "Paper Satellites"
cover 03-glass-orchard    37 '#2ec4b6' '#cbf3f0' "polygon 300,110 420,330 180,330 polygon 300,170 380,330 220,330" "Glass Orchard"
cover 04-slow-comet       41 '#3a0ca3' '#f72585' "circle 390,190 390,150 line 360,220 120,430 line 345,200 150,380" "Slow Comet"
cover 05-midnight-tram    53 '#03045e' '#00b4d8' "roundrectangle 150,150 450,360 30,30 line 150,250 450,250 line 300,150 300,250" "Midnight Tram"
cover 06-velvet-static    67 '#6a040f' '#e85d04' "line 80,200 520,200 line 80,250 520,250 line 80,300 520,300 line 80,350 520,350" "Velvet Static"
cover 07-lantern-bay      71 '#ffb703' '#023047' "arc 170,140 430,400 180,360 line 120,300 480,300 circle 300,230 300,205" "Lantern Bay"
cover 08-northbound       89 '#caf0f8' '#0077b6' "polyline 80,380 200,220 280,320 360,160 520,380 circle 440,140 440,115" "Northbound"
echo "covers written to $out"
