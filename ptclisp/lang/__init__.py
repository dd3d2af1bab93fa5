"""The language's text and values: source spans, forms, the reader, values, the printers."""
