"""What a person sees on an X display: a private Xvfb whose framebuffer is a file (``-fbdir``), its windows'
titles and positions (``xwininfo``), and the colour of any pixel."""

from __future__ import annotations

import os
import re
import select
import struct
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Window:
    title: str
    x: int
    y: int
    width: int
    height: int


@dataclass
class Screen:
    display: str
    framebuffer: Path

    def windows(self) -> list[Window]:
        tree = subprocess.run(["xwininfo", "-root", "-tree"], env={**os.environ, "DISPLAY": self.display},
                              capture_output=True, text=True, timeout=10).stdout
        found = []
        for match in re.finditer(r'0x[0-9a-f]+ "([^"]*)": \(.*?\)\s+(\d+)x(\d+)\+-?\d+\+-?\d+\s+\+(-?\d+)\+(-?\d+)',
                                 tree):
            title, w, h, x, y = match.groups()
            found.append(Window(title, int(x), int(y), int(w), int(h)))
        return found

    def column(self, x: int, top: int, bottom: int) -> list[tuple[int, int, int]]:
        """The RGB pixels of column ``x`` from row ``top`` to ``bottom`` (XWD dump, 24-bit depth, 32 bits/pixel)."""
        data = self.framebuffer.read_bytes()
        header = struct.unpack(">25I", data[:100])
        header_size, width, height, byte_order, bits, line = header[0], header[4], header[5], header[7], header[11], \
            header[12]
        assert bits == 32, f"unexpected XWD pixel size {bits}"
        start = header_size + header[19] * 12
        pixels = []
        for y in range(max(top, 0), min(bottom, height)):
            at = start + y * line + min(x, width - 1) * 4
            b0, b1, b2, b3 = data[at : at + 4]
            pixels.append((b2, b1, b0) if byte_order == 0 else (b1, b2, b3))
        return pixels


@contextmanager
def private_screen(width: int = 1600, height: int = 1000) -> Iterator[Screen]:
    folder = Path(tempfile.mkdtemp(prefix="xvfb-fb-"))
    read_end, write_end = os.pipe()
    process = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{width}x{height}x24", "-fbdir", str(folder),
         "-nolisten", "tcp"], pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    try:
        ready, _, _ = select.select([read_end], [], [], 20)
        assert ready, "Xvfb did not start within 20 s"
        number = os.read(read_end, 32).decode().strip()
        yield Screen(f":{number}", folder / "Xvfb_screen0")
    finally:
        os.close(read_end)
        process.terminate()
        process.wait(timeout=10)
