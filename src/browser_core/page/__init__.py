"""The page model: element ids, frames, observation, hit tests and targets. Knows nothing of the session."""
