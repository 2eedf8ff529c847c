# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the FuelTrainer's TrainBundle holds the model and its nnx.Optimizer; the fori_loop body takes nnx.value_and_grad of bundle.model and calls bundle.optimizer.update
"""Ferry crossing fuel model: fits burn rate against sea state on the day's crossings."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import fori_loop


class FuelBurnModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(5, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.hidden(x)))[..., 0]


@dataclasses.dataclass
class TrainBundle:
    model: FuelBurnModel
    optimizer: nnx.Optimizer


def mse(model, features, litres):
    return jnp.mean((model(features) - litres) ** 2)


class FuelTrainer:
    def __init__(self, bundle: TrainBundle):
        self.bundle = bundle

    def fit_day(self, features, litres):
        def body(i, total):
            loss, grads = nnx.value_and_grad(mse)(self.bundle.model, features[i], litres[i])
            self.bundle.optimizer.update(self.bundle.model, grads)
            return total + loss

        return fori_loop(0, features.shape[0], body, jnp.zeros(()))


def main():
    key_x, key_y = jax.random.split(jax.random.key(12))
    features = jax.random.normal(key_x, (4, 8, 5))  # 4 crossings, 8 legs, 5 sea-state features
    litres = jax.random.uniform(key_y, (4, 8)) * 50.0
    model = FuelBurnModel(nnx.Rngs(0))
    bundle = TrainBundle(model, nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param))
    total = FuelTrainer(bundle).fit_day(features, litres)
    float(total)
    return None
