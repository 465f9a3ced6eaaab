"""Bots, named by spec strings usable everywhere: ``random``, ``heuristic``,
``mcts:iterations=400``. Every agent decides from what its seat may know.

    from oneiros.agents import make_agent
    agent = make_agent("heuristic", game)
    action = agent.act(state, seat)
"""

from .base import Agent, AgentInfo, agent_specs, make_agent, register_agent

__all__ = ["Agent", "AgentInfo", "agent_specs", "make_agent", "register_agent"]
