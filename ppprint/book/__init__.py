"""Books: Jinja templates and ReportLab platypus stories, written as PDF."""
