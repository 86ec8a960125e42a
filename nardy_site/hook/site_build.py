"""One language's MkDocs build, from ``on_config`` to the last template: what ``hooks/nardy.py`` delegates to.

A :class:`SiteBuild` holds what one build decides and gathers: the language,
its translator, the templates' texts, the pages served from the source
language, and the problems of the pages (reported together by :meth:`finish`).
``on_config`` creates it (:meth:`SiteBuild.start`) and keeps it on the
configuration object MkDocs hands every later event (:meth:`SiteBuild.of`):
its life is the build's, so two builds in one process (the tests, each
rebuild of ``mkdocs serve``) never share one, and no module holds state
between builds.

The events, each a method:

- ``on_config`` (:meth:`start`): ``nardy_site.hook.site_config.configure``.
- ``on_files`` (:meth:`add_pages`, :meth:`check_readable`): the pages the
  language lacks, served from the source language; the generated glossary
  and translation status pages (``nardy_site.pages.site_pages``); the web app
  manifest, offline page and service worker registration
  (``nardy_site.app.offline``); then every page read as text by the pages' one
  reader, which stops the build naming a file that is not UTF-8.
- ``on_page_markdown`` (:meth:`page_markdown`): the front matter (escaped title
  and description; ``translation`` checked, ``nardy_site.translations.translation``); every
  table and ```nardy block checked, each block replaced by its figure
  (``nardy_site.hook.page_blocks``).
- ``on_page_content`` (:meth:`page_content`): every table Markdown made in Material's
  scroll region already, so Material's start does not move it (``nardy_site.hook.tables``).
- ``on_env`` (:meth:`finish`): stops the build naming ``file:line: reason`` for
  every problem of the pages; warns (fatal in a strict build) on text missing
  from a released language's catalog.
- ``on_page_context`` (:meth:`page_context`): the switcher's links to the same
  page in every language (``nardy_site.pages.alternates``), the review and
  "not translated yet" banners, the notice and section marks of a translation
  whose source changed (``nardy_site.translations.outdated_notice``).
- ``on_template_context`` (:meth:`template_context`): the 404 page
  (``nardy_site.pages.not_found``).
"""

from __future__ import annotations

import logging

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from ..app import live_assets, offline
from ..figures import answers, diagram, opening, replay
from ..page.markdown_reader import PageError, read, read_file
from ..pages import alternates, not_found, play_page, site_pages
from ..paths import display
from ..translations import outdated_notice, translation
from ..translations.i18n import Translator
from ..translations.languages import Language
from . import page_blocks, site_config, tables

log = logging.getLogger("mkdocs.hooks.nardy")

#: The attribute of MkDocs' configuration object that holds the build (private: no template reads it).
_ATTRIBUTE = "_nardy_build"


