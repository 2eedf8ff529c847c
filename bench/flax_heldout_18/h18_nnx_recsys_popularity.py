# label: trace-context
# flax-error: TraceContextError: Cannot mutate ItemPopularity from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a custom ItemPopularity Variable of the item tower is incremented by observe(), which the session encoder calls from inside its scan body over clicked items
"""GRU4Rec-style session recommender in NNX with a popularity prior counted from observed clicks."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class ItemPopularity(nnx.Variable):
    pass


@dataclasses.dataclass(frozen=True)
class RecConfig:
    num_items: int = 40
    embed_dim: int = 12
    hidden: int = 16
    prior_weight: float = 0.1


class ItemTower(nnx.Module):
    def __init__(self, cfg, rngs):
        self.embedding = nnx.Embed(cfg.num_items, cfg.embed_dim, rngs=rngs)
        self.counts = ItemPopularity(jnp.zeros((cfg.num_items,)))

    def observe(self, items):
        self.counts[...] = self.counts[...] + jax.nn.one_hot(items, self.counts.shape[0]).sum(0)
        return self.embedding(items)

    def log_prior(self):
        return jnp.log1p(self.counts[...]) - jnp.log1p(self.counts[...].sum())


class SessionEncoder(nnx.Module):
    def __init__(self, cfg, tower, rngs):
        self.tower = tower
        self.cell = nnx.GRUCell(cfg.embed_dim, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, cfg.embed_dim, rngs=rngs)

    def __call__(self, sessions):
        h = jnp.zeros((sessions.shape[0], self.cell.hidden_features))

        def step(h, items):
            h, _ = self.cell(h, self.tower.observe(items))
            return h, None

        h, _ = jax.lax.scan(step, h, sessions.T)
        return self.out(h)


class Recommender(nnx.Module):
    def __init__(self, cfg, rngs):
        self.cfg = cfg
        self.tower = ItemTower(cfg, rngs)
        self.encoder = SessionEncoder(cfg, self.tower, rngs)

    def scores(self, sessions):
        user = self.encoder(sessions)
        return user @ self.tower.embedding.embedding[...].T + self.cfg.prior_weight * self.tower.log_prior()


def recommend(model, sessions, k=5):
    return jax.lax.top_k(model.scores(sessions), k)[1]


def main():
    cfg = RecConfig()
    model = Recommender(cfg, nnx.Rngs(0))
    sessions = jax.random.randint(jax.random.key(1), (4, 6), 0, cfg.num_items)
    top = recommend(model, sessions)
    top.block_until_ready()
    return None
