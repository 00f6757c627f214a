"""Tests of the benchmark scripts: they run and report every figure (never timed)."""
