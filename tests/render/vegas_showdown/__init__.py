"""Tests of the Vegas Showdown pictures."""
