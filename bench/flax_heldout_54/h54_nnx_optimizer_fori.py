# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 2 the NNX model and nnx.Optimizer are closed over and updated inside a raw lax.fori_loop body
"""PyTorch-style training loop (`for step in range(n): loss.backward(); opt.step()`) moved into
jax.lax.fori_loop "for speed", with the NNX model and optimizer captured by the body."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def main():
    model = MLP(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    x = jnp.ones((8, 3))
    y = jnp.zeros((8, 1))

    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    def body(i, last_loss):
        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return loss

    loss = jax.lax.fori_loop(0, 10, body, jnp.zeros(()))
    loss.block_until_ready()
    return None
