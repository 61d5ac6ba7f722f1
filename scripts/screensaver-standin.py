#!/usr/bin/env python3
"""A stand-in for the desktop's screen saver on the session bus (org.freedesktop.ScreenSaver), for tests.

It answers Inhibit with a cookie as GNOME's and KDE's do (without a reply SDL never sends UnInhibit) and
prints each call on its own line: "ready", 'Inhibit "<application>" "<reason>" <cookie>' (the names quoted as
JSON strings), "UnInhibit <cookie>".
"""
import json
import sys

from gi.repository import Gio, GLib

INTERFACE = """
<node>
  <interface name="org.freedesktop.ScreenSaver">
    <method name="Inhibit">
      <arg type="s" name="application_name" direction="in"/>
      <arg type="s" name="reason_for_inhibit" direction="in"/>
      <arg type="u" name="cookie" direction="out"/>
    </method>
    <method name="UnInhibit">
      <arg type="u" name="cookie" direction="in"/>
    </method>
  </interface>
</node>
"""

cookies = iter(range(1, 1 << 31))


def call(connection, sender, path, interface, method, parameters, invocation):
    if method == "Inhibit":
        cookie = next(cookies)
        print("Inhibit", *map(json.dumps, parameters.unpack()), cookie, flush=True)
        invocation.return_value(GLib.Variant("(u)", (cookie,)))
    else:
        print("UnInhibit", *parameters.unpack(), flush=True)
        invocation.return_value(None)


def acquired(connection, name):
    print("ready", flush=True)


def bus_acquired(connection, name):
    info = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]
    connection.register_object("/org/freedesktop/ScreenSaver", info, call, None, None)


def lost(connection, name):
    print("lost the name", name, file=sys.stderr, flush=True)
    sys.exit(1)


Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.ScreenSaver", Gio.BusNameOwnerFlags.NONE,
                 bus_acquired, acquired, lost)
GLib.MainLoop().run()
