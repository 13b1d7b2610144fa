"""Shared fixtures of the pytest suite: the command line built beside the module (for
comparisons with its JSON) and the source tree (for variant files)."""

import os
import pathlib
import shutil

import pytest


@pytest.fixture(scope="session")
def cli() -> str:
    path = os.environ.get("SWITCHCARDS_CLI") or shutil.which("switchcards")
    if not path:
        pytest.fail("SWITCHCARDS_CLI is not set (CTest sets it to build/bin/switchcards)")
    return path


@pytest.fixture(scope="session")
def source_dir() -> pathlib.Path:
    here = pathlib.Path(__file__).resolve().parents[2]
    return pathlib.Path(os.environ.get("SWITCHCARDS_SOURCE_DIR", here))
