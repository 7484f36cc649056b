"""The input check of the checked batch kernels, on 64 rows of byte cards at once.

:func:`block_bad` says whether any of 64 consecutive rows of a C-contiguous ``uint8`` array of
k = 5, 6 or 7 cards a row holds a card above 51 or a card twice. It is vector code written
straight in LLVM IR: 64-byte loads and byte shuffles, which LLVM lowers to whatever the
machine has (one ``vpermb`` per shuffle with AVX-512 VBMI, ``vpshufb`` and ``vpermd`` with
AVX2). Per row it costs about one and a half instructions, against sixteen for the per-row
check the kernels fuse into the evaluation (a 64-bit one-hot sum and a popcount): the kernels
run it once per block, then evaluate the block unchecked when it is clean, and fall back to the
per-row check only for a block that holds a bad row.

How: a vector load of 64 bytes holds eight rows (and a little of the next ones). A shuffle
spreads the eight rows to eight 8-byte lanes, the row's k cards then repeated in the spare
lanes (lane ``p`` of a row takes card ``p mod k``). Three such shuffles, rotated by 0, 1 and 3
cards within the row, pair every card of a row with every other at cyclic distance 1 (rotations
0 and 1), 2 (1 and 3) and 3 (0 and 3), which for k <= 7 is every pair; an exclusive or of two
rotations has a zero byte exactly where two cards of one row are equal, since every lane pairs
two different positions of one row. The unsigned minimum of all of them has a zero byte when
any row repeats a card, and the maximum of the unrotated lanes exceeds 51 when any card is out
of range.

The loads read up to ``64 - 8k`` bytes past the block (8 for seven cards), so a block must be
followed by :data:`OVERRUN` more rows of the array.

That is the code for machines with AVX-512 VBMI, where a shuffle across 64 bytes is one
instruction. Elsewhere (AVX2 lowers such a shuffle to several ``vpshufb``, ``vpermq`` and
blends) the same check runs on 32-byte vectors of four rows, each made of two 16-byte loads of
two rows, so that every rotation stays within a 16-byte lane: one ``vpshufb`` each
(:func:`whole_vector_shuffles` decides, at compile time).

>>> import numba as nb, numpy as np
>>> @nb.njit
... def bad(hands, row):
...     return block_bad(hands, np.uint64(row), hands.shape[1])
>>> hands = np.tile(np.arange(7, dtype=np.uint8), (200, 1))
>>> bad(hands, 0)
False
>>> hands[63, 6] = hands[63, 2]
>>> bad(hands, 0), bad(hands, 8), bad(hands, 64)
(True, True, False)
"""

from __future__ import annotations

from typing import Any, Final

from llvmlite import ir  # type: ignore[import-untyped]
from numba.core import types as nb_types
from numba.extending import intrinsic

__all__ = [
    "BLOCK",
    "CODE_VERSION",
    "OVERRUN",
    "block_bad",
    "blockwise",
    "fast_pext",
    "one_byte",
    "pair_index",
    "pairs_by_pext",
    "target_features",
    "two_bytes",
    "whole_vector_shuffles",
]

#: Raise it whenever the code that :func:`block_bad`, :data:`one_byte` or :data:`two_bytes`
#: emits changes: the kernels' digest (:data:`cartes.evaluation.kernels.TABLES_DIGEST`)
#: includes it, and numba's on-disk cache, which watches only the kernels' own file, is
#: rebuilt when the digest changes.
CODE_VERSION: Final = 3

#: Rows checked at once.
BLOCK: Final = 64
#: Rows that must follow a block in the array: its last load reads past it.
OVERRUN: Final = 8
_WIDTH: Final = 64  # bytes per vector: eight rows
_ROTATIONS: Final = (0, 1, 3)
_PAIRS: Final = ((0, 1), (1, 3), (0, 3))


