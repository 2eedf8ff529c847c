# label: ok
# flax-error: none
# class: 5 clients are scanned over with the global model's nnx.split state; the body merges it in a jax.value_and_grad loss, takes a local step and returns the update as scan output for the round log
"""FedAvg simulation in NNX: clients start from the global model, take local gradient steps, the server averages deltas."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(6, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


@dataclass
class RoundLog:
    client_deltas: list = field(default_factory=list)
    client_losses: list = field(default_factory=list)


def fed_round(model, client_x, client_y, log: RoundLog, lr=0.05):
    graphdef, params = nnx.split(model, nnx.Param)

    def client(carry, data):
        x, y = data

        def loss_fn(p):
            local = nnx.merge(graphdef, p)
            return jnp.mean((local(x) - y) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(params)
        delta = jax.tree.map(lambda g: -lr * g, grads)
        return carry, (delta, loss)

    _, (deltas, losses) = jax.lax.scan(client, None, (client_x, client_y))
    log.client_deltas.append(deltas)
    log.client_losses.append(losses)
    mean_delta = jax.tree.map(lambda d: d.mean(0), deltas)
    nnx.update(model, jax.tree.map(lambda p, d: p + d, params, mean_delta))


def main():
    model = MLP(nnx.Rngs(0))
    client_x = jax.random.normal(jax.random.key(1), (4, 8, 6))
    client_y = jax.random.normal(jax.random.key(2), (4, 8, 1))
    fed_round(model, client_x, client_y, RoundLog())
    model(client_x[0]).block_until_ready()
