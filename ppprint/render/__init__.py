"""Drawing: piece tables to SVG, and SVG to ReportLab drawings, PDF and PNG."""