def _byte_load(bits: int) -> Any:
    """An intrinsic reading ``bits // 8`` bytes at a byte offset of a C-contiguous ``uint8``
    array as one unsigned load (unaligned, no bounds check), widened to a uint64.

    It is typed for any array, so that a branch on
    :func:`~cartes.evaluation._rowcheck.blockwise` compiles for every dtype; on any other
    array it gives 0, in the branch that is never taken. The offset is from the array's first
    byte, so the row's address is one multiply by the row length, a constant: indexing
    ``hands[i, j]`` instead keeps the run-time stride in a register, which the seven-card loop
    has none to spare for (it spilled to the stack)."""
    width = ir.IntType(bits)

    def load(typingctx: Any, hands: Any, offset: Any) -> Any:
        if not isinstance(hands, nb_types.Array) or offset != nb_types.uint64:
            return None
        byte_rows = hands.dtype == nb_types.uint8 and hands.layout == "C"

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            if not byte_rows:
                return context.get_constant(nb_types.uint64, 0)
            array = context.make_array(signature.args[0])(context, builder, args[0])
            start = builder.bitcast(array.data, ir.IntType(8).as_pointer())
            pointer = builder.bitcast(builder.gep(start, [args[1]]), width.as_pointer())
            return builder.zext(builder.load(pointer, align=1), ir.IntType(64))

        return nb_types.uint64(hands, offset), codegen

    load.__name__ = f"load{bits}"
    return intrinsic(load)


#: The byte at an offset of a byte array, and the two bytes there as one 16-bit load, for the
#: kernels' reading of byte rows (:mod:`cartes.evaluation.kernels`, the note _BYTE_PAIRS).
one_byte: Final = _byte_load(8)
two_bytes: Final = _byte_load(16)


# CPUs whose pext is microcoded (tens to hundreds of cycles): AMD before Zen 3.
_SLOW_PEXT: Final = ("znver1", "znver2", "bdver", "btver", "amdfam10", "k8")


def fast_pext(context: Any) -> bool:
    """Whether the code being compiled may use BMI2's ``pext`` as one fast instruction: the
    target has BMI2 and is not an AMD processor before Zen 3 (where it is microcoded). Read
    from numba's target, which is part of numba's cache key."""
    codegen = context.codegen()
    name = codegen._get_host_cpu_name() if hasattr(codegen, "_get_host_cpu_name") else ""
    return "+bmi2" in target_features(context) and not str(name).startswith(_SLOW_PEXT)


#: Bits of two neighbouring card bytes that :data:`pair_index` gathers: six of each.
_PAIR_BITS: Final = 0x3F3F


@intrinsic
def pair_index(typingctx: Any, pair: Any) -> Any:
    """The index of two cards read as one 16-bit value ``a | b << 8`` (cards 0..51) in a table
    of stride 64, ``a | b << 6``, gathered by one ``pext`` where :func:`fast_pext` says it is
    fast; elsewhere the value itself (a table of stride 256). The stride-64 table is 26.5 KiB,
    small enough to stay in a 32 KiB level-1 cache; the stride-256 one is 102 KiB."""
    if pair != nb_types.uint64:
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        if not fast_pext(context):
            return args[0]
        i64 = ir.IntType(64)
        function = builder.module.declare_intrinsic(
            "llvm.x86.bmi.pext.64", fnty=ir.FunctionType(i64, [i64, i64]))
        return builder.call(function, [args[0], ir.Constant(i64, _PAIR_BITS)])

    return nb_types.uint64(nb_types.uint64), codegen


