# label: ok
# flax-error: none
# class: 1 SessionEncoder.__call__ runs the scan itself; the hidden states leave as ys and TelemetryMixin.record sows them after the loop
"""Session-based next-item recommender that keeps per-click telemetry for the ranking dashboard."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


class TelemetryMixin:
    """Shared by every model the recommendation team ships: one place that decides what is logged."""

    telemetry_collection = "intermediates"

    def record(self, name, value):
        self.sow(self.telemetry_collection, name, value)


class SessionEncoder(TelemetryMixin, nn.Module):
    num_items: int
    dim: int = 8

    def setup(self):
        self.item_table = nn.Embed(self.num_items, self.dim)
        self.absorb_click = nn.Dense(self.dim)

    def __call__(self, clicks):
        emb = self.item_table(clicks)
        state = jnp.tanh(self.absorb_click(emb[:, 0]))

        def step(state, click_emb):
            state = jnp.tanh(self.absorb_click(state + click_emb))
            return state, state

        state, trajectory = jax.lax.scan(step, state, jnp.swapaxes(emb[:, 1:], 0, 1))
        self.record("session_trajectory", trajectory)
        return self.item_table.attend(state)


@dataclasses.dataclass
class CatalogConfig:
    num_items: int = 12
    top_k: int = 3
    seed: int = 7


class RecommenderService:
    def __init__(self, config: CatalogConfig):
        self.config = config
        self.encoder = SessionEncoder(config.num_items)
        self.params = None

    def load(self, example_clicks):
        self.params = self.encoder.init(jax.random.key(self.config.seed), example_clicks)["params"]

    def recommend(self, clicks):
        logits, telemetry = self.encoder.apply(
            {"params": self.params}, clicks, mutable=[self.encoder.telemetry_collection]
        )
        _, items = jax.lax.top_k(logits, self.config.top_k)
        return items, telemetry

    @staticmethod
    def drift_report(telemetry) -> jax.Array:
        (trajectory,) = telemetry["intermediates"]["session_trajectory"]
        return jnp.linalg.norm(trajectory[1:] - trajectory[:-1], axis=-1).mean()


def main():
    service = RecommenderService(CatalogConfig())
    clicks = jnp.array([[1, 4, 4, 9, 2], [3, 3, 7, 0, 11]])
    service.load(clicks)
    items, telemetry = service.recommend(clicks)
    drift = service.drift_report(telemetry)
    jax.block_until_ready((items, drift))
    return None
