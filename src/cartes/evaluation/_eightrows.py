"""Eight rows' hand keys at once in AVX-512 registers, for the seven-card batch kernels.

On a machine with AVX-512 VBMI (:func:`eight_rows_at_once`), the seven-card kernels rank each
block of byte rows eight rows at a time with :func:`eight_ranks`, vector code written straight
in LLVM IR: one 64-byte load holds the eight rows (56 bytes, and 8 of the next row); for each
of the seven card positions one ``vpermb`` moves that card of each row into its own 64-bit
lane, and two table lookups held in registers add its key: a card's key is its rank's key
plus its suit's (cards are ``4 * rank + suit``, and :data:`cartes.evaluation.tables.CARD_KEYS`
is built so), the rank's from a 16-entry table in two registers (one ``vpermt2q`` on the card
shifted right by two) and the suit's from an 8-entry table in one (one ``vpermq``, which reads
the low three bits of the card: the suit table is written twice). That is about six vector
instructions for eight cards' keys, where reading them one by one costs a byte load and a
key load each. The eight sums are then hashed and looked up row by row (a gather of eight was
slower here than eight scalar loads), each strength stored on its own, and the rows whose key
flags a suit with five cards returned as a byte of lane bits. The checked
kernel's variant (:data:`eight_ranks_checked`) checks the eight rows on the same load, as
:mod:`cartes.evaluation._rowcheck` checks a block, and stores nothing when one is bad.

On the 2-core AMD EPYC Zen 4 (AVX-512 VBMI) of 2026-12-03 (the floor and the kernels in
shuffled order, 40 rounds a process, old and new code alternating in separate processes; see
``docs/performance.rst``): the unchecked seven-card kernel went from 0.73x the floor to
0.97x, the checked one from 0.70x to 0.90x (0.80x with the block's check as a pass of its
own before the ranks); the same keys hashed by two gathers instead, 0.75x. Then the keys
read back from the stack rather than lane by lane, and the strengths stored one by one
rather than gathered into a vector (see :func:`_emit_store`): 1.09-1.10x unchecked,
1.02-1.03x checked.

Machines without VBMI (AVX2, and AVX-512 without VBMI) never compile this code: the kernels
read the rows as before (:mod:`cartes.evaluation._rowcheck`, the note ``_BYTE_PAIRS`` in
:mod:`cartes.evaluation.kernels`). :data:`CODE_VERSION` is in the kernels' digest.

>>> import numba as nb, numpy as np
>>> from cartes.evaluation.kernels import BASES, RANK_VALUES
>>> @nb.njit
... def ranks(hands, out):
...     if not vector_keys(hands, out):
...         return -1
...     return eight_ranks(hands, np.uint64(0), out, np.uint64(0), BASES, RANK_VALUES[0])
>>> hands = np.array([[51, 47, 43, 39, 35, 0, 1]] * 8 + [[0] * 7] * 2, np.uint8)
>>> out = np.zeros(10, np.uint16)
>>> int(ranks(hands, out)) in (-1, 0xFF)  # every row a flush (-1: no AVX-512 VBMI here)
True
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]
from numba.core import cgutils
from numba.core import types as nb_types
from numba.extending import intrinsic

from cartes.evaluation import tables
from cartes.evaluation._rowcheck import _is_byte_rows, _spread, target_features

__all__ = [
    "BAD",
    "CODE_VERSION",
    "ROWS",
    "eight_ranks",
    "eight_ranks_checked",
    "eight_rows_at_once",
    "vector_keys",
]

#: Raise it whenever the code :func:`eight_ranks` emits changes (it is in the kernels' digest,
#: :data:`cartes.evaluation.kernels.TABLES_DIGEST`, so numba's cache is rebuilt).
CODE_VERSION: Final = 3
#: Rows ranked by one call of :func:`eight_ranks`; its load reads 8 bytes past them.
ROWS: Final = 8

_KEYS: Final = np.array(tables.CARD_KEYS, dtype=np.uint64)
#: Card ``4 * rank + suit`` has key ``_RANK_KEYS[rank] + _SUIT_KEYS[suit]`` (suit 0 adds 0).
_RANK_KEYS: Final = [int(_KEYS[4 * rank]) for rank in range(13)] + [0, 0, 0]
_SUIT_KEYS: Final = [int(_KEYS[suit] - _KEYS[0]) for suit in range(4)] * 2
if any(
    int(_KEYS[4 * rank + suit]) != _RANK_KEYS[rank] + _SUIT_KEYS[suit]
    for rank in range(13)
    for suit in range(4)
):  # pragma: no cover
    raise RuntimeError("a card's key is no longer its rank's key plus its suit's: "
                       "cartes.evaluation._eightrows cannot look keys up by rank and suit")
_ROW_SHIFT: Final = 32 - tables.ROW_BITS
_COL_MASK: Final = (1 << tables.COL_BITS) - 1
_FLAGS_IN_KEY: Final = 0x1111 << tables.FLAG_SHIFT


def eight_rows_at_once(context: Any) -> bool:
    """Whether the code being compiled ranks byte rows eight at a time (:func:`eight_ranks`):
    the target has AVX-512 VBMI (``vpermb``) and AVX-512F. Read from numba's target features,
    which are part of numba's cache key."""
    features = target_features(context)
    return "+avx512vbmi" in features and "+avx512f" in features


