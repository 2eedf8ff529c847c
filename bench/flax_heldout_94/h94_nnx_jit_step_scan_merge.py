# label: ok
# flax-error: none
# class: 3 the split (model, optimizer) state is the jax.lax.scan carry; the body merges it before calling the nnx.jit train_step
"""Same multi-step loop; the objects are split outside, merged inside the scan body, passed to
the jitted train_step, and their state is split out again as the next carry."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


class CNNish(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(6, 12, rngs=rngs)
        self.l2 = nnx.Linear(12, 2, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = CNNish(rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(1), (4, 8, 6))
    ys = jax.random.randint(jax.random.PRNGKey(2), (4, 8), 0, 2)
    graphdef, state = nnx.split((model, optimizer))

    def multi_step(state, batch):
        model, optimizer = nnx.merge(graphdef, state)
        loss = train_step(model, optimizer, *batch)
        return nnx.state((model, optimizer)), loss

    state, losses = lax.scan(multi_step, state, (xs, ys))
    nnx.update((model, optimizer), state)
    print(losses)
