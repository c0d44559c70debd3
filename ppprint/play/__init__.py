"""Simulated play: agents written against the engine contract, a match runner (local or on a Dask cluster),
statistics and the designer's report (``ppprint report GAME``)."""
