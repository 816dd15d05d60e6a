"""Product images as they are, unresized: the corpus products have none (Oscar shows its placeholder), so the shop
needs no thumbnail library (Oscar's default, sorl-thumbnail, is an optional dependency)."""

from types import SimpleNamespace

from oscar.core.thumbnails import AbstractThumbnailer


class Unresized(AbstractThumbnailer):
    def generate_thumbnail(self, source, **opts):
        return SimpleNamespace(url=getattr(source, "url", str(source)))

    def delete_thumbnails(self, source):
        return None
