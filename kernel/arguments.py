"""What every ``race-kernel`` command shares: bounded argument errors and exit codes.

The main command (:mod:`kernel.cli`), the conformance kit's commands
(:mod:`kernel.conformance.cli`), the viewer (:mod:`kernel.viewer`) and the
spec tooling (:mod:`kernel.spec.runner`) parse their arguments with these;
this module imports nothing of the kernel, so none of them imports another
to reach them (the main command imports each subcommand only when it runs).
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import NoReturn

#: The longest message an argument error prints (characters).
MESSAGE_LIMIT = 300


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters (a message must stay short).

    >>> clip("x" * 10, 4)
    'xxxx... (10 characters)'
    """
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


#: A reStructuredText role: ``:func:`name```, ``:mod:`name```.
_ROLE = re.compile(r":[a-z]+(?::[a-z]+)?:`~?([^`]+)`")
#: A table rule of ``=`` columns (``====  ====``).
_TABLE_RULE = re.compile(r"^\s*=+(?:\s+=+)+\s*$")


def plain_text(text: str) -> str:
    """``text`` (a docstring or a help text) without reStructuredText markup.

    Roles lose their markup, literals their double backquotes, a table its
    ``====`` rules; a ``::`` ending a paragraph becomes ``:``.

    >>> plain_text("see :mod:`kernel.bots` and ``race-kernel match``::")
    'see kernel.bots and race-kernel match:'
    >>> plain_text("====  ====\\ncode  meaning\\n====  ====")
    'code  meaning'
    """
    lines = [line for line in text.split("\n") if not _TABLE_RULE.match(line)]
    out = _ROLE.sub(r"\1", "\n".join(lines)).replace("``", "")
    return re.sub(r"(\S)::$", r"\1:", out, flags=re.MULTILINE)


class ArgumentParser(argparse.ArgumentParser):
    """argparse with bounded error messages (an argument may be megabytes long) and help
    texts without reStructuredText markup (:func:`plain_text`)."""

    def format_help(self) -> str:
        return plain_text(super().format_help())

    def format_usage(self) -> str:
        return plain_text(super().format_usage())

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {clip(message)}\n")


def exit_code(exc: SystemExit) -> int:
    """The exit code of a SystemExit (argparse's, or another command's)."""
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code
    print(clip(str(exc.code)), file=sys.stderr)
    return 2