def _is_strengths(out: Any) -> bool:
    """Whether ``out`` is what :func:`eight_ranks` stores to: packed 1-D uint16 (it stores
    eight neighbouring 16-bit values, so a strided or wider ``out`` takes the rows one by
    one)."""
    return (isinstance(out, nb_types.Array) and out.dtype == nb_types.uint16
            and out.ndim == 1 and out.layout == "C")


@intrinsic
def vector_keys(typingctx: Any, hands: Any, out: Any) -> Any:
    """Whether :func:`eight_ranks` ranks ``hands`` into ``out`` here (a compile-time
    constant): this target can (:func:`eight_rows_at_once`), ``hands`` are C-contiguous
    2-D ``uint8`` and ``out`` packed 1-D ``uint16``."""
    if not isinstance(hands, nb_types.Array) or not isinstance(out, nb_types.Array):
        return None
    fits = _is_byte_rows(hands) and _is_strengths(out)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return context.get_constant(nb_types.boolean, fits and eight_rows_at_once(context))

    return nb_types.boolean(hands, out), codegen


def _ranks_intrinsic(checked: bool) -> Any:
    def ranks(
        typingctx: Any, hands: Any, at: Any, out: Any, row: Any, bases: Any, values: Any
    ) -> Any:
        arrays = (hands, out, bases, values)
        if not all(isinstance(array, nb_types.Array) for array in arrays):
            return None
        if at != nb_types.uint64 or row != nb_types.uint64:
            return None
        fits = _is_byte_rows(hands) and all(map(_is_strengths, (out, bases, values)))
        signature = nb_types.uint64(hands, at, out, row, bases, values)

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            if not (fits and eight_rows_at_once(context)):
                return context.get_constant(nb_types.uint64, BAD if checked else 0)
            return _emit(context, builder, signature, args, checked)

        return signature, codegen

    ranks.__name__ = "eight_ranks_checked" if checked else "eight_ranks"
    return intrinsic(ranks)


#: What :data:`eight_ranks_checked` returns for eight rows that hold a bad row (a bit above the
#: eight rows' flush bits).
BAD: Final = 1 << ROWS

#: ``eight_ranks(hands, at, out, row, bases, values)``: the rank strengths (flushes aside) of
#: the eight seven-card rows starting at byte ``at`` of a C-contiguous ``uint8`` array into
#: ``out[row .. row + 7]``, looked up in the row displacements ``bases`` and one ranking's
#: strengths ``values``; returns the rows whose key flags a suit of five as bits (bit ``b``:
#: row ``row + b``). Valid cards only, and 8 bytes after the eight rows must be readable. Only
#: where :func:`vector_keys` is true (byte rows, packed uint16 ``out``, ``bases`` and
#: ``values``): anywhere else it does nothing and returns 0 (in a branch never taken).
eight_ranks: Final = _ranks_intrinsic(checked=False)
#: :data:`eight_ranks` for cards not yet checked: when a row of the eight holds a card above
#: 51 or a card twice it stores nothing and returns :data:`BAD`. The check is
#: :mod:`cartes.evaluation._rowcheck`'s, on the same 64-byte load: three ``vpermb`` rotations
#: of the eight rows, their exclusive ors and unsigned minimums, and the largest card.
eight_ranks_checked: Final = _ranks_intrinsic(checked=True)


_LANES: Final = ir.VectorType(ir.IntType(64), ROWS)


def _splat(value: int) -> Any:
    return ir.Constant(_LANES, [value] * ROWS)


def _data(context: Any, builder: Any, signature: Any, args: Any, k: int, kind: Any) -> Any:
    """A pointer to the data of array argument ``k``, as a pointer to ``kind``."""
    array = context.make_array(signature.args[k])(context, builder, args[k])
    return builder.bitcast(array.data, kind.as_pointer())


