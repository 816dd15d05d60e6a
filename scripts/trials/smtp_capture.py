"""A local SMTP sink for trials: every message accepted is written to OUTDIR/NNN.eml (the observable truth of a send).

    python3 scripts/trials/smtp_capture.py OUTDIR [PORT]      # listens on 127.0.0.1:PORT (2525), no auth, no TLS

Standard library only (asyncio); it never relays. A trial's harness only, not product code.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path


def save(outdir: Path, envelope: list[str], body: bytes) -> None:
    """One accepted message as NNN.eml, its envelope first as X-Envelope lines."""
    number = len(list(outdir.glob("*.eml"))) + 1
    head = "".join(f"X-Envelope: {entry}\r\n" for entry in envelope)
    (outdir / f"{number:03d}.eml").write_bytes(head.encode() + body)


async def session(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, outdir: Path) -> None:
    def say(line: str) -> None:
        writer.write(line.encode() + b"\r\n")

    say("220 trial-capture ESMTP")
    envelope: list[str] = []
    while line := await reader.readline():
        verb = line.decode(errors="replace").strip().split(" ", 1)[0].upper()
        if verb in ("EHLO", "HELO"):
            say("250-trial-capture" if verb == "EHLO" else "250 trial-capture")
            if verb == "EHLO":
                say("250-8BITMIME")
                say("250 SIZE 10485760")
        elif verb in ("MAIL", "RCPT"):
            envelope.append(line.decode(errors="replace").strip())
            say("250 OK")
        elif verb == "DATA":
            say("354 end with <CRLF>.<CRLF>")
            await writer.drain()
            body = bytearray()
            while (chunk := await reader.readline()) not in (b".\r\n", b".\n", b""):
                body += chunk[1:] if chunk.startswith(b"..") else chunk
            save(outdir, envelope, bytes(body))
            envelope.clear()
            say("250 OK queued")
        elif verb == "QUIT":
            say("221 bye")
            await writer.drain()
            break
        else:  # RSET, NOOP and the rest
            envelope.clear() if verb == "RSET" else None
            say("250 OK")
        await writer.drain()
    writer.close()


async def main(outdir: Path, port: int) -> None:
    server = await asyncio.start_server(lambda r, w: session(r, w, outdir), "127.0.0.1", port)
    print(f"capturing on 127.0.0.1:{port} into {outdir}", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    Path(sys.argv[1]).mkdir(parents=True, exist_ok=True)
    asyncio.run(main(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 2525))
