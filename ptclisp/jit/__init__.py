"""The compiled tier: hot functions, loops and fused pipelines emitted as checked Python."""
