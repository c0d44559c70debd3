"""Board geometry shared by all games: square grids, tile layouts, (later) hexes and walls."""
