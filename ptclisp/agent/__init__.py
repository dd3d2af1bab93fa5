"""The agent layer: a model and a Session in a loop (`Agent`), SDK adapters, the trace.

Built on `ptclisp.llm` and the public face; nothing in the core or in `ptclisp.llm` imports it.
One message shape crosses its boundary, OpenAI chat dicts; the adapters translate at the edge.
"""
from .adapters import anthropic_messages, openai_chat, openai_responses
from .agent import Agent, AgentResult
from .conversation import Conversation
from .trace import Trace, TurnRecord

__all__ = ["Agent", "AgentResult", "Conversation", "Trace", "TurnRecord", "openai_chat",
           "openai_responses", "anthropic_messages"]
