# label: ok
# flax-error: none
# class: 3 the EMA module is nnx.split before the fori_loop; the body merges it from the carried state, updates it and returns nnx.state; nnx.update writes it back after the loop
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
    ema_def, ema_state = nnx.split(ema)

    def body(i, carry):
        acc, ema_state = carry
        local_ema = nnx.merge(ema_def, ema_state)
        local_ema.update(model)
        return acc + perturb(model, i), nnx.state(local_ema)

    acc, ema_state = jax.lax.fori_loop(0, num_steps, body, (jnp.float32(0.0), ema_state))
    nnx.update(ema, ema_state)
    return acc


def main():
    model = nnx.Linear(3, 4, rngs=nnx.Rngs(0))
    ema = EMA(model)
    out = run_ema(model, ema, 5)
    jax.block_until_ready(out)
    return None
