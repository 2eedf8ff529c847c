# label: ok
# flax-error: none
# class: 4 the FuelTrainer's TrainBundle holds the model and its nnx.Optimizer; both enter the fori_loop as its carry and are stored back in the bundle after it
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
        def body(i, carry):
            model, optimizer, total = carry
            loss, grads = nnx.value_and_grad(mse)(model, features[i], litres[i])
            optimizer.update(model, grads)
            return model, optimizer, total + loss

        init = (self.bundle.model, self.bundle.optimizer, jnp.zeros(()))
        model, optimizer, total = fori_loop(0, features.shape[0], body, init)
        self.bundle = TrainBundle(model, optimizer)
        return total


def main():
    key_x, key_y = jax.random.split(jax.random.key(12))
    features = jax.random.normal(key_x, (4, 8, 5))  # 4 crossings, 8 legs, 5 sea-state features
    litres = jax.random.uniform(key_y, (4, 8)) * 50.0
    model = FuelBurnModel(nnx.Rngs(0))
    bundle = TrainBundle(model, nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param))
    total = FuelTrainer(bundle).fit_day(features, litres)
    float(total)
    return None
