"""Solvers for Random Encounter: battle odds, the encounter builder (z3 and matching) and the Solo
Adventure planner. They depend on rulebook.encounter, never the reverse."""
