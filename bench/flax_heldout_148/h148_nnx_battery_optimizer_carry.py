# label: ok
# flax-error: none
# class: 4 SocTrainer.fit scans batches and nnx.split((self.model, self.optimizer)) state is the carry, merged in the body for train_step and written back with nnx.update after the loop
"""Battery state-of-charge estimation: on-device fine-tuning over a window of cycling logs."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


@dataclass(frozen=True)
class SocConfig:
    features: int = 3  # voltage, current, temperature
    hidden: int = 16
    learning_rate: float = 1e-2


class SocEstimator(nnx.Module):
    def __init__(self, cfg: SocConfig, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(cfg.features, cfg.hidden, rngs=rngs)
        self.l2 = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.l2(nnx.gelu(self.l1(x))))[..., 0]


def soc_loss(model: SocEstimator, batch):
    return jnp.mean((model(batch["x"]) - batch["soc"]) ** 2)


def train_step(model: SocEstimator, optimizer: nnx.Optimizer, batch):
    loss, grads = nnx.value_and_grad(soc_loss)(model, batch)
    optimizer.update(model, grads)
    return loss


class SocTrainer:
    def __init__(self, cfg: SocConfig, seed: int = 0):
        self.model = SocEstimator(cfg, rngs=nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(cfg.learning_rate), wrt=nnx.Param)

    def fit(self, batches):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss = train_step(model, optimizer, batch)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, batches)
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    cfg = SocConfig()
    k1, k2 = jax.random.split(jax.random.key(0))
    x = jax.random.normal(k1, (5, 8, cfg.features))
    batches = {"x": x, "soc": jax.nn.sigmoid(x.sum(-1) + 0.1 * jax.random.normal(k2, (5, 8)))}
    losses = SocTrainer(cfg).fit(batches)
    print("loss", losses)
    return None
