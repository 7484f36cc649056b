"""The package imports and its public names exist."""

import cartes


def test_public_names_resolve() -> None:
    for name in cartes.__all__:
        assert getattr(cartes, name) is not None, name
