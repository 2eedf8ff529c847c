# label: trace-context
# flax-error: TraceContextError: Cannot mutate Variable from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a plain Trainer holds the model; its bound method is the raw fori_loop body and calls the model, which counts its calls in an nnx.Variable
import jax
import jax.numpy as jnp
from flax import nnx

class Policy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(4, 4, rngs=rngs)
        self.steps = nnx.Variable(jnp.array(0))

    def __call__(self, x):
        self.steps[...] = self.steps[...] + 1
        return jnp.tanh(self.linear(x))

class Trainer:
    def __init__(self, model):
        self.model = model

    def _rollout_step(self, i, obs):
        return obs + 0.1 * self.model(obs)

    def rollout(self, obs, n):
        return jax.lax.fori_loop(0, n, self._rollout_step, obs)

trainer = Trainer(Policy(nnx.Rngs(0)))


def main():
    trainer.rollout(jnp.ones((4,)), 3)
