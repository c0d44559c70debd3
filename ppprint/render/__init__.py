"""Drawing: piece drawers and marks into backend-neutral drawings, painted as PDF, SVG and PNG."""
