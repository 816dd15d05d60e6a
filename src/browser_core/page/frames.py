"""Frames as the model sees them: a prefix, a readable path, a box on the page, a depth.

Also the pieces every frame-aware tool shares: the ``FrameContext`` model (what ``list_frames`` reports), the
search order of seed 002's FR-025 (main first, then frames labelled by aria-label > title > name, then the rest
by index) and the resolution of a ``frame`` argument ("main", an index, a prefix like "f2", a name, an
aria-label or a title) to one frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame, Page
from pydantic import BaseModel

from browser_core.errors import AmbiguousTarget, InvalidInput
from browser_core.page.registry import ElementRegistry
from browser_core.together import each

_FRAME_ATTRS_JS = """e => [e.getAttribute('aria-label'), e.getAttribute('title'), e.getAttribute('name'),
  e.getAttribute('src'), (() => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
  return r.width > 1 && r.height > 1 && s.visibility !== 'hidden' && s.display !== 'none'; })()]"""


@dataclass
class FrameView:
    frame: Frame
    prefix: str
    index: int
    depth: int
    label: str
    path: str
    offset: tuple[float, float]
    box: tuple[float, float, float, float] | None
    visible: bool
    accessible: bool = True
    reason: str | None = None
    aria_label: str | None = None
    title: str | None = None
    name: str | None = None
    src: str | None = None
    parent_index: int | None = None

    @property
    def selector(self) -> str:
        """The value to pass as ``frame`` to address this frame: "main" or its prefix."""
        return "main" if self.index == 0 or not self.prefix else self.prefix

    @property
    def strategy(self) -> str:
        """The retry-chain strategy name for acting in this frame."""
        return "main_frame" if self.index == 0 else f"iframe:{self.label[:60]}"


class FrameContext(BaseModel):
    """One frame as reported to the model (seed 002's FrameContext, plus the prefix ids use)."""

    frame: str
    index: int
    name: str | None = None
    src: str | None = None
    url: str
    aria_label: str | None = None
    title: str | None = None
    accessible: bool = True
    reason: str | None = None
    parent_index: int | None = None
    depth: int = 0
    path: str
    visible: bool = True
    cross_origin: bool = False

    @classmethod
    def of(cls, view: FrameView, main_url: str) -> FrameContext:
        return cls(
            frame=view.selector, index=view.index, name="main" if view.index == 0 else view.name, src=view.src,
            url=view.frame.url, aria_label=view.aria_label, title=view.title, accessible=view.accessible,
            reason=view.reason, parent_index=view.parent_index, depth=view.depth, path=view.path,
            visible=view.visible, cross_origin=view.index != 0 and _origin(view.frame.url) != _origin(main_url),
        )

    def compact(self) -> dict[str, object]:
        """The context without empty fields (results stay small)."""
        return self.model_dump(exclude_none=True, exclude_defaults=False)


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def frame_depth(frame: Frame) -> int:
    depth, parent = 0, frame.parent_frame
    while parent is not None:
        depth, parent = depth + 1, parent.parent_frame
    return depth


@dataclass
class _Attrs:
    label: str
    box: tuple[float, float, float, float] | None
    shown: bool
    aria: str | None = None
    title: str | None = None
    name: str | None = None
    src: str | None = None
    error: str | None = None


async def _describe(frame: Frame) -> _Attrs:
    """A label for a child frame (aria-label > title > name > src), its attributes and its box on the page."""
    try:
        element = await frame.frame_element()
        aria, title, name, src, shown = await element.evaluate(_FRAME_ATTRS_JS)
        box = await element.bounding_box()
        await element.dispose()
    except PlaywrightError as exc:
        return _Attrs(frame.name or frame.url, None, False, name=frame.name or None,
                      error=str(exc).strip().splitlines()[0][:160] if str(exc).strip() else "unreachable")
    label = next((v for v in (aria, title, name) if v), None) or (src or frame.url)[:80]
    bbox = (box["x"], box["y"], box["width"], box["height"]) if box else None
    return _Attrs(label, bbox, bool(shown) and bbox is not None, aria or None, title or None, name or None, src or None)


async def frame_views(page: Page, registry: ElementRegistry, depth_limit: int) -> list[FrameView]:
    """Every frame of the page down to ``depth_limit``, main frame first, in page.frames order."""
    frames = [f for f in page.frames if not f.is_detached() and frame_depth(f) <= depth_limit]
    main = page.main_frame
    children = [f for f in frames if f is not main]
    described = await each(_describe(f) for f in children)
    views: dict[Frame, FrameView] = {
        main: FrameView(main, registry.slot(main).prefix, 0, 0, "main", "main", (0.0, 0.0), None, True, src=main.url)
    }
    for index, (frame, attrs) in enumerate(zip(children, described, strict=True), start=1):
        box = attrs.box
        views[frame] = FrameView(
            frame, registry.slot(frame).prefix, index, frame_depth(frame), attrs.label, "",
            (box[0], box[1]) if box else (0.0, 0.0), box, attrs.shown,
            aria_label=attrs.aria, title=attrs.title, name=attrs.name, src=attrs.src,
        )
        if attrs.error is not None:
            views[frame].accessible, views[frame].reason = False, attrs.error
    for view in views.values():
        if view.frame is main:
            continue
        parent = views.get(view.frame.parent_frame) if view.frame.parent_frame else None
        view.parent_index = parent.index if parent else 0
        view.path = f"{parent.path if parent else 'main'} > iframe '{view.label}'"
        if parent is not None and not parent.visible:
            view.visible = False
    return list(views.values())


def search_order(views: list[FrameView]) -> list[FrameView]:
    """FR-025: the main frame, then frames with an aria-label, then a title, then a name, then the rest by index."""

    def rank(view: FrameView) -> tuple[int, int]:
        if view.index == 0:
            return (0, 0)
        for tier, value in enumerate((view.aria_label, view.title, view.name), start=1):
            if value:
                return (tier, view.index)
        return (4, view.index)

    return sorted(views, key=rank)


def frame_choices(views: list[FrameView]) -> list[dict[str, object]]:
    """The frames a ``frame`` argument may name, compactly (for error details)."""
    out: list[dict[str, object]] = []
    for view in views:
        entry: dict[str, object] = {"frame": view.selector, "index": view.index}
        if view.index:
            entry.update({k: v for k, v in (("aria_label", view.aria_label), ("title", view.title),
                                             ("name", view.name)) if v})
        out.append(entry)
    return out


def resolve_frame(views: list[FrameView], selector: str | int) -> FrameView:
    """The one frame a selector names: "main", an index, a prefix ("f2") or path, a name, an aria-label or a title.

    Exact matches (case-insensitive) win over a unique partial match of the label; several frames with the same
    label are ambiguous (their prefixes are listed); anything else is invalid input listing the valid frames.
    """
    wanted = str(selector).strip()
    if not wanted:
        raise InvalidInput("frame is empty", hint="Use 'main', a frame prefix like 'f2', an index, or a label.",
                           details={"frames": frame_choices(views)})
    low = wanted.casefold()
    if low in ("main", "0", "main_frame", "top"):
        return views[0]
    if wanted.isdigit():
        hit = [v for v in views if v.index == int(wanted)]
        if hit:
            return hit[0]
    by_prefix = [v for v in views if (v.prefix and v.prefix == low) or v.path.casefold() == low]
    if by_prefix:
        return by_prefix[0]
    for attr in ("aria_label", "title", "name"):
        exact = [v for v in views if (getattr(v, attr) or "").strip().casefold() == low]
        if len(exact) == 1:
            return exact[0]
        if len(exact) > 1:
            raise AmbiguousTarget(f"{len(exact)} frames are labelled '{wanted}'",
                                  hint="Pass the frame's prefix (e.g. 'f2') instead.",
                                  details={"candidates": frame_choices(exact)})
    partial = [v for v in views if v.index and low in v.label.casefold()]
    if len(partial) == 1:
        return partial[0]
    valid = ", ".join(
        f"{v.selector}" + (f" ('{v.label[:40]}')" if v.index else "") for v in views[:20]
    )
    raise InvalidInput(
        f"no frame matches '{wanted}'" + (f" ({len(partial)} partial matches)" if partial else ""),
        hint=f"Valid frames: {valid}. Pass 'main', a prefix, an index, or an exact aria-label/title/name.",
        details={"frames": frame_choices(views)},
    )
