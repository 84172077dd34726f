"""Stage 4, the finished site: what the build does once MkDocs has written it.

The browser runtime (Pyodide, the calculators' archive, the compiled stdlib), the per-rule
search entries, the service worker, precompressed copies, and every page's CSP, head and
module graph.
"""
