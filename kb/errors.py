"""The errors users are meant to see. Each carries a message that says what went wrong and what to do.

The CLI maps them to a one-line message and an exit code; the HTTP layer maps them to problem details.
Nothing matches on message text: callers catch the class.
"""


class KBError(Exception):
    """Base class of every error kb reports to a user."""

    exit_code = 1


class SettingsError(KBError):
    """A settings file or a KB_* variable is wrong (unknown key, wrong type, bad value)."""

    exit_code = 2


class InvalidInput(KBError):
    """A request or an argument is malformed."""

    exit_code = 2


class NotFound(KBError):
    """A document, collection or model that was asked for does not exist."""


class ModelUnavailable(KBError):
    """A model could not be found or loaded."""


class StoreUnavailable(KBError):
    """The vector store could not be opened or reached, or does not match the settings."""


class IngestLocked(KBError):
    """Another ingest (or delete) holds the store's write lock."""


class DocumentError(KBError):
    """One file could not be read, parsed or indexed. The ingest goes on with the other files."""

    def __init__(self, path: str, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason
