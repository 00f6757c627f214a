"""Tests of the renderer: shared drawing helpers, charts, the command line, one package per game."""
