"""A class whose instances the cyclic garbage collector never sees, for values made by the
million.

CPython tracks every instance of a class defined in Python, and a loop that keeps a million
:class:`~cartes.HandRank` objects pays for it: each collection of the oldest generation walks
every tracked object in the process (numba alone brings some 100,000, with half a million
references), and keeping new objects is what triggers those collections. An instance of a
type without ``Py_TPFLAGS_HAVE_GC`` is never tracked, like an ``int``. :func:`untrack` clears
that flag on a class right after its ``class`` statement, before any instance exists, and gives
it the matching deallocator (``PyObject_Free``), which is the state CPython itself gives a
heap type made without the flag.

The price is a rule for the class: **its slots may only hold objects that are never freed**
(small ints, module-level singletons). CPython releases the slots of a non-GC heap type's
instance without dropping their references, since such types are not expected to have
slots; a slot holding anything else would keep it alive forever. The rule keeps the class
correct either way: with the flag cleared nothing leaks, and where the flag stays (another
interpreter, or a layout that does not check out) the class is an ordinary one.

The flag is changed only after the type object's layout has been checked against values known
from Python (its size, flags, base and allocation functions), only on a CPython with the
global interpreter lock, and only on a direct subclass of ``object`` with neither a ``__dict__``
nor a ``__weakref__`` slot.
"""

from __future__ import annotations

import ctypes
import gc
import platform
import sysconfig
from typing import Any, Final

__all__ = ["untrack"]

_HAVE_GC: Final = 1 << 14
_WORD: Final = ctypes.sizeof(ctypes.c_void_p)
# Word offsets of the fields read here in CPython's PyTypeObject (the same from 3.8 to 3.14:
# every field before tp_free is one word, tp_flags included after padding on 64-bit Windows).
_BASICSIZE, _FLAGS, _BASE, _ALLOC, _FREE = 4, 21, 32, 38, 40


def _address(function: Any) -> int | None:
    return ctypes.cast(function, ctypes.c_void_p).value


def untrack(cls: type) -> bool:
    """Make the collector ignore ``cls``'s instances; True if done, False if left as it was.

    Call it right after the ``class`` statement: an instance made before would be freed the
    wrong way. The class must follow the rule in this module's docstring.

    >>> class Point:
    ...     __slots__ = ("x",)
    >>> untrack(Point), gc.is_tracked(Point())
    (True, False)
    """
    if platform.python_implementation() != "CPython" or sysconfig.get_config_var(
        "Py_GIL_DISABLED"
    ):
        return False
    # Only a direct subclass of object: a built-in base's deallocator would expect the flag.
    if cls.__base__ is not object or not cls.__flags__ & _HAVE_GC:
        return False
    if cls.__dictoffset__ or cls.__weakrefoffset__:
        return False
    api = ctypes.pythonapi
    base = id(cls)

    def word(index: int) -> ctypes.c_void_p:
        return ctypes.c_void_p.from_address(base + index * _WORD)

    flags = ctypes.c_ulong.from_address(base + _FLAGS * _WORD)
    if not (
        ctypes.c_ssize_t.from_address(base + _BASICSIZE * _WORD).value == cls.__basicsize__
        and flags.value == cls.__flags__
        and word(_BASE).value == id(cls.__base__)
        and word(_ALLOC).value == _address(api.PyType_GenericAlloc)
        and word(_FREE).value == _address(api.PyObject_GC_Del)
    ):
        return False
    word(_FREE).value = _address(api.PyObject_Free)
    flags.value = cls.__flags__ & ~_HAVE_GC
    probe: object = object.__new__(cls)
    untracked = not gc.is_tracked(probe)
    del probe
    return untracked
