# label: trace-context
# flax-error: TraceContextError: Cannot mutate EMAParam from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an EMA mixin stores shadow weights in an nnx.Variable subclass on the trainer; the raw fori_loop body assigns to those variables
"""Trainer with an EMA mixin: shadow weights are NNX variables of a custom type."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class EMAParam(nnx.Variable):
    pass


class Net(nnx.Module):
    def __init__(self, rngs):
        self.dense = nnx.Linear(4, 4, rngs=rngs)

    def __call__(self, x):
        return self.dense(x)


class EMAMixin:
    def setup_ema(self, decay=0.9):
        self.decay = decay
        params = nnx.to_pure_dict(nnx.state(self.model, nnx.Param))
        self.shadow = jax.tree.map(EMAParam, params)

    def ema_update(self, params):
        jax.tree.map(
            lambda s, p: s.set_value(self.decay * s.get_value() + (1 - self.decay) * p),
            self.shadow, params, is_leaf=lambda v: isinstance(v, EMAParam),
        )


class LoggingMixin:
    def log(self, **kw):
        self.history = getattr(self, "history", []) + [kw]


class Trainer(EMAMixin, LoggingMixin):
    def __init__(self, model):
        self.model = model
        self.setup_ema()

    def smooth(self, num_updates):
        params = nnx.to_pure_dict(nnx.state(self.model, nnx.Param))

        def body(i, scale):
            self.ema_update(jax.tree.map(lambda p: p * scale, params))
            return scale * 0.5

        lax.fori_loop(0, num_updates, body, jnp.ones(()))
        self.log(updates=num_updates)


def main():
    Trainer(Net(nnx.Rngs(0))).smooth(3)
    return None
