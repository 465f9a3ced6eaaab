"""The campaign store, shared by ``oneiros campaign`` and the web table (see
:mod:`oneiros.campaign_store`); kept here so existing imports keep working."""

from ..campaign_store import ENV_VAR, CampaignStore, default_url

__all__ = ["ENV_VAR", "CampaignStore", "default_url"]
