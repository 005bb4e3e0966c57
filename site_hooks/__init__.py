"""MkDocs hooks of the Marjapussi site (registered under ``hooks:`` in mkdocs.yml).

Each hook is a plain module that MkDocs loads by path; the helpers they share live in
``_text.py``. Every hook fails the build loudly (``PluginError``) on bad input.
"""
