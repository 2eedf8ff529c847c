# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 trainer.bundle.model and trainer.bundle.optimizer (nnx.Optimizer) reached through a dataclass held by the trainer, differentiated and updated in the scan body
"""Coffee roast profiling: fit a rate-of-rise model to logged bean temperature curves."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class RateOfRise(nnx.Module):
    def __init__(self, probes: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(probes, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, temps):
        return self.out(nnx.gelu(self.hidden(temps)))[..., 0]


@dataclasses.dataclass
class TrainBundle:
    model: RateOfRise
    optimizer: nnx.Optimizer


def ror_loss(model: RateOfRise, temps, target):
    return jnp.mean((model(temps) - target) ** 2)


class RoastTrainer:
    def __init__(self, bundle: TrainBundle):
        self.bundle = bundle

    def fit(self, temps, targets):
        def step(carry, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(ror_loss)(self.bundle.model, x, y)
            self.bundle.optimizer.update(self.bundle.model, grads)
            return carry, loss

        _, losses = jax.lax.scan(step, None, (temps, targets))
        return losses


def main():
    key = jax.random.key(12)
    temps = jax.random.uniform(key, (6, 8, 3), minval=150.0, maxval=220.0) / 200.0
    targets = jnp.mean(temps, axis=-1) * 0.3
    model = RateOfRise(3, nnx.Rngs(0))
    bundle = TrainBundle(model, nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param))
    losses = RoastTrainer(bundle).fit(temps, targets)
    losses.block_until_ready()
    return None
