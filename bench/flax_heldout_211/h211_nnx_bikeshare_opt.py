# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 scheduler.tuner.model and scheduler.tuner.optimizer (an nnx.Optimizer) are differentiated and updated inside the fori_loop body
"""Bicycle-share rebalancing: the nightly scheduler fine-tunes the dock-demand model on the day's trips."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


class DockDemand(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.l2(nnx.relu(self.l1(x))))[..., 0]


class OnlineTuner:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)

    @staticmethod
    def loss(model, x, y):
        return jnp.mean((model(x) - y) ** 2)


class RebalanceScheduler:
    def __init__(self, tuner, steps=5):
        self.tuner = tuner
        self.steps = steps

    def nightly_update(self, trips_x, trips_y):
        def body(i, total):
            loss, grads = nnx.value_and_grad(self.tuner.loss)(self.tuner.model, trips_x, trips_y)
            self.tuner.optimizer.update(self.tuner.model, grads)
            return total + loss

        return lax.fori_loop(0, self.steps, body, 0.0)


def main():
    x = jax.random.normal(jax.random.key(1), (32, 6))
    y = jax.random.uniform(jax.random.key(2), (32,), maxval=4.0)
    scheduler = RebalanceScheduler(OnlineTuner(DockDemand(6, nnx.Rngs(0))))
    total = scheduler.nightly_update(x, y)
    print(float(total))
    return None
