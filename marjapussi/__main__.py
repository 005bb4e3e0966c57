"""Run the command line: ``python -m marjapussi replay|legal|rules``."""

import os
import sys

from .cli import main

try:
    status = main()
    sys.stdout.flush()
except BrokenPipeError:
    # The reader closed the pipe (``| head``): stop quietly, as other tools do.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    status = 0
raise SystemExit(status)
