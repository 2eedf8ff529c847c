# label: ok
# flax-error: none
# class: 4 nested loops: an outer fori_loop over epochs carries the split model/optimizer state, an inner scan over batches merges it and returns the new state
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class Linear2(nnx.Module):
    def __init__(self, rngs):
        self.a = nnx.Linear(3, 8, rngs=rngs)
        self.b = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.b(nnx.relu(self.a(x)))


def main():
    model = Linear2(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    gdef, state = nnx.split((model, optimizer))
    xb = jax.random.normal(jax.random.key(0), (4, 8, 3))
    yb = xb @ jnp.array([[1.0], [-2.0], [0.5]])

    def train_batch(state, batch):
        m, o = nnx.merge(gdef, state)
        x, y = batch
        loss, grads = nnx.value_and_grad(lambda mod: jnp.mean((mod(x) - y) ** 2))(m)
        o.update(m, grads)
        return nnx.state((m, o)), loss

    def epoch(e, state):
        state, _ = lax.scan(train_batch, state, (xb, yb))
        return state

    state = lax.fori_loop(0, 3, epoch, state)
    nnx.update((model, optimizer), state)
    print(optimizer.step.value)
    return None
