"""The Monte Carlo's scratch arrays (``_kernels._padded``): zeroed, C-contiguous, and alone on
their cache lines, so that two threads' per-deal writes never share one (which halved what the
second thread gave a three-handed Monte Carlo)."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from cartes.analysis._kernels import _PAD, _padded

LINE = 64


@given(
    shape=st.lists(st.integers(0, 9), min_size=1, max_size=3).map(tuple),
    dtype=st.sampled_from([np.uint8, np.int64, np.uint64, np.float64]),
)
def test_a_scratch_array_is_zeroed_and_alone_on_its_lines(shape, dtype) -> None:
    array = _padded(shape, dtype)
    assert array.shape == shape
    assert array.dtype == dtype
    assert array.flags.c_contiguous
    assert array.flags.writeable
    assert not array.any()
    if array.nbytes == 0:  # an empty array touches no line
        return
    base = array.base
    while base.base is not None:
        base = base.base
    start = array.ctypes.data
    end = start + array.nbytes
    assert start % LINE == 0  # its first line begins with it
    # the lines it touches lie inside its own buffer, with at least a line to spare each side
    assert start - base.ctypes.data >= _PAD >= LINE
    assert base.ctypes.data + base.nbytes - end >= _PAD
