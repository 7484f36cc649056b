"""Running a script in a child Python under each numba threading layer, for the fork-safety
tests (tests/test_evaluation_safety.py, tests/test_compiled_safety.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest


def threading_layers() -> list[str]:
    """The numba threading layers this machine can run: omp and workqueue, and tbb if its
    package is installed."""
    layers = ["omp", "workqueue"]
    try:
        from numba.np.ufunc import tbbpool  # noqa: F401
    except ImportError:
        pass
    else:  # pragma: no cover (tbb is not a dependency)
        layers.append("tbb")
    return layers


def run_script(
    tmp_path: Path, name: str, source: str, layer: str, args: list[str], timeout: float
) -> str:
    """Run ``source`` as ``tmp_path/name`` with ``args`` under ``layer``, this checkout's
    sources first on the path; its output, or a test failure if it hangs or exits non-zero."""
    script = tmp_path / name
    script.write_text(source)
    src = Path(__file__).resolve().parents[1] / "src"
    env = {
        **os.environ,
        "NUMBA_THREADING_LAYER": layer,
        "PYTHONPATH": os.pathsep.join([str(src), os.environ.get("PYTHONPATH", "")]),
    }
    # A session of its own, so that a timeout kills the pool's workers too.
    process = subprocess.Popen(
        [sys.executable, str(script), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=tmp_path,
        start_new_session=True,
    )
    try:
        output, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        pytest.fail(f"hung under {layer} (timeout {timeout} s); output so far:\n{output}")
    assert process.returncode == 0, f"exit {process.returncode} under {layer}:\n{output}"
    return output
