# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_train_step() returns an nnx.jit step; a StageScheduler keeps functools.partial(step, model, optimizer) and calls it in the while_loop body
"""Vineyard drip-irrigation controller: staged fine-tuning with a per-stage learning-rate schedule."""
import functools

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import while_loop


class SoilMoistureModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(5, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.elu(self.hidden(x)))[..., 0]


def make_train_step():
    @nnx.jit
    def train_step(model, optimizer, features, target):
        def loss_fn(m):
            return jnp.mean((m(features) - target) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return loss

    return train_step


class StageScheduler:
    def __init__(self, model, stage_rates=(3e-2, 1e-2, 3e-3), steps_per_stage=5):
        boundaries = {steps_per_stage * (i + 1): stage_rates[i + 1] / stage_rates[i]
                      for i in range(len(stage_rates) - 1)}
        schedule = optax.piecewise_constant_schedule(stage_rates[0], boundaries)
        self.optimizer = nnx.Optimizer(model, optax.adam(schedule), wrt=nnx.Param)
        self.step_fn = functools.partial(make_train_step(), model, self.optimizer)
        self.max_steps = steps_per_stage * len(stage_rates)

    def run(self, features, target, tolerance=1e-3):
        def keep_training(state):
            step, loss = state
            return (step < self.max_steps) & (loss > tolerance)

        def train_once(state):
            step, _ = state
            return step + 1, self.step_fn(features, target)

        return while_loop(keep_training, train_once, (0, jnp.asarray(jnp.inf)))


def main():
    features = jax.random.normal(jax.random.key(0), (64, 5))
    target = 0.3 * features[:, 0] - 0.2 * features[:, 3]
    scheduler = StageScheduler(SoilMoistureModel(nnx.Rngs(0)))
    steps, loss = scheduler.run(features, target)
    print("steps", int(steps), "loss", float(loss))
    return None
