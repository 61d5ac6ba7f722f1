#!/usr/bin/env python3
"""The X server's own screen saver, as the MIT-SCREEN-SAVER extension reports it (what a desktop without a
D-Bus screen saver, e.g. a bare kiosk, relies on). Needs libX11 and libXss (SDL's own dependencies).

    scripts/x-screensaver.py state          prints on, off or disabled
    scripts/x-screensaver.py timeout SECS   sets the server's screen-saver timeout (as `xset s SECS`)
"""
import ctypes
import ctypes.util
import sys


class Info(ctypes.Structure):
    _fields_ = [("window", ctypes.c_ulong), ("state", ctypes.c_int), ("kind", ctypes.c_int),
                ("til_or_since", ctypes.c_ulong), ("idle", ctypes.c_ulong), ("event_mask", ctypes.c_ulong)]


def main():
    x11 = ctypes.CDLL(ctypes.util.find_library("X11"))
    xss = ctypes.CDLL(ctypes.util.find_library("Xss") or "libXss.so.1")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x11.XDefaultRootWindow.restype = ctypes.c_ulong
    x11.XSetScreenSaver.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]
    x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    xss.XScreenSaverAllocInfo.restype = ctypes.POINTER(Info)
    xss.XScreenSaverQueryInfo.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(Info)]
    display = x11.XOpenDisplay(None)
    if not display:
        sys.exit("x-screensaver.py: cannot open the display")
    if sys.argv[1:2] == ["timeout"] and len(sys.argv) == 3:
        # Timeout, interval, prefer blanking, allow exposures (xset's defaults for the last three).
        x11.XSetScreenSaver(display, int(sys.argv[2]), 600, 1, 1)
        x11.XSync(display, 0)
    elif sys.argv[1:] == ["state"]:
        info = xss.XScreenSaverAllocInfo()
        if not xss.XScreenSaverQueryInfo(display, x11.XDefaultRootWindow(display), info):
            sys.exit("x-screensaver.py: the server has no MIT-SCREEN-SAVER extension")
        print({0: "off", 1: "on", 3: "disabled"}.get(info.contents.state, str(info.contents.state)))
    else:
        sys.exit(__doc__)


main()
