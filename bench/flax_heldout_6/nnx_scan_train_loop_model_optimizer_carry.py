# label: ok
# flax-error: none
# class: 1 an epoch of training written with nnx.scan, model and optimizer as the Carry, batches as the scanned axis
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.a = nnx.Linear(2, 8, rngs=rngs)
        self.b = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.b(nnx.relu(self.a(x)))


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(0), (6, 16, 2))
    ys = xs[..., :1] - 0.5 * xs[..., 1:]

    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=(nnx.Carry, 0))
    def epoch(carry, batch):
        m, opt = carry
        x, y = batch
        loss, grads = nnx.value_and_grad(lambda mm: jnp.mean((mm(x) - y) ** 2))(m)
        opt.update(m, grads)
        return (m, opt), loss

    _, losses = epoch((model, optimizer), (xs, ys))
    losses.block_until_ready()
    return None
