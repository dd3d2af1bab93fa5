"""The boundary with the host: tools, their definitions and signatures, host data, saving."""
