"""Formatter stub: replaced by the real formatter."""
def format_value(v, *, limit=None, max_chars=None):
    return repr(v)
def read_value(text):
    raise NotImplementedError
