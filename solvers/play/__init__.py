"""Play and analyse at scale: agents (random, greedy, search), hints, and sweeps that verify the
rules over many seeded games -- written once over the game protocol (rulebook/API.md)."""
