# label: trace-context
# flax-error: TraceContextError: Cannot mutate EMAParam from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an EMA module of custom nnx.Variable subclass EMAParam is updated in place by ema.update(model) inside a fori_loop body
"""EMA of model weights stored in a custom nnx.Variable type, updated over a fori_loop of steps."""
import jax
import jax.numpy as jnp
from flax import nnx


class EMAParam(nnx.Variable):
    pass


class EMA(nnx.Module):
    def __init__(self, model: nnx.Module, decay: float = 0.99):
        self.decay = decay
        params = nnx.state(model, nnx.Param)
        self.shadow = nnx.data(jax.tree.map(lambda p: EMAParam(p), params))

    def update(self, model: nnx.Module):
        params = nnx.state(model, nnx.Param)
        jax.tree.map(
            lambda s, p: s.set_value(self.decay * s.get_value() + (1 - self.decay) * p),
            self.shadow, params,
            is_leaf=lambda x: isinstance(x, EMAParam),
        )


def perturb(model, i):
    return jnp.sin(i * 0.1)


def run_ema(model, ema, num_steps):
    def body(i, acc):
        ema.update(model)
        return acc + perturb(model, i)

    return jax.lax.fori_loop(0, num_steps, body, jnp.float32(0.0))


def main():
    model = nnx.Linear(3, 4, rngs=nnx.Rngs(0))
    ema = EMA(model)
    out = run_ema(model, ema, 5)
    jax.block_until_ready(out)
    return None
