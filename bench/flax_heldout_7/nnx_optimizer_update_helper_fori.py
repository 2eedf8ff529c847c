# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 8 (32 B)
# class: 3 the raw fori_loop body calls a train_step helper that runs optimizer.update on outside model/optimizer
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Autoencoder(nnx.Module):
    def __init__(self, rngs):
        self.enc = nnx.Linear(8, 3, rngs=rngs)
        self.dec = nnx.Linear(3, 8, rngs=rngs)

    def __call__(self, x):
        return self.dec(nnx.relu(self.enc(x)))


def train_step(model, optimizer, batch):
    def loss_fn(m):
        return jnp.mean((m(batch) - batch) ** 2)
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def main():
    model = Autoencoder(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    data = jax.random.normal(jax.random.PRNGKey(2), (10, 32, 8))

    def epoch_body(i, total):
        return total + train_step(model, optimizer, data[i])

    total = jax.lax.fori_loop(0, data.shape[0], epoch_body, 0.0)
    total.block_until_ready()
    return None
