# label: ok
# flax-error: none
# class: 4 the raw scan body calls model.apply(mutable=["intermediates"]) and returns the sown activations as ys for the ActivationLogger callback
"""Callback system: the runner calls hooks after a rollout; one hook logs sown activations."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class Block(nn.Module):
    width: int = 8

    @nn.compact
    def __call__(self, x):
        h = nn.tanh(nn.Dense(self.width)(x))
        self.sow("intermediates", "hidden", h)
        return nn.Dense(x.shape[-1])(h)


class Callback:
    def on_rollout_end(self, runner, acts):
        pass


class ActivationLogger(Callback):
    def __init__(self):
        self.norms = []

    def on_rollout_end(self, runner, acts):
        self.norms.append(jax.tree.map(lambda a: jnp.sqrt(jnp.mean(jnp.square(a))), acts))


class RolloutRunner:
    def __init__(self, model, variables, callbacks):
        self.model = model
        self.variables = variables
        self.callbacks = callbacks

    def rollout(self, x0, steps):
        def step(x, _):
            y, state = self.model.apply(self.variables, x, mutable=["intermediates"])
            return y, state["intermediates"]

        xT, acts = scan(step, x0, None, length=steps)
        for cb in self.callbacks:
            cb.on_rollout_end(self, acts)
        return xT


def main():
    model = Block()
    x0 = jnp.ones((2, 4))
    variables = model.init(jax.random.key(0), x0)
    runner = RolloutRunner(model, {"params": variables["params"]}, [ActivationLogger()])
    runner.rollout(x0, steps=5)
    return None
