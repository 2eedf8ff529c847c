# label: ok
# flax-error: none
# class: 3 state split before the raw scan and carried; the body merges model and optimizer, calls the nnx.jit step, re-splits
"""The tutorial's @nnx.jit train_step inside jax.lax.scan, on objects merged inside the loop body."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(3, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jax.nn.tanh(self.l1(x)))


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(0), (5, 8, 3))
    ys = jnp.sin(xs.sum(-1, keepdims=True))
    graphdef, state = nnx.split((model, optimizer))

    def epoch(state, batch):
        m, opt = nnx.merge(graphdef, state)
        loss = train_step(m, opt, *batch)
        return nnx.state((m, opt)), loss

    state, losses = jax.lax.scan(epoch, state, (xs, ys))
    nnx.update((model, optimizer), state)
    losses.block_until_ready()
    return None
