"""The engine's start as a memory image: ``<site>/pyodide/nardy-engine.snapshot`` and ``snapshot.json``.

A cold start of Pyodide spends most of its time starting Python and
importing (dev/benchmarks.md, "Play page start-up"). Pyodide can instead start from an image of its memory taken
after the imports (``loadPyodide({_loadSnapshot})``, an option of the pinned
version that Pyodide keeps private): ``engine_snapshot.mjs`` makes one at
build time with Node.js (the one ``npm ci`` needs) from the site's own copy of
Pyodide and engine archive, the worker loads it, and the start takes about a
quarter of the time, for about 6.5 MB more to download (gzip). The image holds every
module of the engine but not the computer's weights (read at the computer's
first move): Pyodide restores an image only into the memory it starts with
(30 MB here), and the weights as Python floats would not fit.

The file is shipped packed (:func:`pack`): Pyodide's memory is 31 MB, 45% of
it blocks of zeros, and a browser spends its time on the bytes it receives
(inflating, copying), not on those it does not: the packed file holds only
the blocks with data, the worker puts them back in place
(``assets/engine/nardy-worker.js``), in about half the time of the whole image.

``snapshot.json`` says which file and its SHA-256 (of the packed file): the
worker checks the image before it uses it (a damaged or half-downloaded image would be a
damaged Python, so it is refused and Pyodide starts the usual way).

Making the image takes some 10 s, so it is kept in ``.cache/engine-snapshot/``
under a key of everything it is made from (Pyodide's files, the engine
archive, the maker script, Node's version); an entry whose digest no longer
matches its record is made again.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
import shutil
import struct
import subprocess
from pathlib import Path

from ..translations.languages import ROOT

MAKER = Path(__file__).with_name("engine_snapshot.mjs")
IMAGE = "nardy-engine.snapshot"
INFO = "snapshot.json"
CACHE = ROOT / ".cache" / "engine-snapshot"
#: Making an image takes about 10 s here; a machine under load may take several times that.
TIMEOUT_S = 600
#: The packed file (:func:`pack`): its first 8 bytes, and the size of the blocks it leaves out when all zero.
MAGIC = b"NARDYIMG"
BLOCK = 4096
#: Part of the cache key: a change of the packed format makes every image again.
FORMAT = "packed-1"


class SnapshotError(RuntimeError):
    pass


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def pack(image: bytes) -> bytes:
    """The image without its blocks of zeros, as the worker reads it (little-endian u32s):

    ``MAGIC``, the image's size, ``BLOCK``, the number of runs; then each run of
    blocks with data as (first block, blocks); then the runs' bytes one after
    the other (the image's last block may be shorter than ``BLOCK``).
    """
    zero = bytes(BLOCK)
    runs: list[list[int]] = []
    for block in range((len(image) + BLOCK - 1) // BLOCK):
        chunk = image[block * BLOCK:(block + 1) * BLOCK]
        if chunk == zero[:len(chunk)]:
            continue
        if runs and runs[-1][0] + runs[-1][1] == block:
            runs[-1][1] += 1
        else:
            runs.append([block, 1])
    head = MAGIC + struct.pack("<III", len(image), BLOCK, len(runs))
    table = b"".join(struct.pack("<II", first, count) for first, count in runs)
    return head + table + b"".join(image[first * BLOCK:(first + count) * BLOCK] for first, count in runs)


def unpack(packed: bytes) -> bytes:
    """The image :func:`pack` packed (the worker's reading, in Python: for the tests and for tools)."""
    if len(packed) < 20 or packed[:8] != MAGIC:
        raise SnapshotError("not a packed engine image")
    size, block, count = struct.unpack_from("<III", packed, 8)
    image = bytearray(size)
    offset = 20 + 8 * count
    if offset > len(packed):  # the table of runs is cut short
        raise SnapshotError("the packed engine image is damaged")
    for index in range(count):
        first, blocks = struct.unpack_from("<II", packed, 20 + 8 * index)
        start = first * block
        length = min(blocks * block, size - start)
        # A run past the image's end (the worker's check too: a slice there would grow the image).
        if length < 0 or offset + length > len(packed):
            raise SnapshotError("the packed engine image is damaged")
        image[start:start + length] = packed[offset:offset + length]
        offset += length
    if offset != len(packed):
        raise SnapshotError("the packed engine image is damaged")
    return bytes(image)


def _node_version(node: str) -> str:
    try:
        done = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=60, check=True)
    except (OSError, subprocess.SubprocessError) as error:
        raise SnapshotError(f"Node.js ({node}) does not run: {error}; run scripts/setup") from None
    return done.stdout.strip()


def cache_key(inputs: list[Path], node: str) -> str:
    digest = hashlib.sha256(f"{_node_version(node)}\0{FORMAT}".encode())
    for path in [*inputs, MAKER]:
        digest.update(path.name.encode() + b"\0" + _sha256(path).encode())
    return digest.hexdigest()[:32]


def _make(folder: Path, archive: Path, out: Path, node: str) -> None:
    partial = out.with_name(out.name + ".part")
    try:
        done = subprocess.run([node, str(MAKER), str(folder), str(archive), str(partial)],
                              capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise SnapshotError(f"{MAKER.name} did not finish in {TIMEOUT_S} s") from None
    if done.returncode != 0 or not partial.is_file() or partial.stat().st_size == 0:
        partial.unlink(missing_ok=True)
        tail = (done.stderr or done.stdout).strip().splitlines()[-5:]
        raise SnapshotError(f"{MAKER.name} failed (exit {done.returncode}): " + " | ".join(line[:300] for line in tail))
    partial.replace(out)


def _cached(key: str, folder: Path, archive: Path, node: str) -> tuple[Path, Path, str]:
    """The cache's image, its gzip twin and digest for ``key``, made when missing or damaged."""
    CACHE.mkdir(parents=True, exist_ok=True)
    image, twin, record = CACHE / f"{key}.bin", CACHE / f"{key}.bin.gz", CACHE / f"{key}.json"
    try:
        digest = json.loads(record.read_text(encoding="utf-8"))["sha256"]
        if _sha256(image) == digest and twin.is_file():
            return image, twin, digest
    except (OSError, KeyError, ValueError):
        pass
    _make(folder, archive, image, node)
    image.write_bytes(pack(image.read_bytes()))
    digest = _sha256(image)
    packer = functools.partial(gzip.GzipFile, mode="wb", compresslevel=6, mtime=0)
    with image.open("rb") as raw, twin.open("wb") as out, packer(fileobj=out) as packed:
        shutil.copyfileobj(raw, packed, 1 << 20)
    record.write_text(json.dumps({"sha256": digest}), encoding="utf-8")
    return image, twin, digest


def write(folder: Path, inputs: list[Path], archive: Path, node: str = "node") -> dict:
    """``folder/IMAGE`` (and its ``.gz``) and ``folder/INFO`` for the Pyodide files ``inputs`` and ``archive``."""
    key = cache_key([*inputs, archive], node)
    image, twin, digest = _cached(key, folder, archive, node)
    shutil.copyfile(image, folder / IMAGE)
    shutil.copyfile(twin, folder / f"{IMAGE}.gz")
    info = {"file": IMAGE, "sha256": digest, "bytes": image.stat().st_size}
    (folder / INFO).write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
    return info
