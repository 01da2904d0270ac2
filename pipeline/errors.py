"""The one error type for bad input: it names the file, the line and the field."""

from __future__ import annotations


class InputError(ValueError):
    """Bad input from a file or the command line.

    The command line prints ``str(error)`` as a single line and exits with status 2.
    """

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 field: str | None = None):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.field = field

    def __reduce__(self):
        # Raised in a worker process, it reaches the driver pickled: keep where it points.
        return _input_error, (self.message, self.file, self.line, self.field)

    def located(self, *, file: str | None = None, line: int | None = None) -> "InputError":
        """The same error with the file and line filled in where they were unknown."""
        return InputError(self.message, file=self.file or file,
                          line=self.line if self.line is not None else line, field=self.field)

    def __str__(self) -> str:
        where = self.file or "<input>"
        if self.line is not None:
            where += f":{self.line}"
        field = f" {self.field}:" if self.field else ""
        return f"{where}:{field} {self.message}"


def _input_error(message: str, file: str | None, line: int | None,
                 field: str | None) -> InputError:
    return InputError(message, file=file, line=line, field=field)


class GenerationFailed(RuntimeError):
    """A generator ran out of its attempt budget without a board that meets the contract."""


class CheckersDisagree(GenerationFailed):
    """The independent checker and the solver disagree on a board.

    The board is skipped and counted with the boards whose budget ran out (the driver's
    `failed`), so one such board never stops a fill; a catalog never holds one."""
