"""Clue table (placeholder)."""
