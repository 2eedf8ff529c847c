# label: ok
# flax-error: none
# class: 5 NNX training epoch in a raw lax.scan with graphdef/state split outside, merge inside the body
"""Shape from the NNX "functional API" idiom (nnx.split, jax transforms over pure state, nnx.merge
inside), with optax state carried through jax.lax.scan over batches."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


def main():
    model = Regressor(rngs=nnx.Rngs(0))
    graphdef, params = nnx.split(model, nnx.Param)
    tx = optax.adam(1e-2)
    opt_state = tx.init(params)
    xs = jax.random.normal(jax.random.PRNGKey(0), (8, 4, 3))
    ys = xs.sum(-1, keepdims=True)

    def loss_fn(p, x, y):
        m = nnx.merge(graphdef, p)
        return jnp.mean((m(x) - y) ** 2)

    def train_step(carry, batch):
        p, s = carry
        loss, grads = jax.value_and_grad(loss_fn)(p, *batch)
        updates, s = tx.update(grads, s, p)
        return (optax.apply_updates(p, updates), s), loss

    (params, opt_state), losses = jax.lax.scan(train_step, (params, opt_state), (xs, ys))
    nnx.update(model, params)
    jax.block_until_ready(losses)
    return None
