# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 OnlineTrainer.model and OnlineTrainer.optimizer (nnx.Optimizer) are used by nnx.value_and_grad / optimizer.update inside the while_loop body
"""Podcast recommendations: two-tower retrieval model refreshed online until the in-batch softmax loss
drops below a tolerance or the step budget runs out."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    dim: int = 16
    learning_rate: float = 1e-2
    max_steps: int = 8
    tolerance: float = 0.05


class TwoTower(nnx.Module):
    def __init__(self, user_dim: int, item_dim: int, dim: int, rngs: nnx.Rngs):
        self.user_tower = nnx.Linear(user_dim, dim, rngs=rngs)
        self.item_tower = nnx.Linear(item_dim, dim, rngs=rngs)

    def __call__(self, users, items):
        return self.user_tower(users) @ self.item_tower(items).T


def in_batch_softmax(model: TwoTower, users, items):
    logits = model(users, items)
    return optax.softmax_cross_entropy_with_integer_labels(logits, jnp.arange(users.shape[0])).mean()


class CandidateBatcher:
    def __init__(self, users, items, batch: int):
        self.users, self.items, self.batch = users, items, batch

    def slice(self, step):
        start = (step * self.batch) % (self.users.shape[0] - self.batch)
        return (lax.dynamic_slice_in_dim(self.users, start, self.batch),
                lax.dynamic_slice_in_dim(self.items, start, self.batch))


class OnlineTrainer:
    def __init__(self, config: TrainConfig, user_dim: int, item_dim: int):
        self.config = config
        self.model = TwoTower(user_dim, item_dim, config.dim, nnx.Rngs(0))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(config.learning_rate), wrt=nnx.Param)

    def refresh(self, batcher: CandidateBatcher):
        cfg = self.config

        def cond(state):
            step, loss = state
            return (step < cfg.max_steps) & (loss > cfg.tolerance)

        def body(state):
            step, _ = state
            users, items = batcher.slice(step)
            loss, grads = nnx.value_and_grad(in_batch_softmax)(self.model, users, items)
            self.optimizer.update(self.model, grads)
            return step + 1, loss

        return lax.while_loop(cond, body, (0, jnp.float32(jnp.inf)))


def main():
    users = jax.random.normal(jax.random.key(1), (64, 10))
    items = jax.random.normal(jax.random.key(2), (64, 12))
    trainer = OnlineTrainer(TrainConfig(), user_dim=10, item_dim=12)
    trainer.refresh(CandidateBatcher(users, items, batch=16))
    return None
