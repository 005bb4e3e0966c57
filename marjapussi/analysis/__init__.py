"""Analysis: what one seat knows, what the table reveals, dealing the unseen cards, and bots."""
