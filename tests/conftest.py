import sys
from pathlib import Path

import pytest

from helpers import FIXTURES

if str(FIXTURES) not in sys.path:
    sys.path.insert(0, str(FIXTURES))


@pytest.fixture
def fixtures_dir() -> Path:
    return FIXTURES
