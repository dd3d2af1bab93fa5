"""The closure tier: checked AST -> Python closures run under the budget."""
