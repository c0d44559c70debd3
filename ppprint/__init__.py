"""ppprint: board games as data, diagrams checked by rules engines, rulebooks as PDF."""

__version__ = "0.1.0"
