"""Fixtures shared by the site tests and the browser tests: the site, built once per session and served."""

from __future__ import annotations

import pytest

from tests.site.sitebuild import built_languages, built_site, served_site


@pytest.fixture(scope="session")
def site():
    """The built site (every enabled language with pages, and the root pages)."""
    return built_site()


@pytest.fixture(scope="session")
def site_url():
    """The built site served on 127.0.0.1."""
    return served_site()


@pytest.fixture(scope="session")
def site_languages():
    """The enabled languages with pages whose build succeeded."""
    return built_languages()
