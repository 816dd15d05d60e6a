"""Serve the shop admin with Werkzeug's own server (no debugger, no reloader):
``python -m corpus.flask_shop_admin.serve DB HOST:PORT``."""

from __future__ import annotations

import sys

from corpus.flask_shop_admin.shop import create_app


def main() -> None:
    host, port = sys.argv[2].rsplit(":", 1)
    create_app(sys.argv[1]).run(host=host, port=int(port), debug=False, use_reloader=False, threaded=True)


if __name__ == "__main__":
    main()
