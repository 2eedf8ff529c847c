# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a helper function does nnx.update on an outside EMA module from inside a fori_loop body
import jax
import jax.numpy as jnp
from flax import nnx


def ema_update(ema, model, decay=0.99):
    ema_state = nnx.state(ema, nnx.Param)
    new_state = nnx.state(model, nnx.Param)
    mixed = jax.tree.map(lambda a, b: decay * a + (1 - decay) * b, ema_state, new_state)
    nnx.update(ema, mixed)


def main():
    model = nnx.Linear(3, 3, rngs=nnx.Rngs(0))
    ema = nnx.Linear(3, 3, rngs=nnx.Rngs(1))

    def body(i, x):
        ema_update(ema, model)
        return x + 1

    jax.lax.fori_loop(0, 10, body, 0)
    print(ema.kernel.value.sum())
    return None
