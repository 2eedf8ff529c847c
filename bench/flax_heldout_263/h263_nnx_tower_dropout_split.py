# label: ok
# flax-error: none
# class: 4 per-pass dropout keys are split from scorer.rngs outside the scan and scanned as xs into scorer.trainer.model.item_tower
"""Two-tower product recommender: Monte-Carlo dropout over the item tower to estimate score spread."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax


class ItemTower(nnx.Module):
    def __init__(self, dim: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, dim, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)

    def __call__(self, items, rngs=None):
        return self.drop(nnx.relu(self.proj(items)), rngs=rngs)


class TwoTower(nnx.Module):
    def __init__(self, dim: int, *, rngs: nnx.Rngs):
        self.user_tower = nnx.Linear(dim, dim, rngs=rngs)
        self.item_tower = ItemTower(dim, rngs=rngs)

    def __call__(self, users, items):
        return self.user_tower(users) @ self.item_tower(items).T


@dataclasses.dataclass
class TrainerConfig:
    dim: int = 4
    lr: float = 1e-2
    seed: int = 0


class Trainer:
    def __init__(self, config: TrainerConfig):
        self.config = config
        self.model = TwoTower(config.dim, rngs=nnx.Rngs(params=config.seed, dropout=config.seed + 1))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(config.lr), wrt=nnx.Param)


class MCScorer:
    def __init__(self, trainer: Trainer, passes: int = 4, seed: int = 17):
        self.trainer = trainer
        self.passes = passes
        self.rngs = nnx.Rngs(mc=seed)

    def sample_scores(self, user, items):
        user_vec = self.trainer.model.user_tower(user)

        def one_pass(_, key):
            return None, self.trainer.model.item_tower(items, rngs=key) @ user_vec

        keys = jax.random.split(self.rngs.mc(), self.passes)
        _, scores = jax.lax.scan(one_pass, None, keys)
        return scores


def main():
    trainer = Trainer(TrainerConfig())
    user = jnp.array([0.4, -0.1, 0.8, 0.3])
    items = jnp.eye(4)[:3] + 0.5
    return MCScorer(trainer).sample_scores(user, items)
