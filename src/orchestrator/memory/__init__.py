"""The structured task memory and the models of what agents hand back."""
