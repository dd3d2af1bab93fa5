"""The walls around a run: the watchdog, the big-stack retry, memory footprint, process isolation."""