@intrinsic
def pairs_by_pext(typingctx: Any) -> Any:
    """Whether :data:`pair_index` gathers (a compile-time constant of the target)."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return context.get_constant(nb_types.boolean, fast_pext(context))

    return nb_types.boolean(), codegen


def _spread(k: int, rotation: int) -> list[int]:
    """The byte each lane of a shuffled vector takes from the loaded one: row q of the vector
    to lanes 8q..8q+7, card ``(p + rotation) mod k`` of the row to lane ``8q + p``."""
    return [k * q + (p + rotation) % k for q in range(_WIDTH // 8) for p in range(8)]


def _is_byte_rows(hands: Any) -> bool:
    return (
        isinstance(hands, nb_types.Array)
        and hands.dtype == nb_types.uint8
        and hands.ndim == 2
        and hands.layout == "C"
    )


@intrinsic
def blockwise(typingctx: Any, hands: Any) -> Any:
    """Whether :func:`block_bad` can check ``hands`` (a compile-time constant: a C-contiguous
    2-D ``uint8`` array)."""
    if not isinstance(hands, nb_types.Array):
        return None
    result = _is_byte_rows(hands)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return context.get_constant(nb_types.boolean, result)

    return nb_types.boolean(hands), codegen


def _emit_check(builder: Any, start: Any, k: int) -> Any:
    """The IR of the check of one block of k-card rows starting at byte pointer ``start``."""
    i8, i32, i64 = ir.IntType(8), ir.IntType(32), ir.IntType(64)
    vector = ir.VectorType(i8, _WIDTH)
    undefined = ir.Constant(vector, ir.Undefined)
    masks = {r: ir.Constant(ir.VectorType(i32, _WIDTH), _spread(k, r)) for r in _ROTATIONS}

    def unsigned_min(x: Any, y: Any) -> Any:
        return builder.select(builder.icmp_unsigned("<", x, y), x, y)

    differences: list[Any] = []
    largest = None
    for j in range(BLOCK // 8):
        pointer = builder.gep(start, [ir.Constant(i64, 8 * k * j)])
        loaded = builder.load(builder.bitcast(pointer, vector.as_pointer()), align=1)
        rotated = {r: builder.shuffle_vector(loaded, undefined, masks[r]) for r in _ROTATIONS}
        cards = rotated[0]
        if largest is None:
            largest = cards
        else:
            largest = builder.select(builder.icmp_unsigned(">", largest, cards), largest, cards)
        differences.extend(builder.xor(rotated[r], rotated[s]) for r, s in _PAIRS)
    # A tree, not a chain: a chain of 23 dependent minimums is 23 cycles of latency a block.
    while len(differences) > 1:
        pairs = range(0, len(differences) - 1, 2)
        odd = differences[-1:] if len(differences) % 2 else []
        differences = [unsigned_min(differences[i], differences[i + 1]) for i in pairs] + odd
    too_large = builder.icmp_unsigned(">", largest, ir.Constant(vector, [51] * _WIDTH))
    repeated = builder.icmp_unsigned("==", differences[0], ir.Constant(vector, [0] * _WIDTH))
    lanes = builder.bitcast(builder.or_(too_large, repeated), ir.IntType(_WIDTH))
    return builder.icmp_unsigned("!=", lanes, ir.Constant(ir.IntType(_WIDTH), 0))


def _spread_lanes(k: int, rotation: int) -> list[int]:
    """:func:`_spread` within 16-byte lanes, for a 32-byte vector made of two 16-byte loads of
    two rows each: row q of lane L to bytes 16L + 8q .. 16L + 8q + 7, each byte taking card
    ``(p + rotation) mod k`` of its own row, which lies in the same lane."""
    return [
        16 * lane + k * q + (p + rotation) % k for lane in range(2) for q in range(2)
        for p in range(8)
    ]  # fmt: skip


def _emit_check_lanes(builder: Any, start: Any, k: int) -> Any:
    """:func:`_emit_check` for machines whose byte shuffles stay within 16-byte lanes (AVX2's
    ``vpshufb``): four rows a 32-byte vector, two from each of two 16-byte loads, so that
    every shuffle is one in-lane ``vpshufb`` instead of a permutation across the vector.
    The last load reads up to ``16 - 2k`` bytes past the block."""
    i8, i32, i64 = ir.IntType(8), ir.IntType(32), ir.IntType(64)
    half, whole = ir.VectorType(i8, 16), ir.VectorType(i8, 32)
    masks = {
        r: ir.Constant(ir.VectorType(i32, 32), _spread_lanes(k, r)) for r in _ROTATIONS
    }
    joined = ir.Constant(ir.VectorType(i32, 32), list(range(32)))
    undefined = ir.Constant(whole, ir.Undefined)

    def load(offset: int) -> Any:
        pointer = builder.gep(start, [ir.Constant(i64, offset)])
        return builder.load(builder.bitcast(pointer, half.as_pointer()), align=1)

    def unsigned_min(x: Any, y: Any) -> Any:
        return builder.select(builder.icmp_unsigned("<", x, y), x, y)

    differences: list[Any] = []
    largest = None
    for j in range(BLOCK // 4):
        pair = builder.shuffle_vector(load(4 * k * j), load(4 * k * j + 2 * k), joined)
        rotated = {r: builder.shuffle_vector(pair, undefined, masks[r]) for r in _ROTATIONS}
        cards = rotated[0]
        if largest is None:
            largest = cards
        else:
            largest = builder.select(builder.icmp_unsigned(">", largest, cards), largest, cards)
        differences.extend(builder.xor(rotated[r], rotated[s]) for r, s in _PAIRS)
    while len(differences) > 1:
        pairs = range(0, len(differences) - 1, 2)
        odd = differences[-1:] if len(differences) % 2 else []
        differences = [unsigned_min(differences[i], differences[i + 1]) for i in pairs] + odd
    too_large = builder.icmp_unsigned(">", largest, ir.Constant(whole, [51] * 32))
    repeated = builder.icmp_unsigned("==", differences[0], ir.Constant(whole, [0] * 32))
    lanes = builder.bitcast(builder.or_(too_large, repeated), ir.IntType(32))
    return builder.icmp_unsigned("!=", lanes, ir.Constant(ir.IntType(32), 0))


def whole_vector_shuffles(context: Any) -> bool:
    """Whether the code being compiled may shuffle bytes across a whole 64-byte vector in one
    instruction (AVX-512 VBMI's ``vpermb``), read from numba's target features. They are part
    of numba's cache key, so a cache never serves one machine's choice to another. (Numba's
    ``NUMBA_CPU_NAME`` with an empty ``NUMBA_CPU_FEATURES`` gives no features: the AVX2
    code, which runs everywhere.)"""
    return "+avx512vbmi" in target_features(context)


def target_features(context: Any) -> list[str]:
    """The instruction-set features numba compiles for (``+avx2``, ``-avx512f``, ...), read
    from a target context's code generator."""
    return str(getattr(context.codegen(), "_tm_features", "")).split(",")


@intrinsic
def block_bad(typingctx: Any, hands: Any, row: Any, k: Any) -> Any:
    """Whether rows ``row .. row + 63`` of ``hands`` (``(n, k)``, k = 5, 6 or 7) hold a card
    above 51 or a card twice in a row. Only for arrays :func:`blockwise` accepts (any other
    array, or another k, gives True: check row by row); rows ``row + 64 .. row + 71`` must
    exist (:data:`OVERRUN`). Give ``k`` as a constant where it is known: the code for the
    other sizes then folds away."""
    if not isinstance(hands, nb_types.Array) or not isinstance(row, nb_types.Integer):
        return None
    if not isinstance(k, nb_types.Integer):
        return None
    byte_rows = _is_byte_rows(hands)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        true = ir.Constant(ir.IntType(1), 1)
        if not byte_rows:
            return true
        array = context.make_array(signature.args[0])(context, builder, args[0])
        first = context.cast(builder, args[1], signature.args[1], nb_types.uint64)
        size = context.cast(builder, args[2], signature.args[2], nb_types.int64)
        data = builder.bitcast(array.data, ir.IntType(8).as_pointer())
        start = builder.gep(data, [builder.mul(first, size)])
        emit = _emit_check if whole_vector_shuffles(context) else _emit_check_lanes
        before = builder.basic_block
        after = builder.append_basic_block("rowcheck.after")
        switch = builder.switch(size, after)
        results = [(true, before)]
        for cards in (5, 6, 7):
            case = builder.append_basic_block(f"rowcheck.k{cards}")
            switch.add_case(ir.Constant(ir.IntType(64), cards), case)
            builder.position_at_end(case)
            results.append((emit(builder, start, cards), builder.basic_block))
            builder.branch(after)
        builder.position_at_end(after)
        result = builder.phi(ir.IntType(1))
        for value, block in results:
            result.add_incoming(value, block)
        return result

    return nb_types.boolean(hands, row, k), codegen
