# label: ok
# flax-error: none
# class: 5 the EMA parameters travel in the raw scan carry as a plain State and nnx.update runs after the loop
"""The fix: carry the EMA parameter State next to the training state and write it into the
EMA model once, after the scan."""
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

    def step(carry, batch):
        state, ema_params = carry
        x, y = batch
        model, optimizer = nnx.merge(graphdef, state)
        grads = nnx.grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
        optimizer.update(model, grads)
        ema_params = jax.tree.map(lambda e, p: decay * e + (1 - decay) * p, ema_params, nnx.state(model, nnx.Param))
        _, state = nnx.split((model, optimizer))
        return (state, ema_params), None

    (state, ema_params), _ = jax.lax.scan(step, (state, nnx.state(ema, nnx.Param)), (xs, ys))
    nnx.update((model, optimizer), state)
    nnx.update(ema, ema_params)
    ema.kernel.value.block_until_ready()
    return None
