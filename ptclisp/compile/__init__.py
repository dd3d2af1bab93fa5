"""Analysis: forms -> the checked AST (special forms, macros, scopes, name resolution)."""
