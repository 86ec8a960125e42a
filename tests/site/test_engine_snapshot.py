"""The engine snapshot's cache (nardy_site.app.engine_snapshot): made once per input, made again when damaged,
and a maker that fails or a missing Node.js is a clear build error. The image itself is checked in the
built site (test_live_assets) and used by the browser (tests/browser/test_engine_start.py)."""

from __future__ import annotations

import json
import struct

import pytest

from nardy_site.app import engine_snapshot


@pytest.fixture
def inputs(tmp_path, monkeypatch):
    monkeypatch.setattr(engine_snapshot, "CACHE", tmp_path / "cache")
    folder = tmp_path / "pyodide"
    folder.mkdir()
    for name in ("pyodide.asm.wasm", "python_stdlib.zip", "nardy_rules.zip"):
        (folder / name).write_bytes(name.encode() * 100)
    made = []

    def make(folder_, archive, out, node):
        made.append(out)
        out.write_bytes(b"memory of " + archive.read_bytes())

    monkeypatch.setattr(engine_snapshot, "_make", make)
    monkeypatch.setattr(engine_snapshot, "_node_version", lambda node: "v20")
    return folder, made


def write(folder):
    return engine_snapshot.write(folder, [folder / "pyodide.asm.wasm", folder / "python_stdlib.zip"],
                                 folder / "nardy_rules.zip")


def test_an_image_is_made_once_per_input_and_described(inputs):
    folder, made = inputs
    info = write(folder)
    assert len(made) == 1
    image = folder / engine_snapshot.IMAGE
    assert info == json.loads((folder / engine_snapshot.INFO).read_text())
    assert info["bytes"] == image.stat().st_size and info["sha256"] == engine_snapshot._sha256(image)
    write(folder)
    assert len(made) == 1  # from the cache
    (folder / "nardy_rules.zip").write_bytes(b"another engine")
    assert write(folder)["sha256"] != info["sha256"] and len(made) == 2


def test_a_damaged_cache_entry_is_made_again(inputs):
    folder, made = inputs
    write(folder)
    cached = made[0]
    cached.write_bytes(b"half an image")
    info = write(folder)
    assert len(made) == 2 and (folder / engine_snapshot.IMAGE).read_bytes() != b"half an image"
    assert info["sha256"] == engine_snapshot._sha256(folder / engine_snapshot.IMAGE)


def test_a_failing_maker_or_a_missing_node_is_a_build_error(tmp_path, monkeypatch):
    monkeypatch.setattr(engine_snapshot, "CACHE", tmp_path / "cache")
    folder = tmp_path / "pyodide"
    folder.mkdir()
    (folder / "nardy_rules.zip").write_bytes(b"zip")
    with pytest.raises(engine_snapshot.SnapshotError, match="does not run.*scripts/setup"):
        engine_snapshot.write(folder, [], folder / "nardy_rules.zip", node=str(tmp_path / "no-node"))
    # A real Node.js given a folder without Pyodide: the maker's own error, and no image left behind.
    with pytest.raises(engine_snapshot.SnapshotError, match="failed \\(exit"):
        engine_snapshot.write(folder, [], folder / "nardy_rules.zip")
    assert not list((tmp_path / "cache").glob("*.bin*"))


def test_the_image_is_shipped_without_its_blocks_of_zeros():
    block = engine_snapshot.BLOCK
    image = (bytes(3 * block) + b"a" * block + b"b" * (2 * block) + bytes(block) + b"c" * block
             + bytes(block) + b"\x01" + bytes(40))  # the last block short, with data
    packed = engine_snapshot.pack(image)
    assert packed.startswith(engine_snapshot.MAGIC)
    # Three runs (blocks 3-5, 7, 9) and their five blocks' bytes, not the image's ten.
    assert len(packed) == 20 + 3 * 8 + 4 * block + 41
    assert engine_snapshot.unpack(packed) == image
    assert engine_snapshot.unpack(engine_snapshot.pack(bytes(5 * block))) == bytes(5 * block)
    beyond = packed[:20] + struct.pack("<II", 99, 1) + packed[28:]  # the first run starts past the image
    for damaged in (packed[:-1], packed + b"x", b"NARDYIMX" + packed[8:], packed[:30], packed[:21], beyond):
        with pytest.raises(engine_snapshot.SnapshotError):
            engine_snapshot.unpack(damaged)
