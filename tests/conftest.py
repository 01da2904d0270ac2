import pytest

from pipeline.starbattle import solve as solver


@pytest.fixture(scope="session", autouse=True)
def compiled_kernels():
    """Load the compiled kernels once, before any test is timed by pytest."""
    solver.warm_up()
