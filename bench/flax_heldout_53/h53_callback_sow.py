# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a bound model (mutable intermediates) is stored on a runner; an ActivationLogger callback reads what the raw scan body sowed
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
    def on_rollout_end(self, runner):
        pass


class ActivationLogger(Callback):
    def __init__(self):
        self.norms = []

    def on_rollout_end(self, runner):
        acts = runner.bound.variables["intermediates"]
        self.norms.append(jax.tree.map(lambda a: jnp.sqrt(jnp.mean(jnp.square(a[0]))), acts))


class RolloutRunner:
    def __init__(self, model, variables, callbacks):
        self.bound = model.bind(variables, mutable=["intermediates"])
        self.callbacks = callbacks

    def rollout(self, x0, steps):
        def step(x, _):
            return self.bound(x), None

        xT, _ = scan(step, x0, None, length=steps)
        for cb in self.callbacks:
            cb.on_rollout_end(self)
        return xT


def main():
    model = Block()
    x0 = jnp.ones((2, 4))
    variables = model.init(jax.random.key(0), x0)
    runner = RolloutRunner(model, {"params": variables["params"]}, [ActivationLogger()])
    runner.rollout(x0, steps=5)
    return None
