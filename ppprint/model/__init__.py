"""Game data as typed models: metadata, figures and claims, the piece table."""
