# label: ok
# flax-error: none
# class: 3 an EMA mixin stores shadow weights in an nnx.Variable subclass; the raw fori_loop carries their values and the trainer assigns them after the loop
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


def _is_ema(v):
    return isinstance(v, EMAParam)


class EMAMixin:
    def setup_ema(self, decay=0.9):
        self.decay = decay
        params = nnx.to_pure_dict(nnx.state(self.model, nnx.Param))
        self.shadow = jax.tree.map(EMAParam, params)

    def ema_values(self):
        return jax.tree.map(lambda s: s.get_value(), self.shadow, is_leaf=_is_ema)

    def ema_step(self, values, params):
        return jax.tree.map(lambda s, p: self.decay * s + (1 - self.decay) * p, values, params)

    def ema_assign(self, values):
        jax.tree.map(lambda s, v: s.set_value(v), self.shadow, values, is_leaf=_is_ema)


class LoggingMixin:
    def log(self, **kw):
        self.history = getattr(self, "history", []) + [kw]


class Trainer(EMAMixin, LoggingMixin):
    def __init__(self, model):
        self.model = model
        self.setup_ema()

    def smooth(self, num_updates):
        params = nnx.to_pure_dict(nnx.state(self.model, nnx.Param))

        def body(i, carry):
            values, scale = carry
            values = self.ema_step(values, jax.tree.map(lambda p: p * scale, params))
            return values, scale * 0.5

        values, _ = lax.fori_loop(0, num_updates, body, (self.ema_values(), jnp.ones(())))
        self.ema_assign(values)
        self.log(updates=num_updates)


def main():
    Trainer(Net(nnx.Rngs(0))).smooth(3)
    return None
