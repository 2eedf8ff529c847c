# label: ok
# flax-error: none
# class: 4 trainer.bundle.model and trainer.bundle.optimizer reached through a dataclass; split to graphdef/state, carried through the scan, merged in the body and written back with nnx.update
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
        graphdef, state = nnx.split((self.bundle.model, self.bundle.optimizer))

        def step(state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(ror_loss)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(step, state, (temps, targets))
        nnx.update((self.bundle.model, self.bundle.optimizer), state)
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
