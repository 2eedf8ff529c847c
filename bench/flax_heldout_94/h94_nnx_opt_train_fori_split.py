# label: ok
# flax-error: none
# class: 3 nnx.split of (model, optimizer) is the jax.lax.fori_loop carry; the body merges, steps and splits again
"""Same training loop after the maintainer's advice: split the model and optimizer into a
graphdef and state, carry the state through fori_loop, merge inside the body and split again
before returning; nnx.update the objects afterwards."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def main():
    model = MLP(4, 3, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 8, 4))
    ys = jax.random.randint(jax.random.PRNGKey(2), (5, 8), 0, 3)
    graphdef, state = nnx.split((model, optimizer))

    def loss_fn(model, x, y):
        return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()

    def body(i, carry):
        state, total = carry
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model, xs[i], ys[i])
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), total + loss

    state, total = jax.lax.fori_loop(0, xs.shape[0], body, (state, 0.0))
    nnx.update((model, optimizer), state)
    print(total)
