"""Running one program of tests/fix_program_generator.py and capturing what it prints.

The semantic fix test runs hundreds of programs: they run in processes forked from a server that
has imported JAX and Flax once (`multiprocessing` forkserver with this module preloaded), each
program in a fresh process. Importing JAX starts no backend, so forking after it is safe.
"""

from __future__ import annotations

import contextlib
import io
import os
import runpy
import sys

import flax.linen  # noqa: F401  (preloaded for the programs)
import jax
import numpy as np


def _rounded(leaf: object) -> object:
    try:
        return np.round(np.asarray(leaf, dtype=np.float64), 4).tolist()
    except (TypeError, ValueError):
        return repr(leaf)


def run_file(path: str, call: str | None) -> tuple[int, str, str]:
    """Run `path` as __main__ (and print the value of `call` in its namespace, when given): the
    exit status, what it printed, and the exception that ended it (empty when it worked)."""
    os.chdir(os.path.dirname(path))
    sys.argv = [path]
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(io.StringIO()):
            namespace = runpy.run_path(path, run_name="__main__")
            if call is not None:
                print(jax.tree_util.tree_map(_rounded, eval(call, namespace)))
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 1
        return code, printed.getvalue(), "" if code == 0 else f"SystemExit: {exit_.code}"
    except BaseException as error:  # noqa: BLE001 - any crash of the program is its result
        message = str(error).strip().splitlines()
        return 1, printed.getvalue(), f"{type(error).__name__}: {message[0] if message else ''}"
    return 0, printed.getvalue(), ""