class SiteBuild:
    def __init__(self, lang: Language, translator: Translator, texts: dict):
        self.lang = lang
        self.translator = translator
        #: The templates' translated texts (``nardy_site.hook.site_config.TEMPLATE_TEXTS``, ``not-translated``).
        self.texts = texts
        #: ``file:line: reason`` of every problem found in the pages, reported by :meth:`finish`.
        self.problems: list[str] = []
        #: The pages this language lacks, served from the source language (with a banner).
        self.fallback: set[str] = set()
        #: The figures' share links (nardy_site.figures.opening.links_of), listed next to the play page (its
        #: ``dest_uri`` and the site's folder) once every page is read, for nardy_site.build to record.
        self.links: set = set()
        self.play: tuple[str, str] | None = None

    @classmethod
    def start(cls, config) -> SiteBuild:
        """Configure ``config`` for its language and keep a new build on it."""
        lang, translator, texts, problems = site_config.configure(config)
        for problem in problems:  # a released language must be complete (fatal in a strict build)
            (log.warning if lang.released else log.info)(problem)
        config.extra["nardy"]["theme_colors"] = offline.theme_metas()  # overrides/main.html
        config.extra["nardy"]["play_modules"] = live_assets.module_graph("play/nardy-play.js")  # overrides/main.html
        build = cls(lang, translator, texts)
        setattr(config, _ATTRIBUTE, build)
        return build

    @staticmethod
    def of(config) -> SiteBuild:
        """The build ``on_config`` started for ``config``."""
        build = getattr(config, _ATTRIBUTE, None)
        if not isinstance(build, SiteBuild):
            raise PluginError("nardy: this configuration went through no on_config of hooks/nardy.py")
        return build

    def add_pages(self, files, config) -> None:
        """The source language's pages this language lacks, and the generated pages, added to ``files``."""
        for uri, path in site_pages.fallback_pages(self.lang).items():
            files.append(File.generated(config, uri, abs_src_path=str(path)))
            self.fallback.add(uri)
        for uri, content in site_pages.generated_pages(self.lang, self.translator.gettext).items():
            files.append(File.generated(config, uri, content=content))
        home, _root = not_found.root_paths(config.site_url)
        for uri, content in offline.language_files(self.lang, self.translator.gettext, home).items():
            files.append(File.generated(config, uri, content=content))

    def check_readable(self, files) -> None:
        """Every Markdown page of the build, read as text by the pages' one reader before MkDocs reads it: a file
        that is not UTF-8 stops the build naming file and line (MkDocs would stop with a traceback)."""
        unreadable = []
        for file in files.documentation_pages():
            if file.abs_src_path:
                try:
                    read_file(file.abs_src_path)
                except PageError as error:
                    unreadable.append(str(error))
        if unreadable:
            raise PluginError(f"{len(unreadable)} page(s) cannot be read:\n" + "\n".join(unreadable))

    def page_markdown(self, markdown: str, page, config) -> str:
        path = display(page.file.abs_src_path or page.file.src_uri)
        source = page.file.content_string
        document = read(source)
        site_config.escape_page_meta(page.meta)
        for line, reason in translation.problems(document, set(site_pages.rules_pages()) or None):
            self.problems.append(f"{path}:{line}: {reason}")
        if play_page.MARKER in markdown:  # the play page's boards (its script plays on them)
            markdown = markdown.replace(play_page.MARKER, play_page.mount(self.translator))
            self.play = (config["site_dir"], page.file.dest_uri)
        markdown, problems, drawn = page_blocks.with_figures(markdown, source, document, path, self.translator)
        self.problems += problems
        # Next to the page (the site's folder is clean by now): the engine's answers for each of its boards,
        # each figure's drawing, and each replayed game as a file.
        blocks = [block for block, _figure in drawn]
        self.links |= opening.links_of(blocks)
        answers.write_page(blocks, config["site_dir"], page.file.dest_uri)
        diagram.write_page(drawn, config["site_dir"], page.file.dest_uri)
        replay.write_files(blocks, config["site_dir"], page.file.dest_uri)
        return markdown

    def page_content(self, html: str) -> str:
        return tables.wrap(html)

    def finish(self) -> None:
        if self.problems:
            count = len(self.problems)
            raise PluginError(
                f"{count} problem{'s' if count > 1 else ''} in the pages (diagram blocks, tables, front matter):\n"
                + "\n".join(self.problems)
            )
        if self.play:  # a figure's position opened on the play page by a share link: its first turn before the engine
            opening.want_links(*self.play, self.links)  # recorded in the site's root by nardy_site.build
        missing = self.translator.missing if self.translator.needs_translation else set()
        # A released language must be complete (fatal in a strict build); a new one shows English meanwhile.
        report = log.warning if self.lang.released else log.info
        for message in sorted(missing):
            report(f"nardy: not translated into {self.lang.code}: {message!r} (scripts/i18n update)")

    def page_context(self, context: dict, page, config) -> dict:
        if "alternate" in config.extra:
            context["nardy_alternates"] = alternates.entries(self.lang, (page.url, page.file.src_uri))
        context["nardy_review"] = self.texts["review-pending"] if translation.review_pending(page.meta) else None
        context["nardy_fallback"] = self.texts["not-translated"] if page.file.src_uri in self.fallback else None
        page.content = outdated_notice.marked(page.content, page, self.lang, self.translator.gettext,
                                              config.use_directory_urls)
        return context

    def template_context(self, context: dict, template_name: str, config) -> dict:
        if template_name == "sitemap.xml" and "alternate" in config.extra:
            try:
                context["nardy_hreflang"] = alternates.sitemap_links(self.lang, context["pages"], config.site_url)
            except ValueError as error:
                raise PluginError(f"nardy: config/{self.lang.code}.yml: {error}") from None
        if template_name != "404.html":
            return context
        return not_found.add_context(context, config, self.lang, self.texts)
