# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 ClimateTrainer.model and ClimateTrainer.optimizer (an nnx.Optimizer) are used by nnx.value_and_grad and optimizer.update inside the fori_loop body
"""Greenhouse climate model: fit vent/heater effects on next-hour humidity.

The trainer owns the model and an nnx.Optimizer with a warm-up/cosine schedule and
runs a fixed number of steps over pre-batched sensor logs.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import fori_loop


class HumidityModel(nnx.Module):
    def __init__(self, n_inputs: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_inputs, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.swish(self.hidden(x)))[:, 0]


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class ClimateTrainer:
    def __init__(self, model: HumidityModel, n_steps: int):
        schedule = optax.warmup_cosine_decay_schedule(0.0, 3e-2, 2, n_steps)
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(schedule), wrt=nnx.Param)
        self.n_steps = n_steps

    def fit(self, xs, ys):
        def body(step, total):
            loss, grads = nnx.value_and_grad(mse)(self.model, xs[step], ys[step])
            self.optimizer.update(self.model, grads)
            return total + loss

        total = fori_loop(0, self.n_steps, body, jnp.zeros(()))
        return total / self.n_steps


def main():
    xs = jax.random.normal(jax.random.key(0), (10, 8, 5))
    ys = jnp.tanh(xs.sum(-1))
    trainer = ClimateTrainer(HumidityModel(5, nnx.Rngs(0)), n_steps=10)
    mean_loss = trainer.fit(xs, ys)
    print("mean loss", float(mean_loss), "step", int(trainer.optimizer.step[...]))
    return None
