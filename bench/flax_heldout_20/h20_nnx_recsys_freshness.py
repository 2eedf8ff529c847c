# label: ok
# flax-error: none
# class: 3 the scan in SessionServer.serve() reads the model's Impressions variable through _rank() -> _freshness_penalty(); the counts are added once after the scan
"""Two-tower retrieval for session-based recommendation with a freshness penalty:
items shown often are pushed down the ranking. Impressions from a batch of sessions
are counted after the batch has been served."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class RecConfig:
    n_items: int = 50
    user_feats: int = 8
    dim: int = 16
    slate: int = 5
    penalty: float = 0.1


class Impressions(nnx.Variable):
    pass


class TwoTower(nnx.Module):
    def __init__(self, cfg: RecConfig, rngs: nnx.Rngs):
        self.user_tower = nnx.Sequential(
            nnx.Linear(cfg.user_feats, cfg.dim, rngs=rngs), nnx.relu, nnx.Linear(cfg.dim, cfg.dim, rngs=rngs)
        )
        self.item_emb = nnx.Embed(cfg.n_items, cfg.dim, rngs=rngs)
        self.impressions = Impressions(jnp.zeros(cfg.n_items))

    def scores(self, users):
        return self.user_tower(users) @ self.item_emb.embedding[...].T


class SessionServer:
    def __init__(self, model: TwoTower, cfg: RecConfig):
        self.model, self.cfg = model, cfg

    def _freshness_penalty(self):
        return self.cfg.penalty * jnp.log1p(self.model.impressions[...])

    def _rank(self, users):
        return jax.lax.top_k(self.model.scores(users) - self._freshness_penalty(), self.cfg.slate)[1]

    def serve(self, sessions):
        def body(clicks, users):
            slate = self._rank(users)
            return clicks + jnp.sum(slate < 10), slate

        clicks, slates = jax.lax.scan(body, jnp.zeros((), jnp.int32), sessions)
        served = jnp.zeros(self.cfg.n_items).at[slates.ravel()].add(1.0)
        self.model.impressions[...] = self.model.impressions[...] + served
        return clicks, slates


def main():
    cfg = RecConfig()
    model = TwoTower(cfg, nnx.Rngs(0))
    server = SessionServer(model, cfg)
    sessions = jax.random.normal(jax.random.key(1), (6, 4, cfg.user_feats))
    server.serve(sessions)
    server.serve(sessions[::-1])
    return None
