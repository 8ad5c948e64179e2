"""Paths for the Python tests: ctest sets ARTICULA_SOURCE_DIR and ARTICULA_BUILD_DIR and puts the
build tree's package on PYTHONPATH (python/CMakeLists.txt)."""
import os
import pathlib

import pytest

SOURCE = pathlib.Path(os.environ.get("ARTICULA_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
BUILD = pathlib.Path(os.environ.get("ARTICULA_BUILD_DIR", SOURCE / "build"))
MODELS = SOURCE / "models"


@pytest.fixture
def models():
    return MODELS


@pytest.fixture
def command():
    """The articula command of the same build."""
    path = BUILD / "articula"
    if not path.exists():
        pytest.skip("the articula command is not built in %s" % BUILD)
    return str(path)


@pytest.fixture
def pendulum():
    import articula
    return articula.load(str(MODELS / "double_pendulum.json"))
