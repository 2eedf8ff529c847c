# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 1 model and nnx.Optimizer closed over by a raw fori_loop body that calls nnx.value_and_grad and optimizer.update
"""'nnx.Optimizer inside fori_loop': the NNX MNIST tutorial's train step, looped with
jax.lax.fori_loop to avoid dispatch overhead."""
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

    def train_step(i, total):
        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return total + loss

    total = jax.lax.fori_loop(0, 10, train_step, 0.0)
    print(total)
    return None
