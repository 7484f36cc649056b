"""A numba argument type that takes only the interpreter's own small ints: the check
:func:`cartes.evaluate` needs on every card, done in the compiled wrapper instead of Python.

A :class:`~cartes.HandRank` keeps the card objects it was given, and may keep only objects that
are never freed (:mod:`cartes.evaluation._untracked`): each card must be the interpreter's own
int for its value, which also turns away a bool, a float, a numpy integer or an int subclass.
Written in Python that is seven lookups and identity tests, about a quarter of a call. An
argument of type :data:`exact_int` is unboxed by :func:`_unbox_exact`, which tests the same
thing in C: the object's type is ``int`` exactly, and ``PyLong_FromLongLong`` of its value (the
cached object, for a small int) is the object itself. Anything else raises ``TypeError``
before the kernel runs; the range and repeat checks stay in the kernel.
"""

from __future__ import annotations

from typing import Any, Final

from llvmlite import ir  # type: ignore[import-untyped]
from numba.core import cgutils, types
from numba.extending import NativeValue, intrinsic, models, register_model, unbox

__all__ = ["as_int64", "exact_int"]


class ExactInt(types.Type):
    """The numba type of an argument that must be an exact small ``int``."""

    def __init__(self) -> None:
        super().__init__(name="exact_int")


#: The argument type of the exact entry points (:func:`cartes.evaluation.kernels.exact_entry`).
exact_int: Final = ExactInt()


@register_model(ExactInt)
class _ExactIntModel(models.PrimitiveModel):
    def __init__(self, dmm: Any, fe_type: Any) -> None:
        super().__init__(dmm, fe_type, ir.IntType(64))


@unbox(ExactInt)
def _unbox_exact(typ: Any, obj: Any, c: Any) -> NativeValue:
    pyapi, builder = c.pyapi, c.builder
    value = cgutils.alloca_once_value(builder, ir.Constant(ir.IntType(64), 0))
    failed = cgutils.alloca_once_value(builder, cgutils.true_bit)
    is_int = builder.icmp_unsigned(
        "==",
        builder.ptrtoint(pyapi.get_type(obj), ir.IntType(64)),
        builder.ptrtoint(pyapi.get_c_object("PyLong_Type"), ir.IntType(64)),
    )
    with builder.if_then(is_int, likely=True):
        number = pyapi.long_as_longlong(obj)  # cannot fail here unless out of 64 bits
        cached = pyapi.long_from_longlong(number)
        same = builder.icmp_unsigned(
            "==",
            builder.ptrtoint(cached, ir.IntType(64)),
            builder.ptrtoint(obj, ir.IntType(64)),
        )
        pyapi.decref(cached)  # never NULL: the value fits, so no allocation failure for it
        with builder.if_then(same, likely=True):
            builder.store(number, value)
            builder.store(cgutils.false_bit, failed)
    is_error = builder.load(failed)
    with builder.if_then(is_error, likely=False):
        # An int out of 64 bits left OverflowError set: replace it with the one message.
        pyapi.err_clear()
        pyapi.err_set_string("PyExc_TypeError", "a card must be an exact int index 0-51")
    return NativeValue(builder.load(value), is_error=is_error)


@intrinsic
def as_int64(typingctx: Any, value: Any) -> Any:
    """A card argument as an int64: an :data:`exact_int` as the value it holds, any integer
    converted (so one kernel body serves both signatures)."""
    if not isinstance(value, (ExactInt, types.Integer)):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        if isinstance(value, ExactInt):
            return args[0]
        return context.cast(builder, args[0], value, types.int64)

    return types.int64(value), codegen
