"""The format-neutral book: what every printer (PDF, booklet, HTML, EPUB) prints, and nothing of how."""
