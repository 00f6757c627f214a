"""Vegas Host's Discord adapter and game storage."""
