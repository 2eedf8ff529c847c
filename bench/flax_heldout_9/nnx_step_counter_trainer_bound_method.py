# label: trace-context
# flax-error: TraceContextError: Cannot mutate StepCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a Trainer's bound method is the raw fori_loop body and bumps a step-count Variable on the held model
import jax
import jax.numpy as jnp
from flax import nnx


class StepCount(nnx.Variable):
    pass


class Policy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(4, 2, rngs=rngs)
        self.steps = StepCount(jnp.array(0))

    def __call__(self, x):
        self.steps[...] = self.steps[...] + 1
        return jnp.tanh(self.linear(x))


class Trainer:
    def __init__(self, model):
        self.model = model

    def _rollout_step(self, i, obs):
        action = self.model(obs)
        return obs + 0.1 * jnp.concatenate([action, action])

    def rollout(self, obs, n):
        return jax.lax.fori_loop(0, n, self._rollout_step, obs)


def main():
    trainer = Trainer(Policy(nnx.Rngs(0)))
    out = trainer.rollout(jnp.ones((4,)), 5)
    out.block_until_ready()
    return None
