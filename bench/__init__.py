"""Benchmarks (``python -m bench``): figures printed, never asserted."""
