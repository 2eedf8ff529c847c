# label: ok
# flax-error: none
# class: 2 model state is the scan carry; the sown nnx.Intermediate values are popped in the body and returned as ys
"""Collecting NNX activations per training step inside jax.lax.scan, returned as scan outputs."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.l1(x))
        self.sow(nnx.Intermediate, "hidden", h)
        return self.l2(h)


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    graphdef, state = nnx.split((model, optimizer))
    xs = jax.random.normal(jax.random.key(1), (5, 8, 4))

    def train_step(state, x):
        model, optimizer = nnx.merge(graphdef, state)
        loss_fn = lambda m: jnp.mean(m(x) ** 2)
        grads = nnx.grad(loss_fn)(model)
        optimizer.update(model, grads)
        model(x)
        hidden = jax.tree.leaves(nnx.pop(model, nnx.Intermediate))[0]
        return nnx.state((model, optimizer)), hidden

    state, hidden = jax.lax.scan(train_step, state, xs)
    jnp.mean(hidden == 0, axis=(1, 2)).block_until_ready()
    return None
