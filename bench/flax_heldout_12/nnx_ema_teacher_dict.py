# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 student and EMA teacher kept in a dict; the raw lax.fori_loop body writes the teacher's Param values in place
import jax
import jax.numpy as jnp
from flax import nnx


class Encoder(nnx.Module):
    def __init__(self, rngs):
        self.proj = nnx.Linear(8, 8, rngs=rngs)

    def __call__(self, x):
        return nnx.gelu(self.proj(x))


def ema_sync(nets, n_updates, decay=0.99):
    def body(i, _):
        student_params = nnx.state(nets["student"], nnx.Param)
        teacher_params = nnx.state(nets["teacher"], nnx.Param)
        new = jax.tree.map(lambda t, s: decay * t + (1 - decay) * s, teacher_params, student_params)
        nnx.update(nets["teacher"], new)
        return _

    jax.lax.fori_loop(0, n_updates, body, 0)


def main():
    nets = {"student": Encoder(nnx.Rngs(0)), "teacher": Encoder(nnx.Rngs(1))}
    ema_sync(nets, 4)
    jax.block_until_ready(nets["teacher"].proj.kernel.value)
    return None
