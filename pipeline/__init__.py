"""Print-book production pipeline for machine-made logic puzzles."""
