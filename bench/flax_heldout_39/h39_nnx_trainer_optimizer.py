# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 2 the raw scan body calls Trainer._step, which differentiates self.model and updates self.optimizer in place
"""An NNX Trainer that runs a whole epoch of optimizer steps inside one lax.scan."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class TrainerConfig:
    in_dim: int = 5
    hidden: int = 16
    learning_rate: float = 1e-2
    weight_decay: float = 1e-4


class MLP(nnx.Module):
    def __init__(self, cfg: TrainerConfig, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(cfg.in_dim, cfg.hidden, rngs=rngs)
        self.fc2 = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.gelu(self.fc1(x)))[..., 0]


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, cfg: TrainerConfig, seed: int = 0):
        self.cfg = cfg
        self.model = MLP(cfg, rngs=nnx.Rngs(seed))
        tx = optax.adamw(cfg.learning_rate, weight_decay=cfg.weight_decay)
        self.optimizer = nnx.Optimizer(self.model, tx, wrt=nnx.Param)

    def _step(self, x, y):
        loss, grads = nnx.value_and_grad(mse)(self.model, x, y)
        self.optimizer.update(self.model, grads)
        return loss

    def train_epoch(self, xs, ys):
        def body(carry, batch):
            loss = self._step(*batch)
            return carry + loss, loss

        total, losses = jax.lax.scan(body, jnp.zeros(()), (xs, ys))
        return total / xs.shape[0]


def main():
    cfg = TrainerConfig()
    trainer = Trainer(cfg)
    xs = jax.random.normal(jax.random.key(1), (4, 8, cfg.in_dim))
    ys = xs.sum(-1)
    print(float(trainer.train_epoch(xs, ys)))
    return None
