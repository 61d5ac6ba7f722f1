#!/usr/bin/env python3
"""A real XDND drag source for trying drag-and-drop by hand: a small GTK 3 window whose button drags the
file:// URIs given on the command line (python3-gi and gir1.2-gtk-3.0 from Debian). Drag it onto
NowPlaying's window with the mouse, or with xdotool under Xvfb:

    python3 scripts/xdnd-drag-source.py file:///path/to/song.mp3 &
    eval $(xdotool getwindowgeometry --shell $(xdotool search --name np-drag-source))
    xdotool mousemove $((X+100)) $((Y+100)) mousedown 1
    for i in $(seq 20); do xdotool mousemove $((X+100-i*30)) $((Y+100+i*10)); sleep 0.05; done
    xdotool mouseup 1

It quits when the drag ends."""
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, Gtk  # noqa: E402

uris = sys.argv[1:]
window = Gtk.Window(title="np-drag-source")
window.move(700, 100)
window.set_default_size(200, 200)
button = Gtk.Button(label="drag me")
button.drag_source_set(Gdk.ModifierType.BUTTON1_MASK, [], Gdk.DragAction.COPY)
button.drag_source_add_uri_targets()
button.connect("drag-data-get", lambda widget, context, data, info, time: data.set_uris(uris))
button.connect("drag-end", lambda *args: Gtk.main_quit())
window.add(button)
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
