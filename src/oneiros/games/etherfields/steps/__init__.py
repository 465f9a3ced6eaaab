"""Etherfields' flow steps, one module per rulebook section."""
