"""`python -m ptclisp.cli`: the `ptclisp` command."""
import sys

from .main import main

sys.exit(main())
