"""Templates shipped with ppprint: the rulebook's frame and the folder ``ppprint new`` writes."""
