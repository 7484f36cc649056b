

def test_the_analysis_cache_is_pinned_to_the_evaluation_code_it_inlines() -> None:
    # numba's disk cache is keyed on the kernel's own file: a change to the evaluator it
    # inlines must change _kernels.py too (the digest), or the cache would run stale code.
    import hashlib
    import inspect

    from cartes.analysis import _kernels
    from cartes.evaluation import kernels

    assert _kernels._evaluation_digest() == _kernels.EVALUATION_DIGEST
    edited = hashlib.sha256(kernels.TABLES_DIGEST.encode())
    for function in (kernels._rank_strength, kernels._flush_strength):
        edited.update((inspect.getsource(function.py_func) + "# edited\n").encode())
    assert edited.hexdigest()[:16] != _kernels.EVALUATION_DIGEST
