"""Etherfields action ids, declared once (etherfields design §1, "Action ids").

Payment is one card at a time (``pay:<card>:<colour>``); map abilities are named by their
space (``use:map:B2.3:ladder``); chance outcomes name what is drawn or rolled. The web view
and the RL adapters read this grammar as data (``GRAMMAR.to_data()``).
"""

from __future__ import annotations

from ...core.actions import ActionGrammar

GRAMMAR = ActionGrammar(
    "etherfields",
    {
        # paying and performing ("Performing Actions", "Luck Die — Boosting Your Intent")
        "pay": "pay:{card}:{colour}",
        "pay_item": "pay-item:{item}:{colour}",
        "boost": "boost",
        "give_up": "give-up",
        "resolve": "resolve",
        # abilities by source ("Dreamers Actions", "Map Actions", "Basic Actions Card")
        "use_basic": "use:basic:{ability}",
        "use_map": "use:map:{space}:{ability}",
        "use_entity": "use:entity:{entity}:{ability}",
        "use_card": "use:card:{card}:{ability}",
        "use_item": "use:item:{item}:{ability}",
        "use_flying": "use:flying:{ability}",
        "use_mask": "use:mask",
        "use_back": "use:back",
        "use_companion": "use:companion:{companion}:{ability}",
        "use_classic": "use:classic",
        "classic": "classic:{effect}",
        "play": "play:{card}",
        "place": "place:{card}",
        # movement and targets ("Movement Actions", "Multiple Choices")
        "step": "step:{dir}",
        "stop": "stop",
        "target": "target:{kind}:{id}",
        "space": "space:{ref}",
        "choose": "choose:{k:int}",
        "discard": "discard:{card}",
        "penalty": "penalty:{penalty}",
        "reroll": "reroll:{source}",
        "done": "done",
        "pass": "pass",
        # chance outcomes
        "draw": "draw:{card}",
        "back": "back:{back}",
        "turn": "turn:{id}",
        "luck": "luck:{luck}",
        "mdie": "mdie:{mdie}",
        "morph": "morph:{kind}",
        "fate": "fate:{id}",
        "slumber": "slumber:{id}",
        "item": "item:{id}",
        "poker": "poker:{rank}",
    },
    types={
        "colour": ("awareness", "cunning", "wrath"),
        "dir": ("n", "e", "s", "w"),
        "penalty": ("ether", "distress", "seal"),
        "back": ("starting", "plain", "secret", "flaw"),
        "luck": ("skull", "blank", "1", "2", "3"),
        "mdie": ("1", "2", "3", "special", "again"),
        "effect": ("morphings", "gems", "hours", "distress", "sealing"),
        "rank": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a", "joker"),
    },
)

__all__ = ["GRAMMAR"]
