"""Every table of figures of every language, cell by cell as the reader sees it."""

from nardy_site.page.tables import TableError, verify


def test_table(table):
    if isinstance(table, TableError):
        raise table
    verify(table)
