# label: ok
# flax-error: none
# class: 3 ClimateTrainer.model and ClimateTrainer.optimizer (an nnx.Optimizer) are nnx.split into the fori_loop carry, merged in the body and written back with nnx.update after the loop
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(step, carry):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(mse)(model, xs[step], ys[step])
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), total + loss

        state, total = fori_loop(0, self.n_steps, body, (state, jnp.zeros(())))
        nnx.update((self.model, self.optimizer), state)
        return total / self.n_steps


def main():
    xs = jax.random.normal(jax.random.key(0), (10, 8, 5))
    ys = jnp.tanh(xs.sum(-1))
    trainer = ClimateTrainer(HumidityModel(5, nnx.Rngs(0)), n_steps=10)
    mean_loss = trainer.fit(xs, ys)
    print("mean loss", float(mean_loss), "step", int(trainer.optimizer.step[...]))
    return None
