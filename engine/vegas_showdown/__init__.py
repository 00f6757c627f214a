"""Vegas Showdown rules engine: pure, deterministic, no I/O."""
