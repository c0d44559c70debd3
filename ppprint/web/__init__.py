"""The rulebook on the web: one self-contained HTML file (or an EPUB 3) per game, and a live preview while writing."""
