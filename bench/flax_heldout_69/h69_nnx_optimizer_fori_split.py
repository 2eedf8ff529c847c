# label: ok
# flax-error: none
# class: 3 nnx.split of (model, optimizer) before the fori_loop; the body merges, steps and returns nnx.state as carry
"""'nnx.Optimizer inside fori_loop': the answer's version, with the graph split once and the
state carried through jax.lax.fori_loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(8, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    x = jnp.ones((16, 8))
    y = jnp.zeros((16,), jnp.int32)

    def loss_fn(model):
        return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()

    graphdef, state = nnx.split((model, optimizer))

    def train_step(i, carry):
        state, total = carry
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), total + loss

    state, total = jax.lax.fori_loop(0, 10, train_step, (state, 0.0))
    nnx.update((model, optimizer), state)
    print(total, optimizer.step.value)
    return None
