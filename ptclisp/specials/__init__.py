"""The special forms, each declared once (compile/special_forms.py says how), by family.

This package sits above compile/, run/ and jit/: a declaration holds a form's analysis, its
closure (built from run/ helpers) and its emitter (jit/ helpers) together. The analyzer, which
run/ and jit/ import, reads only the table in compile/special_forms.py, so no import circle
forms; run/evaluator.py imports this package, which fills that table before anything runs.
A form added to one of these modules needs nothing else.
"""
from . import binding, control, functions, journal, loops, output  # noqa: F401  (they register themselves)
