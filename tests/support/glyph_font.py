"""Builds ``tests/fixtures/site/glyphs.ttf``: a tiny icon font that draws each of a few words as one square glyph
(an OpenType ``liga`` ligature, as Material Symbols does), for the ligature-icon fixture. Run it to rebuild:
``uv run python -m tests.support.glyph_font``."""

from __future__ import annotations

from pathlib import Path

from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

WORDS = ("expand_more", "chevron_left", "chevron_right", "refresh", "content_copy")
LETTERS = sorted({c for w in WORDS for c in w})
OUT = Path(__file__).resolve().parents[1] / "fixtures" / "site" / "glyphs.ttf"


def _name(c: str) -> str:
    return "underscore" if c == "_" else c


def _square(size: int):  # type: ignore[no-untyped-def]
    pen = TTGlyphPen(None)
    low, high = 100, size - 100
    pen.moveTo((low, low))
    pen.lineTo((low, high))
    pen.lineTo((high, high))
    pen.lineTo((high, low))
    pen.closePath()
    return pen.glyph()


def build() -> bytes:
    letters = [_name(c) for c in LETTERS]
    icons = [f"icon{i}" for i in range(len(WORDS))]
    order = [".notdef", "space", *letters, *icons]
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap({32: "space", **{ord(c): _name(c) for c in LETTERS}})
    empty = TTGlyphPen(None).glyph()
    fb.setupGlyf(
        {g: (_square(1000) if g.startswith("icon") else empty if g == "space" else _square(600)) for g in order}
    )
    fb.setupHorizontalMetrics({g: (1000 if g.startswith("icon") else 600, 0) for g in order})
    fb.setupHorizontalHeader(ascent=900, descent=-100)
    fb.setupNameTable({"familyName": "Glyphs", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=900, sTypoDescender=-100, usWinAscent=900, usWinDescent=100)
    fb.setupPost()
    rules = "\n".join(f"  sub {' '.join(_name(c) for c in w)} by {g};" for w, g in zip(WORDS, icons, strict=True))
    addOpenTypeFeaturesFromString(fb.font, f"feature liga {{\n{rules}\n}} liga;\n")
    fb.save(str(OUT))
    return OUT.read_bytes()


if __name__ == "__main__":
    print(len(build()), "bytes to", OUT)