def _emit(context: Any, builder: Any, signature: Any, args: Any, checked: bool) -> Any:
    i8, i32, i64 = ir.IntType(8), ir.IntType(32), ir.IntType(64)
    bytes64, lanes, splat = ir.VectorType(i8, 64), _LANES, _splat
    table2 = builder.module.declare_intrinsic(
        "llvm.x86.avx512.vpermi2var.q.512", fnty=ir.FunctionType(lanes, [lanes, lanes, lanes]))
    table1 = builder.module.declare_intrinsic(
        "llvm.x86.avx512.permvar.di.512", fnty=ir.FunctionType(lanes, [lanes, lanes]))
    ranks_low, ranks_high = ir.Constant(lanes, _RANK_KEYS[:8]), ir.Constant(lanes, _RANK_KEYS[8:])
    suits = ir.Constant(lanes, _SUIT_KEYS)
    start = builder.gep(_data(context, builder, signature, args, 0, i8), [args[1]])
    rows = builder.load(builder.bitcast(start, bytes64.as_pointer()), align=1)
    zero = ir.Constant(bytes64, [0] * 64)
    keys = splat(tables.KEY_START)
    for card in range(7):
        # Byte 8q of the result is card `card` of row q; the other bytes are zeros.
        spread = [7 * (b // 8) + card if b % 8 == 0 else 64 for b in range(64)]
        picked = builder.shuffle_vector(rows, zero, ir.Constant(ir.VectorType(i32, 64), spread))
        cards = builder.bitcast(picked, lanes)
        keys = builder.add(keys, builder.call(table2, [ranks_low, builder.lshr(cards, splat(2)),
                                                       ranks_high]))
        keys = builder.add(keys, builder.call(table1, [suits, cards]))
    flagged = builder.icmp_unsigned("!=", builder.and_(keys, splat(_FLAGS_IN_KEY)), splat(0))
    lanes_flagged = builder.zext(builder.bitcast(flagged, i8), i64)
    if not checked:
        _emit_store(context, builder, signature, args, keys)
        return lanes_flagged
    bad = _emit_bad(builder, rows)
    with builder.if_then(builder.not_(bad), likely=True):
        # A bad card's key may hash past the table's end: looked up only when all are good.
        _emit_store(context, builder, signature, args, keys)
    return builder.select(bad, ir.Constant(i64, BAD), lanes_flagged)


def _emit_bad(builder: Any, rows: Any) -> Any:
    """Whether one of the eight rows of seven cards in ``rows`` (64 bytes) repeats a card or
    holds one above 51 (the check of :mod:`cartes.evaluation._rowcheck`, on one load)."""
    i8, i32 = ir.IntType(8), ir.IntType(32)
    bytes64 = ir.VectorType(i8, 64)
    undefined = ir.Constant(bytes64, ir.Undefined)
    rotated = {
        r: builder.shuffle_vector(rows, undefined, ir.Constant(ir.VectorType(i32, 64),
                                                                 _spread(7, r)))
        for r in (0, 1, 3)
    }

    def unsigned_min(x: Any, y: Any) -> Any:
        return builder.select(builder.icmp_unsigned("<", x, y), x, y)

    nearest = unsigned_min(builder.xor(rotated[0], rotated[1]), builder.xor(rotated[1], rotated[3]))
    nearest = unsigned_min(nearest, builder.xor(rotated[0], rotated[3]))
    repeated = builder.icmp_unsigned("==", nearest, ir.Constant(bytes64, [0] * 64))
    too_large = builder.icmp_unsigned(">", rotated[0], ir.Constant(bytes64, [51] * 64))
    either = builder.bitcast(builder.or_(repeated, too_large), ir.IntType(64))
    return builder.icmp_unsigned("!=", either, ir.Constant(ir.IntType(64), 0))


def _emit_store(context: Any, builder: Any, signature: Any, args: Any, keys: Any) -> None:
    """Hash the eight keys, look their strengths up and store them, row by row: the keys go
    to the stack as one vector store and come back as eight loads, and each strength is
    stored on its own (extracting lanes and inserting the strengths into a vector cost two
    instructions a row more: 0.98x the floor against 1.10x unchecked, 0.90x against 1.02x
    checked, same process)."""
    i16, i32, i64 = ir.IntType(16), ir.IntType(32), ir.IntType(64)
    bases = _data(context, builder, signature, args, 4, i16)
    values = _data(context, builder, signature, args, 5, i16)
    target = builder.gep(_data(context, builder, signature, args, 2, i16), [args[3]])
    # alloca_once: in the entry block, one slot reused by every call in the loop
    spill = cgutils.alloca_once(builder, keys.type)  # type: ignore[no-untyped-call]
    builder.store(keys, spill)
    words = builder.bitcast(spill, i64.as_pointer())
    for lane in range(ROWS):
        key = builder.load(builder.gep(words, [ir.Constant(i32, lane)]))
        hashed = builder.and_(key, ir.Constant(i64, 0xFFFFFFFF))
        row = builder.lshr(hashed, ir.Constant(i64, _ROW_SHIFT))
        column = builder.and_(hashed, ir.Constant(i64, _COL_MASK))
        base = builder.zext(builder.load(builder.gep(bases, [row])), i64)
        slot = builder.add(builder.shl(base, ir.Constant(i64, 1)), column)
        builder.store(builder.load(builder.gep(values, [slot])),
                      builder.gep(target, [ir.Constant(i32, lane)]))
