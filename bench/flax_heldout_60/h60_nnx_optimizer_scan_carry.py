# label: ok
# flax-error: none
# class: 5 (model, optimizer) split before a raw jax.lax.scan, merged in the body, state carried and updated back
"""A whole epoch as one lax.scan over batches; model and optimizer are split once, merged inside
the body, and their state carried and written back with nnx.update (the maintainers' suggestion)."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    xs, ys = jnp.ones((6, 8, 4)), jnp.zeros((6, 8, 1))
    graphdef, state = nnx.split((model, optimizer))

    def loss_fn(m, x, y):
        return jnp.mean((m(x) - y) ** 2)

    def step(state, batch):
        x, y = batch
        m, opt = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(m, x, y)
        opt.update(m, grads)
        return nnx.state((m, opt)), loss

    state, losses = jax.lax.scan(step, state, (xs, ys))
    nnx.update((model, optimizer), state)
    print(losses)
    return None
