"""The slow phone opening the rules and their calculators, against a naive Pyodide embed in the
same run: the phone (:mod:`.profile`), its visits (:mod:`.runs`), a model's runs
(:mod:`.model_runs`), the naive embed (:mod:`.naive_embed`), the whole measure
(:mod:`.measure`) and its report (:mod:`.report`)."""
