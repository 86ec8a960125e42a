"""Every diagram block of every language: what the text states happens, happens in the engine."""

from nardy_site.page.blocks import BlockError, verify


def test_block(block):
    if isinstance(block, BlockError):  # a malformed block: the page's own problem, named by file and line
        raise block
    verify(block)
