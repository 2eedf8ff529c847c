# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an EMA copy of the model is closed over and nnx.update writes into it inside the raw scan body
"""Training carried correctly through jax.lax.scan with nnx.split, but the exponential moving
average of the weights is kept in a second NNX model that the body updates in place."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


def main():
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    ema = nnx.clone(model)
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (8, 16, 3))
    ys = xs.sum(-1, keepdims=True)
    graphdef, state = nnx.split((model, optimizer))
    decay = 0.9

    def step(state, batch):
        x, y = batch
        model, optimizer = nnx.merge(graphdef, state)
        grads = nnx.grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
        optimizer.update(model, grads)
        new_ema = jax.tree.map(
            lambda e, p: decay * e + (1 - decay) * p, nnx.state(ema, nnx.Param), nnx.state(model, nnx.Param)
        )
        nnx.update(ema, new_ema)
        _, state = nnx.split((model, optimizer))
        return state, None

    state, _ = jax.lax.scan(step, state, (xs, ys))
    nnx.update((model, optimizer), state)
    ema.kernel.value.block_until_ready()
    return None
