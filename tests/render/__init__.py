"""Tests of the board image renderer."""
