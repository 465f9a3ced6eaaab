"""The redaction of ``Table.view`` written the plain way, entity by entity through the
table's visibility questions (``sees_into``, ``sees_face``, ``knows``): the reference the
fast ``Table.view`` must equal, dict for dict (tests/core/test_zones_view.py and the
Etherfields observation property)."""

from __future__ import annotations

from typing import Any

from oneiros.core.zones import COUNT_ONLY, NOBODY, OWNER, PUBLIC, Place, Table


def _key(owner: int | None) -> str:
    return "-" if owner is None else str(owner)


def reference_view(table: Table, seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees of ``table``, as ``Table.view(seat).data``."""
    zones: dict[str, dict[str, Any]] = {}
    folded: dict[Place, int] = {}
    for (name, owner), items in table.contents.items():
        d = table._zone(name)
        if d.counted_in is not None and not table.sees_into(seat, name, owner) and items:
            key = (d.counted_in, owner)
            folded[key] = folded.get(key, 0) + len(items)
    for (name, owner), items in table.contents.items():
        d = table._zone(name)
        entry: dict[str, Any]
        if table.sees_into(seat, name, owner):
            shown = items if d.ordered else sorted(items)
            faces = [table.faces[e] if table.sees_face(seat, e) else None for e in shown]
            entry = {"ids": list(shown), "faces": faces, "count": len(items)}
        else:
            counted = d.visibility is not NOBODY and d.counted_in is None
            n = len(items) + folded.get((name, owner), 0)
            entry = {"ids": None, "faces": None, "count": n if counted else None}
            known = {e: table.faces[e] for e in items if table.knows(seat, e)}
            if known:
                entry["known"] = known
        zones.setdefault(name, {})[_key(owner)] = entry
    pools: dict[str, dict[str, Any]] = {}
    for (name, owner), amount in table.amounts.items():
        pd = table.decl[name]
        seen = pd.visibility is PUBLIC or (
            pd.visibility is OWNER and seat is not None and seat == owner
        )
        shown_amount = amount if seen or pd.visibility is COUNT_ONLY else None
        pools.setdefault(name, {})[_key(owner)] = shown_amount
    return {"zones": zones, "pools": pools}
