"""Names vulture reports as unused that an interface we implement requires (read by vulture only).

`vulture ptclisp tools/vulture_whitelist.py --min-confidence 80` must print nothing; a name goes
here only when a framework's signature demands it, never to hide dead code.
"""

run_manager  # LangChain BaseTool._run/_arun: the callback manager each tool call is handed
