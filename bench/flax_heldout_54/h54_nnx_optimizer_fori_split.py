# label: ok
# flax-error: none
# class: 3 (model, optimizer) are split before the raw lax.fori_loop, merged in the body and their state carried
"""The training loop after the maintainer's suggestion: split/merge around the raw fori_loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    x = jnp.ones((8, 3))
    y = jnp.zeros((8, 1))
    graphdef, state = nnx.split((model, optimizer))

    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    def body(i, carry):
        state, _ = carry
        m, opt = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(m)
        opt.update(m, grads)
        return nnx.state((m, opt)), loss

    state, loss = jax.lax.fori_loop(0, 10, body, (state, jnp.zeros(())))
    nnx.update((model, optimizer), state)
    loss.block_until_ready()
    return None
