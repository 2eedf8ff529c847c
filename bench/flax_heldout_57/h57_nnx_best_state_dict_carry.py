# label: ok
# flax-error: none
# class: 5 the best loss and best parameter State travel in the raw scan carry, selected with jnp.where
"""The fix: the best loss and the best parameter State are part of the scan carry."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(1, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jnp.tanh(self.l1(x)))


def main():
    model = Net(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    x = jnp.linspace(-1, 1, 32)[:, None]
    y = jnp.sin(3 * x)
    graphdef, state = nnx.split((model, optimizer))

    def epoch(carry, _):
        state, best_loss, best_params = carry
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
        optimizer.update(model, grads)
        better = loss < best_loss
        params = nnx.state(model, nnx.Param)
        best_params = jax.tree.map(lambda n, o: jnp.where(better, n, o), params, best_params)
        best_loss = jnp.where(better, loss, best_loss)
        _, state = nnx.split((model, optimizer))
        return (state, best_loss, best_params), loss

    init = (state, jnp.inf, nnx.state(model, nnx.Param))
    (state, best_loss, best_params), losses = jax.lax.scan(epoch, init, None, length=15)
    nnx.update((model, optimizer), state)
    nnx.update(model, best_params)
    final = jnp.mean((model(x) - y) ** 2)
    final.block_until_ready()
    return None
