# label: trace-context
# flax-error: TraceContextError: Cannot mutate Impressions from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the scan body of SessionServer.serve() adds the served slate to the model's Impressions variable directly
"""Two-tower retrieval for session-based recommendation. Each session step scores the
catalogue, serves the top-k slate and keeps per-item impression counts for a
popularity-debiasing term used at training time."""
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

    def serve(self, sessions):
        def body(clicks, users):
            _, slate = jax.lax.top_k(self.model.scores(users), self.cfg.slate)
            served = jnp.zeros(self.cfg.n_items).at[slate.ravel()].add(1.0)
            self.model.impressions[...] = self.model.impressions[...] + served
            return clicks + jnp.sum(slate < 10), slate

        return jax.lax.scan(body, jnp.zeros((), jnp.int32), sessions)


def debiased_logits(model: TwoTower, users):
    log_pop = jnp.log1p(model.impressions[...])
    return model.scores(users) - 0.1 * log_pop


def main():
    cfg = RecConfig()
    model = TwoTower(cfg, nnx.Rngs(0))
    sessions = jax.random.normal(jax.random.key(1), (6, 4, cfg.user_feats))
    clicks, slates = SessionServer(model, cfg).serve(sessions)
    logits = debiased_logits(model, sessions[0])
    return None
