# label: ok
# flax-error: none
# class: 2 the NNX model and nnx.Optimizer are locals of main() passed through the scan carry into train_step
"""Train an NNX MLP with nnx.Optimizer, looping over batches with a raw jax.lax.scan instead of
a Python for loop to avoid dispatch overhead; model and optimizer ride in the carry."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(4, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


def train_step(model, optimizer, batch):
    x, y = batch

    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (10, 16, 4))
    ys = jnp.sin(xs.sum(-1, keepdims=True))

    def body(carry, batch):
        model, optimizer = carry
        return (model, optimizer), train_step(model, optimizer, batch)

    (model, optimizer), losses = jax.lax.scan(body, (model, optimizer), (xs, ys))
    print(losses)
    return None
