"""The builtin library: every module in this package registers its builtins on import."""
import importlib
import pkgutil

from .registry import CORE, REGISTRY, Builtin, builtin, resolve

for _info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if _info.name not in ("registry", "support"):
        importlib.import_module(f"{__name__}.{_info.name}")

__all__ = ["CORE", "REGISTRY", "Builtin", "builtin", "resolve"]
