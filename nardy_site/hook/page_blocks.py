"""A page's diagram blocks and checked tables in the build (the hook's ``on_page_markdown``).

Every marked table, every ```nardy block and every claim is checked against the engine
(``nardy_site.page.check.verified``, what ``python -m nardy_site.check`` runs), and
each block that holds is replaced by its figure (``nardy_site.figures.diagram``); the claims' markers are
taken out of the page.
Problems are named ``file:line: reason`` with the file's own lines, front
matter included.
"""

from __future__ import annotations

import re

from ..figures.diagram import Figure, figure
from ..page.blocks import Block, BlockError
from ..page.check import internal, verified
from ..page.markdown_reader import Document, read, without_claims
from ..translations.i18n import Translator

#: The places where a text's lines end, kept with them: at "\n" only, as the reader counts lines.
_LINE_ENDS = re.compile(r"(?<=\n)")


def with_figures(markdown: str, source: str, page: Document, path: str,
                 translator: Translator) -> tuple[str, list[str], list[tuple[Block, Figure]]]:
    """``markdown`` (what MkDocs hands the hook: the page without its front matter) with a figure for each
    block that holds, the problems of the page's tables and blocks, and the blocks drawn with their figures
    (in page order; the first figure's drawing is not lazy: it may be in view as the page opens).

    ``source`` is the page's file and ``page`` its Document, whose lines are the file's.
    """
    if source.endswith(markdown):
        offset = source[: len(source) - len(markdown)].count("\n")  # the front matter MkDocs took off
    else:  # changed by someone else on the way: read what is here, numbered from its first line
        page, offset = read(markdown, front_matter=False), 0
    blocks, problems = verified(page, path)
    figures = []
    for block in blocks:
        try:
            figures.append((block, figure(block, translator, lazy=bool(figures))))
        except BlockError as error:
            problems.append(str(error))
        except Exception as error:
            problems.append(internal(path, block.line, error))
    lines = _LINE_ENDS.split(markdown)
    for block, made in reversed(figures):
        lines[block.line - 1 - offset: block.end - offset] = ["\n", made.html, "\n\n"]
    # The claims' markers are for the checks, not the reader (nardy_site.page.claims): none reaches the HTML.
    return without_claims("".join(lines)), problems, figures
