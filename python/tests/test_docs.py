"""The ```python blocks of docs/python.md run as written (```py blocks need a cluster or take
long, and are only shown)."""

import contextlib
import io
import re

import pytest


def blocks(source_dir):
    text = (source_dir / "docs" / "python.md").read_text()
    return re.findall(r"^```python\n(.*?)^```$", text, flags=re.S | re.M)


def test_the_page_has_examples(source_dir):
    assert len(blocks(source_dir)) >= 8


@pytest.mark.parametrize("index", range(8))
def test_each_example_runs(source_dir, index):
    found = blocks(source_dir)
    if index >= len(found):
        pytest.fail(f"docs/python.md has {len(found)} python blocks; update the range above")
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(found[index], f"docs/python.md block {index + 1}", "exec"), {})
