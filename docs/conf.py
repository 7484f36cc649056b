"""Sphinx configuration for cartes."""

import sys
from pathlib import Path

import cartes

sys.path.insert(0, str(Path(__file__).parent))  # for the extensions beside this file

project = "cartes"
author = "The cartes developers"
copyright = "2026, The cartes developers"
release = cartes.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "apicheck",  # the API pages must render every public name, and only real ones
    "cartesview",  # pictures of cards and tables, drawn by cartes.display as the docs build
    "myst_nb",  # the tutorial notebook, executed while the docs build
]
nb_execution_mode = "force"
nb_execution_raise_on_error = True
nb_execution_timeout = 300
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_type_aliases = {"CardLike": "cartes.CardLike", "SpanishCardLike": "cartes.SpanishCardLike"}
nitpicky = False
html_theme = "furo"
html_title = "cartes"
exclude_patterns = ["_build", "**.ipynb_checkpoints", "jupyter_execute"]
